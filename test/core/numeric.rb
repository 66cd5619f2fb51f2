# Numeric's generic methods (through a user subclass), implicit integer
# and float conversions, Precision, Kernel#rand and #srand.
require 'assert'

class Num < Numeric
  attr_reader :v
  def initialize(v); @v = v; end
  def val(o); o.is_a?(Num) ? o.v : o; end
  def coerce(o); [Num.new(o), self]; end
  def <=>(o); v <=> val(o); end
  def ==(o); v == val(o); end
  def +(o); Num.new(v + val(o)); end
  def -(o); Num.new(v - val(o)); end
  def *(o); Num.new(v * val(o)); end
  def /(o); Num.new(v / val(o)); end
  def %(o); Num.new(v % val(o)); end
  def to_f; v.to_f; end
  def to_i; v.to_i; end
  def inspect; "Num(#{v})"; end
end

test "Numeric through a subclass" do
  assert_equal -3, (-Num.new(3)).v
  assert_same Num, (-Num.new(3)).class
  n = Num.new(4)
  assert_same n, +n
  assert_equal 3, Num.new(-3).abs.v
  assert_equal 3, Num.new(3).abs.v
  assert_true Num.new(0).zero?
  assert_false Num.new(1).zero?
  assert_nil Num.new(0).nonzero?
  assert_equal 5, Num.new(5).nonzero?.v
  assert_false Num.new(1).integer?
  assert_equal 2, Num.new(2.5).floor
  assert_equal 3, Num.new(2.5).ceil
  assert_equal 3, Num.new(2.5).round
  assert_equal -2, Num.new(-2.5).truncate
  assert_equal 2, Num.new(2.7).to_int
  assert_equal 3, Num.new(7).div(2)
  assert_equal 1, Num.new(7).modulo(2).v
  assert_equal [3, Num.new(1)], Num.new(7).divmod(2)
  assert_equal -1, Num.new(-7).remainder(2).v
  assert_equal 3, Num.new(7).quo(2).v
  assert_equal [2.0, 1.0], Num.new(1).coerce(2)
  assert_true Num.new(1).eql?(Num.new(1))
  assert_false Num.new(1).eql?(1)
  assert_true Num.new(1) < Num.new(2)
  assert_true Num.new(2).between?(1, 3)
  assert_equal 7, (3 + Num.new(4)).v
  assert_equal 7.5, (3.5 + Num.new(4)).v
  r = []
  Num.new(1).step(Num.new(3), 1) { |x| r << x.v }
  assert_equal [1, 2, 3], r
end

test "bare Numeric" do
  n = Numeric.new
  assert_equal 0, n <=> n
  assert_nil n <=> Numeric.new
  assert_false n.integer?
  assert_raise(NoMethodError) { n + 1 }
  assert_true n.is_a?(Comparable)
  assert_raise(TypeError, "can't copy Numeric") { n.dup }
  assert_raise(TypeError, "can't define singleton method \"foo\" for Numeric") { def n.foo; end }
end

class IntLike
  def initialize(i); @i = i; end
  def to_int; @i; end
end

class BadInt
  def to_int; "x"; end
end

test "implicit integer conversion (num_to_long, conv_to_integer)" do
  assert_equal 1, 5[0]
  assert_equal 0, 5[1.9]
  assert_equal 1, 5[IntLike.new(2)]
  assert_raise(TypeError, "no implicit conversion from nil to integer") { 5[nil] }
  assert_raise(TypeError, "can't convert String into Integer") { 5["a"] }
  assert_raise(TypeError, "can't convert Object into Integer") { 5[Object.new] }
  assert_raise(TypeError, "BadInt#to_int should return Integer") { 5[BadInt.new] }
  assert_raise(RangeError, "float 1e+20 out of range of integer") { 5[1e20] }
  assert_raise(RangeError, "float -1e+20 out of range of integer") { 5[-1e20] }
  assert_raise(RangeError, "bignum too big to convert into `long'") { (2 ** 70).chr }
  assert_raise(RangeError, "integer 1099511627776 too big to convert to `int'") { 1.to_s(2 ** 40) }
  assert_raise(RangeError, "integer -1099511627776 too small to convert to `int'") { 1.to_s(-(2 ** 40)) }
  assert_equal "11", 3.to_s(IntLike.new(2))
  assert_equal "11", 3.to_s(2.5)
  assert_equal 8, 1 << IntLike.new(3)
