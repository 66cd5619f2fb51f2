# weak_cell.rb: ObjectSpace::WeakCell, miniruby's weak reference (for
# lib/weakref.rb): it does not keep its object alive.
require 'assert'

def cells_of_garbage(n)
  (1..n).map { ObjectSpace::WeakCell.new(Object.new) }
end

test "a held object stays" do
  s = "kept" * 2
  c = ObjectSpace::WeakCell.new(s)
  GC.start
  assert_true c.alive?
  assert_same s, c.get
  a = [1, 2]
  h = { :k => a }
  c2 = ObjectSpace::WeakCell.new(a)       # reachable through h only
  a = nil
  GC.start
  assert_true c2.alive?
  assert_same h[:k], c2.get
end

test "an unreachable object is collected" do
  cells = cells_of_garbage(200)
  GC.start
  dead = cells.reject { |c| c.alive? }
  # the C stack is scanned conservatively: a stray word may keep a few
  assert dead.size >= 150, "only #{dead.size} of 200 were collected"
  assert_equal [nil], dead.map { |c| c.get }.uniq
  # and stays dead: a new object in the old slot is not seen through it
  100.times { Object.new }
  GC.start
  assert_equal [nil], dead.map { |c| c.get }.uniq
  assert_equal [false], dead.map { |c| c.alive? }.uniq
end

test "immediates and a cell of a cell" do
  [1, :sym, nil, true, false, 2.5].each do |v|
    c = ObjectSpace::WeakCell.new(v)
    GC.start
    assert_true c.alive?
    assert_equal v, c.get
  end
  inner = ObjectSpace::WeakCell.new(Object.new)
  outer = ObjectSpace::WeakCell.new(inner)
  GC.start
  assert_same inner, outer.get
end

test "a dead cell is unlinked" do
  # Many cells die with their objects: the collector must not touch them after.
  5.times { cells_of_garbage(1000); GC.start }
  c = ObjectSpace::WeakCell.new(o = Object.new)
  GC.start
  assert_same o, c.get
end

test "argument checks" do
  assert_raise(ArgumentError) { ObjectSpace::WeakCell.new }
  assert_raise(ArgumentError) { ObjectSpace::WeakCell.new(1, 2) }
  assert_nil ObjectSpace::WeakCell.allocate.get
end
