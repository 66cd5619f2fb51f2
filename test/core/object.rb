# Object and Class basics where 1.8.7 is particular: copying classes with
# initialize_copy, objects without to_s or inspect in error messages.
require 'assert'

test "initialize_copy refuses a class that is already initialized" do
  assert_raise(TypeError, "already initialized class") { String.send(:initialize_copy, Fixnum) }
  assert_equal "a", String.new("a")
  assert_equal String, "x".class
  assert_raise(TypeError, "already initialized class") { Class.new.send(:initialize_copy, String) }
  assert_raise(TypeError, "already initialized class") { Class.new.send(:initialize_copy, 1) }
  assert_equal "z", String.dup.new("z")
  c = String.clone
  assert_equal "", c.name
  assert_equal "w", c.new("w")
  assert_equal "q", Class.new(String).dup.new("q")
  m = Module.new
  assert_same m, m.send(:initialize_copy, Comparable)
  assert_true Comparable.clone.instance_methods.include?("between?")
  o = Object.new
  s = class << o; self; end
  assert_raise(TypeError, "can't copy singleton class") { s.dup }
  assert_raise(TypeError, "can't copy singleton class") { s.clone }
  assert_raise(TypeError, "initialize_copy should take same class object") { Object.new.send(:initialize_copy, "a") }
end

class CopiedClass; def hi; :hi; end; end
CopiedClass2 = CopiedClass.clone

test "a copied class works" do
  assert_equal :hi, CopiedClass2.new.hi
  assert_equal "CopiedClass2", CopiedClass2.name
  assert_equal Object, CopiedClass2.superclass
  assert_false CopiedClass2 == CopiedClass
end

test "an object without to_s: NoMethodError, no hang" do
  o = Object.new
  class << o; undef_method :to_s; end
  e = assert_raise(NoMethodError) { o.inspect }
  assert_match(/\Aundefined method `to_s' for #<Object:0x[0-9a-f]+>\z/, e.message)
  e = assert_raise(NoMethodError) { o.foo }
  assert_match(/\Aundefined method `foo' for #<Object:0x[0-9a-f]+>\z/, e.message)
  assert_raise(NoMethodError) { "#{o}" }
  assert_raise(NoMethodError) { [o].inspect }
  assert_raise(NoMethodError) { p(o) }
end

test "NoMethodError messages when inspect fails or is long" do
  o = Object.new
  class << o; undef_method :inspect; end
  assert_match(/for #<Object:0x[0-9a-f]+>\z/, assert_raise(NoMethodError) { o.foo }.message)
  o = Object.new
  def o.inspect; raise "boom"; end
  assert_match(/for #<Object:0x[0-9a-f]+>\z/, assert_raise(NoMethodError) { o.foo }.message)
  o = Object.new
  def o.inspect; "x" * 100; end
  assert_match(/for #<Object:0x[0-9a-f]+>\z/, assert_raise(NoMethodError) { o.foo }.message)
  o = Object.new
  def o.inspect; 5; end
  assert_equal "undefined method `foo' for 5:Object", assert_raise(NoMethodError) { o.foo }.message
end
