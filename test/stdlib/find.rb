# find.rb: lib/find.rb (Find.find, Find.prune).
require 'assert'
require 'find'

TOP = Dir.pwd
TMP = File.join(ENV['TMPDIR'] || '/tmp', "mr-find-#{$$}")
Dir.mkdir TMP
at_exit { Dir.chdir TOP; system("rm", "-rf", TMP) }
Dir.chdir TMP

def mkfile(path)
  File.open(path, "w") { |f| f.write path }
end

Dir.mkdir "t"
Dir.mkdir "t/a"
Dir.mkdir "t/a/deep"
Dir.mkdir "t/b"
mkfile "t/f1"
mkfile "t/a/f2"
mkfile "t/a/deep/f3"
File.symlink "a", "t/link"              # to a directory: not followed
File.symlink "nowhere", "t/dangling"

# What 1.8.7's walk yields: a path, then its entries depth first, in the
# reverse of the order the directory lists them.
def expected(path)
  out = [path]
  if File.directory?(path) && !File.symlink?(path)
    (Dir.entries(path) - [".", ".."]).reverse.each do |n|
      out.concat expected(File.join(path, n))
    end
  end
  out
end

test "find yields every path, preorder" do
  seen = []
  r = Find.find("t") { |p| seen << p }
  assert_nil r
  assert_equal expected("t"), seen
  assert_equal %w(t t/a t/a/deep t/a/deep/f3 t/a/f2 t/b t/dangling t/f1 t/link), seen.sort
  assert_equal "t", seen.first
  # a directory before what it holds
  assert_true seen.index("t/a") < seen.index("t/a/f2")
  assert_true seen.index("t/a/deep") < seen.index("t/a/deep/f3")
  # a subtree is finished before its sibling starts
  a = seen.index("t/a"); b = seen.index("t/b")
  inside = seen.select { |p| p =~ %r{\At/a/} }.map { |p| seen.index(p) }
  if a < b
    assert_true inside.all? { |i| i < b }
  else
    assert_true inside.all? { |i| i > a }
  end
end

test "several start paths, files, trailing slashes" do
  seen = []
  Find.find("t/a/deep", "t/f1") { |p| seen << p }
  assert_equal ["t/a/deep", "t/a/deep/f3", "t/f1"], seen
  seen = []
  Find.find("t/b/") { |p| seen << p }
  assert_equal ["t/b/"], seen
  seen = []
  Find.find("t/a/deep/") { |p| seen << p }
  assert_equal ["t/a/deep/", "t/a/deep/f3"], seen
  seen = []
  Find.find(File.expand_path("t/a/deep")) { |p| seen << p }
  assert_equal [File.join(TMP, "t/a/deep"), File.join(TMP, "t/a/deep/f3")], seen
  seen = []
  Find.find("t/link") { |p| seen << p }
  assert_equal ["t/link"], seen                     # the link, not its target
  seen = []
  Dir.chdir("t/a/deep") { Find.find(".") { |p| seen << p } }
  assert_equal [".", "./f3"], seen
end

test "prune" do
  seen = []
  Find.find("t") do |p|
    Find.prune if p == "t/a"
    seen << p
  end
  assert_equal expected("t") - expected("t/a"), seen
  assert_false seen.any? { |p| p =~ %r{\At/a} }
  seen = []
  Find.find("t", "t/b") do |p|
    Find.prune if p == "t"
    seen << p
  end
  assert_equal ["t/b"], seen
  # pruning a file only skips it
  seen = []
  Find.find("t/a") { |p| Find.prune if p =~ /f2\z/; seen << p }
  assert_equal expected("t/a") - ["t/a/f2"], seen
end

test "include Find" do
  klass = Class.new do
    include Find
    def names(dir)
      list = []
      find(dir) { |p| prune if p =~ /deep\z/; list << p }
      list
    end
  end
  assert_equal (expected("t/a") - expected("t/a/deep")), klass.new.names("t/a")
  assert_raise(NoMethodError) { klass.new.find("t") { } }    # module functions are private
end

test "missing paths and bad input" do
  seen = []
  Find.find("missing") { |p| seen << p }             # 1.8.7 yields it, no error
  assert_equal ["missing"], seen
  seen = []
  Find.find("missing", "t/b") { |p| seen << p }
  assert_equal ["missing", "t/b"], seen
  e = assert_raise(LocalJumpError) { Find.find("t") }
  assert_equal "no block given", e.message
  assert_raise(NoMethodError) { Find.find(5) { } }
  assert_raise(NameError, "uncaught throw `prune'") { Find.prune }   # outside find
  r = catch(:prune) { Find.prune; :not_here }
  assert_nil r
  # yielded strings are copies
  Find.find("t/b") { |p| p << "x" }
  seen = []
  start = "t/b"
  Find.find(start) { |p| seen << p }
  assert_equal "t/b", start
end

test "unreadable directory is passed over" do
  Dir.mkdir "locked"
  mkfile "locked/inner"
  File.chmod 0, "locked"
  seen = []
  begin
    Find.find("locked") { |p| seen << p }
  ensure
    File.chmod 0755, "locked"
  end
  if Process.euid == 0
    assert_equal ["locked", "locked/inner"], seen    # root reads it anyway
  else
    assert_equal ["locked"], seen
  end
end
