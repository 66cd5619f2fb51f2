# gc_bodies.rb: a Proc's block and a heap environment's variables are
# kept in the thread records' memory (huge pages), not in malloc's heap,
# which grows a 4 KB page fault at a time (gc.c, gc_body_alloc).  The
# figure is the resident size of malloc's heap, [heap] in /proc/self/smaps.
require 'assert'

SANITIZED = `#{File.readlink("/proc/self/exe")} -v` =~ /build=\S*asan/

def malloc_heap_kb
  File.read("/proc/self/smaps")[/ \[heap\]\n(?:[^\n]*\n)*?Rss:\s+(\d+) kB/, 1].to_i
end

# AddressSanitizer's allocator, which every body goes through there,
# keeps no [heap].
unless SANITIZED
  test "a hundred thousand Procs leave malloc's heap alone" do
    GC.start
    before = malloc_heap_kb
    procs = Array.new(100_000) { |i| lambda { i } }
    grown = malloc_heap_kb - before
    # their Array is 781 kB; the bodies were 144 + 32 bytes each, 17 MB
    assert(grown < 4096, "malloc's heap grew #{grown} kB")
    assert_equal(99_999, procs.last.call)
    assert_equal(7, procs[7].call)
  end
end

test "a heap environment's variables survive their scope and grow by eval" do
  make = lambda { |n| x = n; lambda { x += 1 } }
  counters = Array.new(1000) { |i| make.call(i) }
  GC.start
  assert_equal(6, counters[5].call)
  assert_equal(1000, counters[999].call)
  e = nil
  1.times { |i| e = binding; eval("y = 40; z = 2", e) }
  assert_equal(42, eval("y + z", e))
  GC.start
  assert_equal(42, eval("y + z", e))
end
