# monitor.rb: reentrant locks with condition variables (MonitorMixin,
# Monitor), for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's monitor.rb:
#   MonitorMixin (include it and call super in initialize, or extend an
#   object with it): mon_enter, mon_exit, mon_try_enter (try_mon_enter),
#   mon_synchronize (synchronize), new_cond; MonitorMixin::ConditionVariable
#   (made by new_cond): wait(timeout = nil) (true when signalled,
#   false when the timeout ran out), wait_while { }, wait_until { },
#   signal, broadcast, count_waiters, and its Timeout exception class.
#   Monitor: a class including MonitorMixin, with the aliases try_enter,
#   enter and exit.  A thread holding the monitor may enter it again; it
#   must exit as often as it entered.  mon_exit, wait, signal and
#   broadcast from a thread that does not hold the monitor raise
#   ThreadError "current thread not owner".
# Waiters are woken in order.  A thread interrupted (Thread#raise, kill,
# a timeout) while waiting to enter gives up its place; one interrupted
# inside wait enters the monitor again before the exception goes on, as
# in 1.8.7, so that the ensure clauses of synchronize stay balanced.
# The bookkeeping runs under Thread.critical, which no interrupt can cut.
# Left out: nothing of 1.8.7's public API; mon_owned? and mon_locked?
# (1.9) are not there.

require 'thread'

module MonitorMixin
  # A condition of a monitor: made by MonitorMixin#new_cond.
  class ConditionVariable
    # Kept for 1.8.7 compatibility (1.8.7's timer raised it internally).
    class Timeout < Exception
    end

    # Waits for a signal, releasing the monitor meanwhile; true when
    # signalled, false when timeout seconds passed first.
    def wait(timeout = nil)
      Thread.critical = true
      begin
        @monitor.__send__(:mon_check_owner)
        me = Thread.current
        count = @monitor.__send__(:mon_release_all)
        @waiters.push(me)
        deadline = timeout && Time.now + timeout
        begin
          while @waiters.include?(me)
            if deadline
              left = deadline - Time.now
              break if left <= 0
              sleep(left)               # leaves the critical section
            else
              Thread.stop               # leaves the critical section
            end
            Thread.critical = true
          end
        ensure
          Thread.critical = true
          signalled = !@waiters.include?(me)
          @waiters.delete(me)
          @monitor.__send__(:mon_acquire, count)
        end
        signalled
      ensure
        Thread.critical = false
      end
    end

    # Waits while the block is true.
    def wait_while
      while yield
        wait
      end
    end

    # Waits until the block is true.
    def wait_until
      until yield
        wait
      end
    end

    # Wakes the first waiter, if any.
    def signal
      @monitor.__send__(:mon_check_owner)
      Thread.critical = true
      begin
        wake(@waiters.shift)
      ensure
        Thread.critical = false
      end
    end

    # Wakes every waiter.
    def broadcast
      @monitor.__send__(:mon_check_owner)
      Thread.critical = true
      begin
        wake(@waiters.shift) until @waiters.empty?
      ensure
        Thread.critical = false
      end
    end

    # The number of threads waiting.
    def count_waiters
      @waiters.size
    end

    private

    def initialize(monitor)
      @monitor = monitor
      @waiters = []
    end

    def wake(thread)
      thread.wakeup if thread && thread.alive?
      nil
    rescue ThreadError
      nil
    end
  end

  def self.extend_object(obj)
    super
    obj.__send__(:mon_initialize)
  end

  # Enters the monitor, or returns false at once if another thread holds
  # it.
  def mon_try_enter
    Thread.critical = true
    begin
      if mon_free?
        @mon_owner = Thread.current
        @mon_count = 1
        true
      elsif @mon_owner.equal?(Thread.current)
        @mon_count += 1
        true
      else
        false
      end
    ensure
      Thread.critical = false
    end
  end
  alias try_mon_enter mon_try_enter

  # Enters the monitor, waiting for it if another thread holds it.
  def mon_enter
    mon_enter_critical
    Thread.critical = false
    nil
  end

  # Leaves the monitor (once, for each mon_enter).
  def mon_exit
    mon_check_owner
    Thread.critical = true
    begin
      @mon_count -= 1
      mon_release if @mon_count == 0
    ensure
      Thread.critical = false
    end
    nil
  end

  # Runs the block holding the monitor.
  def mon_synchronize
    mon_enter_critical
    begin
      Thread.critical = false
      yield
    ensure
      mon_exit
    end
  end
  alias synchronize mon_synchronize

  # A new ConditionVariable bound to this monitor.
  def new_cond
    ConditionVariable.new(self)
  end

  private

  def initialize(*args)
    super
    mon_initialize
  end

  def mon_initialize
    @mon_owner = nil
    @mon_count = 0
    @mon_entering = []
  end

  def mon_check_owner
    unless @mon_owner.equal?(Thread.current)
      raise ThreadError, "current thread not owner"
    end
  end

  # A dead owner (killed outside of synchronize) holds nothing.
  def mon_free?
    @mon_owner.nil? || !@mon_owner.alive?
  end

  # Enters the monitor; returns inside Thread.critical.
  def mon_enter_critical
    Thread.critical = true
    if @mon_owner.equal?(Thread.current)
      @mon_count += 1
    else
      mon_acquire(1)
    end
  end

  # Waits (under Thread.critical) until the monitor is free, then takes
  # it with count entries.
  def mon_acquire(count)
    me = Thread.current
    unless mon_free?
      taken = false
      begin
        until mon_free?
          @mon_entering.push(me) unless @mon_entering.include?(me)
          Thread.stop                     # leaves the critical section
          Thread.critical = true
        end
        taken = true
      ensure
        Thread.critical = true
        @mon_entering.delete(me)
        # Interrupted, perhaps after being woken: pass the turn on.
        mon_wake_next if !taken && mon_free?
      end
    end
    @mon_owner = me
    @mon_count = count
  end

  # Gives up the monitor whatever the count (for ConditionVariable#wait);
  # returns the count.
  def mon_release_all
    count = @mon_count
    mon_release
    count
  end

  def mon_release
    @mon_owner = nil
    @mon_count = 0
    mon_wake_next
  end

  def mon_wake_next
    while (t = @mon_entering.shift)
      begin
        if t.alive?
          t.wakeup
          break
        end
      rescue ThreadError
      end
    end
  end
end

# A reentrant lock: Monitor.new.synchronize { ... }
class Monitor
  include MonitorMixin
  alias try_enter try_mon_enter
  alias enter mon_enter
  alias exit mon_exit
end
