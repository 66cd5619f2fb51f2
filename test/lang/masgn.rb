# masgn.rb: multiple assignment as Ruby 1.8.7 does it: extra and missing
# values, splats on either side, nesting, to_ary, attribute/index/ivar
# targets, swaps and the value of the whole expression.
require 'assert'

test "basic" do
  a, b = 1, 2
  assert_equal [1, 2], [a, b]
  a, b = 1
  assert_equal [1, nil], [a, b]
  a, b = 1, 2, 3
  assert_equal [1, 2], [a, b]
  a, b = [3, 4]
  assert_equal [3, 4], [a, b]
  a, b = nil
  assert_equal [nil, nil], [a, b]
  a, = 5, 6
  assert_equal 5, a
  a, = [7, 8]
  assert_equal 7, a
  a, b = b, a
  assert_equal [nil, 7], [a, b]
  x, y, z = *"s"
  assert_equal ["s", nil, nil], [x, y, z]
end

test "splat on the left" do
  a, *b = 1, 2, 3
  assert_equal [1, [2, 3]], [a, b]
  a, *b = 1
  assert_equal [1, []], [a, b]
  *a = 1, 2
  assert_equal [1, 2], a
  *a = nil
  assert_equal [nil], a        # 1.8: the single value is wrapped
  *a = [1, 2]
  assert_equal [[1, 2]], a
  a, b, *c = [1, 2, 3, 4, 5]
  assert_equal [1, 2, [3, 4, 5]], [a, b, c]
  a, * = 1, 2, 3
  assert_equal 1, a
  # a splat before other targets is 1.9 syntax
  assert_raise(SyntaxError) { eval("*a, b = 1, 2") }
end

test "splat on the right" do
  arr = [2, 3]
  a, b, c = 1, *arr
  assert_equal [1, 2, 3], [a, b, c]
  a, b = *arr
  assert_equal [2, 3], [a, b]
  a, b = *nil
  assert_equal [nil, nil], [a, b]
  a, *b = *[1, 2, 3]
  assert_equal [1, [2, 3]], [a, b]
  a, b = *"xy"
  assert_equal ["xy", nil], [a, b]
  a, b = *(1..2)
  assert_equal [1, 2], [a, b]
end

test "nesting" do
  a, (b, c), d = 1, [2, 3], 4
  assert_equal [1, 2, 3, 4], [a, b, c, d]
  (a, b), c = [1, 2], 3
  assert_equal [1, 2, 3], [a, b, c]
  a, (b, *c), d = 1, [2, 3, 4], 5
  assert_equal [1, 2, [3, 4], 5], [a, b, c, d]
  a, (b, (c, d)) = 1, [2, [3, 4]]
  assert_equal [1, 2, 3, 4], [a, b, c, d]
  a, (b, c) = 1, 2
  assert_equal [1, 2, nil], [a, b, c]
  ((a, b), c) = [[5, 6], 7]
  assert_equal [5, 6, 7], [a, b, c]
end

class ToAry
  def to_ary; [:p, :q]; end
end

test "to_ary" do
  a, b = ToAry.new
  assert_equal [:p, :q], [a, b]
  a, (b, c) = 1, ToAry.new
  assert_equal [1, :p, :q], [a, b, c]
  o = Object.new
  a, b = o
  assert_same o, a
  assert_nil b
  h = { 1 => 2 }
  a, b = h
  assert_same h, a
end

class Pair
  attr_accessor :l, :r
end

test "targets" do
  p1 = Pair.new
  p1.l, p1.r = :left, :right
  assert_equal [:left, :right], [p1.l, p1.r]
  h = {}
  h[:a], h[:b] = 1, 2
  assert_equal({ :a => 1, :b => 2 }, h)
  ary = [0, 0, 0]
  ary[0], ary[2] = 9, 8
  assert_equal [9, 0, 8], ary
  @m1, $m2 = 1, 2
  assert_equal [1, 2], [@m1, $m2]
  a, *h[:rest] = 1, 2, 3
  assert_equal [2, 3], h[:rest]
  i = 0
  b = []
  i, b[i] = 1, :x          # targets are assigned left to right
  assert_equal [nil, :x], b
  A_MASGN, B_MASGN = 1, 2 if true
  assert_equal [1, 2], [A_MASGN, B_MASGN]
end

test "value of the expression" do
  v = (a, b = 1, 2)
  assert_equal [1, 2], v
  r = (c, d = [3, 4])
  assert_equal [3, 4], r
  assert_equal [1, 2], (x, y = 1, 2)
end

