"""speed_set_test.py: the programs of test/bench/speed/ and their runner.

Each program of the speed set prints a checksum that must not depend on
the interpreter: at the runner's --quick sizes, miniruby must print what
Ruby 1.8.7 and 3.1 print (the values below, written down from them).
Then the runner itself, --quick with one run and no other Rubies, must
succeed and print its two tables with every program in them.  Nothing
about time is asserted."""
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))
from mrtest import MINIRUBY, SRCDIR, check, finish, ruby  # noqa: E402

SPEED = os.path.join(SRCDIR, "test", "bench", "speed")
sys.path.insert(0, os.path.dirname(SPEED))

EXPECTED = {
    'alloc': '1249975000\n50000\n75000\n',
    'array': '121137007\n',
    'bignum': '21339360726024914127\n615\n30605751221644063603\n419467694\n',
    'blocks': '102576360\n',
    'calls': '417221427\n',
    'exceptions': '165445\n',
    'fannkuch': '228\nPfannkuchen(7) = 16\n',
    'gc_live': '231771\n',
    'hash': '1250243809\n33333\n650\n',
    'mandelbrot': '505309086\n',
    'nbody': '-0.169075164\n-0.169020000\n',
    'partial_sums': '3.000000000\n445.755477055\n0.999980000\n30.314520726\n42.994901851\n11.397003949\n1.644914067\n0.693137181\n0.785393163\n',
    'regexp': '4141850\n',
    'richards': '424764\n',
    'spectral_norm': '1.274206094\n',
    'strbuild': '1470630\n2752817\n',
    'strscan': '433300\n',
    'text': '5821000\n',
}


JSON = os.path.join(tempfile.mkdtemp(prefix="mrspeedtest."), "runs.json")


def quick_args():
    from importlib.machinery import SourceFileLoader
    return SourceFileLoader("speed_run", os.path.join(SPEED, "run")).load_module().QUICK


def main():
    quick = quick_args()
    programs = sorted(f[:-3] for f in os.listdir(SPEED) if f.endswith(".rb"))
    check(programs == sorted(EXPECTED), "every program has an expected output: %r" % programs)
    check(sorted(quick) == sorted(EXPECTED), "every program has quick arguments")
    for name in programs:
        status, out, err = ruby([os.path.join(SPEED, name + ".rb")] + quick.get(name, []), timeout=120)
        check(status == 0, "%s exits 0: %s" % (name, err[-300:]))
        check(out == EXPECTED.get(name), "%s prints %r, got %r" % (name, EXPECTED.get(name), out))
    p = subprocess.run([sys.executable, os.path.join(SPEED, "run"), "-m", MINIRUBY, "--no-ruby",
                        "--quick", "-n", "1"], capture_output=True, text=True, timeout=600)
    check(p.returncode == 0, "speed/run --quick succeeds: %s" % p.stderr[-500:])
    check("CPU time (s)" in p.stdout and "peak RSS (MB)" in p.stdout, "both tables printed")
    rows = [l.split()[0] for l in p.stdout.splitlines() if l and l.split()[0] in EXPECTED]
    check(sorted(set(rows)) == programs and len(rows) == 2 * len(programs),
          "each program in both tables: %r" % rows)
    check("left out" not in p.stdout, "no run left out: %s" % p.stdout[-500:])
    # --stat min: the fastest of the runs, the same program for two labels
    # of one binary; each ratio is a ratio of the two minima
    p = subprocess.run([sys.executable, os.path.join(SPEED, "run"), "-m", "a=" + MINIRUBY, "-m", "b=" + MINIRUBY,
                        "--no-ruby", "--quick", "-n", "3", "--only", "calls", "--stat", "min", "--json", JSON],
                       capture_output=True, text=True, timeout=600)
    check(p.returncode == 0 and "CPU time (s), fastest run" in p.stdout, "--stat min runs: %s" % p.stderr[-500:])
    runs = json.load(open(JSON))["runs"]
    fastest = [min(cpu for cpu, rss in runs["calls " + label]) for label in ("a", "b")]
    row = [l.split() for l in p.stdout.splitlines() if l.startswith("calls")][0]
    check(row[1] == "%.3g" % fastest[0] and row[2] == "%.3g" % fastest[1] and row[3].rstrip("!") == "%.3g" % (fastest[1] / fastest[0]),
          "the row holds the minima and their ratio: %r, minima %r" % (row, fastest))
    # --stat paired: the ratio is the median of the rounds' ratios, b's run
    # over a's run beside it, not a ratio of medians
    p = subprocess.run([sys.executable, os.path.join(SPEED, "run"), "-m", "a=" + MINIRUBY, "-m", "b=" + MINIRUBY,
                        "--no-ruby", "--quick", "-n", "3", "--only", "calls", "--stat", "paired", "--json", JSON],
                       capture_output=True, text=True, timeout=600)
    check(p.returncode == 0 and "ratios of runs side by side" in p.stdout, "--stat paired runs: %s" % p.stderr[-500:])
    if p.returncode != 0:
        finish()
    runs = json.load(open(JSON))["runs"]
    a, b = ([cpu for cpu, rss in runs["calls " + label]] for label in ("a", "b"))
    per_round = sorted(y / x for x, y in zip(a, b))
    row = [l.split() for l in p.stdout.splitlines() if l.startswith("calls")][0]
    check(len(per_round) == 3 and row[3].rstrip("!") == "%.3g" % per_round[1],
          "the ratio is the median of the rounds' ratios: %r, ratios %r" % (row, per_round))
    shutil.rmtree(os.path.dirname(JSON), ignore_errors=True)
    finish()


main()
