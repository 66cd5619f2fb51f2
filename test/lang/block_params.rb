# block_params.rb: block parameters as 1.8.7 binds them: to_ary that
# answers a non-Array, |&b|, the leniency of |a| (a warning, never an
# error), lambdas strict when called but not when yielded to, nested
# patterns of a called lambda, |(a, b)| as |a, b|, Method#to_proc.
require 'assert'

RUBY = File.readlink("/proc/self/exe")

# stderr and stdout of a one-line program
def bp_run(code)
  IO.popen("#{RUBY} -e '#{code}' 2>&1") { |io| io.read }
end

def bp_yield(x) yield x end
def bp_yield2; yield 1, 2; end
def bp_yield0; yield; end

class BpBadAry; def to_ary; 1; end; end
class BpNilAry; def to_ary; nil; end; end

test "to_ary answering a non-Array is a TypeError" do
  o = BpBadAry.new
  e = assert_raise(TypeError) { bp_yield(o) { |a, b| } }
  assert_equal "BpBadAry#to_ary should return Array", e.message
  assert_raise(TypeError) { a, b = o }
  assert_raise(TypeError) { (a, b), c = o, 1 }
  assert_raise(TypeError) { [o].each { |(a, b)| } }
  assert_raise(TypeError) { for a, b in [o]; end }
  assert_raise(TypeError) { a, b = *o }
  assert_raise(TypeError) { [*o] }
  assert_raise(TypeError) { p(*o) }
  assert_equal [o], [o].map { |a| a }           # |a| does not convert
end

test "to_ary answering nil: not an Array, except in a, b = v" do
  o = BpNilAry.new
  assert_equal [o, nil], bp_yield(o) { |a, b| [a, b] }
  a, b = *o
  assert_equal [o, nil], [a, b]
  (a, b), c = o, 1
  assert_equal [o, nil, 1], [a, b, c]
  e = assert_raise(TypeError) { a, b = o }
  assert_equal "BpNilAry#to_ary should return Array", e.message
  assert_raise(TypeError) { a, = o }
  *a = o
  assert_equal [o], a
end

test "|&b| alone takes no values when called" do
  e = assert_raise(ArgumentError) { lambda { |&b| }.call(3) }
  assert_equal "wrong number of arguments (1 for 0)", e.message
  assert_nil lambda { |&b| b }.call
  e = assert_raise(ArgumentError) { lambda { |a, &b| }.call(3, 4) }
  assert_equal "wrong number of arguments (2 for 1)", e.message
  e = assert_raise(ArgumentError) { proc { |a, &b| }.call }
  assert_equal "wrong number of arguments (0 for 1)", e.message
  assert_equal [1, nil], Proc.new { |a, &b| [a, b] }.call(1, 2)
  assert_equal 1, proc { |&b| }.arity
end

test "|a| is lenient: nil for no value, an Array for several" do
  saved, $VERBOSE = $VERBOSE, nil
  assert_nil lambda { |a| a }.call
  assert_nil lambda { |a| a }[]
  assert_equal [1, 2], proc { |v| v }.call(1, 2)
  assert_equal [1, 2], Proc.new { |v| v }.call(1, 2)
  assert_nil bp_yield0 { |a| a }
  assert_equal [1, 2], bp_yield2 { |a| a }
  assert_equal [1, 2], bp_yield2(&lambda { |a| a })
  $VERBOSE = saved
end

test "|a| given several values warns as 1.8.7" do
  out = bp_run('p proc { |v| v }.call(1, 2)')
  assert_equal "-e:1: warning: multiple values for a block parameter (2 for 1)\n\tfrom -e:1\n[1, 2]\n", out
  out = bp_run('p lambda { |a| a }.call')
  assert_equal "-e:1: warning: multiple values for a block parameter (0 for 1)\n\tfrom -e:1\nnil\n", out
  assert_equal "nil\n", bp_run('$VERBOSE = nil; p lambda { |a| a }.call')
end

test "define_method bodies: |a| lenient, |a, b| strict" do
  saved, $VERBOSE = $VERBOSE, nil
  k = Class.new do
    define_method(:one) { |a| a }
    define_method(:two) { |a, b| [a, b] }
    define_method(:empty) { || 0 }
    define_method(:none) { 0 }
  end.new
  assert_nil k.one
  assert_equal [1, 2], k.one(1, 2)
  assert_equal [1, 2], k.two(1, 2)
  e = assert_raise(ArgumentError) { k.two([1, 2]) }
  assert_equal "wrong number of arguments (1 for 2)", e.message
  assert_raise(ArgumentError) { k.empty(1) }
  assert_equal 0, k.none(1, 2)
  $VERBOSE = saved
