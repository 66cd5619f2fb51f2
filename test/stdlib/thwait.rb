# timeout: 60
# thwait.rb: lib/thwait.rb (ThreadsWait, ThWait).
require 'assert'
require 'thwait'

test "names and errors" do
  assert_same ThreadsWait, ThWait
  assert_true ThreadsWait::ErrNoWaitingThread < StandardError
  assert_true ThreadsWait::ErrNoFinishedThread < StandardError
  tw = ThreadsWait.new
  assert_true tw.empty?
  assert_false tw.finished?
  assert_equal [], tw.threads
  assert_raise(ThreadsWait::ErrNoWaitingThread, "No threads for waiting.") { tw.next_wait }
  assert_raise(ThreadsWait::ErrNoWaitingThread, "No threads for waiting.") { tw.next_wait(true) }
  assert_nil tw.all_waits
end

test "threads come back in the order they end" do
  gates = (0...4).map { Queue.new }
  ts = (0...4).map { |i| Thread.new { gates[i].pop; i } }
  tw = ThWait.new(*ts)
  assert_equal ts, tw.threads
  assert_false tw.empty?
  assert_false tw.finished?
  assert_raise(ThreadsWait::ErrNoFinishedThread, "No finished threads.") { tw.next_wait(true) }
  [2, 0, 3, 1].each do |i|
    gates[i].push(:go)
    t = tw.next_wait
    assert_same ts[i], t
    assert_false tw.threads.include?(t)
  end
  assert_true tw.empty?
  assert_raise(ThreadsWait::ErrNoWaitingThread) { tw.next_wait }
end

test "finished? and nonblocking next_wait" do
  t = Thread.new { :done }
  tw = ThreadsWait.new(t)
  Thread.pass until tw.finished?
  assert_true tw.finished?
  assert_same t, tw.next_wait(true)
  assert_false tw.finished?
  assert_true tw.empty?
end

test "join and join_nowait" do
  tw = ThreadsWait.new
  a = Thread.new { :a }
  assert_same a, tw.join(a)
  q = Queue.new
  b = Thread.new { q.pop; :b }
  c = Thread.new { q.pop; :c }
  assert_nil tw.join_nowait([b], [[c]])                # flattened
  assert_equal [b, c], tw.threads
  q.push 1
  q.push 1
  got = []
  tw.all_waits { |t| got << t.value }
  assert_equal [:b, :c], got.sort_by { |s| s.to_s }
  assert_true tw.empty?
end

test "all_waits at class level" do
  ts = (1..5).map { |i| Thread.new { Thread.pass; i * i } }
  got = []
  ThreadsWait.all_waits(*ts) { |t| got << t.value }
  assert_equal [1, 4, 9, 16, 25], got.sort
  ts = (1..3).map { Thread.new { } }
  assert_nil ThreadsWait.all_waits(*ts)
  assert_true ts.all? { |t| !t.alive? }
end

test "dead, killed and already finished threads" do
  bad = Thread.new { raise ArgumentError, "dead" }
  killed = Thread.new { sleep }
  Thread.pass until killed.stop?
  done = Thread.new { :done }
  done.join
  tw = ThreadsWait.new(bad, killed, done)
  killed.kill
  got = []
  tw.all_waits { |t| got << t }
  assert_equal 3, got.size
  assert_equal [bad, killed, done].map { |t| t.object_id }.sort, got.map { |t| t.object_id }.sort
  assert_raise(ArgumentError, "dead") { bad.value }   # the exception stays with the thread
end

test "many threads, watchers do not linger" do
  base = Thread.list.size
  ts = (1..40).map { |i| Thread.new { rand(3).times { Thread.pass }; i } }
  tw = ThreadsWait.new(*ts)
  sum = 0
  count = 0
  until tw.empty?
    sum += tw.next_wait.value
    count += 1
  end
  assert_equal 40, count
  assert_equal 820, sum
  Thread.pass while Thread.list.size > base
  assert_equal base, Thread.list.size
end

test "next_wait interrupted" do
  t = Thread.new { sleep }
  Thread.pass until t.stop?
  tw = ThreadsWait.new(t)
  waiter = Thread.new { begin; tw.next_wait; rescue RuntimeError => e; e.message; end }
  Thread.pass until waiter.stop?
  waiter.raise "stop"
  assert_equal "stop", waiter.value
  assert_equal [t], tw.threads                          # still waited for
  t.kill
  assert_same t, tw.next_wait
end
