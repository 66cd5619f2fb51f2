#!/usr/bin/env python3
"""soak.py: long runs with peak memory stable (issue "Hardening").

  soak.py [--miniruby ./miniruby] [--quick] [hackysack|threads ...]

hackysack: test/workloads/hackysack.rb with 1,000 players and 2,000,000
kicks.  threads: test/bench/soak_threads.rb, creating and joining threads
for 60 s.  --quick: 1,000,000 kicks and 3 s (test/hardening/soak_test.py).

While the program runs its /proc/PID/status is read every 20 ms; the run is
cut into four quarters of time, and the peak resident size (VmRSS) of the
last quarter must be within 10% of the peak of the first half (no growth
once warm: the first half, not the first quarter, so that a warm-up that
runs into the second quarter on a loaded machine is not taken for
growth; a leak that adds 10% of the memory over the second half still
fails).  A part of the run that got no sample (a loaded machine can starve
the sampler for longer than a quarter of a half-second run) is judged by
the sample nearest to it.  Prints `RESULT name value unit` lines like the
other benchmarks (time, kicks or threads per second, VmHWM, each quarter's
peak) and exits 1 when a run grows or fails."""
import argparse
import os
import re
import subprocess
import sys
import time

SRCDIR = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SAMPLE = 0.02
GROWTH = 1.10


def status_kb(pid, field):
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return None


def sample(cmd):
    """Run cmd; returns (status, stdout, [(t, rss_kb)], hwm_kb, seconds)."""
    start = time.time()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    samples, hwm = [], 0
    while p.poll() is None:
        rss = status_kb(p.pid, "VmRSS")
        h = status_kb(p.pid, "VmHWM")
        if rss is not None:
            samples.append((time.time() - start, rss))
        if h:
            hwm = max(hwm, h)
        time.sleep(SAMPLE)
    out, err = p.communicate()
    if p.returncode:
        sys.stderr.write(err[-2000:])
    return p.returncode, out, samples, hwm, time.time() - start


def quarter_peaks(samples, total):
    """The peak RSS of each quarter of the run, 0 where it has no sample."""
    peaks = [0, 0, 0, 0]
    for t, rss in samples:
        q = min(3, int(4 * t / total)) if total > 0 else 0
        peaks[q] = max(peaks[q], rss)
    return peaks


def growth(samples, total):
    """The last quarter's peak RSS over the first half's, from [(t, kb)]
    samples of a run of `total` seconds; a part without samples takes the
    nearest one.  None without samples."""
    if not samples:
        return None
    def part_peak(lo, hi):
        inside = [rss for t, rss in samples if lo <= t < hi]
        if inside:
            return max(inside)
        mid = (lo + hi) / 2
        return min(samples, key=lambda s: abs(s[0] - mid))[1]
    first_half = part_peak(0, total / 2)
    last_quarter = part_peak(total * 3 / 4, float("inf"))
    return last_quarter / max(1, first_half)


def judge(code, samples, total, check_growth=True):
    """(ok, growth) of a run: it exited 0, was sampled, and did not grow."""
    g = growth(samples, total)
    ok = code == 0 and len(samples) >= 4 and g is not None and (not check_growth or g <= GROWTH)
    return ok, g


def soak(name, cmd, check_growth=True):
    code, out, samples, hwm, secs = sample(cmd)
    peaks = quarter_peaks(samples, secs)
    for line in out.splitlines():
        if line.startswith("RESULT "):
            print(line)
        m = re.match(r"(\d+) players, (\d+) kicks: ([\d.e-]+) s", line)
        if m and float(m.group(3)) > 0:
            print("RESULT soak_%s_kicks_rate %d kicks/s" % (name, int(m.group(2)) / float(m.group(3))))
    print("RESULT soak_%s_time %.2f s" % (name, secs))
    print("RESULT soak_%s_hwm %d KB" % (name, hwm))
    for i, pk in enumerate(peaks):
        print("RESULT soak_%s_rss_q%d %d KB" % (name, i + 1, pk))
    ok, g = judge(code, samples, secs, check_growth)
    print("%s soak %s: status %s, %d samples, last quarter's peak %.1f%% of the first half's (quarters' peaks %s KB)" %
          ("ok" if ok else "FAIL", name, code, len(samples), 100.0 * (g or 0), ", ".join(map(str, peaks))))
    return ok


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--miniruby", default="./miniruby")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--no-growth-check", action="store_true",
                    help="report memory but do not judge it (ASan builds: the quarantine grows)")
    ap.add_argument("which", nargs="*", default=["hackysack", "threads"])
    a = ap.parse_args()
    mr = os.path.abspath(a.miniruby)
    runs = {
        "hackysack": [mr, os.path.join(SRCDIR, "test", "workloads", "hackysack.rb"),
                      "1000", "1000000" if a.quick else "2000000"],
        "threads": [mr, os.path.join(SRCDIR, "test", "bench", "soak_threads.rb"), "3" if a.quick else "60"],
    }
    ok = all([soak(w, runs[w], not a.no_growth_check) for w in a.which])
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
