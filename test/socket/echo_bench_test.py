#!/usr/bin/env python3
"""The echo benchmark's driver (test/bench/echo/run) in quick mode against
miniruby alone: test/bench/echo_server.rb, a thread per connection, holds
200 and then 1,100 connections at once (more than 1,024 descriptors) while
each sends 5 lines, and every echo comes back byte for byte.  The driver
compiles its C load generator with cc and raises the descriptor limit."""
import os
import subprocess
import sys

SRCDIR = os.environ.get("SRCDIR") or os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CONNS = [200, 1100]
MSGS = 5


def main():
    driver = os.path.join(SRCDIR, "test", "bench", "echo", "run")
    cmd = [sys.executable, driver, "--quick", "--servers", "miniruby", "--miniruby", os.environ["MINIRUBY"],
           "--conns", ",".join(map(str, CONNS)), "--msgs", str(MSGS), "--timeout", "60"]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=150)
    out, err = p.stdout.decode(), p.stderr.decode()
    rows = [line.split() for line in out.splitlines() if line.startswith("miniruby ")]
    problems = []
    if p.returncode != 0:
        problems.append("driver exit status %d" % p.returncode)
    if [r[1] for r in rows] != [str(n) for n in CONNS]:
        problems.append("rows for %s connections, expected %s" % ([r[1] for r in rows], CONNS))
    for r in rows:
        # server conns held errors msgs/s ...
        if len(r) < 5 or r[2] != r[1] or r[3] != "0" or not r[4].isdigit() or int(r[4]) <= 0:
            problems.append("bad row: " + " ".join(r))
    if problems:
        print("; ".join(problems))
        print(out + err[-3000:])
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
