"""report.py: the figures of test/bench/compare and their presentation.

Results collects every run; rows() turns them into figure rows (one per
workload and measure, with each build's median, min, max and ratio to the
first build); text(), markdown(), write_json() and charts() render those
rows.  Nothing here runs a benchmark."""
import datetime
import json
import os
import platform
import shutil
import subprocess
import sys

import benchlib


class Row:
    """One figure: workload, measure, unit and per build (label) a cell:
    a (median, min, max, ok runs, all runs) tuple or a status string."""

    def __init__(self, workload, measure, unit):
        self.workload, self.measure, self.unit = workload, measure, unit
        self.better = benchlib.better(unit)
        self.cells = {}

    def median(self, label):
        c = self.cells.get(label)
        return c[0] if isinstance(c, tuple) else None

    def ratio(self, label, first):
        a, b = self.median(label), self.median(first)
        if a is None or b is None or a < 0 or b <= 0:
            return None
        return a / b


class Results:
    def __init__(self, builds, workloads, quick, runs):
        self.builds, self.workloads, self.quick, self.runs = builds, workloads, quick, runs
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
        if status != "ok":
            tail = (run.err or run.out).strip().splitlines()[-3:]
            self.failures.append((workload, label, status, " / ".join(tail)))

    # ------------------------------------------------------------ rows
    def rows(self):
        rows = []
        for w in self.workloads:
            rows += self._workload_rows(w)
        rows += self._scaling_rows()
        return rows

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
                rows[name].cells[label] = cell(self.runs_of.get((w.name, label)), name)
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
                t.cells[label] = cell(game, "time")
                m.cells[label] = cell(game, "maxrss")
                k.cells[label] = cell(self.scaling.get((p, "hackysack_kicks", label)), "kicks")
            rows += [t, m, k]
        return rows


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


# ---------------------------------------------------------------- text
def text(res):
    """The stdout table (format described in compare's docstring)."""
    first = res.labels[0]
    head = ["workload", "measure", "unit", "better"] + res.labels + ["ratio:" + l for l in res.labels[1:]]
    table = [head]
    for r in res.rows():
        vals = [benchlib.fmt(r.median(l)) if r.median(l) is not None else r.cells.get(l, "-")
                for l in res.labels]
        ratios = [fmt_ratio(r.ratio(l, first)) for l in res.labels[1:]]
        table.append([r.workload, r.measure, r.unit, r.better] + vals + ratios)
    lines = ["# compare: %s" % "  ".join("%s=%s" % (b.label, b.describe()) for b in res.builds),
             "# %d runs per workload, interleaved; %s sizes; ratios are to %s"
             % (res.runs, "quick" if res.quick else "full", first)]
    return "\n".join(lines) + "\n" + benchlib.columns(table)


def fmt_ratio(x):
    return "-" if x is None else "%.3f" % x


# ---------------------------------------------------------------- markdown
def markdown(res, charts):
    first = res.labels[0]
    out = ["# miniruby benchmark comparison", ""]
    out += ["- date: %s; host: %s, %d CPUs" % (res.date, platform.node(), os.cpu_count() or 0),
            "- command: `compare %s`" % res.command,
            "- %d runs per workload, interleaved across builds; %s sizes"
            % (res.runs, "quick" if res.quick else "full"),
            "- cells: median (min-max); ratio = median / median of `%s` "
            "(for figures where higher is better, a ratio above 1 is an improvement)" % first,
            "- system calls: one separate run under `strace -f -c` at the --quick size", ""]
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
    if charts:
        out += ["", "## Charts", ""] + ["![%s](%s)" % (c, os.path.basename(c)) for c in charts]
    out += ["", "## Workloads", "", "| workload | group | args | what |", "|---|---|---|---|"]
    for w in res.workloads:
        out.append("| %s | %s | %s | %s |" % (w.name, w.group, " ".join(w.args(res.quick)) or "-", w.about))
    if res.failures:
        out += ["", "## Failed runs", "", "| workload | build | status | last output |", "|---|---|---|---|"]
        for w, label, status, msg in res.failures:
            out.append("| %s | %s | %s | %s |" % (w, label, status, msg.replace("|", "\\|")[:200]))
    return "\n".join(out) + "\n"


