# shared_stacks.rb: threads beyond the stack slots (MINIRUBY_STACK_SLOTS,
# 1,024 by default) share slots; one of a slot's threads is in it, the
# stacks of the others are spilled, saved compactly, and put back at the
# same addresses when they run.  Run as it is and, listed in
# test/shared_stacks.list, with two slots for all threads.  Each test
# checks what a spilled stack must keep: locals and frames, the objects
# only it refers to (through collections), the place a deadlock report
# shows, the waits Thread#raise and kill interrupt.
# timeout: 120
require 'assert'
require 'thread'

MINIRUBY = File.readlink("/proc/self/exe")
# not under MINIRUBY_SCHED: the child would write the same recording
VERSION = `env -u MINIRUBY_SCHED #{MINIRUBY} -v`
ASAN = VERSION =~ /asan/
UCONTEXT = VERSION =~ /context=ucontext/

# A child miniruby running code, with env; [status, stdout, stderr].  Not
# under MINIRUBY_SCHED: schedule_test.py records and replays this file,
# and the child would write the same recording.
def child(code, env = {})
  r, w = IO.pipe
  er, ew = IO.pipe
  pid = fork do
    r.close
    er.close
    ENV.delete("MINIRUBY_SCHED")
    env.each { |k, v| ENV[k] = v }
    $stdout.reopen(w)
    $stderr.reopen(ew)
    exec(MINIRUBY, "-I", File.dirname(__FILE__), "-e", code)
  end
  w.close
  ew.close
  out = r.read
  err = er.read
  Process.wait(pid)
  [$?.exitstatus, out, err]
end

def dig(n, q, mine)
  return [q.pop, mine] if n == 0
  x = "frame #{n} of #{mine}"
  r = dig(n - 1, q, mine)
  raise "frame #{n} changed: #{x}" unless x == "frame #{n} of #{mine}"
  r
end

test "parked threads keep their frames and what only they refer to" do
  n = 300
  queues = Array.new(n) { Queue.new }
  threads = (0...n).map do |i|
    Thread.new { dig(i % 23, queues[i], "thread #{i}" + "!" * (i % 7)) }
  end
  Thread.pass until threads.all? { |t| t.status == "sleep" }
  # the Strings above live only in the parked frames: collections while
  # other threads run must keep them
  3.times do
    GC.start
    Array.new(20_000) { |k| "garbage #{k}" }
  end
  order = (0...n).sort_by { |i| (i * 7919) % n }
  order.each_with_index do |i, k|
    queues[i] << i
    Thread.pass if k % 5 == 0
  end
  threads.each_with_index do |t, i|
    v, mine = t.value
    assert_equal i, v
    assert_equal "thread #{i}" + "!" * (i % 7), mine
  end
end

def at_depth(n, &blk)
  return blk.call if n == 0
  x = [n]
  r = at_depth(n - 1, &blk)
  raise "frame #{n} changed" unless x == [n]
  r
end

test "Thread#raise and kill reach threads parked in every kind of wait" do
  q = Queue.new
  sq = SizedQueue.new(1)
  sq << :full
  m = Mutex.new
  cv = ConditionVariable.new
  m_held = Mutex.new
  holder_go = Queue.new
  holder = Thread.new { m_held.synchronize { holder_go.pop } }
  Thread.pass until holder.status == "sleep"
  r, w = IO.pipe
  sleeper = Thread.new { sleep }
  waits = {
    :queue => lambda { q.pop },
    :sized => lambda { sq << :more },
    :mutex => lambda { m_held.lock },
    :cv => lambda { m.synchronize { cv.wait(m) } },
    :sleep => lambda { sleep },
    :join => lambda { sleeper.join },
    :io => lambda { r.read(1) },
  }
  threads = []
  waits.each do |kind, wait|
    8.times do |j|
      threads << [kind, j, Thread.new do
        mine = "#{kind} #{j}"
        begin
          at_depth(j) { wait.call }
          [:woke, mine]
        rescue RuntimeError => e
          [:raised, mine, e.message]
        ensure
          Thread.current[:ensured] = mine
        end
      end]
    end
  end
  Thread.pass until threads.all? { |_, _, t| t.status == "sleep" }
  GC.start
  threads.each_with_index do |(kind, j, t), k|
    if k.even?
      t.raise(RuntimeError, "to #{kind} #{j}")
    else
      t.kill
    end
  end
  threads.each_with_index do |(kind, j, t), k|
    v = t.value
    if k.even?
      assert_equal [:raised, "#{kind} #{j}", "to #{kind} #{j}"], v
    else
      assert_equal nil, v
      assert_equal false, t.status
    end
    assert_equal "#{kind} #{j}", t[:ensured]
  end
  holder_go << :done
  holder.join
  sleeper.kill
  w.close
  r.close
