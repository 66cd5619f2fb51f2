# enumerable.rb: every Enumerable method, on a class that only defines
# #each (yielding one or several values), on Arrays, Ranges and Hashes;
# early exits, break, enumerators returned without a block.
require 'assert'

class Three
  include Enumerable
  def each
    yield 3
    yield 1
    yield 2
    self
  end
end

class Pairs
  include Enumerable
  def each
    yield :a, 1
    yield :b, 2
  end
end

class Counter
  include Enumerable
  attr_reader :calls
  def initialize(n); @n = n; @calls = 0; end
  def each
    @n.times { |i| @calls += 1; yield i }
  end
end

test "to_a entries sort sort_by" do
  t = Three.new
  assert_equal [3, 1, 2], t.to_a
  assert_equal [3, 1, 2], t.entries
  assert_equal [1, 2, 3], t.sort
  assert_equal [3, 2, 1], t.sort { |a, b| b <=> a }
  assert_equal [3, 2, 1], t.sort_by { |v| -v }
  assert_equal [[:a, 1], [:b, 2]], Pairs.new.to_a
  assert_equal %w[a bb ccc], %w[ccc a bb].sort_by { |s| s.size }
  assert_equal [[1, :x], [2, :y]], [[2, :y], [1, :x]].sort_by { |n, s| n }
  assert_kind_of Enumerable::Enumerator, t.sort_by
  assert_raise(ArgumentError) { [1, "a"].sort_by { |v| v } }
end

test "map select reject partition group_by grep" do
  t = Three.new
  assert_equal [6, 2, 4], t.map { |v| v * 2 }
  assert_equal [6, 2, 4], t.collect { |v| v * 2 }
  assert_equal [2], t.select { |v| v.even? }
  assert_equal [2], t.find_all { |v| v.even? }
  assert_equal [3, 1], t.reject { |v| v.even? }
  assert_equal [[2], [3, 1]], t.partition { |v| v.even? }
  assert_equal({ 1 => [3, 1], 0 => [2] }, t.group_by { |v| v % 2 })
  assert_equal ["a:1", "b:2"], Pairs.new.map { |k, v| "#{k}:#{v}" }
  assert_equal [[:b, 2]], Pairs.new.select { |k, v| v > 1 }
  assert_equal [3, 2], t.grep(2..3)
  assert_equal [30, 20], t.grep(2..3) { |v| v * 10 }
  assert_equal %w[ab], %w[ab cd].grep(/a/)
  assert_equal [], t.grep(String)
  assert_equal [3, 1, 2], t.map
  assert_kind_of Enumerable::Enumerator, t.select
  assert_kind_of Enumerable::Enumerator, t.partition
  assert_kind_of Enumerable::Enumerator, t.group_by
end

test "find detect find_index include? count" do
  t = Three.new
  assert_equal 1, t.find { |v| v < 3 }
  assert_equal 1, t.detect { |v| v < 3 }
  assert_nil t.find { |v| v > 5 }
  assert_equal :none, t.find(lambda { :none }) { |v| v > 5 }
  assert_equal 2, t.find_index(2)
  assert_equal 1, t.find_index { |v| v < 3 }
  assert_nil t.find_index(9)
  assert_true t.include?(1)
  assert_true t.member?(2.0)
  assert_false t.include?(9)
  assert_equal 3, t.count
  assert_equal 1, t.count(2)
  assert_equal 2, t.count { |v| v > 1 }
  c = Counter.new(100)
  assert_equal 5, c.find { |v| v == 5 }
  assert_equal 6, c.calls
  c = Counter.new(100)
  assert_true c.include?(3)
  assert_equal 4, c.calls
  assert_equal [:b, 2], Pairs.new.find { |k, v| v == 2 }
  assert_kind_of Enumerable::Enumerator, t.find
end

