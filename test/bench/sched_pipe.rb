# sched_pipe.rb: a line's round trip over two IO.pipes between two threads
# (benchmark).   usage: sched_pipe.rb ROUND_TRIPS
# The main thread writes a line into one pipe; a second thread reads it
# and writes it back through another: two reads that wait and two that
# find the line, two writes, per trip.
# Prints "RESULT pipe_roundtrip <microseconds per round trip> us".
n = (ARGV[0] || 100_000).to_i
there_r, there_w = IO.pipe
back_r, back_w = IO.pipe
echo = Thread.new do
  while (line = there_r.gets) != "stop\n"
    back_w.write(line)
  end
end
t0 = Time.now
n.times { there_w.write("ping\n"); back_r.gets }
elapsed = Time.now - t0
there_w.write("stop\n")
echo.join
printf("RESULT pipe_roundtrip %.3f us\n", elapsed * 1e6 / n)
