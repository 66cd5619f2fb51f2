# gc_big_array.rb: the heap is sized by the live graph, in which an
# Integer costs less than an object (alone in its file: the earlier tests
# of gc_heap.rb left a heap whose size depended on whether their garbage
# was collected, and in the ucontext build a conservative root kept a dead
# Array of 200,000 Objects from one of them).  The figure is the process's
# own resident size (VmRSS), compared within one run.
require 'assert'

def resident_kb
  File.read("/proc/self/status")[/^VmRSS:\s+(\d+) kB/, 1].to_i
end

# A collection visits every element of a big Array, but an Integer in it is
# not an object to mark: the heap is not sized as if each were one.
test "a big Array of Integers does not make the heap grow by its size" do
  n = 2_000_000
  big = Array.new(n) { |i| i }
  GC.start
  before = resident_kb
  300_000.times { "short" + "" }     # short-lived slots, nothing malloc'd
  grown = resident_kb - before
  assert(grown < n * 8 / 1024, "heap grew #{grown} kB for an Array of #{n * 8 / 1024} kB")
  assert_equal(n, big.size)
end
