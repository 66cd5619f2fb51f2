# spill_depths.rb: more threads than stack slots (1,024 by default), parked
# at different depths, woken in a seeded random order, so that the threads
# of one slot take turns in it, deeper and shallower ones one after the
# other, and die there.  Each frame of each thread keeps a local it checks
# on the way back: a stack put back wrong changes a sum.  Under Valgrind
# (make check-valgrind) the run must report no error: a thread put back
# after a shallower one of its slot found the red zone below its stack
# pointer unaddressable, and its first call wrote its return address there.
require 'assert'
require 'thread'

THREADS = 1100

# depth frames, each with a local of its own, then a wait; the sum of
# what every frame kept
def park(id, depth, q)
  mine = id * 1000 + depth
  below = depth == 0 ? q.pop : park(id, depth - 1, q)
  below + mine
end

def expected(id, depth, token)
  (0..depth).inject(token) { |s, d| s + id * 1000 + d }
end

test "threads sharing slots at different depths come back whole" do
  srand(20261205)
  depths = Array.new(THREADS) { |i| (i * 7) % 23 }
  queues = Array.new(THREADS) { Queue.new }
  threads = Array.new(THREADS) { |i| Thread.new { park(i, depths[i], queues[i]) } }
  Thread.pass until threads.all? { |t| t.status == "sleep" }
  order = (0...THREADS).sort_by { rand }
  wrong = []
  order.each_slice(50) do |batch|
    batch.each { |i| queues[i] << i }
    batch.each { |i| wrong << i if threads[i].value != expected(i, depths[i], i) }
  end
  assert_equal [], wrong
end
