"""heap_pages_test.py: the object heap a script starts with (1 MB) is 4 KB
pages, resident as its slots are used; a heap that grows past it takes
2 MB chunks advised as transparent huge pages (gc.c, page_memory), one
fault for 2 MB where a virtual machine's 4 KB faults cost 5 to 14 us each.
Seen through strace: madvise(..., 2097152, MADV_HUGEPAGE).  Needs strace."""
import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from mrtest import check, finish, strace_ruby

HUGE = ", 2097152, MADV_HUGEPAGE) = 0"


def huge_advice(script):
    p, lines = strace_ruby(script, ["madvise"], timeout=120)
    check(p.returncode == 0 and p.stdout == "ok\n", "script: %r %r" % (p.stdout, p.stderr[-300:]))
    return [l for l in lines if HUGE in l]


# A short script stays in the heap it starts with: no huge page.
calls = huge_advice('a = Array.new(1000) { |i| "s#{i}" }\nputs "ok"\n')
check(calls == [], "a short script advised huge pages: %r" % calls[:3])

# 100,000 Objects kept (4.7 MB of slots) grow the heap past its first
# megabyte: its new chunks are huge pages.
calls = huge_advice('kept = Array.new(100_000) { Object.new }\nputs "ok" if kept.size == 100_000\n')
check(len(calls) >= 2, "a 5 MB heap advised %d huge chunks" % len(calls))
finish()
