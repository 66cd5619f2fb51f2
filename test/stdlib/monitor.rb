# timeout: 60
# monitor.rb: lib/monitor.rb (MonitorMixin, Monitor, ConditionVariable).
# Many threads contend; Thread#raise and #kill hit threads waiting to
# enter and waiting inside wait; the invariants (one owner at a time,
# counts adding up, the monitor free afterwards) are asserted.
require 'assert'
require 'interrupts'
require 'monitor'
require 'timeout'

def wait_stopped(t)
  Thread.pass until t.stop? || !t.alive?
end

# The monitor is free: another thread can take it at once.
def free?(mon)
  Thread.new { r = mon.mon_try_enter; mon.mon_exit if r; r }.value
end

test "basic enter and exit" do
  m = Monitor.new
  assert_nil m.enter
  assert_nil m.mon_enter                               # reentrant
  assert_false free?(m)
  assert_nil m.exit
  assert_false free?(m)
  assert_nil m.mon_exit
  assert_true free?(m)
  assert_equal :v, m.synchronize { :v }
  assert_equal :w, m.mon_synchronize { m.synchronize { :w } }
  assert_true m.try_enter
  assert_true m.try_mon_enter
  assert_true m.mon_try_enter
  3.times { m.exit }
  assert_true free?(m)
end

test "owner errors" do
  m = Monitor.new
  assert_raise(ThreadError, "current thread not owner") { m.exit }
  assert_raise(ThreadError, "current thread not owner") { m.new_cond.signal }
  assert_raise(ThreadError, "current thread not owner") { m.new_cond.broadcast }
  assert_raise(ThreadError, "current thread not owner") { m.new_cond.wait }
  assert_raise(ThreadError, "current thread not owner") { m.new_cond.wait(1) }
  m.enter
  e = Thread.new { begin; m.exit; :none; rescue ThreadError => x; x.message; end }.value
  assert_equal "current thread not owner", e
  assert_false free?(m)                                 # still ours
  m.exit
  assert_kind_of MonitorMixin::ConditionVariable, MonitorMixin::ConditionVariable.new(m)
  assert_true MonitorMixin::ConditionVariable::Timeout < Exception
end

test "exceptions leave synchronize balanced" do
  m = Monitor.new
  assert_raise(RuntimeError, "x") { m.synchronize { m.synchronize { raise "x" } } }
  assert_true free?(m)
  r = catch(:out) { m.synchronize { throw :out, 5 } }
  assert_equal 5, r
  assert_true free?(m)
  r = nil
  [1, 2].each { |i| r = m.synchronize { break i * 10 } }
  assert_equal 20, r
  assert_true free?(m)
end

test "mixin by include and by extend" do
  klass = Class.new do
    include MonitorMixin
    attr_reader :x
    def initialize(x)
      super()
      @x = x
    end
    def bump
      synchronize { @x += 1 }
    end
  end
  o = klass.new(1)
  assert_equal 2, o.bump
  assert_equal 0, o.new_cond.count_waiters
  a = []
  a.extend(MonitorMixin)
  assert_equal [1], a.synchronize { a << 1 }
  assert_true a.mon_try_enter
  a.mon_exit
end

test "many threads: mutual exclusion and counts" do
  m = Monitor.new
  count = 0
  inside = 0
  overlap = 0
  threads = (1..25).map do
    Thread.new do
      100.times do
        m.synchronize do
          m.synchronize do
            inside += 1
            overlap += 1 if inside != 1
            c = count
            Thread.pass
            count = c + 1
            inside -= 1
          end
        end
      end
    end
  end
  threads.each { |t| t.join }
  assert_equal 2500, count
  assert_equal 0, overlap
  assert_true free?(m)
end

test "try_enter under contention" do
  m = Monitor.new
  got = 0
  missed = 0
  threads = (1..10).map do
    Thread.new do
      50.times do
        if m.try_enter
          got += 1
          Thread.pass
          m.exit
        else
          missed += 1
        end
        Thread.pass
      end
    end
  end
  threads.each { |t| t.join }
  assert_equal 500, got + missed
  assert_true got > 0
  assert_true free?(m)
end

test "producers and consumers with conditions" do
  buf = []
  buf.extend(MonitorMixin)
  not_empty = buf.new_cond
  not_full = buf.new_cond
  consumers = (1..4).map do
    Thread.new do
      got = []
      25.times do
        buf.synchronize do
          not_empty.wait_while { buf.empty? }
          got << buf.shift
          not_full.signal
        end
      end
      got
    end
  end
  producers = (1..4).map do |i|
    Thread.new do
      25.times do |j|
        buf.synchronize do
          not_full.wait_until { buf.size < 3 }
          buf << i * 1000 + j
          not_empty.signal
        end
      end
    end
  end
  producers.each { |t| t.join }
  got = consumers.map { |t| t.value }
  assert_equal [25, 25, 25, 25], got.map { |g| g.size }
  expected = (1..4).map { |i| (0...25).map { |j| i * 1000 + j } }.flatten.sort
  assert_equal expected, got.flatten.sort
  got.each do |g|                                       # each producer's items in order
    (1..4).each do |i|
      mine = g.select { |v| v / 1000 == i }
      assert_equal mine.sort, mine
    end
  end
  assert_true buf.empty?
end

