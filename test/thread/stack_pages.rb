# stack_pages.rb: a thread blocked on a Queue commits one page of its
# stack (three with ucontext).  hackysack.rb's 100,000 players fit in memory because of it; a
# second page per thread would cost 400 MB there.
require 'assert'
require 'thread'
require 'thread/fixtures/stack_resident'

test "blocked threads commit #{PAGES} stack page(s) each" do
  n = 640
  before = stack_resident
  queues = Array.new(n) { Queue.new }
  threads = queues.map { |q| Thread.new { loop { break if q.pop == :exit } } }
  Thread.pass
  per_thread = (stack_resident - before) / n
  queues.each { |q| q << :exit }
  threads.each { |t| t.join }
  assert per_thread >= 4096, "no stack committed? #{per_thread} bytes per thread"
  assert per_thread < PAGES * 4096 + 512, "#{per_thread} bytes of stack per blocked thread (#{CONTEXT})"
end

# hackysack.rb's players: made in an initialize, looping in a method,
# woken once, then ended.  Their deepest moment is waking in Queue#pop
# with a dead neighbour's stack to put back; one byte past the page costs a
# page per thread.
class Player
  attr_reader :queue, :thread
  def initialize(circle)
    @queue = Queue.new
    @circle = circle
    circle << self
    @thread = Thread.new { play }
  end

  def play
    loop do
      msg = @queue.pop
      break if msg == 'exit'
      @circle[(@circle.index(self) + 1) % @circle.size].queue.push(msg)
    end
  end
end

test "hackysack's players commit #{PAGES} stack page(s) each, blocked and after" do
  # 640 holders and n players: fewer threads than stack slots (1,024), so
  # that every player has a slot of its own
  n = 320
  # the stacks the test above left in the pool are resident already:
  # hold them, so that the players get fresh ones
  gate = Queue.new
  holders = Array.new(640) { Thread.new { gate.pop } }
  Thread.pass
  before = stack_resident
  circle = []
  n.times { Player.new(circle) }
  Thread.pass
  blocked = (stack_resident - before) / n
  circle[0].queue.push('kick')
  Thread.pass
  circle.each { |p| p.queue.push('exit') }
  circle.each { |p| p.thread.join }
  ended = (stack_resident - before) / n
  holders.each { gate.push(nil) }
  holders.each { |t| t.join }
  assert blocked >= 4096, "no stack committed? #{blocked} bytes per player"
  assert blocked < PAGES * 4096 + 512, "#{blocked} bytes of stack per blocked player (#{CONTEXT})"
  assert ended < PAGES * 4096 + 512, "#{ended} bytes of stack per ended player (#{CONTEXT})"
end

def dig(n) n == 0 ? 0 : 1 + dig(n - 1) end

test "a thread that went deep gives those pages back when it ends" do
  n = 32
  before = stack_resident
  threads = Array.new(n) { Thread.new { dig(3000) } }
  threads.each { |t| assert_equal 3000, t.value }
  per_thread = (stack_resident - before) / n
  # 3,000 levels are hundreds of KB of stack each; what stays is the top
  assert per_thread < 32 * 1024, "#{per_thread} bytes of stack kept per ended thread"
end

# A child miniruby running code with the stack slots given; its stdout.
def with_slots(slots, code)
  r, w = IO.pipe
  pid = fork do
    r.close
    ENV.delete("MINIRUBY_SCHED")
    ENV["MINIRUBY_STACK_SLOTS"] = slots.to_s
    $stdout.reopen(w)
    exec(File.readlink("/proc/self/exe"), "-I", File.dirname(File.dirname(__FILE__)), "-e", code)
  end
  w.close
  out = r.read
  Process.wait(pid)
  assert_equal 0, $?.exitstatus
  out
end

test "a slot gives back what a thread that shared it left there when its last thread ends" do
  # two slots for four holders and a digger: the digger goes below the
  # slot's top pages, not past its shallow part, and ends while holders
  # are homed in its slot, which keep those pages; the last of them gives
  # them back
  out = with_slots(2, <<-'CODE')
    require 'thread'
    require 'thread/fixtures/stack_resident'
    def dig(n) n == 0 ? 0 : 1 + dig(n - 1) end
    gate = Queue.new
    holders = Array.new(4) { Thread.new { gate.pop } }
    Thread.pass
    Thread.new { dig(60) }.join
    dug = stack_resident
    4.times { gate.push(nil) }
    holders.each { |t| t.join }
    puts dug, stack_resident
  CODE
  dug, ended = out.split.map { |s| s.to_i }
  assert ended <= 2 * 16 * 1024, "#{ended} bytes of stack kept in two slots after every thread ended"
  assert dug >= ended + 12 * 1024, "the digger's pages were not there: #{dug} bytes, #{ended} after"
end
