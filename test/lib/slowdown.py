"""slowdown.py: builds slowed on purpose for test/bench/compare's tests.

MINIRUBY_BENCH_SLOWDOWN=N makes every method call of the binary spin N
times; what a spin costs differs by build, so the tests measure it."""
import os
import resource
import statistics
import subprocess

from mrtest import SRCDIR

PMAP = os.path.join(SRCDIR, "test", "workloads", "pmap.rb")


def cpu_samples(binary, spins, runs):
    """CPU seconds of pmap.rb 1 (compare's --quick size) at each spin count:
    {spins: [seconds of each run]}, runs interleaved across the counts."""
    got = {n: [] for n in spins}
    for _ in range(runs):
        for n in spins:
            env = dict(os.environ, MINIRUBY_BENCH_SLOWDOWN=str(n))
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run([binary, PMAP, "1"], env=env,
                           stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL, check=True, timeout=120)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            got[n].append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return got


def cpu_times(binary, spins, runs):
    """The median of cpu_samples at each spin count."""
    return {n: statistics.median(v) for n, v in cpu_samples(binary, spins, runs).items()}


def spins_for(binary, added):
    """Spins that add about `added` (a fraction) to pmap's CPU time in this
    build: a spin's cost differs by build (a call in the ucontext builds
    makes a system call, under the sanitizers every call costs more), so it
    is measured, from the first probe that at least doubles the time."""
    probe = 16
    while True:
        t = cpu_times(binary, [0, probe], 3)
        if t[probe] >= 2 * t[0] or probe >= 1 << 20:
            return max(1, round(probe * added * t[0] / max(t[probe] - t[0], 1e-6)))
        probe *= 4
