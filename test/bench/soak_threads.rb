# soak_threads.rb: create and join threads for SECONDS (default 60), in
# batches of 1 to 50 threads that each do a little work (allocate, pass,
# take a mutex, push to a queue).  Memory must stay flat: test/bench/soak.py
# samples the process while it runs.  Prints RESULT lines.
#   usage: miniruby soak_threads.rb [SECONDS]
require 'thread'

seconds = (ARGV[0] || 60).to_f
m = Mutex.new
q = Queue.new
created = 0
batches = 0
t0 = Time.now
while Time.now - t0 < seconds
  n = batches % 50 + 1
  ts = (1..n).map do |i|
    Thread.new(i) do |k|
      s = "x" * (k * 10)
      Thread.pass
      m.synchronize { q << s.size }
      [s, k].hash
    end
  end
  ts.each { |t| t.join }
  n.times { q.pop }
  created += n
  batches += 1
end
elapsed = Time.now - t0
puts "RESULT soak_threads_created #{created} threads"
puts "RESULT soak_threads_rate #{(created / elapsed).round} threads/s"
