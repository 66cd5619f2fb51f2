# Integer and Fixnum: arithmetic with 1.8.7 semantics, overflow into
# Bignum, bit operations, conversions, iteration.
require 'assert'

FIXMAX = 4611686018427387903   # 2**62 - 1
FIXMIN = -4611686018427387904  # -2**62

test "fixnum arithmetic" do
  assert_equal 5, 2 + 3
  assert_equal -1, 2 - 3
  assert_equal 6, 2 * 3
  assert_equal 3, 7 / 2
  assert_equal 1, 7 % 2
  assert_equal 8, 2 ** 3
  assert_equal 1, 5 ** 0
  assert_equal 0, 0 ** 5
  assert_equal 1, 1 ** 100
  assert_equal -1, (-1) ** 101
  assert_equal 1, (-1) ** 100
  assert_equal -8, (-2) ** 3
end

test "floor division and modulo" do
  assert_equal -4, -7 / 2
  assert_equal 1, -7 % 2
  assert_equal -4, 7 / -2
  assert_equal -1, 7 % -2
  assert_equal 3, -7 / -2
  assert_equal -1, -7 % -2
  assert_equal [-4, 1], -7.divmod(2)
  assert_equal [3, 1], 7.divmod(2)
  assert_equal [-4, -1], 7.divmod(-2)
  assert_equal -4, -7.div(2)
  assert_equal 1, -7.modulo(2)
  assert_equal -1, -7.remainder(2)
  assert_equal 1, 7.remainder(-2)
  assert_equal 0, 6.remainder(3)
end

test "division by zero" do
  assert_raise(ZeroDivisionError, "divided by 0") { 1 / 0 }
  assert_raise(ZeroDivisionError, "divided by 0") { 1 % 0 }
  assert_raise(ZeroDivisionError, "divided by 0") { 1.divmod(0) }
  assert_raise(ZeroDivisionError, "divided by 0") { 1.div(0) }
  assert_raise(ZeroDivisionError, "divided by 0") { 1.remainder(0) }
  assert_equal "Infinity", (1 / 0.0).to_s
  assert_equal "Infinity", 1.quo(0).to_s
  assert_equal "Infinity", 1.fdiv(0).to_s
end

test "1.8 powers and quo give Floats" do
  assert_equal 0.5, 2 ** -1
  assert_kind_of Float, 2 ** -1
  assert_equal 0.25, 2 ** -2
  assert_equal "Infinity", (0 ** -1).to_s
  assert_kind_of Float, 2 ** 0.5
  assert_equal 1.4142135623731, (2 ** 0.5 * 1e13).round / 1e13
  assert_equal 0.5, 1.quo(2)
  assert_kind_of Float, 1.quo(2)
  assert_equal 0.5, 1.fdiv(2)
  assert_equal 2.5, 5.quo(2)
  assert_equal 1.0, 1 ** 2.0
  assert_equal 0.0, 0 ** 2.0
end

test "overflow into Bignum and back" do
  assert_kind_of Fixnum, FIXMAX
  assert_kind_of Bignum, FIXMAX + 1
  assert_kind_of Fixnum, FIXMIN
  assert_kind_of Bignum, FIXMIN - 1
  assert_equal FIXMAX, (FIXMAX + 1) - 1
  assert_kind_of Fixnum, (FIXMAX + 1) - 1
  assert_equal 4611686018427387904, FIXMAX + 1
  assert_equal -4611686018427387905, FIXMIN - 1
  assert_equal 4611686018427387904, -FIXMIN
  assert_kind_of Bignum, -FIXMIN
  assert_equal 4611686018427387904, FIXMIN.abs
  assert_equal 4611686018427387904, FIXMIN / -1
  assert_kind_of Bignum, FIXMAX * 2
  assert_equal 9223372036854775806, FIXMAX * 2
  assert_equal 1267650600228229401496703205376, 2 ** 100
  assert_equal 16, (2 ** 64) / 2 ** 60
  assert_kind_of Fixnum, (2 ** 64) / 2 ** 60
  assert_equal -9223372036854775808, -2 ** 63
  assert_equal 9223372036854775808, 2 ** 63
  assert_kind_of Bignum, 2 ** 62
  assert_kind_of Fixnum, 2 ** 61
  assert_equal 4611686018427387904, 2 ** 62
  assert_kind_of Fixnum, FIXMAX.succ.pred
  assert_equal 4611686018427387904, FIXMAX.succ
  assert_equal -4611686018427387905, FIXMIN.pred
