# array_sort.rb: Array#sort and #sort! on every path: Fixnums, Floats,
# mixed numbers, Strings (the fast paths), objects with <=>, blocks,
# comparison failures, and blocks that misbehave.
require 'assert'

test "sort numbers" do
  assert_equal [], [].sort
  assert_equal [1], [1].sort
  assert_equal [1, 2, 3], [3, 1, 2].sort
  assert_equal [-5, -1, 0, 2, 10], [10, -1, 2, -5, 0].sort
  big = 2**62
  assert_equal [-big, 1, big], [big, 1, -big].sort
  assert_equal [-1.5, 0.0, 2.25, 3.0], [3.0, 2.25, -1.5, 0.0].sort
  assert_equal [1, 1.5, 2, 2.5], [2.5, 2, 1.5, 1].sort
  assert_equal [-Float::MAX, -1, 0, Float::MAX], [Float::MAX, 0, -Float::MAX, -1].sort
  n = 1000
  a = Array.new(n) { |i| (i * 7919) % n }
  assert_equal((0...n).to_a, a.sort)
  f = Array.new(500) { |i| ((i * 37) % 500) / 7.0 }
  s = f.sort
  assert_true (0...499).all? { |i| s[i] <= s[i + 1] }
  assert_equal f.size, s.size
  m = [3, 2**70, 1.5, -(2**70), 0]
  assert_equal [-(2**70), 0, 1.5, 3, 2**70], m.sort
end

test "sort strings and objects" do
  assert_equal ["a", "ab", "b", "ba"], ["ba", "b", "ab", "a"].sort
  assert_equal ["", "A", "a", "aa"], ["aa", "a", "", "A"].sort
  words = %w[pear apple fig banana cherry date elderberry grape]
  assert_equal words.sort, words.sort_by { |w| w }
  assert_equal "apple", words.sort.first
  assert_equal [:a, :b, :c], [:c, :a, :b].sort { |x, y| x.to_s <=> y.to_s }
  v = Struct.new(:n)
  objs = [v.new(3), v.new(1), v.new(2)]
  assert_equal [1, 2, 3], objs.sort { |x, y| x.n <=> y.n }.map { |o| o.n }
  c = Class.new do
    include Comparable
    attr_reader :n
    def initialize(n); @n = n; end
    def <=>(o); n <=> o.n; end
  end
  cs = Array.new(30) { |i| c.new((i * 13) % 30) }
  assert_equal((0...30).to_a, cs.sort.map { |o| o.n })
  assert_equal [[1, 2], [1, 3], [2, 0]], [[2, 0], [1, 3], [1, 2]].sort
end

test "sort with a block" do
  assert_equal [3, 2, 1], [1, 3, 2].sort { |a, b| b <=> a }
  assert_equal %w[a bb ccc], %w[ccc a bb].sort { |a, b| a.size <=> b.size }
  calls = 0
  [5, 4, 3, 2, 1].sort { |a, b| calls += 1; a <=> b }
  assert_true calls > 0
  big = Array.new(200) { |i| (i * 31) % 200 }
  assert_equal((0...200).to_a.reverse, big.sort { |a, b| b <=> a })
  assert_equal [1, 2, 3], [3, 1, 2].sort { |a, b| (a - b).to_f }
  assert_equal [1, 2, 3], [3, 1, 2].sort { |a, b| 2**70 * (a - b) }
  r = [3, 1, 2].sort { |a, b| break :out }
  assert_equal :out, r
end

test "sort! replaces in place" do
  a = [3, 1, 2]
  assert_same a, a.sort!
  assert_equal [1, 2, 3], a
  b = %w[b a]
  b.sort! { |x, y| y <=> x }
  assert_equal %w[b a], b
  c = [2, 1]
  d = c.sort
  assert_equal [2, 1], c
  assert_equal [1, 2], d
  s = (1..40).to_a.reverse
  t = s[0, 30]
  t.sort!
  assert_equal 40, s[0]
  assert_equal (11..40).to_a, t
end

test "comparison failures" do
  assert_raise(ArgumentError, "comparison of Fixnum with String failed") { [1, "a"].sort }
  assert_raise(ArgumentError, "comparison of String with 1 failed") { ["a", 1].sort }
  assert_raise(NoMethodError) { [Object.new, Object.new].sort }   # 1.8: no Object#<=>
  assert_raise(ArgumentError, "comparison of Fixnum with nil failed") { [1, nil].sort }
  assert_raise(ArgumentError, "comparison of Float with Float failed") { [0.0 / 0.0, 1.0].sort }
  assert_raise(ArgumentError) { [1, 2].sort { nil } }
  assert_raise(NoMethodError) { [1, 2].sort { |a, b| a.foo } }
  a = [3, 1, "x", 2]
  assert_raise(ArgumentError) { a.sort! }
  assert_equal 4, a.size
end

test "block that changes the array during sort!" do
  a = (1..20).to_a.reverse
  a.sort! { |x, y| a.clear; x <=> y }
  assert_equal (1..20).to_a, a
  b = [3, 2, 1]
  b.sort! { |x, y| b << 0 if b.size < 5; x <=> y }
  assert_equal [1, 2, 3], b
end

test "sort with redefined <=>" do
  s = Class.new(String) { def <=>(o); o.to_s.size <=> to_s.size; end }
  a = [s.new("a"), s.new("ccc"), s.new("bb")]
  assert_equal ["ccc", "bb", "a"], a.sort.map { |x| x.to_s }
end
