# methods.rb: def with required, default, *rest and &block parameters,
# arity and its errors, return values, def self.x and singleton methods,
# yield/block_given?, send/__send__, method_missing, respond_to?, method
# objects, define_method, setters, predicate and bang names.
require 'assert'

def m_req(a, b); [a, b]; end
def m_opt(a, b = 2, c = a + b); [a, b, c]; end
def m_rest(a, *r); [a, r]; end
def m_all(a, b = :b, *r, &blk); [a, b, r, blk ? blk.call : nil]; end
def m_only_rest(*r); r; end
def m_blk(&b); b; end
def m_none; :none; end
def m_unnamed_rest(a, *); a; end

test "parameters" do
  assert_equal [1, 2], m_req(1, 2)
  assert_equal [1, 2, 3], m_opt(1)
  assert_equal [1, 5, 6], m_opt(1, 5)
  assert_equal [1, 5, 0], m_opt(1, 5, 0)
  assert_equal [1, []], m_rest(1)
  assert_equal [1, [2, 3]], m_rest(1, 2, 3)
  assert_equal [1, :b, [], nil], m_all(1)
  assert_equal [1, 2, [3, 4], :blk], m_all(1, 2, 3, 4) { :blk }
  assert_equal [], m_only_rest
  assert_equal [[1]], m_only_rest([1])
  assert_nil m_blk
  assert_kind_of Proc, m_blk { }
  assert_equal :none, m_none
  assert_equal :none, m_none()
  assert_equal 1, m_unnamed_rest(1, 2, 3)
  args = [1, 2]
  assert_equal [1, 2], m_req(*args)
  assert_equal [0, [1, 2]], m_rest(0, *args)
  assert_equal [1, [2]], m_rest(*[1, 2])
  assert_raise(SyntaxError) { eval("m_rest(*[1, 2], *[3])") }   # one splat, last: 1.8
  assert_equal [1, 2, 3], m_opt(*[1, 2, 3])
  assert_equal [{ :k => 1 }], m_only_rest(:k => 1)
  assert_equal [0, { :k => 1, :j => 2 }], m_only_rest(0, :k => 1, :j => 2)
  pr = lambda { :via_amp }
  assert_equal [1, :b, [], :via_amp], m_all(1, &pr)
end

test "argument count errors" do
  e = assert_raise(ArgumentError) { m_req(1) }
  assert_equal "wrong number of arguments (1 for 2)", e.message
  e = assert_raise(ArgumentError) { m_req(1, 2, 3) }
  assert_equal "wrong number of arguments (3 for 2)", e.message
  e = assert_raise(ArgumentError) { m_opt }
  assert_equal "wrong number of arguments (0 for 1)", e.message
  e = assert_raise(ArgumentError) { m_opt(1, 2, 3, 4) }
  assert_equal "wrong number of arguments (4 for 3)", e.message
  e = assert_raise(ArgumentError) { m_none(1) }
  assert_equal "wrong number of arguments (1 for 0)", e.message
  e = assert_raise(ArgumentError) { m_rest }
  assert_equal "wrong number of arguments (0 for 1)", e.message
end

test "arity" do
  assert_equal 2, method(:m_req).arity
  assert_equal(-2, method(:m_opt).arity)
  assert_equal(-2, method(:m_rest).arity)
  assert_equal(-2, method(:m_all).arity)
  assert_equal(-1, method(:m_only_rest).arity)
  assert_equal 0, method(:m_blk).arity
  assert_equal 0, method(:m_none).arity
  assert_equal 1, "".method(:concat).arity
  assert_equal(-1, "".method(:split).arity)
end

test "def returns nil in 1.8" do
  assert_nil(def m_tmp; end)
  assert_nil m_tmp
end

test "implicit return value and empty body" do
  def m_last; 1; 2; 3; end
  def m_empty; end
  assert_equal 3, m_last
  assert_nil m_empty
end

