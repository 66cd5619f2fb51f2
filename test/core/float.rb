# Float: 1.8.7 printing (15 significant digits), arithmetic with Integers,
# rounding, FloatDomainError, constants.
require 'assert'

FNAN = 0.0 / 0.0
FINF = 1.0 / 0.0

test "to_s as 1.8.7 prints" do
  assert_equal "1.0", 1.0.to_s
  assert_equal "1.5", 1.5.to_s
  assert_equal "100.0", 100.0.to_s
  assert_equal "0.0", 0.0.to_s
  assert_equal "-0.0", -0.0.to_s
  assert_equal "-1.5", -1.5.to_s
  assert_equal "1.0e+20", 1.0e20.to_s
  assert_equal "1.0e+20", 1e20.inspect
  assert_equal "1.0e-05", 1.0e-5.to_s
  assert_equal "0.0001", 0.0001.to_s
  assert_equal "0.001", 0.001.to_s
  assert_equal "1.0e+15", 1e15.to_s
  assert_equal "1.0e+14", 1e14.to_s
  assert_equal "1.0e+16", 1e16.to_s
  assert_equal "10000000000000.0", 1e13.to_s
  assert_equal "1234567.0", 1234567.0.to_s
  assert_equal "123456789.123457", 123456789.123456789.to_s
  assert_equal "2.33333333333333", (7 / 3.0).to_s
  assert_equal "0.333333333333333", (1.0 / 3).to_s
  assert_equal "0.3", (0.1 + 0.2).to_s
  assert_equal "0.1", 0.1.to_s
  assert_equal "1.1", 1.1.to_s
  assert_equal "3.14159", 3.14159.to_s
  assert_equal "1.23456789012345e+14", 123456789012345.0.to_s
  assert_equal "12345678901234.5", 12345678901234.5.to_s
  assert_equal "2.5e-10", 2.5e-10.to_s
  assert_equal "1.0e+100", 1e100.to_s
  assert_equal "1.0e-300", 1e-300.to_s
  assert_equal "9.00719925474099e+15", (2 ** 53 + 1).to_f.to_s
  assert_equal "Infinity", FINF.to_s
  assert_equal "-Infinity", (-FINF).to_s
  assert_equal "NaN", FNAN.to_s
  assert_equal "1.79769313486232e+308", Float::MAX.to_s
  assert_equal "2.2250738585072e-308", Float::MIN.to_s
  assert_equal "2.22044604925031e-16", Float::EPSILON.to_s
  assert_equal "[1.5, 2.0]", [1.5, 2.0].inspect
  assert_equal "x2.5", "x#{2.5}"
end

test "arithmetic" do
  assert_equal 2.5, 1 + 1.5
  assert_equal 2.5, 1.5 + 1
  assert_equal 0.5, 1.5 - 1
  assert_equal 3.0, 1.5 * 2
  assert_equal 0.75, 1.5 / 2
  assert_equal 2.25, 1.5 ** 2
  assert_equal 0.5, 2.0 ** -1
  assert_equal 1.5, 3 * 0.5
  assert_equal 2.0 ** 70, 1.0 * 2 ** 70
  assert_equal 1.5, -(-1.5)
  assert_equal 1.5, -1.5.abs
  assert_equal "Infinity", (1.0 / 0).to_s
  assert_equal "-Infinity", (-1.0 / 0).to_s
  assert_true (0.0 / 0).nan?
  assert_true ((-8.0) ** (1.0 / 3)).nan?
end

test "modulo and divmod floor" do
  assert_equal 1.5, 5.5 % 2
  assert_equal 0.5, -5.5 % 2
  assert_equal -0.5, 5.5 % -2
  assert_equal 1.5, 5.5.modulo(2)
  assert_equal [2, 1.5], 5.5.divmod(2)
  assert_equal [-3, 0.5], -5.5.divmod(2)
  assert_kind_of Integer, 5.5.divmod(2)[0]
  assert_equal [2, 1.0], 5.divmod(2.0)
  assert_equal 1.0, 5 % 2.0
  assert_equal 2, 5.div(2.0)
  assert_equal 2, 5.5.div(2)
  assert_kind_of Integer, 5.5.div(2)
  assert_equal 1.5, 5.5.remainder(2)
  assert_equal -1.5, -5.5.remainder(2)
  assert_true (1.0 % 0).nan?
  assert_true (5 % 0.0).nan?
  assert_raise(FloatDomainError) { 1.0.divmod(0) }
  assert_raise(FloatDomainError, "Infinity") { 1.0.div(0) }
end

test "comparison" do
  assert_true 1.5 < 2
  assert_true 1.5 > 1
  assert_true 1.0 == 1
  assert_true 1.5 <= 1.5
  assert_true 1.5 >= 1.5
  assert_equal 0, 1.0 <=> 1
  assert_equal -1, 1.0 <=> 2 ** 70
  assert_equal 1, FINF <=> 2 ** 700
  assert_equal -1, -FINF <=> -(2 ** 700)
  assert_nil FNAN <=> 1.0
  assert_nil 1.0 <=> FNAN
  assert_nil 1.0 <=> "a"
  assert_false FNAN == FNAN
  assert_false FNAN < 1
  assert_false FNAN > 1
  assert_false FNAN >= FNAN
  assert_false 1.0 == "1.0"
  assert_true 2.0 ** 70 == 2 ** 70
  assert_false 2.0 ** 53 == 2 ** 53 + 1
  assert_raise(ArgumentError, "comparison of Float with String failed") { 1.0 < "a" }
  assert_raise(ArgumentError, "comparison of Float with nil failed") { 1.0 > nil }
  assert_raise(TypeError, "String can't be coerced into Float") { 1.0 + "a" }
  assert_raise(TypeError, "nil can't be coerced into Float") { 1.0 * nil }