end

test "Kernel#Integer and #Float use these conversions" do
  assert_equal 3.0, Float(3)
  assert_equal 2.0 ** 70, Float(2 ** 70)
  assert_raise(TypeError, "can't convert nil into Float") { Float(nil) }
  assert_equal 3, Integer(3.99)
  assert_equal 2 ** 70, Integer("1180591620717411303424")
  assert_equal 2 ** 70, Integer(2.0 ** 70)
end

test "Precision" do
  assert_equal Module, Precision.class
  assert_equal 1.0, 1.prec(Float)
  assert_equal 1, 1.9.prec_i
  assert_equal 2.0, 2.prec_f
  c = Class.new { include Precision }
  assert_raise(TypeError, "undefined conversion from Fixnum into #{c}") { c.induced_from(1) }
  assert_raise(RangeError, "integer 4611686018427387904 out of range of fixnum") { Fixnum.induced_from(2 ** 62) }
end

test "sort of mixed numbers" do
  assert_equal [-2 ** 70, -1.5, 0, 1, 2.5, 2 ** 70], [2.5, 1, 2 ** 70, 0, -1.5, -2 ** 70].sort
  assert_equal 2 ** 70, [1, 2 ** 70, 3.5].max
  assert_equal -1.5, [1, -1.5, 3].min
  assert_raise(ArgumentError, "comparison of Fixnum with String failed") { [1, "a"].sort }
end

test "rand" do
  100.times do
    f = rand
    assert_kind_of Float, f
    assert_true f >= 0.0 && f < 1.0
    i = rand(10)
    assert_kind_of Fixnum, i
    assert_true i >= 0 && i < 10
    j = rand(-10)
    assert_true j >= 0 && j < 10
  end
  assert_kind_of Float, rand(0)
  assert_kind_of Float, rand(nil)
  assert_equal 0, rand(1)
  assert_equal 0, rand(1.5)
  assert_true rand(2.9) < 2
  assert_true rand("10") < 10
  big = (1..50).map { rand(2 ** 70) }
  assert_true big.all? { |b| b >= 0 && b < 2 ** 70 }
  assert_true big.any? { |b| b.is_a?(Bignum) }
  assert_true (1..50).map { rand(-(2 ** 70)) }.all? { |b| b >= 0 && b < 2 ** 70 }
  assert_true (1..200).map { rand(3) }.uniq.sort == [0, 1, 2]
  assert_raise(TypeError) { rand(Object.new) }
end

test "srand" do
  srand(42)
  a = [rand(1000), rand, rand(2 ** 80)]
  assert_equal 42, srand(42)
  b = [rand(1000), rand, rand(2 ** 80)]
  assert_equal a, b
  assert_equal 42, srand
  s = srand(7)
  assert_kind_of Integer, s
  assert_equal 7, srand(2 ** 70)
  assert_equal 2 ** 70, srand(-3)
  assert_equal -3, srand(3.7)
  assert_equal 3, srand(1)
  assert_raise(TypeError, "can't convert nil into Integer") { srand(nil) }
end

test "MT19937 sequences as 1.8.7 draws them" do
  srand(5489)
  assert_equal 3499211612, rand(2 ** 32)
  assert_equal 581869302, rand(2 ** 32)
  srand(0x123 + (0x234 << 32) + (0x345 << 64) + (0x456 << 96))
  assert_equal 1067595299, rand(2 ** 32)
  assert_equal 955945823, rand(2 ** 32)
  srand(5489)
  a = 3499211612 >> 5
  b = 581869302 >> 6
  assert_equal (a * 67108864.0 + b) / 9007199254740992.0, rand
end
