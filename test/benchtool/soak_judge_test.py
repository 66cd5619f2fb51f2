"""soak_judge_test.py: how test/bench/soak.py judges a run's memory, on
made-up samples (no program runs).  A warm-up that lasts into the second
quarter, or a quarter the sampler missed on a loaded machine, is no
growth; memory that keeps growing through the run, or a failed run, is.
(The first rule judged the last quarter against the first quarter and
needed a sample in each: it failed the first two.)"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))
from mrtest import SRCDIR, check, finish  # noqa: E402

sys.path.insert(0, os.path.join(SRCDIR, "test", "bench"))
import soak  # noqa: E402

TOTAL = 1.0


def series(rss_at, n=50):
    """n samples over a run of TOTAL seconds, RSS (KB) given by rss_at(t)."""
    return [(TOTAL * i / n, rss_at(TOTAL * i / n)) for i in range(n)]


def flat(t):
    return 15000


def slow_warm_up(t):
    """rises from 3 MB to 15 MB over the first 40% of the run, then stays"""
    return int(3000 + 12000 * min(1.0, t / 0.4))


def leak(t):
    """grows by a third over the run: 15 MB to 20 MB"""
    return int(15000 + 5000 * t)


def main():
    ok, g = soak.judge(0, series(flat), TOTAL)
    check(ok and abs(g - 1.0) < 1e-9, "flat memory passes (growth %r)" % g)

    ok, g = soak.judge(0, series(slow_warm_up), TOTAL)
    check(ok, "a warm-up into the second quarter is no growth (growth %r)" % g)
    q = soak.quarter_peaks(series(slow_warm_up), TOTAL)
    check(q[3] > q[0] * soak.GROWTH, "the first rule (last quarter against the first) failed it: %r" % q)

    starved = [s for s in series(flat) if not 0.5 <= s[0] < 0.75]   # no sample in the third quarter
    ok, g = soak.judge(0, starved, TOTAL)
    check(ok, "a quarter without samples is judged by its neighbours (growth %r)" % g)
    check(0 in soak.quarter_peaks(starved, TOTAL), "the first rule, needing every quarter, failed it")
    only_start = [s for s in series(flat) if s[0] < 0.3]              # none after 0.3 s
    ok, g = soak.judge(0, only_start, TOTAL)
    check(ok, "no sample in the second half: the nearest ones stand for it (growth %r)" % g)

    ok, g = soak.judge(0, series(leak), TOTAL)
    check(not ok and g > soak.GROWTH, "memory growing through the run fails (growth %r)" % g)
    ok, g = soak.judge(0, series(leak), TOTAL, check_growth=False)
    check(ok, "--no-growth-check reports growth without failing")

    check(not soak.judge(1, series(flat), TOTAL)[0], "a run that failed fails")
    check(not soak.judge(0, [], TOTAL)[0], "a run without samples fails")
    check(not soak.judge(0, series(flat, n=3), TOTAL)[0], "a run with three samples fails")
    finish()


main()
