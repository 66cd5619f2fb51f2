"""big_blocks_test.py: big blocks (Array, String, sort buffers of 4 MB
and more) are mappings of their own, advised as transparent huge pages
before they are written, and grow by mremap, not by copying into fresh
pages.

Each 4 KB page first written is a page fault, and faults are dear on
virtual machines: array.rb took 62,000 of them (0.44 s of its 1.5 s in
the kernel), 9,800 with the advice.  The advice must cover a block's whole
mapping: advice on part of it splits the mapping, and then mremap fails
(EFAULT) and glibc copies instead.  The values are checked too: a block
that crosses 4 MB as it grows is copied by hand into an advised one.
Needs strace."""
import os
import re
import subprocess
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from mrtest import check, finish, MINIRUBY, strace_ruby

SCRIPT = r"""
chunk = (0...100_000).to_a
a = []
30.times { a.concat(chunk) }
raise "concat" unless a.size == 3_000_000 && a[0] == 0 && a[-1] == 99_999 && a[1_234_567] == 34_567
b = a.sort
raise "sort" unless b[0] == 0 && b[-1] == 99_999 && b[1_500_000] == 50_000
piece = "0123456789" * 10_000
s = ""
60.times { s << piece }
raise "string" unless s.size == 6_000_000 && s[0, 10] == "0123456789" && s[-10, 10] == "0123456789"
puts "ok"
"""
sanitized = "asan" in subprocess.run([MINIRUBY, "-v"], capture_output=True, text=True).stdout
p, lines = strace_ruby(SCRIPT, ["madvise", "mremap"], timeout=300)
check(p.returncode == 0 and p.stdout == "ok\n", "big blocks: %r %r" % (p.stdout, p.stderr[-300:]))
advised = [l for l in lines if "MADV_HUGEPAGE" in l]
remaps = [l for l in lines if re.search(r"\bmremap\(", l)]
failed = [l for l in remaps if "= -1" in l]
check(len(advised) >= 3, "big blocks advised as huge pages: %d madvise calls" % len(advised))
check(not failed, "mremap failed (a split mapping?): %r" % failed[:3])
if not sanitized:       # AddressSanitizer's realloc copies; glibc's remaps
    check(len(remaps) >= 2, "big blocks grown by mremap: %d calls" % len(remaps))
finish()
