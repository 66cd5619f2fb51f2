# sched_sleep.rb: many sleeping threads woken in order (benchmark).
#   usage: sched_sleep.rb THREADS [SPREAD_SECONDS]
# Thread i sleeps until its own deadline; the deadlines are a permutation of
# creation order (slot = i * 7919 mod N) spread over SPREAD seconds, starting
# after a margin that covers creating the threads.  Reports how late the
# threads woke and how many woke out of deadline order.  A thread switched
# out between reading the clock and calling sleep sleeps late by a time
# slice, so only inversions of more than 20 ms are counted.
#   RESULT sleep_create <threads created per second> /s
#   RESULT sleep_late_mean <mean lateness> ms
#   RESULT sleep_late_max <worst lateness> ms
#   RESULT sleep_out_of_order <count> threads
n = (ARGV[0] || 100_000).to_i
spread = (ARGV[1] || 1).to_f
margin = 0.2 + n * 20e-6
woke = []
late = Array.new(n, 0.0)
base = Time.now + margin
t0 = Time.now
threads = (0...n).map do |i|
  slot = (i * 7919) % n
  deadline = base + spread * slot / n
  Thread.new do
    d = deadline - Time.now
    sleep d if d > 0
    late[i] = Time.now - deadline
    woke << deadline
  end
end
created = Time.now - t0
threads.each { |t| t.join }
inversions = 0
latest = nil
woke.each do |deadline|
  inversions += 1 if latest && deadline < latest - 0.02
  latest = deadline if latest.nil? || deadline > latest
end
mean = late.inject(0.0) { |s, x| s + x } / n
printf("RESULT sleep_create %.0f /s\n", n / created)
printf("RESULT sleep_late_mean %.3f ms\n", mean * 1000)
printf("RESULT sleep_late_max %.3f ms\n", late.max * 1000)
printf("RESULT sleep_out_of_order %d threads\n", inversions)
