# tmpdir.rb: Dir.tmpdir and Dir.mktmpdir, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's tmpdir.rb:
#   Dir.tmpdir: the first of ENV['TMPDIR'], ENV['TMP'], ENV['TEMP'],
#   ENV['USERPROFILE'] and /tmp that is a writable directory, expanded
#   ("." if none is); with $SAFE > 0 the environment is not consulted.
#   Dir.mktmpdir(prefix_suffix = nil, tmpdir = nil) { |dir| ... }: makes a
#   new directory (mode 0700) named PREFIXyyyymmdd-PID-RANDOM[-N]SUFFIX in
#   tmpdir (Dir.tmpdir by default); prefix_suffix is nil ("d", ""), a
#   String (the prefix) or an Array [prefix, suffix], anything else raises
#   ArgumentError "unexpected prefix_suffix: ...".  Without a block it
#   returns the path; with one it yields it, removes the directory and all
#   it holds (FileUtils.remove_entry_secure) when the block ends, however
#   it ends, and returns the block's value.
# Left out: nothing of 1.8.7's API (Windows' system temporary directory
# does not apply).
require 'fileutils'

class Dir
  @@systmpdir = '/tmp'

  def Dir.tmpdir
    candidates = if $SAFE.to_i > 0
                   [@@systmpdir]
                 else
                   [ENV['TMPDIR'], ENV['TMP'], ENV['TEMP'], ENV['USERPROFILE'], @@systmpdir, '/tmp']
                 end
    found = candidates.find { |d| d && File.directory?(d) && File.writable?(d) }
    File.expand_path(found || '.')
  end

  def Dir.mktmpdir(prefix_suffix = nil, tmpdir = nil)
    case prefix_suffix
    when nil    then prefix, suffix = "d", ""
    when String then prefix, suffix = prefix_suffix, ""
    when Array  then prefix, suffix = prefix_suffix[0], prefix_suffix[1]
    else raise ArgumentError, "unexpected prefix_suffix: #{prefix_suffix.inspect}"
    end
    path = mktmpdir_make(tmpdir || Dir.tmpdir, prefix, suffix)
    return path unless block_given?
    begin
      yield path
    ensure
      FileUtils.remove_entry_secure path
    end
  end

  # Tries names until one is free; other errors (a missing tmpdir...)
  # propagate.
  def Dir.mktmpdir_make(tmpdir, prefix, suffix)
    stamp = Time.now.strftime("%Y%m%d")
    n = nil
    begin
      path = "#{tmpdir}/#{prefix}#{stamp}-#{$$}-#{rand(0x100000000).to_s(36)}"
      path << "-#{n}" if n
      path << suffix.to_s
      Dir.mkdir(path, 0700)
    rescue Errno::EEXIST
      n = (n || 0) + 1
      retry
    end
    path
  end
  private_class_method :mktmpdir_make
end
