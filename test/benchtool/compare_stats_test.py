"""compare_stats_test.py: the verdict logic of test/bench/compare on fixed
samples, and the pieces around it that need no benchmark run
(test: one build).

- stats.mann_whitney on samples whose exact p-values were counted by hand
  (or by enumerating every split), ties included, and the normal
  approximation beyond 40 runs;
- stats.bootstrap_ratio: seeded (the same answer twice), exact on
  constant samples;
- stats.verdict: slower, faster (for rates), larger (memory), no change,
  a small significant difference that stays "no change", undecided with
  an estimate of the runs needed, too few runs;
- benchlib.derived_timeout and the naming of crashes (run_process on small
  shell commands: a signal, an exit status, a hang whose child is killed);
- report: the summary comes first, verdict columns, the Markdown report,
  and the charts: four PNGs when gnuplot is installed, and the report
  saying so when it is not (PATH without gnuplot).
No interpreter is run except by the report's synthetic builds (none)."""
import math
import os
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))
from mrtest import SRCDIR, check, finish  # noqa: E402

sys.path.insert(0, os.path.join(SRCDIR, "test", "bench"))
import benchlib  # noqa: E402
import report  # noqa: E402
import stats  # noqa: E402


def near(a, b, eps=1e-9):
    return a is not None and abs(a - b) <= eps


def test_mann_whitney():
    u, p = stats.mann_whitney([1, 2, 3, 4, 5], [6, 7, 8, 9, 10])
    # complete separation: 2 of the C(10,5) = 252 splits are as extreme
    check(u == 25 and near(p, 2 / 252.0), "MW separated 5+5: U=%r p=%r" % (u, p))
    u, p = stats.mann_whitney([6, 7, 8, 9, 10], [1, 2, 3, 4, 5])
    check(u == 0 and near(p, 2 / 252.0), "MW the other way: U=%r p=%r" % (u, p))
    u, p = stats.mann_whitney([1, 2, 3], [4, 5, 6])
    check(u == 9 and near(p, 0.1), "MW 3+3 can never reach 0.05: p=%r" % p)
    u, p = stats.mann_whitney([1, 3, 5, 7, 9], [2, 4, 6, 8, 10])
    # |U - 12.5| >= 2.5 in 174 of the 252 splits
    check(u == 15 and near(p, 174 / 252.0), "MW interleaved: U=%r p=%r" % (u, p))
    u, p = stats.mann_whitney([1, 1, 1, 1], [2, 2, 2, 2])
    # with ties: the permutation distribution, 2 of C(8,4) = 70
    check(u == 16 and near(p, 2 / 70.0), "MW tied groups: U=%r p=%r" % (u, p))
    u, p = stats.mann_whitney([5, 5, 5], [5, 5, 5, 5])
    check(u == 6 and p == 1.0, "MW all equal: U=%r p=%r" % (u, p))
    # 25+25: normal approximation.  U = 1+2+...+25 = 325, mean 312.5,
    # variance 25*25*51/12, z = (12.5 - 0.5) / 51.539 = 0.2328, p = 0.8159
    x = list(range(25))
    u, p = stats.mann_whitney(x, [v + 0.5 for v in x])
    check(u == 325 and abs(p - 0.8159) < 0.0005, "MW normal approximation: U=%r p=%r" % (u, p))
    # shifted by 20 with 5 ties: U = 610 + 5/2, z = 5.81, p ~ 6e-9
    u, p = stats.mann_whitney(x, [v + 20 for v in x])
    check(u == 612.5 and 1e-9 < p < 1e-7, "MW normal with ties: U=%r p=%r" % (u, p))


