# fileutils.rb: FileUtils, shell-like file operations, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's fileutils.rb:
#   pwd/getwd, cd/chdir (with a block), uptodate?, mkdir, mkdir_p
#   (mkpath, makedirs), rmdir, ln (link), ln_s (symlink), ln_sf, cp (copy),
#   cp_r, mv (move), rm (remove), rm_f (safe_unlink), rm_r, rm_rf
#   (rmtree), install, chmod, chmod_R, chown, chown_R, touch,
#   compare_file (identical?, cmp), compare_stream, copy_entry, copy_file,
#   copy_stream, remove_entry, remove_entry_secure, remove_file,
#   remove_dir, and the introspection FileUtils.commands, options,
#   options_of, have_option?, collect_method.  All are module functions
#   (FileUtils.cp, or private methods where FileUtils is included).
#   Options as 1.8.7 took them, per method: :verbose (the command line on
#   $stderr, "mkdir -p a/b", "cp -r a b", "rm -rf x" ...), :noop, :force,
#   :preserve, :mode, :mtime, :nocreate, :secure, :dereference_root,
#   :remove_destination; an option a method does not take raises
#   ArgumentError "no such option: foo".  The modules FileUtils::Verbose
#   (:verbose => true), FileUtils::NoWrite (:noop => true) and
#   FileUtils::DryRun (both).  Errors are the Errno exceptions of the
#   system calls, as in 1.8.7; cp/mv/install of a file onto itself raise
#   ArgumentError "same file: a and b".
# Verbose messages go to @fileutils_output of the receiver, $stderr when
# first needed, as in 1.8.7 (so set FileUtils's @fileutils_output to
# catch them; @fileutils_label prefixes each line).
# Left out: devices, sockets and FIFOs are not copied (RuntimeError
# "cannot handle device file" and the like, as 1.8.7 without mknod).
# As in 1.8.7, rmdir takes no :parents option (1.9 added it): it raises
# ArgumentError "no such option: parents".
# Differences: cp_r of a directory into itself raises ArgumentError
# "cannot copy directory a to itself a/b" (1.8.7 recursed until the path
# grew too long).
# chown/chown_R look user and group names up with Etc, as 1.8.7: an
# unknown name raises ArgumentError "can't find user for NAME" / "can't
# find group for NAME".

