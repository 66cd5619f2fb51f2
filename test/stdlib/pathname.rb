# pathname.rb: lib/pathname.rb (Pathname, Kernel#Pathname).
require 'assert'
require 'pathname'

TOP = Dir.pwd
TMP = File.join(ENV['TMPDIR'] || '/tmp', "mr-pathname-#{$$}")
Dir.mkdir TMP
at_exit { Dir.chdir TOP; system("rm", "-rf", TMP) }
Dir.chdir TMP
REAL = Dir.pwd                # TMP with its symbolic links resolved

def pn(s)
  Pathname.new(s)
end

test "new, to_s, to_str, inspect, Kernel#Pathname" do
  a = pn("a/b")
  assert_equal "a/b", a.to_s
  assert_equal "a/b", a.to_str                 # 1.8.7 has to_str
  assert_equal "#<Pathname:a/b>", a.inspect
  assert_equal a, pn(a)
  assert_equal a, Pathname("a/b")
  assert_raise(NoMethodError) { self.Pathname("x") }   # private
  s = "x"
  p1 = pn(s)
  s << "y"
  assert_equal "x", p1.to_s                    # a copy of the string
  p1.to_s << "z"
  assert_equal "x", p1.to_s
  e = assert_raise(ArgumentError) { pn("a\0b") }
  assert_equal 'pathname contains \0: "a\000b"', e.message
  e = assert_raise(TypeError) { pn(5) }
  assert_equal "can't dup Fixnum", e.message
  assert_raise(ArgumentError) { Pathname.new }
  assert_equal "a/b", File.join(pn("a"), "b")  # usable where a String is
  assert_equal "dir/x", "dir/" + pn("x")
  f = pn("frozen").freeze
  assert_true f.frozen?
  assert_false f.to_s.frozen?                  # to_s gives a copy
end

test "==, eql?, ===, <=>, hash" do
  assert_true pn("a") == pn("a")
  assert_false pn("a") == pn("a/")
  assert_false pn("a") == "a"
  assert_true pn("a").eql?(pn("a"))
  assert_true pn("a") === pn("a")
  assert_equal 1, {pn("a") => 1}[pn("a")]
  assert_equal pn("a").hash, pn("a").hash
  assert_equal 0, pn("a") <=> pn("a")
  assert_equal(-1, pn("a") <=> pn("b"))
  assert_equal(-1, pn("a/b") <=> pn("a.b"))    # the separator sorts first
  assert_equal(-1, pn("a") <=> pn("a/b"))
  assert_nil pn("a") <=> "a"
  assert_equal %w(a a/b a.b ab), [pn("ab"), pn("a.b"), pn("a/b"), pn("a")].sort.map { |x| x.to_s }
end

test "+ and join" do
  {
    ["/usr", "bin"] => "/usr/bin", ["/usr", "/etc"] => "/etc", ["a", ".."] => ".",
    ["a/b", "../c"] => "a/c", ["/", ".."] => "/", ["a", "."] => "a", [".", "a"] => "a",
    ["a/", "b/"] => "a/b/", ["..", ".."] => "../..", ["/a", "../../b"] => "/b",
    ["a", "b/../c"] => "a/b/../c", ["a/b", "../.."] => ".", ["a", "../.."] => "..",
    ["/a/b", "../../.."] => "/", ["a//b", "c"] => "a//b/c", ["", "a"] => "a",
  }.each do |(x, y), want|
    assert_equal pn(want), pn(x) + y, "#{x} + #{y}"
    assert_equal pn(want), pn(x) + pn(y)
  end
  assert_equal pn("a/b/c"), pn("a").join("b", "c")
  assert_equal pn("/b/c"), pn("a").join("/b", "c")
  assert_equal pn("/c"), pn("a").join("b", "/c")
  assert_equal pn("a"), pn("a").join
  assert_equal pn("a/b"), pn("a").join(pn("b"))
  assert_raise(TypeError) { pn("a") + 5 }
end

test "parent" do
  assert_equal pn("/"), pn("/").parent
  assert_equal pn("."), pn("a").parent
  assert_equal pn(".."), pn(".").parent
  assert_equal pn("../.."), pn("..").parent
  assert_equal pn("/a"), pn("/a/b").parent
  assert_equal pn("a"), pn("a/b/").parent
end

test "cleanpath" do
  {
    "a/../.." => "..", "/../a" => "/a", "a/./b/" => "a/b", "" => ".", "/" => "/",
    "a/.." => ".", "//a//b//" => "/a/b", "./a" => "a", "a/b/../../../c" => "../c",
    "." => ".", ".." => "..", "/.." => "/", "a/b/c/../d" => "a/b/d",
  }.each do |x, want|
    assert_equal pn(want), pn(x).cleanpath, "cleanpath #{x}"
  end
  {
    "a/." => "a/.", "a/b/" => "a/b/", "a/../b" => "a/../b", "/../a/./b/.." => "/a/b/..",
    "./" => ".", "a/./b" => "a/b", "/.." => "/", "" => ".", "a//" => "a/",
  }.each do |x, want|
    assert_equal pn(want), pn(x).cleanpath(true), "cleanpath(true) #{x}"
  end
