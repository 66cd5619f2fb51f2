# sync.rb: Mutex, ConditionVariable, Queue and SizedQueue (require 'thread').
require 'assert'
require 'thread'

test "Mutex basics" do
  m = Mutex.new
  assert_false m.locked?
  assert_same m, m.lock
  assert_true m.locked?
  assert_false m.try_lock
  assert_same m, m.unlock
  assert_true m.try_lock
  m.unlock
  assert_equal 5, m.synchronize { 5 }
  assert_false m.locked?
end

test "Mutex errors" do
  m = Mutex.new
  m.lock
  assert_raise(ThreadError, "deadlock; recursive locking") { m.lock }
  m.unlock
  assert_raise(ThreadError) { m.unlock }
  m.lock
  assert_raise(ThreadError) { Thread.new { m.unlock }.join }
  m.unlock
end

test "synchronize releases on exception" do
  m = Mutex.new
  assert_raise(RuntimeError) { m.synchronize { raise "x" } }
  assert_false m.locked?
end

test "Mutex excludes other threads" do
  m = Mutex.new
  log = []
  m.lock
  t = Thread.new { m.synchronize { log << :child } }
  log << :parent
  Thread.pass
  log << :still_parent
  m.unlock
  t.join
  assert_equal [:parent, :still_parent, :child], log
end

test "Thread#raise inside synchronize releases the mutex" do
  m = Mutex.new
  q = Queue.new
  t = Thread.new do
    begin
      m.synchronize { q << :in; sleep }
    rescue RuntimeError
      :rescued
    end
  end
  q.pop
  assert_true m.locked?
  t.raise("stop")
  assert_equal :rescued, t.value
  assert_false m.locked?
end

test "ConditionVariable signal and broadcast" do
  m = Mutex.new
  cv = ConditionVariable.new
  ready, order = [], []
  waiters = (1..3).map do |i|
    Thread.new { m.synchronize { order << i; cv.wait(m); ready << i } }
  end
  Thread.pass until order.size == 3 && waiters.all? { |t| t.stop? }
  # signal wakes the one that waited first (they need not have started
  # waiting in the order they were made: a tick may preempt one first)
  m.synchronize { cv.signal }
  first = order[0]
  waiters[first - 1].join
  assert_equal [first], ready
  m.synchronize { cv.broadcast }
  waiters.each { |t| t.join }
  # the two woken together take the mutex in either order: a tick may
  # preempt the first before it relocks
  assert_equal [1, 2, 3], ready.sort
  assert_equal first, ready.first
end

test "Queue between threads" do
  q = Queue.new
  assert_true q.empty?
  consumer = Thread.new { (1..3).map { q.pop } }
  Thread.pass until consumer.stop?     # a tick may come before it blocks
  assert_equal 1, q.num_waiting
  q << 1
  q.push 2
  q.enq 3
  assert_equal [1, 2, 3], consumer.value
  q << :a << :b
  assert_equal 2, q.size
  assert_equal 2, q.length
  assert_equal :a, q.shift
  assert_equal :b, q.deq
  q << 1
  q.clear
  assert_true q.empty?
end

test "Queue#pop(true)" do
  assert_raise(ThreadError, "queue empty") { Queue.new.pop(true) }
  q = Queue.new
  q << 7
  assert_equal 7, q.pop(true)
end

test "SizedQueue blocks when full" do
  q = SizedQueue.new(2)
  assert_equal 2, q.max
  log = []
  producer = Thread.new { 4.times { |i| q << i; log << i } }
  # a time slice may end the producer early (slow under GC stress): wait
  # until it blocks rather than assume one pass is enough
  Thread.pass until producer.stop?
  assert_equal [0, 1], log
  assert_equal 0, q.pop
  Thread.pass until producer.stop?
  assert_equal [0, 1, 2], log
  q.max = 4
  producer.join
  assert_equal [0, 1, 2, 3], log
  assert_equal [1, 2, 3], [q.pop, q.pop, q.pop]
  assert_raise(ArgumentError) { SizedQueue.new(0) }
end

test "producer/consumer ordering under sleep" do
  q = Queue.new
  out = []
  c = Thread.new { 3.times { out << q.pop } }
  3.times { |i| sleep 0.01; q << i }
  c.join
  assert_equal [0, 1, 2], out
end

test "IO.select waits on several pipes and blocks only its thread" do
  r1, w1 = IO.pipe
  r2, w2 = IO.pipe
  ticks = 0
  ticker = Thread.new { loop { ticks += 1; Thread.pass } }
  writer = Thread.new { sleep 0.02; w2.write "x" }
  ready, = IO.select([r1, r2], nil, nil, 5)
  assert_equal [r2], ready
  assert ticks > 0
  assert_nil IO.select([r1], nil, nil, 0.01)
  ticker.kill
  writer.join
  [r1, w1, r2, w2].each { |io| io.close }
end
