# array.rb: Array creation, element access and assignment, push/pop/shift/
# unshift/insert, deletion, comparison, inspect/join/to_s, iteration, and the
# storage edge cases (sharing slices, queues, frozen arrays).
require 'assert'

test "Array.new and Array[]" do
  assert_equal [], Array.new
  assert_equal [nil, nil, nil], Array.new(3)
  assert_equal [:a, :a], Array.new(2, :a)
  assert_equal [0, 1, 4], Array.new(3) { |i| i * i }
  assert_equal [1, 2], Array.new([1, 2])
  assert_equal [1, 2, 3], Array[1, 2, 3]
  assert_equal [], Array[]
  assert_raise(ArgumentError, "negative array size") { Array.new(-1) }
  assert_raise(TypeError) { Array.new("x") }
  s = "x"
  a = Array.new(2, s)
  assert_same a[0], a[1]
  sub = Class.new(Array)
  assert_kind_of sub, sub.new
  assert_kind_of sub, sub[1, 2]
  assert_equal [1, 2], sub[1, 2]
end

test "[] with index, start/length and range" do
  a = [1, 2, 3, 4, 5]
  assert_equal 1, a[0]
  assert_equal 5, a[-1]
  assert_equal 1, a[-5]
  assert_nil a[-6]
  assert_nil a[5]
  assert_equal 2, a[1.9]
  assert_equal [2, 3], a[1, 2]
  assert_equal [4, 5], a[-2, 5]
  assert_equal [], a[5, 1]
  assert_nil a[6, 1]
  assert_nil a[-6, 1]
  assert_nil a[1, -1]
  assert_equal [2, 3, 4, 5], a[1..-1]
  assert_equal [2, 3], a[1...3]
  assert_equal [], a[5..9]
  assert_nil a[6..9]
  assert_equal [4, 5], a[-2..-1]
  assert_nil a[-9..1]
  assert_equal [1, 2], a.slice(0, 2)
  assert_equal 3, a.at(2)
  assert_nil a.at(9)
  assert_raise(TypeError, "Symbol as array index") { a[:a] }
  assert_raise(TypeError) { a["1"] }
  assert_raise(TypeError) { a[nil] }
  assert_raise(ArgumentError) { a[] }
  assert_raise(ArgumentError) { a[1, 2, 3] }
end

test "[]= forms" do
  a = [1, 2, 3]
  a[5] = 6
  assert_equal [1, 2, 3, nil, nil, 6], a
  a = [1, 2, 3]
  a[-1] = :z
  assert_equal [1, 2, :z], a
  assert_raise(IndexError, "index -5 out of array") { [1, 2, 3][-5] = 1 }
  a = [1, 2, 3, 4, 5]
  a[0, 2] = [:a, :b, :c]
  assert_equal [:a, :b, :c, 3, 4, 5], a
  a[1..2] = 9
  assert_equal [:a, 9, 3, 4, 5], a
  a[1...1] = [7, 8]
  assert_equal [:a, 7, 8, 9, 3, 4, 5], a
  a[10, 0] = 1
  assert_equal [:a, 7, 8, 9, 3, 4, 5, nil, nil, nil, 1], a
  b = [1, 2, 3, 4]
  b[1..2] = nil                       # 1.8: nil removes the slice
  assert_equal [1, 4], b
  b = [1, 2, 3, 4]
  b[1, 2] = []
  assert_equal [1, 4], b
  b = [1, 2]
  b[0, 0] = [[3]]
  assert_equal [[3], 1, 2], b
  b = [1, 2, 3]
  b[0, 3] = b
  assert_equal [1, 2, 3], b
  assert_raise(IndexError, "negative length (-1)") { [1, 2][0, -1] = 3 }
  assert_raise(IndexError, "index -4 out of array") { [1, 2][-4, 1] = 3 }
  assert_raise(RangeError) { [1, 2][-4..1] = 3 }
  assert_raise(TypeError, "Symbol as array index") { [1][:a] = 1 }
  assert_equal 7, (c = []; c[2] = 7)
end

test "fetch" do
  a = [10, 20, 30]
  assert_equal 20, a.fetch(1)
  assert_equal 30, a.fetch(-1)
  assert_equal :d, a.fetch(9, :d)
  assert_equal 81, a.fetch(9) { |i| i * i }
  assert_raise(IndexError, "index 9 out of array") { a.fetch(9) }
  assert_raise(IndexError, "index -2 out of array") { a.fetch(-5) }
  assert_raise(TypeError) { a.fetch("1") }