def test_bootstrap():
    x = [1.0, 1.1, 0.9, 1.05, 0.95]
    y = [2 * v for v in reversed(x)]
    a, b = stats.bootstrap_ratio(x, y), stats.bootstrap_ratio(x, y)
    check(a == b, "bootstrap is seeded: %r %r" % (a, b))
    check(a[0] < 2.0 < a[1] and a[0] > 1.6 and a[1] < 2.5, "bootstrap brackets the true ratio 2: %r" % (a,))
    check(stats.bootstrap_ratio([3.0] * 5, [3.0] * 5) == (1.0, 1.0), "constant samples: [1, 1]")
    check(stats.bootstrap_ratio([1.0] * 4, [2.0] * 6) == (2.0, 2.0), "constant samples: [2, 2]")
    check(stats.quantile([1, 2, 3, 4], 0.5) == 2.5 and stats.quantile([5], 0.9) == 5, "quantile interpolates")
    check(stats.quantile([1, 2, math.inf, math.inf], 0.9) == math.inf
          and stats.quantile([1, 2, math.inf], 0.25) == 1.5, "quantile with infinite values")
    # base runs of 0 s (a figure below the clock's resolution): some
    # resampled medians are 0 and their ratios infinite
    v = stats.verdict([0.0, 0.0, 0.001, 0.001, 0.001], [0.001, 0.001, 0.0, 0.001, 0.0], "lower")
    check(v.kind == "undecided" and math.isinf(v.high) and v.need == stats.MAX_RUNS_HINT,
          "infinite ratios are undecided: %s %r %r" % (v.kind, v.high, v.need))
    check(stats.median([3, 1, 2]) == 2 and stats.median([4, 1, 2, 3]) == 2.5, "median")


def test_verdict():
    x = [1.00, 1.02, 0.98, 1.01, 0.99, 1.03]
    slow = [1.5 * v for v in reversed(x)]
    v = stats.verdict(x, slow, "lower")
    check(v.kind == "slower" and near(v.ratio, 1.5, 1e-6) and near(v.p, 2 / 924.0),
          "a 50%% slowdown: %s %r p=%r" % (v.kind, v.ratio, v.p))
    check(v.low > 1.4 and v.high < 1.6 and v.change() == "+50.0%", "its interval %s" % v.interval())
    v = stats.verdict(x, [v * 0.5 for v in x], "lower")
    check(v.kind == "faster" and v.change() == "-50.0%", "half the time: %s %s" % (v.kind, v.change()))
    v = stats.verdict(x, slow, "higher")
    check(v.kind == "faster", "a higher rate is faster: %s" % v.kind)
    v = stats.verdict(x, slow, "lower", words=("smaller", "larger"))
    check(v.kind == "larger", "memory has its own words: %s" % v.kind)
    v = stats.verdict(x, list(reversed(x)), "lower")
    check(v.kind == "no change" and v.ratio == 1.0 and v.low >= 1 / 1.05 and v.high <= 1.05,
          "the same samples: %s %s" % (v.kind, v.interval()))
    tight = [1.000, 1.001, 1.002, 1.003, 1.004, 1.005]
    v = stats.verdict(tight, [t * 1.02 for t in tight], "lower")
    check(v.kind == "no change" and v.p < 0.05 and "significant but small" in v.note,
          "2%% slower, significant, within 5%%: %s (%s)" % (v.kind, v.note))
    v = stats.verdict(tight, [t * 1.02 for t in tight], "lower", threshold=0.01)
    check(v.kind == "slower", "the same with a 1%% threshold: %s" % v.kind)
    wide_x, wide_y = [1.0, 1.3, 0.8, 1.2, 0.9], [1.1, 0.85, 1.35, 0.95, 1.25]
    v = stats.verdict(wide_x, wide_y, "lower")
    check(v.kind == "undecided" and v.need > 5 and "too wide" in v.note,
          "a wide spread is undecided and asks for more runs: %s need=%r" % (v.kind, v.need))
    # an interval of ratios [0.9, 1/0.9] around 1 after 10 runs: its half
    # width ln(1/0.9) must shrink to ln(1.05), so 10 * (0.10536/0.04879)^2
    n = stats.runs_needed((10, 10), 1.0, 0.9, 1 / 0.9, 0.05)
    check(n == 47, "runs needed to put [0.9, 1.11] inside +-5%%: %r" % n)
    n = stats.runs_needed((10, 12), 1.2, 1.05, 1.4, 0.05)
    check(n == 12, "an interval already clear of the band needs a few more runs at most: %r" % n)
    v = stats.verdict([1, 2, 3], [7, 8, 9], "lower")
    check(v.kind == "undecided" and v.need == 5 and "too few runs" in v.note and near(v.ratio, 4.0),
          "3 runs decide nothing: %s %r (%s)" % (v.kind, v.need, v.note))
    v = stats.verdict(x, slow, "-")
    check(v.kind == "-", "no verdict without a direction")
    v = stats.verdict([0, 0, 0, 0], [0, 0, 0, 0], "lower")
    check(v.kind == "no change", "all zero: no change")
    d = stats.verdict(x, slow, "lower").as_dict()
    check(d["verdict"] == "slower" and d["runs"] == [6, 6] and near(d["ratio"], 1.5, 1e-6), "as_dict: %r" % d)


