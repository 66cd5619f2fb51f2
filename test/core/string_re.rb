# string_re.rb: String methods built on patterns (1.8.7): sub, gsub and
# their bang forms (replacement escapes, blocks, $~), scan, split in all
# modes (awk, string, regexp, limits), =~ and match, each_line and the
# other iterators.
require 'assert'

test "sub" do
  assert_equal "h0llo", "hello".sub(/o|e/, "0")
  assert_equal "hello", "hello".sub(/z/, "0")
  assert_equal "he[l]lo", "hello".sub(/l/, '[\0]')
  assert_equal "he[l]lo", "hello".sub(/l/, '[\&]')
  assert_equal "hel-l-lo", "hello".sub(/(l)(l)/, '\1-\2-\2')
  assert_equal "he<he>o", "hello".sub(/ll/, '<\`>')
  assert_equal "he<o>o", "hello".sub(/ll/, "<\\'>")
  assert_equal "he\\o", "hello".sub(/ll/, '\\\\')
  assert_equal "he\\qo", "hello".sub(/ll/, '\q')
  assert_equal "helo", "hello".sub(/(l)(x)?l/, '\1\2')
  assert_equal "he[l]lo", "hello".sub(/(l)(x)?/, '[\+]')
  assert_equal "hello", "hello".sub("l.", "x")
  assert_equal "hexo", "hel.o".sub("l.", "x")
  assert_equal "hELlo", "hello".sub(/el/) { |m| m.upcase }
  assert_equal "h1llo", "hello".sub(/e/) { 1 }
  assert_raise(ArgumentError) { "hello".sub(/e/) }
  assert_raise(TypeError) { "hello".sub(1, "x") }
  s = "hello"
  assert_same s, s.sub!(/l/, "L")
  assert_equal "heLlo", s
  assert_nil s.sub!(/z/, "L")
end

# $~ belongs to the method: these run inside one, as most code does.
def sub_match_checks
  "hello".sub(/l(l)/) { assert_equal "l", $1 }
  assert_equal "ll", $~[0]
  "abc".sub(/b/, "x")
  assert_equal "b", $&
end

def gsub_match_checks
end

def scan_match_checks
end

test "sub, gsub and scan set $~" do
  sub_match_checks
  gsub_match_checks
  scan_match_checks
end