end

test "first and last" do
  a = [1, 2, 3]
  assert_equal 1, a.first
  assert_equal 3, a.last
  assert_nil [].first
  assert_nil [].last
  assert_equal [1, 2], a.first(2)
  assert_equal [2, 3], a.last(2)
  assert_equal [1, 2, 3], a.first(10)
  assert_equal [], a.last(0)
  assert_raise(ArgumentError) { a.first(-1) }
  assert_raise(ArgumentError) { a.last(1, 2) }
end

test "push, <<, pop, shift, unshift, insert" do
  a = []
  assert_same a, a.push(1, 2)
  a << 3 << 4
  assert_equal [1, 2, 3, 4], a
  assert_equal 4, a.pop
  assert_equal [2, 3], a.pop(2)
  assert_equal [1], a
  assert_equal 1, a.shift
  assert_nil a.shift
  assert_nil a.pop
  a = [1, 2, 3, 4]
  assert_equal [1, 2], a.shift(2)
  assert_equal [3, 4], a
  assert_equal [3, 4], a.shift(9)
  assert_equal [], a
  assert_raise(ArgumentError) { [1].pop(-1) }
  a = [3]
  assert_same a, a.unshift(1, 2)
  assert_equal [1, 2, 3], a
  assert_equal [1, 2, 3], a.unshift
  a = [1, 2, 3]
  a.insert(1, :a, :b)
  assert_equal [1, :a, :b, 2, 3], a
  a.insert(-2, :c)
  assert_equal [1, :a, :b, 2, :c, 3], a
  a.insert(-1, :end)
  assert_equal :end, a.last
  assert_equal [1], [1].insert(0)
  b = [1]
  b.insert(3, 2)
  assert_equal [1, nil, nil, 2], b
  assert_raise(IndexError, "index -4 out of array") { [1, 2].insert(-5, 0) }
  assert_raise(ArgumentError) { [].insert }
end

test "queues and slices share storage correctly" do
  q = []
  1000.times { |i| q.push(i) }
  500.times { |i| assert_equal i, q.shift }
  q.push(:x)
  assert_equal 501, q.size
  assert_equal 500, q.first
  assert_equal :x, q.last
  # alternating push and shift keeps order
  r = (1..20).to_a
  1000.times { |i| r.push(r.shift) }
  assert_equal((1..20).to_a, r)
  # a slice is independent of later writes to either side
  big = (0...100).to_a
  s = big[10, 50]
  big[10] = :changed
  s[1] = :mine
  assert_equal 10, s[0]
  assert_equal :changed, big[10]
  assert_equal 11, big[11]
  s << :tail
  assert_equal 51, s.size
  assert_equal 60, big[60]
  t = big.dup
  t.shift
  t.push(1)
  assert_equal :changed, big[10]
  assert_equal 100, big.size
  # unshift many
  u = []
  300.times { |i| u.unshift(i) }
  assert_equal 299, u.first
  assert_equal 0, u.last
  assert_equal 300, u.size
  w = (1..50).to_a
  w.shift
  w.unshift(:a)
  assert_equal [:a, 2, 3], w[0, 3]
end

test "length, empty?, clear, replace, concat" do
  a = [1, 2, 3]
  assert_equal 3, a.length
  assert_equal 3, a.size
  assert_false a.empty?
  assert_true [].empty?
  assert_same a, a.clear
  assert_equal [], a
  assert_same a, a.replace([4, 5])
  assert_equal [4, 5], a
  assert_equal [4, 5, 6, 7], a.concat([6, 7])
  assert_equal [4, 5, 6, 7, 4, 5, 6, 7], a.concat(a)
  assert_raise(TypeError, "can't convert Fixnum into Array") { a.concat(1) }
  assert_raise(TypeError) { a.replace(1) }
  big = (1..40).to_a
  c = []
  c.replace(big)
  c << 41
  assert_equal 40, big.size
  assert_equal 41, c.size
end

