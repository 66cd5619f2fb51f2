"""mrtest.py: helpers for the Python test drivers (test/**/*_test.py).

The runner passes MINIRUBY (the binary under test), SRCDIR and TEST_QUICK.
Each driver calls check() for its assertions and finish() at the end, which
exits 1 if anything failed."""
import os
import subprocess
import sys

MINIRUBY = os.environ.get("MINIRUBY", "./miniruby")
SRCDIR = os.environ.get("SRCDIR", os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
QUICK = os.environ.get("TEST_QUICK", "0") == "1"
WORKLOADS = os.path.join(SRCDIR, "test", "workloads")
_failures = 0
_count = 0


def ruby(args, stdin=None, timeout=120, env=None):
    """Run miniruby with args; returns (status, stdout, stderr) as text."""
    e = dict(os.environ)
    if env:
        e.update(env)
    p = subprocess.run([MINIRUBY] + list(args), input=stdin, capture_output=True,
                       text=True, timeout=timeout, env=e)
    return p.returncode, p.stdout, p.stderr


def check(ok, what):
    global _failures, _count
    _count += 1
    if not ok:
        _failures += 1
        print("FAIL: " + what, file=sys.stderr)
    return ok


def finish():
    print("%d checks, %d failures" % (_count, _failures))
    sys.exit(1 if _failures else 0)


def strace_ruby(script, trace=None, summary=False, timeout=300):
    """Run the Ruby program `script` (its text) under strace -f.  trace: the
    system calls to trace (a list; None: every call).  Returns (process,
    calls): with summary (strace -c), calls is {name: count}; otherwise the
    lines strace wrote.  With a trace list, only those calls stop the
    program where seccomp filters are to be had (--seccomp-bpf): the
    ucontext builds make a system call at every tag.  Without strace the
    test fails and ends here."""
    import re
    import shutil
    import tempfile
    if not shutil.which("strace"):
        check(False, "strace is not installed (.ci/run installs it)")
        finish()
    d = tempfile.mkdtemp()
    path = os.path.join(d, "program.rb")
    with open(path, "w") as f:
        f.write(script)
    log = os.path.join(d, "calls.txt")
    argv = ["strace", "-f", "-o", log] + (["-c"] if summary else [])
    if trace:
        spec = "trace=" + ",".join(trace)
        seccomp = subprocess.run(["strace", "--seccomp-bpf", "-f", "-o", os.devnull, "-e", spec, "true"],
                                 capture_output=True).returncode == 0
        argv += (["--seccomp-bpf"] if seccomp else []) + ["-e", spec]
    p = subprocess.run(argv + [MINIRUBY, path], capture_output=True, text=True, timeout=timeout)
    lines = open(log).read().splitlines()
    if not summary:
        return p, lines
    calls = {}
    for line in lines:
        m = re.match(r"\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:\d+\s+)?(\w+)$", line)
        if m:
            calls[m.group(2)] = int(m.group(1))
    return p, calls
