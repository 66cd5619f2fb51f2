# stack_pages_players.rb: test/workloads/hackysack.rb's own players, each
# with a stack slot of its own, commit one page of stack each (three with
# ucontext or AddressSanitizer), blocked and after the game.  They park
# deeper than stack_pages.rb's player: a method called from initialize,
# loop's block, a Queue#pop, three tags on the way.  With glibc's 200-byte
# jmp_buf in every tag they were 3,600 bytes deep, and the threads whose
# stack starts lowest in its top page (the colour offsets) took a second
# page: 6,150 bytes per blocked player, 7,190 after.
require 'assert'
require 'thread'
require 'thread/fixtures/stack_resident'

# The class of test/workloads/hackysack.rb itself, without its game: the
# file plays one when it is loaded.
WORKLOAD = File.join(File.dirname(File.expand_path(__FILE__)), "..", "workloads", "hackysack.rb")
eval(File.read(WORKLOAD)[/^class Hackysacker\b.*?^end\n/m], binding, WORKLOAD)

test "hackysack.rb's players commit #{PAGES} stack page(s) each, blocked and after" do
  # fewer players than stack slots (1,024): every one has a fresh slot,
  # at each of the colour offsets in turn
  n = 640
  srand(7)
  before = stack_resident
  Hackysacker.setup(1000)
  circle = []
  n.times { |i| Hackysacker.new(i, circle) }
  Thread.pass
  blocked = (stack_resident - before) / n
  circle[0].queue.push(1)
  circle.each { |p| p.thread.join }
  ended = (stack_resident - before) / n
  assert blocked >= 4096, "no stack committed? #{blocked} bytes per player"
  assert blocked < PAGES * 4096 + 512, "#{blocked} bytes of stack per blocked player (#{CONTEXT})"
  assert ended < PAGES * 4096 + 512, "#{ended} bytes of stack per ended player (#{CONTEXT})"
end
