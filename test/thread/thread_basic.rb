# thread_basic.rb: the Thread API and design.md's table of MRI 1.8.7
# semantics.  Every ordering here is forced by join, Queue or sleep: no
# assertion depends on when the 10 ms timer fires.
require 'assert'
require 'thread'

test "Thread.new needs a block" do
  assert_raise(ThreadError, "must be called with a block") { Thread.new }
end

test "Thread.stop in the only thread" do
  assert_raise(ThreadError, "stopping only thread\n\tnote: use sleep to stop forever") { Thread.stop }
end

test "arguments and value" do
  assert_equal 3, Thread.new(1, 2) { |a, b| a + b }.value
  assert_equal [1, [2, 3]], Thread.start(1, 2, 3) { |a, *r| [a, r] }.value
  assert_equal :ok, Thread.fork { :ok }.value
end

test "a new thread runs at once (MRI 1.8)" do
  order = []
  t = Thread.new { order << :child }
  order << :parent
  t.join
  assert_equal [:child, :parent], order
end

test "join with a limit" do
  t = Thread.new { sleep }
  assert_nil t.join(0.05)
  assert_equal "sleep", t.status
  t.wakeup
  assert_same t, t.join
end

test "join on itself" do
  assert_raise(ThreadError) { Thread.current.join }
end

test "exceptions cross join and value" do
  t = Thread.new { raise ArgumentError, "boom" }
  e = assert_raise(ArgumentError, "boom") { t.value }
  assert_raise(ArgumentError) { t.join }
  assert_nil t.status
  assert_false t.alive?
end

test "status of running, sleeping, finished and killed threads" do
  assert_equal "run", Thread.current.status
  q = Queue.new
  t = Thread.new { q.pop }
  Thread.pass until t.status == "sleep"   # as in inspect, below
  assert_equal "sleep", t.status
  assert t.stop?
  q << 1
  t.join
  assert_false t.status
  k = Thread.new { sleep }
  k.kill
  k.join
  assert_false k.status
  assert_false k.alive?
end

test "priority is inherited" do
  old = Thread.current.priority
  Thread.current.priority = 3
  assert_equal 3, Thread.new { Thread.current.priority }.value
  Thread.current.priority = old
end

test "thread-local variables" do
  Thread.current[:x] = 1
  assert_nil Thread.new { Thread.current[:x] }.value
  assert_equal 1, Thread.current[:x]
  assert_equal 1, Thread.current["x"]
  assert Thread.current.key?(:x)
  assert Thread.current.keys.include?(:x)
  t = Thread.new { Thread.current[:y] = 2; sleep }
  Thread.pass until t.status == "sleep"
  assert_equal 2, t[:y]
  t.kill
end

test "kill runs ensure" do
  log = []
  q = Queue.new
  t = Thread.new do
    begin
      q << :started
      sleep
    ensure
      log << :ensure
    end
  end
  q.pop
  t.kill
  t.join
  assert_equal [:ensure], log
end

test "Thread#raise wakes a sleeping thread" do
  q = Queue.new
  t = Thread.new do
    begin
      q << :ready
      sleep
      :not_raised
    rescue RuntimeError => e
      e.message
    end
  end
  q.pop
  t.raise("hi")
  assert_equal "hi", t.value
end

test "Thread#raise with a class" do
  t = Thread.new { begin; sleep; rescue IOError => e; e.class; end }
  Thread.pass until t.status == "sleep"
  t.raise(IOError, "x")
  assert_equal IOError, t.value
end

test "wakeup and run" do
  t = Thread.new { Thread.stop; :woke }
  Thread.pass until t.stop?
  t.run
  assert_equal :woke, t.value
  assert_raise(ThreadError, "killed thread") { t.wakeup }
end

test "current, main, list" do
  assert_same Thread.main, Thread.current
  t = Thread.new { Thread.current }
  assert_same t, t.value
  assert Thread.list.include?(Thread.main)
  s = Thread.new { sleep }
  assert Thread.list.include?(s)
  s.kill
  s.join
  assert !Thread.list.include?(s)
end

