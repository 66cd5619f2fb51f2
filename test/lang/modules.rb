# modules.rb: module definitions, include (order and once only), extend,
# module_function, the included/extended hooks, Comparable/Enumerable as
# mixins, module constants and methods, instances of Module.
require 'assert'

module Greet
  DEFAULT = "hi"
  def greet; "#{DEFAULT} from #{name_for_greet}"; end
  def self.direct; :direct; end
end

module Loud
  def greet; super.upcase + "!"; end
end

class Person
  include Greet
  include Loud
  def name_for_greet; "person"; end
end

test "include and method lookup order" do
  assert_equal "HI FROM PERSON!", Person.new.greet
  assert_equal [Person, Loud, Greet, Object, Kernel], Person.ancestors
  assert_true Person.include?(Greet)
  assert_true Person.new.is_a?(Greet)
  assert_true Greet === Person.new
  assert_equal [Loud, Greet, Kernel], Person.included_modules
  assert_equal :direct, Greet.direct
  assert_equal "hi", Greet::DEFAULT
  assert_equal "hi", Person::DEFAULT           # constants come along
  assert_raise(NoMethodError) { Greet.greet }
  assert_raise(NoMethodError) { Greet.new }
  assert_equal Module, Greet.class
end

test "include once; later include goes first" do
  k = Class.new { include Greet; include Greet }
  assert_equal 1, k.ancestors.select { |m| m == Greet }.size
  m1 = Module.new { def w; :m1; end }
  m2 = Module.new { def w; :m2; end }
  k2 = Class.new { include m1; include m2 }
  assert_equal :m2, k2.new.w
  k3 = Class.new { include m1, m2 }          # include A, B: A ends up first
  assert_equal :m1, k3.new.w
  k4 = Class.new(k2) { include m1 }          # already in the superclass: skipped
  assert_equal :m2, k4.new.w
  assert_raise(TypeError) { Class.new { include String } }
  assert_raise(TypeError) { Class.new { include 3 } }
end

test "methods added to a module after include are seen" do
  m = Module.new
  k = Class.new { include m }
  o = k.new
  m.module_eval { def late; :late; end }
  assert_equal :late, o.late
end

test "modules including modules" do
  a = Module.new { def a; :a; end }
  b = Module.new { def b; :b; end }
  b.send(:include, a)
  k = Class.new { include b }
  assert_equal [:a, :b], [k.new.a, k.new.b]
  assert_true k.include?(a)
  assert_equal [b, a], k.ancestors[1, 2]
end

module Tagged
  def tag; "tagged #{self}"; end
end

test "extend" do
  o = "str"
  o.extend(Tagged)
  assert_equal "tagged str", o.tag
  assert_true o.is_a?(Tagged)
  assert_raise(NoMethodError) { "other".tag }
  k = Class.new { extend Tagged; def self.to_s; "K"; end }
  assert_equal "tagged K", k.tag
  m1 = Module.new { def x; :first; end }
  m2 = Module.new { def x; :second; end }
  o2 = Object.new
  o2.extend(m1, m2)               # like include: m1 ends up first
  assert_equal :first, o2.x
  assert_same o2, o2.extend(m1)
end

module Hooked
  @log = []
  class << self; attr_reader :log; end
  def self.included(base); @log << [:included, base]; super; end
  def self.extended(obj); @log << [:extended, obj.class]; end
end

test "included and extended hooks" do
  k = Class.new { include Hooked }
  Object.new.extend(Hooked)
  assert_equal [[:included, k], [:extended, Object]], Hooked.log
end

module Util
  module_function
  def helper(x); x * 2; end
  def other; helper(1); end
end

module Util2
  def a; :a; end
  def b; :b; end
  module_function :a
end

test "module_function" do
  assert_equal 4, Util.helper(2)
  assert_equal 2, Util.other
  k = Class.new { include Util; def call_it; helper(5); end }
  assert_equal 10, k.new.call_it
  assert_raise(NoMethodError) { k.new.helper(1) }   # the instance copy is private
  assert_equal :a, Util2.a
  assert_raise(NoMethodError) { Util2.b }
  assert_equal 2, Math.sqrt(4)
  assert_equal 8, Util.send(:helper, 4)
  # the module copy is separate from the instance method
  Util.module_eval { def helper(x); :redefined; end }
  assert_equal 4, Util.helper(2)
