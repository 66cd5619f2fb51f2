# starvation.rb: strict priorities starve.  The scheduler, as MRI 1.8's,
# always runs the highest-priority thread that can run; the time slice
# only rotates threads of that same priority.  So a low-priority thread
# gets no CPU at all while a higher one computes without waiting, however
# long that takes; it runs as soon as the high one sleeps, blocks or ends.

$low_steps = 0
$high_steps = 0
low = Thread.new { loop { $low_steps += 1 } }
low.priority = -1
Thread.pass until $low_steps > 0           # the low thread is running now

high = Thread.new do
  at_start = $low_steps
  500_000.times { $high_steps += 1 }       # compute, never waiting
  low_during = $low_steps - at_start
  sleep 0.1                                # now wait: the low thread may run
  [low_during, $low_steps - at_start - low_during]
end
high.priority = 1                          # above the low thread and the main one
during, after = high.value                 # the main thread waits for it

puts "the high-priority thread counted #{$high_steps} steps without ever waiting;"
puts "meanwhile the low-priority thread made #{during} steps: it was starved,"
puts "although it was ready to run all along and time slices kept expiring."
puts "once the high thread slept, the low one ran again: #{after > 0}"
puts "(equal priorities share the CPU by time slices; different ones do not:"
puts " give busy work a lower priority only if it must wait for everything else.)"
low.kill