test "wait with a timeout, signal and broadcast" do
  m = Monitor.new
  c = m.new_cond
  assert_false m.synchronize { c.wait(0.05) }           # nobody signals
  assert_true free?(m)
  ready = 0
  waiter = Thread.new { m.synchronize { ready += 1; c.wait(30) } }
  Thread.pass until m.synchronize { ready == 1 && c.count_waiters == 1 }
  m.synchronize { c.signal }
  assert_true waiter.value                                # signalled
  woken = 0
  waiters = (1..6).map { Thread.new { m.synchronize { c.wait; woken += 1 } } }
  Thread.pass until m.synchronize { c.count_waiters == 6 }
  m.synchronize do
    c.signal
    assert_equal 5, c.count_waiters
    c.broadcast
    assert_equal 0, c.count_waiters
    assert_equal 0, woken                               # they need the monitor
  end
  waiters.each { |t| t.join }
  assert_equal 6, woken
  m.synchronize { c.signal; c.broadcast }               # nobody waiting: no-ops
  assert_true free?(m)
end

test "wait keeps the entry count" do
  m = Monitor.new
  c = m.new_cond
  t = Thread.new do
    m.synchronize { m.synchronize { m.synchronize { c.wait(0.01) } } }
    :done
  end
  assert_equal :done, t.value
  assert_true free?(m)
  m.enter
  m.enter
  assert_false c.wait(0.01)
  m.exit
  assert_false free?(m)                                 # one entry left
  m.exit
  assert_true free?(m)
end

test "Thread#raise while waiting to enter" do
  m = Monitor.new
  m.enter
  victims = (1..5).map do
    Thread.new do
      begin
        m.synchronize { :entered }
      rescue RuntimeError => e
        e.message
      end
    end
  end
  bystander = Thread.new { m.synchronize { :bystander } }
  (victims + [bystander]).each { |t| wait_stopped(t) }
  victims.each { |t| t.raise "stop waiting" }
  assert_equal ["stop waiting"] * 5, victims.map { |t| t.value }
  assert_true bystander.alive?                          # still waiting
  m.exit
  assert_equal :bystander, bystander.value
  assert_true free?(m)
end

test "Thread#kill while waiting to enter, and of the owner" do
  m = Monitor.new
  entered = []
  owner = Thread.new { m.synchronize { entered << :owner; sleep } }
  wait_stopped(owner)
  waiters = (1..4).map { |i| Thread.new { m.synchronize { entered << i } } }
  waiters.each { |t| wait_stopped(t) }
  waiters[0].kill
  waiters[2].kill
  owner.kill                                            # its ensure releases
  waiters.each { |t| t.join }
  assert_equal :owner, entered[0]
  assert_equal [2, 4], entered[1..-1].sort
  assert_true free?(m)
end

test "Thread#raise and #kill inside wait re-enter the monitor first" do
  m = Monitor.new
  c = m.new_cond
  t = Thread.new do
    m.synchronize do
      begin
        c.wait
        :signalled
      rescue RuntimeError => e
        # back in the monitor: nobody else may hold it now
        [e.message, m.mon_try_enter && (m.mon_exit; true), c.count_waiters]
      end
    end
  end
  wait_stopped(t)
  assert_equal 1, m.synchronize { c.count_waiters }
  m.enter
  t.raise "woken by raise"
  Thread.pass
  Thread.pass
  assert_true t.alive?                                  # needs the monitor back
  m.exit
  assert_equal ["woken by raise", true, 0], t.value
  assert_true free?(m)

  ensured = []
  k = Thread.new { m.synchronize { begin; c.wait; ensure; ensured << m.mon_try_enter; m.mon_exit; end } }
  wait_stopped(k)
  k.kill
  k.join
  assert_equal [true], ensured
  assert_equal 0, m.synchronize { c.count_waiters }
  assert_true free?(m)
end

test "timeouts around waits" do
  m = Monitor.new
  c = m.new_cond
  assert_raise(Timeout::Error) { Timeout.timeout(0.05) { m.synchronize { c.wait } } }
  assert_true free?(m)
  assert_equal 0, m.synchronize { c.count_waiters }
  holder = Thread.new { m.synchronize { sleep } }
  wait_stopped(holder)
  assert_raise(Timeout::Error) { Timeout.timeout(0.05) { m.synchronize { } } }
  holder.kill
  holder.join
  assert_true free?(m)
end

test "interrupts under load keep the invariants" do
  m = Monitor.new
  c = m.new_cond
  owner = nil
  overlap = 0
  entries = 0
  stop = false
  workers = (1..12).map do |i|
    Thread.new do
      begin
        k = 0
        until (k += 1) > 60 && stop   # at least 60 rounds, and on until the interrupts are done
          m.synchronize do
            owner = Thread.current
            entries += 1
            Thread.pass
            overlap += 1 unless owner.equal?(Thread.current)
            if i % 3 == 0
              c.wait(0.001)
              owner = Thread.current                    # back in
              Thread.pass
              overlap += 1 unless owner.equal?(Thread.current)
            end
          end
        end
        :finished
      rescue RuntimeError => e
        e.message
      end
    end
  end
  raised = raise_waiting(workers, 5) do |t|
    m.instance_variable_get(:@mon_entering).include?(t) || c.instance_variable_get(:@waiters).include?(t)
  end
  stop = true
  assert raised > 0
  results = workers.map { |t| t.value }
  assert_true results.all? { |r| r == :finished || r == "interrupt" }
  assert_true entries >= 60 * results.select { |r| r == :finished }.size
  assert_equal 0, overlap
  assert_true free?(m)
  assert_equal 0, m.synchronize { c.count_waiters }
end