def test_timeouts_and_signals(tmp):
    t = benchlib.derived_timeout
    check(t([], 120) == 120, "no baseline run yet: the workload's limit")
    check(t([0.01, 0.02, 0.03], 120, 10, 5) == 5, "a fast baseline: the minimum, 5 s")
    check(t([1.0, 2.0, 3.0], 120, 10, 5) == 20, "10 x the baseline's median")
    check(t([30.0, 40.0], 120, 10, 5) == 120, "never above the workload's limit")
    r = benchlib.run_process(["sh", "-c", "kill -SEGV $$"], None, 10, tmp)
    check(r.status == "SIGSEGV" and r.code == -11 and "SIGSEGV (signal 11)" in r.describe(),
          "a crash names its signal: %s %r %s" % (r.status, r.code, r.describe()))
    helper = benchlib.compile_helper(tmp)
    if helper:
        r = benchlib.run_process(["sh", "-c", "kill -ABRT $$"], None, 10, tmp, helper)
        check(r.status == "SIGABRT" and r.code == -6, "through the rusage helper too: %s" % r.status)
        r = benchlib.run_process(["sh", "-c", "exit 134"], None, 10, tmp, helper)
        check(r.status == "fail" and r.code == 134, "exit 134 is not a signal: %s %r" % (r.status, r.code))
        r = benchlib.run_process(["sh", "-c", "i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done"],
                                 None, 30, tmp, helper)
        check(r.status == "ok" and r.cpu is not None and r.cpu > 0, "the helper reports CPU time: %r" % r.cpu)
    r = benchlib.run_process(["sh", "-c", "exit 3"], None, 10, tmp)
    check(r.status == "fail" and r.describe() == "exit status 3", "an exit status: %s" % r.describe())
    pidfile = os.path.join(tmp, "sleeper")
    start = time.monotonic()
    r = benchlib.run_process(["sh", "-c", "sleep 1000 & echo $! > %s; wait" % pidfile], None, 1.0, tmp)
    check(r.status == "timeout" and time.monotonic() - start < 30 and "1.0 s" in r.describe(),
          "a hang is cut at its timeout: %s %s" % (r.status, r.describe()))
    check(gone(int(open(pidfile).read())), "the hang's own child is killed with it")
    check(not benchlib._live, "no child is left registered")


def gone(pid, wait=5.0):
    """True when pid is dead (a zombie waiting for its reaper counts)."""
    end = time.monotonic() + wait
    while time.monotonic() < end:
        try:
            with open("/proc/%d/stat" % pid) as f:
                if f.read().rsplit(")", 1)[1].split()[0] in ("Z", "X"):
                    return True
        except OSError:
            return True
        time.sleep(0.05)
    return False


# ---------------------------------------------------------------- report
class FakeRun:
    out = err = ""

    def describe(self):
        return ""


