# sched_create.rb: thread creation and join rate (benchmark).
#   usage: sched_create.rb THREADS
# One at a time (create, join, repeat), then a batch of THREADS created
# before any is joined.
#   RESULT create_join_serial <threads/s> /s
#   RESULT create_join_batch <threads/s> /s
n = (ARGV[0] || 100_000).to_i
t0 = Time.now
n.times { Thread.new { }.join }
serial = Time.now - t0
t0 = Time.now
threads = (0...n).map { Thread.new { } }
threads.each { |t| t.join }
batch = Time.now - t0
printf("RESULT create_join_serial %.0f /s\n", n / serial)
printf("RESULT create_join_batch %.0f /s\n", n / batch)
