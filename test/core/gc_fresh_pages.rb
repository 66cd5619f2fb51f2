# gc_fresh_pages.rb: heap pages no slot was handed out from stay untouched
# by collections and ObjectSpace.  A grown heap keeps a good share of its
# slots free, in pages never used; in 2 MB huge pages, reading as much as
# a page header makes the kernel allocate and clear the whole huge page
# (a read fault does not map the zero page there), and so a collection
# made the whole heap resident: a million hackysack.rb players spent a
# third of their last collection clearing pages.  The figures are the
# process's own resident size (VmRSS) in one run.
require 'assert'

def resident_kb
  File.read("/proc/self/status")[/^VmRSS:\s+(\d+) kB/, 1].to_i
end

# Where the heap last grew depends on when collections fell, so the list
# grows in steps of 100,000 Arrays (4.6 MB of slots) and each step is
# measured.  A list, not one big Array: marking it needs no mark stack of
# hundreds of thousands of entries (megabytes, rightly resident).
$kept = nil
def grow_and_measure(steps)
  grown = []
  steps.times do
    100_000.times { $kept = [$kept] }
    before = resident_kb
    yield
    grown << resident_kb - before
  end
  grown
end

GC.start

test "ObjectSpace.each_object does not touch pages never handed out" do
  classes = 0
  grown = grow_and_measure(4) { ObjectSpace.each_object(Class) { classes += 1 } }
  assert(classes > 40, "#{classes} classes")
  assert(grown.inject(0) { |a, b| a + b } < 1024, "each_object made resident #{grown.inspect} kB")
end

test "a collection does not touch pages never handed out" do
  grown = grow_and_measure(4) { GC.start }
  assert(grown.inject(0) { |a, b| a + b } < 1024, "collections made resident #{grown.inspect} kB")
end

length = 0
while $kept
  length += 1
  $kept = $kept[0]
end
assert_equal(800_000, length)
