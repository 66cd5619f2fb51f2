# fork.rb: after fork the child has only the forking thread, as in 1.8.7:
# every other thread is dead there, join on them returns at once, run and
# wakeup raise "killed thread", and the scheduler's structures (sleepers,
# wait queues) hold none of them.
require 'assert'
require 'thread'

# Run the block in a child; returns what it printed with p (one value per line).
def in_child
  r, w = IO.pipe
  pid = fork do
    r.close
    $stdout.reopen(w)
    begin
      yield
    rescue Exception => e
      puts "child raised #{e.class}: #{e.message}"
    end
    $stdout.flush
    exit!(0)
  end
  w.close
  out = r.read
  Process.wait(pid)
  [out.split("\n"), $?.exitstatus]
end

test "the other threads are dead in the child, alive in the parent" do
  q = Queue.new
  m = Mutex.new
  m.lock
  sleeper = Thread.new { sleep }
  timed = Thread.new { sleep 30 }
  popper = Thread.new { q.pop }
  stopped = Thread.new { Thread.stop; puts "the stopped thread ran in the child" }
  locker = Thread.new { m.lock }
  joiner = Thread.new { sleeper.join }
  all = [sleeper, timed, popper, stopped, locker, joiner]
  Thread.pass until all.all? { |t| t.status == "sleep" }
  lines, status = in_child do
    p all.map { |t| [t.alive?, t.status] }.uniq
    p Thread.list.size
    p all.map { |t| t.join(1).equal?(t) }.uniq
    [:run, :wakeup].each do |meth|
      begin
        stopped.send(meth)
        p :no_error
      rescue ThreadError => e
        p e.message
      end
    end
    q << 1
    m.unlock
    sleep 0.05
    p q.size
    p Thread.main == Thread.current
  end
  assert_equal 0, status
  assert_equal ["[[false, false]]", "1", "[true]", '"killed thread"', '"killed thread"', "1", "true"], lines
  assert_true all.all? { |t| t.alive? }
  all.each { |t| t.kill }
  m.unlock if m.locked?
end

test "the child's scheduler works: sleeps, new threads, queues" do
  timers = Array.new(20) { |i| Thread.new { sleep 5 + i } }
  Thread.pass until timers.all? { |t| t.status == "sleep" }
  lines, status = in_child do
    order = Queue.new
    ts = [0.03, 0.01, 0.02].map { |d| Thread.new { sleep d; order << d } }
    ts.each { |t| t.join }
    p [order.pop, order.pop, order.pop]
    q = Queue.new
    c = Thread.new { q.pop * 2 }
    q << 21
    p c.value
    GC.start
    p Thread.list.size
  end
  assert_equal 0, status
  assert_equal ["[0.01, 0.02, 0.03]", "42", "1"], lines
  timers.each { |t| t.kill }
end

test "fork from a thread that is not main: it is main in the child" do
  t = Thread.new do
    in_child { p Thread.main == Thread.current; p Thread.list.size; p Thread.new { :x }.value }
  end
  lines, status = t.value
  assert_equal 0, status
  assert_equal ["true", "1", ":x"], lines
end

test "many forks while threads switch" do
  busy = Array.new(4) { Thread.new { loop { Thread.pass } } }
  10.times do
    lines, status = in_child { p Thread.list.size }
    assert_equal ["1"], lines
    assert_equal 0, status
  end
  busy.each { |t| t.kill }
end
