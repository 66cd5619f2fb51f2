"""gserver_schedules_test.py: test/socket/gserver.rb under seeded random
schedules (MINIRUBY_SCHED=random:SEED:0.05), so that the orders a timer
would seldom make are tried every time.

Two races in lib/gserver.rb were found so: a client's thread runs as
soon as it is made, and could serve (and be counted by `connections`)
before accept_loop had added it to @connections; and a log line was
written in two parts (puts writes the newline apart), so that the server
thread's "stop" could come between a client's line and its newline."""
import os
import subprocess
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from mrtest import check, finish, MINIRUBY

SRCDIR = os.environ.get("SRCDIR", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
TEST = os.path.join(SRCDIR, "test", "socket", "gserver.rb")
SEEDS = range(1, 25)

failed = []
for seed in SEEDS:
    env = dict(os.environ, MINIRUBY_SCHED="random:%d:0.05" % seed)
    p = subprocess.run([MINIRUBY, "-I", os.path.join(SRCDIR, "test"), "-I", os.path.join(SRCDIR, "lib"), TEST],
                       capture_output=True, text=True, timeout=120, env=env)
    if p.returncode != 0:
        failed.append((seed, (p.stdout + p.stderr)[-400:]))
check(not failed, "gserver.rb failed under %d of %d schedules, first: seed %s\n%s"
      % (len(failed), len(SEEDS), failed[0][0] if failed else "-", failed[0][1] if failed else ""))
finish()
