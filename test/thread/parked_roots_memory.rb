# parked_roots_memory.rb: what a collection keeps for a parked thread (the
# objects its stack refers to, so that later collections need not scan it
# again while it stays parked) is the size of what it kept, not of every
# word the scan found.  Threads parked under 40 frames that all refer to
# one String find it 40 times over: with room for every duplicate, the
# cache was 8 KB a thread; hackysack.rb's 100,000 players held 120 MB more.
require 'assert'
require 'resident'
require 'thread'

def park_deep(obj, q, n)
  n == 0 ? q.pop : park_deep(obj, q, n - 1)
end

def park(n)
  shared = "referred to from every frame"
  queues = Array.new(n) { Queue.new }
  threads = queues.map { |q| Thread.new { park_deep(shared, q, 40) } }
  Thread.pass until threads.all? { |t| t.status == "sleep" }
  [queues, threads]
end

def release(parked)
  queues, threads = parked
  queues.each { |q| q << :done }
  threads.each { |t| assert_equal :done, t.value }
end

test "a collection keeps a small cache per parked thread" do
  n = 1000
  warm = park(n)          # the collector's own buffers grow here, not below
  GC.start
  parked = park(n)
  before = rss_bytes
  GC.start                # scans the new threads' stacks and caches the roots
  per_thread = (rss_bytes - before) / n
  release(parked)
  release(warm)
  assert per_thread < 2048, "the collection added #{per_thread} bytes per parked thread"
end