end

test "relative_path_from" do
  assert_equal pn("../b/c"), pn("/a/b/c").relative_path_from(pn("/a/x"))
  assert_equal pn("."), pn("a").relative_path_from(pn("a"))
  assert_equal pn("a/b"), pn("a/b").relative_path_from(pn("."))
  assert_equal pn("../.."), pn("/").relative_path_from(pn("/x/y"))
  assert_equal pn("c"), pn("a/b/../c").relative_path_from(pn("a"))
  assert_equal pn("../x"), pn("x").relative_path_from(pn("y/"))
  assert_equal pn("b"), pn("/a/b").relative_path_from("/a")
  e = assert_raise(ArgumentError) { pn("/a").relative_path_from(pn("b")) }
  assert_equal 'different prefix: "/" and "b"', e.message
  e = assert_raise(ArgumentError) { pn("a").relative_path_from(pn("/b")) }
  assert_equal 'different prefix: "" and "/b"', e.message
  e = assert_raise(ArgumentError) { pn("a").relative_path_from(pn("../b")) }
  assert_equal 'base_directory has ..: "../b"', e.message
end

test "root? absolute? relative? each_filename ascend descend" do
  assert_true pn("/").root?
  assert_true pn("//").root?
  assert_false pn("").root?
  assert_false pn("/a").root?
  assert_false pn(".").root?
  assert_true pn("a").relative?
  assert_true pn("").relative?
  assert_false pn("/a").relative?
  assert_true pn("/a").absolute?
  assert_false pn("a/b").absolute?
  names = []
  assert_nil pn("/usr//bin/ruby").each_filename { |x| names << x }
  assert_equal %w(usr bin ruby), names
  names = []
  pn("a/b/").each_filename { |x| names << x }
  assert_equal %w(a b), names
  r = []
  pn("/a/b/c").ascend { |x| r << x }
  assert_equal [pn("/a/b/c"), pn("/a/b"), pn("/a"), pn("/")], r
  r = []
  pn("a/b/").ascend { |x| r << x.to_s }
  assert_equal ["a/b/", "a"], r
  r = []
  assert_nil pn("/a/b").descend { |x| r << x.to_s }
  assert_equal ["/", "/a", "/a/b"], r
  r = []
  pn("a/b/c").descend { |x| r << x.to_s }
  assert_equal ["a", "a/b", "a/b/c"], r
end

test "basename dirname extname expand_path split sub" do
  assert_equal pn("b.rb"), pn("a/b.rb").basename
  assert_equal pn("b"), pn("a/b.rb").basename(".rb")
  assert_equal pn("b"), pn("a/b.rb").basename(".*")
  assert_equal pn("a"), pn("a/b.rb").dirname
  assert_equal pn("."), pn("b").dirname
  assert_equal ".rb", pn("a/b.rb").extname
  assert_equal "", pn("a/b").extname
  assert_equal [pn("a"), pn("b")], pn("a/b").split
  assert_equal pn(File.join(REAL, "x")), pn("x").expand_path
  assert_equal pn("/base/x"), pn("x").expand_path("/base")
  assert_equal pn("x.c"), pn("x.rb").sub(/\.rb\z/, ".c")
  assert_equal pn("X.rb"), pn("x.rb").sub(/x/) { |m| m.upcase }
  assert_kind_of Pathname, pn("x").sub("x", "y")
end

test "files: FileTest, File and IO methods" do
  f = pn("data.txt")
  assert_false f.exist?
  r = f.open("w") { |io| io.puts "one", "two"; :done }
  assert_equal :done, r
  assert_true f.exist?
  assert_true f.file?
  assert_false f.directory?
  assert_true f.readable?
  assert_true f.writable?
  assert_true f.readable_real?
  assert_true f.writable_real?
  assert_false f.executable?
  assert_false f.zero?
  assert_equal 8, f.size
  assert_equal 8, f.size?
  assert_false f.symlink?
  assert_false f.pipe? || f.socket? || f.blockdev? || f.chardev?
  assert_false f.setuid? || f.setgid? || f.sticky?
  assert_true f.owned?
  assert_equal File.grpowned?("data.txt"), f.grpowned?
  assert_equal "one\ntwo\n", f.read
  assert_equal "one", f.read(3)
  assert_equal ["one\n", "two\n"], f.readlines
  lines = []
  f.each_line { |l| lines << l }
  assert_equal ["one\n", "two\n"], lines
  fd = f.sysopen
  assert_kind_of Integer, fd
  IO.for_fd(fd).close if IO.respond_to?(:for_fd)
  assert_equal "file", f.ftype
  assert_equal File.stat("data.txt").ino, f.stat.ino
  assert_equal File.lstat("data.txt").ino, f.lstat.ino
  f.chmod 0600
  assert_equal 0600, f.stat.mode & 0777
  t = Time.at(1000000000)
  f.utime t, t
  assert_equal t, f.mtime
  assert_equal t, f.atime
  assert_kind_of Time, f.ctime
  f.chown nil, nil
  assert_true f.fnmatch("*.txt")
  assert_true f.fnmatch?("DATA.TXT", File::FNM_CASEFOLD)
  assert_false f.fnmatch?("*.rb")
  f.truncate 3
  assert_equal "one", f.read
  pn("link").make_symlink("data.txt")
  assert_true pn("link").symlink?
  assert_equal pn("data.txt"), pn("link").readlink
  pn("hard").make_link("data.txt")
  assert_equal 2, f.stat.nlink
  pn("hard").rename("hard2")
  assert_true File.exist?("hard2")
  assert_false File.exist?("hard")
  e = assert_raise(Errno::ENOENT) { pn("missing").read }
  assert_equal "No such file or directory - missing", e.message
  assert_nil pn("missing").size?
  assert_raise(Errno::ENOENT) { pn("missing").size }
  assert_false pn("missing").exist?
  pn("hard2").unlink
  pn("link").delete
  f.unlink
  assert_false f.exist?