test "inspect" do
  assert_match(/\A#<Thread:0x[0-9a-f]+ run>\z/, Thread.current.inspect)
  t = Thread.new { sleep }
  # a time slice may end before the new thread reaches its sleep
  Thread.pass until t.status == "sleep"
  assert_match(/\A#<Thread:0x[0-9a-f]+ sleep>\z/, t.inspect)
  t.kill
  t.join
  assert_match(/\A#<Thread:0x[0-9a-f]+ dead>\z/, t.inspect)
end

test "sleep blocks only its thread" do
  count = 0
  t = Thread.new { loop { count += 1; Thread.pass } }
  slept = sleep 0.05
  t.kill
  assert_equal 0, slept
  assert count > 0
  assert_raise(ArgumentError) { sleep(-1) }
end

test "Thread.critical" do
  log = []
  Thread.critical = true
  # as in 1.8.7, a new thread starts at once, critical or not
  t = Thread.new { log << [:child, Thread.critical] }
  log << :parent
  assert_true Thread.critical
  Thread.critical = false
  t.join
  assert_equal [[:child, true], :parent], log
end

test "abort_on_exception flags" do
  assert_false Thread.abort_on_exception
  t = Thread.new { sleep }
  assert_false t.abort_on_exception
  t.abort_on_exception = true
  assert_true t.abort_on_exception
  t.kill
end

test "ThreadGroup" do
  assert_same ThreadGroup::Default, Thread.current.group
  g = ThreadGroup.new
  t = Thread.new { sleep }
  assert ThreadGroup::Default.list.include?(t)
  g.add(t)
  assert_equal [t], g.list
  assert_same g, t.group
  t.kill
  t.join
  assert_equal [], g.list
end

test "Thread.exit and Thread.kill" do
  t = Thread.new { Thread.exit; :never }
  assert_nil t.value
  s = Thread.new { sleep }
  Thread.kill(s)
  s.join
  assert_false s.alive?
end

test "stack overflow inside a thread" do
  def deep(n) deep(n + 1) end
  r = Thread.new { begin; deep(0); rescue SystemStackError => e; e.message; end }.value
  assert_equal "stack level too deep", r
end

test "many threads created and joined" do
  sum = 0
  10_000.times { |i| sum += Thread.new(i) { |x| x }.value }
  assert_equal 49_995_000, sum
end

class InitThread < Thread
  attr_reader :extra
  def initialize(x)
    @extra = x * 2
    super(x) { |v| v + 1 }
  end
end

class NoSuperThread < Thread
  def initialize; end
end

test "Thread.new calls initialize: a subclass's initialize calls super with the block" do
  t = InitThread.new(20)
  assert_equal 21, t.value
  assert_equal 40, t.extra
  assert_raise(ThreadError, "uninitialized thread - check `NoSuperThread#initialize'") { NoSuperThread.new }
  plain = Thread.new { }
  assert_raise(ThreadError, "already initialized thread") { plain.send(:initialize) { } }
  assert_raise(ThreadError, "must be called with a block") { Thread.new }
  assert_equal 3, Thread.new(1, 2) { |a, b| a + b }.value
  assert_equal 5, Thread.start(5) { |a| a }.value
end

def make_thread_here
  Thread.new { begin; raise "x"; rescue => e; e.backtrace; end }
end

test "a thread's backtraces end where it was made, as 1.8.7's" do
  bt = make_thread_here.value
  line = __LINE__ - 5
  assert_equal ["#{__FILE__}:#{line}:in `make_thread_here'",
                "#{__FILE__}:#{line}:in `initialize'",
                "#{__FILE__}:#{line}:in `new'",
                "#{__FILE__}:#{line}:in `make_thread_here'"], bt[0, 4]
  assert_equal "#{__FILE__}:#{line + 4}", bt[4].sub(/:in .*/, "")   # the caller, in the test's block
  here = __LINE__
  started = Thread.start { caller(0) }.value
  assert_equal ["#{__FILE__}:#{here + 1}", "#{__FILE__}:#{here + 1}:in `start'"], started[0, 2]
end

def make_waiting_thread(q)
  Thread.new { q.pop; begin; raise "x"; rescue => e; e.backtrace; end }
end

def make_nested_threads(q)
  Thread.new { [Thread.new { q.pop; caller(0) }, caller(0)] }
end

test "where a thread was made stays right after its creator moved on" do
  q = Queue.new
  line = __LINE__ - 9
  t = make_waiting_thread(q)
  2.times { Thread.pass }             # the creator runs on, its frames change
  q.push(1)
  bt = t.value
  assert_equal ["#{__FILE__}:#{line}:in `make_waiting_thread'",
                "#{__FILE__}:#{line}:in `initialize'",
                "#{__FILE__}:#{line}:in `new'",
                "#{__FILE__}:#{line}:in `make_waiting_thread'",
                "#{__FILE__}:#{line + 10}"], bt[0, 5].map { |s| s.sub(/:in `block.*/, "") }
  inner, outer = make_nested_threads(q).value
  nline = line + 4
  q.push(1)
  bt = inner.value
  assert_equal "#{__FILE__}:#{nline}:in `make_nested_threads'", bt[0]
  assert_equal ["#{__FILE__}:#{nline}:in `initialize'", "#{__FILE__}:#{nline}:in `new'"], bt[1, 2]
  assert_equal outer, bt[3..-1]
  # threads made at one place share the record, made at another they do not
  made = (1..3).map { |i| make_waiting_thread(q) }
  other = make_waiting_thread(q)
  4.times { q.push(1) }
  bts = made.map { |th| th.value }
  assert_equal bts[0], bts[1]
  assert_equal bts[0], bts[2]
  assert_equal "#{__FILE__}:#{__LINE__ - 6}", bts[0][4].sub(/:in `block.*/, "")
  assert_equal "#{__FILE__}:#{__LINE__ - 6}", other.value[4]
end
