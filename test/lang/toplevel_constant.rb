# toplevel_constant.rb: Scope::X as 1.8.7 looks it up: in the scope and
# its ancestors; a class that finds X only in Object warns "toplevel
# constant X referenced by Foo::X" (by default and under -w, not -W0); a
# module does not look in Object at all.
require 'assert'

RUBY = File.readlink("/proc/self/exe")

def tc_run(opts, code)
  IO.popen("#{RUBY} #{opts} -e '#{code}' 2>&1") { |io| io.read }
end

class TcFoo; end
module TcMod; end
class TcBar; X = 1; end
class TcBaz < TcBar; end

test "Class::X finds the toplevel X, with a warning" do
  saved, $VERBOSE = $VERBOSE, nil         # not to print the warnings here
  assert_same String, TcFoo::String
  assert_same Comparable, TcFoo::Comparable
  $VERBOSE = saved
  assert_equal 1, TcBaz::X
  assert_same String, Object::String
  assert_equal "constant", defined?(TcFoo::String)
  assert_same String, TcFoo.const_get(:String)
end

test "the warning, by default and under -w" do
  w = "-e:1: warning: toplevel constant String referenced by Foo::String\n"
  assert_equal w + "String\n", tc_run("", 'class Foo; end; p Foo::String')
  assert_equal w + "String\n", tc_run("-w", 'class Foo; end; p Foo::String')
  assert_equal "String\n", tc_run("-W0", 'class Foo; end; p Foo::String')
  assert_equal "String\n", tc_run("", '$VERBOSE = nil; class Foo; end; p Foo::String')
  assert_equal "1\n", tc_run("", 'class B; X = 1; end; class Foo < B; end; p Foo::X')
  assert_equal "String\n", tc_run("", 'class Foo; p String; end')
  assert_equal "\"constant\"\n", tc_run("", 'class Foo; end; p defined?(Foo::String)')
end

test "Module::X does not look in Object" do
  e = assert_raise(NameError) { TcMod::String }
  assert_equal "uninitialized constant TcMod::String", e.message
  assert_nil defined?(TcMod::String)
  assert_same String, TcMod.const_get(:String)     # const_get does, as in 1.8.7
  assert_same String, (module TcMod; String; end)
  e = assert_raise(NameError) { TcFoo::TcNoSuch }
  assert_equal "uninitialized constant TcFoo::TcNoSuch", e.message
end
