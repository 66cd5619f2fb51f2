"""stats.py: the verdict of test/bench/compare, by hand in the standard library.

Given the samples of one figure in a baseline build (x) and another build
(y), verdict() decides whether the other build is faster, slower or not
different, at a confidence level (95%) and a threshold (5%):

  - the effect is the ratio of the medians, median(y) / median(x), with a
    percentile bootstrap confidence interval (resampling each build's
    runs independently, 2,000 times, from a fixed seed: the same samples
    always give the same interval);
  - the Mann-Whitney U test gives a two-sided p-value (exact, ties
    included, up to 40 runs in all; beyond, the normal approximation with
    the tie correction);
  - "no change": the whole interval lies within the threshold band
    [1/(1+t), 1+t]; "slower"/"faster": p < 1 - level, the interval
    excludes 1 and the median ratio lies outside the band; anything else
    is "undecided", with an estimate of the runs that would decide it.
    Fewer than MIN_RUNS runs in either build are always undecided (with
    3 runs each, no two-sided p-value can be below 0.05).

Nothing is corrected for testing many workloads at once: at 95%, one
figure in twenty can cross the interval's edge by chance, which is why a
significant difference must also exceed the threshold."""
import math
import random

MIN_RUNS = 4
RESAMPLES = 2000
SEED = 20261201
MAX_RUNS_HINT = 200


def median(xs):
    s = sorted(xs)
    n = len(s)
    if n == 0:
        raise ValueError("median of no values")
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2.0


def quantile(sorted_xs, q):
    """The q-quantile of an ascending list, interpolating linearly between
    order statistics (the usual 'type 7' definition)."""
    n = len(sorted_xs)
    if n == 1:
        return sorted_xs[0]
    h = (n - 1) * q
    i = int(math.floor(h))
    if i >= n - 1:
        return sorted_xs[-1]
    lo, hi = sorted_xs[i], sorted_xs[i + 1]
    if lo == hi or h == i:
        return lo
    if math.isinf(hi):                   # the ratios of resamples whose base median is 0
        return hi
    return lo + (h - i) * (hi - lo)