test "in loops and conditions" do
  pairs = [[1, 2], [3, 4]]
  sum = 0
  pairs.each { |pr| l, r = pr; sum += l * r }
  assert_equal 14, sum
  i, j = 0, 10
  while i < j
    i, j = i + 1, j - 1
  end
  assert_equal [5, 5], [i, j]
  fib = [0, 1]
  a, b = 0, 1
  8.times { a, b = b, a + b }
  assert_equal 21, a
end

test "rescue modifier on masgn" do
  # stmt rescue stmt: (a, b = raise) rescue [1, 2]
  a, b = raise rescue [1, 2]
  assert_equal [nil, nil], [a, b]
end

# The table of Ruby 1.8's own test_assignment.rb.
test "1.8 assignment table" do
  *a = nil;       assert_equal [nil], a
  *a = 1;         assert_equal [1], a
  *a = [];        assert_equal [[]], a
  *a = [1];       assert_equal [[1]], a
  *a = [nil];     assert_equal [[nil]], a
  *a = [[]];      assert_equal [[[]]], a
  *a = [*[1, 2]]; assert_equal [[1, 2]], a
  *a = *[];       assert_equal [], a
  *a = *[1];      assert_equal [1], a
  *a = *[[]];     assert_equal [[]], a
  *a = *[1, 2];   assert_equal [1, 2], a
  a = *[nil];     assert_equal nil, a
  a = *[[]];      assert_equal [], a
  a = *[1, 2];    assert_equal [1, 2], a
  a = [*[1]];     assert_equal [1], a
  a = *nil;       assert_equal nil, a
  a = *1;         assert_equal 1, a
  a, b, *c = nil;      assert_equal [nil, nil, []], [a, b, c]
  a, b, *c = 1;        assert_equal [1, nil, []], [a, b, c]
  a, b, *c = [];       assert_equal [nil, nil, []], [a, b, c]
  a, b, *c = [1];      assert_equal [1, nil, []], [a, b, c]
  a, b, *c = [nil];    assert_equal [nil, nil, []], [a, b, c]
  a, b, *c = [[]];     assert_equal [[], nil, []], [a, b, c]
  a, b, *c = [1, 2];   assert_equal [1, 2, []], [a, b, c]
  a, b, *c = *[1, 2];  assert_equal [1, 2, []], [a, b, c]
  a, b, *c = 1, 2, 3;  assert_equal [1, 2, [3]], [a, b, c]
  a, (*b) = 1, [2, 3]; assert_equal [1, [[2, 3]]], [a, b]
end

# Every target a local of the running scope: the evaluator stores the
# elements straight into the slots (ev_masgn_lvar0); these pin what that
# path must still do as 1.8.7 does.
test "locals of the running scope" do
  a, b = (a = 5; [a, a + 1])
  assert_equal [5, 6], [a, b]
  a, b, c = [1, 2]
  assert_equal [1, 2, nil], [a, b, c]
  a, b = :x
  assert_equal [:x, nil], [a, b]
  a, b = nil
  assert_equal [nil, nil], [a, b]
  a, a = 1, 2
  assert_equal 2, a
  o = Object.new
  def o.to_ary; [:l, :r]; end
  assert_equal [:l, :r], (a, b = o)
  assert_equal [:l, :r], [a, b]
  bad = Object.new
  def bad.to_ary; 5; end
  assert_raise(TypeError) { a, b = bad }
  big = (1..100).to_a
  a, b = big
  assert_equal [1, 2], [a, b]
  assert_equal 100, (a, b = big).size
  # the targets' slots are found after the value: eval may add locals
  a, b = (eval("grown = 1"); [3, 4])
  assert_equal [3, 4], [a, b]
  pairs = [[1, 2], [3]].map { |e| l, r = e; [r, l] }
  assert_equal [[2, 1], [nil, 3]], pairs
  outer = 0
  1.times { outer, inner = 7, 8; assert_equal 8, inner }
  assert_equal 7, outer
end

# [a, b] of up to three plain items is built after its items are
# evaluated (ev_array_small): under GC stress they must all survive
test "small array literals under GC stress" do
  GC.stress = true
  begin
    got = (1..20).map { |i| [i.to_s * 3, [i] * 4, "#{i}" + "x"] }
  ensure
    GC.stress = false
  end
  assert_equal ["777", [7, 7, 7, 7], "7x"], got[6]
  assert_equal 20, got.uniq.size
  assert_equal [], []
  assert_equal [nil], [nil]
  e = [[1, 2].pop, [3][0], (x = [4, 5]; x.shift)]
  assert_equal [2, 3, 4], e
  assert_equal false, [1, 2].frozen?
  assert_equal [1, 2, 3, 4], [1, *[2, 3]] + [4]
end
