# Names given to reflective methods: Symbols, Strings, to_str objects and
# (1.8.7's Symbol#to_i) Fixnums, with 1.8.7's errors for anything else.
require 'assert'

class NameLike
  def initialize(s); @s = s; end
  def to_str; @s; end
end

class NamesTarget
  def hello; :hi; end
  private
  def secret; :s; end
end

def quietly
  saved, $VERBOSE = $VERBOSE, nil
  yield
ensure
  $VERBOSE = saved
end

test "a to_str object is a name" do
  o = Object.new
  o.instance_variable_set(NameLike.new("@a"), 1)
  assert_equal 1, o.instance_variable_get(NameLike.new("@a"))
  assert_true o.instance_variable_defined?(NameLike.new("@a"))
  assert_equal 3, 1.send(NameLike.new("+"), 2)
  assert_equal 3, 1.__send__(NameLike.new("+"), 2)
  assert_equal :hi, NamesTarget.new.method(NameLike.new("hello")).call
  assert_true NamesTarget.new.respond_to?(NameLike.new("hello"))
  assert_false NamesTarget.new.respond_to?(NameLike.new("secret"))
  assert_true NamesTarget.new.respond_to?(NameLike.new("secret"), true)
  assert_equal String, Object.const_get(NameLike.new("String"))
  assert_true Object.const_defined?(NameLike.new("String"))
  assert_true NamesTarget.method_defined?(NameLike.new("hello"))
  assert_equal [:a, :x], Struct.new(:a, NameLike.new("x")).new(1, 2).members.map { |m| m.to_sym }
  assert_equal "x", catch(NameLike.new("x")) { throw :x, "x" }
end

test "a Fixnum is the Symbol whose to_i it is" do
  quietly do
    assert_equal 3, 1.send(:+.to_i, 2)
    assert_equal 3, 1.method(:+.to_i).call(2)
    assert_true 1.respond_to?(:+.to_i)
    assert_equal String, Object.const_get(:String.to_i)
    o = Object.new
    o.instance_variable_set(:@iv, 5)
    assert_equal 5, o.instance_variable_get(:@iv.to_i)
    assert_equal 3, catch(:tag.to_i) { throw :tag, 3 }
    assert_raise(ArgumentError, "-1 is not a symbol") { 1.method(-1) }
    assert_raise(ArgumentError, "0 is not a symbol") { 1.send(0) }
    assert_raise(ArgumentError, "2 is not a symbol") { 1.send(2) }
    assert_equal :zork, :zork.to_i.to_sym
    assert_equal "zork", :zork.to_i.id2name
    assert_nil 3.to_sym
    assert_nil 3.id2name
  end
end

test "other objects are TypeErrors" do
  assert_raise(TypeError, "nil is not a symbol") { 1.send(nil) }
  assert_raise(TypeError, "nil is not a symbol") { 1.__send__(nil) }
  assert_raise(TypeError, "nil is not a symbol") { 1.respond_to?(nil) }
  assert_raise(TypeError, "1.5 is not a symbol") { 1.method(1.5) }
  assert_raise(TypeError, "1180591620717411303424 is not a symbol") { 1.method(2**70) }
  assert_raise(TypeError, "1.0 is not a symbol") { Object.instance_method(1.0) }
  assert_raise(TypeError, "nil is not a symbol") { Object.new.instance_variable_get(nil) }
  assert_raise(TypeError, "nil is not a symbol") { Object.const_get(nil) }
  assert_raise(TypeError, "[] is not a symbol") { Object.send(:define_method, []) { } }
  assert_raise(TypeError, /^#<Object:0x[0-9a-f]+> is not a symbol$/) { catch(Object.new) { } }
  assert_raise(TypeError, /is not a symbol/) { throw Object.new }
  assert_raise(ArgumentError, "interning empty string") { 1.send("") }
end

test "names must be of the right kind" do
  o = Object.new
  assert_nil o.instance_variable_get("@")
  assert_nil o.instance_variable_get("@a1")
  %w[a @1 @a? @@a @a-b].each do |n|
    assert_raise(NameError, "`#{n}' is not allowed as an instance variable name") { o.instance_variable_get(n) }
  end
  %w[A? A! A-b X::Y string].each do |n|
    assert_raise(NameError, "wrong constant name #{n}") { Object.const_get(n) }
  end
  assert_raise(NameError, "wrong constant name x") { Object.const_set(NameLike.new("x"), 1) }
  assert_raise(NameError, "uninitialized constant Ab_c") { Object.const_get("Ab_c") }
  %w[@@1 @@a? @a].each do |n|
    assert_raise(NameError, "`#{n}' is not allowed as a class variable name") { Object.send(:class_variable_get, n) }
  end
  assert_raise(NameError, "`a' is not allowed as a constant name") { Object.send(:remove_const, :a) }
  %w[a? a\ b @a a=].each do |n|
    assert_raise(NameError, "invalid attribute name `#{n}'") { Class.new.send(:attr_reader, n) }
  end
end

class CvarHolder; @@a = 1; @@b = 2; end
class CvarChild < CvarHolder; end

test "class variables: private accessors, remove_class_variable" do
  assert_raise(NoMethodError) { CvarHolder.class_variable_get(:@@a) }
  assert_raise(NoMethodError) { CvarHolder.class_variable_set(:@@a, 1) }
  assert_true CvarHolder.class_variable_defined?(:@@a)
  assert_equal 1, CvarHolder.send(:class_variable_get, "@@a")
  assert_raise(NameError, "cannot remove @@a for CvarChild") { CvarChild.send(:remove_class_variable, :@@a) }
  assert_equal 1, CvarHolder.send(:remove_class_variable, :@@a)
  assert_false CvarHolder.class_variable_defined?(:@@a)
  assert_raise(NameError, "class variable @@a not defined for CvarHolder") do
    CvarHolder.send(:remove_class_variable, :@@a)
  end
  assert_raise(NameError, "wrong class variable name b") { CvarHolder.send(:remove_class_variable, :b) }
  k = Class.new
  k.freeze
  assert_raise(TypeError, "can't modify frozen class/module") { k.send(:remove_class_variable, :@@b) }
end