end

test "a called lambda checks its arity; yielded to, it does not" do
  l = lambda { |a, b| [a, b] }
  e = assert_raise(ArgumentError) { l.call(1, 2, 3) }
  assert_equal "wrong number of arguments (3 for 2)", e.message
  e = assert_raise(ArgumentError) { l.call([1, 2]) }
  assert_equal "wrong number of arguments (1 for 2)", e.message
  assert_equal [1, 2], bp_yield([1, 2], &l)
  def bp_ysplat(a) yield(*a) end
  assert_equal [[1, 2], nil], bp_ysplat([[1, 2]], &l)
  assert_equal [1, nil], bp_yield(1, &l)
  def bp_yield3; yield 1, 2, 3; end
  assert_equal [1, 2], bp_yield3(&l)
  assert_equal [1, 2], [[1, 2]].map(&l).first
  assert_equal 0, bp_yield2(&lambda { || 0 })
  e = assert_raise(ArgumentError) { lambda { || 0 }.call(1) }
  assert_equal "wrong number of arguments (1 for 0)", e.message
  assert_equal 1, lambda { 1 }.call(1, 2)
  assert_equal [[1, 2], []], lambda { |a, *b| [a, b] }.call([1, 2])
  assert_equal [1, 2], lambda { |a,| a }.call([1, 2])
end

test "a called lambda checks nested patterns too" do
  l = lambda { |(a, b), c| [a, b, c] }
  assert_equal [1, 2, 3], l.call([1, 2], 3)
  e = assert_raise(ArgumentError) { l.call(1, 2) }
  assert_equal "wrong number of arguments (1 for 2)", e.message
  e = assert_raise(ArgumentError) { l.call([], 1) }
  assert_equal "wrong number of arguments (0 for 2)", e.message
  e = assert_raise(ArgumentError) { l.call([]) }            # the inner one first
  assert_equal "wrong number of arguments (0 for 2)", e.message
  e = assert_raise(ArgumentError) { l.call }                # missing: not looked into
  assert_equal "wrong number of arguments (0 for 2)", e.message
  e = assert_raise(ArgumentError) { lambda { |(a, *b), c| }.call([], 1) }
  assert_equal "wrong number of arguments (0 for 1)", e.message
  assert_equal [1, nil, 2], Proc.new { |(a, b), c| [a, b, c] }.call(1, 2)
end

test "|(a, b)| is |a, b|" do
  assert_equal [1, 2], lambda { |(a, b)| [a, b] }.call(1, 2)
  assert_equal 2, proc { |(a, b)| }.arity
  assert_equal [1, 2], bp_yield2 { |(a, b)| [a, b] }
  assert_equal [1, 2], bp_yield([1, 2]) { |(a, b)| [a, b] }
  assert_equal "[1, 2]\n", bp_run('def y; yield 1, 2; end; y { |(a, b)| p [a, b] }')   # no warning
end

class BpM
  def m0; end
  def m1(a) a end
  def m2(a, b) [a, b] end
  def mo(a, b = 1) end
  def ms(*a) a end
  def mb(&b) end
end

test "Method#to_proc: the method's arity; one Array value is the arguments" do
  k = BpM.new
  [:m0, :m1, :m2, :mo, :ms, :mb].each do |m|
    assert_equal k.method(m).arity, k.method(m).to_proc.arity, m.to_s
  end
  assert_equal [0, 1, 2, -2, -1, 0], [:m0, :m1, :m2, :mo, :ms, :mb].map { |m| k.method(m).to_proc.arity }
  assert_equal 1, "s".method(:+).to_proc.arity
  assert_equal [[1, 2]], [[1, 2]].map(&k.method(:m2))
  assert_equal [1, 2], k.method(:m2).to_proc.call([1, 2])
  assert_equal [[1, 2]], [[1, 2]].map(&k.method(:ms))
  assert_equal [[]], [[]].map(&k.method(:ms))
  assert_equal [nil], k.method(:ms).to_proc.call(nil)
  e = assert_raise(ArgumentError) { [[1, 2]].map(&k.method(:m1)) }
  assert_equal "wrong number of arguments (2 for 1)", e.message
  assert_equal [1], [1].map(&k.method(:m1))
end
