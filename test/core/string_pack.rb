# string_pack.rb: Array#pack and String#unpack (1.8.7 directives): strings
# (a A Z), bit and hex strings (b B h H), integers of every size and byte
# order, floats, UTF-8 (U), BER (w), positioning (x X @), base64 (m),
# uuencode (u), quoted-printable (M), pointers (p P), counts and '*',
# and how arguments are converted and rejected.
require 'assert'

test "a A Z" do
  assert_equal "ab\0\0", ["ab"].pack("a4")
  assert_equal "ab  ", ["ab"].pack("A4")
  assert_equal "ab\0\0", ["ab"].pack("Z4")
  assert_equal "a", ["ab"].pack("a")
  assert_equal "abc", ["abc"].pack("a*")
  assert_equal "abc\0", ["abc"].pack("Z*")
  assert_equal "abc", ["abc"].pack("A*")
  assert_equal "a b", ["a", "b"].pack("A2a")
  assert_equal "\0\0", [nil].pack("a2")
  assert_equal ["ab"], "ab  ".unpack("A4")
  assert_equal ["ab"], "ab\0\0".unpack("A*")
  assert_equal ["ab\0\0"], "ab\0\0".unpack("a*")
  assert_equal ["ab"], "ab\0cd".unpack("Z*")
  assert_equal ["ab", "cd"], "ab\0cd".unpack("Z*a*")
  assert_equal ["ab", "\0c"], "ab\0cd".unpack("Z2a2")
  assert_equal ["a", "b"], "ab".unpack("aa")
  assert_equal ["ab", ""], "ab".unpack("a5a")
  assert_raise(ArgumentError, "too few arguments") { [].pack("a") }
  assert_raise(TypeError) { [1].pack("a") }
end

test "b B h H" do
  assert_equal "\x05", ["101"].pack("b*")
  assert_equal "\xa0", ["101"].pack("B*")
  assert_equal "\x21", ["12"].pack("h*")
  assert_equal "\x12", ["12"].pack("H*")
  assert_equal "\x12\x3f", ["123f"].pack("H*")
  assert_equal "\xab", ["ab"].pack("H2")
  assert_equal ["10100000"], "\x05".unpack("b*")
  assert_equal ["00000101"], "\x05".unpack("B*")
  assert_equal ["101"], "\x05".unpack("b3")
  assert_equal ["1234"], "\x12\x34".unpack("H*")
  assert_equal ["2143"], "\x12\x34".unpack("h*")
  assert_equal ["1"], "\x12\x34".unpack("H")
  assert_equal ["616263"], "abc".unpack("H*")
end

test "8, 16, 32 and 64 bit integers" do
  assert_equal "\x01\xff", [1, -1].pack("cC")
  assert_equal "\x01\x02\x03", [1, 2, 3].pack("C*")
  assert_equal [1, 2, 3], "\x01\x02\x03".unpack("C*")
  assert_equal [-1, 255], "\xff\xff".unpack("cC")
  assert_equal "\x00\x01", [1].pack("n")
  assert_equal "\x00\x00\x00\x01", [1].pack("N")
  assert_equal "\x01\x00", [1].pack("v")
  assert_equal "\x01\x00\x00\x00", [1].pack("V")
  assert_equal [258], "\x01\x02".unpack("n")
  assert_equal [513], "\x01\x02".unpack("v")
  assert_equal [16909060], "\x01\x02\x03\x04".unpack("N")
  assert_equal [67305985], "\x01\x02\x03\x04".unpack("V")
  assert_equal [65535], "\xff\xff".unpack("n")
  assert_equal [-1], "\xff\xff".unpack("s")
  assert_equal [65535], "\xff\xff".unpack("S")
  assert_equal [-1], "\xff\xff\xff\xff".unpack("l")
  assert_equal [4294967295], "\xff\xff\xff\xff".unpack("L")
  assert_equal [-1], ("\xff" * 8).unpack("q")
  assert_equal [18446744073709551615], ("\xff" * 8).unpack("Q")
  assert_equal "\xff" * 8, [-1].pack("q")
  assert_equal "\xff" * 8, [18446744073709551615].pack("Q")
  assert_raise(RangeError, "bignum too big to convert into `unsigned long'") { [2 ** 64 + 1].pack("Q") }
  assert_equal "\x01" + "\x00" * 7, [1 - 2 ** 64].pack("Q")
  assert_equal 8, [1].pack("l_").size
  assert_equal 4, [1].pack("i").size
  assert_equal [1, 2], [1, 2].pack("s*").unpack("s*")
  assert_equal "\x03", [3.7].pack("C")
  assert_equal [1, nil, nil], "\x01".unpack("C3")
  assert_equal [nil], "\x01".unpack("n")
  assert_equal [], "\x01".unpack("n*")
  assert_raise(ArgumentError, "'_' allowed only after types sSiIlL") { [1].pack("C_") }
  assert_raise(ArgumentError, "too few arguments") { [1].pack("CC") }
