"""soak_test.py: the short form of the soak benchmarks (test/bench/soak.py
--quick): hackysack.rb with 1,000 players and 1,000,000 kicks, and 3 s of
creating and joining threads; the last quarter's peak RSS must stay within
10% of the first quarter's (not judged in AddressSanitizer builds, whose
quarantine of freed memory grows by design)."""
import os
import subprocess
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from mrtest import check, finish, MINIRUBY, SRCDIR

asan = "asan" in subprocess.run([MINIRUBY, "-v"], capture_output=True, text=True).stdout
p = subprocess.run([sys.executable, os.path.join(SRCDIR, "test", "bench", "soak.py"),
                    "--miniruby", MINIRUBY, "--quick"] + (["--no-growth-check"] if asan else []),
                   capture_output=True, text=True, timeout=300)
check(p.returncode == 0, "soak.py --quick:\n%s%s" % (p.stdout, p.stderr[-2000:]))
finish()
