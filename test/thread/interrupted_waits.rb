# interrupted_waits.rb: a thread that leaves a wait by raise, kill or timeout
# leaves it entirely: it is no longer registered with the thing it waited
# for, so a later wake-up goes to a real waiter and is not lost.
# timeout: 60
require 'assert'
require 'thread'
require 'timeout'

# Wait until thread t is blocked (status "sleep").
def wait_blocked(t)
  Thread.pass until t.status == "sleep" || !t.alive?
end

test "join interrupted by Timeout, then joined again" do
  t = Thread.new { sleep 0.3; :v }
  assert_raise(Timeout::Error) { Timeout.timeout(0.05) { t.join } }
  assert_same t, t.join
  assert_equal :v, t.value
end

test "join interrupted by Thread#raise from another thread" do
  th = Thread.new { sleep 0.3 }
  raiser = Thread.new { sleep 0.05; Thread.main.raise "x" }
  e = assert_raise(RuntimeError) { th.join }
  assert_equal "x", e.message
  raiser.join
  assert_same th, th.join
end

test "a joiner killed, then collected, before its target ends" do
  target = Thread.new { sleep 0.2; :done }
  5.times do
    j = Thread.new { target.join }
    wait_blocked(j)
    j.kill
    j.join
  end
  GC.start
  assert_equal :done, target.value
end

test "deadlock fatal rescued, thread released, value returns" do
  t = Thread.new { Thread.stop; 42 }
  wait_blocked(t)
  # the report goes to stderr; silence it
  err = $stderr.dup
  $stderr.reopen("/dev/null")
  begin
    t.join
    got = :no_deadlock
  rescue Exception => e
    got = e.class
  ensure
    $stderr.reopen(err)
  end
  assert_equal "fatal", got.to_s
  t.wakeup
  assert_equal 42, t.value
end

test "Queue#pop raised out of: a later push goes to the real popper" do
  q = Queue.new
  victim = Thread.new { begin; q.pop; rescue RuntimeError; :raised; end }
  wait_blocked(victim)
  popper = Thread.new { q.pop }
  wait_blocked(popper)
  victim.raise "out"
  assert_equal :raised, victim.value
  q.push :item
  assert_equal :item, popper.value
  assert_equal 0, q.size
  assert_equal 0, q.num_waiting
end

test "Queue#pop killed: num_waiting drops, push reaches the next popper" do
  q = Queue.new
  a = Thread.new { q.pop }
  b = Thread.new { q.pop }
  wait_blocked(a)
  wait_blocked(b)
  assert_equal 2, q.num_waiting
  a.kill
  a.join
  assert_equal 1, q.num_waiting
  q << 1
  assert_equal 1, b.value
end

test "a raised popper that then sleeps is not woken by a push" do
  q = Queue.new
  log = []
  victim = Thread.new do
    begin
      q.pop
    rescue RuntimeError
      log << :raised
    end
    sleep 0.2
    log << :slept
  end
  wait_blocked(victim)
  victim.raise "out"
  Thread.pass while log.empty?
  q.push 1
  Thread.pass
  assert_equal [:raised], log
  assert_equal 1, q.size
  victim.join
  assert_equal [:raised, :slept], log
end

test "signalled popper raised before it ran passes the item on" do
  q = Queue.new
  a = Thread.new { begin; q.pop; rescue RuntimeError; :raised; end }
  b = Thread.new { q.pop }
  wait_blocked(a)
  wait_blocked(b)
  Thread.critical = true
  q.push :x          # wakes a, who has not run yet
  a.raise "late"     # a leaves with the raise; the wake-up goes on to b
  Thread.critical = false
  assert_equal :raised, a.value
  assert_equal :x, b.value
end

test "SizedQueue#push raised out of" do
  q = SizedQueue.new(1)
  q << 0
  victim = Thread.new { begin; q.push(1); rescue RuntimeError; :raised; end }
  wait_blocked(victim)
  pusher = Thread.new { q.push(2); :pushed }
  wait_blocked(pusher)
  victim.raise "out"
  assert_equal :raised, victim.value
  assert_equal 0, q.pop
  assert_equal :pushed, pusher.value
  assert_equal 2, q.pop
end

test "Mutex#lock raised out of: unlock gives the mutex to the next locker" do
  m = Mutex.new
  m.lock
  victim = Thread.new { begin; m.lock; rescue RuntimeError; :raised; end }
  wait_blocked(victim)
  locker = Thread.new { m.synchronize { :locked } }
  wait_blocked(locker)
  victim.raise "out"
  assert_equal :raised, victim.value
  m.unlock
  assert_equal :locked, locker.value
  assert_false m.locked?
end

test "ConditionVariable#wait raised out of: a signal reaches the other waiter" do
  m = Mutex.new
  cv = ConditionVariable.new
  done = []
  victim = Thread.new { m.synchronize { begin; cv.wait(m); rescue RuntimeError; :raised; end } }
  wait_blocked(victim)
  waiter = Thread.new { m.synchronize { cv.wait(m); done << :woken } }
  wait_blocked(waiter)
  victim.raise "out"
  assert_equal :raised, victim.value
  m.synchronize { cv.signal }
  waiter.join
  assert_equal [:woken], done
end

test "sleep interrupted by Thread#raise leaves nothing behind" do
  t = Thread.new { begin; sleep; rescue RuntimeError; end; sleep 0.05; :again }
  wait_blocked(t)
  t.raise "wake"
  assert_equal :again, t.value
end

test "Thread#kill of a thread waiting in join runs its ensure" do
  target = Thread.new { sleep 0.2 }
  ran = []
  j = Thread.new { begin; target.join; ensure; ran << :ensure; end }
  wait_blocked(j)
  j.kill
  j.join
  assert_equal [:ensure], ran
  assert_false j.alive?
  target.join
end

test "timed join that times out unregisters" do
  target = Thread.new { sleep 0.1; :t }
  assert_nil target.join(0.01)
  assert_nil target.join(0.01)
  assert_equal :t, target.value
end
