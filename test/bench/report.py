"""report.py: the figures of test/bench/compare and their presentation.

Results collects every run; rows() turns them into figure rows (one per
workload and measure, with each build's median, min, max, ratio to the
first build and verdict against it, see stats.py); summary() is the
verdict per workload; text(), markdown(), write_json() and charts()
render them.  Nothing here runs a benchmark."""
import datetime
import json
import math
import os
import platform
import shutil
import subprocess
import sys

import benchlib
import stats


class Row:
    """One figure: workload, measure, unit and per build (label) a cell:
    a (median, min, max, ok runs, all runs) tuple or a status string."""

    def __init__(self, workload, measure, unit):
        self.workload, self.measure, self.unit = workload, measure, unit
        self.better = benchlib.better(unit)
        self.cells = {}
        self.samples = {}      # label -> the good runs' values
        self.statuses = {}     # label -> the status of every run
        self.verdicts = {}     # label -> stats.Verdict against the first build

    def median(self, label):
        c = self.cells.get(label)
        return c[0] if isinstance(c, tuple) else None

    def ratio(self, label, first):
        a, b = self.median(label), self.median(first)
        if a is None or b is None or a < 0 or b <= 0:
            return None
        return a / b


class Results:
    def __init__(self, builds, workloads, quick, runs, threshold=0.05, level=0.95):
        self.builds, self.workloads, self.quick, self.runs = builds, workloads, quick, runs
        self.threshold, self.level = threshold, level
        self.budget = None
        self.timeout_rule = ""
        self._rows, self._rows_at = None, -1
        self._changes = 0
        self.labels = [b.label for b in builds]
        self.runs_of = {}      # (workload, label) -> [(status, figures)]
        self.strace = {}       # (workload, label) -> counts, {'status': ...} or None
        self.scaling = {}      # (players, workload, label) -> [(status, figures)]
        self.players = []
        self.failures = []     # (workload, label, status, message)
        self.command = ""
        self.date = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")

    def add_run(self, workload, label, status, figures, run):
        self.runs_of.setdefault((workload, label), []).append((status, figures))
        self.note_failure(workload, label, status, run)

    def add_scaling(self, players, workload, label, status, figures, run):
        self.scaling.setdefault((players, workload, label), []).append((status, figures))
        self.note_failure("%s@%d" % (workload, players), label, status, run)

    def note_failure(self, workload, label, status, run):
        self._changes += 1
        if status != "ok":
            tail = (run.err or run.out).strip().splitlines()[-3:]
            msg = run.describe()
            if tail:
                msg += "; last output: " + " / ".join(tail)
            self.failures.append((workload, label, status, msg))

    def runs_done(self, workload, label):
        return len(self.runs_of.get((workload, label), []))

    # ------------------------------------------------------------ rows
    def rows(self):
        """Every figure row, with verdicts (computed again only after new runs)."""
        state = (self._changes, len(self.strace), tuple(self.players))
        if self._rows is not None and self._rows_at == state:
            return self._rows
        rows = []
        for w in self.workloads:
            rows += self._workload_rows(w)
        rows += self._scaling_rows()
        hangs = {w.name for w in self.workloads if w.hang}
        for r in rows:
            for label in self.labels[1:]:
                r.verdicts[label] = self.judge(r, label, r.workload in hangs)
        self._rows, self._rows_at = rows, state
        return rows

    def judge(self, row, label, hang=False):
        """The verdict on row for build label against the first build."""
        first = self.labels[0]
        words = benchlib.VERDICT_WORDS.get(row.unit)
        statuses = row.statuses.get(label, [])
        bad = [st for st in statuses if st != "ok"]
        if hang or not words or not statuses:
            return stats.Verdict("-", note="no verdict for this figure")
        if bad:
            kind = bad[0]
            note = "%d of %d runs: %s" % (len(bad), len(statuses), _failure_words(bad))
            v = stats.Verdict(kind, runs=(len(row.samples.get(first, [])), len(row.samples.get(label, []))),
                              note=note)
            return v
        base = row.samples.get(first, [])
        if not base:
            return stats.Verdict("-", note="no good run of %s to compare with" % first)
        return stats.verdict(base, row.samples.get(label, []), row.better, self.threshold, self.level, words)

    def primary_row(self, w, rows=None, measure=None):
        """The row of w's verdict figure (its wall time when no CPU time was
        measured)."""
        rows = rows if rows is not None else self.rows()
        mine = {r.measure: r for r in rows if r.workload == w.name}
        measure = measure or w.primary
        return mine.get(measure) or (mine.get("wall") if measure == "cpu" else None)

    def summary(self):
        """[(label, [(workload, Row, Verdict, secondary)])] for every build
        but the first: the verdict figure of every workload, followed
        (secondary) by its wall time when that is decidedly slower or faster
        and the verdict figure does not say the same."""
        rows = self.rows()
        out = []
        for label in self.labels[1:]:
            lines = []
            for w in self.workloads:
                if not w.primary or not any(x.label == label and w.runs_on(x) for x in self.builds):
                    continue
                r = self.primary_row(w, rows)
                if r is None:
                    continue
                v = r.verdicts[label]
                lines.append((w.name, r, v, False))
                wall = self.primary_row(w, rows, "wall")
                if wall is not r and wall is not None:
                    wv = wall.verdicts[label]
                    if wv.kind in ("slower", "faster") and wv.kind != v.kind:
                        lines.append((w.name, wall, wv, True))
            out.append((label, lines))
        return out

    def undecided(self):
        """Workloads whose primary figure is undecided in some build."""
        rows = self.rows()
        out = []
        for w in self.workloads:
            r = self.primary_row(w, rows)
            if r is not None and any(r.verdicts[l].kind == "undecided" for l in self.labels[1:]):
                out.append(w)
        return out

    def _workload_rows(self, w):
        order, rows = [], {}
        for label in self.labels:
            for status, figures in self.runs_of.get((w.name, label), []):
                for name, (value, unit) in figures.items():
                    if name not in rows:
                        order.append(name)
                        rows[name] = Row(w.name, name, unit)
        if not order:
            order, rows = ["wall"], {"wall": Row(w.name, "wall", "s")}
        for name in order:
            for label in self.labels:
                fill(rows[name], label, self.runs_of.get((w.name, label)), name)
        result = [rows[n] for n in order]
        return result + self._strace_rows(w)

    def _strace_rows(self, w):
        if not any((w.name, label) in self.strace for label in self.labels):
            return []
        rows = [Row(w.name, "rt_sigprocmask", "calls"), Row(w.name, "syscalls", "calls")]
        for label in self.labels:
            counts = self.strace.get((w.name, label))
            for r in rows:
                if counts is None:
                    r.cells[label] = "-"
                elif "status" in counts:
                    r.cells[label] = counts["status"]
                else:
                    v = counts[r.measure]
                    r.cells[label] = (v, v, v, 1, 1)
        return rows

    def _scaling_rows(self):
        rows = []
        for p in self.players:
            name = "scale_hackysack_%d" % p
            t, m, k = Row(name, "time", "s"), Row(name, "maxrss", "MB"), Row(name, "kicks", "s")
            for label in self.labels:
                game = self.scaling.get((p, "hackysack", label))
                fill(t, label, game, "time")
                fill(m, label, game, "maxrss")
                fill(k, label, self.scaling.get((p, "hackysack_kicks", label)), "kicks")
            rows += [t, m, k]
        return rows