module FileUtils
  OPT_TABLE = {}

  def self.private_module_function(name)
    module_function name
    private_class_method name
  end

  # The options each command takes, by the names the command has.
  def self.fu_declare(names, opts)
    names.each { |n| OPT_TABLE[n.to_s] = opts }
  end
  private_class_method :fu_declare

  def pwd
    Dir.pwd
  end
  module_function :pwd
  alias getwd pwd
  module_function :getwd

  # cd(dir, options = {}) { |dir| ... }
  def cd(dir, options = {}, &block)
    fu_check_options options, OPT_TABLE['cd']
    fu_output_message "cd #{dir}" if options[:verbose]
    Dir.chdir(dir, &block)
    fu_output_message 'cd -' if options[:verbose] and block
  end
  module_function :cd
  alias chdir cd
  module_function :chdir
  fu_declare %w(cd chdir), [:verbose]

  # True if +new+ exists and is newer than each file of +old_list+ that
  # exists.
  def uptodate?(new, old_list, options = nil)
    raise ArgumentError, 'uptodate? does not accept any option' if options
    return false unless File.exist?(new)
    new_time = File.mtime(new)
    [old_list].flatten.each do |old|
      next unless File.exist?(old)
      return false unless new_time > File.mtime(old)
    end
    true
  end
  module_function :uptodate?

  def mkdir(list, options = {})
    fu_check_options options, OPT_TABLE['mkdir']
    list = fu_list(list)
    fu_output_message "mkdir #{fu_mode_flag(options)}#{list.join ' '}" if options[:verbose]
    return if options[:noop]
    list.each { |dir| fu_mkdir dir, options[:mode] }
  end
  module_function :mkdir
  fu_declare %w(mkdir), [:mode, :noop, :verbose]

  # Makes each directory and the missing directories above it; returns
  # the list.
  def mkdir_p(list, options = {})
    fu_check_options options, OPT_TABLE['mkdir_p']
    list = fu_list(list)
    fu_output_message "mkdir -p #{fu_mode_flag(options)}#{list.join ' '}" if options[:verbose]
    return *list if options[:noop]
    list.each do |path|
      path = path.sub(%r{/+\z}, '')
      path = '/' if path.empty?
      next if File.directory?(path)
      missing = []
      dir = path
      until File.directory?(dir) || missing.last == dir
        missing.push dir
        dir = File.dirname(dir)
      end
      missing.reverse_each do |d|
        begin
          fu_mkdir d, options[:mode]
        rescue SystemCallError
          raise unless File.directory?(d)
        end
      end
    end
    return *list
  end
  module_function :mkdir_p
  alias mkpath mkdir_p
  alias makedirs mkdir_p
  module_function :mkpath, :makedirs
  fu_declare %w(mkdir_p mkpath makedirs), [:mode, :noop, :verbose]

  def fu_mode_flag(options)
    options[:mode] ? ('-m %03o ' % options[:mode]) : ''
  end
  private_module_function :fu_mode_flag

  def fu_mkdir(path, mode)
    path = path.sub(%r{(.)/+\z}, '\1')
    if mode
      Dir.mkdir path, mode
      File.chmod mode, path     # the umask does not apply to an explicit mode
    else
      Dir.mkdir path
    end
  end
  private_module_function :fu_mkdir

  def rmdir(list, options = {})
    fu_check_options options, OPT_TABLE['rmdir']
    list = fu_list(list)
    fu_output_message "rmdir #{list.join ' '}" if options[:verbose]
    return if options[:noop]
    list.each { |dir| Dir.rmdir dir.sub(%r{(.)/+\z}, '\1') }
  end
  module_function :rmdir
  fu_declare %w(rmdir), [:noop, :verbose]

  # ln(src, dest) or ln(list, destdir): hard links.
  def ln(src, dest, options = {})
    fu_check_options options, OPT_TABLE['ln']
    fu_output_message "ln#{options[:force] ? ' -f' : ''} #{[src, dest].flatten.join ' '}" if options[:verbose]
    return if options[:noop]
    fu_each_src_dest0(src, dest) do |s, d|
      remove_file d, true if options[:force]
      File.link s, d
    end
  end
  module_function :ln
  alias link ln
  module_function :link
  fu_declare %w(ln link), [:force, :noop, :verbose]

  # ln_s(src, dest) or ln_s(list, destdir): symbolic links.
  def ln_s(src, dest, options = {})
    fu_check_options options, OPT_TABLE['ln_s']
    fu_output_message "ln -s#{options[:force] ? 'f' : ''} #{[src, dest].flatten.join ' '}" if options[:verbose]
    return if options[:noop]
    fu_each_src_dest0(src, dest) do |s, d|
      remove_file d, true if options[:force]
      File.symlink s, d
    end
  end
  module_function :ln_s
  alias symlink ln_s
  module_function :symlink
  fu_declare %w(ln_s symlink), [:force, :noop, :verbose]

  def ln_sf(src, dest, options = {})
    fu_check_options options, OPT_TABLE['ln_sf']
    options = options.dup
    options[:force] = true
    ln_s src, dest, options
  end
  module_function :ln_sf
  fu_declare %w(ln_sf), [:noop, :verbose]

  # cp(src, dest) or cp(list, destdir).
  def cp(src, dest, options = {})
    fu_check_options options, OPT_TABLE['cp']
    fu_output_message "cp#{options[:preserve] ? ' -p' : ''} #{[src, dest].flatten.join ' '}" if options[:verbose]
    return if options[:noop]
    fu_each_src_dest(src, dest) do |s, d|
      copy_file s, d, options[:preserve]
    end
  end
  module_function :cp
  alias copy cp
  module_function :copy
  fu_declare %w(cp copy), [:preserve, :noop, :verbose]

  # cp_r(src, dest) or cp_r(list, destdir): copies directories with what
  # they hold.
  def cp_r(src, dest, options = {})
    fu_check_options options, OPT_TABLE['cp_r']
    fu_output_message "cp -r#{options[:preserve] ? 'p' : ''}#{options[:remove_destination] ? ' --remove-destination' : ''} #{[src, dest].flatten.join ' '}" if options[:verbose]
    return if options[:noop]
    deref = options.key?(:dereference_root) ? options[:dereference_root] : true
    fu_each_src_dest(src, dest) do |s, d|
      copy_entry s, d, options[:preserve], deref, options[:remove_destination]
    end
  end
  module_function :cp_r
  fu_declare %w(cp_r), [:preserve, :noop, :verbose, :dereference_root, :remove_destination]

  # Copies +src+ to +dest+: a file, a symbolic link, or a directory with
  # all it holds.
  def copy_entry(src, dest, preserve = false, dereference_root = false, remove_destination = false)
    src = src.to_str
    dest = dest.to_str
    st = fu_entry_stat(src, dereference_root)
    if st.directory?
      fu_check_not_inside(src, dest)
    end
    fu_copy_tree(src, dest, st, preserve, remove_destination)
  end
  module_function :copy_entry

  def fu_entry_stat(path, dereference)
    dereference ? File.stat(path) : File.lstat(path)
  end
  private_module_function :fu_entry_stat

  def fu_check_not_inside(src, dest)
    s = File.expand_path(src)
    d = File.expand_path(dest)
    s = s.sub(%r{/\z}, '')
    if d == s || d[0, s.length + 1] == s + '/'
      raise ArgumentError, "cannot copy directory #{src} to itself #{dest}"
    end
  end
  private_module_function :fu_check_not_inside

  # Preorder copy: the directory first, then what it holds; a directory's
  # metadata is set after its contents so that a read-only mode or an old
  # mtime survives.
  def fu_copy_tree(src, dest, st, preserve, remove_destination)
    if remove_destination && File.file?(dest)
      File.unlink dest
    end
    if st.directory?
      begin
        Dir.mkdir dest
      rescue SystemCallError
        raise unless File.directory?(dest)
      end
      fu_entries(src).each do |name|
        s = File.join(src, name)
        fu_copy_tree(s, File.join(dest, name), File.lstat(s), preserve, remove_destination)
      end
    elsif st.symlink?
      File.symlink File.readlink(src), dest
    elsif st.file?
      fu_copy_file_data(src, dest)
    else
      fu_cannot_copy(st, src)
    end
    fu_copy_metadata(st, dest) if preserve
  end
  private_module_function :fu_copy_tree

  def fu_cannot_copy(st, path)
    case st.ftype
    when 'characterSpecial', 'blockSpecial' then raise 'cannot handle device file'
    when 'socket' then raise 'cannot handle socket'
    when 'fifo' then raise 'cannot handle FIFO'
    else raise "unknown file type: #{path}"
    end
  end
  private_module_function :fu_cannot_copy

  # The names in a directory, without . and ..
  def fu_entries(dir)
    Dir.entries(dir) - ['.', '..']
  end
  private_module_function :fu_entries

  def fu_copy_metadata(st, dest)
    return if st.symlink?        # no lutimes: a link keeps its own times
    File.utime st.atime, st.mtime, dest
    begin
      File.chown st.uid, st.gid, dest
    rescue Errno::EPERM
      # not root: keep at least the group, if we are in it
      begin
        File.chown nil, st.gid, dest
      rescue Errno::EPERM
      end
      File.chmod st.mode & 01777, dest
    else
      File.chmod st.mode & 07777, dest
    end
  end
  private_module_function :fu_copy_metadata

  def copy_file(src, dest, preserve = false, dereference = true)
    src = src.to_str
    st = fu_entry_stat(src, dereference)
    if st.symlink?
      File.symlink File.readlink(src), dest
    else
      fu_copy_file_data(src, dest)
    end
    fu_copy_metadata(st, dest) if preserve
  end
  module_function :copy_file

  def fu_copy_file_data(src, dest)
    File.open(src, 'rb') do |r|
      mode = r.stat.mode & 07777
      File.open(dest, File::WRONLY | File::CREAT | File::TRUNC, mode) do |w|
        w.binmode if w.respond_to?(:binmode)
        copy_stream r, w
      end
    end
  end
  private_module_function :fu_copy_file_data

  FU_BLOCK_SIZE = 16 * 1024

  # Copies what +src+ reads (to its end) to +dest+.
  def copy_stream(src, dest)
    buf = nil
    while buf = fu_read_block(src)
      dest.write buf
    end
  end
  module_function :copy_stream

  def fu_read_block(io)
    if io.respond_to?(:sysread) && !io.respond_to?(:string)
      begin
        io.sysread(FU_BLOCK_SIZE)
      rescue EOFError
        nil
      end
    else
      s = io.read(FU_BLOCK_SIZE)
      s.nil? || s.empty? ? nil : s
    end
  end
  private_module_function :fu_read_block

  # mv(src, dest) or mv(list, destdir); moves across file systems by
  # copying and removing.
  def mv(src, dest, options = {})
    fu_check_options options, OPT_TABLE['mv']
    fu_output_message "mv#{options[:force] ? ' -f' : ''} #{[src, dest].flatten.join ' '}" if options[:verbose]
    return if options[:noop]
    fu_each_src_dest(src, dest) do |s, d|
      begin
        if File.directory?(d) && !File.symlink?(d)
          raise Errno::EEXIST, dest
        end
        begin
          File.rename s, d
        rescue Errno::EXDEV
          copy_entry s, d, true
          if options[:secure]
            remove_entry_secure s, options[:force]
          else
            remove_entry s, options[:force]
          end
        end
      rescue SystemCallError
        raise unless options[:force]
      end
    end
  end
  module_function :mv
  alias move mv
  module_function :move
  fu_declare %w(mv move), [:force, :noop, :verbose, :secure]

  # rm(list): removes files (not directories).
  def rm(list, options = {})
    fu_check_options options, OPT_TABLE['rm']
    list = fu_list(list)
    fu_output_message "rm#{options[:force] ? ' -f' : ''} #{list.join ' '}" if options[:verbose]
    return if options[:noop]
    list.each { |path| remove_file path, options[:force] }
  end
  module_function :rm
  alias remove rm
  module_function :remove
  fu_declare %w(rm remove), [:force, :noop, :verbose]

  def rm_f(list, options = {})
    fu_check_options options, OPT_TABLE['rm_f']
    options = options.dup
    options[:force] = true
    rm list, options
  end
  module_function :rm_f
  alias safe_unlink rm_f
  module_function :safe_unlink
  fu_declare %w(rm_f safe_unlink), [:noop, :verbose]

  # rm_r(list): removes files and directories with all they hold.
  def rm_r(list, options = {})
    fu_check_options options, OPT_TABLE['rm_r']
    list = fu_list(list)
    fu_output_message "rm -r#{options[:force] ? 'f' : ''} #{list.join ' '}" if options[:verbose]
    return if options[:noop]
    list.each do |path|
      if options[:secure]
        remove_entry_secure path, options[:force]
      else
        remove_entry path, options[:force]
      end
    end
  end
  module_function :rm_r
  fu_declare %w(rm_r), [:force, :noop, :verbose, :secure]

  def rm_rf(list, options = {})
    fu_check_options options, OPT_TABLE['rm_rf']
    options = options.dup
    options[:force] = true
    rm_r list, options
  end
  module_function :rm_rf
  alias rmtree rm_rf
  module_function :rmtree
  fu_declare %w(rm_rf rmtree), [:noop, :verbose, :secure]

  # Removes a file, a symbolic link or a directory tree; with +force+,
  # errors (StandardError) are ignored.
  def remove_entry(path, force = false)
    fu_remove_tree(path.to_str, force)
  rescue StandardError
    raise unless force
  end
  module_function :remove_entry

  def fu_remove_tree(path, force)
    st = File.lstat(path)
    if st.directory?
      fu_entries(path).each do |name|
        begin
          fu_remove_tree(File.join(path, name), force)
        rescue StandardError
          raise unless force
        end
      end
      Dir.rmdir path
    else
      File.unlink path
    end
  end
  private_module_function :fu_remove_tree

  def remove_file(path, force = false)
    File.unlink path.to_str
  rescue StandardError
    raise unless force
  end
  module_function :remove_file

  def remove_dir(path, force = false)
    remove_entry path, force
  end
  module_function :remove_dir

  # remove_entry, safe against a symbolic link swapped in while the tree
  # is removed: refuses (ArgumentError) when the parent directory is world
  # writable without the sticky bit, and makes each directory the caller's
  # own and mode 0700 before removing it.
  def remove_entry_secure(path, force = false)
    path = path.to_str
    full = File.expand_path(path)
    st = File.lstat(full)
    unless st.directory?
      File.unlink full
      return
    end
    parent = File.stat(File.dirname(full))
    if parent.mode & 0002 != 0
      unless parent.sticky?
        raise ArgumentError, "parent directory is world writable, FileUtils#remove_entry_secure does not work; abort: #{path.inspect} (parent directory mode #{'%o' % parent.mode})"
      end
      fu_secure_tree(full, st)
    end
    remove_entry path, force
  rescue StandardError
    raise unless force
  end
  module_function :remove_entry_secure

  def fu_secure_tree(dir, st)
    now = File.lstat(dir)
    return unless now.directory? && now.dev == st.dev && now.ino == st.ino
    begin
      File.chown Process.euid, nil, dir
    rescue Errno::EPERM
    end
    File.chmod 0700, dir
    fu_entries(dir).each do |name|
      p = File.join(dir, name)
      s = File.lstat(p)
      fu_secure_tree(p, s) if s.directory?
    end
  end
  private_module_function :fu_secure_tree

  # True if files +a+ and +b+ hold the same bytes.
  def compare_file(a, b)
    return false unless File.size(a) == File.size(b)
    File.open(a, 'rb') do |fa|
      File.open(b, 'rb') do |fb|
        return compare_stream(fa, fb)
      end
    end
  end
  module_function :compare_file
  alias identical? compare_file
  alias cmp compare_file
  module_function :identical?, :cmp

  # True if streams +a+ and +b+ read the same bytes to their ends.
  def compare_stream(a, b)
    loop do
      sa = a.read(FU_BLOCK_SIZE)
      sb = b.read(FU_BLOCK_SIZE)
      sa = nil if sa == ''
      sb = nil if sb == ''
      return true if sa.nil? && sb.nil?
      return false if sa.nil? || sb.nil?
      # reads of the same size may still return different amounts
      until sa.length == sb.length
        if sa.length < sb.length
          more = a.read(sb.length - sa.length)
          return false if more.nil? || more.empty?
          sa << more
        else
          more = b.read(sa.length - sb.length)
          return false if more.nil? || more.empty?
          sb << more
        end
      end
      return false unless sa == sb
    end
  end
  module_function :compare_stream

  # install(src, dest, options) or install(list, destdir, options):
  # copies unless the destination already holds the same bytes.
  def install(src, dest, options = {})
    fu_check_options options, OPT_TABLE['install']
    fu_output_message "install -c#{options[:preserve] && ' -p'}#{options[:mode] ? (' -m 0%o' % options[:mode]) : ''} #{[src, dest].flatten.join ' '}" if options[:verbose]
    return if options[:noop]
    fu_each_src_dest(src, dest) do |s, d|
      next if File.exist?(d) && compare_file(s, d)
      remove_file d, true
      st = File.stat(s) if options[:preserve]
      copy_file s, d
      File.utime st.atime, st.mtime, d if options[:preserve]
      File.chmod options[:mode], d if options[:mode]
    end
  end
  module_function :install
  fu_declare %w(install), [:mode, :preserve, :noop, :verbose]

  # chmod(mode, list): mode is an Integer, as in 1.8.7.
  def chmod(mode, list, options = {})
    fu_check_options options, OPT_TABLE['chmod']
    list = fu_list(list)
    fu_output_message sprintf('chmod %o %s', mode, list.join(' ')) if options[:verbose]
    return if options[:noop]
    list.each { |path| File.chmod mode, path }
  end
  module_function :chmod
  fu_declare %w(chmod), [:noop, :verbose]

  def chmod_R(mode, list, options = {})
    fu_check_options options, OPT_TABLE['chmod_R']
    list = fu_list(list)
    fu_output_message sprintf('chmod -R%s %o %s', (options[:force] ? 'f' : ''), mode, list.join(' ')) if options[:verbose]
    return if options[:noop]
    list.each do |root|
      fu_preorder(root) do |path, st|
        begin
          File.chmod mode, path unless st && st.symlink?
        rescue StandardError
          raise unless options[:force]
        end
      end
    end
  end
  module_function :chmod_R
  fu_declare %w(chmod_R), [:noop, :verbose, :force]

  # chown(user, group, list): user and group are names or ids, or nil to
  # leave them.
  def chown(user, group, list, options = {})
    fu_check_options options, OPT_TABLE['chown']
    list = fu_list(list)
    fu_output_message sprintf('chown %s%s', [user, group].compact.join(':') + ' ', list.join(' ')) if options[:verbose]
    return if options[:noop]
    uid = fu_get_uid(user)
    gid = fu_get_gid(group)
    list.each { |path| File.chown uid, gid, path }
  end
  module_function :chown
  fu_declare %w(chown), [:noop, :verbose]

  def chown_R(user, group, list, options = {})
    fu_check_options options, OPT_TABLE['chown_R']
    list = fu_list(list)
    fu_output_message sprintf('chown -R%s %s%s', (options[:force] ? 'f' : ''), [user, group].compact.join(':') + ' ', list.join(' ')) if options[:verbose]
    return if options[:noop]
    uid = fu_get_uid(user)
    gid = fu_get_gid(group)
    return unless uid or gid
    list.each do |root|
      fu_preorder(root) do |path, st|
        begin
          if st && st.symlink?
            File.lchown uid, gid, path
          else
            File.chown uid, gid, path
          end
        rescue StandardError
          raise unless options[:force]
        end
      end
    end
  end
  module_function :chown_R
  fu_declare %w(chown_R), [:noop, :verbose, :force]

  # Yields each path under +root+ (itself first) with its lstat.
  # A missing root is yielded with a nil stat, for the command to fail on
  # (or ignore, with :force).
  def fu_preorder(root, &block)
    st = begin
           File.lstat(root)
         rescue SystemCallError
           nil
         end
    yield root, st
    if st && st.directory?
      fu_entries(root).each { |name| fu_preorder(File.join(root, name), &block) }
    end
  end
  private_module_function :fu_preorder

  # Names are looked up with Etc, as in 1.8.7 (so NSS users and groups
  # count); its ArgumentError says "can't find user for NAME".
  def fu_get_uid(user)
    return nil unless user
    user = user.to_s
    return user.to_i if /\A\d+\z/ =~ user
    require 'etc'
    Etc.getpwnam(user).uid
  end
  private_module_function :fu_get_uid

  def fu_get_gid(group)
    return nil unless group
    group = group.to_s
    return group.to_i if /\A\d+\z/ =~ group
    require 'etc'
    Etc.getgrnam(group).gid
  end
  private_module_function :fu_get_gid

  # touch(list, options): updates the times (to now, or options[:mtime]),
  # making empty files unless :nocreate.
  def touch(list, options = {})
    fu_check_options options, OPT_TABLE['touch']
    list = fu_list(list)
    nocreate = options[:nocreate]
    t = options[:mtime]
    if options[:verbose]
      fu_output_message "touch #{nocreate ? ' -c' : ''}#{t ? t.strftime(' -t %Y%m%d%H%M.%S') : ''}#{list.join ' '}"
    end
    return if options[:noop]
    list.each do |path|
      begin
        File.utime(t, t, path)
      rescue SystemCallError
        raise if nocreate
        File.open(path, 'a') {}
        File.utime(t, t, path) if t
      end
    end
  end
  module_function :touch
  fu_declare %w(touch), [:noop, :verbose, :mtime, :nocreate]

  def fu_check_options(options, optdecl)
    unknown = options.keys - optdecl
    raise ArgumentError, "no such option: #{unknown.join(' ')}" unless unknown.empty?
  end
  private_module_function :fu_check_options

  def fu_list(arg)
    [arg].flatten.map { |path| path.to_str }
  end
  private_module_function :fu_list

  def fu_each_src_dest(src, dest)
    fu_each_src_dest0(src, dest) do |s, d|
      raise ArgumentError, "same file: #{s} and #{d}" if fu_same?(s, d)
      yield s, d
    end
  end
  private_module_function :fu_each_src_dest

  # A list goes into the directory +dest+; one source goes into +dest+ if
  # it is a directory, or becomes +dest+.
  def fu_each_src_dest0(src, dest)
    if src.is_a?(Array)
      src.each do |s|
        s = s.to_str
        yield s, File.join(dest, File.basename(s))
      end
    else
      src = src.to_str
      if File.directory?(dest)
        yield src, File.join(dest, File.basename(src))
      else
        yield src, dest.to_str
      end
    end
  end
  private_module_function :fu_each_src_dest0

  def fu_same?(a, b)
    sa = File.stat(a)
    sb = File.stat(b)
    sa.dev == sb.dev && sa.ino == sb.ino
  rescue Errno::ENOENT
    false
  end
  private_module_function :fu_same?

  def fu_output_message(msg)
    @fileutils_output ||= $stderr
    @fileutils_label ||= ''
    @fileutils_output.puts @fileutils_label + msg
  end
  private_module_function :fu_output_message

  # The names of the commands that take options.
  def self.commands
    OPT_TABLE.keys
  end

  # The names of all options.
  def self.options
    OPT_TABLE.values.flatten.uniq.map { |sym| sym.to_s }
  end

  # True if command +mid+ takes option +opt+ (a Symbol).
  def self.have_option?(mid, opt)
    li = OPT_TABLE[mid.to_s] or raise ArgumentError, "no such method: #{mid}"
    li.include?(opt)
  end

  # The names of the options command +mid+ takes.
  def self.options_of(mid)
    OPT_TABLE[mid.to_s].map { |sym| sym.to_s }
  end

  # The names of the commands that take option +opt+.
  def self.collect_method(opt)
    OPT_TABLE.keys.select { |m| OPT_TABLE[m].include?(opt) }
  end

  METHODS = singleton_methods.map { |m| m.to_s } -
    %w(private_module_function commands options have_option? options_of collect_method)

  def fu_update_option(args, new)
    if args.last.is_a?(Hash)
      args[-1] = args.last.dup.update(new)
    else
      args.push new
    end
    args
  end
  private_module_function :fu_update_option

  # Makes a module of FileUtils whose commands taking option +opt+ get
  # +forced+ options.
  def self.fu_variant(mod, opts, forced)
    mod.module_eval { include FileUtils }
    names = OPT_TABLE.keys.select { |m| opts.all? { |o| OPT_TABLE[m].include?(o) } }
    names.each do |name|
      mod.module_eval(<<-EOS, __FILE__, __LINE__ + 1)
        def #{name}(*args, &block)
          super(*fu_update_option(args, #{forced.inspect}), &block)
        end
        private :#{name}
      EOS
    end
    mod.module_eval { extend self }
    sing = class << mod; self; end
    METHODS.each { |m| sing.__send__(:public, m) }
  end
  private_class_method :fu_variant

  # FileUtils whose commands print what they do.
  module Verbose
    @fileutils_output = $stderr
    @fileutils_label = ''
  end
  fu_variant Verbose, [:verbose], :verbose => true

  # FileUtils whose commands change nothing.
  module NoWrite
    @fileutils_output = $stderr
    @fileutils_label = ''
  end
  fu_variant NoWrite, [:noop], :noop => true

  # FileUtils whose commands print what they would do and change nothing.
  module DryRun
    @fileutils_output = $stderr
    @fileutils_label = ''
  end
  fu_variant DryRun, [:noop, :verbose], :noop => true, :verbose => true
end
