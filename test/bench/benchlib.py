"""benchlib.py: the benchmark workloads and how to run and measure them.

Shared by test/bench/run (one build) and test/bench/compare (several).
A *build* is a miniruby binary (or Debian's `ruby`) plus extra environment;
a *workload* is a program with its arguments at full and at --quick size
and a parser that turns its output into named figures ("measures").

Every run is a separate process, started in its own session so that a
timeout kills it and all it started; its wall time is taken around the
process and its peak memory comes from the kernel's accounting of that
child (os.wait4's ru_maxrss).  Programs written for this folder print
`RESULT name value unit` lines; the reference workloads in test/workloads/
are run unchanged (sizes that live in their source are substituted into a
temporary copy only in --quick mode) and their own output is parsed.
"""
import os
import re
import shutil
import signal
import statistics
import subprocess
import tempfile
import time

BENCHDIR = os.path.dirname(os.path.abspath(__file__))
SRCDIR = os.path.dirname(os.path.dirname(BENCHDIR))
WORKLOADDIR = os.path.join(SRCDIR, "test", "workloads")

# Units whose larger values are better; every other unit is a cost.
HIGHER_IS_BETTER = {"/s", "levels"}
NEUTRAL = {"bool"}


def better(unit):
    """'higher', 'lower' or '-' (no direction) for a unit."""
    if unit in HIGHER_IS_BETTER:
        return "higher"
    return "-" if unit in NEUTRAL else "lower"


# ---------------------------------------------------------------- builds
class Build:
    """One interpreter to measure: label, command prefix, extra env."""

    def __init__(self, label, path, kind):
        self.label, self.path, self.kind = label, path, kind
        self.env = {}
        self.version = ""

    def command(self):
        return [self.path]

    def describe(self):
        extra = " ".join("%s=%s" % kv for kv in sorted(self.env.items()))
        return "%s%s" % (self.version or self.path, (" [env " + extra + "]") if extra else "")


def _version(path):
    try:
        p = subprocess.run([path, "-v"], capture_output=True, text=True, timeout=10,
                           stdin=subprocess.DEVNULL)
        return (p.stdout or p.stderr).strip().splitlines()[0]
    except (OSError, subprocess.SubprocessError, IndexError):
        return ""


def resolve_build(spec):
    """A Build from a build folder, a binary, `ruby`, or LABEL=one of them."""
    label = None
    if "=" in spec and "/" not in spec.split("=", 1)[0]:
        label, spec = spec.split("=", 1)
    if spec == "ruby":
        path = shutil.which("ruby")
        if not path:
            raise ValueError("`ruby` is not installed")
        b = Build(label or "ruby", path, "ruby")
    else:
        path = os.path.join(spec, "miniruby") if os.path.isdir(spec) else spec
        if not os.access(path, os.X_OK):
            raise ValueError("no miniruby binary at %s" % path)
        path = os.path.abspath(path)
        if not label:
            base = os.path.basename(path)
            label = os.path.basename(os.path.dirname(path)) if base == "miniruby" else base
        b = Build(label, path, "miniruby")
    b.label = re.sub(r"\s+", "_", b.label) or "build"
    b.version = _version(b.path)
    return b


def resolve_builds(specs, env_opts=()):
    """Builds with unique labels; env_opts are `[WHO:]VAR=VALUE` where WHO is
    a label or a position letter (A first); without WHO it applies to all."""
    builds = [resolve_build(s) for s in specs]
    seen = {}
    for b in builds:
        n = seen.get(b.label, 0) + 1
        seen[b.label] = n
        if n > 1:
            b.label = "%s#%d" % (b.label, n)
    for opt in env_opts:
        who, _, assign = opt.rpartition(":") if ":" in opt.split("=", 1)[0] else ("", "", opt)
        var, eq, value = assign.partition("=")
        if not eq or not var:
            raise ValueError("bad --env %r (want [BUILD:]VAR=VALUE)" % opt)
        for b in _builds_named(builds, who):
            b.env[var] = value
    return builds


