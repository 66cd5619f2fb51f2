# sync_bodies.rb: Queue, SizedQueue, Mutex and ConditionVariable keep their
# state in bodies from the collector's body memory (data_body_alloc), which
# their collection gives back.  Rounds that each make 100,000 of them, use
# every one and drop them leave the resident size where the first rounds
# left it: bodies not given back would add 3.6 MB a round, 21 MB in six.
# (The sanitizer build's allocator, replaying a recorded schedule, grew it
# by 6.4 MB without a leak: the bound is 12 MB.)
require 'assert'
require 'resident'
require 'thread'

N = 25_000

def round
  queues = Array.new(N) { |i| q = Queue.new; q << i; q }
  sized = Array.new(N) { |i| q = SizedQueue.new(2); q << i; q << -i; q }
  mutexes = Array.new(N) { Mutex.new }
  condvars = Array.new(N) { ConditionVariable.new }
  sum = 0
  queues.each { |q| sum += q.pop }
  sized.each { |q| sum += q.pop + q.pop }
  assert_equal N * (N - 1) / 2, sum
  mutexes.each_with_index do |m, i|
    m.lock
    condvars[i].signal
    m.unlock
  end
  assert mutexes.none? { |m| m.locked? }
  assert queues.all? { |q| q.empty? } && sized.all? { |q| q.empty? }
end

test "bodies of collected Queues, Mutexes and ConditionVariables are reused" do
  3.times { round; GC.start }
  before = rss_bytes / 1024
  6.times { round; GC.start }
  grown = rss_bytes / 1024 - before
  assert(grown < 12 * 1024, "6 rounds grew the resident size by #{grown} kB")
end

test "a ConditionVariable made from freed memory still wakes its waiter" do
  m = Mutex.new
  cv = ConditionVariable.new
  woke = false
  t = Thread.new { m.synchronize { cv.wait(m); woke = true } }
  Thread.pass until t.status == "sleep"
  m.synchronize { cv.signal }
  t.join
  assert woke
end
