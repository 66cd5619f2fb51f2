# classes.rb: class definitions and reopening, superclasses and their
# checks, initialize/new/allocate, class << self, Class.new, attr_*,
# alias and alias_method, undef, the inherited hook, class bodies as code,
# instance_of?/kind_of?/ancestors, to_s and inspect, dup/clone, freeze.
require 'assert'

class Animal
  attr_reader :name
  attr_writer :mood
  attr_accessor :age
  attr :legs            # 1.8: attr :x is a reader
  attr :tail, true      # 1.8: attr :x, true adds the writer
  def initialize(name, legs = 4)
    @name = name
    @legs = legs
  end
  def mood; @mood || :calm; end
  def speak; "..."; end
  def to_s; "#{self.class.name.downcase} #{@name}"; end
end

class Dog < Animal
  def speak; "Woof"; end
end

class Animal                      # reopened
  def reopened?; true; end
end

test "definition, inheritance and reopening" do
  d = Dog.new("rex")
  assert_equal "rex", d.name
  assert_equal 4, d.legs
  assert_equal "Woof", d.speak
  assert_equal "...", Animal.new("x").speak
  assert_true d.reopened?
  assert_equal Animal, Dog.superclass
  assert_equal Object, Animal.superclass
  assert_nil Object.superclass
  assert_equal "dog rex", d.to_s
  assert_equal "dog rex", "#{d}"
  d.mood = :happy
  assert_equal :happy, d.mood
  d.age = 3
  assert_equal 3, d.age
  d.tail = :long
  assert_equal :long, d.tail
  assert_raise(NoMethodError) { d.legs = 3 }
  assert_equal Class, Dog.class
  assert_equal "Dog", Dog.name
  assert_equal "Dog", Dog.to_s
  assert_equal [Dog, Animal, Object, Kernel], Dog.ancestors
end

test "class expression value and self in the body" do
  v = class Animal; 42; end
  assert_equal 42, v
  inside = class Animal; self; end
  assert_same Animal, inside
  assert_nil(class Animal; end)
end

# (messages of errors in "(eval)" code start with where they are, as in 1.8.7)
test "superclass mismatch" do
  e = assert_raise(TypeError) { eval("class Dog < String; end") }
  assert_equal "(eval):1: superclass mismatch for class Dog", e.message
  assert_nothing_raised { eval("class Dog < Animal; end") }
  assert_nothing_raised { eval("class Dog; end") }
  e = assert_raise(TypeError) { eval("class Comparable; end") }
  assert_equal "(eval):1: Comparable is not a class", e.message
  e = assert_raise(TypeError) { eval("class BadSuper < 3; end") }
  assert_equal "(eval):1: superclass must be a Class (Fixnum given)", e.message
  assert_raise(TypeError) { Class.new(Class) }
end

test "new, allocate, initialize" do
  k = Class.new do
    attr_reader :args
    def initialize(*args, &b); @args = args; @blk = b; end
    def blk; @blk; end
  end
  o = k.new(1, 2) { :b }
  assert_equal [1, 2], o.args
  assert_equal :b, o.blk.call
  a = k.allocate
  assert_nil a.args
  assert_raise(NoMethodError) { o.initialize }   # initialize is private
  assert_true k.private_instance_methods.include?("initialize")
  e = assert_raise(ArgumentError) { Animal.new }
  assert_equal "wrong number of arguments (0 for 1)", e.message
  assert_raise(ArgumentError) { Object.new(1) }
end

class Meta
  class << self
    def create; new; end
    attr_accessor :registry
    private
    def hidden; :h; end
  end
  self.registry = []
  def self.register(x); registry << x; end
end

test "class << self" do
  assert_kind_of Meta, Meta.create
  Meta.register(:a)
  assert_equal [:a], Meta.registry
  assert_raise(NoMethodError) { Meta.hidden }
  assert_equal :h, Meta.send(:hidden)
  meta = class << Meta; self; end
  assert_true meta.instance_methods(false).include?("create")
  o = Object.new
  sing = class << o; self; end
  assert_not_equal Object, sing
  assert_equal sing, (class << o; self; end)
  sing.send(:define_method, :only_me) { :me }
  assert_equal :me, o.only_me
end

module WithSingletons
  def self.one; end
end
module Extra; def extra; end; end

