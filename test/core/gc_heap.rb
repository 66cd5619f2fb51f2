# gc_heap.rb: how much memory the collector keeps.  The figures are the
# process's own resident size (VmRSS), compared within one run.
require 'assert'

def resident_kb
  File.read("/proc/self/status")[/^VmRSS:\s+(\d+) kB/, 1].to_i
end

VERSION_LINE = `#{File.readlink("/proc/self/exe")} -v`
SANITIZED = VERSION_LINE =~ /build=\S*asan/

# Garbage malloc'd by bodies (long Strings and Arrays) is collected before
# it piles up, also while few objects are made.  (AddressSanitizer keeps
# freed memory in quarantine: resident size says nothing there.)
unless SANITIZED
  test "malloc'd garbage is collected before it piles up" do
    GC.start
    before = resident_kb
    20_000.times { Array.new(1000, 1) }    # 8 kB each, 160 MB in all
    grown = resident_kb - before
    assert(grown < 6 * 1024, "resident size grew #{grown} kB")
  end
end

# The heap's pages are resident once their slots are used, not when the
# heap grows: 200,000 new objects (9,375 kB of slots) make the heap grow
# to twice that, of which they use half.
test "heap pages become resident when used" do
  GC.start
  before = resident_kb
  kept = Array.new(200_000) { Object.new }
  grown = resident_kb - before
  slots_kb = 200_000 * 48 / 1024
  # a heap past its first megabyte grows in 2 MB huge pages: the one its
  # slots are being handed out from is resident whole
  limit = slots_kb * 3 / 2 + 2048
  # AddressSanitizer's shadow makes a byte resident for every 8 touched
  # (11.8 MB grew by 14.4 there); pages made resident as the heap grows
  # would still be twice the slots and more
  limit = limit * 9 / 8 if SANITIZED
  assert(grown < limit, "resident size grew #{grown} kB for #{slots_kb} kB of objects")
  assert_equal(200_000, kept.size)
end

# binary-trees: while the argument of check is evaluated, the stack slot
# it will go in still holds the tree the previous iteration passed there,
# and the stack is scanned conservatively: that dead tree was kept, in
# every collection.  The evaluator clears the slot first.  (Under the
# sanitizers the frames differ and other dead words keep it.)
$trees, $trees_alive = [], []

def stale_tree(depth)
  if depth == 0
    if $trees_alive.size < $trees.size    # once per tree, at its first leaf
      GC.start
      $trees_alive << $trees.select { |c| c.alive? }.size
    end
    return [nil, nil]
  end
  depth -= 1
  [stale_tree(depth), stale_tree(depth)]
end

def stale_top(depth)
  t = stale_tree(depth)
  $trees << ObjectSpace::WeakCell.new(t)
  t
end

def stale_check(tree)
  l, r = tree
  l ? 1 + stale_check(l) + stale_check(r) : 1
end

unless SANITIZED
  test "an argument being evaluated keeps no earlier call's argument alive" do
    c = 0
    9.times { c += stale_check(stale_top(8)) }
    assert_equal 9 * 511, c
    kept = $trees_alive.select { |n| n > 0 }.size
    assert(kept <= 2, "a dead tree was kept in #{kept} of 8 collections: #{$trees_alive.inspect}")
  end
end