def fill(row, label, runs, name):
    row.cells[label] = cell(runs, name)
    row.samples[label] = [f[name][0] for st, f in runs or [] if st == "ok" and name in f]
    # a run that failed counts against every figure; a good run without
    # this figure (a program that printed less) is only left out
    row.statuses[label] = ["ok" if st == "ok" else st for st, f in runs or []
                           if st != "ok" or name in f]


def _failure_words(statuses):
    """'killed by SIGSEGV', 'timed out', ... for a list of bad statuses."""
    words = []
    for st in sorted(set(statuses)):
        if st == "timeout":
            words.append("timed out")
        elif st == "fail":
            words.append("failed (exit status)")
        else:
            words.append("killed by " + st)
    return ", ".join(words)


def cell(runs, name):
    """The summary of one measure over runs: a tuple or a status string."""
    if not runs:
        return "-"
    values = [f[name][0] for st, f in runs if st == "ok" and name in f]
    if not values:
        bad = [st for st, f in runs if st != "ok"]
        return bad[0] if bad else "-"
    med, lo, hi = benchlib.summarize(values)
    return (med, lo, hi, len(values), len(runs))


# ---------------------------------------------------------------- verdicts
FAILED_WORDS = {"timeout": "hung", "fail": "failed"}


def shown_kind(kind):
    """The verdict as people read it: statuses become hung, failed, crashed."""
    if kind in FAILED_WORDS:
        return FAILED_WORDS[kind]
    return "crashed" if benchlib.is_crash(kind) else kind