end

test "eql? and hash" do
  assert_true 1.5.eql?(1.5)
  assert_false 1.0.eql?(1)
  assert_false FNAN.eql?(FNAN)
  assert_equal 1.5.hash, (3.0 / 2).hash
  assert_equal 0.0.hash, (-0.0).hash
  assert_true 0.0.eql?(-0.0)
end

test "rounding" do
  assert_equal 1, 1.5.floor
  assert_equal -2, -1.5.floor
  assert_equal 2, 1.5.ceil
  assert_equal -1, -1.5.ceil
  assert_equal 2, 1.5.round
  assert_equal -2, -1.5.round
  assert_equal 3, 2.5.round
  assert_equal -3, -2.5.round
  assert_equal 1, 1.4.round
  assert_equal 1, 1.9.to_i
  assert_equal -1, -1.9.to_i
  assert_equal -1, -1.9.truncate
  assert_equal 1, 1.9.to_int
  assert_kind_of Fixnum, 1e18.to_i
  assert_kind_of Bignum, 1e19.to_i
  assert_equal 10 ** 19, 1e19.to_i
  assert_equal 100000000000000000000, 1e20.to_i
  assert_equal 4611686018427387904, (2.0 ** 62).to_i
  assert_kind_of Bignum, (2.0 ** 62).to_i
  assert_equal -4611686018427387904, (-2.0 ** 62).to_i
  assert_kind_of Fixnum, (-2.0 ** 62).to_i
  assert_equal 10 ** 20, 1e20.round
  assert_equal 10 ** 20, 1e20.floor
end

test "FloatDomainError" do
  assert_raise(FloatDomainError, "NaN") { FNAN.to_i }
  assert_raise(FloatDomainError, "Infinity") { FINF.to_i }
  assert_raise(FloatDomainError, "-Infinity") { (-FINF).to_i }
  assert_raise(FloatDomainError, "Infinity") { FINF.round }
  assert_raise(FloatDomainError, "NaN") { FNAN.floor }
  assert_raise(FloatDomainError, "-Infinity") { (-FINF).ceil }
  assert_raise(FloatDomainError, "NaN") { FNAN.truncate }
  assert_true FloatDomainError.ancestors.include?(RangeError)
end

test "predicates" do
  assert_true 0.0.zero?
  assert_true (-0.0).zero?
  assert_false 0.1.zero?
  assert_nil 0.0.nonzero?
  assert_equal 1.5, 1.5.nonzero?
  assert_true FNAN.nan?
  assert_false 1.0.nan?
  assert_true 1.0.finite?
  assert_false FINF.finite?
  assert_false FNAN.finite?
  assert_equal 1, FINF.infinite?
  assert_equal -1, (-FINF).infinite?
  assert_nil 1.0.infinite?
  assert_nil FNAN.infinite?
  assert_false 1.0.integer?
end

test "coerce and conversions" do
  assert_equal [2.0, 1.5], 1.5.coerce(2)
  assert_equal [2.5, 1.5], 1.5.coerce("2.5")
  assert_kind_of Float, 1.5.coerce(2)[0]
  assert_raise(TypeError, "can't convert nil into Float") { 1.5.coerce(nil) }
  assert_raise(ArgumentError) { 1.5.coerce("x") }
  f = 1.5
  assert_same f, f.to_f
  assert_equal 1.5, Float.induced_from(1.5)
  assert_equal 3.0, Float.induced_from(3)
  assert_raise(TypeError, "failed to convert String into Float") { Float.induced_from("3") }
  assert_equal 1.5, 1.5.prec(Float)
  assert_equal 1, 1.5.prec(Integer)
end

test "constants" do
  assert_equal 2, Float::RADIX
  assert_equal 53, Float::MANT_DIG
  assert_equal 15, Float::DIG
  assert_equal 1024, Float::MAX_EXP
  assert_equal -1021, Float::MIN_EXP
  assert_equal 308, Float::MAX_10_EXP
  assert_equal -307, Float::MIN_10_EXP
  assert_equal 1, Float::ROUNDS
  assert_true Float::MAX > 1e308
  assert_true Float::MIN < 1e-307
  assert_true 1.0 + Float::EPSILON > 1.0
  assert_false Float.const_defined?(:INFINITY)
  assert_false Float.const_defined?(:NAN)
end

test "Float class" do
  assert_raise(NoMethodError) { Float.new }
  assert_equal Numeric, Float.superclass
  assert_true Float.ancestors.include?(Precision)
  assert_true Float.ancestors.include?(Comparable)
end

test "step with floats" do
  r = []
  0.0.step(1.0, 0.25) { |x| r << x }
  assert_equal [0.0, 0.25, 0.5, 0.75, 1.0], r
  r = []
  1.0.step(0.0, -0.5) { |x| r << x }
  assert_equal [1.0, 0.5, 0.0], r
  r = []
  1.0.step(1.3, 0.1) { |x| r << x }
  assert_equal 4, r.size
  assert_raise(ArgumentError, "step can't be 0") { 1.0.step(2.0, 0.0) {} }
end