def _builds_named(builds, who):
    if not who:
        return builds
    hits = [b for b in builds if b.label == who]
    if not hits and len(who) == 1 and who.isalpha():
        i = ord(who.upper()) - ord("A")
        hits = builds[i:i + 1]
    if not hits:
        raise ValueError("--env: no build called %r" % who)
    return hits


# ---------------------------------------------------------------- running
class Run:
    """The outcome of one process: status is ok, fail or timeout."""

    def __init__(self, status, wall, maxrss_kb, out, err, code):
        self.status, self.wall, self.maxrss_kb = status, wall, maxrss_kb
        self.out, self.err, self.code = out, err, code


def run_process(cmd, env, timeout, cwd, helper=None):
    """Run cmd to completion (or kill its session after timeout seconds).
    With `helper` (the compiled rusage.c) the wall time and peak memory are
    the helper's figures for the command alone."""
    report = os.path.join(cwd, "rusage.out")
    if helper:
        if os.path.exists(report):
            os.unlink(report)
        cmd = [helper, report] + list(cmd)
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                             env=env, cwd=cwd, start_new_session=True)
        status, code, usage = _wait(p, start + timeout)
        wall, maxrss = time.perf_counter() - start, usage.ru_maxrss if usage else 0
        out.seek(0)
        err.seek(0)
        o = out.read().decode("utf-8", "replace")
        e = err.read().decode("utf-8", "replace")
    if helper:
        maxrss = None  # the helper's own figure would include Python's
        if status == "ok" and os.path.exists(report):
            with open(report) as f:
                w, rss = f.read().split()
            wall, maxrss = float(w), int(rss)
    if status == "ok" and code != 0:
        status = "fail"
    return Run(status, wall, maxrss, o, e, code)


def compile_helper(tmp):
    """Compile rusage.c into tmp; None when no C compiler works."""
    exe = os.path.join(tmp, "rusage")
    for cc in [os.environ.get("CC"), "cc", "gcc", "clang"]:
        if cc and shutil.which(cc.split()[0]):
            r = subprocess.run(cc.split() + ["-O2", "-o", exe, os.path.join(BENCHDIR, "rusage.c")],
                               capture_output=True)
            if r.returncode == 0:
                return exe
    return None


def _wait(p, deadline):
    """Poll the child until it ends or the deadline; (status, code, rusage)."""
    delay = 0.001
    while True:
        pid, st, usage = os.wait4(p.pid, os.WNOHANG)
        if pid:
            p.returncode = os.waitstatus_to_exitcode(st)
            return "ok", p.returncode, usage
        if time.perf_counter() >= deadline:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            _, st, usage = os.wait4(p.pid, 0)
            p.returncode = os.waitstatus_to_exitcode(st)
            return "timeout", None, usage
        time.sleep(delay)
        delay = min(delay * 2, 0.02)


def build_env(build):
    env = dict(os.environ)
    env.update(build.env)
    return env


# ---------------------------------------------------------------- parsers
NUM = r"(-?[0-9][0-9.e+-]*)"


def parse_results(out, args):
    """`RESULT name value unit` lines, as written by the test/bench programs."""
    found = []
    for m in re.finditer(r"^RESULT (\S+) (\S+) (\S+)\s*$", out, re.M):
        found.append((m.group(1), float(m.group(2)), m.group(3)))
    return found


def parse_async(out, args):
    f = {}
    for key, word in (("sync", "Sync"), ("implicit", "Implicit"), ("explicit", "Explicit")):
        m = re.search(word + r"[-a-z ]*ver took " + NUM + " seconds", out)
        if m:
            f[key] = float(m.group(1))
    found = [(k, v, "s") for k, v in f.items()]
    if f.get("implicit") and "explicit" in f:
        found.append(("explicit_per_implicit", f["explicit"] / f["implicit"], "x"))
    return found


def _counts(out):
    m = re.search(r"^\[([0-9, ]+)\]\s*$", out, re.M)
    return [int(x) for x in m.group(1).split(",")] if m else None


