# range.rb: Range as Ruby 1.8.7 has it: construction and its checks,
# iteration (Integer fast path, Strings, succ), step, membership,
# equality, conversions, and the ranges String#[] and Array#[] resolve.
require 'assert'

test "construction" do
  r = 1..5
  assert_equal 1, r.begin
  assert_equal 5, r.end
  assert_equal 1, r.first
  assert_equal 5, r.last
  assert_false r.exclude_end?
  assert_true((1...5).exclude_end?)
  assert_equal Range, r.class
  assert_equal(1..2, Range.new(1, 2))
  assert_equal(1...2, Range.new(1, 2, true))
  assert_equal(1..2, Range.new(1, 2, nil))
  assert_equal("a".."c", Range.new("a", "c"))
  assert_equal(1.5..2, Range.new(1.5, 2))
end

test "bad values" do
  assert_raise(ArgumentError, "bad value for range") { Range.new(1, "a") }
  assert_raise(ArgumentError, "bad value for range") { Range.new(Object.new, Object.new) }
  assert_raise(ArgumentError, "bad value for range") { 1.."z" }
  assert_raise(ArgumentError) { Range.new(1) }
  assert_raise(ArgumentError) { Range.new(1, 2, 3, 4) }
  assert_raise(NameError) { (1..2).send(:initialize, 3, 4) }
end

test "each over Integers" do
  a = []
  (1..4).each { |i| a << i }
  assert_equal [1, 2, 3, 4], a
  a = []
  (1...4).each { |i| a << i }
  assert_equal [1, 2, 3], a
  a = []
  (5..1).each { |i| a << i }
  assert_equal [], a
  a = []
  (-2..0).each { |i| a << i }
  assert_equal [-2, -1, 0], a
  r = (1..3)
  assert_same r, r.each { }
  assert_equal 2, (1..10).each { |i| break i if i == 2 }
end

test "each over Strings and other succ types" do
  assert_equal ["a", "b", "c"], ("a".."c").to_a
  assert_equal ["a", "b"], ("a"..."c").to_a
  assert_equal ["ay", "az", "ba", "bb"], ("ay".."bb").to_a
  assert_equal [], ("y".."ab").to_a
  assert_equal [], ("b".."a").to_a
  assert_equal ["az", "ba"], ("az".."ba").to_a
  assert_equal [], ("9".."10").to_a
  assert_equal ["8", "9"], ("8".."9").to_a
  big = 2**64
  assert_equal [big, big + 1], (big..big + 1).to_a
  assert_equal [1, 2, 3], (1..3.5).to_a
end

test "Floats cannot be iterated" do
  assert_raise(TypeError, "can't iterate from Float") { (1.0..2.0).each { } }
  assert_raise(TypeError, "can't iterate from Float") { (1.5..3).to_a }
end

test "to_a and Enumerable" do
  assert_equal [1, 2, 3], (1..3).to_a
  assert_equal [], (3..1).to_a
  assert_equal [0], (0...1).to_a
  assert_equal 1, (1..10).min
  assert_equal 10, (1..10).max
  assert_nil((1..0).min)
  assert_equal [2, 4], (1..5).select { |i| i % 2 == 0 }
  assert_equal 15, (1..5).inject { |s, i| s + i }
  assert_equal [1, 4, 9], (1..3).map { |i| i * i }
  assert_true((1..5).include?(3))
  assert_equal [1, 2, 3], (1..3).each.to_a
end

test "step" do
  a = []
  (1..10).step(3) { |i| a << i }
  assert_equal [1, 4, 7, 10], a
  a = []
  (1...10).step(3) { |i| a << i }
  assert_equal [1, 4, 7], a
  a = []
  (1.0..2.0).step(0.5) { |f| a << f }
  assert_equal [1.0, 1.5, 2.0], a
  a = []
  (1..2).step(0.5) { |f| a << f }
  assert_equal [1, 1.5, 2.0], a
  a = []
  ("a".."e").step(2) { |s| a << s }
  assert_equal ["a", "c", "e"], a
  a = []
  (1..3).step { |i| a << i }
  assert_equal [1, 2, 3], a
  assert_raise(ArgumentError, "step can't be negative") { (1..3).step(-1) { } }
  assert_raise(ArgumentError, "step can't be 0") { (1..3).step(0) { } }
  assert_raise(TypeError) { (1..3).step("x") { } }
  assert_equal [1, 3, 5], (1..5).step(2).to_a
