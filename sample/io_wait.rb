# io_wait.rb: threads that wait on the outside world do not stop the
# others.  One thread reads a pipe that a child process writes to later,
# one waits for another child to exit, one runs a command in backquotes;
# meanwhile a thread computes.  As in MRI 1.8, the scheduler watches the
# descriptors and children of the waiting threads (select/poll) and gives
# the CPU to the threads that can run.
require 'thread'

$work = 0
computer = Thread.new { loop { $work += 1 } }

# a child that writes a line to a pipe after a while
r, w = IO.pipe
writer = fork do
  r.close
  sleep 0.2
  w.puts "hello from the child"
  w.close
  exit! 0
end
w.close
before = $work
reader = Thread.new { r.gets }
line = reader.value
puts "the reader got #{line.chomp.inspect};"
puts "  while it waited the computing thread went on: #{$work > before}"
Process.wait(writer)

# a child that exits with a status after a while
sleeper = fork { sleep 0.2; exit! 7 }
before = $work
waiter = Thread.new { Process.wait(sleeper); $?.exitstatus }
puts "the waiter saw the child exit with status #{waiter.value};"
puts "  while it waited the computing thread went on: #{$work > before}"

# a command run in backquotes by another thread
before = $work
runner = Thread.new { `sleep 0.2; echo done` }
puts "the command printed #{runner.value.chomp.inspect};"
puts "  while it ran the computing thread went on: #{$work > before}"

# several readers at once, each on its own pipe, answered in reverse order
pipes = (1..3).map { IO.pipe }
readers = pipes.map { |rd, wr| Thread.new { rd.gets.chomp } }
order = []
pipes.reverse.each_with_index do |(rd, wr), i|
  wr.puts "answer #{3 - i}"
  order << 3 - i
end
puts "three readers, answered #{order.inspect}, got #{readers.map { |t| t.value }.inspect}"

computer.kill
r.close