test "delete, delete_at, delete_if, slice!" do
  a = [1, 2, 1, 3]
  assert_equal 1, a.delete(1)
  assert_equal [2, 3], a
  assert_nil a.delete(9)
  assert_equal :nf, a.delete(9) { :nf }
  assert_equal 3, a.delete_at(-1)
  assert_nil a.delete_at(5)
  assert_nil a.delete_at(-5)
  assert_equal [2], a
  b = [1, 2, 3, 4]
  assert_same b, b.delete_if { |v| v.even? }
  assert_equal [1, 3], b
  c = [1, 2, 3, 4, 5]
  assert_equal 2, c.slice!(1)
  assert_equal [3, 4], c.slice!(1, 2)
  assert_equal [1, 5], c
  c = [1, 2, 3, 4, 5]
  assert_equal [4, 5], c.slice!(3..9)
  assert_equal [1, 2, 3], c
  assert_nil c.slice!(9)
  assert_nil c.slice!(9, 1)
  assert_equal [], c.slice!(3, 1)
  assert_equal [1, 2, 3], c
  assert_nil c.slice!(-9, 1)
end

test "frozen arrays" do
  a = [1, 2, 3].freeze
  assert_true a.frozen?
  assert_false [].frozen?
  assert_raise(TypeError, "can't modify frozen array") { a << 4 }
  assert_raise(TypeError) { a.push(4) }
  assert_raise(TypeError) { a.pop }
  assert_raise(TypeError) { a.shift }
  assert_raise(TypeError) { a.unshift(0) }
  assert_raise(TypeError) { a[0] = 1 }
  assert_raise(TypeError) { a.clear }
  assert_raise(TypeError) { a.concat([1]) }
  assert_raise(TypeError) { a.sort! }
  assert_raise(TypeError) { a.map! { |v| v } }
  assert_raise(TypeError) { (a + a).freeze.uniq! }
  assert_raise(TypeError) { a.compact! }
  assert_raise(TypeError) { a.reverse! }
  assert_raise(TypeError) { a.fill(0) }
  assert_raise(TypeError) { a.delete(1) }
  assert_raise(TypeError) { a.replace([]) }
  assert_equal [1, 2, 3], a
  assert_equal [1, 2, 3, 4], a + [4]
  assert_false a.dup.frozen?
end

test "== eql? hash <=>" do
  assert_true [1, 2] == [1, 2]
  assert_true [1, 2] == [1.0, 2]
  assert_false [1, 2] == [1, 2, 3]
  assert_false [1, 2] == :a
  assert_true [1, [2, "x"]] == [1, [2, "x"]]
  assert_true [1, 2].eql?([1, 2])
  assert_false [1, 2].eql?([1.0, 2])
  assert_equal [1, "a", [2]].hash, [1, "a", [2]].hash
  assert_not_equal [1, 2].hash, [2, 1].hash
  assert_equal 0, [1, 2] <=> [1, 2]
  assert_equal(-1, [1, 2] <=> [1, 3])
  assert_equal 1, [1, 2, 0] <=> [1, 2]
  assert_equal(-1, [] <=> [1])
  assert_equal(-1, [-1] <=> [1])
  assert_equal 1, [2, -5] <=> [2, -7]
  assert_equal 1, ["b"] <=> ["a", "z"]
  assert_raise(TypeError) { [1] <=> 1 }
  o = Object.new
  def o.to_ary; [1, 2]; end
  def o.==(x); x == [1, 2]; end
  assert_true [1, 2] == o
  r = [1]
  r << r
  assert_true r == r
  assert_kind_of Fixnum, r.hash
end

test "to_s inspect join" do
  assert_equal "[]", [].inspect
  assert_equal "[1, \"a\", :b, nil, 2.5]", [1, "a", :b, nil, 2.5].inspect
  assert_equal "123", [1, 2, 3].to_s
  assert_equal "", [].to_s
  assert_equal "1-2-3", [1, 2, 3].join("-")
  assert_equal "123", [1, [2, [3]]].join
  assert_equal "1,2,3", [1, [2, [3]]].join(",")
  assert_equal "a", [nil, "a"].join
  assert_equal "", [].join(",")
  a = [1]
  a << a
  assert_equal "[1, [...]]", a.inspect
  assert_equal "1[...]", a.join
  assert_raise(TypeError) { [1, 2].join(1) }
  o = Object.new
  def o.to_s; "O"; end
  assert_equal "O|O", [o, o].join("|")
  assert_equal "1,2", [1, 2] * ","
  $, = ":"
  assert_equal "1:2", [1, 2].join
  assert_equal "1:2", [1, 2].to_s
  $, = nil
  assert_equal "12", [1, 2].join