def token(kind):
    """The verdict as one table token (no spaces)."""
    return kind.replace(" ", "-")


def counts(verdicts):
    """'2 slower, 0 faster, 3 no change, 1 undecided, 0 failed'."""
    n = {"slower": 0, "faster": 0, "no change": 0, "undecided": 0, "failed": 0}
    for v in verdicts:
        k = shown_kind(v.kind)
        if k in ("hung", "failed", "crashed"):
            n["failed"] += 1
        elif k in n:
            n[k] += 1
    return ", ".join("%d %s" % (n[k], k) for k in ("slower", "faster", "no change", "undecided", "failed"))


def describe(v):
    """The effect, its interval, p and runs of a verdict, or its note."""
    if v.ratio is None:
        return v.note
    if v.low is None:
        return "%s  %d+%d runs: %s" % (v.change(), v.runs[0], v.runs[1], v.note)
    s = "%s %s  p=%s  %d+%d runs" % (v.change(), v.interval(), fmt_p(v.p), v.runs[0], v.runs[1])
    if v.kind == "undecided":
        s += ": " + v.note
    elif v.kind not in ("slower", "faster", "no change", "larger", "smaller"):
        s += ": " + v.note
    return s


def fmt_p(p):
    if p is None:
        return "-"
    return "%.2g" % p if p >= 0.001 else "%.1e" % p


def summary_lines(res):
    """The verdicts per workload, for people (stdout shows them first)."""
    out = []
    level, thr = res.level * 100, res.threshold * 100
    for label, lines in res.summary():
        out.append("verdicts at %g%%, %s against %s: %s  (no change: within +-%g%%)"
                   % (level, label, res.labels[0], counts(v for _, _, v, sec in lines if not sec), thr))
        width = max([len(w) for w, _, _, _ in lines] + [8])
        for w, r, v, sec in lines:
            out.append("  %-10s %s  %-8s %s" % ("" if sec else shown_kind(v.kind), w.ljust(width),
                                               r.measure, ("but wall time: %s " % v.kind if sec else "")
                                               + describe(v)))
        need = [v.need for _, _, v, sec in lines if v.kind == "undecided" and v.need and not sec]
        if need:
            out.append("  undecided: run again with --runs %d, or add --budget SECONDS to keep "
                       "running the undecided workloads until they are decided" % max(need))
    return out


# ---------------------------------------------------------------- text
def text(res):
    """The stdout table (format described in compare's docstring), after
    the verdict summary in '#' lines."""
    first, others = res.labels[0], res.labels[1:]
    head = ["workload", "measure", "unit", "better"] + res.labels + ["ratio:" + l for l in others] \
        + ["verdict:" + l for l in others]
    table = [head]
    for r in res.rows():
        vals = [benchlib.fmt(r.median(l)) if r.median(l) is not None else r.cells.get(l, "-")
                for l in res.labels]
        ratios = [fmt_ratio(r.ratio(l, first)) for l in others]
        verdicts = [token(r.verdicts[l].kind) for l in others]
        table.append([r.workload, r.measure, r.unit, r.better] + vals + ratios + verdicts)
    lines = ["# compare: %s" % "  ".join("%s=%s" % (b.label, b.describe()) for b in res.builds),
             "# %d runs per workload, interleaved; %s sizes; ratios are to %s"
             % (res.runs, "quick" if res.quick else "full", first)]
    if res.budget:
        lines.append("# --budget %g s: undecided workloads ran again until decided or out of time"
                     % res.budget)
    lines += ["# " + l for l in summary_lines(res)]
    return "\n".join(lines) + "\n" + benchlib.columns(table)


