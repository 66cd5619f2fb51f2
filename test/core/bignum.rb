# Bignum: GMP-backed integers beyond 62 bits, normalised back to Fixnum.
require 'assert'

B = 2 ** 70          # 1180591620717411303424
NB = -(2 ** 70)

test "literals and class" do
  assert_kind_of Bignum, 1180591620717411303424
  assert_equal B, 1180591620717411303424
  assert_equal B, 0x400000000000000000
  assert_equal B, 1_180_591_620_717_411_303_424
  assert_equal NB, -1180591620717411303424
  assert_kind_of Fixnum, 4611686018427387903
  assert_kind_of Bignum, 4611686018427387904
  assert_kind_of Bignum, -4611686018427387905
  assert_kind_of Fixnum, -4611686018427387904
  assert_raise(NoMethodError) { Bignum.new }
end

test "arithmetic" do
  assert_equal 2361183241434822606848, B + B
  assert_equal B + 1, 1 + B
  assert_equal 0, B - B
  assert_kind_of Fixnum, B - B
  assert_equal 1393796574908163946345982392040522594123776, B * B
  assert_equal 2 ** 140, B ** 2
  assert_equal 1024, B / 2 ** 60
  assert_kind_of Fixnum, B / 2 ** 60
  assert_equal 0, B % 2
  assert_equal 1, (B + 1) % 2
  assert_equal [B / 3, B % 3], B.divmod(3)
  assert_equal 393530540239137101141, B / 3
  assert_equal 1, B % 3
  assert_equal -393530540239137101142, NB / 3
  assert_equal 2, NB % 3
  assert_equal -1, NB.remainder(3)
  assert_equal 1, B.remainder(-3)
  assert_equal [-393530540239137101142, 2], NB.divmod(3)
  assert_equal -393530540239137101142, NB.div(3)
  assert_equal 2, NB.modulo(3)
  assert_equal B, -NB
  assert_equal B, NB.abs
  assert_equal -B - 1, ~B
  assert_equal 0, (2 ** 64) % (2 ** 32)
  assert_equal 3, (2 ** 64 + 3) % (2 ** 32)
end

test "mixed with Float" do
  assert_kind_of Float, B + 1.0
  assert_equal 1.1805916207174113e+21, B + 0.0
  assert_equal 5.902958103587057e+20, B / 2.0
  assert_equal 5.902958103587057e+20, B.quo(2)
  assert_kind_of Float, B.quo(2)
  assert_equal 5.902958103587057e+20, B.fdiv(2)
  assert_equal 0.5, B.quo(B * 2)
  assert_equal 0.5, (2 ** 2000).quo(2 ** 2001)
  assert_equal 0.0, B % 2.0
  assert_equal [590295810358705651712, 0.0], B.divmod(2.0)
  assert_equal 1.1805916207174113e+21, B.to_f
  assert_equal 1.0, B ** 0.0
end

test "to_f rounds to nearest" do
  assert_equal 9007199254740992.0, (2 ** 53 + 1).to_f
  assert_equal 9007199254740996.0, (2 ** 53 + 3).to_f
  assert_equal 18446744073709551616.0, (2 ** 64 - 1).to_f
  assert_equal 36893488147419111424, (2 ** 65 + 2 ** 12 + 1).to_f.to_i
  assert_equal 2 ** 65, (2 ** 65 + 2 ** 12).to_f.to_i
  assert_equal 2 ** 65 + 2 ** 14, (2 ** 65 + 3 * 2 ** 12).to_f.to_i
  assert_equal "Infinity", (10 ** 400).to_f.to_s
  assert_equal "-Infinity", (-(10 ** 400)).to_f.to_s
  assert_equal 1.0e+300, (10 ** 300).to_f
end

test "division by zero" do
  assert_raise(ZeroDivisionError, "divided by 0") { B / 0 }
  assert_raise(ZeroDivisionError, "divided by 0") { B % 0 }
  assert_raise(ZeroDivisionError, "divided by 0") { B.divmod(0) }
  assert_raise(ZeroDivisionError, "divided by 0") { B.remainder(0) }
  assert_raise(ZeroDivisionError, "divided by 0") { B.div(0) }
  assert_equal "Infinity", (B / 0.0).to_s
  assert_equal "Infinity", B.quo(0).to_s
end