end

test "directories" do
  d = pn("dir")
  d.mkdir
  assert_true d.directory?
  pn("dir/x").open("w") {}
  pn("dir/y").open("w") {}
  pn("dir/sub").mkdir(0700)
  assert_equal 0700, pn("dir/sub").stat.mode & 0777
  assert_equal [pn("dir/sub"), pn("dir/x"), pn("dir/y")], d.children.sort
  assert_equal [pn("sub"), pn("x"), pn("y")], d.children(false).sort
  assert_equal [pn("."), pn(".."), pn("sub"), pn("x"), pn("y")], d.entries.sort
  seen = []
  d.each_entry { |e| seen << e }
  assert_equal d.entries.sort, seen.sort
  Dir.chdir("dir") { assert_equal [pn("sub"), pn("x"), pn("y")], pn(".").children.sort }
  names = d.opendir { |dh| dh.entries.sort }
  assert_equal %w(. .. sub x y), names
  found = []
  d.find { |p| found << p }
  assert_equal [pn("dir"), pn("dir/sub"), pn("dir/x"), pn("dir/y")], found.sort
  assert_kind_of Pathname, found[0]
  found = []
  d.find { |p| Find.prune if p.basename.to_s == "sub"; found << p }
  assert_equal [pn("dir"), pn("dir/x"), pn("dir/y")], found.sort
  found = []
  Dir.chdir("dir") { pn(".").find { |p| found << p.to_s } }
  assert_equal %w(. sub x y), found.sort
  assert_equal [pn("dir/x"), pn("dir/y")], Pathname.glob("dir/[xy]").sort
  globbed = []
  assert_nil Pathname.glob("dir/*") { |p| globbed << p }
  assert_equal [pn("dir/sub"), pn("dir/x"), pn("dir/y")], globbed.sort
  assert_equal pn(REAL), Pathname.getwd
  assert_equal pn(REAL), Pathname.pwd
  assert_nil pn("deep/er/path").mkpath
  assert_true File.directory?("deep/er/path")
  assert_nil pn("deep").rmtree
  assert_false File.exist?("deep")
  pn("dir/sub").rmdir
  assert_false pn("dir/sub").exist?
  e = assert_raise(Errno::ENOTEMPTY) { d.rmdir }
  assert_equal "Directory not empty - dir", e.message
  pn("empty").mkdir
  pn("empty").unlink                       # a directory
  assert_false File.exist?("empty")
  d.rmtree
  assert_false d.exist?
  assert_raise(Errno::ENOENT) { pn("nodir").children }
  assert_raise(Errno::ENOENT) { pn("nodir").unlink }
end

test "realpath and mountpoint?" do
  Dir.mkdir "real"
  Dir.mkdir "real/inner"
  File.open("real/inner/f", "w") {}
  File.symlink "real", "l1"
  File.symlink "l1/inner", "l2"
  File.symlink File.join(REAL, "real/inner/f"), "abs"
  File.symlink "..", "real/inner/up"
  assert_equal pn(File.join(REAL, "real")), pn("l1").realpath
  assert_equal pn(File.join(REAL, "real/inner/f")), pn("l2/f").realpath
  assert_equal pn(File.join(REAL, "real/inner/f")), pn("abs").realpath
  assert_equal pn(File.join(REAL, "real")), pn("real/inner/up").realpath
  assert_equal pn(File.join(REAL, "real")), pn("l2/..").realpath
  assert_equal pn(File.join(REAL, "real")), pn(File.join(TMP, "l1/./inner/..")).realpath
  assert_equal pn(REAL), pn(".").realpath
  assert_equal pn("/"), pn("/").realpath
  e = assert_raise(Errno::ENOENT) { pn("real/missing").realpath }
  assert_equal "No such file or directory - #{REAL}/real/missing", e.message
  File.symlink "loop2", "loop1"
  File.symlink "loop1", "loop2"
  e = assert_raise(Errno::ELOOP) { pn("loop1").realpath }
  assert_match(/\AToo many levels of symbolic links - /, e.message)
  assert_true pn("/").mountpoint?
  assert_false pn("real").mountpoint?
  assert_false pn("missing").mountpoint?
end
