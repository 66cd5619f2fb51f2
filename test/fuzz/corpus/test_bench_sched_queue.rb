# sched_queue.rb: Queue ping-pong latency between two threads (benchmark).
#   usage: sched_queue.rb ROUND_TRIPS
# The main thread pushes a token into one Queue; a second thread pops it and
# pushes it back through another: two blocking pops and two wake-ups per trip.
# Prints "RESULT queue_roundtrip <microseconds per round trip> us".
require 'thread'
n = (ARGV[0] || 100_000).to_i
ping = Queue.new
pong = Queue.new
echo = Thread.new do
  while (x = ping.pop) != :stop
    pong.push(x)
  end
end
t0 = Time.now
n.times { |i| ping.push(i); pong.pop }
elapsed = Time.now - t0
ping.push(:stop)
echo.join
printf("RESULT queue_roundtrip %.3f us\n", elapsed * 1e6 / n)
