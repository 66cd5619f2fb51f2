# timeslice.rb: time-slice preemption, as MRI 1.8 does it.  Two threads
# that only compute, never calling Thread.pass or sleep, still take turns:
# a timer asks the running thread to switch every 10 ms or so, at a safe
# point.  Thread.critical = true turns the switching off until it is set
# back to false: then no other thread runs.

$spins = 0                      # how far the spinner got
spinner = Thread.new { loop { $spins += 1 } }

# A CPU-bound loop that waits for the spinner to move.  It never gives the
# CPU away itself: only preemption can let the spinner run.
seen = $spins
nil while $spins == seen
puts "1. the main thread looped, never yielding, until the spinner moved:"
puts "   the timer preempted it and the spinner got its time slice"

# Two CPU-bound workers started together both make progress before either
# finishes: they are interleaved, not run one after the other.
counts = [0, 0]
progress = []
workers = [0, 1].map do |i|
  Thread.new do
    until counts.all? { |c| c > 0 } && counts[i] > 1000
      counts[i] += 1
    end
    progress << i
  end
end
workers.each { |t| t.join }
puts "2. two computing threads: each had counted before the other finished: #{counts.all? { |c| c > 0 }}"

# Thread.critical: while it is true the spinner is frozen, however long
# the main thread computes; switching resumes when it is false again.
Thread.critical = true
frozen_at = $spins
200_000.times { }
still = ($spins == frozen_at)
Thread.critical = false
puts "3. with Thread.critical = true, the spinner did not move: #{still}"
moved_from = $spins
Thread.pass while $spins == moved_from
puts "4. with Thread.critical = false, it runs again: #{$spins > moved_from}"
spinner.kill