test "gsub" do
  assert_equal "h*ll*", "hello".gsub(/[aeiou]/, "*")
  assert_equal "hello", "hello".gsub(/z/, "*")
  assert_equal "<h><e><l><l><o>", "hello".gsub(/./, '<\0>')
  assert_equal "-h-e-l-l-o-", "hello".gsub(//, "-")
  assert_equal "xax", "a".gsub(/x*/, "x")
  assert_equal "l-l", "hello".gsub(/h|e|o/, "").gsub(/(l)(l)/, '\1-\2')
  assert_equal "HeLLo", "hello".gsub(/[hl]/) { |m| m.upcase }
  assert_equal "104e108108o", "hello".gsub(/[hl]/) { |m| m[0].to_s }
  assert_equal "a.b.c", "a b c".gsub(" ", ".")
  assert_equal "a b c", "a.b.c".gsub(".", " ")
  assert_equal "x" * 1000, ("a" * 1000).gsub("a", "x")
  s = "hello"
  assert_same s, s.gsub!(/l/, "L")
  assert_equal "heLLo", s
  assert_nil s.gsub!(/z/, "")
end

test "gsub with long text" do
  text = "the quick brown fox jumps over the lazy dog\n" * 2000
  out = text.gsub(/o/, "0")
  assert_equal text.size, out.size
  assert_equal 0, out.count("o")
  assert_equal text.count("o"), out.count("0")
  out2 = text.gsub("the", "THE")
  assert_equal 4000, out2.scan(/THE/).size
end

test "scan" do
  assert_equal ["o", "o"], "hello world".scan(/o/)
  assert_equal [["a", "1"], ["b", "2"]], "a1b2".scan(/([a-z])(\d)/)
  assert_equal ["", "", ""], "ab".scan(//)
  assert_equal [], "hello".scan(/z/)
  assert_equal ["l", "l"], "hello".scan("l")
  assert_equal ["a.", "a."], "a.a.aa".scan("a.")
  res = []
  "a1b2".scan(/[a-z](\d)/) { |d| res << d }
  assert_equal [["1"], ["2"]], res
end

test "split with awk mode" do
  assert_equal ["a", "b", "c"], " a  b\tc\n ".split
  assert_equal ["a", "b", "c"], " a  b c".split(" ")
  assert_equal ["a", "b  c "], " a b  c ".split(" ", 2)
  assert_equal ["a", "b", ""], "a b ".split(" ", -1)
  assert_equal [], "".split
  assert_equal [], "   ".split
  assert_equal ["abc"], "abc".split(nil)
  assert_equal [""], "   ".split(" ", -1)
  assert_equal ["a b c"], "a b c".split(" ", 1)
  assert_equal ["a", "b", "c "], "a b c ".split(" ", 3)
  assert_equal ["a", "b", "c", ""], "a b c ".split(" ", 4)
  assert_equal ["a", "b\v c"], "\f a\rb\v c".split(" ", 2)
  assert_equal ["a", "b"], "a  b".split(nil, -1)
  long = (1..300).map { |i| "w#{i}" }.join(" \t ")
  assert_equal 300, long.split(" ").size
  assert_equal "w300", long.split.last
end

test "split with a string" do
  assert_equal ["a", "b", "", "c"], "a,b,,c,,".split(",")
  assert_equal ["a", "b", "", "c", "", ""], "a,b,,c,,".split(",", -1)
  assert_equal ["a", "b,,c,,"], "a,b,,c,,".split(",", 2)
  assert_equal ["a,b,,c,,"], "a,b,,c,,".split(",", 1)
  assert_equal ["", "a"], ",a".split(",")
  assert_equal ["a", "b"], "a::b".split("::")
  assert_equal ["a", "b", "c"], "abc".split("")
  assert_equal ["a", "bc"], "abc".split("", 2)
  assert_equal [], "".split(",")
  assert_equal [], ",,,".split(",")
  assert_equal ["", "", "", ""], ",,,".split(",", -1)
end

test "split with a regexp" do
  assert_equal ["a", "b", "c"], "a1b22c".split(/\d+/)
  assert_equal ["a", "b", "c"], "abc".split(//)
  assert_equal ["a", "1", "b", "2", "c"], "a1b2c".split(/(\d)/)
  assert_equal ["a", "b2c"], "a1b2c".split(/\d/, 2)
  assert_equal ["a", "b", "", ""], "a1b11".split(/1/, -1)
  assert_equal ["a", "b"], "a b".split(/ /)
  assert_equal ["", "a", "b"], " a b".split(/ /)
  assert_equal ["h", "e", "l", "l", "o"], "hello".split(/(?:)/)
  assert_equal ["a", "b", "c"], "a, b,c".split(/,\s*/)
end

test "=~ and match" do
  assert_equal 2, "hello" =~ /ll/
  assert_equal "ll", $~[0]
  assert_nil "hello" =~ /z/
  assert_nil $~
  assert_raise(TypeError, "type mismatch: String given") { "hello" =~ "ll" }
  m = "hello".match(/l(l)/)
  assert_equal "l", m[1]
  assert_equal "ll", "hello".match("l.")[0]
  assert_nil "hello".match(/z/)
  assert_equal "ll", "hello".match("ll")[0]
end

test "each_line" do
  res = []
  "a\nb\nc".each_line { |l| res << l }
  assert_equal ["a\n", "b\n", "c"], res
  res = []
  "a\nb\n".each { |l| res << l }
  assert_equal ["a\n", "b\n"], res
  res = []
  "a--b--c".each_line("--") { |l| res << l }
  assert_equal ["a--", "b--", "c"], res
  res = []
  "a\n\n\nb\nc\n\n".each_line("") { |l| res << l }
  assert_equal ["a\n\n\n", "b\nc\n\n"], res
  res = []
  "abc".each_line(nil) { |l| res << l }
  assert_equal ["abc"], res
  res = []
  "".each_line { |l| res << l }
  assert_equal [], res
  assert_equal ["x\n", "y"], "x\ny".to_a
  assert_equal ["X\n", "Y"], "x\ny".map { |l| l.upcase }
end

test "each_byte and each_char" do
  res = []
  "ab".each_byte { |b| res << b }
  assert_equal [97, 98], res
  res = []
  "ab".each_char { |c| res << c }
  assert_equal ["a", "b"], res
  s = "abc"
  assert_same s, s.each_byte { }
  assert_same s, s.each_char { }
end

test "modifying a string while iterating over it" do
  s = "a\nb\nc"
  assert_raise(RuntimeError, "string modified") { s.each_line { |l| s << "x" } }
  t = "abc"
  assert_raise(RuntimeError) { t.gsub(/b/) { t << "x"; "y" } }
end