def fmt_ratio(x):
    return "-" if x is None else "%.3f" % x


# ---------------------------------------------------------------- markdown
def markdown(res, charts, chart_note=""):
    first = res.labels[0]
    out = ["# miniruby benchmark comparison", ""]
    out += ["- date: %s; host: %s, %d CPUs" % (res.date, platform.node(), os.cpu_count() or 0),
            "- command: `compare %s`" % res.command,
            "- %d runs per workload, interleaved across builds; %s sizes%s"
            % (res.runs, "quick" if res.quick else "full",
               "; --budget %g s for undecided workloads" % res.budget if res.budget else ""),
            "- cells: median (min-max); ratio = median / median of `%s` "
            "(for figures where higher is better, a ratio above 1 is an improvement)" % first,
            "- verdicts at %g%%: the ratio of medians with its bootstrap interval (%d resamples, "
            "fixed seed) and the Mann-Whitney U test's p; *no change* when the interval lies "
            "within +-%g%%, *slower*/*faster* when p < %g, the interval excludes 1 and the ratio "
            "is beyond +-%g%%, else *undecided* (more runs needed)"
            % (res.level * 100, stats.RESAMPLES, res.threshold * 100, 1 - res.level, res.threshold * 100),
            "- timeouts: %s" % (res.timeout_rule or "each workload's own limit"),
            "- system calls: one separate run under `strace -f -c` at the --quick size", ""]
    out += verdict_section(res)
    out += ["## Builds", "", "| | label | binary | version and environment |", "|---|---|---|---|"]
    for i, b in enumerate(res.builds):
        out.append("| %s | %s | `%s` | %s |" % (chr(65 + i), b.label, b.path, b.describe()))
    out += ["", "## Figures", ""]
    out += figure_table(res, [r for r in res.rows() if not r.workload.startswith("scale_")])
    if res.players:
        out += ["", "## hackysack.rb against the number of players", "",
                "time: hackysack.rb's own figure with 1,000 kicks (includes creating and "
                "ending the players); kicks: the 1,000 kicks alone (hackysack_kicks.rb).", ""]
        out += figure_table(res, [r for r in res.rows() if r.workload.startswith("scale_")])
    out += ["", "## Charts", ""]
    if chart_note:
        out += [chart_note, ""]
    out += ["![%s](%s)" % (c, os.path.basename(c)) for c in charts]
    out += ["", "## Workloads", "", "| workload | group | args | what |", "|---|---|---|---|"]
    for w in res.workloads:
        out.append("| %s | %s | %s | %s |" % (w.name, w.group, " ".join(w.args(res.quick)) or "-", w.about))
    if res.failures:
        out += ["", "## Failed runs", "", "| workload | build | status | what happened |", "|---|---|---|---|"]
        for w, label, status, msg in res.failures:
            out.append("| %s | %s | %s | %s |" % (w, label, status, msg.replace("|", "\\|")[:300]))
    return "\n".join(out) + "\n"


def verdict_section(res):
    out = ["## Verdict", ""]
    for label, lines in res.summary():
        out += ["**%s** against **%s**: %s." % (label, res.labels[0],
                                                counts(v for _, _, v, sec in lines if not sec)), "",
                "| workload | figure | verdict | change | %g%% interval | p | runs | note |" % (res.level * 100),
                "|---|---|---|---|---|---|---|---|"]
        for w, r, v, sec in lines:
            kind = shown_kind(v.kind)
            if kind in ("slower", "faster", "hung", "crashed", "failed"):
                kind = "**%s**" % kind
            runs = "%d+%d" % v.runs if v.ratio is not None else "-"
            out.append("| %s | %s (%s) | %s | %s | %s | %s | %s | %s |" % (
                w, r.measure, r.unit, kind, v.change(), v.interval(), fmt_p(v.p), runs,
                v.note.replace("|", "\\|")))
        need = [v.need for _, _, v, sec in lines if v.kind == "undecided" and v.need and not sec]
        if need:
            out += ["", "Undecided rows need more runs: `--runs %d`, or `--budget SECONDS` to keep "
                    "running them until they are decided." % max(need)]
        out.append("")
    return out


