# critical.rb: Thread.critical as in Ruby 1.8.7: no thread is preempted
# while it is set; Thread.pass still switches (and returns); blocking
# ends the critical section, as Thread.stop does in 1.8.7.
require 'assert'
require 'thread'

test "Thread.pass under critical returns and lets the other thread run" do
  Thread.critical = true
  t = Thread.new { 1 }
  n = 0
  Thread.pass while t.status && (n += 1) < 1_000_000
  Thread.critical = false
  assert_false t.status
  assert_equal 1, t.value
end

test "Thread.pass under critical switches to a thread made runnable" do
  log = []
  t = Thread.new { Thread.stop; log << :t }
  Thread.pass until t.stop?
  Thread.critical = true
  t.wakeup
  log << :a
  Thread.pass
  log << :b
  Thread.critical = false
  t.join
  assert_equal [:a, :t, :b], log
end

test "no preemption while critical" do
  log = []
  Thread.critical = true
  # long enough for many 10 ms time slices
  t = Thread.new { x = 0; 3_000_000.times { x += 1 }; log << :child_done; Thread.critical = false }
  log << :main
  t.join
  assert_equal [:child_done, :main], log
end

test "preemption without critical" do
  log = []
  t = Thread.new { x = 0; 3_000_000.times { x += 1 }; log << :child_done }
  log << :main
  t.join
  assert_equal [:main, :child_done], log
end

test "blocking ends the critical section" do
  q = Queue.new
  Thread.critical = true
  t = Thread.new { q.pop }     # runs at once and blocks: critical ends
  assert_false Thread.critical
  q << :item
  assert_equal :item, t.value
end
