"""runtime_test.py: builds test/thread/runtime_test.c against the
green-thread runtime alone (`make runtime_test` in the build folder of the
miniruby under test: thread/ is its only source folder on the include
path) and runs it: its own checks, with the threads' stacks in slots of
their own and in two shared slots, the slots that threads past the budget
get, then the two overflow backstops, which must end the process with a
message and status 134."""
import os
import subprocess
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from mrtest import MINIRUBY, check, finish

build = os.path.dirname(os.path.abspath(MINIRUBY))
made = subprocess.run(["make", "-s", "-C", build, "runtime_test"], capture_output=True, text=True)
check(made.returncode == 0, "make runtime_test: %s" % (made.stdout + made.stderr)[-800:])
prog = os.path.join(build, "runtime_test")
sanitized = "asan" in subprocess.run([MINIRUBY, "-v"], capture_output=True, text=True).stdout

if made.returncode == 0:
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0")
    # every check again with two stack slots for all the threads: their
    # stacks are spilled and put back at nearly every switch
    for slots in (None, "2"):
        e = dict(env, MINIRUBY_STACK_SLOTS=slots) if slots else env
        p = subprocess.run([prog], capture_output=True, text=True, timeout=60, env=e)
        check(p.returncode == 0 and p.stdout.endswith(" 0 failures\n"),
              "runtime checks (slots %s): %s %r %r" % (slots, p.returncode, p.stdout, p.stderr[-600:]))
    p = subprocess.run([prog, "homing"], capture_output=True, text=True, timeout=60,
                       env=dict(env, MINIRUBY_STACK_SLOTS="100"))
    check(p.returncode == 0 and p.stdout.endswith(" 0 failures\n"),
          "homing past the budget: %s %r %r" % (p.returncode, p.stdout, p.stderr[-600:]))
    if not sanitized:      # AddressSanitizer reports stack overflows itself
        p = subprocess.run([prog, "overflow"], capture_output=True, text=True, timeout=60)
        check(p.returncode == 134 and "guard page hit" in p.stderr,
              "guard page: %s %r" % (p.returncode, p.stderr[-300:]))
        p = subprocess.run([prog, "canary"], capture_output=True, text=True, timeout=60,
                           env=dict(os.environ, MINIRUBY_STACK_GUARDS="0"))
        check(p.returncode == 134 and "a canary was overwritten" in p.stderr,
              "canary: %s %r" % (p.returncode, p.stderr[-300:]))
finish()
