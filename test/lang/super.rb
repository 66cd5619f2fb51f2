# super.rb: super with arguments, super() and bare super (which passes the
# current values of the parameters, 1.8), blocks passed along, super from
# blocks, through modules in the chain, in class methods and initialize,
# and the error when there is no superclass method.
require 'assert'

class P1
  def m(a, b = 2, *rest, &blk)
    [a, b, rest, blk ? blk.call : nil]
  end
  def one(x); [:p1, x]; end
  def noargs; :p1_noargs; end
  def self.build(x); [:built, x]; end
  def initialize(v = :default); @v = v; end
  attr_reader :v
end

class C1 < P1
  def m(a, b = 5, *rest, &blk)
    super
  end
  def one(x); super(x * 10); end
  def noargs; [super(), super]; end
  def self.build(x); super.reverse; end
end

test "bare super passes the parameters" do
  c = C1.new
  assert_equal [1, 5, [], nil], c.m(1)
  assert_equal [1, 2, [3, 4], nil], c.m(1, 2, 3, 4)
  assert_equal [1, 5, [], :blk], c.m(1) { :blk }
  assert_equal [:p1, 20], c.one(2)
  assert_equal [:p1_noargs, :p1_noargs], c.noargs
  assert_equal [1, :built], C1.build(1)
end

class C2 < P1
  def one(x)
    x = :changed          # 1.8: a bare super sends the variable's current value
    super
  end
  def m(a, *rest)
    rest << :added
    super
  end
end

test "bare super sees reassigned parameters" do
  assert_equal [:p1, :changed], C2.new.one(1)
  assert_equal [1, 2, [:added], nil], C2.new.m(1, 2)
end

class C3 < P1
  def initialize(v, extra); super(v); @extra = extra; end
  attr_reader :extra
end
class C4 < P1
  def initialize; super; end      # no parameters: passes none
end

test "super in initialize" do
  c = C3.new(:val, :x)
  assert_equal [:val, :x], [c.v, c.extra]
  assert_equal :default, C4.new.v
end

class C5 < P1
  def m(a, *r)
    [1].map { super(a, :from_block) }.first
  end
  def one(x)
    [1].each { return super }
  end
  def noargs
    l = lambda { super() }
    l.call
  end
end

test "super from inside blocks" do
  assert_equal [:a, :from_block, [], nil], C5.new.m(:a)
  assert_equal [:p1, 3], C5.new.one(3)
  assert_equal :p1_noargs, C5.new.noargs
end

class C6 < P1
  def m(*args, &b); super(*args, &b); end
  def one(x); super(x) { :ignored }; end
end

test "super with explicit block and splat" do
  assert_equal [1, 2, [3], :b], C6.new.m(1, 2, 3) { :b }
  assert_equal [:p1, 9], C6.new.one(9)
  r = C6.new.m(7, &lambda { :l })
  assert_equal [7, 2, [], :l], r
end

module Wrap
  def one(x); [:wrap, super]; end
  def noargs; [:wrap_noargs, super]; end
end

module Wrap2
  def one(x); [:wrap2, super(x + 1)]; end
end

class C7 < P1
  include Wrap
  include Wrap2
  def one(x); [:c7, super]; end
end

test "super through modules in the chain" do
  assert_equal [:c7, [:wrap2, [:wrap, [:p1, 2]]]], C7.new.one(1)
  assert_equal [:wrap_noargs, :p1_noargs], C7.new.noargs
  o = P1.new
  o.extend(Wrap)
  assert_equal [:wrap, [:p1, 5]], o.one(5)
end

module Countable
  def self.included(b); b.extend(ClassMethods); end
  module ClassMethods
    def build(x); [:countable, super]; end
  end
end

class C8 < P1
  include Countable
end

test "super in class methods via extend" do
  assert_equal [:countable, [:built, 1]], C8.build(1)
end

test "super with no superclass method" do
  k = Class.new { def lonely; super; end }
  e = assert_raise(NoMethodError) { k.new.lonely }
  assert_match(/\Asuper: no superclass method `lonely' for #<#<Class:0x[0-9a-f]+>:0x[0-9a-f]+>\z/, e.message)
  k2 = Class.new { def to_s; "x" + super; end }
  assert_match(/\Ax#<#<Class:0x[0-9a-f]+>:0x[0-9a-f]+>\z/, k2.new.to_s)
end

class MMBase
  def method_missing(n, *a); [:mm, n, a]; end
end
class MMSub < MMBase
  def hello(x); super; end
end

test "super into method_missing" do
  assert_equal [:mm, :hello, [1]], MMSub.new.hello(1)
end

class AliasBase; def greet; :base; end; end
class AliasSub < AliasBase
  def greet; [:sub, super]; end
  alias hello greet
end

test "super from an aliased method" do
  assert_equal [:sub, :base], AliasSub.new.greet
  assert_equal [:sub, :base], AliasSub.new.hello
end

class DefMethBase; def dm(x); [:base, x]; end; end
class DefMethSub < DefMethBase
  define_method(:dm) { |x| [:sub, super(x)] }
end

test "super with arguments from define_method" do
  assert_equal [:sub, [:base, 4]], DefMethSub.new.dm(4)
end

# Not sure of 1.8.7 here: its eval.c (NODE_ZSUPER with DMETHOD_P) passes
# the arguments the method was called with; 1.9 raises RuntimeError
# "implicit argument passing of super from method defined by
# define_method() is not supported".  We follow our reading of 1.8.7.
test "bare super from define_method passes the call's arguments" do
  k = Class.new(DefMethBase) { define_method(:dm) { |x| super } }
  assert_equal [:base, 1], k.new.dm(1)
end

test "super in singleton methods" do
  s = "abc"
  def s.upcase; "<" + super + ">"; end
  assert_equal "<ABC>", s.upcase
  def s.sub(*a); super; end
  assert_equal "xbc", s.sub("a", "x")
end

class Yielding
  def each_twice; yield 1; yield 2; end
end
class YieldingSub < Yielding
  def each_twice; super; end           # the block is passed on implicitly
end

test "the block goes with super" do
  got = []
  YieldingSub.new.each_twice { |x| got << x }
  assert_equal [1, 2], got
  k = Class.new(Yielding) { def each_twice(&b); super(&nil) rescue :no_block; end }
  assert_equal :no_block, k.new.each_twice { }
end
