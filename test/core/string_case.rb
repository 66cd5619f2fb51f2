# string_case.rb: String methods that rewrite bytes (1.8.7, no $KCODE):
# case changes and their bang forms, succ/next, justification, strip,
# chomp, chop, reverse, and the character-set methods tr, tr_s, delete,
# squeeze, count.
require 'assert'

test "upcase downcase swapcase capitalize" do
  assert_equal "HELLO 1!", "hello 1!".upcase
  assert_equal "hello", "HeLLo".downcase
  assert_equal "hELLO", "Hello".swapcase
  assert_equal "Hello world", "hELLO WORLD".capitalize
  assert_equal "", "".capitalize
  assert_equal "1abc", "1ABC".capitalize
  assert_equal "\344", "\344".upcase
  s = "abc"
  assert_same s, s.upcase!
  assert_equal "ABC", s
  assert_nil s.upcase!
  assert_nil "abc".downcase!
  assert_nil "Abc".capitalize!
  assert_equal "Abc", "abc".capitalize!
  assert_nil "123".swapcase!
  t = "x" * 40
  u = t.upcase
  assert_equal "x" * 40, t
  assert_equal "X" * 40, u
end

test "succ and next" do
  assert_equal "abd", "abc".succ
  assert_equal "ba", "az".succ
  assert_equal "aaa", "zz".succ
  assert_equal "b0", "a9".succ
  assert_equal "AAa", "Zz".succ
  assert_equal "10", "9".succ
  assert_equal "-10", "-9".succ
  assert_equal "2.0.0", "1.9.9".succ
  assert_equal "b-0", "a-9".succ
  assert_equal "", "".succ
  assert_equal "\001\000", "\377".succ
  assert_equal "-", ",".succ
  assert_equal "<<koalb>>", "<<koala>>".succ
  assert_equal "2000aaa", "1999zzz".succ
  assert_equal "AAAA0000", "ZZZ9999".succ
  s = "az"
  assert_same s, s.succ!
  assert_equal "ba", s
  assert_equal "ab", "aa".next
end

test "upto" do
  res = []
  "a".upto("e") { |s| res << s }
  assert_equal ["a", "b", "c", "d", "e"], res
  res = []
  "1".upto("3") { |s| res << s }
  assert_equal ["1", "2", "3"], res
  res = []
  "9".upto("11") { |s| res << s }
  assert_equal [], res
  res = []
  "b".upto("a") { |s| res << s }
  assert_equal [], res
  res = []
  "a".upto("c", true) { |s| res << s }
  assert_equal ["a", "b"], res
  res = []
  "az".upto("bc") { |s| res << s }
  assert_equal ["az", "ba", "bb", "bc"], res
end

test "ljust rjust center" do
  assert_equal "abc   ", "abc".ljust(6)
  assert_equal "   abc", "abc".rjust(6)
  assert_equal " abc  ", "abc".center(6)
  assert_equal "abc", "abc".center(2)
  assert_equal "abc", "abc".ljust(-1)
  assert_equal "abc121", "abc".ljust(6, "12")
  assert_equal "121abc", "abc".rjust(6, "12")
  assert_equal "12abc121", "abc".center(8, "12")
  assert_raise(ArgumentError, "zero width padding") { "abc".center(10, "") }
  assert_raise(TypeError) { "abc".center("x") }
end

test "strip lstrip rstrip" do
  assert_equal "abc", "  abc \t\n".strip
  assert_equal "abc \n", " \t abc \n".lstrip
  assert_equal " abc", " abc  \0 ".rstrip
  assert_equal "a b", "a b".strip
  assert_equal "", "   ".strip
  assert_equal "\0 a", "\0 a".lstrip
  s = " x "
  assert_same s, s.strip!
  assert_equal "x", s
  assert_nil s.strip!
  assert_nil "x ".lstrip!
  assert_nil " x".rstrip!
  assert_nil "x".freeze.strip!
end