def figure_table(res, rows):
    first = res.labels[0]
    head = ["workload", "measure", "unit"] + res.labels + ["ratio %s" % l for l in res.labels[1:]]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in rows:
        cells = [md_cell(r.cells.get(l, "-")) for l in res.labels]
        ratios = [fmt_ratio(r.ratio(l, first)) for l in res.labels[1:]]
        out.append("| " + " | ".join([r.workload, r.measure, r.unit] + cells + ratios) + " |")
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
                rec.update(median=None, status=c)
            figures.append(rec)
    data = {"date": res.date, "quick": res.quick, "runs": res.runs, "command": res.command,
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
    """PNG charts beside the report; the list of files written."""
    if not shutil.which("gnuplot"):
        return []
    stem = report_path[:-3] if report_path.endswith(".md") else report_path
    written = []
    rows = res.rows()
    jobs = [(stem + "-times.png", times_chart)]
    if res.players:
        jobs += [(stem + "-hackysack-time.png", scaling_time_chart),
                 (stem + "-hackysack-memory.png", scaling_memory_chart)]
    for path, make in jobs:
        data, script = make(res, rows, path)
        if data and gnuplot(data, script, stem):
            written.append(path)
    return written


def gnuplot(data, script, stem):
    datafile = stem + ".plotdata"
    with open(datafile, "w") as f:
        f.write(data)
    try:
        p = subprocess.run(["gnuplot"], input=script.replace("DATAFILE", "'%s'" % datafile),
                           text=True, capture_output=True, timeout=60)
    finally:
        os.unlink(datafile)
    out = script.split("set output '", 1)[1].split("'", 1)[0]
    if p.returncode == 0 and os.path.exists(out) and os.path.getsize(out) > 0:
        return True
    print("compare: gnuplot failed for %s: %s" % (out, p.stderr.strip()[-300:]), file=sys.stderr)
    if os.path.exists(out):
        os.unlink(out)
    return False


def quote(s):
    return '"%s"' % s.replace('"', "'").replace("_", "\\\\_")


def times_chart(res, rows, path):
    hangs = {w.name for w in res.workloads if w.hang}  # their time is the timeout
    walls = [r for r in rows if r.measure == "wall" and r.workload not in hangs
             and not r.workload.startswith("scale_")]
    lines = []
    for r in walls:
        scale = 0.001 if r.unit == "ms" else 1.0
        vals = [r.median(l) for l in res.labels]
        lines.append(r.workload + " " + " ".join("%g" % (v * scale) if v else "-" for v in vals))
    if not lines:
        return None, None
    plots = ", ".join("DATAFILE using %d:xtic(1) title %s" % (i + 2, quote(l)) for i, l in enumerate(res.labels))
    script = """set terminal pngcairo size %d,600
set output '%s'
set title 'wall time per workload (median, log scale)'
set ylabel 'seconds'
set logscale y
set datafile missing '-'
set style data histogram
set style histogram cluster gap 1
set style fill solid border -1
set xtics rotate by -45 noenhanced
set key top left
set grid ytics
plot %s
""" % (min(1800, max(900, 16 * len(lines) * len(res.labels))), path, plots)
    return "\n".join(lines) + "\n", script


def _scaling_data(res, rows, measure):
    lines = []
    for p in res.players:
        r = next((x for x in rows if x.workload == "scale_hackysack_%d" % p and x.measure == measure), None)
        vals = [r.median(l) if r else None for l in res.labels]
        lines.append("%d " % p + " ".join("%g" % v if v and v > 0 else "-" for v in vals))
    return "\n".join(lines) + "\n"


def _scaling_script(res, path, title, ylabel, extra_col=False):
    plots = []
    for i, l in enumerate(res.labels):
        plots.append("DATAFILE index 0 using 1:%d with linespoints lw 2 lc %d title %s"
                     % (i + 2, i + 1, quote(l)))
        if extra_col:
            plots.append("DATAFILE index 1 using 1:%d with linespoints dt 2 lc %d title %s"
                         % (i + 2, i + 1, quote(l + " kicks")))
    return """set terminal pngcairo size 900,600
set output '%s'
set title '%s'
set xlabel 'players'
set ylabel '%s'
set logscale xy
set datafile missing '-'
set key top left
set grid
plot %s
""" % (path, title, ylabel, ", ".join(plots))


def scaling_time_chart(res, rows, path):
    data = _scaling_data(res, rows, "time") + "\n\n" + _scaling_data(res, rows, "kicks")
    return data, _scaling_script(res, path, "hackysack.rb, 1,000 kicks: time against players (log-log)",
                                 "seconds", extra_col=True)


def scaling_memory_chart(res, rows, path):
    return _scaling_data(res, rows, "maxrss"), _scaling_script(
        res, path, "hackysack.rb, 1,000 kicks: peak memory against players (log-log)", "MB")