# ---------------------------------------------------------------- Mann-Whitney U
def _ranks(values):
    """Average ranks (1-based) and the tie groups' sizes."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    ties = []
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2.0 + 1
        if j > i:
            ties.append(j - i + 1)
        i = j + 1
    return ranks, ties


EXACT_MAX = 40      # runs in both builds together up to which p is exact


def _exact_p(ranks, n):
    """Two-sided p of the rank sum of the first n of `ranks` among all
    ways to pick n of them: the permutation distribution, exact with ties.
    Ranks are doubled so that mid-ranks are integers."""
    r2 = [int(round(2 * r)) for r in ranks]
    total, big_n = sum(r2), len(r2)
    observed = abs(big_n * sum(r2[:n]) - n * total)
    ways = [dict() for _ in range(n + 1)]     # ways[k][s]: subsets of size k with sum s
    ways[0][0] = 1
    for i, r in enumerate(r2):
        for k in range(min(n, i + 1), 0, -1):
            into = ways[k]
            for s, c in ways[k - 1].items():
                into[s + r] = into.get(s + r, 0) + c
    hits = sum(c for s, c in ways[n].items() if abs(big_n * s - n * total) >= observed)
    return min(1.0, hits / float(sum(ways[n].values())))


def mann_whitney(x, y):
    """(U, p): U counts the pairs (x_i, y_j) with y_j > x_i (ties count
    one half), so U near len(x)*len(y) means y is larger; p is the two-sided
    p-value of the hypothesis that x and y come from one distribution:
    exact (the permutation distribution of the ranks, ties included) up to
    EXACT_MAX runs in all, else the normal approximation with the tie
    correction and a continuity correction."""
    n, m = len(x), len(y)
    if n == 0 or m == 0:
        raise ValueError("mann_whitney needs values in both samples")
    ranks, ties = _ranks(list(x) + list(y))
    u = sum(ranks[n:]) - m * (m + 1) / 2.0
    if n + m <= EXACT_MAX:
        return u, _exact_p(ranks, n)
    nn = n + m
    var = n * m / 12.0 * ((nn + 1) - sum(t ** 3 - t for t in ties) / float(nn * (nn - 1)))
    if var <= 0:
        return u, 1.0                            # every value equal
    z = (abs(u - n * m / 2.0) - 0.5) / math.sqrt(var)
    if z <= 0:
        return u, 1.0
    return u, min(1.0, math.erfc(z / math.sqrt(2)))


# ---------------------------------------------------------------- bootstrap
def bootstrap_ratio(x, y, level=0.95, resamples=RESAMPLES, seed=SEED):
    """(low, high): the percentile bootstrap interval of median(y)/median(x).
    Seeded, so the same samples give the same interval every time."""
    rng = random.Random(seed)
    ratios = []
    for _ in range(resamples):
        mx = median(rng.choices(x, k=len(x)))
        my = median(rng.choices(y, k=len(y)))
        ratios.append(my / mx if mx > 0 else math.inf)
    ratios.sort()
    tail = (1.0 - level) / 2.0
    return quantile(ratios, tail), quantile(ratios, 1.0 - tail)


# ---------------------------------------------------------------- verdict
class Verdict:
    """kind: 'slower', 'faster', 'no change', 'undecided' or '-' (no
    verdict: not a figure with a direction, or values that cannot be
    compared as a ratio).  ratio, low, high: median ratio other/base and
    its interval; p: Mann-Whitney's p-value; runs: (base, other) sample
    sizes; need: for 'undecided', about how many runs per build would
    decide; note: one sentence for people."""

    def __init__(self, kind, ratio=None, low=None, high=None, p=None, runs=(0, 0), need=None, note=""):
        self.kind, self.ratio, self.low, self.high, self.p = kind, ratio, low, high, p
        self.runs, self.need, self.note = runs, need, note

    def change(self):
        """The effect as a signed percentage of the baseline, e.g. '+12.3%'."""
        return pct(self.ratio)

    def interval(self):
        if self.low is None:
            return "-"
        return "[%s, %s]" % (pct(self.low), pct(self.high))

    def as_dict(self):
        return {"verdict": self.kind, "ratio": self.ratio, "ci_low": self.low, "ci_high": self.high,
                "p": self.p, "runs": list(self.runs), "runs_needed": self.need, "note": self.note}


def pct(ratio):
    if ratio is None:
        return "-"
    if math.isinf(ratio):
        return "+inf%"
    return "%+.1f%%" % ((ratio - 1.0) * 100.0)


def verdict(x, y, better="lower", threshold=0.05, level=0.95, words=("faster", "slower")):
    """The verdict on samples y (other build) against x (baseline) for a
    figure where `better` ('lower' or 'higher') values are better.  words
    name the improvement and the regression (e.g. ('smaller', 'larger')
    for memory)."""
    x, y = [float(v) for v in x], [float(v) for v in y]
    runs = (len(x), len(y))
    if better not in ("lower", "higher"):
        return Verdict("-", runs=runs, note="no better direction")
    if min(runs) < MIN_RUNS:
        need = max(MIN_RUNS, 5)
        ratio = median(y) / median(x) if runs[0] and runs[1] and median(x) > 0 else None
        return Verdict("undecided", ratio, runs=runs, need=need,
                       note="too few runs (%d and %d): at least %d per build are needed"
                       % (runs[0], runs[1], MIN_RUNS))
    mx, my = median(x), median(y)
    if mx <= 0 or my < 0:
        if mx == my and min(x) == max(x) == min(y) == max(y):
            return Verdict("no change", 1.0, 1.0, 1.0, 1.0, runs, note="identical values")
        return Verdict("-", runs=runs, note="a median of 0: no ratio")
    ratio = my / mx
    low, high = bootstrap_ratio(x, y, level)
    _, p = mann_whitney(x, y)
    band_lo, band_hi = 1.0 / (1.0 + threshold), 1.0 + threshold
    if band_lo <= low and high <= band_hi:
        note = "within the +-%g%% threshold" % (threshold * 100)
        if p < 1 - level and (low > 1 or high < 1):
            note = "a significant but small difference, " + note
        return Verdict("no change", ratio, low, high, p, runs, note=note)
    significant = p < 1 - level and (low > 1 or high < 1)
    if significant and not band_lo <= ratio <= band_hi:
        up = low > 1                      # the other build's values are larger
        worse = up if better == "lower" else not up
        return Verdict(words[1] if worse else words[0], ratio, low, high, p, runs,
                       note="significant at %g%%" % (level * 100))
    need = runs_needed(runs, ratio, low, high, threshold)
    return Verdict("undecided", ratio, low, high, p, runs, need,
                   note="the spread is too wide to decide: about %d runs per build are needed" % need)


def runs_needed(runs, ratio, low, high, threshold):
    """About how many runs per build would narrow the interval enough to
    decide, assuming its width shrinks as 1/sqrt(runs): to put it inside
    the band when the ratio lies inside it, else to exclude 1."""
    n = min(runs)
    if not (low > 0 and math.isfinite(high) and ratio > 0):
        return MAX_RUNS_HINT
    half = (math.log(high) - math.log(low)) / 2.0
    effect, band = abs(math.log(ratio)), math.log(1.0 + threshold)
    target = band - effect if effect < band else effect
    target = max(target, band / 10.0)
    if half <= 0:
        return n + 1
    need = int(math.ceil(n * (half / target) ** 2))
    return max(n + 2, min(MAX_RUNS_HINT, need))
