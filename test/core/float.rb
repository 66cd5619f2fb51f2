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

# Most Floats are flonums, immediates in the VALUE word (exponents from
# 2**-127 to 2**128); the others (-0.0, NaN, Infinity, tiny and huge
# values) are objects.  Both kinds must behave alike.
def bits(f) [f].pack("G").unpack("H*")[0] end
def from_bits(h) [h].pack("H*").unpack("G")[0] end

BOUNDARY = {
  "0000000000000000" => "0.0",              # flonum (own encoding)
  "8000000000000000" => "-0.0",             # heap
  "3ff0000000000000" => "1.0",
  "4000000000000000" => "2.0",              # must not become true
  "bff8000000000000" => "-1.5",
  "3800000000000000" => "5.87747175411144e-39",   # 2**-127: heap (its word would be true)
  "b800000000000000" => "-5.87747175411144e-39",  # its word stands for 0.0: heap
  "3810000000000000" => "1.17549435082229e-38",   # 2**-126: smallest flonum exponent
  "47f0000000000000" => "3.40282366920938e+38",   # 2**128
  "47ffffffffffffff" => "6.80564733841877e+38",   # largest flonum
  "4800000000000000" => "6.80564733841877e+38",   # 2**129: heap (prints the same)
  "7fefffffffffffff" => "1.79769313486232e+308",  # Float::MAX
  "7fe1ccf385ebc8a0" => "1.0e+308",
  "0000000000000001" => "4.94065645841247e-324",  # 2**-1074, the smallest denormal
  "000730d67819e8d2" => "1.0e-308",               # a denormal
  "7ff0000000000000" => "Infinity",
  "fff0000000000000" => "-Infinity",
  "3fb999999999999a" => "0.1",
}

test "flonum encoding keeps every bit" do
  BOUNDARY.each do |h, s|
    f = from_bits(h)
    assert_equal h, bits(f)
    assert_equal s, f.to_s
    assert_equal Float, f.class
    assert_true f.kind_of?(Numeric)
    assert_true f.instance_of?(Float)
    assert_equal h, bits(f * 1.0) unless h == "8000000000000000"
    assert_equal h, bits(f + 0.0) unless h == "8000000000000000"
  end
  assert_equal "7ff8000000000000", bits(0.0 / 0.0).sub(/^f/, "7")
  assert_true((2.0 ** 129).eql?(from_bits("4800000000000000")))
  assert_equal 1.0 / 0.0, 1.0 / from_bits("0000000000000000")
  assert_equal -1.0 / 0.0, 1.0 / from_bits("8000000000000000")
end

test "arithmetic across the flonum range" do
  x = 2.0 ** 127
  assert_equal "4800000000000000", bits(x * 2 * 2)
  assert_equal "47e0000000000000", bits(x * 2 * 2 / 4)
  assert_equal "1.0e+76", (1e38 * 1e38).to_s
  assert_equal "1.0e-60", (1e-30 * 1e-30).to_s
  assert_equal 1.0, (1e-30 * 1e-30) * 1e60
  assert_equal 0.75, 1.5 * 0.5
  assert_equal -0.0, -(0.0)
  assert_equal "-0.0", (-(0.0)).to_s
  assert_equal "-0.0", (-1.0 * 0.0).to_s
  assert_equal "0.0", (1.5 - 1.5).to_s
  assert_equal 3, (1.5 + 1.5).to_i
  assert_true 2.0 != true
  assert_true 2.0 == 2
  assert_equal 2.0, [true, 2.0][1]
end

test "object_id and equal?" do
  BOUNDARY.each_key do |h|
    f = from_bits(h)
    assert_equal f.object_id, f.object_id
    assert_true f.equal?(f)
    assert_same f, ObjectSpace._id2ref(f.object_id)
  end
  x = 1.5
  assert_equal x.object_id, x.object_id
  assert_not_equal 1.5.object_id, 2.5.object_id
  assert_false 1.5.equal?(2.5)
  assert_false 2.0.equal?(true)
  assert_false 0.0.equal?(false)
  ids = [2.0, 1.0, 0.0, 3.0, 0.5].map { |f| f.object_id }
  others = [2, 1, 0, 3, true, false, nil, :a, :b, "s", Object.new, Float].map { |o| o.object_id }
  assert_equal [], ids & others
  assert_equal 5, ids.uniq.size
  assert_true(ids.all? { |i| i.kind_of?(Integer) })
end

test "Floats have no singleton methods, dup or clone" do
  [1.5, 0.0, 1e300, -0.0, 2.0 ** -1074, 0.0 / 0.0].each do |f|
    assert_raise(TypeError) { def f.foo; end }
    assert_raise(TypeError) { f.dup }
    assert_raise(TypeError) { f.clone }
    assert_false f.frozen?
    assert_false f.tainted?
  end
end

test "hash and eql? agree between flonums and heap Floats" do
  assert_true 0.0.eql?(-0.0)
  assert_true((-0.0).eql?(0.0))
  assert_equal 0.0.hash, (-0.0).hash
  assert_equal 1, { 0.0 => 1 }[-0.0]
  assert_equal 1, { -0.0 => 1 }[0.0]
  big = 2.0 ** 600
  h = { 1.5 => :flo, big => :heap, 2.0 ** -1074 => :tiny, 1 => :int, 1.0 / 0.0 => :inf }
  assert_equal :flo, h[3.0 / 2]
  assert_equal :heap, h[(2.0 ** 300) * (2.0 ** 300)]
  assert_equal :tiny, h[2.0 ** -1073 / 2]
  assert_equal :int, h[1]
  assert_equal :inf, h[2.0 / 0.0]
  assert_nil h[1.0]
  assert_equal [1.5].hash, [3.0 / 2].hash
  assert_equal big.hash, ((2.0 ** 300) * (2.0 ** 300)).hash
  assert_true [1.5, big].eql?([3.0 / 2, (2.0 ** 300) * (2.0 ** 300)])
  assert_false 1.0.eql?(1)
  assert_equal 2, [1.5, 3.0 / 2, big, (2.0 ** 300) * (2.0 ** 300)].uniq.size
end

test "Marshal round trip of boundary values" do
  BOUNDARY.each_key do |h|
    f = from_bits(h)
    assert_equal h, bits(Marshal.load(Marshal.dump(f)))
    assert_equal h, bits(Marshal.load(Marshal.dump([f]))[0])
  end
  assert_true Marshal.load(Marshal.dump(0.0 / 0.0)).nan?
  assert_equal "\004\bf\0060", Marshal.dump(0.0)
  assert_equal "\004\bf\a-0", Marshal.dump(-0.0)
  assert_equal "\004\bf\binf", Marshal.dump(1.0 / 0.0)
  assert_equal "\004\bf\bnan", Marshal.dump(0.0 / 0.0)
  assert_equal "\004\bf\0161e+308\000\310\240", Marshal.dump(1e308)
  # an equal flonum is the same object: a link, and the links after it
  # count it (1.8.7 links only the very same Float object, as here
  # `f = 1.5; [f, f]`; two equal Floats made apart are two objects there)
  assert_equal "\004\b[\bf\b1.5@\006\"\006s", Marshal.dump([1.5, 1.5, "s"])
  s = "s"
  a = Marshal.load(Marshal.dump([2.5, s, 3.5, s, 2.5, 1e300, 1e300]))
  assert_equal [2.5, "s", 3.5, "s", 2.5, 1e300, 1e300], a
  assert_same a[1], a[3]
end
