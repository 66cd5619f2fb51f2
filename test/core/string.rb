# string.rb: String basics as Ruby 1.8.7 has them: creation, equality,
# comparison, hashing, concatenation, repetition, copies and copy on write,
# frozen strings, conversions to and from numbers, inspect and dump.
require 'assert'

test "String.new and literals" do
  assert_equal "", String.new
  assert_equal "abc", String.new("abc")
  s = "abc"
  t = String.new(s)
  assert_equal s, t
  assert_false s.equal?(t)
  assert_equal String, "x".class
  assert_raise(TypeError, "can't convert Fixnum into String") { String.new(1) }
  assert_raise(ArgumentError) { String.new("a", "b") }
  long = "a very long literal that does not fit in the object slot"
  a = long
  b = "a very long literal that does not fit in the object slot"
  a << "!"
  assert_equal "a very long literal that does not fit in the object slot", b
end

test "literals make new strings each time" do
  res = []
  2.times { res << "abcdefghijklmnopqrstuvwxyz0123456789" }
  res[0] << "x"
  assert_equal "abcdefghijklmnopqrstuvwxyz0123456789", res[1]
  assert_equal "abcdefghijklmnopqrstuvwxyz0123456789x", res[0]
end

test "length, size, bytesize, empty?" do
  assert_equal 0, "".length
  assert_equal 3, "abc".size
  assert_equal 5, "a\0b\0c".bytesize
  assert_true "".empty?
  assert_false " ".empty?
end

test "== eql? equal? hash" do
  assert_true "abc" == "abc"
  assert_false "abc" == "abd"
  assert_false "abc" == :abc
  assert_false "1" == 1
  assert_true "abc".eql?("abc")
  assert_false "abc".eql?(:abc)
  assert_equal "abc".hash, "abc".hash
  assert_not_equal "abc".hash, "abd".hash
  assert_equal "a" * 100, "a" * 100
  assert_equal(("x" * 1000).hash, ("x" * 1000).hash)
  assert_kind_of Fixnum, "abc".hash
  h = { "key" => 1 }
  assert_equal 1, h["key"]
  assert_equal 1, h["k" + "ey"]
end

class StrLike
  def to_str; "abc"; end
  def ==(o); o == "abc"; end
end

test "== with an object that has to_str" do
  assert_true "abc" == StrLike.new
  assert_false "abd" == StrLike.new
end

test "<=> and Comparable" do
  assert_equal(-1, "abc" <=> "abd")
  assert_equal 0, "abc" <=> "abc"
  assert_equal 1, "b" <=> "abc"
  assert_equal(-1, "ab" <=> "abc")
  assert_equal 1, "abc" <=> "ab"
  assert_equal(-1, "" <=> "a")
  assert_nil "a" <=> 1
  assert_nil "a" <=> nil
  assert_true "a" < "b"
  assert_true "b" >= "a"
  assert_true "b".between?("a", "c")
  assert_equal(-1, "\001" <=> "\377")
  assert_equal ["a", "b", "c"], ["c", "a", "b"].sort
end

test "casecmp" do
  assert_equal 0, "aBc".casecmp("AbC")
  assert_equal(-1, "abc".casecmp("ABD"))
  assert_equal 1, "abcd".casecmp("ABC")
  assert_raise(TypeError) { "a".casecmp(1) }
end

test "+ and *" do
  assert_equal "ab", "a" + "b"
  assert_equal "", "" + ""
  assert_raise(TypeError, "can't convert Fixnum into String") { "a" + 1 }
  assert_raise(TypeError, "can't convert nil into String") { "a" + nil }
  assert_equal "abcabc", "abc" * 2
  assert_equal "", "abc" * 0
  assert_equal "x" * 1000, ("x" * 10) * 100
  assert_raise(ArgumentError, "negative argument") { "a" * -1 }
  assert_raise(TypeError) { "a" * "b" }
  assert_equal "aabc", "a" + StrLike.new
