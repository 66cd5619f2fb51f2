"""benchlib.py: the benchmark workloads and how to run and measure them.

Shared by test/bench/run (one build) and test/bench/compare (several).
A *build* is a miniruby binary (or Debian's `ruby`) plus extra environment;
a *workload* is a program with its arguments at full and at --quick size
and a parser that turns its output into named figures ("measures").

Every run is a separate process, started in its own session so that a
timeout kills it and all it started; its wall time is taken around the
process, and its CPU time (user + system) and peak memory come from the
kernel's accounting of that child (os.wait4's rusage).  Programs written for this folder print
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
# Units that get a verdict, and its words: (improvement, regression).
VERDICT_WORDS = {"s": ("faster", "slower"), "ms": ("faster", "slower"), "us": ("faster", "slower"),
                 "/s": ("faster", "slower"), "MB": ("smaller", "larger")}


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
        r = run_process([path, "-v"], None, 10, tempfile.gettempdir())
        return (r.out or r.err).strip().splitlines()[0] if r.status == "ok" else ""
    except (OSError, IndexError):
        return ""


def resolve_build(spec):
    """A Build from a build folder, a binary, `ruby`, LABEL=one of them, or
    a (label, path) pair."""
    label = None
    if isinstance(spec, tuple):
        label, spec = spec
    elif "=" in spec and "/" not in spec.split("=", 1)[0]:
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


# ---------------------------------------------------------------- children
class Interrupted(BaseException):
    """Raised in the main program by SIGINT, SIGTERM or SIGHUP once
    catch_signals() is in force; signum is the signal."""

    def __init__(self, signum):
        BaseException.__init__(self, signum)
        self.signum = signum


STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
_live = {}          # pid -> Popen: children running now, each the leader of its own session
_temp_dirs = []     # folders removed by cleanup()
_defer = [0, None]  # [depth of spawn() calls, a signal that arrived meanwhile]


def catch_signals():
    """Make the stop signals raise Interrupted, so that `finally` blocks and
    cleanup() run; later stop signals are ignored while cleaning up.  A
    signal ignored from the start (nohup, a background job) stays so."""
    for s in STOP_SIGNALS:
        if signal.getsignal(s) != signal.SIG_IGN:
            signal.signal(s, _on_signal)


def _on_signal(signum, frame):
    if _defer[0]:
        _defer[1] = signum           # raised as soon as the child is registered
        return
    _stop(signum)


def _stop(signum):
    for s in STOP_SIGNALS:
        signal.signal(s, signal.SIG_IGN)
    raise Interrupted(signum)


def spawn(cmd, **kw):
    """Popen in a session of its own (a timeout or a stop kills the whole
    group), registered before any stop signal can be acted upon."""
    _defer[0] += 1
    try:
        p = subprocess.Popen(cmd, start_new_session=True, **kw)
        _live[p.pid] = p
    finally:
        _defer[0] -= 1
    if _defer[1] is not None and not _defer[0]:
        signum, _defer[1] = _defer[1], None
        kill_group(p)
        _stop(signum)
    return p


def kill_group(p):
    """SIGKILL to p's process group (p and everything it started) and reap p."""
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    if p.returncode is None:
        try:
            p.wait()
        except ChildProcessError:
            pass
    _live.pop(p.pid, None)


def finished(p):
    _live.pop(p.pid, None)


def kill_children():
    for p in list(_live.values()):
        kill_group(p)


def temp_dir(prefix):
    """A temporary folder that cleanup() removes."""
    path = tempfile.mkdtemp(prefix=prefix)
    _temp_dirs.append(path)
    return path


def remove_temp(path):
    shutil.rmtree(path, ignore_errors=True)
    if path in _temp_dirs:
        _temp_dirs.remove(path)


def cleanup():
    """Kill every child still running and remove the temporary folders."""
    kill_children()
    for path in list(_temp_dirs):
        remove_temp(path)