end

test "fib(100) through Bignum" do
  a, b = 0, 1
  100.times { a, b = b, a + b }
  assert_equal 354224848179261915075, a
  assert_equal "354224848179261915075", a.to_s
  f = 1
  1.upto(25) { |i| f *= i }
  assert_equal 15511210043330985984000000, f
  assert_equal 1, f / f
  assert_kind_of Fixnum, f / f
end

test "comparison" do
  assert_true 1 < 2
  assert_false 2 < 1
  assert_true 2 <= 2
  assert_true 3 > 2
  assert_true 3 >= 3
  assert_equal -1, 1 <=> 2
  assert_equal 0, 2 <=> 2
  assert_equal 1, 3 <=> 2
  assert_equal -1, 1 <=> 1.5
  assert_equal 1, 2 <=> 1.5
  assert_equal 0, 1 <=> 1.0
  assert_equal -1, 1 <=> 2 ** 70
  assert_equal 1, 1 <=> -2 ** 70
  assert_nil 1 <=> "a"
  assert_nil 1 <=> nil
  assert_nil 1 <=> (0.0 / 0.0)
  assert_true 1 == 1.0
  assert_false 1 == 1.5
  assert_false 1 == "1"
  assert_false 1 == nil
  assert_true 1 < 1.5
  assert_true 1 < 2 ** 64
  assert_false 1 > 2 ** 64
  assert_false 1 < (0.0 / 0.0)
  assert_true 1.eql?(1)
  assert_false 1.eql?(1.0)
  assert_true 1.equal?(1)
end

test "comparison failures" do
  assert_raise(ArgumentError, "comparison of Fixnum with String failed") { 1 < "a" }
  assert_raise(ArgumentError, "comparison of Fixnum with nil failed") { 1 < nil }
  assert_raise(ArgumentError, "comparison of Fixnum with String failed") { 1 >= "a" }
  assert_raise(ArgumentError, "comparison of Fixnum with Object failed") { 1 > Object.new }
end

test "coercion failures" do
  assert_raise(TypeError, "String can't be coerced into Fixnum") { 1 + "a" }
  assert_raise(TypeError, "nil can't be coerced into Fixnum") { 1 + nil }
  assert_raise(TypeError, "String can't be coerced into Fixnum") { 1 - "a" }
  assert_raise(TypeError, "String can't be coerced into Fixnum") { 1 * "a" }
  assert_raise(TypeError, "String can't be coerced into Fixnum") { 1 / "a" }
  assert_raise(TypeError, "String can't be coerced into Fixnum") { 1 % "a" }
  assert_raise(TypeError, "String can't be coerced into Fixnum") { 1 ** "a" }
  assert_raise(TypeError, "true can't be coerced into Fixnum") { 1 + true }
  assert_raise(TypeError, "String can't be coerced into Bignum") { 2 ** 70 + "a" }
end

class Meters
  include Comparable
  attr_reader :v
  def initialize(v); @v = v; end
  def coerce(other); [Meters.new(other), self]; end
  def +(o); Meters.new(v + (o.is_a?(Meters) ? o.v : o)); end
  def -(o); Meters.new(v - (o.is_a?(Meters) ? o.v : o)); end
  def <=>(o); v <=> (o.is_a?(Meters) ? o.v : o); end
  def ==(o); o.is_a?(Meters) && v == o.v; end
end

class BadCoerce
  def coerce(other); raise ArgumentError, "nope"; end
end

test "user coerce" do
  assert_equal 8, (5 + Meters.new(3)).v
  assert_equal 2, (5 - Meters.new(3)).v
  assert_equal 8, (5.5 + Meters.new(3)).v - 0.5
  assert_equal 1, 5 <=> Meters.new(3)
  assert_true 5 > Meters.new(3)
  assert_false 5 < Meters.new(3)
  assert_equal 8, ((2 ** 70) + Meters.new(3)).v - 2 ** 70 + 5
  assert_raise(TypeError, "BadCoerce can't be coerced into Fixnum") { 1 + BadCoerce.new }
  assert_nil 1 <=> BadCoerce.new
  assert_raise(ArgumentError, "comparison of Fixnum with BadCoerce failed") { 1 < BadCoerce.new }
  assert_equal [2, 1], 1.coerce(2)
  assert_equal [2.5, 1.0], 1.coerce(2.5)
  assert_equal [2.0, 1.0], 1.coerce("2")
  assert_raise(TypeError) { 1.coerce(nil) }
