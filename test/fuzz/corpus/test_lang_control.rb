# control.rb: if/elsif/else/unless and their modifiers, `then` and `:`
# forms, values of conditionals, truthiness, and flip-flops.
require 'assert'

def classify(n)
  if n < 0
    :negative
  elsif n == 0
    :zero
  elsif n < 10
    :small
  else
    :large
  end
end

test "if/elsif/else" do
  assert_equal :negative, classify(-1)
  assert_equal :zero, classify(0)
  assert_equal :small, classify(5)
  assert_equal :large, classify(50)
  assert_nil(if false then 1 end)
  assert_equal 1, (if true then 1 else 2 end)
  assert_equal 2, (if nil; 1; else 2; end)
  x = if 1 then :one end
  assert_equal :one, x
  y = if false
        1
      end
  assert_nil y
end

test "1.8 `if cond:` form" do
  assert_equal :colon, eval("if true: :colon else :no end")
  assert_equal :w, eval("case 1 when 1: :w end")
end

test "unless" do
  assert_equal :a, (unless false then :a else :b end)
  assert_equal :b, (unless true then :a else :b end)
  assert_nil(unless true then :a end)
  r = []
  r << 1 unless r.size > 0
  r << 2 unless r.size > 0
  assert_equal [1], r
end

test "modifiers" do
  a = []
  a << :if if true
  a << :not if false
  a << :unless unless false
  assert_equal [:if, :unless], a
  v = (:x if false)
  assert_nil v
  b = 0
  b += 1 while b < 5
  assert_equal 5, b
  b -= 1 until b == 2
  assert_equal 2, b
  c = 1 if true and false
  assert_nil c
end

test "truthiness" do
  assert_equal :t, (0 ? :t : :f)
  assert_equal :t, ("" ? :t : :f)
  assert_equal :t, ([] ? :t : :f)
  assert_equal :f, (nil ? :t : :f)
  assert_equal :f, (false ? :t : :f)
  assert_equal :t, (true ? :t : :f)
  assert_equal :t, (:false ? :t : :f)
end

test "regexp literal as a condition matches $_" do
  $_ = "hello world"
  r = if /wor/ then :m else :n end
  assert_equal :m, r
  $_ = "nope"
  r = if /wor/ then :m else :n end
  assert_equal :n, r
  $_ = nil
end

test "flip-flop" do
  got = []
  (1..10).each { |n| got << n if (n == 3)..(n == 5) }
  assert_equal [3, 4, 5], got
  got = []
  (1..10).each { |n| got << n if (n % 4 == 1)...(n % 2 == 1) }
  assert_equal [1, 2, 3, 5, 6, 7, 9, 10], got
  got = []
  (1..10).each { |n| got << n if (n == 2)..(n == 2) }
  assert_equal [2], got      # two dots: the end is tested on the same step
  got = []
  (1..6).each { |n| got << n if (n == 2)...(n == 2) }
  assert_equal [2, 3, 4, 5, 6], got   # three dots: not on the same step
  assert_equal [3, 4, 5], (1..10).select { |n| true if (n == 3)..(n == 5) }
  assert_equal [3, 4, 5], (1..10).select { |n| ((n == 3)..(n == 5)) ? true : false }
  # not a condition: a Range of true/false, which 1.8.7 refuses (no Object#<=>)
  assert_raise(ArgumentError) { (1..10).select { |n| (n == 3)..(n == 5) } }
  sel = (1..20).select { |n| true if (n % 5 == 0)..(n % 5 == 1) }
  assert_equal [5, 6, 10, 11, 15, 16, 20], sel
end

def flip_in_method(list)
  list.select { |x| (x == :b)..(x == :d) ? true : false }
end

test "flip-flop state per method call" do
  assert_equal [:b, :c, :d], flip_in_method([:a, :b, :c, :d, :e])
  # a fresh call starts with the flip-flop off
  assert_equal [:b, :c, :d], flip_in_method([:c, :b, :c, :d, :e])
  assert_equal [:b, :a, :c, :d], flip_in_method([:e, :d, :b, :a, :c, :d, :e])
end

test "while loop flip-flop" do
  i = 0
  got = []
  while i < 10
    i += 1
    got << i if (i == 4)..(i == 6)
  end
  assert_equal [4, 5, 6], got
end

test "values and nesting" do
  v = if true
        if false then 1 else 2 end
      end
  assert_equal 2, v
  assert_equal "odd", (3 % 2 == 1 ? "odd" : "even")
  w = [1, 2, 3].map { |e| e > 1 ? (e > 2 ? :big : :mid) : :small }
  assert_equal [:small, :mid, :big], w
  assert_equal :yes, (true && (:yes if true))
end

test "and/or/not as statements" do
  x = nil
  x = 1 or raise "no"
  assert_equal 1, x
  y = false
  y = true and y = :set
  assert_equal :set, y
  z = (not false) && 3
  assert_equal 3, z
end