def run_logged(cmd, cwd, log, env=None):
    """Run cmd with its output appended to the file `log`; its exit code.
    Interrupted (or any exception) kills its process group."""
    with open(log, "ab") as f:
        p = spawn(cmd, cwd=cwd, stdin=subprocess.DEVNULL, stdout=f, stderr=subprocess.STDOUT, env=env)
        try:
            code = p.wait()
        except BaseException:
            kill_group(p)
            raise
        finished(p)
    return code


def signal_name(n):
    try:
        return signal.Signals(n).name
    except ValueError:
        return "SIG%d" % n


# ---------------------------------------------------------------- running
class Run:
    """The outcome of one process: status is ok, fail (a non-zero exit
    status), timeout or the name of the signal that killed it (SIGSEGV...);
    limit is the timeout it ran under."""

    def __init__(self, status, wall, maxrss_kb, out, err, code, limit=None, cpu=None):
        self.status, self.wall, self.maxrss_kb = status, wall, maxrss_kb
        self.out, self.err, self.code, self.limit = out, err, code, limit
        self.cpu = cpu
        self.limit_note = ""

    def describe(self):
        """What went wrong, for people: '' for a good run."""
        if self.status == "ok":
            return ""
        if self.status == "timeout":
            return "no answer within %.1f s%s: killed" % (self.limit, self.limit_note)
        if self.status == "fail":
            return "exit status %s" % self.code
        return "killed by %s (signal %d)" % (self.status, -self.code if self.code else 0)


def is_crash(status):
    return status.startswith("SIG")


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
        p = spawn(cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=err, env=env, cwd=cwd)
        try:
            status, code, usage = _wait(p, start + timeout)
        except BaseException:
            kill_group(p)
            raise
        finished(p)
        wall, maxrss = time.perf_counter() - start, usage.ru_maxrss if usage else 0
        cpu = usage.ru_utime + usage.ru_stime if usage else None
        out.seek(0)
        err.seek(0)
        o = out.read().decode("utf-8", "replace")
        e = err.read().decode("utf-8", "replace")
    if helper:
        maxrss = None  # the helper's own figure would include Python's
        if status == "ok" and os.path.exists(report):
            with open(report) as f:
                fields = f.read().split()
            wall, maxrss = float(fields[0]), int(fields[1])
            if len(fields) > 2 and int(fields[2]):
                code = -int(fields[2])
            cpu = float(fields[3]) if len(fields) > 3 else None
    if status == "ok" and code is not None and code < 0:
        status = signal_name(-code)
    elif status == "ok" and code != 0:
        status = "fail"
    return Run(status, wall, maxrss, o, e, code, timeout, cpu)


def compile_helper(tmp):
    """Compile rusage.c into tmp; None when no C compiler works."""
    exe = os.path.join(tmp, "rusage")
    for cc in [os.environ.get("CC"), "cc", "gcc", "clang"]:
        if cc and shutil.which(cc.split()[0]):
            log = os.path.join(tmp, "cc.log")
            if run_logged(cc.split() + ["-O2", "-o", exe, os.path.join(BENCHDIR, "rusage.c")], tmp, log) == 0:
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


