# timeout: 60
# generator.rb: lib/generator.rb (Generator, SyncEnumerator).  Also:
# abandoned generators end with their threads, and the process exits
# with generators left in the middle (one is left so at the end of this
# file: a hang there times the test out).
require 'assert'
require 'generator'

test "a generator over an Enumerable" do
  g = Generator.new([1, 2, 3])
  assert_true g.next?
  assert_false g.end?
  assert_equal 0, g.pos
  assert_equal 1, g.current
  assert_equal 1, g.current                            # current does not move
  assert_equal 1, g.next
  assert_equal 1, g.index
  assert_equal 2, g.current
  assert_equal 2, g.next
  assert_equal 3, g.next
  assert_equal 3, g.pos
  assert_true g.end?
  assert_false g.next?
  assert_raise(EOFError, "no more elements available") { g.next }
  assert_raise(EOFError, "no more elements available") { g.current }
  assert_same g, g.rewind
  assert_equal 0, g.pos
  assert_equal [1, 2, 3], g.to_a
  assert_equal [2, 4, 6], g.map { |x| x * 2 }
  assert_equal 3, g.pos                                # each rewinds and runs to the end
  assert_equal [], Generator.new([]).to_a
  assert_true Generator.new([]).end?
  assert_equal [[1, 2], [3, 4]], Generator.new({ 1 => 2, 3 => 4 }).to_a.sort
  assert_equal ["a", "b"], Generator.new("a\nb".split("\n")).to_a
  assert_equal [1, 2, 3], Generator.new(1..3).to_a
end

test "a generator from a block" do
  g = Generator.new { |y| y.yield 1; y.yield 2; y.yield 3 }
  assert_equal [1, 2, 3], g.to_a
  g.rewind
  assert_equal 1, g.next
  got = []
  assert_same g, g.each { |x| got << x }              # each rewinds
  assert_equal [1, 2, 3], got
  y = nil
  Generator.new { |yy| y = yy.yield(:x) }.next
  assert_kind_of Generator::Yielder, y                 # yield returns the yielder
  assert_raise(ArgumentError) { Generator.new }
end

test "one element ahead, as in 1.8.7" do
  log = []
  g = Generator.new do |y|
    log << :start
    y.yield 1
    log << :after1
    y.yield 2
    log << :finished
  end
  assert_equal [:start], log                           # up to the first yield
  assert_equal 1, g.next
  assert_equal [:start, :after1], log
  assert_false g.end?
  assert_equal 2, g.next
  assert_equal [:start, :after1, :finished], log
  assert_true g.end?
  log.clear
  g.rewind                                             # runs the block anew
  assert_equal [:start], log
  g2 = Generator.new { |y| log << :never_rewound }
  log.clear
  g2.rewind                                            # nothing taken yet: no restart
  assert_equal [], log
end

test "endless generators" do
  naturals = Generator.new { |y| n = 0; loop { y.yield(n += 1) } }
  first = []
  5.times { first << naturals.next }
  assert_equal [1, 2, 3, 4, 5], first
  assert_true naturals.next?
  assert_equal 6, naturals.current
  fib = Generator.new { |y| a, b = 0, 1; loop { y.yield a; a, b = b, a + b } }
  assert_equal [0, 1, 1, 2, 3, 5, 8, 13], (1..8).map { fib.next }
end

test "exceptions in the block" do
  g = Generator.new { |y| y.yield 1; raise ArgumentError, "inside" }
  assert_equal 1, g.current
  assert_raise(ArgumentError, "inside") { g.next }     # raised getting the next one
  assert_true g.end?
  assert_raise(EOFError) { g.next }
  assert_raise(ZeroDivisionError) { Generator.new { |y| 1 / 0 } }
  g = Generator.new { |y| y.yield 1; raise IOError, "again" }
  assert_raise(IOError, "again") { g.next }
  g.rewind                                             # the block runs anew
  assert_equal 1, g.current
  assert_raise(IOError, "again") { g.next }            # next runs it to the error
end

test "generators inside generators" do
  inner = Generator.new([1, 2, 3])
  outer = Generator.new { |y| y.yield(inner.next * 10) while inner.next? }
  assert_equal [10, 20, 30], outer.to_a
  pairs = Generator.new do |y|
    a = Generator.new(%w(a b))
    b = Generator.new([1, 2])
    y.yield [a.next, b.next] while a.next? && b.next?
  end
  assert_equal [["a", 1], ["b", 2]], pairs.to_a
end

test "SyncEnumerator" do
  s = SyncEnumerator.new([1, 2, 3], %w(a b), [:x, :y, :z, :w])
  assert_equal 3, s.size
  assert_equal 3, s.length
  rows = []
  assert_same s, s.each { |row| rows << row }
  assert_equal [[1, "a", :x], [2, "b", :y], [3, nil, :z], [nil, nil, :w]], rows
  assert_true s.end?
  assert_true s.end?(0)
  assert_true s.end?(2)
  assert_equal rows, s.to_a                            # each rewinds
  t = SyncEnumerator.new([1], [1, 2])
  assert_false t.end?
  assert_false t.end?(1)
  assert_equal [[1, 1], [nil, 2]], t.to_a
  assert_equal [], SyncEnumerator.new.to_a
  assert_equal 0, SyncEnumerator.new.size
  assert_false SyncEnumerator.new.end?
  assert_equal [[1, 1]], SyncEnumerator.new([1], [1]).select { |a, b| a == b }
end

$ensured = 0

def abandon_one
  g = Generator.new do |y|
    n = 0
    begin
      loop { y.yield(n += 1) }
    ensure
      $ensured += 1
    end
  end
  g.next
  g.next
  nil
end

test "abandoned generators end with their threads" do
  300.times { abandon_one }
  3.times { GC.start; 5.times { Thread.pass } }
  assert_true $ensured >= 250, "only #{$ensured} of 300 generators ended"
  kept = Generator.new { |y| n = 0; loop { y.yield(n += 1) } }
  kept.next
  GC.start
  Thread.pass
  assert_equal 2, kept.next                            # a live one is left alone
end

test "the block runs in a thread of its own" do
  here = Thread.current
  there = Generator.new { |y| y.yield Thread.current }.next
  assert_false here.equal?(there)
  assert_false Thread.list.include?(there)             # hidden, as Enumerator#next's
end

# left in the middle on purpose: the process must still exit
$left_open = Generator.new { |y| loop { y.yield :more } }
$left_open.next
