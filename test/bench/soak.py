#!/usr/bin/env python3
"""soak.py: long runs with peak memory stable (issue "Hardening").

  soak.py [--miniruby ./miniruby] [--quick] [hackysack|threads ...]

hackysack: test/workloads/hackysack.rb with 1,000 players and 2,000,000
kicks.  threads: test/bench/soak_threads.rb, creating and joining threads
for 60 s.  --quick: 1,000,000 kicks and 3 s (test/hardening/soak_test.py).

While the program runs its /proc/PID/status is read every 20 ms; the run is
cut into four quarters of time, and the peak resident size (VmRSS) of the
last quarter must be within 10% of the first quarter's (no growth once
warm).  Prints `RESULT name value unit` lines like the other benchmarks
(time, kicks or threads per second, VmHWM, each quarter's peak) and exits 1
when a run grows or fails."""
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
    peaks = [0, 0, 0, 0]
    for t, rss in samples:
        q = min(3, int(4 * t / total)) if total > 0 else 0
        peaks[q] = max(peaks[q], rss)
    return peaks


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
    ok = code == 0 and len(samples) >= 8 and all(peaks) and (not check_growth or peaks[3] <= peaks[0] * GROWTH)
    print("%s soak %s: status %s, %d samples, last quarter's peak %.1f%% of the first's" %
          ("ok" if ok else "FAIL", name, code, len(samples), 100.0 * peaks[3] / max(1, peaks[0])))
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
