# stress_waits.rb: thousands of seeded random Thread#raise and Thread#kill
# interleavings across join, Queue, SizedQueue, Mutex, ConditionVariable
# and sleep, with invariants checked: no Queue item lost or duplicated, a
# Mutex held by one thread at a time and never left held by a dead one,
# every ensure clause run, and no thread left registered in a wait (the
# last checks wake every structure and must find it empty).  Threads are
# interrupted while they wait (status "sleep"): that is where a raise or
# kill must leave the wait whole; the books kept around each operation
# are updated in ensure clauses, so an interrupt cannot unbalance them.
# timeout: 120
require 'assert'
require 'thread'

SEED = (ENV["STRESS_SEED"] || 20261201).to_i
ROUNDS = (ENV["STRESS_ROUNDS"] || 12).to_i
WORKERS = 12
INTERRUPTS_PER_ROUND = 300

class Interrupted < StandardError; end

class World
  attr_reader :q, :sq, :m, :cv, :produced, :consumed, :started, :ensured, :inside_errors

  def initialize
    @q = Queue.new
    @sq = SizedQueue.new(3)
    @m = Mutex.new
    @cv = ConditionVariable.new
    @produced = []          # every item pushed (unique ids)
    @consumed = []          # every item popped
    @next_id = 0
    @inside = nil           # the thread inside @m, or nil
    @inside_errors = 0
    @tokens = 0             # ConditionVariable-protected count
    @started = 0
    @ensured = 0
    @where = {}             # thread => the wait it is in (:q_pop, :lock ...)
    @lost_wakeups = 0
  end

  attr_reader :lost_wakeups

  # Note which wait the thread is in around a blocking call.
  def waiting(what)
    @where[Thread.current] = what
    yield
  ensure
    @where.delete(Thread.current)
  end

  # Called when every worker is blocked: none may wait for something that
  # is there to take, more of it than the threads already woken for it
  # will take (a wake-up went astray, or was never sent).
  def check_lost_wakeups
    Thread.critical = true          # one consistent look: no thread may run meanwhile
    blocked = Hash.new(0)
    woken = Hash.new(0)
    @where.to_a.each do |t, what|   # a snapshot: threads switch meanwhile
      next unless t.alive?
      (t.status == "sleep" ? blocked : woken)[what] += 1
    end
    # (not the Mutex: ConditionVariable#wait relocks it out of sight here;
    # its hand-over is checked by inside_errors and interrupted_waits.rb)
    available = { :q_pop => @q.size, :sq_pop => @sq.size, :sq_push => @sq.max - @sq.size }
    Thread.critical = false
    available.each do |what, n|
      @lost_wakeups += 1 if blocked[what] > 0 && n > woken[what]
    end
  end

  def new_id
    @next_id += 1
  end

  # An item is "produced" once push returned, "consumed" once pop
  # returned: recorded in ensure, so an interrupt just after counts too.
  def op_push(queue)
    id = new_id
    done = false
    begin
      waiting(queue.equal?(@sq) ? :sq_push : :q_push) { queue.push(id) }
      done = true
    ensure
      @produced << id if done
    end
  end

  def op_pop(queue)
    v = nil
    begin
      v = waiting(queue.equal?(@sq) ? :sq_pop : :q_pop) { queue.pop }
    ensure
      @consumed << v if v
    end
  end

  # (a thread killed at the end of a round, inside, leaves through the
  # ensure: the next one in must not take it for a second holder)
  # The main thread's pop must not block: another thread may take the
  # item between its look at the size and its pop, and with every worker
  # blocked too that was a deadlock (seen under MINIRUBY_SCHED=random).
  def op_pop_now(queue)
    v = nil
    begin
      v = queue.pop(true)
    rescue ThreadError
    ensure
      @consumed << v if v
    end
  end

  def op_lock
    @m.synchronize do
      @inside_errors += 1 if @inside
      @inside = Thread.current
      begin
        Thread.pass
        @inside_errors += 1 unless @inside == Thread.current
      ensure
        @inside = nil
      end
    end
  end

  def op_cv_wait
    @m.synchronize do
      @inside = nil
      @cv.wait(@m, 0.01) while @tokens == 0
      @tokens -= 1
    end
  end

  def op_cv_signal
    @m.synchronize { @tokens += 1; @cv.signal }
  end

  attr_accessor :stop

  def work(rng_seed)
    @started += 1
    rng = rng_seed
    begin
      until @stop
        rng = (rng * 1103515245 + 12345) % 2147483648
        case rng % 9
        when 0 then op_push(@q)
        when 1 then op_pop(@q)
        when 2 then op_push(@sq)
        when 3 then op_pop(@sq)
        when 4 then op_lock
        when 5 then op_cv_wait
        when 6 then op_cv_signal
        when 7 then sleep(0.001 * (rng % 3))
        when 8 then Thread.pass
        end
      end
    rescue Interrupted
      retry if rng % 2 == 0
    ensure
      @ensured += 1
    end
  end
