# tempfile.rb: lib/tempfile.rb (Tempfile).
require 'assert'
require 'tempfile'

BASE = File.join(ENV['TMPDIR'] || '/tmp', "mr-tempfile-#{$$}")
MAIN = $$
Dir.mkdir BASE
at_exit { system("rm", "-rf", BASE) if $$ == MAIN }

def entries
  Dir.entries(BASE) - [".", ".."]
end

test "new: name, mode, location" do
  t = Tempfile.new("foo", BASE)
  assert_equal BASE, File.dirname(t.path)
  assert_match(/\Afoo\d{8}-#{$$}-[0-9a-z]+-0\z/, File.basename(t.path))
  assert_true File.file?(t.path)
  assert_equal 0600, File.stat(t.path).mode & 0777
  assert_equal 0, t.size
  t2 = Tempfile.new(["pre", ".txt"], BASE)
  assert_match(/\Apre\d{8}-#{$$}-[0-9a-z]+-0\.txt\z/, File.basename(t2.path))
  assert_not_equal t.path, t2.path
  t3 = Tempfile.new(["only"], BASE)
  assert_match(/\Aonly\d{8}-#{$$}-[0-9a-z]+-0\z/, File.basename(t3.path))
  old = ENV['TMPDIR']
  ENV['TMPDIR'] = BASE
  begin
    t4 = Tempfile.new("env")
    assert_equal BASE, File.dirname(t4.path)
  ensure
    ENV['TMPDIR'] = old
  end
  [t, t2, t3, t4].each { |x| x.close! }
  assert_equal [], entries
end

test "new: bad input" do
  assert_raise(ArgumentError) { Tempfile.new }
  e = assert_raise(Errno::ENOENT) { Tempfile.new("x", File.join(BASE, "missing")) }
  assert_match(/\ANo such file or directory - #{Regexp.escape(BASE)}\/missing\/x\d{8}-/, e.message)
end

test "with $SAFE > 0 a tainted tmpdir is replaced by /tmp, as 1.8.7" do
  tainted = BASE.dup.taint
  t = proc { $SAFE = 1; Tempfile.new("safe", tainted) }.call
  assert_equal "/tmp", File.dirname(t.path)
  assert_true File.exist?(t.path)
  t.close(true)
  t = proc { $SAFE = 1; Tempfile.new("safe", BASE.dup) }.call     # untainted: kept
  assert_equal BASE, File.dirname(t.path)
  t.close(true)
  t = Tempfile.new("safe", tainted)                                  # $SAFE 0: kept
  assert_equal BASE, File.dirname(t.path)
  t.close(true)
  assert_equal [], entries
end

test "IO methods are the File's" do
  t = Tempfile.new("io", BASE)
  assert_kind_of Tempfile, t
  assert_kind_of Delegator, t
  t.puts "line 1"
  t.print "line 2\n"
  t.write "tail"
  t << "!"
  assert_equal 19, t.size
  assert_equal 19, t.length
  t.rewind
  assert_equal "line 1\n", t.gets
  assert_equal ["line 2\n", "tail!"], t.readlines
  assert_true t.eof?
  t.seek(5)
  assert_equal 5, t.pos
  assert_equal "1", t.read(1)
  t.rewind
  lines = []
  t.each_line { |l| lines << l }
  assert_equal ["line 1\n", "line 2\n", "tail!"], lines
  assert_equal File.stat(t.path).ino, t.stat.ino
  assert_kind_of Integer, t.fileno
  assert_false t.closed?
  assert_equal "line 1\nline 2\ntail!", File.read(t.path)
  t.close!
end

test "close, reopen, size" do
  t = Tempfile.new("c", BASE)
  path = t.path
  t.write "abc"
  assert_nil t.close
  assert_true t.closed?
  assert_equal path, t.path
  assert_true File.exist?(path)
  assert_equal "abc", File.read(path)
  assert_equal 0, t.size                           # 1.8.7: 0 once closed
  e = assert_raise(IOError) { t.write "more" }
  assert_equal "closed stream", e.message
  t.open
  assert_false t.closed?
  assert_equal "abc", t.read                       # reopened at its start
  t.write "def"
  assert_equal 6, t.size
  t.open                                           # reopen while open
  assert_equal "abcdef", t.read
  t.close
  t.close                                          # twice is fine
  assert_true File.exist?(path)
  t.close(true)
  assert_nil t.path
  assert_false File.exist?(path)
  assert_equal [], entries
end

test "close! and unlink" do
  t = Tempfile.new("u", BASE)
  path = t.path
  t.close!
  assert_nil t.path
  assert_false File.exist?(path)
  assert_true t.closed?

  t = Tempfile.new("u", BASE)
  path = t.path
  t.write "still here"
  t.unlink
  assert_nil t.path
  assert_false File.exist?(path)
  t.rewind
  assert_equal "still here", t.read            # the open handle survives
  t.unlink                                     # twice is fine
  t.close
  assert_equal 0, t.size

  t = Tempfile.new("d", BASE)
  path = t.path
  t.delete
  assert_false File.exist?(path)
  t.close
  assert_equal [], entries
end

test "Tempfile.open" do
  t = Tempfile.open("o", BASE)
  assert_kind_of Tempfile, t
  assert_false t.closed?
  t.close!
  seen = nil
  r = Tempfile.open(["blk", ".dat"], BASE) do |f|
    seen = f
    f.write "x"
    :ignored
  end
  assert_nil r                                  # 1.8.7's open returns nil
  assert_true seen.closed?
  assert_match(/\.dat\z/, seen.path)
  assert_equal "x", File.read(seen.path)        # closed, not removed
  seen.close!
  assert_raise(RuntimeError, "boom") { Tempfile.open("e", BASE) { |f| seen = f; raise "boom" } }
  assert_true seen.closed?
  seen.unlink
  assert_equal [], entries
end

test "files not unlinked are removed at exit" do
  r, w = IO.pipe
  pid = fork do
    r.close
    kept = Tempfile.new("exit", BASE)
    kept.write "data"
    closed = Tempfile.new("exit", BASE)
    closed.close
    w.puts kept.path, closed.path
    w.close
    exit 0
  end
  w.close
  paths = r.read.split("\n")
  r.close
  Process.wait(pid)
  assert_equal 2, paths.size
  paths.each { |p| assert_false File.exist?(p), "#{p} left behind" }
  # a forked child does not remove its parent's files
  mine = Tempfile.new("parent", BASE)
  pid = fork { exit 0 }
  Process.wait(pid)
  assert_true File.exist?(mine.path)
  mine.close!
  assert_equal [], entries
end

# Conservative stack scanning may keep one Tempfile or two alive through a
# stale word: make them in a method that returns only their paths, run a
# deep call over the stack it used, and ask for most of them.
def make_dropped(n)
  (1..n).map do |i|
    t = Tempfile.new("gc", BASE)
    t.write "x" * i
    t.flush
    assert_equal i, File.size(t.path)
    t.path
  end
end

def clobber(n) n == 0 ? [0] * 64 : clobber(n - 1) end

test "a Tempfile garbage collected has its file removed (finalizer)" do
  paths = make_dropped(20)
  assert_equal 20, paths.uniq.size
  clobber(300)
  4.times { GC.start }
  gone = paths.reject { |p| File.exist?(p) }
  assert_true gone.size >= 15, "only #{gone.size} of 20 removed"
  # the finalizer closed the file too: its name is gone from the list
  left = entries.map { |e| File.join(BASE, e) }
  assert_equal [], left - paths
  left.each { |p| File.unlink(p) }
end

def make_unlinked(n)
  (1..n).map do |i|
    t = Tempfile.new("nofin", BASE)
    path = t.path
    i.odd? ? t.unlink : t.close!
    File.open(path, "w") { |f| f.write "someone else's" }   # the name is reused
    path
  end
end

test "unlink and close! remove the finalizer: it does not run later" do
  paths = make_unlinked(20)
  clobber(300)
  4.times { GC.start }
  assert_equal paths.sort, entries.map { |e| File.join(BASE, e) }.sort
  paths.each { |p| File.unlink(p) }
  assert_equal [], entries
end