test "chomp" do
  assert_equal "abc", "abc\n".chomp
  assert_equal "abc", "abc\r\n".chomp
  assert_equal "abc", "abc\r".chomp
  assert_equal "abc\n", "abc\n\n".chomp
  assert_equal "abc", "abc".chomp
  assert_equal "", "\n".chomp
  assert_equal "ab", "abc".chomp("c")
  assert_equal "abc", "abc".chomp("d")
  assert_equal "abc", "abc\n\r\n\n".chomp("")
  assert_equal "abc\n", "abc\n".chomp(nil)
  assert_equal "a", "abcd".chomp("bcd")
  s = "x\n"
  assert_same s, s.chomp!
  assert_nil s.chomp!
  assert_nil "".chomp!
end

test "chop" do
  assert_equal "ab", "abc".chop
  assert_equal "abc", "abc\r\n".chop
  assert_equal "abc\n", "abc\n\r".chop
  assert_equal "", "".chop
  assert_equal "", "a".chop
  s = "ab"
  assert_same s, s.chop!
  assert_equal "a", s
  assert_nil "".chop!
end

test "reverse" do
  assert_equal "cba", "abc".reverse
  assert_equal "", "".reverse
  s = "abcd"
  assert_same s, s.reverse!
  assert_equal "dcba", s
  assert_equal "x" * 30 + "y", ("y" + "x" * 30).reverse
end

test "tr" do
  assert_equal "hippo", "hello".tr("el", "ip")
  assert_equal "ifmmp", "hello".tr("a-y", "b-z")
  assert_equal "**ll*", "hello".tr("^l", "*")
  assert_equal "hexxx", "hello".tr("lo", "x")
  assert_equal "h-llo", "hello".tr("e", "-")
  assert_equal "HELLO", "hello".tr("a-z", "A-Z")
  assert_equal "hello", "hello".tr("", "x")
  assert_equal "ho", "hello".tr("el", "")
  assert_equal "a-c", "abc".tr("b", "\\-")
  assert_equal "x^x", "a^b".tr("ab", "x")
  assert_equal "*^*", "a^b".tr("^^", "*")
  assert_equal "hello", "hello".tr("z-a", "x")
  s = "abc"
  assert_nil s.tr!("x", "y")
  assert_same s, s.tr!("a", "A")
  assert_equal "Abc", s
end

test "tr_s" do
  assert_equal "hero", "hello".tr_s("l", "r")
  assert_equal "h*o", "hello".tr_s("el", "*")
  assert_equal "x", "hello".tr_s("a-y", "x")
  assert_equal "hxllo", "hello".tr_s("a-g", "x")
  s = "aabb"
  assert_same s, s.tr_s!("ab", "x")
  assert_equal "x", s
end

test "delete" do
  assert_equal "heo", "hello".delete("l")
  assert_equal "heo", "hello".delete("l", "lo", "el")
  assert_equal "hll", "hello".delete("a-y", "^l", "^h")
  assert_equal "he", "hello".delete("l-o")
  assert_equal "ll", "hello".delete("^l")
  assert_equal "hello", "hello".delete("")
  assert_raise(ArgumentError) { "hello".delete }
  s = "abc"
  assert_nil s.delete!("x")
  assert_equal "ac", s.delete!("b")
end

test "squeeze" do
  assert_equal "abc", "aaabbbccc".squeeze
  assert_equal "abbbccc", "aaabbbccc".squeeze("a")
  assert_equal "abbbccc", "aaabbbccc".squeeze("a", "ac")
  assert_equal "a    b", "a    b".squeeze("a-z")
  assert_equal "a b", "a    b".squeeze(" ")
  s = "abc"
  assert_nil s.squeeze!
  assert_equal "x", "xxxx".squeeze!
end

test "count" do
  assert_equal 5, "hello world".count("lo")
  assert_equal 2, "hello world".count("lo", "o-z")
  assert_equal 5, "hello world".count("^lo ")
  assert_equal 4, "hello".count("a-y", "^h")
  assert_equal 0, "".count("a")
  assert_equal 1, "a-b".count("\\-")
  assert_raise(ArgumentError) { "hello".count }
  assert_raise(TypeError) { "hello".count(1) }
end