end

test "bit operations" do
  assert_equal 1, 5 & 3
  assert_equal 7, 5 | 3
  assert_equal 6, 5 ^ 3
  assert_equal -6, ~5
  assert_equal 4, -4 & 7
  assert_equal -1, -4 | 3
  assert_equal 2 ** 64, (2 ** 64) & (2 ** 64 + 1)
  assert_equal 2 ** 64 + 1, 1 | 2 ** 64
  assert_equal 2 ** 64 - 1, -1 & (2 ** 64 - 1)
  assert_equal 5, 5 & -1
  assert_raise(TypeError, "can't convert Float into Integer") { 1 & 1.5 }
  assert_raise(TypeError, "can't convert String into Integer") { 1 | "a" }
  assert_raise(TypeError, "can't convert nil into Integer") { 1 ^ nil }
end

test "shifts" do
  assert_equal 8, 1 << 3
  assert_equal 1, 8 >> 3
  assert_equal 1, 8 << -3
  assert_equal 8, 1 >> -3
  assert_equal -1, -1 >> 100
  assert_equal 0, 1 >> 100
  assert_equal -4, -7 >> 1
  assert_equal 2 ** 100, 1 << 100
  assert_kind_of Bignum, 1 << 62
  assert_kind_of Fixnum, 1 << 61
  assert_equal -(2 ** 62), -1 << 62
  assert_kind_of Fixnum, -1 << 62
  assert_equal -(2 ** 63), -1 << 63
  assert_equal 0, 0 << 1000
  assert_equal 1, (2 ** 100) >> 100
  assert_equal 2 ** 99, (2 ** 100) >> 1
  assert_equal -1, -(2 ** 100) >> 200
  assert_equal 0, 1 << -(2 ** 70)
  assert_equal 4, 1 << 2.5
  assert_raise(RangeError, "bignum too big to convert into `long'") { 1 << 2 ** 70 }
  assert_raise(TypeError, "can't convert String into Integer") { 1 << "a" }
end

test "Fixnum#[]" do
  assert_equal 1, 5[0]
  assert_equal 0, 5[1]
  assert_equal 1, 5[2]
  assert_equal 0, 5[-1]
  assert_equal 0, 5[100]
  assert_equal 1, -1[100]
  assert_equal 1, -1[2 ** 70]
  assert_equal 0, 1[2 ** 70]
  assert_equal 0, -1[-(2 ** 70)]
  assert_equal 1, -2[63]
  assert_equal 0, -2[0]
  assert_equal 1, (2 ** 70)[70]
  assert_equal 0, (2 ** 70)[69]
  assert_equal 1, (-(2 ** 70))[80]
end

test "to_s with radix" do
  assert_equal "255", 255.to_s
  assert_equal "ff", 255.to_s(16)
  assert_equal "11111111", 255.to_s(2)
  assert_equal "-ff", -255.to_s(16)
  assert_equal "z", 35.to_s(36)
  assert_equal "0", 0.to_s
  assert_equal "-4611686018427387904", FIXMIN.to_s
  assert_equal "-100000000000000000000000000000000000000000000000000000000000000", FIXMIN.to_s(2)
  assert_equal "10000000000000000", (2 ** 64).to_s(16)
  assert_raise(ArgumentError, "illegal radix 1") { 1.to_s(1) }
  assert_raise(ArgumentError, "illegal radix 37") { 1.to_s(37) }
  assert_raise(ArgumentError, "illegal radix 0") { (2 ** 70).to_s(0) }
  assert_equal "1", 1.inspect
end

test "conversions" do
  assert_equal 3.0, 3.to_f
  assert_kind_of Float, 3.to_f
  assert_equal 3, 3.to_i
  assert_equal 3, 3.to_int
  assert_equal 3, 3.floor
  assert_equal 3, 3.ceil
  assert_equal 3, 3.round
  assert_equal 3, 3.truncate
  assert_equal 8, 1.size
  assert_true 0.zero?
  assert_false 1.zero?
  assert_nil 0.nonzero?
  assert_equal 5, 5.nonzero?
  assert_true 5.integer?
  assert_equal 5, 5.abs
  assert_equal 5, -5.abs
  assert_equal -5, -(5)
  assert_equal 5, +5
  assert_equal 7, 7.ord