end

def run_round(round)
  srand(SEED + round)
  w = World.new
  spawn = lambda { |i| Thread.new { w.work(SEED * 31 + round * 97 + i * 7 + rand(1000)) } }
  workers = Array.new(WORKERS) { |i| spawn.call(i) }
  joiners = Array.new(3) { Thread.new { begin; workers[rand(WORKERS)].join; rescue Interrupted; end } }
  interrupts = 0
  while interrupts < INTERRUPTS_PER_ROUND
    i = rand(WORKERS)
    t = workers[i]
    if !t.alive?
      workers[i] = spawn.call(i)
    elsif t.status == "sleep"
      rand(4) == 0 ? t.kill : t.raise(Interrupted)
      interrupts += 1
    end
    rand(3).times { Thread.pass }
    w.check_lost_wakeups if workers.all? { |x| !x.alive? || x.status == "sleep" }
    # keep the queues moving so that blocked pops and pushes end
    w.op_push(w.q) if rand(4) == 0
    w.op_pop_now(w.sq) if rand(2) == 0
    w.op_cv_signal if rand(4) == 0
  end
  w.stop = true
  workers.each { |t| t.kill }
  workers.each { |t| begin; t.join; rescue Interrupted; end }
  joiners.each { |t| t.join }
  [w, interrupts]
end

test "random raise and kill across every wait keep the invariants" do
  total = 0
  ROUNDS.times do |round|
    w, n = run_round(round)
    total += n
    # drain what is left: every produced item is consumed or still queued
    rest = []
    rest << w.q.pop(true) until w.q.empty?
    rest << w.sq.pop(true) until w.sq.empty?
    all = w.consumed + rest
    assert_equal w.produced.sort, all.sort, "round #{round}: items lost or duplicated"
    assert_equal all.size, all.uniq.size, "round #{round}: an item was popped twice"
    assert_equal 0, w.inside_errors, "round #{round}: two threads inside the mutex"
    assert_equal 0, w.lost_wakeups, "round #{round}: a thread waits for what is there"
    assert_false w.m.locked?, "round #{round}: the mutex is held by a dead thread"
    assert_equal w.started, w.ensured, "round #{round}: an ensure clause did not run"
    assert_equal 0, w.q.num_waiting, "round #{round}: a thread is left waiting on the Queue"
    assert_equal 0, w.sq.num_waiting, "round #{round}: a thread is left waiting on the SizedQueue"
    # nobody is registered any more: a signal now is not used up
    got = nil
    t = Thread.new { w.m.synchronize { w.cv.wait(w.m); got = :woken } }
    Thread.pass until t.status == "sleep"
    w.m.synchronize { w.cv.signal }
    t.join
    assert_equal :woken, got, "round #{round}: a signal went to a thread no longer waiting"
  end
  assert_equal ROUNDS * INTERRUPTS_PER_ROUND, total
  assert_equal 1, Thread.list.size
end
