# string_access.rb: reading and writing parts of Strings (1.8.7): [] and
# slice in every form (s[0] is an Integer), []= in every form, slice!,
# index/rindex with strings, bytes and regexps, insert, include?,
# start_with?/end_with?, partition/rpartition.
require 'assert'

test "[] with an index gives a byte" do
  s = "hello"
  assert_equal 104, s[0]
  assert_equal 111, s[-1]
  assert_equal 104, s[-5]
  assert_nil s[5]
  assert_nil s[-6]
  assert_equal 255, "\377"[0]
  assert_equal 101, s[1.9]
  assert_nil ""[0]
end

test "[] with start and length" do
  s = "hello"
  assert_equal "el", s[1, 2]
  assert_equal "llo", s[-3, 3]
  assert_equal "lo", s[3, 10]
  assert_equal "", s[5, 1]
  assert_nil s[6, 1]
  assert_nil s[1, -1]
  assert_nil s[-6, 2]
  assert_equal "", s[0, 0]
  assert_equal "", ""[0, 1]
  assert_nil ""[1, 1]
end

test "[] with a range" do
  s = "hello"
  assert_equal "el", s[1..2]
  assert_equal "e", s[1...2]
  assert_equal "llo", s[2..-1]
  assert_equal "hell", s[0..-2]
  assert_equal "", s[5..6]
  assert_nil s[6..7]
  assert_equal "", s[3..1]
  assert_nil s[-7..2]
end

test "[] with a string or a regexp" do
  s = "hello"
  assert_equal "ll", s["ll"]
  assert_nil s["x"]
  assert_equal "", s[""]
  assert_equal "ll", s[/l+/]
  assert_nil s[/z/]
  assert_equal "e", s[/(e)(l)/, 1]
  assert_equal "l", s[/(e)(l)/, 2]
  assert_nil s[/(e)(l)/, 3]
  assert_equal "l", s[/(e)(l)/, -1]
  assert_nil s[/z(.)/, 1]
  assert_equal "el", s.slice(1, 2)
  assert_equal 104, s.slice(0)
end

test "long substrings share and stay independent" do
  s = "0123456789" * 10
  t = s[50..-1]
  assert_equal 50, t.size
  assert_equal "0123456789" * 5, t
  t << "x"
  assert_equal "0123456789" * 10, s
  s[-1] = "X"
  assert_equal "0123456789" * 5 + "x", t
  u = s[90, 10]
  assert_equal "012345678X", u
  rest = "abcdefghijklmnopqrstuvwxyz" * 4
  n = 0
  while rest.size > 0
    rest = rest[1..-1]
    n += 1
  end
  assert_equal 104, n
end

test "[]= with an index" do
  s = "hello"
  s[0] = "J"
  assert_equal "Jello", s
  s[-1] = "y"
  assert_equal "Jelly", s
  s[1] = "EE"
  assert_equal "JEElly", s
  s[0] = 97
  assert_equal "aEElly", s
  s[0] = ""
  assert_equal "EElly", s
  assert_raise(IndexError, "index 5 out of string") { s[5] = "x" }
  assert_raise(IndexError, "index -6 out of string") { s[-6] = "x" }
  assert_raise(TypeError) { s[0] = nil }
end

test "[]= with start and length" do
  s = "hello"
  s[1, 3] = "ipp"
  assert_equal "hippo", s
  s[0, 0] = "a "
  assert_equal "a hippo", s
  s[7, 0] = "!"
  assert_equal "a hippo!", s
  s[-1, 1] = "?"
  assert_equal "a hippo?", s
  s[2, 100] = "b"
  assert_equal "a b", s
  assert_raise(IndexError, "index 4 out of string") { s[4, 0] = "x" }
  assert_raise(IndexError, "negative length -1") { s[0, -1] = "x" }
end

test "[]= with a range, string or regexp" do
  s = "hello"
  s[1..2] = "EL"
  assert_equal "hELlo", s
  s[1...1] = "--"
  assert_equal "h--ELlo", s
  s["EL"] = "el"
  assert_equal "h--ello", s
  assert_raise(IndexError, "string not matched") { s["zz"] = "x" }
  s[/-+/] = ""
  assert_equal "hello", s
  s[/(e)(l+)/, 2] = "LL"
  assert_equal "heLLo", s
  assert_raise(IndexError, "regexp not matched") { s[/z/] = "x" }
  assert_raise(IndexError, "index 3 out of regexp") { s[/(e)(L)/, 3] = "x" }
  assert_raise(RangeError) { s[10..12] = "x" }
  t = "abc"
  t[3..5] = "d"
  assert_equal "abcd", t
