# array_ops.rb: Array methods that build or filter arrays: set operators,
# uniq, compact, flatten, collect/select/reject, fill, assoc, count,
# take/drop, zip, transpose, reverse, combinations, cycle, shuffle.
require 'assert'

test "+ - * & |" do
  assert_equal [1, 2, 3], [1, 2] + [3]
  assert_equal [1, 2], [1, 2] + []
  assert_raise(TypeError, "can't convert Fixnum into Array") { [1] + 1 }
  assert_raise(TypeError, "can't convert nil into Array") { [1] + nil }
  assert_equal [1, 3], [1, 2, 3, 2] - [2]
  assert_equal [1, 1], [1, 1, 2] - [2, 5]
  assert_equal [1, 1.0], [1, 1.0, 2] - [2]
  assert_equal [1, 2, 1, 2], [1, 2] * 2
  assert_equal [], [1, 2] * 0
  assert_equal "1-2", [1, 2] * "-"
  assert_raise(ArgumentError, "negative argument") { [1] * -1 }
  assert_raise(TypeError, "no implicit conversion from nil to integer") { [1] * nil }
  assert_equal [2, 3], [1, 2, 3, 3] & [3, 2, 2]
  assert_equal [], [1] & []
  assert_equal [1, 2, 3, 4], [1, 2, 2] | [3, 2, 4]
  assert_equal ["a"], ["a", "a"] | ["a"]
  a = [[1], [1]]
  assert_equal [[1]], a | []
  assert_raise(TypeError) { [1] & 1 }
  assert_raise(TypeError) { [1] | 1 }
  assert_raise(TypeError) { [1] - 1 }
  o = Object.new
  def o.to_ary; [3]; end
  assert_equal [1, 3], [1] + o
end

test "uniq compact" do
  a = [1, 2, 1, "a", "a", 1.0, nil, nil]
  assert_equal [1, 2, "a", 1.0, nil], a.uniq
  assert_equal [1, 2, 1, "a", "a", 1.0, nil, nil], a
  b = [3, 3, 1]
  assert_same b, b.uniq!
  assert_equal [3, 1], b
  assert_nil b.uniq!
  assert_equal [1, 2], [1, nil, 2, nil].compact
  c = [nil, 1]
  assert_same c, c.compact!
  assert_nil c.compact!
  assert_equal [1], c
  assert_equal [[1, 2]], [[1, 2], [1, 2]].uniq
end

test "flatten" do
  assert_equal [1, 2, 3, 4], [1, [2, [3, [4]]]].flatten
  assert_equal [1, 2, [3, [4]]], [1, [2, [3, [4]]]].flatten(1)
  assert_equal [1, 2, 3, [4]], [1, [2, [3, [4]]]].flatten(2)
  assert_equal [1, [2]], [1, [2]].flatten(0)
  assert_equal [1, 2], [1, 2].flatten(-1)
  assert_equal [], [[], [[]]].flatten
  a = [1, [2]]
  assert_same a, a.flatten!
  assert_equal [1, 2], a
  assert_nil a.flatten!
  r = [1]
  r << r
  assert_raise(ArgumentError, "tried to flatten recursive array") { r.flatten }
  assert_raise(ArgumentError) { [[r]].flatten }
  s = [1, 2]
  assert_equal [s, s].flatten, [1, 2, 1, 2]
  o = Object.new
  def o.to_ary; [:x, :y]; end
  assert_equal [1, :x, :y], [1, o].flatten
end

test "collect select reject" do
  a = [1, 2, 3]
  assert_equal [2, 4, 6], a.collect { |v| v * 2 }
  assert_equal [2, 4, 6], a.map { |v| v * 2 }
  assert_equal [1, 2, 3], a
  b = [1, 2, 3]
  assert_same b, b.map! { |v| v + 1 }
  assert_equal [2, 3, 4], b
  b.collect! { |v| v.to_s }
  assert_equal ["2", "3", "4"], b
  assert_equal [2], a.select { |v| v.even? }
  assert_equal [1, 3], a.reject { |v| v.even? }
  c = [1, 2, 3, 4]
  assert_same c, c.reject! { |v| v > 2 }
  assert_equal [1, 2], c
  assert_nil c.reject! { |v| v > 5 }
  assert_equal [1, 2, 3], a.map          # 1.8.7: no Enumerator from map
  assert_kind_of Enumerable::Enumerator, a.select
  assert_kind_of Enumerable::Enumerator, a.reject
  assert_kind_of Enumerable::Enumerator, a.collect!
  assert_equal [[0, 1], [1, 2], [2, 3]], a.enum_for(:map).with_index { |v, i| [i, v] }
  assert_equal [2, 4], a.select.each_with_index { |v, i| i < 2 }.map { |v| v * 2 }
end