def figure_table(res, rows):
    first, others = res.labels[0], res.labels[1:]
    head = ["workload", "measure", "unit"] + res.labels + ["ratio %s" % l for l in others] \
        + ["verdict %s" % l for l in others]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in rows:
        cells = [md_cell(r.cells.get(l, "-")) for l in res.labels]
        ratios = [fmt_ratio(r.ratio(l, first)) for l in others]
        verdicts = [shown_kind(r.verdicts[l].kind) for l in others]
        out.append("| " + " | ".join([r.workload, r.measure, r.unit] + cells + ratios + verdicts) + " |")
    return out


def md_cell(c):
    if not isinstance(c, tuple):
        return c
    med, lo, hi, n, total = c
    s = benchlib.fmt(med)
    if lo != hi:
        s += " (%s-%s)" % (benchlib.fmt(lo), benchlib.fmt(hi))
    if n < total:
        s += " [%d/%d ok]" % (n, total)
    return s


def tests_markdown(builds, suites, differ):
    out = ["# miniruby test comparison", "", "| build | binary | summary |", "|---|---|---|"]
    for b, (_, summary) in zip(builds, suites):
        out.append("| %s | `%s` | %s |" % (b.label, b.describe(), summary))
    out += ["", "%d tests differ" % len(differ), ""]
    if differ:
        out += ["| test | " + " | ".join(b.label for b in builds) + " |", "|---|" + "---|" * len(builds)]
        for n in differ:
            cells = []
            for results, _ in suites:
                st, msg = results.get(n, ("absent", ""))
                cells.append(st + (": " + msg.replace("|", "\\|")[:120] if msg else ""))
            out.append("| %s | %s |" % (n, " | ".join(cells)))
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- json
def write_json(res, path):
    first = res.labels[0]
    figures = []
    for r in res.rows():
        for label in res.labels:
            c = r.cells.get(label, "-")
            rec = {"workload": r.workload, "measure": r.measure, "unit": r.unit,
                   "better": r.better, "build": label, "ratio": r.ratio(label, first)}
            if isinstance(c, tuple):
                rec.update(median=c[0], min=c[1], max=c[2], ok=c[3], runs=c[4], status="ok")
            else:
                rec.update(median=None, status=c, ok=0, runs=len(r.statuses.get(label, [])))
            if label in r.verdicts:
                rec["verdict"] = r.verdicts[label].as_dict()
            rec["samples"] = r.samples.get(label, [])
            figures.append(rec)
    verdicts = []
    for label, lines in res.summary():
        for w, r, v, sec in lines:
            d = v.as_dict()
            d.update(workload=w, measure=r.measure, unit=r.unit, build=label, base=first,
                     shown=shown_kind(v.kind), secondary=sec)
            verdicts.append(d)
    data = {"date": res.date, "quick": res.quick, "runs": res.runs, "command": res.command,
            "level": res.level, "threshold": res.threshold, "budget": res.budget,
            "timeouts": res.timeout_rule, "verdicts": verdicts,
            "builds": [{"label": b.label, "path": b.path, "kind": b.kind, "version": b.version,
                        "env": b.env} for b in res.builds],
            "workloads": [{"name": w.name, "group": w.group, "args": w.args(res.quick),
                           "about": w.about} for w in res.workloads],
            "figures": figures,
            "failures": [{"workload": w, "build": l, "status": s, "message": m}
                         for w, l, s, m in res.failures]}
    with open(path, "w") as f:
        json.dump(data, f, indent=1, sort_keys=True)