end

test "floats" do
  assert_equal [1.5], [1.5].pack("d").unpack("d")
  assert_equal [1.5], [1.5].pack("f").unpack("f")
  assert_equal [1.5], [1.5].pack("E").unpack("E")
  assert_equal [1.5], [1.5].pack("G").unpack("G")
  assert_equal "\x3f\xc0\x00\x00", [1.5].pack("g")
  assert_equal "\x00\x00\xc0\x3f", [1.5].pack("e")
  assert_equal "\x3f\xf8\x00\x00\x00\x00\x00\x00", [1.5].pack("G")
  assert_equal [2.0], [2].pack("G").unpack("G")
end

test "U and w" do
  assert_equal "AB", [65, 66].pack("U*")
  assert_equal "\xc3\xa9", [233].pack("U")
  assert_equal "\xe2\x82\xac", [0x20ac].pack("U")
  assert_equal "\xf0\x9f\x98\x80", [0x1f600].pack("U")
  assert_equal [65, 233, 0x20ac, 0x1f600], "A\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80".unpack("U*")
  assert_equal [65], "AB".unpack("U")
  assert_raise(RangeError) { [-1].pack("U") }
  assert_raise(ArgumentError) { "\xc3".unpack("U") }
  assert_raise(ArgumentError) { "\x80".unpack("U") }
  assert_equal "\x00", [0].pack("w")
  assert_equal "\x7f", [127].pack("w")
  assert_equal "\x81\x00", [128].pack("w")
  assert_equal [0, 127, 128, 2 ** 70], [0, 127, 128, 2 ** 70].pack("w*").unpack("w*")
  assert_raise(ArgumentError, "can't compress negative numbers") { [-1].pack("w") }
end

test "x X @" do
  assert_equal "a\0\0b", ["a", "b"].pack("ax2a")
  assert_equal "b", ["a", "b"].pack("aXa")
  assert_equal "a\0\0\0b", ["a", "b"].pack("a@4a")
  assert_equal "a", ["abc"].pack("a3@1")
  assert_raise(ArgumentError, "X outside of string") { [].pack("X") }
  assert_equal ["a", "c"], "abc".unpack("axa")
  assert_equal ["a", "a"], "abc".unpack("aXa")
  assert_equal ["c"], "abc".unpack("@2a")
  assert_raise(ArgumentError, "x outside of string") { "a".unpack("x2") }
  assert_raise(ArgumentError, "X outside of string") { "a".unpack("X") }
  assert_raise(ArgumentError, "@ outside of string") { "a".unpack("@2") }
end

test "m u M" do
  assert_equal "YWJj\n", ["abc"].pack("m")
  assert_equal "YQ==\n", ["a"].pack("m")
  assert_equal "YWI=\n", ["ab"].pack("m")
  assert_equal "", [""].pack("m")
  long = "x" * 100
  enc = [long].pack("m")
  assert_equal 3, enc.count("\n")
  assert_equal [long], enc.unpack("m")
  assert_equal 2, [long].pack("m60").count("\n")
  assert_equal ["abc"], "YWJj\n".unpack("m")
  assert_equal ["a"], "YQ==".unpack("m")
  assert_equal ["ab"], "YW\nI=".unpack("m")
  assert_equal "#86)C\n", ["abc"].pack("u")
  assert_equal ["abc"], "#86)C\n".unpack("u")
  assert_equal [long], [long].pack("u").unpack("u")
  assert_equal "a=3Db=\n", ["a=b"].pack("M")
  assert_equal "caf=E9=\n", ["caf\xe9"].pack("M")
  assert_equal ["a=b"], "a=3Db=\n".unpack("M")
  assert_equal ["ab"], "a=\nb".unpack("M")
end

test "templates" do
  assert_equal "\x01\x02", [1, 2].pack("C C")
  assert_equal "\x01\x02", [1, 2].pack("C # comment\nC")
  assert_equal [1, 2], "\x01\x02".unpack(" C\tC ")
  assert_equal "", [].pack("")
  assert_equal [], "abc".unpack("")
  assert_raise(TypeError) { [1].pack(1) }
end

test "integer arguments are converted as 1.8.7 does" do
  assert_raise(TypeError, "can't convert nil into Integer") { [nil].pack("C") }
  assert_raise(TypeError, "can't convert nil into Integer") { [nil].pack("N") }
  assert_raise(TypeError, "can't convert String into Integer") { ["7"].pack("C") }
  assert_raise(TypeError, "can't convert true into Integer") { [true].pack("s") }
  assert_raise(TypeError, "can't convert Array into Integer") { [[1]].pack("q") }
  assert_equal [:a.to_i & 0xff].pack("C"), [:a].pack("C")
  assert_equal [:a.to_i].pack("N"), [:a].pack("N")
  n = Object.new
  def n.to_int; 65; end
  assert_equal "A", [n].pack("C")
  assert_equal "\x01", [1.9].pack("C")
  assert_raise(FloatDomainError, "NaN") { [0.0 / 0].pack("C") }
  assert_raise(RangeError, "bignum too big to convert into `unsigned long'") { [2 ** 64].pack("C") }
  assert_raise(RangeError, "bignum too big to convert into `unsigned long'") { [1e20].pack("Q") }
  assert_equal "\xff" * 8, [2 ** 64 - 1].pack("Q")
  assert_equal "\xff" * 7 + "\x7f", [-(2 ** 63) - 1].pack("q")
