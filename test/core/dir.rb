# Dir: listing, chdir, mkdir/rmdir, Dir objects, glob, File.fnmatch.
require 'assert'

TMP = File.join(ENV['TMPDIR'] || '/tmp', "mr-dir-#{$$}")
Dir.mkdir(TMP)
at_exit { system("rm", "-rf", TMP) }

def touch(*names)
  names.each { |n| File.open(File.join(TMP, n), "w") { } }
end

Dir.mkdir(File.join(TMP, "sub"))
Dir.mkdir(File.join(TMP, "sub", "deep"))
Dir.mkdir(File.join(TMP, ".hid"))
touch "a.rb", "b.rb", "c.txt", ".dot.rb", "sub/d.rb", "sub/deep/e.rb", ".hid/f.rb", "x[1]"

def rel(list)
  list.map { |f| f.sub(TMP + "/", "") }
end

test "entries and foreach" do
  e = Dir.entries(TMP).sort
  assert_equal %w[. .. .dot.rb .hid a.rb b.rb c.txt sub x[1]], e
  got = []
  assert_nil Dir.foreach(TMP) { |n| got << n }
  assert_equal e, got.sort
  assert_raise(Errno::ENOENT) { Dir.entries(File.join(TMP, "nope")) }
  assert_raise(Errno::ENOTDIR) { Dir.entries(File.join(TMP, "a.rb")) }
end

test "Dir objects" do
  d = Dir.new(TMP)
  assert_equal TMP, d.path
  assert_equal "#<Dir:#{TMP}>", d.inspect
  names = []
  assert_same d, d.each { |n| names << n }
  assert_equal 9, names.size
  assert_nil d.read
  assert_same d, d.rewind
  first = d.read
  assert_kind_of String, first
  pos = d.tell
  second = d.read
  d.seek(pos)
  assert_equal second, d.read
  assert_equal names.sort, (d.rewind; d.to_a.sort)
  assert_nil d.close
  assert_raise(IOError, "closed directory") { d.read }
  assert_raise(IOError) { d.close }
  r = Dir.open(TMP) { |dd| assert_kind_of Dir, dd; :val }
  assert_equal :val, r
end

test "pwd chdir" do
  here = Dir.pwd
  assert_equal here, Dir.getwd
  r = Dir.chdir(TMP) do |path|
    assert_equal TMP, path
    assert_equal File.expand_path(TMP), Dir.pwd
    assert_true File.exist?("a.rb")
    :inside
  end
  assert_equal :inside, r
  assert_equal here, Dir.pwd
  assert_equal 0, Dir.chdir(TMP)
  assert_equal File.expand_path(TMP), Dir.pwd
  Dir.chdir(here)
  assert_raise(Errno::ENOENT) { Dir.chdir(File.join(TMP, "nope")) }
  assert_equal here, Dir.pwd
  begin
    Dir.chdir(TMP) { raise "boom" }
  rescue RuntimeError
  end
  assert_equal here, Dir.pwd
end

test "mkdir rmdir" do
  d = File.join(TMP, "new")
  assert_equal 0, Dir.mkdir(d)
  assert_true File.directory?(d)
  e = assert_raise(Errno::EEXIST) { Dir.mkdir(d) }
  assert_equal "File exists - #{d}", e.message
  assert_equal 0, Dir.rmdir(d)
  assert_false File.exist?(d)
  assert_raise(Errno::ENOENT) { Dir.rmdir(d) }
  Dir.mkdir(d, 0700)
  assert_equal 0700, File.stat(d).mode & 0777
  assert_equal 0, Dir.delete(d)
  Dir.mkdir(d)
  assert_equal 0, Dir.unlink(d)
  assert_raise(Errno::ENOTEMPTY) { Dir.rmdir(File.join(TMP, "sub")) }
end

test "glob" do
  assert_equal %w[a.rb b.rb], rel(Dir.glob(File.join(TMP, "*.rb")))
  assert_equal %w[a.rb b.rb], rel(Dir[File.join(TMP, "*.rb")])
  assert_equal %w[.dot.rb a.rb b.rb], rel(Dir.glob(File.join(TMP, "*.rb"), File::FNM_DOTMATCH))
  assert_equal %w[.dot.rb], rel(Dir.glob(File.join(TMP, ".*.rb")))
  assert_equal %w[a.rb b.rb c.txt], rel(Dir.glob(File.join(TMP, "?.*")))
  assert_equal %w[a.rb c.txt], rel(Dir.glob(File.join(TMP, "[ac].*")))
  assert_equal %w[b.rb], rel(Dir.glob(File.join(TMP, "[^ac].rb")))
  assert_equal %w[c.txt a.rb], rel(Dir.glob(File.join(TMP, "{c,a}.*")))
  assert_equal %w[a.rb b.rb sub/d.rb sub/deep/e.rb], rel(Dir.glob(File.join(TMP, "**", "*.rb")))
  assert_equal %w[sub/d.rb], rel(Dir.glob(File.join(TMP, "*", "*.rb")))
  assert_equal %w[sub/], rel(Dir.glob(File.join(TMP, "*/")))
  assert_equal %w[a.rb], rel(Dir.glob(File.join(TMP, "a.rb")))
  assert_equal [], Dir.glob(File.join(TMP, "none.rb"))
  assert_equal [], Dir.glob(File.join(TMP, "nodir", "*"))
  assert_equal %w[x[1]], rel(Dir.glob(File.join(TMP, "x\\[1]")))
  assert_equal %w[a.rb c.txt], rel(Dir.glob([File.join(TMP, "a.*"), File.join(TMP, "c.*")]))
  assert_equal %w[a.rb c.txt], rel(Dir[File.join(TMP, "a.*"), File.join(TMP, "c.*")])
  got = []
  assert_nil Dir.glob(File.join(TMP, "*.txt")) { |f| got << f }
  assert_equal [File.join(TMP, "c.txt")], got
  Dir.chdir(TMP) do
    assert_equal %w[a.rb b.rb], Dir["*.rb"]
    assert_equal %w[sub/d.rb sub/deep/e.rb], Dir["sub/**/*.rb"]
    assert_equal %w[sub/deep], Dir["**/deep"]
    assert_equal %w[c.txt], Dir["*.{txt,none}"]
  end
  assert_raise(TypeError) { Dir.glob(nil) }