end

test "chr" do
  assert_equal "A", 65.chr
  assert_equal "\000", 0.chr
  assert_equal "\377", 255.chr
  assert_raise(RangeError, "256 out of char range") { 256.chr }
  assert_raise(RangeError, "-1 out of char range") { -1.chr }
end

test "succ pred even odd" do
  assert_equal 2, 1.succ
  assert_equal 2, 1.next
  assert_equal 0, 1.pred
  assert_true 2.even?
  assert_false 2.odd?
  assert_true -3.odd?
  assert_true (2 ** 70).even?
  assert_true (2 ** 70 + 1).odd?
end

test "times upto downto step" do
  r = []
  3.times { |i| r << i }
  assert_equal [0, 1, 2], r
  assert_equal 3, 3.times {}
  r = []
  0.times { r << 1 }
  -1.times { r << 1 }
  assert_equal [], r
  r = []
  assert_equal 1, 1.upto(3) { |i| r << i }
  assert_equal [1, 2, 3], r
  r = []
  3.downto(1) { |i| r << i }
  assert_equal [3, 2, 1], r
  r = []
  1.upto(0) { |i| r << i }
  assert_equal [], r
  r = []
  1.upto(3.5) { |i| r << i }
  assert_equal [1, 2, 3], r
  r = []
  1.step(10, 3) { |i| r << i }
  assert_equal [1, 4, 7, 10], r
  r = []
  10.step(1, -4) { |i| r << i }
  assert_equal [10, 6, 2], r
  r = []
  1.step(2, 0.5) { |f| r << f }
  assert_equal [1.0, 1.5, 2.0], r
  r = []
  1.0.step(2.0, 0.1) { |f| r << f }
  assert_equal 11, r.size
  r = []
  (2 ** 64).upto(2 ** 64 + 2) { |i| r << i }
  assert_equal [2 ** 64, 2 ** 64 + 1, 2 ** 64 + 2], r
  r = []
  (FIXMAX - 1).upto(FIXMAX + 1) { |i| r << i }
  assert_equal [FIXMAX - 1, FIXMAX, FIXMAX + 1], r
  assert_raise(ArgumentError, "step can't be 0") { 1.step(3, 0) {} }
  assert_raise(ArgumentError, "comparison of Fixnum with nil failed") { 1.upto(nil) {} }
  n = 0
  10.times { |i| n += i; break if i == 4 }
  assert_equal 10, n
  assert_equal 42, 5.times { break 42 }
end

test "enumerators without a block" do
  assert_equal [0, 1, 2], 3.times.to_a
  assert_equal [1, 2, 3], 1.upto(3).to_a
  assert_equal [3, 2], 3.downto(2).to_a
  assert_equal [1, 3, 5], 1.step(5, 2).to_a
end

test "Integer class" do
  assert_raise(NoMethodError) { Integer.new }
  assert_raise(NoMethodError) { Fixnum.new }
  assert_equal Integer, Fixnum.superclass
  assert_equal Numeric, Integer.superclass
  assert_true Fixnum.ancestors.include?(Comparable)
  assert_true Fixnum.ancestors.include?(Precision)
  assert_equal 3, Integer.induced_from(3.7)
  assert_equal 3, Fixnum.induced_from(3.7)
  assert_raise(TypeError, "failed to convert String into Integer") { Integer.induced_from("a") }
  assert_equal 3.0, 3.prec_f
  assert_equal 3, 3.7.prec_i
  assert_equal 3.0, 3.prec(Float)
end

test "id2name and to_sym" do
  assert_equal "foo", :foo.to_i.id2name
  assert_equal :foo, :foo.to_i.to_sym
  assert_nil 0.to_sym
  assert_nil 123456789.id2name
end

test "singleton methods and copies are refused" do
  one = 1
  assert_raise(TypeError) { def one.foo; end }
  assert_raise(TypeError) { 1.dup }
end

test "hash keys" do
  h = { 1 => :a, 2 ** 70 => :b, 1.5 => :c }
  assert_equal :a, h[1]
  assert_equal :b, h[2 ** 70]
  assert_equal :c, h[1.5]
  assert_nil h[1.0]
  assert_equal (2 ** 70).hash, (2 ** 70).hash
end
