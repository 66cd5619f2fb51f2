# iterator_frames.rb: Array#map, select, reject!, collect!, delete_if,
# Range#each and step, Integer#downto and step, and the Enumerable methods
# run a plain block in one frame made once for all the values.  What must not show: a block's own locals start at nil at
# every value, closures made in the block keep their own values, a yield
# from inside a yield, a jump out (break, an exception) and then the same
# method again, blocks of two parameters, and the GC while it runs.
require 'assert'

class Twice
  include Enumerable
  def initialize(*v) @v = v end
  def each; @v.each { |x| yield x }; self end
end

# each yields its first value, and the block it was given is called by
# the caller's block from inside that yield
class Nested
  include Enumerable
  def each(&b)
    b.call(1)
    b.call(2)
  end
end

test "a block's own locals start at nil at every value" do
  seen = [1, 2, 3].map { |x| t = defined?(t) ? t : :unset; u ||= x; [t, u] }
  assert_equal [[nil, 1], [nil, 2], [nil, 3]], seen
  assert_equal [[nil, 1], [nil, 2]], Twice.new(1, 2).map { |x| u ||= x; [defined?(w) && w, u].tap { w = 5 } }
  assert_equal [2, 3], [1, 2, 3].select { |x| k ||= 0; k += 1; x > 1 && k == 1 }
end

test "closures made in the block keep their own values" do
  procs = [1, 2, 3].map { |x| y = x * 10; lambda { y } }
  assert_equal [10, 20, 30], procs.map { |pr| pr.call }
  procs = Twice.new(4, 5).map { |x| z = x; proc { z += 1 } }
  assert_equal [5, 6, 6, 7], [procs[0].call, procs[1].call, procs[0].call, procs[1].call]
end

test "Range#each and step, Integer#downto and step" do
  assert_equal [[nil, 1], [nil, 2]], (1..2).map { |x| [defined?(t) && t, (t = x)] }
  seen = []
  (1..3).each { |x| u ||= x; seen << u }
  3.downto(1) { |x| u ||= x; seen << u }
  1.step(5, 2) { |x| u ||= x; seen << u }
  (0...6).step(3) { |x| u ||= x; seen << u }
  assert_equal [1, 2, 3, 3, 2, 1, 1, 3, 5, 0, 3], seen
  procs = []
  (1..3).each { |x| y = x; procs << lambda { y } }
  3.downto(2) { |x| y = -x; procs << lambda { y } }
  assert_equal [1, 2, 3, -3, -2], procs.map { |pr| pr.call }
  assert_equal 2, (1..5).each { |x| break x if x == 2 }
end

test "collect!, reject!, delete_if" do
  a = [1, 2, 3, 4]
  a.collect! { |x| v = x * x; v }
  assert_equal [1, 4, 9, 16], a
  assert_equal [1, 9], a.reject! { |x| x.even? }
  assert_equal nil, a.reject! { |x| x > 100 }
  assert_equal [9], a.delete_if { |x| x == 1 }
end

test "a yield from inside a yield" do
  out = []
  r = Nested.new.inject(0) { |s, x| out << x; s + x }
  assert_equal 3, r
  assert_equal [1, 2], out
  inner = []
  Twice.new(1, 2).each_with_index { |x, i| Twice.new(x, x).each_with_index { |y, j| inner << [i, j, y] } }
  assert_equal [[0, 0, 1], [0, 1, 1], [1, 0, 2], [1, 1, 2]], inner
end

test "break, next and an exception out of the block, then the method again" do
  assert_equal :out, [1, 2, 3].map { |x| break :out if x == 2; x }
  assert_equal [1, nil, 3], [1, 2, 3].map { |x| next if x == 2; x }
  assert_equal 7, Twice.new(3, 4).inject { |s, x| break s + x }
  e = Twice.new(1, 2)
  assert_raise(ZeroDivisionError) { e.inject { |s, x| s / 0 } }
  assert_equal 3, e.inject { |s, x| s + x }
  assert_raise(RuntimeError) { [1, 2].select { |x| raise "no" if x == 2 } }
  assert_equal [2], [1, 2].select { |x| x == 2 }
end

def yield_these(*vals) yield(*vals) end

test "a lone parameter: one value, none, several, an outer variable" do
  assert_equal [1, 2], [1, 2].map { |x| x }
  assert_equal [[1, 2]], [[1, 2]].map { |x| x }
  assert_equal 5, lambda { |y| y }.call(5)
  $VERBOSE, verbose = nil, $VERBOSE     # 1.8.7 warns of the counts below
  begin
    assert_equal nil, yield_these { |x| x }
    assert_equal [3, 4], yield_these(3, 4) { |x| x }
    assert_equal [5, 6], lambda { |y| y }.call(5, 6)
  ensure
    $VERBOSE = verbose
  end
  x = :outer
  [7, 8].each { |x| }
  assert_equal 8, x           # 1.8: the block's parameter is the outer x
end

test "blocks of two parameters" do
  assert_equal 10, (1..4).inject { |s, x| s + x }
  assert_equal [[1, :a], [2, :b]], { 1 => :a, 2 => :b }.sort.map { |k, v| [k, v] }
  assert_equal [3, 7], [[1, 2], [3, 4]].map { |a, b| a + b }
  assert_equal({ 1 => [1, 3], 0 => [2] }, Twice.new(1, 2, 3).group_by { |x| x % 2 })
end

test "the GC while the frame is reused" do
  GC.stress = true
  begin
    r = (1..40).map { |x| s = "v#{x}"; [s, s.size] }
    t = Twice.new(*(1..30).to_a).map { |x| "w#{x}" * 2 }
  ensure
    GC.stress = false
  end
  assert_equal ["v40", 3], r[-1]
  assert_equal "w30w30", t[-1]
  assert_equal 40, r.size
end
