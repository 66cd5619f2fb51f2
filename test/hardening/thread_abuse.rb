# thread_abuse.rb: threads used badly get exceptions or clean ends, never a
# crash or a leaked lock (issue "Hardening").
# timeout: 120
require 'assert'
require 'thread'

test "1,000,000 threads started and never joined" do
  n = 0
  1_000_000.times { Thread.new { n += 1 } }
  Thread.pass while Thread.list.size > 1
  assert_equal 1_000_000, n
  assert_equal 1, Thread.list.size
end

test "20,000 sleeping threads, then killed" do
  ts = (1..20_000).map { Thread.new { sleep } }
  assert_equal 20_001, Thread.list.size
  ts.each { |t| t.kill }
  ts.each { |t| t.join }
  assert_equal 1, Thread.list.size
  assert ts.all? { |t| t.status == false }
end

test "a thread killed inside its ensure clause" do
  log = []
  q = Queue.new
  t = Thread.new do
    begin
      log << :body
    ensure
      log << :ensure
      q << :in_ensure
      sleep
      log << :not_reached
    end
  end
  q.pop
  t.kill
  t.join
  assert_equal [:body, :ensure], log
  assert_equal false, t.status
end

test "kill while an outer ensure is running an inner one" do
  log = []
  q = Queue.new
  t = Thread.new do
    begin
      begin
        sleep
      ensure
        log << :inner
        q << 1
        sleep
      end
    ensure
      log << :outer
    end
  end
  Thread.pass until t.status == "sleep"
  t.kill            # into the first sleep: the inner ensure runs and sleeps
  q.pop
  t.kill            # into the ensure's sleep: the outer ensure still runs
  t.join
  assert_equal [:inner, :outer], log
end

test "Thread#raise inside an ensure clause" do
  q = Queue.new
  t = Thread.new do
    begin
      begin
        nil
      ensure
        q << 1
        sleep
      end
    rescue RuntimeError => e
      e.message
    end
  end
  q.pop
  Thread.pass until t.status == "sleep"
  t.raise("from outside")
  assert_equal "from outside", t.value
end

test "Thread#raise into Mutex#synchronize, ConditionVariable#wait and Queue#pop" do
  m = Mutex.new
  cv = ConditionVariable.new
  q = Queue.new
  waiter = Thread.new { m.synchronize { begin; cv.wait(m); rescue RuntimeError; m.locked? && :owned; end } }
  popper = Thread.new { begin; q.pop; rescue RuntimeError; :rescued; end }
  Thread.pass until waiter.status == "sleep" && popper.status == "sleep"
  waiter.raise("x")
  popper.raise("y")
  assert_equal :owned, waiter.value     # wait re-acquires the mutex before raising
  assert_equal :rescued, popper.value
  assert_false m.locked?
  q << 1                                # the queue still works
  assert_equal 1, q.pop
end

test "killing a thread that holds a mutex releases it" do
  m = Mutex.new
  t = Thread.new { m.synchronize { sleep } }
  Thread.pass until t.status == "sleep"
  assert_true m.locked?
  t.kill
  t.join
  assert_false m.locked?
  assert_equal 2, m.synchronize { 2 }
end

test "a thread that kills itself in ensure, and the main thread joins it" do
  t = Thread.new { begin; Thread.current.kill; ensure; Thread.current.kill; end }
  assert_equal t, t.join
  assert_equal false, t.status
end

test "an exception in a dying thread does not reach the main thread" do
  t = Thread.new { begin; raise "a"; ensure; raise "b"; end }
  e = assert_raise(RuntimeError) { t.join }
  assert_equal "b", e.message
end
