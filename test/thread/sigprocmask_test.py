"""sigprocmask_test.py: the Ruby 1.8 regression, reproduced and fixed.

With ucontext every tag saves the signal mask (getcontext makes one
rt_sigprocmask system call), so 2 x 100,000 block iterations make at least
200,000 calls; the _setjmp builds make almost none.  Needs strace."""
import os
import re
import shutil
import subprocess
import sys
import tempfile
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from mrtest import ruby, check, finish, WORKLOADS, MINIRUBY

if not shutil.which("strace"):
    check(False, "strace is not installed (.ci/run installs it)")
    finish()

status, version, _ = ruby(["-v"])
context = re.search(r"context=(\w+)", version).group(1)
src = open(os.path.join(WORKLOADS, "pushpop.rb")).read().replace("10_000_000", "100_000")
d = tempfile.mkdtemp()
script = os.path.join(d, "pushpop.rb")
with open(script, "w") as f:
    f.write(src)
summary = os.path.join(d, "strace.txt")
p = subprocess.run(["strace", "-f", "-c", "-o", summary, "-e", "trace=rt_sigprocmask", MINIRUBY, script],
                   capture_output=True, text=True, timeout=600)
check(p.returncode == 0, "pushpop under strace: %r" % p.stderr[-300:])
text = open(summary).read()
m = re.search(r"^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:\d+\s+)?rt_sigprocmask", text, re.M)
calls = int(m.group(1)) if m else 0
print("context=%s rt_sigprocmask calls=%d" % (context, calls))
if context == "ucontext":
    check(calls >= 200000, "ucontext: at least one call per iteration, got %d" % calls)
else:
    check(calls < 100, "setjmp: fewer than 100 calls in all, got %d" % calls)
finish()
