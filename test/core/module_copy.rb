# Module#initialize_copy on a live module, as 1.8.7 does it: the module
# takes the other's methods and constants, the classes that included it
# keep the methods they had, and a wrong argument is a TypeError.
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