# ---------------------------------------------------------------- charts
def charts(res, report_path):
    """PNG charts beside the report: (files written, a note for the report
    when some or all could not be made)."""
    if not shutil.which("gnuplot"):
        return [], ("No charts: gnuplot is not installed (no `gnuplot` on PATH). "
                    "Install it (Debian: `apt-get install gnuplot-nox`) and run again for "
                    "the charts of time per workload, ratios, and hackysack against players.")
    stem = report_path[:-3] if report_path.endswith(".md") else report_path
    written, failed = [], []
    rows = res.rows()
    jobs = [(stem + "-times.png", times_chart)]
    if len(res.labels) > 1:
        jobs.append((stem + "-ratios.png", ratio_chart))
    if res.players:
        jobs += [(stem + "-hackysack-time.png", scaling_time_chart),
                 (stem + "-hackysack-memory.png", scaling_memory_chart)]
    for path, make in jobs:
        data, script = make(res, rows, path)
        if not data:
            continue
        error = gnuplot(data, script, stem)
        if error is None:
            written.append(path)
        else:
            failed.append("%s (%s)" % (os.path.basename(path), error))
    note = ("gnuplot failed for: " + "; ".join(failed)) if failed else ""
    return written, note


def gnuplot(data, script, stem):
    """Run one gnuplot script over data; None when the PNG was written, else
    what went wrong."""
    datafile = stem + ".plotdata"
    with open(datafile, "w") as f:
        f.write(data)
    try:
        p = subprocess.run(["gnuplot"], input=script.replace("DATAFILE", "'%s'" % datafile),
                           text=True, capture_output=True, timeout=60)
    except subprocess.TimeoutExpired:
        return "no answer within 60 s"
    finally:
        os.unlink(datafile)
    out = script.split("set output '", 1)[1].split("'", 1)[0]
    if p.returncode == 0 and os.path.exists(out) and os.path.getsize(out) > 0:
        return None
    print("compare: gnuplot failed for %s: %s" % (out, p.stderr.strip()[-300:]), file=sys.stderr)
    if os.path.exists(out):
        os.unlink(out)
    return p.stderr.strip().splitlines()[-1][:200] if p.stderr.strip() else "exit status %d" % p.returncode


def quote(s):
    return '"%s"' % s.replace('"', "'").replace("_", "\\\\_")


def _spread(r, label, scale=1.0):
    """'median min max' of one cell, scaled, or '- - -'."""
    c = r.cells.get(label)
    if not isinstance(c, tuple) or c[0] <= 0:
        return "- - -"
    return "%g %g %g" % (c[0] * scale, c[1] * scale, c[2] * scale)


def times_chart(res, rows, path):
    hangs = {w.name for w in res.workloads if w.hang}  # their time is the timeout
    walls = [r for r in rows if r.measure == "wall" and r.workload not in hangs
             and not r.workload.startswith("scale_")]
    lines = []
    for r in walls:
        scale = 0.001 if r.unit == "ms" else 1.0
        lines.append(r.workload + " " + " ".join(_spread(r, l, scale) for l in res.labels))
    if not lines:
        return None, None
    plots = ", ".join("DATAFILE using %d:%d:%d:xtic(1) title %s" % (3 * i + 2, 3 * i + 3, 3 * i + 4, quote(l))
                      for i, l in enumerate(res.labels))
    script = """set terminal pngcairo size %d,600
set output '%s'
set title 'wall time per workload: median, bars from the fastest to the slowest run (log scale)'
set ylabel 'seconds'
set logscale y
set datafile missing '-'
set style data histogram
set style histogram errorbars gap 1 lw 1
set style fill solid border -1
set xtics rotate by -45 noenhanced
set key top left
set grid ytics
plot %s
""" % (min(1800, max(900, 16 * len(lines) * len(res.labels))), path, plots)
    return "\n".join(lines) + "\n", script