end

test "<< and concat" do
  s = "a"
  s << "b" << "c"
  assert_equal "abc", s
  s.concat("d")
  assert_equal "abcd", s
  s << 101
  assert_equal "abcde", s
  s << s
  assert_equal "abcdeabcde", s
  assert_raise(TypeError) { s << 256 }
  assert_raise(TypeError) { s << nil }
  big = ""
  10000.times { |i| big << "x" }
  assert_equal 10000, big.size
  assert_equal "x" * 10000, big
end

test "interpolation" do
  a = 1
  b = "two"
  assert_equal "1-two-3", "#{a}-#{b}-#{a + 2}"
  assert_equal "x" * 50 + "1", "#{"x" * 50}#{a}"
end

test "replace, dup, clone" do
  s = "hello"
  t = s.dup
  t << "!"
  assert_equal "hello", s
  s.replace("world" * 10)
  assert_equal "world" * 10, s
  u = s.dup
  s << "x"
  assert_equal "world" * 10, u
  f = "frozen".freeze
  assert_true f.clone.frozen?
  assert_false f.dup.frozen?
  assert_raise(TypeError) { "x".freeze.replace("y") }
  assert_equal "abc", "x".replace(StrLike.new)
end

test "frozen strings" do
  s = "abc".freeze
  assert_raise(TypeError, "can't modify frozen string") { s << "d" }
  assert_raise(TypeError) { s[0] = "x" }
  assert_raise(TypeError) { s.upcase! }
  assert_raise(TypeError) { s.gsub!(/a/, "b") }
  assert_raise(TypeError) { s.concat("x") }
  assert_raise(TypeError) { s.tr!("a", "b") }
  assert_raise(TypeError) { s.reverse! }
  assert_equal "ABC", s.upcase
  assert_equal "abc", s
end

test "to_s, to_str, to_sym, intern" do
  s = "abc"
  assert_same s, s.to_s
  assert_same s, s.to_str
  assert_equal :abc, "abc".to_sym
  assert_equal :"a b", "a b".intern
  assert_raise(ArgumentError, "interning empty string") { "".to_sym }
end

class MyString < String
end

test "subclasses" do
  m = MyString.new("abc")
  assert_equal MyString, m.class
  assert_equal MyString, m.dup.class
  assert_equal String, m.to_s.class
  assert_equal "abc", m.to_s
  assert_equal MyString, (m * 2).class
  assert_equal MyString, m.upcase.class
  assert_equal MyString, m[0, 2].class
  assert_equal String, (m + "x").class
  assert_true m == "abc"
end

test "to_i" do
  assert_equal 12, "12abc".to_i
  assert_equal 0, "abc".to_i
  assert_equal 0, "".to_i
  assert_equal(-12, "-12".to_i)
  assert_equal 12, "+12".to_i
  assert_equal 12, "  12  ".to_i
  assert_equal 1000, "1_000".to_i
  assert_equal 1, "1__000".to_i
  assert_equal 0, "_1".to_i
  assert_equal 255, "ff".to_i(16)
  assert_equal 255, "0xff".to_i(16)
  assert_equal 5, "101".to_i(2)
  assert_equal 5, "0b101".to_i(2)
  assert_equal 35, "z".to_i(36)
  assert_equal 0, "0x1A".to_i
  assert_equal 26, "0x1A".to_i(0)
  assert_equal 8, "010".to_i(0)
  assert_equal 10, "010".to_i
  assert_equal 12345678901234567890, "12345678901234567890".to_i
  assert_equal(-12345678901234567890, "-12345678901234567890".to_i)
  assert_equal 2 ** 100, ("1" + "0" * 100).to_i(2)
  assert_raise(ArgumentError, "illegal radix 1") { "1".to_i(1) }
  assert_raise(ArgumentError, "illegal radix 37") { "1".to_i(37) }