end

test "glob: a pattern for dot files matches . and .." do
  Dir.chdir(TMP) do
    assert_equal %w[. .. .dot.rb .hid], Dir.glob(".*").sort
    assert_equal %w[.. .dot.rb .hid], Dir.glob(".?*").sort
    assert_equal %w[..], Dir.glob(".?")
    assert_equal %w[. .. .dot.rb .hid a.rb b.rb c.txt sub x[1]], Dir.glob("*", File::FNM_DOTMATCH).sort
    assert_equal %w[sub/. sub/..], Dir.glob("sub/.*").sort
    assert_equal %w[. .. .dot.rb .hid sub/. sub/.. sub/deep/. sub/deep/..], Dir.glob("**/.*").sort
    assert_equal %w[../ ./ .hid/], Dir.glob(".*/").sort
    assert_equal %w[.hid/f.rb], Dir.glob(".h*/*.rb")
    assert_equal %w[sub/d.rb sub/deep/e.rb], Dir.glob("**/*.rb").grep(/sub/)
  end
end

test "fnmatch" do
  assert_true File.fnmatch("cat", "cat")
  assert_false File.fnmatch("cat", "category")
  assert_true File.fnmatch("c{at,ub}s", "c{at,ub}s")
  assert_false File.fnmatch("c{at,ub}s", "cats")
  assert_true File.fnmatch("c?t", "cat")
  assert_false File.fnmatch("c??t", "cat")
  assert_true File.fnmatch("c*", "cats")
  assert_true File.fnmatch("c*t", "c/a/b/t")
  assert_true File.fnmatch("ca[a-z]", "cat")
  assert_false File.fnmatch("ca[^t]", "cat")
  assert_false File.fnmatch("cat", "CAT")
  assert_true File.fnmatch("cat", "CAT", File::FNM_CASEFOLD)
  assert_false File.fnmatch("?", "/", File::FNM_PATHNAME)
  assert_false File.fnmatch("*", "/", File::FNM_PATHNAME)
  assert_false File.fnmatch("[/]", "/", File::FNM_PATHNAME)
  assert_true File.fnmatch("\\?", "?")
  assert_false File.fnmatch("\\a", "\\a")
  assert_true File.fnmatch("\\a", "\\a", File::FNM_NOESCAPE)
  assert_true File.fnmatch("[\\?]", "?")
  assert_false File.fnmatch("*", ".profile")
  assert_true File.fnmatch("*", ".profile", File::FNM_DOTMATCH)
  assert_true File.fnmatch(".*", ".profile")
  assert_true File.fnmatch("*", "dave/.profile")
  assert_false File.fnmatch("**/*.rb", "main.rb")
  assert_false File.fnmatch("**/*.rb", "./main.rb")
  assert_true File.fnmatch("**/*.rb", "lib/song.rb")
  assert_true File.fnmatch("**.rb", "main.rb")
  assert_false File.fnmatch("**.rb", "./main.rb")
  assert_true File.fnmatch("**.rb", "lib/song.rb")
  assert_true File.fnmatch("*", "dave/.profile")
  assert_true File.fnmatch("**/foo", "a/b/c/foo", File::FNM_PATHNAME)
  assert_true File.fnmatch("**/foo", "/a/b/c/foo", File::FNM_PATHNAME)
  assert_true File.fnmatch("**/foo", "c:/a/b/c/foo", File::FNM_PATHNAME)
  assert_false File.fnmatch("**/foo", "a/.b/c/foo", File::FNM_PATHNAME)
  assert_true File.fnmatch("**/foo", "a/.b/c/foo", File::FNM_PATHNAME | File::FNM_DOTMATCH)
  assert_true File.fnmatch?("*/*", "a/b", File::FNM_PATHNAME)
  assert_raise(TypeError) { File.fnmatch(1, "a") }
end