def ratio_chart(res, rows, path):
    """Each build's ratio to the first on every workload's verdict figure,
    with its bootstrap interval, against the no-change band."""
    prim = [(w, res.primary_row(w, rows)) for w in res.workloads if w.primary]
    prim = [(w, r) for w, r in prim if r is not None]
    others = res.labels[1:]
    lines = []
    for i, (w, r) in enumerate(prim):
        cols = []
        for label in others:
            v = r.verdicts.get(label)
            if v is None or v.ratio is None or (v.high is not None and math.isinf(v.high)):
                cols.append("- - -")
            elif v.low is None:             # too few runs for an interval
                cols.append("%g %g %g" % (v.ratio, v.ratio, v.ratio))
            else:
                cols.append("%g %g %g" % (v.ratio, v.low, v.high))
        lines.append("%d %s %s" % (i, w.name, " ".join(cols)))
    if not lines or all(set(l.split()[2:]) == {"-"} for l in lines):
        return None, None
    n = len(others)
    plots = []
    for j, label in enumerate(others):
        off = (j - (n - 1) / 2.0) * 0.15
        plots.append("DATAFILE using ($1+%g):%d:%d:%d%s with yerrorbars pt 7 lw 2 title %s"
                     % (off, 3 * j + 3, 3 * j + 4, 3 * j + 5, ":xtic(2)" if j == 0 else "", quote(label)))
    lo, hi = 1.0 / (1.0 + res.threshold), 1.0 + res.threshold
    plots += ["%g with lines lc 'black' dt 1 notitle" % 1.0,
              "%g with lines lc 'gray' dt 2 title 'no-change band (+-%g%%)'" % (hi, res.threshold * 100),
              "%g with lines lc 'gray' dt 2 notitle" % lo]
    script = """set terminal pngcairo size %d,600
set output '%s'
set title "ratio to %s of each workload's verdict figure (CPU time, or a fixed-time program's rate):\\nmedian ratio and %g%% bootstrap interval; above 1 is slower for times, faster for rates"
set ylabel 'ratio'
set logscale y
set datafile missing '-'
set xrange [-0.5:%g]
set xtics rotate by -45 noenhanced
set key top left
set grid ytics
plot %s
""" % (min(1800, max(900, 40 * len(lines))), path, res.labels[0].replace("'", ""), res.level * 100,
       len(lines) - 0.5, ", ".join(plots))
    return "\n".join(lines) + "\n", script


def _scaling_data(res, rows, measure):
    lines = []
    for p in res.players:
        r = next((x for x in rows if x.workload == "scale_hackysack_%d" % p and x.measure == measure), None)
        lines.append("%d " % p + " ".join(_spread(r, l) if r else "- - -" for l in res.labels))
    return "\n".join(lines) + "\n"


def _scaling_script(res, path, title, ylabel, extra_col=False):
    plots = []
    for i, l in enumerate(res.labels):
        cols = "1:%d:%d:%d" % (3 * i + 2, 3 * i + 3, 3 * i + 4)
        plots.append("DATAFILE index 0 using %s with yerrorlines lw 2 lc %d title %s" % (cols, i + 1, quote(l)))
        if extra_col:
            plots.append("DATAFILE index 1 using %s with yerrorlines dt 2 lc %d title %s"
                         % (cols, i + 1, quote(l + " kicks")))
    return """set terminal pngcairo size 900,600
set output '%s'
set title '%s'
set xlabel 'players'
set ylabel '%s'
set logscale xy
set offsets graph 0.04, graph 0.04, 0, 0
set datafile missing '-'
set key top left
set grid
plot %s
""" % (path, title, ylabel, ", ".join(plots))


def scaling_time_chart(res, rows, path):
    data = _scaling_data(res, rows, "time") + "\n\n" + _scaling_data(res, rows, "kicks")
    return data, _scaling_script(res, path, "hackysack.rb, 1,000 kicks: time against players "
                                 "(log-log; bars: fastest to slowest run)", "seconds", extra_col=True)


def scaling_memory_chart(res, rows, path):
    return _scaling_data(res, rows, "maxrss"), _scaling_script(
        res, path, "hackysack.rb, 1,000 kicks: peak memory against players (log-log; bars: min to max)", "MB")