end

test "slice!" do
  s = "hello world"
  assert_equal "world", s.slice!(6, 5)
  assert_equal "hello ", s
  assert_equal 104, s.slice!(0)
  assert_equal "ello ", s
  assert_equal "ll", s.slice!(/l+/)
  assert_equal "eo ", s
  assert_equal "eo", s.slice!(0..1)
  assert_equal " ", s
  assert_nil s.slice!("zz")
  assert_nil s.slice!(10)
  assert_equal " ", s
end

test "index" do
  s = "hello"
  assert_equal 2, s.index("l")
  assert_equal 3, s.index("l", 3)
  assert_nil s.index("l", 4)
  assert_equal 3, s.index("l", -2)
  assert_nil s.index("l", -10)
  assert_equal 0, s.index("")
  assert_equal 5, s.index("", 5)
  assert_nil s.index("", 6)
  assert_equal 1, s.index(101)
  assert_nil s.index(120)
  assert_equal 2, s.index(/l+/)
  assert_equal 3, s.index(/l/, 3)
  assert_nil s.index(/z/)
  assert_raise(TypeError, "type mismatch: NilClass given") { s.index(nil) }
  assert_raise(TypeError) { s.index(:l) }
end

test "rindex" do
  s = "hello"
  assert_equal 3, s.rindex("l")
  assert_equal 2, s.rindex("l", 2)
  assert_nil s.rindex("l", 1)
  assert_equal 5, s.rindex("")
  assert_equal 3, s.rindex("l", -2)
  assert_nil s.rindex("h", -6)
  assert_equal 3, s.rindex(108)
  assert_nil s.rindex(120)
  assert_equal 3, s.rindex(/l/)
  assert_equal 0, s.rindex(/h/)
  assert_nil s.rindex(/z/)
  assert_equal 0, s.rindex("hello")
  assert_nil s.rindex("hello!")
  assert_nil "".rindex(97)
  assert_raise(TypeError) { s.rindex(nil) }
end

test "insert" do
  assert_equal "Xabcd", "abcd".insert(0, "X")
  assert_equal "abcXd", "abcd".insert(3, "X")
  assert_equal "abcdX", "abcd".insert(4, "X")
  assert_equal "abcdX", "abcd".insert(-1, "X")
  assert_equal "abXcd", "abcd".insert(-3, "X")
  assert_raise(IndexError) { "abcd".insert(5, "X") }
  assert_raise(IndexError) { "abcd".insert(-6, "X") }
  assert_raise(TypeError) { "abcd".insert(1, 2) }
end

test "include?, start_with?, end_with?" do
  assert_true "hello".include?("ell")
  assert_false "hello".include?("elo")
  assert_true "hello".include?("")
  assert_true "hello".include?(104)
  assert_false "hello".include?(120)
  assert_raise(TypeError) { "hello".include?(nil) }
  assert_true "hello".start_with?("he")
  assert_true "hello".start_with?("x", "h")
  assert_false "hello".start_with?("hello!")
  assert_true "hello".start_with?("")
  assert_false "hello".start_with?(1)
  assert_true "hello".end_with?("llo")
  assert_true "hello".end_with?("x", "o")
  assert_false "hello".end_with?("hhello")
end

test "partition and rpartition" do
  assert_equal ["a", "-", "b-c"], "a-b-c".partition("-")
  assert_equal ["a-b-c", "", ""], "a-b-c".partition("+")
  assert_equal ["a", "-", "b-c"], "a-b-c".partition(/-/)
  assert_equal ["a", "12", "b"], "a12b".partition(/\d+/)
  assert_equal ["a-b", "-", "c"], "a-b-c".rpartition("-")
  assert_equal ["", "", "a-b-c"], "a-b-c".rpartition("+")
  assert_equal ["a-b", "-", "c"], "a-b-c".rpartition(/-/)
  assert_raise(TypeError) { "abc".partition(1) }
end
