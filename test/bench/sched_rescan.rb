# sched_rescan.rb: collections while many parked threads run between them
# (benchmark).  N threads each wait on a Queue of their own; each round
# wakes every one once, lets it park again, and times one GC.start: every
# stack has changed, so every one is scanned again, from its spill when its
# slot went to another thread.
#   usage: sched_rescan.rb THREADS [ROUNDS]
#   RESULT rescan_gc <median collection of the rounds> ms
require 'thread'
n = (ARGV[0] || 100_000).to_i
rounds = (ARGV[1] || 8).to_i
$ran = 0
queues = Array.new(n) { Queue.new }
queues.each { |q| Thread.new { loop { q.pop; $ran += 1 } } }
Thread.pass until Thread.list.all? { |t| t == Thread.current || t.status == "sleep" }

def timed_gc
  t0 = Time.now
  GC.start
  (Time.now - t0) * 1000
end

GC.start
times = (1..rounds).map do |r|
  queues.each { |q| q.push(r) }
  Thread.pass until $ran == n * r
  sleep 0.01    # each has popped; now all park again
  timed_gc
end
printf("RESULT rescan_gc %.2f ms\n", times.sort[times.size / 2])
