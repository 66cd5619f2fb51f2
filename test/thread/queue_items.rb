# queue_items.rb: a Queue keeps its oldest item in its body and the others
# in an Array made only when a second item arrives (ext/thread/queue.c).
# A queue used one item at a time, as a thread's mailbox mostly is, makes
# no Array; the order, the sizes and the items (nil and false among them)
# are those of an Array used as a queue, across the boundary between the
# body and the Array; the collector keeps both alive.
require 'assert'
require 'thread'

def arrays
  ObjectSpace.each_object(Array) {}
end

test "a Queue used one item at a time makes no Array" do
  queues = []
  GC.start
  before = arrays
  1000.times { queues << Queue.new }
  3.times { |i| queues.each { |q| q << i; q.pop } }
  queues.each { |q| q << :parked }
  GC.start
  made = arrays - before
  assert(made < 100, "1,000 queues made #{made} Arrays")
  assert queues.all? { |q| q.size == 1 && q.pop == :parked && q.empty? }
end

test "order, sizes and items match an Array used as a queue" do
  srand(4242)
  items = [nil, false, true, 0, [1], "s", :sym, [], 2**70]
  q = Queue.new
  model = []
  5000.times do |step|
    case rand(10)
    when 0..4
      v = items[rand(items.size)]
      q << v
      model.push(v)
    when 5..8
      if model.empty?
        assert_raise(ThreadError) { q.pop(true) }
      else
        assert_same model.shift, q.pop(true), "step #{step}"
      end
    else
      if rand(20) == 0
        q.clear
        model.clear
      end
    end
    assert_equal model.size, q.size, "size at step #{step}"
    assert_equal model.empty?, q.empty?, "empty? at step #{step}"
  end
end

test "items in the body and in its Array survive collections" do
  q = Queue.new
  sq = SizedQueue.new(5)
  5.times { |i| q << "item #{i}" * 3; sq << "sized #{i}" }
  GC.start
  junk = Array.new(20000) { |i| "junk #{i}" }
  junk = nil
  GC.start
  assert_equal (0...5).map { |i| "item #{i}" * 3 }, (0...5).map { q.pop }
  assert_equal (0...5).map { |i| "sized #{i}" }, (0...5).map { sq.pop }
end

test "a SizedQueue's producers wait at the bound, across the boundary" do
  sq = SizedQueue.new(3)
  got = []
  producers = (0...4).map { |p| Thread.new { 10.times { |i| sq << [p, i] } } }
  consumer = Thread.new { 40.times { got << sq.pop; assert(sq.size <= 3) } }
  producers.each { |t| t.join }
  consumer.join
  assert_equal 40, got.size
  4.times { |p| assert_equal (0...10).to_a, got.select { |x| x[0] == p }.map { |x| x[1] } }
  assert_equal 0, sq.num_waiting
  assert sq.empty?
end

test "a subclass of SizedQueue is a SizedQueue" do
  klass = Class.new(SizedQueue)
  q = klass.new(1)
  q << :a
  assert_equal 1, q.max
  assert_equal :a, q.pop
  assert_raise(ArgumentError) { klass.new(0) }
end