test "methods(false) lists singleton methods only, as singleton_methods(false)" do
  assert_equal ["one"], WithSingletons.methods(false)
  assert_equal ["start", "enable", "disable", "count", "stress", "stress="].sort, GC.methods(false).sort
  o = Object.new
  def o.mine; end
  o.extend(Extra)
  assert_equal ["mine"], o.methods(false)
  assert_equal ["extra", "mine"], o.singleton_methods.sort
  assert_true o.methods.include?("extra")
end

test "Class.new" do
  k = Class.new(Animal) do
    def speak; "anon"; end
  end
  assert_equal "anon", k.new("z").speak
  assert_equal Animal, k.superclass
  assert_equal "", k.name              # 1.8: an anonymous class's name is ""
  Named18 = k
  assert_equal "Named18", k.name
  m = Class.new { def self.c; :class_method; end }
  assert_equal :class_method, m.c
  assert_equal Object, Class.new.superclass
  x = 5
  l = Class.new { define_method(:x) { x } }
  assert_equal 5, l.new.x
end

class Base
  @subclasses = []
  class << self; attr_reader :subclasses; end
  def self.inherited(sub)
    Base.subclasses << sub.name
    super
  end
end
class SubA < Base; end
class SubB < Base; end
class SubA < Base; end     # reopening does not call inherited

test "inherited hook" do
  assert_equal ["SubA", "SubB"], Base.subclasses
end

class Aliased
  def orig; :orig; end
  alias copy orig
  alias :sym_copy :orig
  alias_method :am_copy, :orig
  alias_method "str_copy", "orig"
  def orig; :redefined; end
  def to_s; "aliased"; end
  alias inspect to_s
  alias + orig
end