test "inject reduce" do
  t = Three.new
  assert_equal 6, t.inject { |s, v| s + v }
  assert_equal 16, t.inject(10) { |s, v| s + v }
  assert_equal 6, t.inject(:+)
  assert_equal 60, t.inject(10, :*)
  assert_equal 6, t.reduce("+")
  assert_nil [].inject { |s, v| s + v }
  assert_nil [].inject(:+)
  assert_equal 5, [].inject(5) { |s, v| s + v }
  assert_equal "abc", %w[a b c].inject(:+)
  assert_equal 55, (1..10).inject(:+)
  assert_equal [3, 1, 2], t.inject([]) { |a, v| a << v }
  assert_raise(ArgumentError, "2 is not a symbol") { t.inject(1, 2) }
end

test "min max minmax and _by" do
  t = Three.new
  assert_equal 1, t.min
  assert_equal 3, t.max
  assert_equal 3, t.min { |a, b| b <=> a }
  assert_equal [1, 3], t.minmax
  assert_equal [3, 1], t.minmax { |a, b| b <=> a }
  assert_nil [].min
  assert_nil [].max
  assert_equal [nil, nil], [].minmax
  assert_equal "b", %w[ccc b dd].min_by { |s| s.size }
  assert_equal "ccc", %w[ccc b dd].max_by { |s| s.size }
  assert_equal ["b", "ccc"], %w[ccc b dd].minmax_by { |s| s.size }
  assert_nil [].min_by { |v| v }
  assert_equal [nil, nil], [].minmax_by { |v| v }
  assert_equal "a", %w[b a c].min
  assert_equal 2.5, [1, 2.5, 2].max
  assert_raise(ArgumentError, "comparison of String with 1 failed") { [1, "a"].max }
  assert_raise(NoMethodError) { [Object.new, Object.new].min }
  assert_kind_of Enumerable::Enumerator, t.max_by
end

test "all? any? none? one?" do
  assert_true [1, 2].all?
  assert_false [1, nil].all?
  assert_true [].all?
  assert_true [2, 4].all? { |v| v.even? }
  assert_false [2, 3].all? { |v| v.even? }
  assert_true [nil, 1].any?
  assert_false [nil, false].any?
  assert_false [].any?
  assert_true [1, 2].any? { |v| v > 1 }
  assert_true [nil, false].none?
  assert_false [nil, 1].none?
  assert_true [1, 2].none? { |v| v > 5 }
  assert_true [nil, 1].one?
  assert_false [1, 1].one?
  assert_false [].one?
  assert_true [1, 2, 3].one? { |v| v > 2 }
  c = Counter.new(100)
  assert_false c.all? { |v| v < 3 }
  assert_equal 4, c.calls
  c = Counter.new(100)
  assert_true c.any? { |v| v == 1 }
  assert_equal 2, c.calls
  c = Counter.new(100)
  assert_false c.one? { |v| v < 5 }
  assert_equal 2, c.calls
end

test "first take take_while drop drop_while" do
  t = Three.new
  assert_equal 3, t.first
  assert_nil [].first
  assert_equal [3, 1], t.first(2)
  assert_equal [3, 1, 2], t.first(9)
  assert_equal [], t.first(0)
  assert_raise(ArgumentError) { t.first(-1) }
  assert_equal [3, 1], t.take(2)
  assert_raise(ArgumentError, "attempt to take negative size") { t.take(-1) }
  assert_equal [3], t.take_while { |v| v > 2 }
  assert_equal [1, 2], t.drop(1)
  assert_equal [], t.drop(5)
  assert_raise(ArgumentError, "attempt to drop negative size") { t.drop(-1) }
  assert_equal [1, 2], t.drop_while { |v| v > 2 }
  c = Counter.new(1000)
  assert_equal [0, 1, 2], c.first(3)
  assert_equal 3, c.calls
  c = Counter.new(1000)
  assert_equal 0, c.first
  assert_equal 1, c.calls
  assert_equal [:a, 1], Pairs.new.first
end

