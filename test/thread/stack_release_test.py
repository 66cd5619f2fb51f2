"""stack_release_test.py: a dead thread gives the pages of its stack back
to the kernel (madvise MADV_DONTNEED) only when its stack checks saw it
pass the slot's top part, which stays resident for the next thread anyway.

A thread that lived in its top pages, as most do, used to give back the
shallow part below them all the same: a system call per thread's death
that found nothing to free.  100,000 threads made and joined one at a
time came to about 460,000 a second with it and 2.7 million without.
Threads that went deep still give their pages back, and a slot shared by
threads gives back what one of them left there when its last thread ends
(stack_pages.rb measures the memory).  Needs strace."""
import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from mrtest import check, finish, strace_ruby

SHORT_LIVED = 300
DIGGERS = 40
SCRIPT = r"""
require 'thread'
def dig(n) n == 0 ? 0 : 1 + dig(n - 1) end
# one at a time: each takes the slot the last one left
%d.times { |i| raise "value" unless Thread.new { i * 2 }.value == i * 2 }
# a batch blocked together, each in a slot of its own
q = Queue.new
batch = Array.new(100) { Thread.new { q.pop } }
Thread.pass
100.times { q.push(1) }
batch.each { |t| t.join }
# threads that went below their top pages, and deeper: pages go back
[60, 3000].each do |depth|
  $stderr.puts "depth #{depth}"
  Array.new(%d) { Thread.new { dig(depth) } }.each { |t| raise "dig" unless t.value == depth }
end
puts "ok"
""" % (SHORT_LIVED, DIGGERS)
p, lines = strace_ruby(SCRIPT, ["madvise", "write", "writev", "pwritev2"], timeout=120)
check(p.returncode == 0 and p.stdout == "ok\n", "threads: %r %r" % (p.stdout, p.stderr[-300:]))
marks = [i for i, l in enumerate(lines) if '"depth ' in l]
check(len(marks) == 2, "the markers between the parts: %r" % marks)


def given_back(part):
    """The lengths madvise(MADV_DONTNEED) gave back in the lines `part`."""
    return [int(l.split(",")[1]) for l in part if "MADV_DONTNEED" in l]


if len(marks) == 2:
    top, shallow, deep = lines[:marks[0]], lines[marks[0]:marks[1]], lines[marks[1]:]
    top, shallow, deep = given_back(top), given_back(shallow), given_back(deep)
    check(len(top) < 10, "%d madvise calls for %d threads that stayed in their top pages (%r)"
          % (len(top), SHORT_LIVED + 100, top[:3]))
    # 60 calls: below the top pages (about 30 KB, 90 with ucontext), not past the shallow part
    check(len(shallow) >= DIGGERS and max(shallow) <= 128 * 1024,
          "%d threads 60 calls deep gave back %r" % (DIGGERS, shallow[:5]))
    check(len(deep) >= DIGGERS and min(deep) > 1024 * 1024,
          "%d threads 3,000 calls deep gave back %r" % (DIGGERS, deep[:5]))
finish()
