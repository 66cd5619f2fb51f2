# gc_growth.rb: how far the heap grows for its live objects (alone in
# its file: a heap grown by earlier tests would hide it).  The figures
# are the process's own resident size (VmRSS), compared within one run.
require 'assert'

def resident_kb
  File.read("/proc/self/status")[/^VmRSS:\s+(\d+) kB/, 1].to_i
end

SANITIZED = `#{File.readlink("/proc/self/exe")} -v` =~ /build=\S*asan/

# Once the live objects need a bigger heap, it grows to what they need
# (twice their slots, so that a collection comes after as many
# allocations as it marks), not by halves: grown by halves, 300,000 live
# Objects took 3.42 slots each; now 2.6 (their Array is 0.17 of it).  The
# churn after them uses every free slot, so all of the heap is resident.
# Past its first megabyte the heap grows in 2 MB huge pages, each resident
# whole: up to 0.15 slots an object more here (2.87 with 4 KB pages on
# one machine, 2.92 with huge ones).
unless SANITIZED
  test "the heap grows to what the live objects need" do
    n = 300_000
    GC.start
    before = resident_kb
    kept = Array.new(n) { Object.new }
    2_000_000.times { Object.new }
    slots = (resident_kb - before) * 1024.0 / 48 / n
    assert(slots < 3.0, "the heap took %.2f slots per live object" % slots)
    assert_equal(n, kept.size)
  end
end
