# Module#initialize_copy on a live module and Class#initialize, as 1.8.7
# does them: the module takes the other's methods and constants, the
# classes that included it keep the methods they had, a wrong argument is a
# TypeError, and a class cannot be initialized again.
require 'assert'

module CopyTarget; def from_target; :target; end; end
module CopySource; def from_source; :source; end; SOURCE = 1; end
class CopyIncluder; include CopyTarget; end

test "a live module copies another; its includers keep their methods" do
  assert_same CopyTarget, CopyTarget.send(:initialize_copy, CopySource)
  assert_equal ["from_source"], CopyTarget.instance_methods
  assert_equal 1, CopyTarget::SOURCE
  GC.start
  o = CopyIncluder.new
  assert_equal :target, o.from_target
  assert_raise(NoMethodError) { o.from_source }
  assert_equal "CopyTarget", CopyTarget.name
end

test "Comparable copying Kernel leaves String and Fixnum working" do
  Comparable.send(:initialize_copy, Kernel)
  GC.start
  assert_true "a".between?("a", "b")
  assert_true 1 < 2
  assert_equal "#<Object", Object.new.inspect[0, 8]
end

test "a module copies only a module" do
  m = Module.new
  assert_raise(TypeError, "initialize_copy should take same class object") { m.send(:initialize_copy, 1) }
  assert_raise(TypeError, "initialize_copy should take same class object") { m.send(:initialize_copy, String) }
  assert_raise(TypeError, "initialize_copy should take same class object") { m.send(:initialize_copy, nil) }
  assert_equal [], m.instance_methods
end

test "a module copying itself ends up without methods, as in 1.8.7" do
  m = Module.new { def x; 1; end }
  assert_same m, m.send(:initialize_copy, m)
  GC.start
  assert_equal [], m.instance_methods
end

test "dup and clone of a module still copy it" do
  c = Enumerable.dup
  assert_true c.instance_methods.include?("map")
  assert_equal "", Enumerable.clone.name
  assert_equal "b", Class.new(String).clone.new("b")
end

test "Class#initialize refuses a class, Module#initialize returns nil" do
  assert_raise(TypeError, "already initialized class") { String.send(:initialize) }
  assert_raise(TypeError, "already initialized class") { String.send(:initialize, Object, 1) }
  assert_raise(TypeError, "already initialized class") { Class.new.send(:initialize, Object) }
  assert_equal "s", String.new("s")
  assert_equal -1, Class.instance_method(:initialize).arity
  assert_nil Module.new.send(:initialize)
  m = Module.new
  assert_nil m.send(:initialize) { def in_m; end }
  assert_equal ["in_m"], m.instance_methods
  assert_kind_of Module, Module.new { }
  assert_kind_of Class, Class.new(String) { }
end