test "singleton methods" do
  o = Object.new
  def o.hello; "hello from #{self.class}"; end
  assert_equal "hello from Object", o.hello
  assert_equal ["hello"], o.singleton_methods
  assert_raise(NoMethodError) { Object.new.hello }
  s = "str"
  class << s
    def shout; upcase + "!"; end
  end
  assert_equal "STR!", s.shout
  assert_raise(SyntaxError) { eval("def 1.foo; end") }
  e = assert_raise(SyntaxError) { eval("def (1).foo; end") }
  assert_match(/can't define singleton method for literals/, e.message)
  k = Class.new
  def k.build; new; end
  assert_kind_of k, k.build
end

class Calc
  def self.square(x); x * x; end
  def Calc.cube(x); x ** 3; end
  class << self
    def double(x); x * 2; end
    attr_accessor :config
  end
end

test "class methods" do
  assert_equal 9, Calc.square(3)
  assert_equal 27, Calc.cube(3)
  assert_equal 8, Calc.double(4)
  Calc.config = :on
  assert_equal :on, Calc.config
  assert_equal 16, Calc::square(4)
  assert_equal ["cube", "double", "square"], (Calc.singleton_methods - ["config", "config="]).sort
end

def yielder1; yield; end
def yielder_args; yield 1, 2; end
def given?; block_given?; end
def pass_along(&b); yielder1(&b); end
def yield_value; yield(:v) + 1; end
def yield_array; yield [1, 2]; end
def yield_splat; a = [3, 4]; yield(*a); end

def iterator_test; iterator?; end

test "yield and block_given?" do
  assert_equal :y, yielder1 { :y }
  assert_equal [1, 2], yielder_args { |a, b| [a, b] }
  assert_true given? { }
  assert_false given?
  assert_true(given? do end)
  assert_equal :passed, pass_along { :passed }
  assert_equal 2, yield_value { |x| x == :v ? 1 : 0 }
  assert_equal [1, 2], yield_array { |a, b| [a, b] }
  assert_equal [[1, 2]], yield_array { |*a| a }
  assert_equal [3, 4], yield_splat { |a, b| [a, b] }
  assert_equal true, iterator_test { }
  assert_equal false, iterator_test
end

class Ghost
  def method_missing(name, *args, &blk)
    if name.to_s =~ /^get_(\w+)$/
      [$1, args, blk ? blk.call : nil]
    else
      super
    end
  end
  def respond_to?(name, priv = false)
    name.to_s =~ /^get_/ ? true : super
  end
end

test "method_missing and respond_to?" do
  g = Ghost.new
  assert_equal ["x", [1], nil], g.get_x(1)
  assert_equal ["y", [], :b], g.get_y { :b }
  e = assert_raise(NoMethodError) { g.other_thing }
  assert_match(/undefined method `other_thing' for #<Ghost/, e.message)
  assert_true g.respond_to?(:get_z)
  assert_false g.respond_to?(:other)
  assert_true g.respond_to?(:inspect)
  assert_false Object.new.respond_to?(:puts)        # private
  assert_true Object.new.respond_to?(:puts, true)
  assert_equal ["z", [], nil], g.send(:get_z)
end

class Secretive
  def pub; priv; end
  private
  def priv; :private_value; end
end

test "send and __send__" do
  assert_equal 3, 1.send(:+, 2)
  assert_equal 3, 1.__send__("+", 2)
  assert_equal :private_value, Secretive.new.send(:priv)   # 1.8: send ignores visibility
  assert_equal :private_value, Secretive.new.__send__(:priv)
  assert_raise(NoMethodError) { Secretive.new.priv }
  assert_equal [1, :b, [], :blk], send(:m_all, 1) { :blk }
  assert_equal "A-B", ["a", "b"].map { |s| s.send(:upcase) }.join("-")
  assert_raise(ArgumentError) { 1.send }
end

test "method objects" do
  m = 5.method(:+)
  assert_equal 8, m.call(3)
  assert_equal 8, m[3]
  assert_equal 1, m.arity
  assert_equal Method, m.class
  um = m.unbind
  assert_equal UnboundMethod, um.class
  assert_equal 12, um.bind(10).call(2)
  mm = method(:m_req)
  assert_equal [1, 2], mm.call(1, 2)
  assert_equal [[1, 2], [3, 4]], [[1, 2], [3, 4]].map { |pr| mm.call(*pr) }
  up = "abc".method(:upcase)
  assert_equal ["A", "B"], ["a", "b"].map(&:upcase)
  assert_equal "ABC", up.call
  pr = mm.to_proc
  assert_kind_of Proc, pr
  assert_equal [1, 2], pr.call(1, 2)
  assert_equal [2, 4, 6], [1, 2, 3].map(&2.method(:*))
  assert_equal "#<Method: Fixnum#+>", m.inspect
  assert_equal :m_req, mm.name.to_sym
  um2 = String.instance_method(:length)
  assert_equal 3, um2.bind("abc").call
  assert_raise(TypeError) { um2.bind(1) }
  assert_equal 5, m.receiver
  assert_equal Fixnum, m.owner
end

class Dyn
  define_method(:hi) { "hi" }
  define_method(:add) { |a, b| a + b }
  [:one, :two].each_with_index do |n, i|
    define_method("#{n}_val") { i + 1 }
  end
  define_method(:me, instance_method(:hi))
  def self.make(name, &b); define_method(name, &b); end
end

test "define_method" do
  d = Dyn.new
  assert_equal "hi", d.hi
  assert_equal 5, d.add(2, 3)
  assert_equal 1, d.one_val
  assert_equal 2, d.two_val
  assert_equal "hi", d.me
  Dyn.make(:made) { self.class }
  assert_equal Dyn, d.made
  Dyn.send(:define_method, :via_lambda, lambda { |x| x * 3 })
  assert_equal 9, d.via_lambda(3)
  assert_raise(ArgumentError) { d.add(1) }
  counter = 0
  Dyn.send(:define_method, :bump) { counter += 1 }
  d.bump
  d.bump
  assert_equal 2, counter
end

class Named
  attr_reader :v
  def v=(x); @v = x * 2; end
  def ok?; true; end
  def clear!; @v = nil; self; end
  def [](i); i * 10; end
  def []=(i, x); @v = [i, x]; end
  def +(o); :plus; end
  def -@; :neg; end
  def call; :called; end
  def `(s); "backtick #{s}"; end
  def test_bt; `hello`; end
end

test "special method names" do
  n = Named.new
  n.v = 2
  assert_equal 4, n.v
  assert_true n.ok?
  assert_same n, n.clear!
  assert_nil n.v
  assert_equal 30, n[3]
  n[1] = 2
  assert_equal [1, 2], n.v
  assert_equal :plus, n + 1
  assert_equal :neg, -n
  assert_equal :called, n.call
  assert_equal "backtick hello", n.test_bt
end

test "instance_variable_get/set" do
  o = Object.new
  o.instance_variable_set(:@x, 10)
  assert_equal 10, o.instance_variable_get(:@x)
  assert_equal ["@x"], o.instance_variables
  assert_nil o.instance_variable_get(:@nope)
  assert_raise(NameError) { o.instance_variable_set("x", 1) }
end

test "recursion" do
  def fact(n); n <= 1 ? 1 : n * fact(n - 1); end
  assert_equal 3628800, fact(10)
  assert_equal 2432902008176640000, fact(20)
  assert_equal Bignum, fact(30).class
  def fib(n); n < 2 ? n : fib(n - 1) + fib(n - 2); end
  assert_equal 610, fib(15)
end

test "methods defined inside methods go to the class" do
  def outer_def; def inner_def; :inner; end; end
  outer_def
  assert_equal :inner, inner_def
end

test "parentheses and command calls" do
  assert_equal [1, 2], m_req(1, 2)
  assert_equal [1, 2], (m_req 1, 2)
  r = m_req 1, m_req(2, 3)
  assert_equal [1, [2, 3]], r
  assert_equal "3", (1 + 2).to_s
  assert_equal [[1, 2]], [m_req(1, 2)]
  assert_equal [1, { :a => 2 }], m_req(1, :a => 2)
  assert_equal [1, { :a => 2 }], m_req(1, { :a => 2 })
end

test "Kernel methods as functions" do
  assert_equal "x", String("x")
  assert_equal 3, Integer("3")
  assert_equal 0x1f, Integer("0x1f")
  assert_equal 1.5, Float("1.5")
  assert_equal [1], Array(1)
  assert_equal [], Array(nil)
  assert_raise(ArgumentError) { Integer("3x") }
  assert_equal "1 2", format("%d %d", 1, 2)
  assert_equal "0x0a", sprintf("0x%02x", 10)
end

test "remove_method and undef_method" do
  k = Class.new { def a; :a; end; def b; :b; end }
  sub = Class.new(k) { def a; :sub_a; end }
  o = sub.new
  sub.send(:remove_method, :a)
  assert_equal :a, o.a                # the superclass's shows again
  sub.send(:undef_method, :b)
  assert_raise(NoMethodError) { o.b } # undef hides it for good
  assert_equal :b, k.new.b
  assert_raise(NameError) { sub.send(:remove_method, :zzz) }
end
