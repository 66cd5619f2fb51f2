# ftools.rb: lib/ftools.rb (File.copy, File.move, File.compare ...).
require 'assert'
require 'ftools'
require 'stringio'

TOP = Dir.pwd
TMP = File.join(ENV['TMPDIR'] || '/tmp', "mr-ftools-#{$$}")
Dir.mkdir TMP
at_exit { Dir.chdir TOP; system("rm", "-rf", TMP) }
Dir.chdir TMP

def write(path, data)
  File.open(path, "w") { |f| f.write data }
end

def stderr_of
  err = StringIO.new
  old = $stderr
  $stderr = err
  begin
    yield
  ensure
    $stderr = old
  end
  err.string
end

test "catname" do
  Dir.mkdir "cat"
  assert_equal "cat/f", File.catname("some/f", "cat")
  assert_equal "cat/f", File.catname("f", "cat/")
  assert_equal "other", File.catname("f", "other")
end

test "syscopy copy cp" do
  write "a", "x" * 20000
  File.o_chmod 0640, "a"
  assert_true File.syscopy("a", "b")
  assert_equal "x" * 20000, File.read("b")
  assert_equal 0640, File.stat("b").mode & 0777
  File.o_chmod 0600, "b"
  File.syscopy("a", "b")                     # an existing file keeps its mode
  assert_equal 0600, File.stat("b").mode & 0777
  Dir.mkdir "into"
  assert_equal "", stderr_of { File.copy("a", "into") }
  assert_equal "x" * 20000, File.read("into/a")
  assert_equal "a -> into/a\n", stderr_of { File.copy("a", "into", true) }
  assert_equal "a -> c\n", stderr_of { File.cp("a", "c", true) }
  assert_true File.exist?("c")
  e = assert_raise(Errno::ENOENT) { File.copy("missing", "d") }
  assert_equal "No such file or directory - missing", e.message
  assert_raise(Errno::ENOENT) { File.copy("a", "nodir/d") }
end

test "move mv" do
  write "m1", "move me"
  File.move("m1", "m2")
  assert_false File.exist?("m1")
  assert_equal "move me", File.read("m2")
  Dir.mkdir "mdir"
  assert_equal "m2 -> mdir/m2\n", stderr_of { File.mv("m2", "mdir", true) }
  assert_equal "move me", File.read("mdir/m2")
  assert_equal "", stderr_of { File.move("mdir/m2", "m3") }
  assert_true File.exist?("m3")
  e = assert_raise(Errno::ENOENT) { File.move("missing", "x") }
  assert_equal "No such file or directory - missing", e.message
end

test "compare cmp" do
  write "c1", "same" * 5000
  write "c2", "same" * 5000
  write "c3", "same" * 4999 + "diff"
  write "c4", "short"
  write "e1", ""
  write "e2", ""
  assert_true File.compare("c1", "c2")
  assert_false File.compare("c1", "c3")
  assert_false File.cmp("c1", "c4")
  assert_true File.cmp("e1", "e2")
  assert_equal "c1 <=> c2\n", stderr_of { File.compare("c1", "c2", true) }
  assert_raise(Errno::ENOENT) { File.compare("c1", "missing") }
end

test "safe_unlink rm_f" do
  write "u1", ""
  write "u2", ""
  write "u3", ""
  assert_equal "", stderr_of { File.safe_unlink("u1", "missing") }
  assert_false File.exist?("u1")
  assert_equal "removing u2\n", stderr_of { File.rm_f("u2", "missing", true) }
  assert_false File.exist?("u2")
  Dir.mkdir "udir"
  File.safe_unlink("udir", "u3")             # errors ignored
  assert_true File.directory?("udir")
  assert_false File.exist?("u3")
end

test "makedirs mkpath" do
  File.makedirs("md/a/b")
  assert_true File.directory?("md/a/b")
  assert_equal 0755 & ~File.umask, File.stat("md/a").mode & 0777
  File.makedirs("md/a/b")                    # already there
  # as 1.8.7: the directories above are made quietly
  assert_equal "mkdir mk/x/y\n", stderr_of { File.mkpath("mk/x/y", true) }
  assert_true File.directory?("mk/x/y")
  assert_equal "mkdir p1\nmkdir p2\n", stderr_of { File.makedirs("p1", "p2", true) }
  assert_equal "", stderr_of { File.makedirs("p1", "p2", true) }
  write "afile", ""
  e = assert_raise(Errno::EEXIST) { File.makedirs("afile") }
  assert_equal "File exists - afile", e.message
  assert_raise(Errno::EEXIST, "File exists - afile") { File.makedirs("afile/sub") }
end

test "chmod" do
  write "h1", ""
  write "h2", ""
  assert_equal 2, File.chmod(0600, "h1", "h2")
  assert_equal 0600, File.stat("h2").mode & 0777
  assert_equal "chmod 0644 h1 h2\n", stderr_of { File.chmod(0644, "h1", "h2", true) }
  assert_equal 0644, File.stat("h1").mode & 0777
  assert_equal "", stderr_of { File.chmod(0640, "h1", false) }
  assert_equal 0640, File.stat("h1").mode & 0777
  assert_raise(Errno::ENOENT) { File.chmod(0644, "missing") }
end

test "install" do
  write "i1", "install me"
  File.install("i1", "i2", 0700)
  assert_equal "install me", File.read("i2")
  assert_equal 0700, File.stat("i2").mode & 0777
  # the same content: left alone
  File.o_chmod 0600, "i2"
  assert_equal "", stderr_of { File.install("i1", "i2", 0755, true) }
  assert_equal 0600, File.stat("i2").mode & 0777
  write "i2", "older"
  assert_equal "i1 -> i2\nchmod 0755 i2\n", stderr_of { File.install("i1", "i2", 0755, true) }
  assert_equal "install me", File.read("i2")
  assert_equal 0755, File.stat("i2").mode & 0777
  Dir.mkdir "idir"
  assert_equal "i1 -> idir/i1\n", stderr_of { File.install("i1", "idir", nil, true) }
  assert_true File.exist?("idir/i1")
end