def parse_pass(out, args):
    counts = _counts(out)
    if not counts:
        return []
    return [("passes", sum(counts) / float(args[0]), "/s")]


def parse_priority(out, args):
    counts = _counts(out)
    if not counts:
        return []
    secs = float(args[0])
    return [("top_thread", counts[0] / secs, "/s"), ("lower_threads", sum(counts[1:]), "passes")]


def parse_priority_orig(out, args):
    counts = _counts(out)
    return [("ends", 1 if counts else 0, "bool")]


def parse_hackysack(out, args):
    m = re.search(r"players, \d+ kicks: " + NUM + " s", out)
    return [("time", float(m.group(1)), "s")] if m else []


def parse_pmap(out, args):
    found = []
    for m in re.finditer(r"^(\d+) workers: .* " + NUM + " s$", out, re.M):
        found.append(("workers_%s" % m.group(1), float(m.group(2)), "s"))
    m = re.search(r"^map: .* " + NUM + " s$", out, re.M)
    if m:
        found.append(("map", float(m.group(1)), "s"))
    return found


def parse_depth(out, args):
    found = []
    for where in ("main", "thread"):
        m = re.search(r"^%s depth (\d+)" % where, out, re.M)
        if m:
            found.append((where, int(m.group(1)), "levels"))
    return found


def parse_nothing(out, args):
    return []


# ---------------------------------------------------------------- workloads
class Workload:
    """A benchmark program.  full/quick/strace are argument lists.  For
    programs whose size is written in their source, `subst` is a pair
    (literal, template): the first argument, put into the template,
    replaces the literal in a temporary copy of the script."""

    def __init__(self, name, group, script, full, quick, parse, about,
                 timeout=120, subst=None, ruby=True, strace=None, hang=False, inner=1):
        self.name, self.group, self.script = name, group, script
        self.full, self.quick, self.parse, self.about = full, quick, parse, about
        self.timeout, self.subst, self.ruby = timeout, subst, ruby
        self.strace_args = strace if strace is not None else quick
        self.hang, self.inner = hang, inner

    def args(self, quick):
        return self.quick if quick else self.full

    def runs_on(self, build):
        return build.kind != "ruby" or self.ruby


def _w(path):
    return os.path.join("test", "workloads", path)


def _b(path):
    return os.path.join("test", "bench", path)


def _sched_pass(n, quick_n):
    return Workload("sched_pass_%d" % n, "sched", _b("sched_pass.rb"), [str(n), "1"],
                    [str(quick_n), "0.2"], parse_results,
                    "Thread.pass throughput, %d threads" % n, ruby=n <= 1000)


