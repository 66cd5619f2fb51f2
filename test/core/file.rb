# File, File::Stat, FileTest: opening, path functions, tests, operations.
require 'assert'

TMP = File.join(ENV['TMPDIR'] || '/tmp', "mr-file-#{$$}")
Dir.mkdir(TMP)
at_exit do
  Dir[File.join(TMP, "**", "*")].sort.reverse.each do |f|
    File.directory?(f) && !File.symlink?(f) ? Dir.rmdir(f) : File.unlink(f)
  end
  Dir.rmdir(TMP)
end

def tmp(name, content = nil)
  path = File.join(TMP, name)
  File.open(path, "w") { |f| f.write(content) } if content
  path
end

test "File.open and File.new" do
  path = tmp("new.txt")
  f = File.new(path, "w")
  assert_kind_of File, f
  assert_kind_of IO, f
  assert_equal path, f.path
  f.close
  assert_equal 0, File.size(path)
  r = File.open(path, "w") { |g| g.write("abc"); :result }
  assert_equal :result, r
  assert_equal "abc", File.read(path)
  File.open(path, File::RDONLY) { |g| assert_equal "abc", g.read }
  File.open(path, File::WRONLY | File::TRUNC) { |g| g.write("x") }
  assert_equal "x", File.read(path)
  p2 = tmp("perm.txt")
  File.open(p2, File::CREAT | File::WRONLY, 0600) { |g| g.write("p") }
  assert_equal 0600, File.stat(p2).mode & 0777
  assert_raise(Errno::EEXIST) { File.open(p2, File::CREAT | File::EXCL | File::WRONLY) }
  e = assert_raise(Errno::ENOENT) { File.open(File.join(TMP, "nofile.txt")) }
  assert_equal "No such file or directory - #{File.join(TMP, 'nofile.txt')}", e.message
  assert_raise(Errno::EISDIR) { File.open(TMP, "w") }
  assert_raise(TypeError) { File.open(nil) }
end

test "basename" do
  assert_equal "b.rb", File.basename("/a/b.rb")
  assert_equal "b", File.basename("/a/b.rb", ".rb")
  assert_equal "b", File.basename("/a/b.rb", ".*")
  assert_equal "b.tar", File.basename("b.tar.gz", ".*")
  assert_equal ".bashrc", File.basename(".bashrc", ".*")
  assert_equal "b.rb", File.basename("b.rb", ".c")
  assert_equal ".rb", File.basename(".rb", ".rb")
  assert_equal "b", File.basename("a/b/")
  assert_equal "/", File.basename("/")
  assert_equal "/", File.basename("//")
  assert_equal "", File.basename("")
  assert_raise(TypeError) { File.basename(nil) }
end

test "dirname extname split" do
  assert_equal "/a", File.dirname("/a/b")
  assert_equal "/a", File.dirname("/a/b/")
  assert_equal "/", File.dirname("/a")
  assert_equal "/", File.dirname("/")
  assert_equal ".", File.dirname("a")
  assert_equal ".", File.dirname("")
  assert_equal "a", File.dirname("a//b")
  assert_equal ".rb", File.extname("a/b.rb")
  assert_equal ".gz", File.extname("b.tar.gz")
  assert_equal "", File.extname(".profile")
  assert_equal "", File.extname("a/.profile")
  assert_equal "", File.extname("noext")
  assert_equal "", File.extname("dir.d/noext")
  assert_equal "", File.extname("foo.")   # 1.8.7
  assert_equal ["/a", "b.rb"], File.split("/a/b.rb")
  assert_equal [".", "b"], File.split("b")
end

test "join" do
  assert_equal "a/b/c", File.join("a", "b", "c")
  assert_equal "a/b", File.join("a/", "/b")
  assert_equal "a//b", File.join("a//", "b")
  assert_equal "/a", File.join("", "a")
  assert_equal "a/", File.join("a", "")
  assert_equal "", File.join
  assert_equal "a/b/c/d", File.join("a", ["b", ["c", "d"]])
  x = ["a"]; x << x
  assert_raise(ArgumentError, "recursive array") { File.join(x) }
  assert_raise(TypeError, "can't convert Fixnum into String") { File.join("a", 1) }
  assert_raise(TypeError) { File.join(nil) }
end