end

test "hex and oct" do
  assert_equal 255, "ff".hex
  assert_equal 255, "0xff".hex
  assert_equal(-255, "-0xff".hex)
  assert_equal 0, "zz".hex
  assert_equal 177, "0b1".hex
  assert_equal 511, "777".oct
  assert_equal 31, "0x1f".oct
  assert_equal 3, "0b11".oct
  assert_equal(-3, "-0b11".oct)
  assert_equal 8, "0o10".oct
  assert_equal 0, "9".oct
end

test "Integer()" do
  assert_equal 31, Integer("0x1f")
  assert_equal 10, Integer(" 10 ")
  assert_equal 8, Integer("010")
  assert_equal 5, Integer("0b101")
  assert_equal 1000, Integer("1_000")
  assert_raise(ArgumentError, 'invalid value for Integer: "1 2"') { Integer("1 2") }
  assert_raise(ArgumentError, 'invalid value for Integer: ""') { Integer("") }
  assert_raise(ArgumentError, 'invalid value for Integer: "0x"') { Integer("0x") }
  assert_raise(ArgumentError, 'invalid value for Integer: "1__0"') { Integer("1__0") }
  assert_raise(ArgumentError, 'invalid value for Integer: "12a"') { Integer("12a") }
  assert_raise(ArgumentError) { Integer("_1") }
  assert_raise(ArgumentError) { Integer("1_") }
  assert_raise(ArgumentError) { Integer("09") }
end

test "to_f and Float()" do
  assert_equal 1.5, "1.5".to_f
  assert_equal 1000.0, "1e3".to_f
  assert_equal 1000.5, "1_000.5".to_f
  assert_equal 0.0, "abc".to_f
  assert_equal 3.5, " \n 3.5xyz".to_f
  assert_equal 1.0, "1.e5".to_f
  assert_equal 1.0, "1e".to_f
  assert_equal(-0.5, "-.5".to_f)
  assert_equal 0.0, "".to_f
  assert_equal 0.0, "0x1A".to_f
  assert_equal 1.5, Float("1.5")
  assert_equal 150.0, Float(" 1.5e2 ")
  assert_raise(ArgumentError, 'invalid value for Float(): "1.5x"') { Float("1.5x") }
  assert_raise(ArgumentError, 'invalid value for Float(): ""') { Float("") }
  assert_raise(ArgumentError) { Float("1.") }
  assert_raise(ArgumentError) { Float("1__0") }
  assert_raise(ArgumentError) { Float("0x1A") }
end

test "inspect" do
  assert_equal '"abc"', "abc".inspect
  assert_equal '"a\\nb\\tc"', "a\nb\tc".inspect
  assert_equal '"\\"q\\""', '"q"'.inspect
  assert_equal '"\\\\"', "\\".inspect
  assert_equal '"\\e\\a\\b\\f\\v\\r"', "\e\a\b\f\v\r".inspect
  assert_equal '"\\001\\000\\177"', "\001\000\177".inspect
  assert_equal '"\\342\\202\\254"', "\342\202\254".inspect
  assert_equal '"\\#{x}"', '#{x}'.inspect
  assert_equal '"\\#$x \\#@y"', '#$x #@y'.inspect
  assert_equal '"# #a"', "# #a".inspect
  assert_equal '"#"', "#".inspect
  assert_equal '""', "".inspect
end

test "dump" do
  assert_equal '"abc\\n"', "abc\n".dump
  assert_equal '"\\342\\202\\254"', "\342\202\254".dump
  assert_equal '"\\#{"', '#{'.dump
end

test "sum and crypt" do
  assert_equal 294, "abc".sum
  assert_equal 294 % 256, "abc".sum(8)
  assert_equal 0, "".sum
  assert_equal 97 * 1000, ("a" * 1000).sum(0)
  assert_raise(ArgumentError) { "abc".crypt("a") }
end
