# sched_pass.rb: Thread.pass throughput with N threads (benchmark, not a test).
#   usage: sched_pass.rb THREADS [SECONDS]
# The threads first block on a gate (a Queue) so that creating them costs
# O(1) each, then all call Thread.pass in a loop, counting into one global.
# The main thread reads the counter at the start and end of a window of
# SECONDS, after a short warm-up; a rare lost update when the timer switches
# in the middle of `+=` does not matter at this scale.
# Prints "RESULT passes <passes per second> /s" for test/bench/run.
require 'thread'
n = (ARGV[0] || 10).to_i
secs = (ARGV[1] || 1).to_f
$passes = 0
$stop = false
gate = Queue.new
threads = (0...n).map do
  Thread.new do
    gate.pop
    until $stop
      $passes += 1
      Thread.pass
    end
  end
end
n.times { gate.push(true) }
sleep secs / 5
t0 = Time.now
p0 = $passes
sleep secs
p1 = $passes
elapsed = Time.now - t0
$stop = true
threads.each { |t| t.join }
printf("RESULT passes %.0f /s\n", (p1 - p0) / elapsed)