def derived_timeout(base_walls, static, factor=10.0, minimum=5.0):
    """The timeout of a run: `factor` times the median wall time of the
    baseline's good runs of the same program, at least `minimum` seconds,
    at most the workload's own `static` limit (used alone while the
    baseline has no good run)."""
    if not base_walls:
        return static
    return min(static, max(minimum, factor * statistics.median(base_walls)))


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
                 timeout=120, subst=None, ruby=True, strace=None, hang=False, inner=1, primary="cpu"):
        self.name, self.group, self.script = name, group, script
        self.full, self.quick, self.parse, self.about = full, quick, parse, about
        self.timeout, self.subst, self.ruby = timeout, subst, ruby
        self.strace_args = strace if strace is not None else quick
        self.hang, self.inner = hang, inner
        # the figure the verdict of the workload is about (None: no
        # verdict): the process's CPU time, far steadier than its wall time
        # on a loaded machine, or the program's own rate for programs that
        # run for a fixed time
        self.primary = None if hang else primary

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
                    "Thread.pass throughput, %d threads" % n, ruby=n <= 1000, primary="passes")


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
             "pass.rb: Thread.pass per second, 10 threads", subst=("sleep 1", "sleep %s"),
             primary="passes"),
    Workload("priority", "workloads", _w("priority.rb"), ["1"], ["0.2"], parse_priority,
             "priority.rb: strict priorities, lower threads must get 0", subst=("sleep 1", "sleep %s"),
             primary="top_thread"),
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
    Workload("sched_queue_idle", "sched", _b("sched_queue.rb"), ["100000", "2000"], ["10000", "2000"],
             parse_results, "the same ping-pong after 2,000 threads that wait"),
    Workload("sched_pipe", "sched", _b("sched_pipe.rb"), ["100000"], ["10000"], parse_results,
             "a line's round trip over IO.pipe between two threads, N round trips"),
    Workload("sched_mutex", "sched", _b("sched_mutex.rb"), ["100", "1000"], ["100", "50"],
             parse_results, "Mutex contention: 100 threads x N locks"),
    Workload("sched_sleep", "sched", _b("sched_sleep.rb"), ["100000", "1"], ["5000", "0.2"],
             parse_results, "N sleeping threads woken in deadline order", ruby=False),
    Workload("sched_create", "sched", _b("sched_create.rb"), ["20000"], ["2000"], parse_results,
             "thread creation and join rate, N threads"),
    Workload("sched_rescan", "sched", _b("sched_rescan.rb"), ["100000"], ["5000", "2"], parse_results,
             "a collection after each of N parked threads ran once: every stack scanned again",
             ruby=False),
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
        self.tmp = temp_dir("mrbench.")
        self._copies = {}
        self.helper = compile_helper(self.tmp)

    def close(self):
        remove_temp(self.tmp)

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

    def static_timeout(self, w):
        """The workload's own limit (a hanging workload's is its run time)."""
        if w.hang and self.quick:
            return 1.0 * self.timeout_scale
        return w.timeout * self.timeout_scale

    def measure(self, build, w, args=None, timeout=None):
        """One run of workload w in build (with its size for this session, or
        `args`), killed after `timeout` seconds (default: the workload's
        limit; a hanging workload always has its own):
        (status, {measure: (value, unit)}, Run)."""
        args = w.args(self.quick) if args is None else args
        script, rest = self.script_and_args(w, args)
        cmd = build.command() + script + rest
        if timeout is None or w.hang:
            timeout = self.static_timeout(w)
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
        first = [("wall", (r.wall, "s"))] + ([("cpu", (r.cpu, "s"))] if r.cpu is not None else [])
        figures = dict(first + list(figures.items()))
        if r.maxrss_kb is not None:
            figures["maxrss"] = (r.maxrss_kb / 1024.0, "MB")
        return status, figures, r

    def _measure_inner(self, build, cmd, timeout, inner):
        walls, cpus, rss = [], [], 0
        last = None
        for _ in range(inner):
            last = run_process(cmd, build_env(build), timeout, self.tmp, self.helper)
            if last.status != "ok":
                return last.status, {}, last
            walls.append(last.wall)
            if last.cpu is not None:
                cpus.append(last.cpu)
            rss = max(rss, last.maxrss_kb or 0)
        figures = {"wall": (statistics.median(walls) * 1000.0, "ms")}
        if cpus:
            figures["cpu"] = (statistics.median(cpus) * 1000.0, "ms")
        figures["maxrss"] = (rss / 1024.0, "MB")
        return "ok", figures, last

    def strace(self, build, w, timeout=None):
        """System calls of one run at the strace size, or None when strace is
        missing: {'rt_sigprocmask': n, 'syscalls': total, 'wall': s}."""
        if not shutil.which("strace") or w.hang:
            return None
        script, rest = self.script_and_args(w, w.strace_args)
        log = os.path.join(self.tmp, "strace.log")
        cmd = ["strace", "-f", "-c", "-o", log, "--"] + build.command() + script + rest
        r = run_process(cmd, build_env(build), timeout or 60 * self.timeout_scale, self.tmp)
        if r.status != "ok":
            return {"status": r.status}
        with open(log) as f:
            counts = parse_strace(f.read())
        counts["wall"] = r.wall
        return counts


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
