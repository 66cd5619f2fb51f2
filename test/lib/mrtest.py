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
