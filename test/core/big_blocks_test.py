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
import shutil
import subprocess
import sys
import tempfile
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from mrtest import check, finish, MINIRUBY

SCRIPT = r"""
a = []
3_000_000.times { |i| a << i }
raise "push" unless a.size == 3_000_000 && a[0] == 0 && a[-1] == 2_999_999 && a[1_234_567] == 1_234_567
b = a.sort_by { |x| -x }
raise "sort_by" unless b[0] == 2_999_999 && b[-1] == 0
s = ""
600_000.times { |i| s << "%07d\n" % i }
raise "string" unless s.size == 4_800_000 && s[0, 8] == "0000000\n" && s[-8, 8] == "0599999\n"
h = {}
300_000.times { |i| h[i] = i * 2 }
raise "hash" unless h.size == 300_000 && h[299_999] == 599_998
puts "ok"
"""

if not shutil.which("strace"):
    check(False, "strace is not installed (.ci/run installs it)")
    finish()
sanitized = "asan" in subprocess.run([MINIRUBY, "-v"], capture_output=True, text=True).stdout
d = tempfile.mkdtemp()
path = os.path.join(d, "big.rb")
with open(path, "w") as f:
    f.write(SCRIPT)
log = os.path.join(d, "calls.txt")
p = subprocess.run(["strace", "-f", "-o", log, "-e", "trace=madvise,mremap", MINIRUBY, path],
                   capture_output=True, text=True, timeout=300)
check(p.returncode == 0 and p.stdout == "ok\n", "big blocks: %r %r" % (p.stdout, p.stderr[-300:]))
lines = open(log).read().splitlines()
advised = [l for l in lines if "MADV_HUGEPAGE" in l]
remaps = [l for l in lines if re.search(r"\bmremap\(", l)]
failed = [l for l in remaps if "= -1" in l]
check(len(advised) >= 3, "big blocks advised as huge pages: %d madvise calls" % len(advised))
check(not failed, "mremap failed (a split mapping?): %r" % failed[:3])
if not sanitized:       # AddressSanitizer's realloc copies; glibc's remaps
    check(len(remaps) >= 3, "big blocks grown by mremap: %d calls" % len(remaps))
finish()
