# parked_roots_memory.rb: what a collection keeps for a parked thread (the
# objects its stack refers to, so that later collections need not scan it
# again while it stays parked) is the size of what it kept, not of every
# word the scan found.  Threads parked under 40 frames that all refer to
# one String find it 40 times over: with room for every duplicate, the
# cache was 8 KB a thread; hackysack.rb's 100,000 players held 120 MB more.
# Each root kept is 4 bytes, not a whole VALUE.
require 'assert'
require 'resident'
require 'thread'

if ARGV[0] == "own"
  # a child: objects only parked stacks refer to, kept through collections
  def hold_own(q, i)
    a = "own #{i}" * 3
    b = [i, "b#{i}"]
    q.pop
    [a, b]
  end
  queues = Array.new(2000) { Queue.new }
  threads = queues.each_with_index.map { |q, i| Thread.new { hold_own(q, i) } }
  Thread.pass until threads.all? { |t| t.status == "sleep" }
  5.times { GC.start; Array.new(50_000) { |i| "garbage #{i}" } }
  queues.each { |q| q << :go }
  bad = threads.each_with_index.reject { |t, i| t.value == ["own #{i}" * 3, [i, "b#{i}"]] }
  puts bad.empty? ? "kept" : "lost #{bad.size}"
  $stdout.flush
  exit!(0)
end

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

test "roots kept as whole VALUEs keep a parked thread's objects" do
  ruby = File.readlink("/proc/self/exe")
  inc = $:.map { |d| "-I #{d}" }.join(" ")
  ["1", "0"].each do |wide|
    # the child's own schedule: not recorded into this run's, not replayed from it
    out = `env -u MINIRUBY_SCHED -u MINIRUBY_SCHED_RECORD MINIRUBY_GC_WIDE_ROOTS=#{wide} #{ruby} #{inc} #{__FILE__} own 2>&1`
    assert_equal "kept\n", out, "MINIRUBY_GC_WIDE_ROOTS=#{wide}"
  end
end

# 96 locals, each a different one of 96 shared Strings: 96 roots a thread,
# and nothing of its own for each beyond its stack.
ROOTS = 96
SHARED = Array.new(ROOTS) { |i| "shared #{i}" }
eval "def hold(q, objs); #{(0...ROOTS).map { |i| "v#{i}" }.join(", ")} = *objs; q.pop; " \
     "[#{(0...ROOTS).map { |i| "v#{i}" }.join(", ")}].size; end"

def park_holding(n)
  queues = Array.new(n) { Queue.new }
  threads = queues.map { |q| Thread.new { hold(q, SHARED) } }
  Thread.pass until threads.all? { |t| t.status == "sleep" }
  [queues, threads]
end

# The collection that first scans 20,000 such threads grew the resident
# size by 855 bytes a thread with 8-byte roots and by 540 with 4-byte ones
# (600 in the sanitizer build); the rest of the growth is the collector's
# own.  The bound is 7.5 bytes a root.  20,000 threads: a huge page of the
# slab is 100 bytes a thread.
test "a kept root takes 4 bytes" do
  n = 20_000
  warm = park_holding(1000)
  GC.start
  GC.disable              # no collection scans them before the one measured
  parked = park_holding(n)
  before = rss_bytes
  GC.enable
  GC.start
  per_thread = (rss_bytes - before) / n
  [parked, warm].each do |queues, threads|
    queues.each { |q| q << :done }
    threads.each { |t| assert_equal ROOTS, t.value }
  end
  assert per_thread < ROOTS * 7.5, "the collection added #{per_thread} bytes per thread of #{ROOTS} roots"
end
