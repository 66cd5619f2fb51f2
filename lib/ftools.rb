# ftools.rb: file copying and moving as class methods of File, for
# miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's ftools.rb (the
# predecessor of fileutils):
#   File.catname(from, to): to, or to/basename(from) if to is a directory.
#   File.syscopy(from, to): copies the bytes (a new file gets from's
#   mode); true.  File.copy/cp(from, to, verbose = false) prints
#   "from -> to" on $stderr when verbose, then syscopy.
#   File.move/mv(from, to, verbose = false): rename, or (across file
#   systems) copy keeping the times and owner, and unlink; "from -> to".
#   File.compare/cmp(from, to, verbose = false): true if the files hold
#   the same bytes; "from <=> to".
#   File.safe_unlink/rm_f(*files, verbose): unlinks each, ignoring errors;
#   "removing file" for each removed.
#   File.makedirs/mkpath(*dirs, verbose): makes each directory and those
#   above it (mode 0755); "mkdir dir" for each made.
#   File.chmod(mode, *files, verbose): as File.chmod (now File.o_chmod),
#   printing "chmod 0644 files" when the last argument is not a String.
#   File.install(from, to, mode = nil, verbose = false): copies unless to
#   is already the same, then chmods.
#   In 1.8.7's way, the trailing verbose flag is whatever last argument
#   is not a String.
# Left out: nothing of 1.8.7's API (its Windows-only paths do not apply).
class << File
  BUFSIZE = 8 * 1024

  def catname(from, to)
    if directory?(to)
      join(to.sub(%r{/\z}, ''), basename(from))
    else
      to
    end
  end

  def syscopy(from, to)
    to = catname(from, to)
    mode = stat(from).mode
    fresh = !exist?(to)
    open(from, "rb") do |r|
      open(to, "wb") do |w|
        begin
          loop { w.syswrite r.sysread(BUFSIZE) }
        rescue EOFError
        end
      end
    end
    chmod(mode, to) if fresh
    true
  end

  def copy(from, to, verbose = false)
    $stderr.print from, " -> ", catname(from, to), "\n" if verbose
    syscopy from, to
  end
  alias cp copy

  def move(from, to, verbose = false)
    to = catname(from, to)
    $stderr.print from, " -> ", to, "\n" if verbose
    fstat = stat(from)
    begin
      rename from, to
    rescue Errno::EXDEV
      if symlink?(from)
        symlink readlink(from), to
        unlink from
      else
        syscopy from, to
        unlink from
        utime(fstat.atime, fstat.mtime, to)
        begin
          chown(fstat.uid, fstat.gid, to)
        rescue SystemCallError
        end
      end
      true
    end
  end
  alias mv move

  def compare(from, to, verbose = false)
    $stderr.print from, " <=> ", to, "\n" if verbose
    return false if stat(from).size != stat(to).size
    open(from, "rb") do |a|
      open(to, "rb") do |b|
        loop do
          x = a.read(BUFSIZE)
          return b.read(BUFSIZE).nil? if x.nil?
          return false unless b.read(x.size) == x
        end
      end
    end
  end
  alias cmp compare

  # The verbose flag trailing +args+ (removed), or false.
  def ftools_verbose(args)
    args.last.is_a?(String) || args.empty? ? false : args.pop
  end
  private :ftools_verbose

  def safe_unlink(*files)
    verbose = ftools_verbose(files)
    files.each do |file|
      begin
        unlink file
        $stderr.print "removing ", file, "\n" if verbose
      rescue StandardError
      end
    end
  end
  alias rm_f safe_unlink

  def makedirs(*dirs)
    verbose = ftools_verbose(dirs)
    dirs.each do |dir|
      parent = dirname(dir)
      next if parent == dir or directory?(dir)
      makedirs parent unless directory?(parent)
      $stderr.print "mkdir ", dir, "\n" if verbose
      next if basename(dir) == ""
      begin
        Dir.mkdir dir, 0755
      rescue SystemCallError
        raise unless directory?(dir)
      end
    end
  end
  alias mkpath makedirs

  alias o_chmod chmod

  def chmod(mode, *files)
    verbose = ftools_verbose(files)
    $stderr.printf "chmod %04o %s\n", mode, files.join(" ") if verbose
    o_chmod mode, *files
  end

  def install(from, to, mode = nil, verbose = false)
    to = catname(from, to)
    return if exist?(to) and cmp(from, to)
    safe_unlink to if exist?(to)
    cp from, to, verbose
    chmod mode, to, verbose if mode
  end
end
