# enumerator_regexp.rb: String methods that match a Regexp work when an
# Enumerator runs them for #next, where no Ruby frame holds $~ (they used
# to read their own match back from $~, found nil and crashed); the
# caller's $~ is left alone (issue "Green threads you can trust", hazards).
require 'assert'

test "scan through Enumerator#next" do
  e = "abcb".enum_for(:scan, "b")
  assert_equal "b", e.next
  assert_equal "b", e.next
  assert_raise(StopIteration) { e.next }
  e = "a1b22".enum_for(:scan, /([a-z])(\d+)/)
  assert_equal ["a", "1"], e.next
  assert_equal ["b", "22"], e.next
  assert_raise(StopIteration) { e.next }
  assert_equal "b", "abc".enum_for(:scan, "b").next
end

test "gsub and gsub! through Enumerator#next" do
  assert_equal "b", "abc".enum_for(:gsub, "b").next
  assert_equal "b", "abc".enum_for(:gsub!, "b").next
  e = "a1b22c".enum_for(:gsub, /\d+/)
  assert_equal "1", e.next
  assert_equal "22", e.next
  assert_raise(StopIteration) { e.next }
  e = "xyz".gsub(/y/)
  assert_equal "y", e.next
end

test "other matching methods through Enumerator#next" do
  e = [1].enum_for(:each)
  assert_equal 1, e.next
  e = "hello".enum_for(:sub, /l+/)
  assert_equal "ll", e.next
  e = "x-y".enum_for(:each_line, "-")
  assert_equal "x-", e.next
end

test "the caller's $~ is untouched by an enumerator's matches" do
  "zzz" =~ /z+/
  e = "abc".enum_for(:scan, /b/)
  e.next
  assert_equal "zzz", $~[0]
end

test "the methods still set $~ in their caller" do
  "a1b2".scan(/\d/)
  assert_equal "2", $~[0]
  assert_equal "a1c3d", "abcbd".gsub("b") { $~.begin(0).to_s }
  assert_equal "b", $~[0]
  assert_equal 3, $~.begin(0)
  assert_equal ["a", "-", "b-c"], "a-b-c".partition(/-/)
  assert_equal ["a-b", "-", "c"], "a-b-c".rpartition(/-/)
  assert_equal "l", "hello"[/l(l)/, 1]
  s = "hello"
  s[/l(l)/, 1] = "X"
  assert_equal "helXo", s
  assert_equal ["a", "b", "c"], "a b  c".split(/ +/)
  assert_equal "hexlo", "hello".sub(/l/) { "x" }
end