end

module SelfExtended
  extend self
  def util; :util; end
end

test "extend self" do
  assert_equal :util, SelfExtended.util
end

class Version
  include Comparable
  attr_reader :parts
  def initialize(s); @parts = s.split(".").map { |x| x.to_i }; end
  def <=>(o); parts <=> o.parts; end
  def to_s; parts.join("."); end
end

class NumberBag
  include Enumerable
  def initialize(*n); @n = n; end
  def each; @n.each { |x| yield x }; self; end
end

test "Comparable and Enumerable as mixins" do
  a = Version.new("1.2.3")
  b = Version.new("1.10")
  assert_true a < b
  assert_true b > a
  assert_true a == Version.new("1.2.3")
  assert_true a.between?(a, b)
  assert_equal b, [b, a].max
  assert_equal ["1.2.3", "1.10"], [b, a].sort.map { |v| v.to_s }
  bag = NumberBag.new(3, 1, 2)
  assert_equal [1, 2, 3], bag.sort
  assert_equal [6, 2, 4], bag.map { |x| x * 2 }
  assert_equal [3, 2], bag.select { |x| x > 1 }
  assert_equal 6, bag.inject { |s, x| s + x }
  assert_true bag.include?(2)
  assert_equal 3, bag.max
  assert_equal [3, 1, 2], bag.to_a
  assert_equal 1, bag.find { |x| x < 2 }
  assert_equal [[3, 0], [1, 1], [2, 2]], bag.each_with_index.to_a
  assert_equal [[3, 1], [2]], bag.partition { |x| x.odd? }
  assert_equal({ true => [3, 1], false => [2] }, bag.group_by { |x| x.odd? })
end

test "Module.new and module_eval" do
  m = Module.new do
    def mod_method; :mm; end
    def self.single; :single; end
  end
  assert_equal :single, m.single
  k = Class.new { include m }
  assert_equal :mm, k.new.mod_method
  assert_equal "", m.name                     # anonymous, as in 1.8
  NamedMod18 = m
  assert_equal "NamedMod18", m.name
  m.module_eval "def from_string; :fs; end"
  assert_equal :fs, k.new.from_string
  assert_equal [:fs], [m.instance_method(:from_string).bind(k.new).call]
end

module Deep
  module Deeper
    X = :deep_x
    def self.x; X; end
    class Thing; def x; X; end; end
  end
end

test "nested modules and constants" do
  assert_equal :deep_x, Deep::Deeper.x
  assert_equal :deep_x, Deep::Deeper::Thing.new.x
  assert_equal "Deep::Deeper::Thing", Deep::Deeper::Thing.name
  assert_true Deep.const_defined?(:Deeper)
  assert_equal ["Deeper"], Deep.constants
  assert_raise(NameError) { Deep::Nope }
  assert_raise(TypeError) { eval("module Deep::Deeper::Thing; end") }
end

test "private_class_method and public_class_method" do
  k = Class.new do
    def self.make; new; end
    private_class_method :new
  end
  assert_raise(NoMethodError) { k.new }
  assert_kind_of k, k.make
  k.send(:public_class_method, :new)
  assert_kind_of k, k.new
end

test "Module#=== and instance checks" do
  assert_true Enumerable === [1]
  assert_true Comparable === 1
  assert_false Enumerable === 1
  assert_true Kernel === Object.new
  assert_true Array.include?(Enumerable)
  assert_true Hash < Enumerable
  assert_nil String < Array
end

test "method_defined? and friends on modules" do
  assert_true Greet.method_defined?(:greet)
  assert_true Greet.instance_methods.include?("greet")
  assert_true Person.method_defined?(:greet)
  assert_false Util2.public_method_defined?(:a)
  assert_true Util2.private_method_defined?(:a)
  assert_true Util2.public_method_defined?(:b)
  assert_true Util.private_method_defined?(:other)
end