test "expand_path keeps a leading // as 1.8.7" do
  assert_equal "//", File.expand_path(".", "//")
  assert_equal "//", File.expand_path("//")
  assert_equal "//a", File.expand_path("a", "//")
  assert_equal "//a/b", File.expand_path("//a//b")
  assert_equal "///a", File.expand_path("///a")
  assert_equal "////a/c", File.expand_path("////a/b/../c")
  assert_equal "//", File.expand_path("..", "//")
  assert_equal "//a", File.expand_path("//../a")
  assert_equal "///x/a", File.expand_path("a", "///x")
  # what 1.8.7 makes of ".." right below a "//" root
  assert_equal "", File.expand_path("//a/..")
  assert_equal "/b", File.expand_path("//a/../b")
  assert_equal "/", File.expand_path("//a/../b/..")
  assert_equal "", File.expand_path("..", "///x")
  assert_equal "/", File.expand_path("/a/..")
  assert_equal "/", File.expand_path("/a/b/../../..")
end

test "expand_path" do
  assert_equal "/x/y/b", File.expand_path("a/../b", "/x/y")
  assert_equal "/", File.expand_path("/..")
  assert_equal "/a/b", File.expand_path("/a//./b/")
  assert_equal Dir.pwd, File.expand_path(".")
  assert_equal File.join(Dir.pwd, "q"), File.expand_path("q")
  home = ENV["HOME"]
  begin
    ENV["HOME"] = "/home/test"
    assert_equal "/home/test", File.expand_path("~")
    assert_equal "/home/test/x", File.expand_path("~/x")
    assert_equal "/home/test/y", File.expand_path("y", "~")
  ensure
    ENV["HOME"] = home
  end
  assert_equal "/root", File.expand_path("~root") if File.directory?("/root")
  assert_raise(ArgumentError, "user no_such_user_xx doesn't exist") { File.expand_path("~no_such_user_xx") }
end

test "tests" do
  f = tmp("t.txt", "data")
  e = tmp("e.txt", "")
  nope = File.join(TMP, "nope")
  assert_true File.exist?(f)
  assert_true File.exists?(f)
  assert_false File.exist?(nope)
  assert_true File.file?(f)
  assert_false File.file?(TMP)
  assert_true File.directory?(TMP)
  assert_false File.directory?(f)
  assert_false File.directory?(nope)
  assert_true File.readable?(f)
  assert_true File.writable?(f)
  assert_false File.executable?(f)
  assert_false File.readable?(nope)
  assert_equal 4, File.size(f)
  assert_equal 4, File.size?(f)
  assert_nil File.size?(e)
  assert_nil File.size?(nope)
  assert_true File.zero?(e)
  assert_false File.zero?(f)
  assert_false File.zero?(nope)
  assert_raise(Errno::ENOENT) { File.size(nope) }
  assert_true FileTest.exist?(f)
  assert_true FileTest.directory?(TMP)
  assert_equal 4, FileTest.size(f)
  assert_true File.owned?(f)
  assert_true File.identical?(f, f)
  assert_false File.identical?(f, e)
  File.open(f) { |io| assert_true File.exist?(io) }
  assert_false File.pipe?(f)
  assert_false File.socket?(f)
  assert_true File.chardev?("/dev/null")
end