WORKLOADS = [
    Workload("startup", "core", None, ["-e", "1"], ["-e", "1"], parse_nothing,
             "`-e 1`: start-up time (median of 20 starts; quick 5)", inner=20),
    Workload("pmap", "core", _w("pmap.rb"), ["3"], ["1"], parse_pmap,
             "pmap.rb 3: map = tak(18,12,6) x 24; workers_N = the same on N threads"),
    Workload("depth", "core", _w("depth.rb"), [], [], parse_depth,
             "depth.rb: deepest recursion, main thread and a green thread"),
    Workload("async", "workloads", _w("async.rb"), [], [], parse_async,
             "async.rb: fib with and without Thread.pass at every call"),
    Workload("pass", "workloads", _w("pass.rb"), ["1"], ["0.2"], parse_pass,
             "pass.rb: Thread.pass per second, 10 threads", subst=("sleep 1", "sleep %s")),
    Workload("priority", "workloads", _w("priority.rb"), ["1"], ["0.2"], parse_priority,
             "priority.rb: strict priorities, lower threads must get 0", subst=("sleep 1", "sleep %s")),
    Workload("priority_orig", "workloads", _w("priority_orig.rb"), [], [], parse_priority_orig,
             "priority_orig.rb: hangs under strict priorities (ends=0), as MRI 1.8.7",
             timeout=3, hang=True),
    Workload("pushpop", "workloads", _w("pushpop.rb"), ["10_000_000"], ["200_000"],
             parse_nothing, "pushpop.rb: 2 threads x N block iterations",
             timeout=600, subst=("10_000_000", "%s"), strace=["100_000"]),
    Workload("hackysack", "workloads", _w("hackysack.rb"), ["10000", "1000"], ["1000", "1000"],
             parse_hackysack, "hackysack.rb: PLAYERS threads pass a sack 1,000 times", timeout=300),
    Workload("hackysack_big", "workloads", _w("hackysack.rb"), ["100000", "1000"],
             ["10000", "1000"], parse_hackysack, "hackysack.rb with 100,000 players (not under ruby)",
             timeout=300, ruby=False),
    Workload("hackysack_kicks", "workloads", _b("hackysack_kicks.rb"), ["100000", "1000"],
             ["10000", "1000"], parse_results,
             "hackysack.rb's game with creation, kicks and ending timed apart", timeout=300,
             ruby=False),
    Workload("lib_string", "lib", _b("lib_string.rb"), ["1000000"], ["100000"], parse_results,
             "string building and gsub over a text of N bytes"),
    Workload("lib_hash", "lib", _b("lib_hash.rb"), ["1000000"], ["50000"], parse_results,
             "Hash with N Integer keys"),
    Workload("lib_sort", "lib", _b("lib_sort.rb"), ["1000000"], ["50000"], parse_results,
             "Array#sort of N Floats"),
    Workload("lib_gc", "lib", _b("lib_gc.rb"), ["1000000"], ["50000"], parse_results,
             "N short-lived Strings with little, an Array or a Hash of N live"),
    Workload("lib_bignum", "lib", _b("lib_bignum.rb"), ["1000"], ["50"], parse_results,
             "(2**10000).to_s N times, Bignum arithmetic"),
    _sched_pass(2, 2),
    _sched_pass(10, 10),
    _sched_pass(1000, 1000),
    _sched_pass(100000, 10000),
    Workload("sched_queue", "sched", _b("sched_queue.rb"), ["100000"], ["10000"], parse_results,
             "Queue ping-pong between two threads, N round trips"),
    Workload("sched_mutex", "sched", _b("sched_mutex.rb"), ["100", "1000"], ["100", "50"],
             parse_results, "Mutex contention: 100 threads x N locks"),
    Workload("sched_sleep", "sched", _b("sched_sleep.rb"), ["100000", "1"], ["5000", "0.2"],
             parse_results, "N sleeping threads woken in deadline order", ruby=False),
    Workload("sched_create", "sched", _b("sched_create.rb"), ["20000"], ["2000"], parse_results,
             "thread creation and join rate, N threads"),
]

GROUPS = ["core", "workloads", "lib", "sched"]


def select(only=None, groups=None):
    """Workloads named in `only` (a word that is no workload's name selects
    every workload containing it) and whose group is in `groups` (None
    selects all)."""
    chosen = []
    names = {w.name for w in WORKLOADS}
    for w in WORKLOADS:
        if groups and w.group not in groups:
            continue
        if only and not any(o == w.name or (o not in names and o in w.name) for o in only):
            continue
        chosen.append(w)
    return chosen


