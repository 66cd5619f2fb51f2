# sched_mutex.rb: Mutex contention among many threads (benchmark).
#   usage: sched_mutex.rb THREADS LOCKS_PER_THREAD
# Each thread takes the lock, passes (so every other thread runs into the
# held lock and blocks), then releases it.  The shared counter checks that
# the lock excluded everyone.  Prints "RESULT mutex_locks <locks/s> /s".
require 'thread'
n = (ARGV[0] || 100).to_i
k = (ARGV[1] || 1000).to_i
m = Mutex.new
$counter = 0
t0 = Time.now
threads = (0...n).map do
  Thread.new do
    k.times do
      m.synchronize do
        c = $counter
        Thread.pass
        $counter = c + 1
      end
    end
  end
end
threads.each { |t| t.join }
elapsed = Time.now - t0
raise "lost updates: #{$counter} != #{n * k}" if $counter != n * k
printf("RESULT mutex_locks %.0f /s\n", n * k / elapsed)
