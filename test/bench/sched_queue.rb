# sched_queue.rb: Queue ping-pong latency between two threads (benchmark).
#   usage: sched_queue.rb ROUND_TRIPS [IDLE]
# The main thread pushes a token into one Queue; a second thread pops it and
# pushes it back through another: two blocking pops and two wake-ups per trip.
# With IDLE, that many threads wait on a Queue first, and the token is
# pushed from a new thread, not the main one: past 1,024 threads new ones
# share stack slots, and the two made one after the other must not have
# to trade places in one (each switch would save and restore a stack).
# Prints "RESULT queue_roundtrip <microseconds per round trip> us".
require 'thread'
n = (ARGV[0] || 100_000).to_i
idle_gate = Queue.new
idle = Array.new((ARGV[1] || 0).to_i) { Thread.new { idle_gate.pop } }
ping = Queue.new
pong = Queue.new
echo = Thread.new do
  while (x = ping.pop) != :stop
    pong.push(x)
  end
end
t0 = Time.now
pinger = lambda { n.times { |i| ping.push(i); pong.pop } }
if idle.empty? then pinger.call else Thread.new(&pinger).join end
elapsed = Time.now - t0
ping.push(:stop)
echo.join
printf("RESULT queue_roundtrip %.3f us\n", elapsed * 1e6 / n)
idle.size.times { idle_gate.push(nil) }
idle.each { |t| t.join }
