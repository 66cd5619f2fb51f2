# priority.rb: strict priorities, as in MRI 1.8.  A high-priority thread
# that is runnable always runs before lower ones; equal priorities take
# turns.  Each worker records when it got the CPU; sleeping lets the
# others in.
require 'thread'

log = []
gate = Queue.new

low  = Thread.new { gate.pop; 3.times { log << :low;  Thread.pass } }
high = Thread.new { gate.pop; 3.times { log << :high; Thread.pass } }
low.priority = -1
high.priority = 1

2.times { gate << :go }
Thread.current.priority = -2      # let them race; we only watch
[low, high].each { |t| t.join }
puts log.inspect

# equal priorities round-robin
turns = []
a = Thread.new { 3.times { turns << :a; Thread.pass } }
b = Thread.new { 3.times { turns << :b; Thread.pass } }
[a, b].each { |t| t.join }
puts turns.inspect