test "powers" do
  assert_equal 1, B ** 0
  assert_equal B, B ** 1
  assert_equal 2 ** 210, B ** 3
  assert_kind_of Float, B ** -1
  assert_equal 1.0 / 1180591620717411303424.0, B ** -1
  assert_equal 10 ** 100, (10 ** 50) ** 2
  assert_equal 3011, (2 ** 10000).to_s.size
  assert_equal 1, 1 ** B
  assert_equal 1, (-1) ** B
  assert_equal -1, (-1) ** (B + 1)
  assert_equal 0, 0 ** B
end

test "comparison" do
  assert_true B > 1
  assert_true NB < 1
  assert_true B == 2 ** 70
  assert_false B == 2 ** 70 + 1
  assert_true B.eql?(2 ** 70)
  assert_false B.eql?(B.to_f)
  assert_true B == B.to_f
  assert_equal 0, B <=> 2 ** 70
  assert_equal 1, B <=> 2 ** 69
  assert_equal -1, NB <=> 0
  assert_equal 1, B <=> 1.0
  assert_equal -1, B <=> 1.0 / 0
  assert_nil B <=> "a"
  assert_nil B <=> 0.0 / 0
  assert_false B == "a"
  assert_false B < 0.0 / 0
  assert_true 2 ** 64 > 2 ** 63
  assert_true 2 ** 64 >= 2 ** 64
  assert_true 2 ** 64 <= 2 ** 64
  assert_false 2 ** 53 + 1 == 2.0 ** 53
  assert_raise(ArgumentError, "comparison of Bignum with String failed") { B < "a" }
  assert_raise(ArgumentError, "comparison of Bignum with nil failed") { B > nil }
end

test "bit operations on negatives (two's complement)" do
  assert_equal 0, NB & (B - 1)
  assert_equal NB, NB & -1
  assert_equal -1, NB | (B - 1)
  assert_equal -1, NB ^ (B - 1)
  assert_equal B - 1, (2 ** 80 - 1) & (B - 1)
  assert_equal 2 ** 80 + 1, (2 ** 80) | 1
  assert_equal 2 ** 80 - 1 - B, (2 ** 80 - 1) ^ B
  assert_equal 0xff, (2 ** 100 + 0xff) & 0xff
  assert_equal -(2 ** 100) + 1, -(2 ** 100) | 1
  assert_equal B, B << 0
  assert_equal 2 ** 80, B << 10
  assert_equal 2 ** 60, B >> 10
  assert_kind_of Fixnum, B >> 10
  assert_equal 2 ** 60, B << -10
  assert_equal -(2 ** 60), NB >> 10
  assert_equal -1, (NB - 1) >> 100
  assert_equal 0, B >> 2 ** 70
  assert_equal -1, NB >> 2 ** 70
  assert_raise(TypeError, "can't convert Float into Integer") { B & 1.5 }
end

test "to_s" do
  assert_equal "1180591620717411303424", B.to_s
  assert_equal "-1180591620717411303424", NB.to_s
  assert_equal "400000000000000000", B.to_s(16)
  assert_equal "1" + "0" * 70, B.to_s(2)
  assert_equal "-1" + "0" * 70, NB.to_s(2)
  assert_equal "1180591620717411303424", B.inspect
  assert_raise(ArgumentError, "illegal radix 99") { B.to_s(99) }
  s = (2 ** 10000).to_s
  assert_equal "19950631168807583848837421626835850838234968318861924548520089498529438830221946631919961684036194", s[0, 98]
  assert_equal "596709376", s[-9, 9]
end

test "size hash coerce" do
  assert_equal 12, B.size
  assert_equal 12, (2 ** 64).size
  assert_equal 8, (2 ** 62).size
  assert_equal (2 ** 70).hash, B.hash
  assert_not_equal B.hash, (B + 1).hash
  assert_equal [2 ** 71, B], B.coerce(2 ** 71)
  assert_equal [1, B], B.coerce(1)
  assert_raise(TypeError, "can't coerce Float to Bignum") { B.coerce(1.5) }
  assert_raise(TypeError, "can't coerce String to Bignum") { B.coerce("1") }
end

test "conversions to long" do
  assert_raise(RangeError, "bignum too big to convert into `long'") { [1, 2].first(B) }
  assert_raise(RangeError, "bignum too big to convert into `long'") { "a" * B }
  assert_raise(RangeError, "bignum too big to convert into `long'") { B.chr }
end

test "to_i and friends are self" do
  assert_same B, B.to_i
  assert_same B, B.to_int
  assert_same B, B.floor
  assert_same B, B.ceil
  assert_same B, B.round
  assert_same B, B.truncate
  assert_true B.integer?
  assert_equal B + 1, B.succ
  assert_equal B - 1, B.pred
  assert_false B.zero?
end