test "ftype stat lstat" do
  f = tmp("st.txt", "12345")
  assert_equal "file", File.ftype(f)
  assert_equal "directory", File.ftype(TMP)
  assert_equal "characterSpecial", File.ftype("/dev/null")
  st = File.stat(f)
  assert_kind_of File::Stat, st
  assert_equal 5, st.size
  assert_equal 5, st.size?
  assert_true st.file?
  assert_false st.directory?
  assert_false st.symlink?
  assert_false st.zero?
  assert_equal "file", st.ftype
  assert_kind_of Time, st.mtime
  assert_kind_of Time, st.atime
  assert_kind_of Time, st.ctime
  assert_equal Process.euid, st.uid
  assert_equal 1, st.nlink
  assert_true st.readable?
  assert_true st.owned?
  assert_true File.stat(TMP).directory?
  assert_equal 0, st <=> File.stat(f)
  assert_true st == File.stat(f)
  assert_match(/\A#<File::Stat dev=0x\h+, ino=\d+, mode=0100\d+, /, st.inspect)
  assert_equal 5, File::Stat.new(f).size
  File.open(f) { |io| assert_equal 5, io.stat.size }
  assert_raise(Errno::ENOENT) { File.stat(File.join(TMP, "none")) }
  link = File.join(TMP, "st.lnk")
  assert_equal 0, File.symlink(f, link)
  assert_true File.symlink?(link)
  assert_false File.symlink?(f)
  assert_true File.lstat(link).symlink?
  assert_false File.stat(link).symlink?
  assert_equal "link", File.ftype(link)
  assert_equal f, File.readlink(link)
  assert_raise(Errno::EINVAL) { File.readlink(f) }
  assert_raise(Errno::EEXIST) { File.symlink(f, link) }
end

test "chmod utime mtime" do
  f = tmp("m.txt", "x")
  assert_equal 1, File.chmod(0640, f)
  assert_equal 0640, File.stat(f).mode & 0777
  assert_equal 2, File.chmod(0600, f, f)
  assert_raise(Errno::ENOENT) { File.chmod(0600, File.join(TMP, "zz")) }
  t = Time.at(1000000000)
  assert_equal 1, File.utime(t, t, f)
  assert_equal 1000000000, File.mtime(f).to_i
  assert_equal 1000000000, File.atime(f).to_i
  assert_equal 1, File.utime(500, 600, f)
  assert_equal 600, File.mtime(f).to_i
  assert_equal 500, File.stat(f).atime.to_i
  File.open(f) do |io|
    assert_equal 600, io.mtime.to_i
    assert_equal 0, io.chmod(0644)
  end
  assert_equal 0644, File.stat(f).mode & 0777
  assert_kind_of Time, File.ctime(f)
end

test "delete rename link truncate" do
  a = tmp("a.txt", "aaa")
  b = File.join(TMP, "b.txt")
  assert_equal 0, File.rename(a, b)
  assert_false File.exist?(a)
  assert_equal "aaa", File.read(b)
  e = assert_raise(Errno::ENOENT) { File.rename(a, b) }
  assert_equal "No such file or directory - #{a} or #{b}", e.message
  e = assert_raise(Errno::EEXIST) { File.symlink(a, b) }
  assert_equal "File exists - #{a} or #{b}", e.message
  c = File.join(TMP, "c.txt")
  assert_equal 0, File.link(b, c)
  assert_equal 2, File.stat(b).nlink
  assert_equal 0, File.truncate(c, 1)
  assert_equal "a", File.read(b)
  assert_equal 2, File.delete(b, c)
  assert_false File.exist?(b)
  assert_raise(Errno::ENOENT) { File.unlink(b) }
  assert_equal 0, File.unlink
  d = tmp("d.txt", "123456")
  File.open(d, "r+") { |io| assert_equal 0, io.truncate(2) }
  assert_equal "12", File.read(d)
end

test "flock" do
  f = tmp("lock.txt", "")
  File.open(f) do |a|
    assert_equal 0, a.flock(File::LOCK_EX)
    File.open(f) do |b|
      assert_false b.flock(File::LOCK_EX | File::LOCK_NB)
      assert_equal 0, a.flock(File::LOCK_UN)
      assert_equal 0, b.flock(File::LOCK_SH | File::LOCK_NB)
    end
  end
end

test "constants and umask" do
  assert_equal "/", File::SEPARATOR
  assert_equal "/", File::Separator
  assert_nil File::ALT_SEPARATOR
  assert_equal ":", File::PATH_SEPARATOR
  assert_kind_of Fixnum, File::RDONLY
  assert_equal File::RDONLY, IO::RDONLY
  assert_equal File::Constants::LOCK_EX, File::LOCK_EX
  old = File.umask
  assert_equal old, File.umask(022)
  assert_equal 022, File.umask
  File.umask(old)
end

# assert.rb defines a top-level test method, so call Kernel.test
test "Kernel#test" do
  f = tmp("kt.txt", "abc")
  e = tmp("kt0.txt", "")
  assert_true Kernel.test(?e, f)
  assert_true Kernel.test("e", f)
  assert_true Kernel.test(?f, f)
  assert_false Kernel.test(?d, f)
  assert_true Kernel.test(?d, TMP)
  assert_equal 3, Kernel.test(?s, f)
  assert_nil Kernel.test(?s, e)
  assert_true Kernel.test(?z, e)
  assert_true Kernel.test(?r, f)
  assert_true Kernel.test(?-, f, f)
  assert_false Kernel.test(?-, f, e)
  assert_kind_of Time, Kernel.test(?M, f)
  File.utime(100, 100, e)
  assert_true Kernel.test(?>, f, e)
  assert_true Kernel.test(?<, e, f)
  assert_false Kernel.test(?=, e, f)
  assert_raise(ArgumentError) { Kernel.test(?Q, f) }
  assert_raise(ArgumentError) { Kernel.test(?e) }
end