test "fill" do
  assert_equal [0, 0, 0], [1, 2, 3].fill(0)
  assert_equal [1, 9, 9], [1, 2, 3].fill(9, 1)
  assert_equal [1, 7, 3], [1, 2, 3].fill(7, -2, 1)
  assert_equal [1, 2, 5, 5, 5], [1, 2, 3].fill(5, 2, 3)
  assert_equal [8, 8, 3], [1, 2, 3].fill(8, 0..1)
  assert_equal [0, 10, 20], [1, 2, 3].fill { |i| i * 10 }
  assert_equal [1, 10, 20], [1, 2, 3].fill(1) { |i| i * 10 }
  assert_equal [1, 2, 20, 30], [1, 2, 3].fill(2, 2) { |i| i * 10 }
  assert_equal [0, 2, 3], [1, 2, 3].fill(0..0) { |i| i }
  assert_equal [1, 2, 3], [1, 2, 3].fill(0, 1, -1)
  assert_equal [4, 4, 4], [1, 2, 3].fill(4, nil)
  assert_equal [4, 4, 4], [1, 2, 3].fill(4, -9)
  assert_raise(ArgumentError) { [1].fill }
  assert_raise(ArgumentError) { [1].fill(1, 2, 3, 4) }
end

test "assoc rassoc count nitems" do
  a = [[1, :one], [2, :two], :x, [3]]
  assert_equal [2, :two], a.assoc(2)
  assert_equal [3], a.assoc(3)
  assert_nil a.assoc(:x)
  assert_equal [1, :one], a.rassoc(:one)
  assert_nil a.rassoc(3)
  assert_equal 4, a.count
  assert_equal 2, [1, 2, 1].count(1)
  assert_equal 1, [1, 2, 3].count { |v| v > 2 }
  assert_equal 2, [1, nil, 2, nil].nitems
  assert_equal 1, [1, 2, 3].nitems { |v| v == 2 }
end

test "take drop" do
  a = [1, 2, 3, 4]
  assert_equal [1, 2], a.take(2)
  assert_equal [1, 2, 3, 4], a.take(10)
  assert_equal [], a.take(0)
  assert_equal [3, 4], a.drop(2)
  assert_equal [], a.drop(10)
  assert_raise(ArgumentError, "attempt to take negative size") { a.take(-1) }
  assert_raise(ArgumentError, "attempt to drop negative size") { a.drop(-1) }
  assert_equal [1, 2], a.take_while { |v| v < 3 }
  assert_equal [3, 4], a.drop_while { |v| v < 3 }
  assert_equal [], a.take_while { false }
  assert_equal [1, 2, 3, 4], a.drop_while { false }
end

test "zip transpose reverse" do
  assert_equal [[1, 4, 7], [2, 5, nil], [3, 6, nil]], [1, 2, 3].zip([4, 5, 6], [7])
  assert_equal [[1], [2]], [1, 2].zip
  assert_equal [[1, 1], [2, 2]], [1, 2].zip(1..2)
  r = []
  assert_nil [1, 2].zip([3, 4]) { |x| r << x }
  assert_equal [[1, 3], [2, 4]], r
  assert_equal [[1, 3], [2, 4]], [[1, 2], [3, 4]].transpose
  assert_equal [], [].transpose
  assert_raise(IndexError, "element size differs (3 should be 2)") { [[1, 2], [1, 2, 3]].transpose }
  assert_raise(TypeError) { [1, 2].transpose }
  assert_equal [3, 2, 1], [1, 2, 3].reverse
  a = [1, 2, 3]
  assert_same a, a.reverse!
  assert_equal [3, 2, 1], a
  assert_equal [], [].reverse
end

test "combination permutation product" do
  a = [1, 2, 3]
  assert_equal [[1, 2], [1, 3], [2, 3]], a.combination(2).to_a
  assert_equal [[]], a.combination(0).to_a
  assert_equal [], a.combination(4).to_a
  assert_equal [[1], [2], [3]], a.combination(1).to_a
  assert_equal [[1, 2, 3]], a.combination(3).to_a
  assert_same a, a.combination(2) { }
  assert_equal [[1, 2], [1, 3], [2, 1], [2, 3], [3, 1], [3, 2]], a.permutation(2).to_a
  assert_equal 6, a.permutation.to_a.size
  assert_equal [[1, 2, 3], [1, 3, 2], [2, 1, 3], [2, 3, 1], [3, 1, 2], [3, 2, 1]], a.permutation.to_a
  assert_equal [[]], a.permutation(0).to_a
  assert_equal [], a.permutation(4).to_a
  assert_equal [[1, 3], [1, 4], [2, 3], [2, 4]], [1, 2].product([3, 4])
  assert_equal [[1, 3, 5], [1, 4, 5]], [1].product([3, 4], [5])
  assert_equal [], [1, 2].product([])
  assert_equal [[1], [2]], [1, 2].product
  n = 0
  a.combination(2) { |c| n += 1; break if n == 2 }
  assert_equal 2, n
end

test "cycle shuffle choice" do
  r = []
  assert_nil [1, 2].cycle(2) { |v| r << v }
  assert_equal [1, 2, 1, 2], r
  r = []
  [1, 2].cycle { |v| r << v; break if r.size == 5 }
  assert_equal [1, 2, 1, 2, 1], r
  assert_nil [].cycle { }
  assert_nil [1].cycle(0) { }
  a = (1..20).to_a
  s = a.shuffle
  assert_equal a, s.sort
  assert_equal 20, a.size
  b = a.dup
  assert_same b, b.shuffle!
  assert_equal a, b.sort
  assert_true a.include?(a.choice)
  assert_nil [].choice
  srand(7)
  x = a.shuffle
  srand(7)
  assert_equal x, a.shuffle
end
