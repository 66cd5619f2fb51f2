"""hackysack_scale_test.py: test/bench/hackysack_scale at tiny sizes.

With --repeat 3 each size runs three times and its row is the run of
median wall time: the script must succeed and print one row per size
with figures in every column (us/added: "-" for the first size, which
has no size before it), and the spread of us/player.  A build that fails must be
reported with a non-zero exit status.  Nothing about time is asserted."""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))
from mrtest import MINIRUBY, SRCDIR, check, finish  # noqa: E402

SCRIPT = os.path.join(SRCDIR, "test", "bench", "hackysack_scale")


def scale(miniruby, *args):
    return subprocess.run([sys.executable, SCRIPT, "--miniruby", miniruby, "--no-go", "--kicks", "10"] + list(args),
                          capture_output=True, text=True, timeout=300)


def main():
    p = scale(MINIRUBY, "--players", "20,40", "--repeat", "3")
    check(p.returncode == 0, "hackysack_scale --repeat 3 succeeds: %s" % p.stderr[-500:])
    check("3 run(s) a size" in p.stdout, "the header says how many runs a size: %r" % p.stdout[:300])
    rows = [l.split() for l in p.stdout.splitlines() if l.startswith("miniruby ")]
    check([r[1] for r in rows] == ["20", "40"], "one row per size: %r" % rows)
    for i, r in enumerate(rows):
        check(len(r) == 10 and all(float(x) >= 0 for x in r[2:8] + r[9:]) and float(r[7]) > 0,
              "figures in every column: %r" % r)
        # a difference of two wall times: below zero when noise wins at these sizes
        check(r[8] == "-" if i == 0 else r[8].lstrip("-").replace(".", "", 1).isdigit(),
              "us/added a figure after the first size only: %r" % r)
    check("# miniruby: us/player spread" in p.stdout, "the spread is printed: %r" % p.stdout[-300:])

    with tempfile.TemporaryDirectory() as tmp:
        broken = os.path.join(tmp, "miniruby")
        with open(broken, "w") as f:
            f.write("#!/bin/sh\n[ \"$1\" = -v ] && exec %s -v\nexit 3\n" % MINIRUBY)
        os.chmod(broken, 0o755)
        p = scale(broken, "--players", "20", "--repeat", "2")
        check(p.returncode != 0 and "20 players failed" in p.stderr,
              "a failing build is reported: %d %r" % (p.returncode, p.stderr[-300:]))
    finish()


main()
