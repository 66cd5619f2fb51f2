# set.rb: lib/set.rb (Set, SortedSet, Enumerable#to_set).
require 'assert'
require 'set'

test "require" do
  assert_false require('set')
  assert_kind_of Class, Set
  assert_true Set.include?(Enumerable)
end

test "new" do
  assert_equal 0, Set.new.size
  assert_true Set.new.empty?
  s = Set.new([1, 2, 2, 3])
  assert_equal 3, s.size
  assert_equal [1, 2, 3], s.to_a.sort
  assert_equal Set[10, 20], Set.new([1, 2, 1]) { |x| x * 10 }
  assert_equal Set[1, 2], Set.new(1..2)
  assert_equal Set[[:a, 1]], Set.new({:a => 1})
  assert_equal Set[1, 2], Set.new(Set[1, 2])
  assert_equal 0, Set.new(nil).size
  assert_raise(ArgumentError, "value must be enumerable") { Set.new(1) }
  assert_equal 2, Set[:a, :b, :a].length
end

test "add, <<, add?" do
  s = Set.new
  assert_same s, s.add(1)
  assert_same s, s << 2 << 1
  assert_equal 2, s.size
  assert_nil s.add?(1)
  assert_same s, s.add?(3)
  assert_true s.include?(3)
end

test "delete, delete?" do
  s = Set[1, 2, 3]
  assert_same s, s.delete(2)
  assert_same s, s.delete(42)
  assert_equal Set[1, 3], s
  assert_nil s.delete?(2)
  assert_same s, s.delete?(1)
  assert_equal Set[3], s
end

test "include?, member?, ===" do
  s = Set["a", [1, 2], nil]
  assert_true s.include?("a")
  assert_true s.member?([1, 2])
  assert_true s.include?(nil)
  assert_false s.include?("b")
  assert_false s === "a"                 # Object#=== in 1.8.7
  assert_true s === Set["a", [1, 2], nil]
end

test "each" do
  s = Set[3, 1, 2]
  seen = []
  assert_same s, s.each { |x| seen << x }
  assert_equal [3, 1, 2], seen          # insertion order in miniruby
  assert_equal [1, 2, 3], s.each.to_a.sort
  assert_equal [2, 4, 6], s.map { |x| x * 2 }.sort
  assert_equal 1, s.min
  assert_equal [1, 2, 3], s.sort
end

test "collect!, map!" do
  s = Set[1, 2, 3]
  assert_same s, s.collect! { |x| x % 2 }
  assert_equal Set[0, 1], s
  s.map! { |x| x.to_s }
  assert_equal Set["0", "1"], s
end

test "delete_if, reject!" do
  s = Set[1, 2, 3, 4]
  assert_same s, s.delete_if { |x| x.even? }
  assert_equal Set[1, 3], s
  assert_same s, s.delete_if { false }
  assert_nil s.reject! { |x| x > 10 }
  assert_same s, s.reject! { |x| x == 1 }
  assert_equal Set[3], s
  assert_false Set.new.respond_to?(:select!)   # 1.9
end

test "merge, subtract, replace, clear" do
  s = Set[1]
  assert_same s, s.merge([2, 3])
  assert_same s, s.merge(Set[4])
  assert_equal Set[1, 2, 3, 4], s
  assert_same s, s.subtract([1, 2, 9])
  assert_equal Set[3, 4], s
  assert_same s, s.replace([7, 8])
  assert_equal Set[7, 8], s
  s.replace(Set[9])
  assert_equal Set[9], s
  assert_raise(ArgumentError) { s.replace(5) }
  assert_equal Set[9], s
  assert_same s, s.clear
  assert_true s.empty?
  assert_raise(ArgumentError) { s.merge(3) }
end

test "union, intersection, difference, ^" do
  a = Set[1, 2, 3]
  b = Set[2, 3, 4]
  assert_equal Set[1, 2, 3, 4], a | b
  assert_equal Set[1, 2, 3, 4], a + [4]
  assert_equal Set[1, 2, 3, 4], a.union(b)
  assert_equal Set[2, 3], a & b
  assert_equal Set[2], a.intersection([2, 5])
  assert_equal Set[1], a - b
  assert_equal Set[1], a.difference([2, 3])
  assert_equal Set[1, 4], a ^ b
  assert_equal Set[1, 4], a ^ [2, 3, 4]
  assert_equal Set[1, 2, 3], a                 # unchanged
  assert_kind_of Set, a | [1]
end

test "subset, superset" do
  a = Set[1, 2]
  b = Set[1, 2, 3]
  assert_true a.subset?(b)
  assert_true a.subset?(a)
  assert_false b.subset?(a)
  assert_true a.proper_subset?(b)
  assert_false a.proper_subset?(a)
  assert_true b.superset?(a)
  assert_true b.superset?(b)
  assert_true b.proper_superset?(a)
  assert_false b.proper_superset?(b)
  assert_false a.superset?(b)
  assert_true Set.new.subset?(a)
  e = assert_raise(ArgumentError) { a.subset?([1, 2]) }
  assert_equal "value must be a set", e.message
  assert_raise(ArgumentError) { a.superset?(nil) }
