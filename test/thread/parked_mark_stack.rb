# parked_mark_stack.rb: the first collection to scan many parked threads
# marks what each thread's stack refers to as it goes, and does not push
# the roots of every thread before marking any.  Pushed all at once, the
# mark stack held every word found on every stack: hackysack.rb's 100,000
# players had a collection grow it to 8 million entries, 51 MB of RSS.
require 'assert'
require 'resident'
require 'thread'

# 40 frames that all refer to one String: the scan finds it 40 times and
# more, but what the thread keeps is small (parked_roots_memory.rb)
def park_deep(obj, q, n)
  n == 0 ? q.pop : park_deep(obj, q, n - 1)
end

test "the mark stack does not grow with the parked threads' roots" do
  GC.start
  GC.disable              # no collection while they are made: the one below is the first
  n = 4000
  queues = Array.new(n) { Queue.new }
  shared = "referred to from every frame"
  threads = queues.map { |q| Thread.new { park_deep(shared, q, 40) } }
  Thread.pass until threads.all? { |t| t.status == "sleep" }
  GC.enable
  before = rss_bytes
  GC.start                # the first scan of every one of these stacks
  per_thread = (rss_bytes - before) / n
  queues.each { |q| q << :done }
  threads.each(&:join)
  assert per_thread < 2048, "the collection added #{per_thread} bytes per parked thread"
end
