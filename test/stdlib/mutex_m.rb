# timeout: 60
# mutex_m.rb: lib/mutex_m.rb (Mutex_m by include and by extend, the
# aliases, contention, interrupts while waiting).
require 'assert'
require 'interrupts'
require 'mutex_m'

class Guarded
  include Mutex_m
  attr_reader :value
  def initialize
    super
    @value = 0
  end
end

def wait_stopped(t)
  Thread.pass until t.stop? || !t.alive?
end

test "include: the mu_ methods and their aliases" do
  g = Guarded.new
  assert_equal 0, g.value
  assert_false g.mu_locked?
  assert_same g, g.mu_lock
  assert_true g.mu_locked?
  assert_true g.locked?
  assert_false g.mu_try_lock
  assert_false g.try_lock
  assert_same g, g.mu_unlock
  assert_false g.locked?
  assert_nil g.mu_unlock                               # not locked
  assert_true g.try_lock
  assert_same g, g.unlock
  assert_same g, g.lock
  g.unlock
  assert_equal :r, g.synchronize { :r }
  assert_equal :s, g.mu_synchronize { g.locked? ? :s : :not_locked }
  assert_false g.locked?
  [:lock, :unlock, :try_lock, :locked?, :synchronize].each do |m|
    assert_true Guarded.public_method_defined?(m), m.to_s
  end
end

test "extend: aliases only where the object lacks them" do
  a = []
  a.extend(Mutex_m)
  assert_false a.locked?
  a.lock
  assert_true a.mu_locked?
  a.unlock
  assert_equal [1], a.synchronize { a << 1 }

  lockish = Object.new
  def lockish.locked?; :own; end
  def lockish.lock; :own; end
  def lockish.unlock; :own; end
  def lockish.try_lock; :own; end
  def lockish.synchronize; :own; end
  lockish.extend(Mutex_m)
  assert_equal :own, lockish.lock                       # kept
  assert_equal :own, lockish.synchronize
  assert_same lockish, lockish.mu_lock
  assert_true lockish.mu_locked?
  lockish.mu_unlock

  partial = Object.new
  def partial.lock; :own; end
  partial.extend(Mutex_m)
  assert_same partial, partial.lock                      # not all five: aliased
end

test "Mutex_m in a module does not alias" do
  mod = Module.new { include Mutex_m }
  assert_false mod.method_defined?(:lock)
  assert_true mod.method_defined?(:mu_lock)
  k = Class.new { include Mutex_m }
  assert_true k.method_defined?(:lock)
  c = Class.new { include mod }                          # through a module: no aliases
  assert_false c.method_defined?(:synchronize)
  Mutex_m.define_aliases(c)
  assert_true c.method_defined?(:synchronize)
  assert_raise(NameError) { Mutex_m.define_aliases(Class.new) }
end

test "recursive locking and unlock from another thread" do
  g = Guarded.new
  g.lock
  assert_raise(ThreadError, "deadlock; recursive locking") { g.lock }
  assert_raise(ThreadError, "deadlock; recursive locking") { g.synchronize { } }
  assert_true g.locked?
  assert_same g, Thread.new { g.unlock }.value           # no owner, as in 1.8.7
  assert_false g.locked?
end

test "exceptions in synchronize unlock" do
  g = Guarded.new
  assert_raise(RuntimeError, "x") { g.synchronize { raise "x" } }
  assert_false g.locked?
  assert_equal 3, catch(:t) { g.synchronize { throw :t, 3 } }
  assert_false g.locked?
end

test "many threads: mutual exclusion and counts" do
  g = Guarded.new
  count = 0
  owner = nil
  overlap = 0
  threads = (1..25).map do
    Thread.new do
      100.times do
        g.synchronize do
          owner = Thread.current
          c = count
          Thread.pass
          overlap += 1 unless owner.equal?(Thread.current)
          count = c + 1
        end
      end
    end
  end
  threads.each { |t| t.join }
  assert_equal 2500, count
  assert_equal 0, overlap
  assert_false g.locked?
end

test "lock and unlock by hand, try_lock under contention" do
  g = Guarded.new
  hits = 0
  misses = 0
  threads = (1..8).map do
    Thread.new do
      40.times do
        if g.try_lock
          hits += 1
          Thread.pass
          g.unlock
        else
          misses += 1
        end
        g.lock
        Thread.pass
        g.unlock
      end
    end
  end
  threads.each { |t| t.join }
  assert_equal 320, hits + misses
  assert_false g.locked?
end

test "Thread#raise and #kill while waiting" do
  g = Guarded.new
  g.lock
  victims = (1..4).map { Thread.new { begin; g.synchronize { :in }; rescue RuntimeError => e; e.message; end } }
  killed = Thread.new { g.synchronize { :never } }
  last = Thread.new { g.synchronize { :last } }
  (victims + [killed, last]).each { |t| wait_stopped(t) }
  victims.each { |t| t.raise "gave up" }
  killed.kill
  assert_equal ["gave up"] * 4, victims.map { |t| t.value }
  assert_nil killed.value
  assert_true g.locked?                                  # nobody took it
  g.unlock
  assert_equal :last, last.value
  assert_false g.locked?

  holder = Thread.new { g.synchronize { sleep } }
  wait_stopped(holder)
  waiter = Thread.new { g.synchronize { :after_kill } }
  wait_stopped(waiter)
  holder.kill                                            # its ensure unlocks
  assert_equal :after_kill, waiter.value
  assert_false g.locked?
end

test "interrupts under load keep mutual exclusion" do
  g = Guarded.new
  owner = nil
  overlap = 0
  stop = false
  workers = (1..10).map do
    Thread.new do
      begin
        k = 0
        until (k += 1) > 50 && stop   # at least 50 rounds, and on until the interrupts are done
          g.synchronize do
            owner = Thread.current
            Thread.pass
            overlap += 1 unless owner.equal?(Thread.current)
          end
        end
        :finished
      rescue RuntimeError => e
        e.message
      end
    end
  end
  raised = raise_waiting(workers, 6) { |t| g.instance_variable_get(:@mu_waiting).include?(t) }
  stop = true
  assert raised > 0
  results = workers.map { |t| t.value }
  assert_true results.all? { |r| r == :finished || r == "interrupt" }
  assert_equal 0, overlap
  assert_false g.locked?
end
