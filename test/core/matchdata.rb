# matchdata.rb: MatchData as Ruby 1.8.7 has it: [] with an index, a
# negative index, start and length or a range; begin/end/offset (byte
# offsets, nil for a group that did not take part, IndexError outside);
# captures, to_a, size, pre_match/post_match, string (a frozen copy that
# later changes to the subject do not touch), to_s, values_at, select,
# inspect, copying, and what the class refuses.
require 'assert'

def md_sample
  /(\d+)-(\d+)?(x)?/.match("tel: 12- end")
end

test "[]" do
  m = md_sample
  assert_equal "12-", m[0]
  assert_equal "12", m[1]
  assert_nil m[2]
  assert_nil m[3]
  assert_nil m[4]
  assert_nil m[100]
  assert_nil m[-1]
  assert_equal "12", m[-3]
  assert_nil m[-5]
  assert_equal ["12", nil], m[1..2]
  assert_equal ["12-", "12"], m[0, 2]
  assert_equal ["12-", "12", nil, nil], m[0..-1]
  assert_equal [], m[4, 1]
  assert_nil m[5, 1]
  assert_raise(TypeError) { m["a"] }
  assert_raise(ArgumentError) { m[] }
  assert_raise(ArgumentError) { m[1, 2, 3] }
end

test "begin, end, offset" do
  m = md_sample
  assert_equal 5, m.begin(0)
  assert_equal 8, m.end(0)
  assert_equal 5, m.begin(1)
  assert_equal 7, m.end(1)
  assert_nil m.begin(2)
  assert_nil m.end(2)
  assert_equal [5, 8], m.offset(0)
  assert_equal [nil, nil], m.offset(3)
  assert_raise(IndexError, "index 4 out of matches") { m.begin(4) }
  assert_raise(IndexError, "index -1 out of matches") { m.end(-1) }
  assert_raise(IndexError, "index 9 out of matches") { m.offset(9) }
  assert_raise(TypeError) { m.begin("0") }
  assert_raise(TypeError) { m.begin(nil) }
  assert_equal 5, m.begin(0.7)
  m = /b/.match("\xc3\xa9b")   # offsets count bytes
  assert_equal 2, m.begin(0)
  m = /\z/.match("abc")
  assert_equal [3, 3], m.offset(0)
end

test "captures, to_a, size" do
  m = md_sample
  assert_equal ["12", nil, nil], m.captures
  assert_equal ["12-", "12", nil, nil], m.to_a
  assert_equal 4, m.size
  assert_equal 4, m.length
  m = /abc/.match("xabcx")
  assert_equal [], m.captures
  assert_equal ["abc"], m.to_a
  assert_equal 1, m.size
  m = /((a)(b))/.match("ab")
  assert_equal ["ab", "a", "b"], m.captures
  a = m.to_a
  a[0] << "zz"
  assert_equal "ab", m[0]      # fresh strings each time
end

test "pre_match, post_match, to_s, string" do
  m = md_sample
  assert_equal "tel: ", m.pre_match
  assert_equal " end", m.post_match
  assert_equal "12-", m.to_s
  assert_equal "tel: 12- end", m.string
  assert_true m.string.frozen?
  m = /\A/.match("abc")
  assert_equal "", m.pre_match
  assert_equal "abc", m.post_match
  assert_equal "", m.to_s
  m = /c\z/.match("abc")
  assert_equal "", m.post_match
  assert_equal "ab", m.pre_match
end

test "the subject is kept as it was" do
  s = "hello world"
  m = /o w/.match(s)
  s << "!!!"
  s[0, 1] = "J"
  assert_equal "hello world", m.string
  assert_equal "hell", m.pre_match
  assert_equal "orld", m.post_match
  assert_equal "Jello world!!!", s
  t = "x" * 100 + "needle" + "y" * 100
  m = /needle/.match(t)
  t.replace("gone")
  assert_equal "needle", m[0]
  assert_equal "x" * 100, m.pre_match
  assert_equal 206, m.string.size
  f = "frozen".freeze
  assert_same f, /o/.match(f).string
end

test "values_at and select" do
  m = /(\d)(\d)(\d)?/.match("a12b")
  assert_equal ["12", "2", nil], m.values_at(0, 2, -1)
  assert_equal ["1", "2"], m.values_at(1..2)
  assert_equal [], m.values_at
  assert_equal [nil], m.values_at(9)
  assert_equal ["12", "1", "2"], m.select { |x| x }
  assert_equal ["1"], m.select { |x| x == "1" }
  assert_raise(LocalJumpError) { m.select }
  assert_raise(ArgumentError) { m.select(1) { } }
end

test "inspect and class" do
  m = /b/.match("abc")
  assert_equal '#<MatchData "b">', m.inspect
  assert_equal '#<MatchData "ll" 1:"l" 2:nil>', "hello".match(/l(l)(x)?/).inspect
  assert_equal '#<MatchData "" 1:nil>', "a".match(/(b)?/).inspect
  assert_equal '#<MatchData "\377\n\"">', "\377\n\"".match(/.+/m).inspect
  assert_equal MatchData, m.class
  assert_same MatchData, MatchingData
  assert_raise(NoMethodError) { MatchData.new }
  assert_equal [], MatchData.allocate.to_a
  assert_equal 0, MatchData.allocate.size
end

test "dup and clone" do
  m = /(a)(b)?/.match("xa")
  d = m.dup
  assert_equal m.to_a, d.to_a
  assert_equal m.offset(1), d.offset(1)
  assert_equal m.pre_match, d.pre_match
  assert_equal m.string, d.string
  assert_not_equal m.object_id, d.object_id
  assert_equal ["a", "a", nil], m.clone.to_a
end

test "$~ matches MatchData" do
  "foo bar" =~ /(o+) (b)/
  m = $~
  assert_equal "oo", m[1]
  assert_equal m[0], $&
  assert_equal m.pre_match, $`
  assert_equal m.post_match, $'
  assert_equal 1, m.begin(0)
  assert_equal m[2], $+
  "zzz" =~ /q/
  assert_equal "oo", m[1]          # an old MatchData stays valid
end

test "many matches" do
  s = "a1b22c333" * 1000
  n = 0
  pos = 0
  while (m = /\d+/.match(s[pos..-1]))
    n += 1
    pos += m.end(0)
  end
  assert_equal 3000, n
  all = []
  100.times { |i| all << /(\d+)/.match("x#{i}y") }
  assert_equal "57", all[57][1]
  assert_equal [1, 3], all[42].offset(1)
end
