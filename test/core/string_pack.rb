# string_pack.rb: Array#pack and String#unpack (1.8.7 directives): strings
# (a A Z), bit and hex strings (b B h H), integers of every size and byte
# order, floats, UTF-8 (U), BER (w), positioning (x X @), base64 (m),
# uuencode (u), quoted-printable (M), counts and '*'.
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
  assert_equal "\x00\x00\x00\x00\x00\x00\x00\x01", [2 ** 64 + 1].pack("Q").reverse
  assert_equal 8, [1].pack("l_").size
  assert_equal 4, [1].pack("i").size
  assert_equal [1, 2], [1, 2].pack("s*").unpack("s*")
  assert_equal "\x00", [nil].pack("C")
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