end

test "U and w arguments" do
  assert_raise(TypeError, "can't convert nil into Integer") { [nil].pack("U") }
  assert_raise(RangeError, "pack(U): value out of range") { [-1].pack("U") }
  assert_raise(RangeError, "integer 4611686018427387904 too big to convert to `int'") { [2 ** 62].pack("U") }
  assert_raise(RangeError, "bignum too big to convert into `long'") { [2 ** 63].pack("U") }
  assert_raise(FloatDomainError, "Infinity") { [1.0 / 0].pack("U") }
  assert_equal "A", [65.5].pack("U")
  assert_raise(TypeError, "no implicit conversion from nil to integer") { [nil].pack("w") }
  assert_raise(RangeError, "float 1e+30 out of range of integer") { [1e30].pack("w") }
  assert_equal "\x01", [1.5].pack("w")
end

test "nil is an empty bit string; strings must be Strings" do
  assert_equal "\0", [nil].pack("B")
  assert_equal "\0\0", [nil].pack("h3")
  assert_equal "\0  ", [nil, nil].pack("a1A2")
  assert_raise(TypeError, "can't convert nil into String") { [nil].pack("m") }
  assert_raise(TypeError, "can't convert Symbol into String") { [:a].pack("a") }
end

test "% is not supported" do
  assert_raise(ArgumentError, "% is not supported") { [1].pack("%") }
  assert_raise(ArgumentError, "% is not supported") { [1].pack("C%") }
  assert_raise(ArgumentError, "% is not supported") { "abc".unpack("a%") }
  assert_equal "", [1].pack("jyz")
  assert_equal [], "a".unpack("jyz")
end

test "a directive ending the template counts 1; '*' is what is left" do
  assert_raise(ArgumentError, "@ outside of string") { "".unpack("@") }
  assert_raise(ArgumentError, "@ outside of string") { "".unpack("a@") }
  assert_equal [""], "".unpack("@a")
  assert_equal ["ab", "a"], "abc".unpack("a2@a")
  assert_equal ["x"], "xy".unpack("a@")
  assert_equal ["a", "c"], "abc".unpack("a@*a")
  assert_equal [""], "abc".unpack("@*a")
  assert_equal ["ab", "b"], "abc".unpack("a2X*a")
  assert_equal [""], "abc".unpack("x*a")
  assert_equal "\x01", [1, 2].pack("CC@")
  assert_equal "", [1].pack("C@*")
end

test "p and P: pointers to the Strings the packed String keeps" do
  s = "hello"
  x = [s].pack("P")
  assert_equal [nil].pack("P").size, x.size
  assert_equal ["h"], x.unpack("P")
  assert_equal ["hell"], x.unpack("P4")
  assert_equal [""], x.unpack("P0")
  assert_same s, x.unpack("P5")[0]
  assert_same s, x.unpack("P9")[0]
  assert_same s, x.unpack("p")[0]
  assert_true x.unpack("P")[0].tainted?
  assert_equal [], x.instance_variables
  assert_equal ["h"], x.dup.unpack("P")
  y = [s, "wor\0ld"].pack("pp")
  assert_equal ["hello", "wor\0ld"], y.unpack("pp")
  assert_equal ["hello", "wor\0ld"], y.unpack("p*")
  assert_equal ["hello", "wor\0ld"], y.unpack("p3")
  assert_equal ["hello", 1], [s, 1].pack("pC").unpack("pC")
  assert_equal [nil], [nil].pack("p").unpack("p")
  assert_equal [nil], [nil].pack("p").unpack("P")
  assert_equal x.size, [s, s].pack("P2").size
  assert_equal 0, [s].pack("p0").size
  assert_equal [], x.unpack("xP")
  assert_raise(ArgumentError, "no associated pointer") { ("\1" * x.size).unpack("p") }
  assert_raise(ArgumentError, "no associated pointer") { (x + "").unpack("P") }
  q = [s].pack("P")
  q[0, x.size] = "\1" * x.size
  assert_raise(ArgumentError, "non associated pointer") { q.unpack("P") }
  assert_raise(TypeError, "can't convert Fixnum into String") { [1].pack("P") }
  assert_raise(TypeError, "can't convert Symbol into String") { [:a].pack("p") }
end