end

test "==, eql?, hash" do
  assert_equal Set[1, 2], Set[2, 1]
  assert_not_equal Set[1, 2], Set[1]
  assert_not_equal Set[1, 2], [1, 2]
  assert_not_equal Set[1], Set[1.0]
  assert_true Set[1, 2].eql?(Set[2, 1])
  assert_false Set[1].eql?(Set[2])
  assert_equal Set[1, 2].hash, Set[1, 2].hash
  h = {}
  h[Set[1, 2]] = :x
  assert_equal :x, h[Set[1, 2]]
  assert_nil h[Set[1]]
  assert_equal 2, Set[Set[1], Set[1], Set[2]].size
end

test "to_a, dup, clone, freeze" do
  s = Set[1, 2]
  assert_equal [1, 2], s.to_a
  d = s.dup
  d << 3
  assert_equal 2, s.size
  assert_equal 3, d.size
  s.freeze
  assert_true s.frozen?
  assert_raise(TypeError) { s << 5 }
  assert_raise(TypeError) { s.delete(1) }
  assert_equal 2, s.size
  assert_true s.clone.frozen?
  assert_false s.dup.frozen?
  t = s.dup
  t << 9
  assert_true t.include?(9)
end

test "classify, divide" do
  c = Set[1, 2, 3, 4, 5].classify { |x| x % 3 }
  assert_equal({0 => Set[3], 1 => Set[1, 4], 2 => Set[2, 5]}, c)
  d = Set[1, 2, 3, 4].divide { |x| x.odd? }
  assert_equal Set[Set[1, 3], Set[2, 4]], d
  d = Set[1, 3, 4, 6, 9, 10, 11].divide { |a, b| (a - b).abs == 1 }
  assert_equal Set[Set[1], Set[3, 4], Set[6], Set[9, 10, 11]], d
  # a relation that is not symmetric: strongly connected components
  d = Set[1, 2, 3].divide { |a, b| b == a + 1 || (a == 2 && b == 1) }
  assert_equal Set[Set[1, 2], Set[3]], d
end

test "flatten" do
  s = Set[1, Set[2, Set[3]], 4]
  assert_equal Set[1, 2, 3, 4], s.flatten
  assert_equal 3, s.size
  assert_same s, s.flatten!
  assert_equal Set[1, 2, 3, 4], s
  assert_nil s.flatten!
  r = Set[1]
  r << r
  assert_raise(ArgumentError, "tried to flatten recursive Set") { r.flatten }
end

test "inspect" do
  assert_equal "#<Set: {}>", Set.new.inspect
  assert_equal "#<Set: {1, 2}>", Set[1, 2].inspect
  assert_equal '#<Set: {"a", :b, nil}>', Set["a", :b, nil].inspect
  assert_equal "#<Set: {#<Set: {1}>}>", Set[Set[1]].inspect
  r = Set[1]
  r << r
  assert_equal "#<Set: {1, #<Set: {...}>}>", r.inspect
  assert_match(/\A#<Set:0x[0-9a-f]+>\z/, Set[1].to_s)
  sub = Class.new(Set)
  Object.const_set(:MySetForTest, sub)
  assert_equal "#<MySetForTest: {1}>", MySetForTest[1].inspect
end

test "to_set" do
  assert_equal Set[1, 2], [1, 2, 1].to_set
  assert_equal Set[2, 4], (1..2).to_set { |x| x * 2 }
  assert_equal Set[[1, 2]], {1 => 2}.to_set
  assert_kind_of SortedSet, [3, 1].to_set(SortedSet)
end

test "SortedSet" do
  s = SortedSet[3, 1, 2]
  assert_equal [1, 2, 3], s.to_a
  s << 0
  assert_equal [0, 1, 2, 3], s.to_a
  seen = []
  s.each { |x| seen << x }
  assert_equal [0, 1, 2, 3], seen
  s.delete(2)
  assert_equal [0, 1, 3], s.to_a
  assert_equal "#<SortedSet: {0, 1, 3}>", s.inspect
  assert_equal Set[0, 1, 3], s
  assert_equal [2, 3, 4], SortedSet.new([4, 2, 3]).to_a
  s.merge(Set[-1, 10])
  assert_equal [-1, 0, 1, 3, 10], s.to_a
  assert_equal ["a", "b"], SortedSet["b", "a"].to_a
  f = SortedSet[2, 1].freeze
  assert_equal [1, 2], f.to_a
  assert_kind_of SortedSet, s | [5]
  assert_equal [-1, 0, 1, 3, 5, 10], (s | [5]).to_a
end
