# interrupts.rb: for tests that interrupt threads while they contend for a
# lock (require 'interrupts').  Thread#raise lands where its target was
# switched out.  The locks written in Ruby (sync.rb, monitor.rb,
# mutex_m.rb) keep their invariants when it lands in a wait for them
# (status "sleep"), as they promise.  Landing anywhere else, between a
# block's end and the unlock in its ensure clause above all, it may leave
# the lock held, in 1.8.7 as here: no ensure clause written in Ruby is
# proof against an exception raised at its first line.  MINIRUBY_SCHED=
# random found such schedules for all three (4 to 7 seeds in 100), and a
# loaded machine one in a CI run.

# Raises "interrupt" in up to n of threads, each a different one and each
# while the block says it waits (the test and the raise in one step,
# under Thread.critical); returns how many were raised.
def raise_waiting(threads, n, tries = 1000)
  raised = []
  tries.times do
    break if raised.size == n
    Thread.pass
    t = threads[rand(threads.size)]
    next if raised.include?(t)
    Thread.critical = true
    begin
      if yield(t)
        t.raise "interrupt"
        raised << t
      end
    ensure
      Thread.critical = false
    end
  end
  raised.size
end
