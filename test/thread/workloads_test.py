"""workloads_test.py: the reference workloads, at reduced sizes, with the
output shape design.md and the workloads README describe."""
import ast
import filecmp
import os
import re
import subprocess
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from mrtest import ruby, check, finish, WORKLOADS, SRCDIR, MINIRUBY

def wl(name):
    return os.path.join(WORKLOADS, name)

# the copies match the originals beside the project, when present
shared = os.path.join(os.path.dirname(SRCDIR), "shared", "workloads")
if os.path.isdir(shared):
    for f in sorted(os.listdir(shared)):
        if f.endswith(".rb"):
            check(filecmp.cmp(os.path.join(shared, f), wl(f), shallow=False), "test/workloads/%s matches" % f)

# pass.rb: ten equal-priority threads take strict turns
status, out, err = ruby([wl("pass.rb")])
lines = out.splitlines()
check(status == 0 and len(lines) == 2, "pass.rb ran: %s %r %r" % (status, out, err))
if len(lines) == 2:
    counts = ast.literal_eval(lines[0])
    check(len(counts) == 10 and min(counts) > 0, "every thread ran: %r" % counts)
    # strict turns; a timer tick between the increment and the pass costs a turn
    check(max(counts) - min(counts) <= max(2, sum(counts) // 10 // 50), "round robin keeps counts within 2%%: %r" % counts)
    # the threads go on while the main thread prints: a timer tick between
    # its two lines lets them add a time slice's passes (1% of a second)
    total = int(lines[1])
    check(sum(counts) <= total <= sum(counts) * 1.1, "sum line: %d for counts summing to %d" % (total, sum(counts)))

# priority.rb: strict priorities, lower threads never run
status, out, err = ruby([wl("priority.rb")])
lines = out.splitlines()
check(status == 0 and len(lines) == 2, "priority.rb ran: %s %r" % (status, err))
if len(lines) == 2:
    counts = ast.literal_eval(lines[0])
    check(counts[0] > 0 and counts[1:] == [0] * 9, "only thread 0 ran: %r" % counts)

# priority_orig.rb: thread 9 outranks the main thread, which never wakes (MRI 1.8.7 hangs)
try:
    p = subprocess.run([MINIRUBY, wl("priority_orig.rb")], capture_output=True, text=True, timeout=3)
    check(False, "priority_orig.rb should starve main, but it ended: %r" % p.stdout)
except subprocess.TimeoutExpired as e:
    check(not e.stdout, "nothing printed while main is starved")

# async.rb: with explicit switching the results come out shortest first
status, out, err = ruby([wl("async.rb")])
check(status == 0, "async.rb ran: %r" % err)
sections = out.split("\n\n")
results = [re.findall(r"fib\((\d+)\) = (\d+)", s) for s in sections]
check(len(results) >= 3, "three sections: %r" % out)
if len(results) >= 3:
    check([int(n) for n, _ in results[0]] == [25, 20, 15, 10, 5, 1], "sync order")
    check(sorted(int(n) for n, _ in results[1]) == [1, 5, 10, 15, 20, 25], "implicit: all six")
    check([int(n) for n, _ in results[2]] == [1, 5, 10, 15, 20, 25], "explicit: shortest first: %r" % results[2])
    check(dict(results[0])["25"] == "75025", "fib(25)")
    check("Explicit-switching async ver took" in out, "timing line")

# pushpop.rb at 2 x 100,000 iterations
src = open(wl("pushpop.rb")).read().replace("10_000_000", "100_000")
status, out, err = ruby(["-"], stdin=src)
check(status == 0 and out == "" and err == "", "pushpop ran: %s %r" % (status, err))

# hackysack.rb with 10,000 players
status, out, err = ruby([wl("hackysack.rb"), "10000", "1000"], timeout=300)
check(status == 0 and re.fullmatch(r"10000 players, 1000 kicks: [0-9.e-]+ s\n", out) is not None,
      "hackysack 10000: %s %r %r" % (status, out, err[-500:]))

# pmap.rb: every worker count gives the same results as map
status, out, err = ruby([wl("pmap.rb"), "1"])
arrays = re.findall(r": (\[[^\]]*\])", out)
check(status == 0 and len(arrays) == 5, "pmap ran: %r %r" % (out, err))
check(len(set(arrays)) == 1 and arrays[0] == "[7, 7, 7, 7, 7, 7, 7, 7]", "pmap results agree: %r" % arrays)

# depth.rb: deep recursion raises SystemStackError in both threads, no crash
status, out, err = ruby([wl("depth.rb")])
m = re.fullmatch(r"main depth (\d+)\nthread depth (\d+)\n", out)
check(status == 0 and m is not None, "depth.rb ran: %s %r %r" % (status, out, err))
if m:
    # AddressSanitizer's redzones make every frame bigger; the ucontext
    # builds keep a ucontext_t (almost 1 KB) in the tag of every method
    # call, as Ruby 1.8.7 does (which itself reaches 1,616 levels, and 665
    # built with pthreads, on the same 8 MB stack)
    version = ruby(["-v"])[1]
    ucontext, asan = "context=ucontext" in version, "asan" in version
    need = 3000 if ucontext and asan else 4000 if ucontext else 5000 if asan else 10000
    check(int(m.group(1)) >= need, "main thread reaches %d levels: %s" % (need, m.group(1)))
    check(int(m.group(2)) >= need, "a green thread reaches %d levels: %s" % (need, m.group(2)))

finish()
