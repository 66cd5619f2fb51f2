# require and load as 1.8.7: feature names in $" as written (with the
# extension found, ~ expanded), a name already in $" is not loaded again,
# load adds no extension, and load(file, true) wraps the file in a module.
require 'assert'

DIR = File.join(ENV['TMPDIR'] || '/tmp', "mr-require-#{$$}")
Dir.mkdir(DIR)
Dir.mkdir(File.join(DIR, "sub"))
at_exit { system("rm", "-rf", DIR) }
def write(name, body) File.open(File.join(DIR, name), "w") { |f| f.puts body } end
write "rqa.rb", "$rq_log << :a"
write "rqnoext", "$rq_log << :noext"
write "sub/rqb.rb", "$rq_log << :b"
write "rqc.rb", "$rq_log << :c"
write "rqd.rb", "$rq_log << :d"
$rq_log = []
$: << DIR

test "a name in $\" is not required again" do
  $" << "fileutils.rb"
  assert_false require("fileutils")
  $" << "rqzz"
  assert_false require("rqzz")
  $" << "rqyy.rb"
  assert_false require("rqyy")
  assert_false require("rqyy.rb")
  $" << "rqww"
  assert_raise(LoadError, "no such file to load -- rqww.rb") { require "rqww.rb" }
  assert_false require("enumerator")
  assert_false require("enumerator.so")
end

test "features are the names as written" do
  $rq_log.clear
  Dir.chdir(DIR) do
    assert_true require("rqa")
    assert_false require("rqa.rb")
    assert_true require("./rqa")
    assert_true require(File.join(DIR, "rqa"))
    assert_false require("./rqa.rb")
    assert_equal ["rqa.rb", "./rqa.rb", File.join(DIR, "rqa.rb")], $"[-3..-1]
    assert_true require("sub/rqb")
    assert_true require("./sub/rqb")
    assert_true require("sub/../sub/rqb")
    assert_equal ["sub/rqb.rb", "./sub/rqb.rb", "sub/../sub/rqb.rb"], $"[-3..-1]
    assert_true require("rqc.rb")
    assert_false require("rqc")
  end
  assert_equal [:a, :a, :a, :b, :b, :b, :c], $rq_log
  assert_raise(LoadError, "no such file to load -- rq_nonexist") { require "rq_nonexist" }
  assert_raise(LoadError, "no such file to load -- ") { require "" }
end

test "~ in require and load" do
  $rq_log.clear
  saved = ENV["HOME"]
  begin
    ENV["HOME"] = DIR
    assert_true require("~/rqd")
    assert_equal File.join(DIR, "rqd.rb"), $".last
    assert_false require("~/rqd.rb")
    assert_true load("~/rqd.rb")
    assert_raise(LoadError, "no such file to load -- ~/rq_nonexist") { require "~/rq_nonexist" }
  ensure
    ENV["HOME"] = saved
  end
  assert_equal [:d, :d], $rq_log
end

test "load takes the name as it is" do
  $rq_log.clear
  assert_true load("rqnoext")
  assert_raise(LoadError, "no such file to load -- rqa") { load "rqa" }
  assert_true load("rqa.rb")
  assert_raise(LoadError, "no such file to load -- sub/rqb") { load "sub/rqb" }
  assert_true load(File.join(DIR, "sub/rqb.rb"))
  assert_raise(LoadError, "no such file to load -- rq_nonexist") { load "rq_nonexist" }
  assert_equal [:noext, :a, :b], $rq_log
end

test "thread is thread.rb" do
  require "thread"
  assert_true $".include?("thread.rb")
  assert_false require("thread.rb")
end

write "rqwrap.rb", <<'SRC'
RqWrapConst = 1
module RqWrapMod; end
def rq_wrap_m; :m; end
$rq_log << [self.inspect, self.class, Module.nesting.size, RqWrapConst, rq_wrap_m, self.equal?(TOPLEVEL_BINDING.eval("self"))]
SRC

test "load(file, true) runs the file in an anonymous module" do
  $rq_log.clear
  assert_true load("rqwrap.rb", true)
  assert_equal [["main", Object, 1, 1, :m, false]], $rq_log
  assert_nil defined?(RqWrapConst)
  assert_nil defined?(RqWrapMod)
  assert_false respond_to?(:rq_wrap_m, true)
  assert_true load("rqwrap.rb", false)
  assert_equal "constant", defined?(RqWrapConst)
  assert_equal 0, $rq_log[1][2]
  assert_true $rq_log[1][5]
  assert_true respond_to?(:rq_wrap_m, true)
end
