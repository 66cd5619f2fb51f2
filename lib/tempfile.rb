# tempfile.rb: Tempfile, a temporary file removed when no longer needed,
# for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's tempfile.rb:
#   Tempfile.new(basename, tmpdir = Dir.tmpdir): creates and opens (mode
#   0600, read-write) a new file in tmpdir named
#   BASENAMEyyyymmdd-PID-RANDOM-N, or PREFIX...SUFFIX when basename is an
#   Array [prefix, suffix].  Tempfile.open(...) is new, or with a block
#   yields the Tempfile, closes it when the block ends and returns nil.
#   A Tempfile is a DelegateClass(File): the File methods (write, puts,
#   read, gets, rewind, seek, flush, each_line, stat ...) go to the open
#   file.  path (nil once unlinked), close (close(true) also unlinks),
#   close!, unlink/delete (the file goes; the open handle still works, as
#   on Unix), open (reopens the file "r+", at its start), size/length (the
#   size of the flushed file, 0 once closed).
#   As in 1.8.7, a finalizer (ObjectSpace.define_finalizer) closes a
#   Tempfile's file and removes it once the Tempfile is garbage collected,
#   or when the interpreter exits, after the at_exit handlers (only in the
#   process that made it, not in a forked child); close! and unlink
#   remove the finalizer.
# As in 1.8.7, with $SAFE > 0 a tainted tmpdir is replaced by /tmp.
# Left out: the ".lock" directories 1.8.7 made while choosing a name
# (File::EXCL does that here).
require 'delegate'
require 'tmpdir'

class Tempfile < DelegateClass(File)
  MAX_TRY = 10
  @@cleanlist = []

  def initialize(basename, tmpdir = Dir.tmpdir)
    tmpdir = '/tmp' if $SAFE > 0 && tmpdir.tainted?   # as 1.8.7
    tmpfile = nil
    tmpname = nil
    n = 0
    failure = 0
    begin
      tmpname = File.join(tmpdir, make_tmpname(basename, n))
      n += 1
      tmpfile = File.open(tmpname, File::RDWR | File::CREAT | File::EXCL, 0600)
    rescue Errno::EEXIST
      failure += 1
      retry if failure < MAX_TRY
      raise "cannot generate tempfile `%s'" % tmpname
    end
    @tmpfile = tmpfile
    @tmpname = tmpname
    @@cleanlist << tmpname
    @data = [tmpname, tmpfile, @@cleanlist]
    @clean_proc = Tempfile.callback(@data)
    ObjectSpace.define_finalizer(self, @clean_proc)
    super(tmpfile)
  end

  def make_tmpname(basename, n)
    if basename.is_a?(Array)
      prefix, suffix = basename[0], basename[1]
    else
      prefix, suffix = basename, ''
    end
    stamp = Time.now.strftime("%Y%m%d")
    "#{prefix}#{stamp}-#{$$}-#{rand(0x100000000).to_s(36)}-#{n}#{suffix}"
  end
  private :make_tmpname

  # Reopens the file (closed or not) for reading and writing, at its start.
  def open
    @tmpfile.close if @tmpfile && !@tmpfile.closed?
    @tmpfile = File.open(@tmpname, 'r+')
    @data[1] = @tmpfile if @data
    __setobj__(@tmpfile)
  end

  def _close
    @tmpfile.close if @tmpfile && !@tmpfile.closed?
    @tmpfile = nil
    @data[1] = nil if @data
  end
  protected :_close

  # Closes the file; close(true) removes it too.
  def close(unlink_now = false)
    if unlink_now
      close!
    else
      _close
    end
    nil
  end

  # Closes and removes the file.
  def close!
    _close
    @clean_proc.call
    forget
    @data = @tmpname = nil
  end

  # Removes the file now; an open Tempfile stays usable until closed.
  def unlink
    begin
      File.unlink(@tmpname) if @tmpname && File.exist?(@tmpname)
    rescue Errno::EACCES
      return
    end
    @@cleanlist.delete(@tmpname)
    forget
    @data = @tmpname = nil
  end
  alias delete unlink

  def path
    @tmpname
  end

  def size
    if @tmpfile
      @tmpfile.flush
      @tmpfile.stat.size
    else
      0
    end
  end
  alias length size

  def forget
    ObjectSpace.undefine_finalizer(self)
  end
  private :forget

  class << self
    # The finalizer that closes and removes the file of +data+ ([path,
    # file, cleanlist]); it does nothing in another process (a fork).  It
    # must not refer to the Tempfile, or that would never be garbage.
    def callback(data)
      pid = $$
      lambda do
        if pid == $$
          path, tmpfile, cleanlist = data[0], data[1], data[2]
          $stderr.print "removing ", path, "..." if $DEBUG
          tmpfile.close if tmpfile && !tmpfile.closed?
          File.unlink(path) if path && File.exist?(path)
          cleanlist.delete(path) if cleanlist
          $stderr.print "done\n" if $DEBUG
        end
      end
    end

    # Tempfile.open(basename, tmpdir) { |tempfile| ... }
    def open(*args)
      tempfile = new(*args)
      return tempfile unless block_given?
      begin
        yield tempfile
      ensure
        tempfile.close
      end
      nil
    end
  end
end
