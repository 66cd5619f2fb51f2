# deadlock.rb: the deadlock report.  When every thread is stopped waiting
# for another (a Mutex, a join, Thread.stop) and nothing can wake any of
# them (no timer, no I/O), the scheduler, as MRI 1.8's, prints one line
# per thread on stderr (its address, its state, and where it waits) and
# raises fatal "deadlock" in the main thread, which ends the program.
#
# Here two threads each hold one mutex and want the other's, and the main
# thread joins the first.  The program runs in a child process, so that
# this one can show the report; addresses change from run to run, so they
# are shown as 0x...
require 'thread'

def deadlock_program
  m1, m2 = Mutex.new, Mutex.new
  holding = Queue.new
  go = Queue.new
  t1 = Thread.new { m1.synchronize { holding << 1; go.pop; m2.lock } }
  t2 = Thread.new { m2.synchronize { holding << 2; go.pop; m1.lock } }
  2.times { holding.pop }            # each holds its first mutex now
  2.times { go << :go }              # ... and goes for the other one
  t1.join                            # the main thread waits too: nobody can run
end

r, w = IO.pipe
pid = fork do
  r.close
  $stderr.reopen(w)
  deadlock_program
end
w.close
report = r.read
r.close
Process.wait(pid)

puts "the child ended with status #{$?.exitstatus}; its report on stderr:"
report.each_line do |line|
  line = line.gsub(/0x[0-9a-f]+/, "0x...").gsub(__FILE__, File.basename(__FILE__))
  puts "  " + line
end
puts
puts "- one \"deadlock\" line per thread: the main thread is in join (J, with"
puts "  the thread it waits for), the others sleep on a mutex (\"-\");"
puts "- the last lines are the uncaught fatal error raised in the main thread."