end

test "descriptor waits of parked threads see their own readiness" do
  n = 40
  pipes = Array.new(n) { IO.pipe }
  threads = pipes.each_with_index.map do |(r, _), i|
    Thread.new { [i, r.gets] }
  end
  Thread.pass until threads.all? { |t| t.status == "sleep" }
  (0...n).sort_by { |i| (i * 13) % n }.each do |i|
    pipes[i][1].puts "line #{i}"
    Thread.pass
  end
  threads.each_with_index { |t, i| assert_equal [i, "line #{i}\n"], t.value }
  pipes.each { |r, w| r.close; w.close }
end

test "threads made by parked threads end their backtraces where they were made" do
  errs = Queue.new
  makers = (0...20).map do |i|
    Thread.new do
      t = Thread.new { Thread.pass; raise "from #{i}" }
      Thread.pass
      begin
        t.join
      rescue => e
        errs << [i, e.message, e.backtrace.any? { |l| l =~ /shared_stacks\.rb:#{__LINE__ - 6}/ }]
      end
    end
  end
  makers.each { |t| t.join }
  got = Array.new(20) { errs.pop }.sort
  assert_equal (0...20).map { |i| [i, "from #{i}", true] }, got
end

test "a thread that overflows its stack raises while others stay parked" do
  q = Queue.new
  parked = (0...10).map { |i| Thread.new { dig(i, q, "p#{i}") } }
  Thread.pass until parked.all? { |t| t.status == "sleep" }
  def deep(n) deep(n + 1) end
  deepest = Thread.new do
    begin
      deep(0)
    rescue SystemStackError => e
      e.message
    end
  end
  assert_equal "stack level too deep", deepest.value
  10.times { |i| q << i }
  got = parked.map { |t| t.value[1] }
  assert_equal (0...10).map { |i| "p#{i}" }, got
end

test "the deadlock report shows where each parked thread waits" do
  code = <<-EOS
    require 'thread'
    q = Queue.new
    ts = (0...12).map do |i|
      Thread.new do
        x = "t\#{i}"
        q.pop                                   # line 6
      end
    end
    Thread.pass until ts.all? { |t| t.status == "sleep" }
    ts[0].join                                  # line 10
  EOS
  status, _, err = child(code)
  assert_equal 1, status
  lines = err.lines.grep(/^deadlock 0x/)
  assert_equal 13, lines.size
  assert_equal 12, lines.grep(/sleep:-  - -e:6$/).size, err
  assert_equal 1, lines.grep(/\(main\) - -e:10$/).size, err
end

test "generators and continuations in threads that share slots" do
  values = (0...16).map do |i|
    Thread.new do
      e = (1..5).each_with_index.to_a.each
      got = []
      3.times { got << e.next; Thread.pass }
      k = nil
      count = callcc { |c| k = c; 0 }
      Thread.pass
      k.call(count + 1) if count < 3
      [got, count]
    end
  end.map { |t| t.value }
  values.each { |got, count| assert_equal [[[1, 0], [2, 1], [3, 2]], 3], [got, count] }
end

test "threads wait for a file another thread is loading, its stack spilled" do
  # one slot for every thread but the main one: the loader's stack is out
  # of it whenever a waiter runs
  code = <<-EOS
    $: << #{File.join(File.dirname(__FILE__), "fixtures").inspect}
    ts = Array.new(12) { Thread.new { [require('slow_feature'), SlowFeature::DONE] } }
    r = ts.map { |t| t.value }
    p [$slow_feature_loads, r.select { |x| x[0] }.size, r.map { |x| x[1] }.uniq]
  EOS
  status, out, err = child(code, "MINIRUBY_STACK_SLOTS" => "1")
  assert_equal 0, status, err
  assert_equal "[1, 1, [:loaded]]\n", out
end

# Threads that share a slot have frames at the same addresses: a Proc
# made in one thread and called in another must not take the caller's
# frame for its home ($~, return) because it lies where its home was.
test "a Proc from a thread whose stack is spilled does not take the caller's frame for its home" do
  code = <<-EOS
    require 'thread'
    $q = Queue.new
    $got = Queue.new
    def m(role, arg)
      if role == :a
        "abc" =~ /b/
        $q << proc { $~ && $~[0] }
        sleep
      else
        "xyz" =~ /y/
        $got << arg.call
      end
    end
    a = Thread.new { m(:a, nil) }
    Thread.pass until a.status == "sleep"
    pr = $q.pop
    Thread.new { m(:b, pr) }
    p $got.pop
  EOS
  status, out, err = child(code, "MINIRUBY_STACK_SLOTS" => "1")
  assert_equal 0, status, err
  assert_equal "nil\n", out
end

test "an Enumerable block called from a thread that shares the slot acts as from any other" do
  code = <<-EOS
    require 'thread'
    $q = Queue.new
    $got = Queue.new
    class E
      include Enumerable
      def initialize(role) @role = role end
      def each(&b)
        if @role == :a
          $q << b
          sleep
        else
          $got << (begin; $other.call(5).inspect; rescue LocalJumpError => e; e.class.to_s; end)
          yield 1
        end
      end
    end
    a = Thread.new { E.new(:a).map { |x| [:a, x] } }
    Thread.pass until a.status == "sleep"
    $other = $q.pop
    b = Thread.new { E.new(:b).map { |x| [:b, x] } }
    p [$got.pop, b.value]
  EOS
  shared = child(code, "MINIRUBY_STACK_SLOTS" => "1")
  own = child(code, "MINIRUBY_STACK_SLOTS" => "16")
  assert_equal 0, shared[0], shared[2]
  assert_equal own, shared
end

# Memory: measured in a child with 16 slots for 3,000 parked threads.
# Each is under ten frames, as a server's request threads might be.
test "a parked thread that shares a slot costs a few KB, not a stack page and a page table" do
  code = <<-EOS
    require 'thread'
    def status(k) File.read("/proc/self/status")[/^\#{k}:\\s+(\\d+)/, 1].to_i * 1024 end
    def dig(n, q) n == 0 ? q.pop : dig(n - 1, q) end
    q = Queue.new
    warm = (0...100).map { Thread.new { dig(8, q) } }
    Thread.pass until warm.all? { |t| t.status == "sleep" }
    GC.start
    before = status("VmRSS") + status("VmPTE")
    n = 3000
    ts = (0...n).map { Thread.new { dig(8, q) } }
    Thread.pass until ts.all? { |t| t.status == "sleep" }
    GC.start
    puts((status("VmRSS") + status("VmPTE") - before) / n)
    (n + 100).times { q << 1 }
    (warm + ts).each { |t| t.join }
  EOS
  status, out, err = child(code, "MINIRUBY_STACK_SLOTS" => "16")
  assert_equal 0, status, err
  per_thread = out.to_i
  # before threads shared slots: about 10 KB (a stack page, a page-table
  # page, the rest); ASan's redzones make frames and objects larger, and
  # the ucontext builds keep a ucontext_t (almost 1 KB) in many frames
  limit = ASAN ? 12 * 1024 : UCONTEXT ? 6 * 1024 : 3 * 1024
  assert per_thread > 300, "nothing measured? #{per_thread} bytes"
  assert per_thread < limit, "#{per_thread} bytes per parked thread"
end
