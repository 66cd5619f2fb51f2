# stack_tables.rb: a program's first threads cost the page tables of their
# own stacks only.  Stack slots are carved from regions of 64, 8 MB apart;
# a guard marker (Linux 6.13's MADV_GUARD_INSTALL) is an entry in a page
# table, so guarding every slot of a new region at once made 64 page-table
# pages, 256 KB, for a program's first thread, and hackysack.rb with 10
# players took 2.1 ms where it had taken 1.4 ms.  Each guard is now put in
# as its slot is made.  (Where mprotect makes the guards, they cost no page
# table and this passes either way.)
require 'assert'
require 'thread'

def page_tables_kb
  File.read("/proc/self/status")[/^VmPTE:\s+(\d+) kB/, 1].to_i
end

test "four blocked threads add a few page-table pages, not a region's worth" do
  before = page_tables_kb
  gate = Queue.new
  threads = Array.new(4) { Thread.new { gate.pop } }
  Thread.pass
  grown = page_tables_kb - before
  4.times { gate.push(nil) }
  threads.each { |t| t.join }
  # each thread: the page table of its stack's top, and one more now and
  # then above it; 64 slots' worth is 256 KB
  assert grown < 96, "page tables grew by #{grown} KB for 4 threads"
end