# ---------------------------------------------------------------- one run
class Session:
    """Temporary files shared by the runs of one benchmark session."""

    def __init__(self, quick=False, timeout_scale=1.0):
        self.quick, self.timeout_scale = quick, timeout_scale
        self.tmp = tempfile.mkdtemp(prefix="mrbench.")
        self._copies = {}
        self.helper = compile_helper(self.tmp)

    def close(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def script_and_args(self, w, args):
        """The script path and arguments to run, substituting a size into a
        temporary copy of the script when the workload needs it."""
        if w.script is None:
            return [], list(args)
        path = os.path.join(SRCDIR, w.script)
        if not w.subst:
            return [path], list(args)
        literal, template = w.subst
        value, rest = args[0], list(args[1:])
        new = template % value
        if new == literal:
            return [path], rest
        key = (w.name, value)
        if key not in self._copies:
            with open(path) as f:
                text = f.read()
            copy = os.path.join(self.tmp, "%s-%s.rb" % (w.name, re.sub(r"\W", "_", value)))
            with open(copy, "w") as f:
                f.write(text.replace(literal, new))
            self._copies[key] = copy
        return [self._copies[key]], rest

    def measure(self, build, w, args=None):
        """One run of workload w in build (with its size for this session, or
        `args`): (status, {measure: (value, unit)}, Run)."""
        args = w.args(self.quick) if args is None else args
        script, rest = self.script_and_args(w, args)
        cmd = build.command() + script + rest
        timeout = w.timeout * self.timeout_scale
        if w.hang and self.quick:
            timeout = 1.0 * self.timeout_scale
        inner = max(1, w.inner // 4) if self.quick else w.inner
        if inner > 1:
            return self._measure_inner(build, cmd, timeout, inner)
        r = run_process(cmd, build_env(build), timeout, self.tmp, self.helper)
        figures = {}
        status = r.status
        if w.hang and status == "timeout":
            status = "ok"
        if status == "ok":
            for name, value, unit in w.parse(r.out, args):
                figures[name] = (value, unit)
        figures = dict([("wall", (r.wall, "s"))] + list(figures.items()))
        if r.maxrss_kb is not None:
            figures["maxrss"] = (r.maxrss_kb / 1024.0, "MB")
        return status, figures, r

    def _measure_inner(self, build, cmd, timeout, inner):
        walls, rss = [], 0
        last = None
        for _ in range(inner):
            last = run_process(cmd, build_env(build), timeout, self.tmp, self.helper)
            if last.status != "ok":
                return last.status, {}, last
            walls.append(last.wall)
            rss = max(rss, last.maxrss_kb or 0)
        figures = {"wall": (statistics.median(walls) * 1000.0, "ms"),
                   "maxrss": (rss / 1024.0, "MB")}
        return "ok", figures, last

    def strace(self, build, w):
        """System calls of one run at the strace size, or None when strace is
        missing: {'rt_sigprocmask': n, 'syscalls': total}."""
        if not shutil.which("strace") or w.hang:
            return None
        script, rest = self.script_and_args(w, w.strace_args)
        log = os.path.join(self.tmp, "strace.log")
        cmd = ["strace", "-f", "-c", "-o", log, "--"] + build.command() + script + rest
        r = run_process(cmd, build_env(build), 60 * self.timeout_scale, self.tmp)
        if r.status != "ok":
            return {"status": r.status}
        with open(log) as f:
            return parse_strace(f.read())


def parse_strace(text):
    """Counts from `strace -c` output: rt_sigprocmask and the total."""
    counts = {"rt_sigprocmask": 0, "syscalls": 0}
    for line in text.splitlines():
        cols = line.split()
        if len(cols) < 5 or not re.match(r"^[0-9.]+$", cols[0]):
            continue
        name, calls = cols[-1], int(cols[3])
        if name == "total":
            counts["syscalls"] = calls
        elif name == "rt_sigprocmask":
            counts["rt_sigprocmask"] = calls
    return counts


# ---------------------------------------------------------------- figures
def summarize(values):
    """(median, min, max) of a list of numbers, or None when it is empty."""
    if not values:
        return None
    return statistics.median(values), min(values), max(values)


def fmt(value):
    """A number as one stable token: 4 significant digits, integers whole."""
    if value is None:
        return "-"
    if isinstance(value, str):
        return value
    if value == int(value) and abs(value) < 1e15:
        return str(int(value))
    if abs(value) >= 1000:
        return "%.0f" % value
    return "%.4g" % value


def columns(rows):
    """Rows of tokens aligned into columns (two spaces apart)."""
    widths = [max(len(r[i]) for r in rows if i < len(r)) for i in range(max(map(len, rows)))]
    return "\n".join("  ".join(c.ljust(widths[i]) for i, c in enumerate(r)).rstrip() for r in rows)
