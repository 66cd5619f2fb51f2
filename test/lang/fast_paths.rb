# fast_paths.rb: the evaluator's operator and attribute fast paths give the
# methods' answers (Fixnum and Float arithmetic, bit operators, comparisons
# of Floats with Fixnums, attr_reader/attr_writer at a call site that sees
# several classes).  Nothing here redefines a method: redefinition.rb does.
require 'assert'

test "Fixnum arithmetic, division and modulo" do
  assert_equal [-4, 2, -2, 3, -4], [7 / -2, -7 % 3, 7 % -3, 7 / 2, -7 / 2]
  assert_equal 4611686018427387904, (-2**62) / -1
  assert_equal Bignum, ((-2**62) / -1).class
  assert_equal Bignum, (2**62 - 1 + 1).class
  assert_equal Bignum, (4611686018427387903 * 2).class
  assert_equal Fixnum, (-4611686018427387904 - 0).class
  assert_equal Bignum, (-4611686018427387904 - 1).class
  e = assert_raise(ZeroDivisionError, "divided by 0") { 1 / 0 }
  assert_match(/in `\/'\z/, e.backtrace[0])
  e = assert_raise(ZeroDivisionError, "divided by 0") { 1 % 0 }
  assert_match(/in `%'\z/, e.backtrace[0])
  x = 10
  x /= 3
  assert_equal 3, x
  x *= 4
  assert_equal 12, x
end

test "Fixnum bit operators and shifts" do
  assert_equal [4, -5, 4], [5 & -2, -5 | 2, 5 ^ 1]
  assert_equal [4611686018427387904, -9223372036854775808, 0], [1 << 62, -1 << 63, 1 << -1]
  assert_equal Bignum, (1 << 62).class
  assert_equal Fixnum, (1 << 61).class
  assert_equal [0, -1, 4, 1024], [5 >> 70, -5 >> 70, 1 >> -2, 1 << 10]
  assert_equal [-4, 2], [-8 >> 1, 8 >> 2]
  assert_equal 2**100, 1 << 100
  assert_equal 1, (2**100) >> 100
  assert_equal 0, (2**100) & 1
end

test "Float arithmetic with Floats and Fixnums" do
  assert_equal [4.5, 4.5, 6.5, 3.5, 3.5], [3 * 1.5, 1.5 * 3, 7 - 0.5, 7.0 / 2, 7 / 2.0]
  assert_equal [1.5, 0.5], [7.5 % 2, -7.5 % 2]
  inf = 1.0 / 0
  assert_equal [inf, inf, -inf], [1.0 / 0, 1 / 0.0, -1 / 0.0]
  assert_true((0.0 / 0).nan?)
  assert_equal 0.30000000000000004, 0.1 + 0.2
  assert_equal "1.0e+76", (1e38 * 1e38).to_s
  assert_equal 2.0**60 + 1, 2**60 + 1.0          # the Fixnum rounds as a double
  assert_equal 1152921504606846976.0, (2**60 + 1) * 1.0
  assert_equal Float, (2**70 + 1.5).class       # a Bignum: the method
  assert_equal 2.0**70, 2**70 * 1.0
  x = 1.5
  x += 1
  x *= 2
  x -= 0.5
  x /= 2
  assert_equal 2.25, x
end

test "comparisons of Floats with Fixnums" do
  assert_equal [true, true, true, true, true], [3.0 == 3, 3 == 3.0, 2.5 > 2, 2 < 2.5, 2 <= 2.0]
  assert_equal [false, false], [3.5 == 3, 3 == 3.5]
  assert_equal [-1, 0, 1], [1.0 <=> 2, 2 <=> 2.0, 3 <=> 2.0]
  nan = 0.0 / 0
  assert_equal [false, false, false], [nan < 1, 1 < nan, nan == 1]
  assert_nil(nan <=> 1)
  assert_true 2**60 < 2.0**61
  assert_true 2**70 > 2.0**69                   # Bignums take the method
  assert_true((2**53 + 2) > 2.0**53)
end

class AttrA
  attr_accessor :a, :b
  def initialize(a, b) @a = a; @b = b end
end

class AttrB
  attr_accessor :b, :a
  def initialize(a, b) @b = b; @a = a end
end

class AttrC
  attr_accessor :a, :b
  def b=(v) @b = v * 10 end      # a writer that is a Ruby method
end

class AttrStr < String
  attr_accessor :a
end

test "attribute readers and writers at one call site over several classes" do
  objs = [AttrA.new(1, 2), AttrB.new(3, 4), AttrC.new, AttrStr.new("s")]
  c = objs[2]
  c.a = 5
  c.b = 6
  objs[3].a = 7
  assert_equal [1, 3, 5, 7], objs.map { |o| o.a }
  assert_equal [2, 4, 60, nil], objs.map { |o| o.respond_to?(:b) ? o.b : nil }
  objs.each { |o| o.a += 1 }
  assert_equal [2, 4, 6, 8], objs.map { |o| o.a }
  objs[0, 3].each { |o| o.b ||= 100 }
  assert_equal [2, 4, 60], objs[0, 3].map { |o| o.b }
  fresh = AttrC.new
  assert_nil fresh.a
  fresh.a ||= :set
  assert_equal :set, fresh.a
  fresh.b = 1
  fresh.b += 1
  assert_equal 110, fresh.b
  s = AttrA.new(1, 2)
  def s.a() :singleton end
  assert_equal [:singleton, 2], [s.a, s.b]
  s.b = 3
  assert_equal 3, s.b
  f = AttrA.new(1, 2).freeze
  assert_equal 1, f.a
  assert_raise(TypeError, "can't modify frozen object") { f.a = 2 }
  assert_raise(TypeError, "can't modify frozen object") { f.a += 2 }
  assert_raise(ArgumentError, "wrong number of arguments (1 for 0)") { objs[0].a(1) }
  assert_equal 2, objs[0].send(:a)
  assert_equal 9, objs[0].send(:a=, 9)
  assert_equal 9, objs[0].a
end