def synthetic():
    """Results for builds a and b (b 50% slower on pmap, equal on startup)
    with a two-point hackysack series, made without running anything."""
    builds = [benchlib.Build("a", "/bin/a", "miniruby"), benchlib.Build("b", "/bin/b", "miniruby")]
    workloads = benchlib.select(["startup", "pmap"], None)
    res = report.Results(builds, workloads, True, 6)
    jitter = [1.00, 1.02, 0.98, 1.01, 0.99, 1.03]
    for i, j in enumerate(jitter):
        for b, slow in (("a", 1.0), ("b", 1.5)):
            res.add_run("pmap", b, "ok", {"wall": (0.2 * j * slow, "s"), "cpu": (0.1 * j * slow, "s"),
                                          "map": (0.05 * j * slow, "s"), "maxrss": (5.0, "MB")}, FakeRun())
            k = jitter[-1 - i] if b == "b" else j
            res.add_run("startup", b, "ok", {"wall": (4 * k, "ms"), "cpu": (2 * k, "ms"),
                                             "maxrss": (5.0, "MB")}, FakeRun())
    res.players = [10, 100]
    for p in res.players:
        for b in ("a", "b"):
            for j in jitter[:3]:
                res.add_scaling(p, "hackysack", b, "ok", {"time": (0.001 * p * j, "s"),
                                                          "maxrss": (5 + p / 10.0, "MB")}, FakeRun())
                res.add_scaling(p, "hackysack_kicks", b, "ok", {"kicks": (0.0005 * j, "s")}, FakeRun())
    res.command = "synthetic"
    return res


def test_report(tmp):
    res = synthetic()
    out = report.text(res)
    lines = out.splitlines()
    header = next(i for i, l in enumerate(lines) if not l.startswith("#"))
    summary = [l for l in lines[:header] if "verdicts at 95%" in l]
    check(summary and summary[0] == "# verdicts at 95%, b against a: 1 slower, 0 faster, 1 no change, "
          "0 undecided, 0 failed  (no change: within +-5%)", "the summary comes first: %r" % summary[:1])
    pm = [l for l in lines[:header] if " pmap " in l]
    check(pm and pm[0].split()[1:4] == ["slower", "pmap", "cpu"] and "+50.0%" in pm[0],
          "the pmap line: %r" % pm[:1])
    head = lines[header].split()
    check(head[-2:] == ["ratio:b", "verdict:b"], "table header ends with ratio and verdict: %r" % head)
    rows = {tuple(l.split()[:2]): l.split() for l in lines[header + 1:]}
    check(rows[("pmap", "cpu")][-1] == "slower" and rows[("startup", "cpu")][-1] == "no-change"
          and rows[("pmap", "maxrss")][-1] == "no-change", "verdict column tokens")
    check(rows[("scale_hackysack_10", "time")][-1] == "undecided", "three series runs decide nothing")
    md = report.markdown(res, [], "")
    check(md.index("## Verdict") < md.index("## Builds") < md.index("## Figures"), "the report opens with the verdict")
    check("| pmap | cpu (s) | **slower** | +50.0% |" in md, "the report's verdict row for pmap")

    stem = os.path.join(tmp, "rep.md")
    if shutil.which("gnuplot"):
        charts, note = report.charts(res, stem)
        names = sorted(os.path.basename(c) for c in charts)
        check(note == "" and names == ["rep-hackysack-memory.png", "rep-hackysack-time.png",
                                       "rep-ratios.png", "rep-times.png"], "four charts: %r %r" % (names, note))
        for c in charts:
            with open(c, "rb") as f:
                check(f.read(8) == b"\x89PNG\r\n\x1a\n" and os.path.getsize(c) > 1000, "%s is a PNG" % c)
        check(not [f for f in os.listdir(tmp) if f.endswith(".plotdata")], "no plot data is left behind")
    old = os.environ["PATH"]
    empty = os.path.join(tmp, "empty-path")
    os.makedirs(empty)
    os.environ["PATH"] = empty
    try:
        charts, note = report.charts(res, os.path.join(tmp, "nognuplot.md"))
    finally:
        os.environ["PATH"] = old
    check(charts == [] and "gnuplot is not installed" in note, "without gnuplot: no charts and a note: %r" % note)
    md = report.markdown(res, charts, note)
    section = md.split("## Charts", 1)[1].split("##", 1)[0]
    check("gnuplot is not installed" in section and "gnuplot-nox" in section, "the report says gnuplot is missing")


def main():
    tmp = tempfile.mkdtemp(prefix="comparestats.")
    try:
        test_mann_whitney()
        test_bootstrap()
        test_verdict()
        test_timeouts_and_signals(tmp)
        test_report(tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    finish()


if __name__ == "__main__":
    main()