end

test "include? member? ===" do
  r = 1..10
  assert_true r.include?(1)
  assert_true r.include?(10)
  assert_true r.member?(5.5)
  assert_false r.include?(11)
  assert_false r.include?(0)
  assert_false((1...10).include?(10))
  assert_true((1...10) === 9.99)
  assert_true(("a".."z") === "m")
  assert_true(("a".."z").include?("bb"))
  assert_false(("a".."z").include?("zz"))
  assert_false r === "x"
  assert_false r === nil
  matched = case 7
            when 1..5 then :low
            when 6..10 then :high
            end
  assert_equal :high, matched
  assert_true((1.0..2.0).include?(1.5))
end

test "== eql? hash" do
  assert_true((1..2) == (1..2))
  assert_false((1..2) == (1...2))
  assert_false((1..2) == (1..3))
  assert_true((1..2) == (1..2.0))
  assert_false((1..2).eql?(1..2.0))
  assert_true((1..2).eql?(1..2))
  assert_false((1..2) == [1, 2])
  assert_equal((1..2).hash, (1..2).hash)
  assert_not_equal((1..2).hash, (1...2).hash)
  h = {(1..2) => :r}
  assert_equal :r, h[1..2]
end

test "to_s inspect" do
  assert_equal "1..2", (1..2).to_s
  assert_equal "1...2", (1...2).to_s
  assert_equal "a..b", ("a".."b").to_s
  assert_equal '"a".."b"', ("a".."b").inspect
  assert_equal "1.5...2", (1.5...2).inspect
end

test "dup" do
  r = (1...3)
  d = r.dup
  assert_equal r, d
  assert_true d.exclude_end?
  assert_equal 1, d.begin
end

test "ranges in String#[] and Array#[]" do
  a = [1, 2, 3, 4, 5]
  assert_equal [2, 3], a[1..2]
  assert_equal [2], a[1...2]
  assert_equal [4, 5], a[-2..-1]
  assert_equal [4, 5], a[3..10]
  assert_equal [], a[5..6]
  assert_nil a[6..7]
  assert_nil a[-9..1]
  assert_equal [], a[3..1]
  assert_equal [1, 2, 3, 4, 5], a[0..-1]
  assert_equal [1, 2, 3, 4], a[0...-1]
  s = "hello"
  assert_equal "ell", s[1..3]
  assert_equal "lo", s[-2..-1]
  assert_equal "", s[5..9]
  assert_nil s[6..9]
  b = [1, 2, 3]
  b[1..1] = [:x, :y]
  assert_equal [1, :x, :y, 3], b
  assert_raise(RangeError) { [1, 2][-5..1] = 3 }
  assert_raise(TypeError) { [1, 2]["a".."b"] }
end

test "step with Floats counts as 1.8.7 and yields Floats" do
  steps = lambda { |r, s| a = []; r.step(s) { |v| a << v }; a }
  assert_equal [-2.0, -0.5, 1.0], steps[-2..1, 1.5]
  assert_equal [-2.0, -0.5, 1.0], (-2..1).step(1.5).to_a
  assert_equal [-2.0, -0.5], steps[-2...1, 1.5]
  assert_equal [1.0, 2.0], steps[1..2.0, 1]
  assert_equal [1.0, 2.0], steps[1.0..2, 1]
  assert_equal [1.0, 1.5], steps[1.0...2.0, 0.5]
  assert_equal 11, steps[0..1, 0.1].size
  assert_equal 1.0, steps[0..1, 0.1].last
  assert_equal 10, steps[0...1, 0.1].size
  assert_equal [1.0, 1.3, 1.6, 1.9], steps[1...2, 0.3].map { |f| (f * 10).round / 10.0 }
  assert_equal [1.0], steps[1...1.5, 1]
  assert_equal [], steps[1...1.0, 1]
  assert_equal [], steps[2..1, 0.5]
  assert_equal [1.0], steps[1..1, 1.0]
  assert_equal [], steps[1...2, 1.0 / 0]
  assert_equal [1, 3], steps[1..3, 2]
  assert_raise(ArgumentError, "step can't be 0") { steps[1.0..2.0, 0.0] }
  assert_raise(ArgumentError, "step can't be negative") { steps[1.0..2.0, -0.5] }
end
