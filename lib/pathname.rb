# pathname.rb: Pathname, a file path as an object, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's pathname.rb:
#   Pathname.new(path) (a String, or anything with to_str; "\0" raises
#   ArgumentError "pathname contains \0: ..."), Kernel#Pathname,
#   Pathname.getwd/pwd, Pathname.glob; to_s and to_str (1.8.7's Pathname
#   has to_str, so File.open(pathname) and "dir/" + pathname work),
#   inspect "#<Pathname:a/b>", ==/===/eql?, <=> (separators sort first),
#   hash, freeze, sub;
#   the path algebra without touching the disk: + and join, parent,
#   cleanpath (and cleanpath(true), which keeps ".." and trailing
#   separators as symbolic links need), relative_path_from (ArgumentError
#   "different prefix: ..." / "base_directory has ..: ..."), root?,
#   absolute?, relative?, each_filename, descend, ascend;
#   with the disk: realpath (resolving every symbolic link; ELOOP for a
#   loop, ENOENT for what does not exist), mountpoint?, children(with_dir
#   = true), entries, each_entry, find (with Find.prune), mkpath, rmtree,
#   unlink/delete (a directory or a file);
#   File's methods on the path: atime, ctime, mtime, chmod, lchmod, chown,
#   lchown, fnmatch/fnmatch?, ftype, make_link, make_symlink, open,
#   readlink, rename, stat, lstat, truncate, utime, basename, dirname,
#   extname, expand_path, split; IO's: each_line, read, readlines,
#   sysopen; Dir's: mkdir, rmdir, opendir; FileTest's: blockdev?,
#   chardev?, executable?, executable_real?, exist?, grpowned?,
#   directory?, file?, pipe?, socket?, owned?, readable?, readable_real?,
#   setuid?, setgid?, size, size?, sticky?, symlink?, writable?,
#   writable_real?, zero?.  Methods that give paths give Pathnames.
# Left out: the methods 1.8.7 already called obsolete (chdir, chroot,
# link, symlink, foreach, foreachline, dir_foreach), and $SAFE tainting.
class Pathname
  # 1.8's name for the conversion File and Dir call (1.9 has to_path).
  TO_PATH = :to_str

  SEPARATOR_PAT = /#{Regexp.quote File::SEPARATOR}/

  def initialize(path)
    path = path.__send__(TO_PATH) if path.respond_to?(TO_PATH)
    @path = path.dup
    if @path.include?("\0")
      raise ArgumentError, "pathname contains \\0: #{@path.inspect}"
    end
  end

  def self.getwd
    new(Dir.getwd)
  end

  def self.pwd
    getwd
  end

  # Pathnames of Dir.glob(*args), yielded one by one with a block.
  def self.glob(*args)
    if block_given?
      Dir.glob(*args) { |f| yield new(f) }
      nil
    else
      Dir.glob(*args).map { |f| new(f) }
    end
  end

  def to_s
    @path.dup
  end

  def to_str
    @path.dup
  end

  def inspect
    "#<#{self.class}:#{@path}>"
  end

  def freeze
    super
    @path.freeze
    self
  end

  def ==(other)
    return false unless Pathname === other
    other.to_s == @path
  end
  alias === ==
  alias eql? ==

  # Compares as strings in which the separator sorts before anything.
  def <=>(other)
    return nil unless Pathname === other
    @path.tr('/', "\0") <=> other.to_s.tr('/', "\0")
  end

  def hash
    @path.hash
  end

  def sub(*args, &block)
    if block
      self.class.new(@path.sub(*args) { |*m| block.call(*m) })
    else
      self.class.new(@path.sub(*args))
    end
  end

  # ------------------------------------------------------------ pieces

  # [what is left, last name] of +path+, or nil when nothing but a root
  # (or nothing) is left.
  def chop_basename(path)
    base = File.basename(path)
    return nil if base =~ /\A#{SEPARATOR_PAT}?\z/
    [path[0, path.rindex(base)], base]
  end
  private :chop_basename

  # [prefix, names]: "/usr/bin" is ["/", ["usr", "bin"]].
  def split_names(path)
    names = []
    while r = chop_basename(path)
      path, base = r
      names.unshift base
    end
    [path, names]
  end
  private :split_names

  def prepend_prefix(prefix, relpath)
    if relpath.empty?
      File.dirname(prefix)
    elsif prefix =~ SEPARATOR_PAT
      prefix = File.dirname(prefix)
      prefix = File.join(prefix, "") if File.basename(prefix + 'a') != 'a'
      prefix + relpath
    else
      prefix + relpath
    end
  end
  private :prepend_prefix

  def has_trailing_separator?(path)
    if r = chop_basename(path)
      pre, basename = r
      pre.length + basename.length < path.length
    else
      false
    end
  end
  private :has_trailing_separator?

  def add_trailing_separator(path)
    if File.basename(path + 'a') == 'a'
      path
    else
      File.join(path, "")
    end
  end
  private :add_trailing_separator

  # "a/b/" is "a/b"; a root stays one separator.
  def del_trailing_separator(path)
    if r = chop_basename(path)
      r[0] + r[1]
    elsif path =~ /\A#{SEPARATOR_PAT}+\z/
      File::SEPARATOR
    else
      path
    end
  end
  private :del_trailing_separator

  # ------------------------------------------------------------ algebra

  # The path without "." and with "name/.." removed; with
  # consider_symlink, ".." and a trailing separator are kept, since
  # "link/.." need not be ".".
  def cleanpath(consider_symlink = false)
    if consider_symlink
      cleanpath_conservative
    else
      cleanpath_aggressive
    end
  end

  def cleanpath_aggressive
    prefix, all = split_names(@path)
    names = []
    all.each do |base|
      case base
      when '.'
      when '..'
        if names.empty? || names.last == '..'
          names << base
        else
          names.pop
        end
      else
        names << base
      end
    end
    names.shift while names.first == '..' if File.basename(prefix) =~ SEPARATOR_PAT
    self.class.new(prepend_prefix(prefix, File.join(*names)))
  end
  private :cleanpath_aggressive

  def cleanpath_conservative
    prefix, all = split_names(@path)
    names = all.reject { |n| n == '.' }
    names.shift while names.first == '..' if File.basename(prefix) =~ SEPARATOR_PAT
    return self.class.new(File.dirname(prefix)) if names.empty?
    names << '.' if names.last != '..' && File.basename(@path) == '.'
    result = prepend_prefix(prefix, File.join(*names))
    if names.last !~ /\A\.\.?\z/ && has_trailing_separator?(@path)
      self.class.new(add_trailing_separator(result))
    else
      self.class.new(result)
    end
  end
  private :cleanpath_conservative

  # True for "/" (and "//"...).
  def root?
    chop_basename(@path).nil? && @path =~ SEPARATOR_PAT ? true : false
  end

  def absolute?
    !relative?
  end

  def relative?
    split_names(@path)[0] == ''
  end

  # Yields each name of the path: "/usr/bin" gives "usr", "bin".
  def each_filename
    split_names(@path)[1].each { |f| yield f }
    nil
  end

  # Yields the path and each of its parents, the path first.
  def ascend
    path = @path
    yield self
    while r = chop_basename(path)
      path, = r
      break if path.empty?
      yield self.class.new(del_trailing_separator(path))
    end
  end

  # Yields the path's ancestors and then the path, the topmost first.
  def descend
    list = []
    ascend { |v| list << v }
    list.reverse_each { |v| yield v }
    nil
  end

  # The path +other+ names when taken from this one: an absolute +other+
  # is itself; "a/b" + "../c" is "a/c".
  def +(other)
    other = Pathname.new(other) unless Pathname === other
    Pathname.new(plus(@path, other.to_s))
  end

  def plus(path1, path2)
    prefix2, names2 = split_names(path2)
    return path2 if prefix2 != ''
    # where each of path2's names starts in it, to keep its separators
    starts = []
    rest = path2
    while r = chop_basename(rest)
      rest, = r
      starts.unshift rest.length
    end
    prefix1 = path1
    loop do
      while names2.first == '.'
        names2.shift
        starts.shift
      end
      r1 = chop_basename(prefix1)
      break unless r1
      prefix1, base1 = r1
      next if base1 == '.'
      if base1 == '..' || names2.empty? || names2.first != '..'
        prefix1 += base1
        break
      end
      # "x" + "..": both go
      names2.shift
      starts.shift
    end
    r1 = chop_basename(prefix1)
    if !r1 && File.basename(prefix1) =~ SEPARATOR_PAT
      # nothing is above the root
      while names2.first == '..'
        names2.shift
        starts.shift
      end
    end
    if names2.empty?
      r1 ? prefix1 : File.dirname(prefix1)
    else
      suffix2 = path2[starts.first..-1]
      r1 ? File.join(prefix1, suffix2) : prefix1 + suffix2
    end
  end
  private :plus

  # self + args[0] + args[1] ..., stopping early at an absolute one.
  def join(*args)
    args.unshift self
    result = args.pop
    result = Pathname.new(result) unless Pathname === result
    return result if result.absolute?
    args.reverse_each do |arg|
      arg = Pathname.new(arg) unless Pathname === arg
      result = arg + result
      return result if result.absolute?
    end
    result
  end

  def parent
    self + '..'
  end

  # The path that leads from +base_directory+ to this one, without
  # looking at the disk.
  def relative_path_from(base_directory)
    base_directory = Pathname.new(base_directory) unless Pathname === base_directory
    dest = cleanpath.to_s
    base = base_directory.cleanpath.to_s
    dest_prefix, dest_names = split_names(dest)
    base_prefix, base_names = split_names(base)
    dest_names.delete('.')
    base_names.delete('.')
    unless dest_prefix == base_prefix
      raise ArgumentError, "different prefix: #{dest_prefix.inspect} and #{base.inspect}"
    end
    while !dest_names.empty? && !base_names.empty? && dest_names.first == base_names.first
      dest_names.shift
      base_names.shift
    end
    if base_names.include?('..')
      raise ArgumentError, "base_directory has ..: #{base.inspect}"
    end
    names = base_names.map { '..' } + dest_names
    names.empty? ? Pathname.new('.') : Pathname.new(File.join(*names))
  end

  # ------------------------------------------------------------ the disk

  # The absolute path with no symbolic links, ".", or "..".
  def realpath
    prefix, names = split_names(@path)
    if prefix == ''
      prefix, cwd_names = split_names(Dir.pwd)
      names = cwd_names + names
    end
    resolved = []
    links = 0
    until names.empty?
      n = names.shift
      next if n == '.'
      if n == '..'
        resolved.pop
        next
      end
      path = prepend_prefix(prefix, File.join(*(resolved + [n])))
      if File.lstat(path).symlink?
        links += 1
        raise Errno::ELOOP, path if links > 40
        link_prefix, link_names = split_names(File.readlink(path))
        if link_prefix != ''
          prefix = link_prefix
          resolved = []
        end
        names = link_names + names
      else
        resolved << n
      end
    end
    self.class.new(prepend_prefix(prefix, File.join(*resolved)))
  end

  # True if the path is where a file system is mounted.
  def mountpoint?
    stat1 = lstat
    stat2 = parent.lstat
    (stat1.dev == stat2.dev && stat1.ino == stat2.ino) || stat1.dev != stat2.dev
  rescue Errno::ENOENT
    false
  end

  # The entries of the directory but . and .., as Pathnames under it (or
  # bare names without with_directory, and for ".").
  def children(with_directory = true)
    with_directory = false if @path == '.'
    result = []
    Dir.foreach(@path) do |e|
      next if e == '.' || e == '..'
      result << (with_directory ? self.class.new(File.join(@path, e)) : self.class.new(e))
    end
    result
  end

  def entries
    Dir.entries(@path).map { |f| self.class.new(f) }
  end

  def each_entry
    Dir.foreach(@path) { |f| yield self.class.new(f) }
  end

  def mkdir(*args)
    Dir.mkdir(@path, *args)
  end

  def rmdir
    Dir.rmdir(@path)
  end

  def opendir(&block)
    Dir.open(@path, &block)
  end

  # Find.find from the path, yielding Pathnames ("." gives names without
  # "./").
  def find
    require 'find'
    if @path == '.'
      Find.find(@path) { |f| yield self.class.new(f.sub(%r{\A\./}, '')) }
    else
      Find.find(@path) { |f| yield self.class.new(f) }
    end
  end

  def mkpath
    require 'fileutils'
    FileUtils.mkpath(@path)
    nil
  end

  def rmtree
    require 'fileutils'
    FileUtils.rm_r(@path)
    nil
  end

  # Removes the directory or the file.
  def unlink
    begin
      Dir.unlink(@path)
    rescue Errno::ENOTDIR
      File.unlink(@path)
    end
  end
  alias delete unlink

  # ------------------------------------------------------------ File and IO

  def atime; File.atime(@path); end
  def ctime; File.ctime(@path); end
  def mtime; File.mtime(@path); end
  def chmod(mode); File.chmod(mode, @path); end
  def lchmod(mode); File.lchmod(mode, @path); end
  def chown(owner, group); File.chown(owner, group, @path); end
  def lchown(owner, group); File.lchown(owner, group, @path); end
  def fnmatch(pattern, *args); File.fnmatch(pattern, @path, *args); end
  def fnmatch?(pattern, *args); File.fnmatch?(pattern, @path, *args); end
  def ftype; File.ftype(@path); end
  def make_link(old); File.link(old, @path); end
  def make_symlink(old); File.symlink(old, @path); end
  def open(*args, &block); File.open(@path, *args, &block); end
  def readlink; self.class.new(File.readlink(@path)); end
  def rename(to); File.rename(@path, to); end
  def stat; File.stat(@path); end
  def lstat; File.lstat(@path); end
  def truncate(length); File.truncate(@path, length); end
  def utime(atime, mtime); File.utime(atime, mtime, @path); end
  def basename(*args); self.class.new(File.basename(@path, *args)); end
  def dirname; self.class.new(File.dirname(@path)); end
  def extname; File.extname(@path); end
  def expand_path(*args); self.class.new(File.expand_path(@path, *args)); end
  def split; File.split(@path).map { |f| self.class.new(f) }; end

  def each_line(*args, &block); IO.foreach(@path, *args, &block); end
  def read(*args); IO.read(@path, *args); end
  def readlines(*args); IO.readlines(@path, *args); end
  def sysopen(*args); IO.sysopen(@path, *args); end

  %w(blockdev? chardev? executable? executable_real? exist? grpowned?
     directory? file? pipe? socket? owned? readable? readable_real?
     setuid? setgid? size size? sticky? symlink? writable? writable_real?
     zero?).each do |name|
    module_eval("def #{name}; FileTest.#{name}(@path); end", __FILE__, __LINE__)
  end
end

module Kernel
  # Pathname.new(path)
  def Pathname(path)
    Pathname.new(path)
  end
  private :Pathname
end
