# enumerator.rb: Enumerable::Enumerator (and the top-level Enumerator
# alias): creation, each, with_index, external iteration with next/rewind,
# StopIteration with Kernel#loop, and the enumerators core methods return.
require 'assert'

test "creation" do
  e = [1, 2, 3].to_enum
  assert_kind_of Enumerable::Enumerator, e
  assert_kind_of Enumerable, e
  assert_same Enumerable::Enumerator, Enumerator
  assert_equal [1, 2, 3], e.to_a
  assert_equal [[1, 2], [3]], [1, 2, 3].enum_for(:each_slice, 2).to_a
  assert_equal [[1, 2], [3]], Enumerable::Enumerator.new([1, 2, 3], :each_slice, 2).to_a
  assert_equal [1, 2], Enumerable::Enumerator.new([1, 2]).to_a
  assert_equal [0, 1, 2], 3.enum_for(:times).to_a
  assert_raise(ArgumentError) { Enumerable::Enumerator.new }
  assert_match(/\A#<Enumerable::Enumerator/, e.inspect)
end

test "each" do
  e = [1, 2, 3].each
  r = []
  assert_equal [1, 2, 3], e.each { |v| r << v }
  assert_equal [1, 2, 3], r
  assert_same e, e.each
  assert_equal [6, 2, 4], [3, 1, 2].map.each { |v| v * 2 }
  assert_equal 6, [1, 2, 3].each.inject(:+)
  assert_equal [2], [1, 2, 3].each.select { |v| v.even? }
end

test "with_index each_with_index" do
  r = []
  ret = [:a, :b].each.with_index { |v, i| r << [v, i] }
  assert_equal [[:a, 0], [:b, 1]], r
  assert_equal [:a, :b], ret
  assert_equal [[:a, 0], [:b, 1]], [:a, :b].each_with_index.to_a
  assert_equal ["a0", "b1"], %w[a b].map.with_index { |s, i| "#{s}#{i}" }
  assert_equal [:b], [:a, :b].select.with_index { |v, i| i == 1 }
  assert_equal [[[1, 2], 0], [[3], 1]], [1, 2, 3].each_slice(2).each_with_index.to_a
  assert_kind_of Enumerable::Enumerator, [1].each.with_index
end

test "next and rewind" do
  e = [1, 2, 3].each
  assert_equal 1, e.next
  assert_equal 2, e.next
  assert_equal 3, e.next
  assert_raise(StopIteration, "iteration reached at end") { e.next }
  assert_raise(StopIteration) { e.next }
  assert_same e, e.rewind
  assert_equal 1, e.next
  m = { :k => :v }.each
  assert_equal [:k, :v], m.next
  s = [1, 2, 3].each_slice(2)
  assert_equal [1, 2], s.next
  assert_equal [3], s.next
  assert_kind_of IndexError, StopIteration.new
  assert_raise(StopIteration) { [].each.next }
end

test "loop ends at StopIteration" do
  e = [1, 2, 3].each
  r = []
  loop { r << e.next }
  assert_equal [1, 2, 3], r
  a = [1, 2].each
  b = [:x, :y, :z].each
  z = []
  loop { z << [a.next, b.next] }
  assert_equal [[1, :x], [2, :y]], z
end

test "enumerators from core methods" do
  assert_equal [[1, 2], [1, 3], [2, 3]], [1, 2, 3].combination(2).to_a
  assert_equal [1, 2, 1, 2], [1, 2].cycle(2).to_a
  assert_equal [0, 1], [5, 6].each_index.to_a
  assert_equal [3, 2, 1], [1, 2, 3].reverse_each.to_a
  assert_equal [1], [1, 2].take_while.to_a
  e = [4, 5, 6].each_with_index
  assert_equal [4, 0], e.next
  assert_equal [[1, 2]], [1, 2].each_slice(2).to_a
  x = [1, 2, 3].map!
  assert_kind_of Enumerable::Enumerator, x
  assert_equal [2, 4, 6], x.each { |v| v * 2 }
end

test "enumerator copies" do
  e = [1, 2].each
  e.next
  d = e.dup
  assert_equal [1, 2], d.to_a
  assert_equal 1, d.next
end