end

test "to_a to_ary" do
  a = [1, 2]
  assert_same a, a.to_a
  assert_same a, a.to_ary
  sub = Class.new(Array)
  s = sub[1, 2]
  assert_equal Array, s.to_a.class
  assert_equal [1, 2], s.to_a
end

test "each each_index reverse_each" do
  r = []
  a = [1, 2, 3]
  assert_same a, a.each { |v| r << v }
  assert_equal [1, 2, 3], r
  r = []
  a.each_index { |i| r << i }
  assert_equal [0, 1, 2], r
  r = []
  assert_same a, a.reverse_each { |v| r << v }
  assert_equal [3, 2, 1], r
  r = []
  [[1, 2], [3, 4]].each { |x, y| r << x + y }
  assert_equal [3, 7], r
  # the block may grow the array
  b = [1, 2]
  n = 0
  b.each { |v| b << v + 10 if v < 10; n += 1 }
  assert_equal 4, n
  # and shrink it
  c = [1, 2, 3, 4]
  seen = []
  c.each { |v| seen << v; c.clear if v == 2 }
  assert_equal [1, 2], seen
  assert_equal 3, [1, 2, 3].each { |v| break v if v == 3 }
  assert_kind_of Enumerable::Enumerator, a.each
  assert_kind_of Enumerable::Enumerator, a.each_index
  assert_kind_of Enumerable::Enumerator, a.reverse_each
end

test "index rindex include? values_at indexes" do
  a = [1, 2, 3, 2]
  assert_equal 1, a.index(2)
  assert_equal 3, a.rindex(2)
  assert_nil a.index(9)
  assert_nil a.rindex(9)
  assert_equal 2, a.index { |v| v > 2 }
  assert_equal 3, a.rindex { |v| v < 3 }
  assert_equal 1, a.find_index(2)
  assert_kind_of Enumerable::Enumerator, a.index
  assert_true a.include?(3)
  assert_true [1.0].include?(1)
  assert_false a.include?(9)
  assert_equal [1, 3, nil], a.values_at(0, 2, 9)
  assert_equal [2, 3, 3], a.values_at(1..2, -2)
  assert_equal [3, 2, nil], a.values_at(2..5)   # 1.8.7 quirk: one past the end
  assert_equal [], a.values_at
  assert_equal [1, [2, 3]], a.indexes(0, 1..2)
  assert_equal [2], a.indices(1)
end

test "subclasses keep their class where 1.8 does" do
  sub = Class.new(Array)
  s = sub[3, 1, 2]
  assert_equal sub, s[0, 2].class
  assert_equal sub, s[0..1].class
  assert_equal sub, s.sort.class
  assert_equal sub, s.reverse.class
  assert_equal sub, s.uniq.class
  assert_equal sub, (s * 2).class
  assert_equal Array, (s + [1]).class
  assert_equal Array, s.map { |v| v }.class
end

test "join of a recursive array shows [...]" do
  a = [1]
  a << a
  assert_equal "1,[...]", a.join(",")
  assert_equal "1[...]", a.join
  assert_equal "1[...]", a.to_s
  assert_equal "1-2-1-[...]", [1, [2, a]].join("-")
  h = {1 => 2}
  h[3] = h
  assert_equal "{1=>2, 3=>{...}}", h.inspect
end

test "slice! of a Range out of bounds is nil" do
  a = [1, 2, 3]
  assert_nil a.slice!(-6..4)
  assert_nil a.slice!(-4..1)
  assert_nil a.slice!(4..5)
  assert_equal [], a.slice!(3..5)
  assert_equal [], a.slice!(1..-5)
  assert_nil a.slice!(-6, 1)
  assert_nil a.slice!(3, -1)
  assert_equal [1, 2, 3], a
  assert_equal [2, 3], a.slice!(1..5)
  assert_equal [1], a
end

test "collect and map without a block return the elements" do
  assert_equal [1, 2], [1, 2].collect
  assert_equal [1, 2], [1, 2].map
  assert_equal Array, [1, 2].map.class
  assert_kind_of Enumerable::Enumerator, [1, 2].select
  assert_kind_of Enumerable::Enumerator, [1, 2].collect!
  assert_equal [[1, 0], [2, 1]], [1, 2].each_with_index.map.to_a
end