test "each_with_index each_slice each_cons enum_*" do
  t = Three.new
  r = []
  assert_same t, t.each_with_index { |v, i| r << [v, i] }
  assert_equal [[3, 0], [1, 1], [2, 2]], r
  r = []
  Pairs.new.each_with_index { |(k, v), i| r << [k, v, i] }
  assert_equal [[:a, 1, 0], [:b, 2, 1]], r
  r = []
  assert_nil (1..7).each_slice(3) { |s| r << s }
  assert_equal [[1, 2, 3], [4, 5, 6], [7]], r
  r = []
  assert_nil (1..4).each_cons(2) { |s| r << s }
  assert_equal [[1, 2], [2, 3], [3, 4]], r
  r = []
  (1..2).each_cons(3) { |s| r << s }
  assert_equal [], r
  assert_raise(ArgumentError, "invalid slice size") { t.each_slice(0) { } }
  assert_raise(ArgumentError, "invalid size") { t.each_cons(0) { } }
  assert_equal [[3, 1], [2]], t.each_slice(2).to_a
  assert_equal [[3, 1], [1, 2]], t.each_cons(2).to_a
  assert_equal [[3, 0], [1, 1], [2, 2]], t.enum_with_index.to_a
  assert_equal [[3, 1], [2]], t.enum_slice(2).to_a
  assert_equal [[3, 1], [1, 2]], t.enum_cons(2).to_a
  assert_equal [[3, 0], [1, 1], [2, 2]], t.each_with_index.to_a
end

test "zip cycle" do
  t = Three.new
  assert_equal [[3, 4], [1, 5], [2, nil]], t.zip([4, 5])
  assert_equal [[3, :a, 1], [1, :b, 2], [2, nil, nil]], t.zip([:a, :b], 1..2)
  r = []
  assert_nil t.zip([1, 2, 3]) { |a| r << a }
  assert_equal [[3, 1], [1, 2], [2, 3]], r
  r = []
  assert_nil t.cycle(2) { |v| r << v }
  assert_equal [3, 1, 2, 3, 1, 2], r
  r = []
  t.cycle { |v| r << v; break if r.size == 4 }
  assert_equal [3, 1, 2, 3], r
  assert_kind_of Enumerable::Enumerator, t.cycle
end

test "Hash and Range through Enumerable" do
  h = { :a => 1, :b => 2 }
  assert_equal [[:a, 1]], h.select { |k, v| v == 1 }.to_a
  assert_equal [:a, :b], h.map { |k, v| k }
  assert_equal [:b, 2], h.max_by { |k, v| v }
  assert_equal [[:a, 1], [:b, 2]], h.sort_by { |k, v| v }
  assert_equal 3, h.inject(0) { |s, (k, v)| s + v }
  assert_equal [1, 2, 3], (1..3).to_a
  assert_equal [2, 4], (1..4).select { |v| v.even? }
  assert_equal 10, (1..4).inject(:+)
end

test "break and exceptions out of Enumerable blocks" do
  t = Three.new
  assert_equal :b, t.map { |v| break :b }
  assert_equal :s, t.sort_by { |v| break :s }
  assert_raise(RuntimeError, "x") { t.each_slice(2) { raise "x" } }
  r = t.inject(0) { |s, v| next s + 100 if v == 1; s + v }
  assert_equal 105, r
  assert_equal [1, 2], t.select { |v| next false if v == 3; true }
end

test "Enumerable on an each that yields nothing" do
  e = Class.new { include Enumerable; def each; end }.new
  assert_equal [], e.to_a
  assert_nil e.first
  assert_nil e.min
  assert_equal [], e.sort
  assert_equal 0, e.count
  assert_true e.all?
  assert_nil e.inject(:+)
end

test "collect, map and inject without a block as 1.8.7" do
  assert_equal [1, 2], (1..2).collect
  assert_equal [1, 2], (1..2).map
  assert_equal [[1, 2]], {1 => 2}.map
  assert_equal ["ab\n", "cd"], "ab\ncd".collect
  assert_equal [1], Struct.new(:a).new(1).map
  assert_equal 1, [1].inject
  assert_nil [].inject
  assert_equal [1, 2], {1 => 2}.inject
  assert_raise(LocalJumpError, "no block given") { (1..2).inject }
  assert_raise(LocalJumpError, "no block given") { Struct.new(:a).new(1).select }
  assert_equal [["ab\n"], ["cd"]], "ab\ncd".partition { |l| l =~ /a/ }
  assert_kind_of Enumerable::Enumerator, "ab".partition
  assert_equal ["a", "b", ""], "ab".partition("b")
end