test "alias and alias_method" do
  a = Aliased.new
  assert_equal :redefined, a.orig
  assert_equal :orig, a.copy
  assert_equal :orig, a.sym_copy
  assert_equal :orig, a.am_copy
  assert_equal :orig, a.str_copy
  assert_equal "aliased", a.inspect
  assert_equal :redefined, a.send(:+)  # aliased after orig was redefined
  e = assert_raise(NameError) { Aliased.send(:alias_method, :x, :nope) }
  assert_match(/undefined method `nope' for class `Aliased'/, e.message)
  assert_equal :orig, a.method(:copy).call
end

class Undefd
  def a; :a; end
  def b; :b; end
  def c; :c; end
  undef a
  undef :b, c
end

test "undef" do
  u = Undefd.new
  %w[a b c].each do |m|
    e = assert_raise(NoMethodError) { u.send(m) }
    assert_match(/undefined method `#{m}'/, e.message)
  end
  assert_false u.respond_to?(:a)
  e = assert_raise(NameError) { eval("class Undefd; undef zz; end") }
  assert_equal "(eval):1: undefined method `zz' for class `Undefd'", e.message
  k = Class.new(String) { undef length }
  assert_raise(NoMethodError) { k.new("abc").length }
  assert_equal 3, "abc".length
end

test "type predicates and ancestors" do
  d = Dog.new("r")
  assert_true d.instance_of?(Dog)
  assert_false d.instance_of?(Animal)
  assert_true d.kind_of?(Animal)
  assert_true d.is_a?(Object)
  assert_true d.is_a?(Kernel)
  assert_true Dog < Animal
  assert_true Dog <= Dog
  assert_false Animal < Dog
  assert_nil Dog < String
  assert_true Animal > Dog
  assert_equal(-1, Dog <=> Animal)
  assert_true Dog.ancestors.include?(Kernel)
  assert_true Dog.instance_methods.include?("speak")
  assert_true Dog.instance_methods(false).include?("speak")
  assert_false Dog.instance_methods(false).include?("name")
  assert_true Dog.method_defined?(:name)
  assert_true Dog.public_method_defined?(:speak)
  assert_true Integer === 3
  assert_equal Fixnum, 3.class
  assert_equal [Fixnum, Integer, Precision, Numeric, Comparable, Object, Kernel], Fixnum.ancestors
end

test "default to_s and inspect" do
  k = Class.new
  Plain18 = k
  o = Plain18.new
  assert_match(/\A#<Plain18:0x[0-9a-f]+>\z/, o.to_s)
  assert_match(/\A#<Plain18:0x[0-9a-f]+>\z/, o.inspect)
  o.instance_variable_set(:@a, 1)
  assert_match(/\A#<Plain18:0x[0-9a-f]+ @a=1>\z/, o.inspect)
  o.instance_variable_set(:@b, "s")
  assert_match(/\A#<Plain18:0x[0-9a-f]+ @a=1, @b="s">\z/, o.inspect)
  def o.to_s; "custom"; end
  assert_match(/@a=1/, o.inspect)    # 1.8: inspect shows ivars even with to_s
end

test "dup, clone and freeze" do
  a = Animal.new("orig")
  a.age = 1
  def a.single; :s; end
  d = a.dup
  c = a.clone
  assert_equal 1, d.age
  assert_raise(NoMethodError) { d.single }   # dup drops singleton methods
  assert_equal :s, c.single                  # clone keeps them
  a.freeze
  assert_true a.frozen?
  assert_true a.clone.frozen?
  assert_false a.dup.frozen?
  e = assert_raise(TypeError) { a.age = 2 }
  assert_equal "can't modify frozen object", e.message
  s = "str".freeze
  assert_raise(TypeError) { s << "x" }
  assert_false 5.frozen?          # 1.8: immediates are not frozen
  assert_false :sym.frozen?
  assert_false nil.frozen?
  k = Class.new { attr_accessor :v; def initialize_copy(o); @v = :copied; end }
  assert_equal :copied, k.new.dup.v
end

module CloneExtA; def ext_a; :a; end; end
module CloneExtB; include CloneExtA; def ext_b; :b; end; end
module CloneExtC; def ext_c; :c; end; end

test "clone keeps extended modules and class methods" do
  o = Object.new
  o.extend(CloneExtB)
  o.extend(CloneExtC)
  c = o.clone
  assert_equal [:a, :b, :c], [c.ext_a, c.ext_b, c.ext_c]
  meta = class << c; self; end
  assert_equal [CloneExtC, CloneExtB, CloneExtA, Object], meta.ancestors[0, 4]
  assert_false o.dup.respond_to?(:ext_a)
  k = Class.new { def self.made; :made; end; def inst; :inst; end }
  k.extend(CloneExtC)
  k2 = k.clone
  assert_equal :made, k2.made
  assert_equal :c, k2.ext_c
  assert_equal :inst, k2.new.inst
  def k2.only_copy; 1; end
  assert_false k.respond_to?(:only_copy)
  assert_equal :made, Class.new(k2).made
end

test "object identity and equality" do
  a = Object.new
  b = Object.new
  assert_true a == a
  assert_false a == b
  assert_true a.equal?(a)
  assert_true a.eql?(a)
  assert_not_equal a.object_id, b.object_id
  assert_equal a.object_id, a.__id__
  assert_kind_of Integer, a.hash
  assert_equal 1.object_id, 1.object_id
  assert_equal :s.object_id, :s.object_id
  assert_equal 4, nil.object_id
  assert_equal 2, true.object_id
  assert_equal 0, false.object_id
  assert_equal 3, 1.object_id
end

test "nested and namespaced classes" do
  eval <<-EOS
    module Outer18
      class Inner
        class Deep; def where; Module.nesting; end; end
      end
    end
    class Outer18::Inner::Deep
      def reopened; :yes; end
    end
  EOS
  d = Outer18::Inner::Deep.new
  assert_equal [Outer18::Inner::Deep, Outer18::Inner, Outer18], d.where
  assert_equal :yes, d.reopened
  assert_equal "Outer18::Inner::Deep", Outer18::Inner::Deep.name
  assert_raise(NameError) { eval("class NoSuchOuter::X; end") }
end

test "methods and instance_methods lists" do
  k = Class.new { def a; end; def b; end; private; def c; end; protected; def d; end }
  o = k.new
  assert_equal ["a", "b", "d"], k.instance_methods(false).sort
  assert_equal ["a", "b"], k.public_instance_methods(false).sort
  assert_equal ["c"], k.private_instance_methods(false)
  assert_equal ["d"], k.protected_instance_methods(false)
  assert_true o.methods.include?("a")
  assert_true o.methods.include?("d")
  assert_false o.methods.include?("c")
  assert_true o.private_methods.include?("c")
  assert_kind_of String, o.methods.first      # 1.8: names are Strings
end
