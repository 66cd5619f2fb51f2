"""compare_robust_test.py: test/bench/compare against bad builds, signals,
and git revisions (test: one build).

- A crashing stand-in (a wrapper that kills itself with SIGSEGV) and a
  hanging one (a wrapper that waits on a child `sleep`) named as builds:
  the crash is reported with its signal, the hang is cut at the timeout
  derived from the baseline (here the minimum, --min-timeout 2, since the
  baseline takes milliseconds), run only once per workload, and its child
  is killed.
- SIGTERM to compare while a run hangs, and while a --rev build hangs in
  its configure step: exit status 143, every child killed, the temporary
  folders (TMPDIR is a private folder here) and the unfinished build
  removed.
- --rev on a small git repository whose "configure" and "make" produce a
  wrapper around the binary under test, the second commit's wrapper
  slowed with MINIRUBY_BENCH_SLOWDOWN: that revision is "slower"; the
  builds are cached by commit (and by --configure arguments), several
  --configure variants get labels of their own, and a revision that does
  not build is reported with its log."""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))
from mrtest import MINIRUBY, SRCDIR, check, finish  # noqa: E402
from slowdown import spins_for  # noqa: E402

COMPARE = os.path.join(SRCDIR, "test", "bench", "compare")
REAL = os.path.abspath(MINIRUBY)


def compare(args, cwd, env=None):
    p = subprocess.run([sys.executable, COMPARE] + args, capture_output=True, text=True, cwd=cwd,
                       timeout=240, stdin=subprocess.DEVNULL, env=env)
    return p.returncode, p.stdout, p.stderr


def wrapper(tmp, name, body):
    """A build folder whose miniruby answers -v like the real one and
    otherwise runs body (sh)."""
    d = os.path.join(tmp, name)
    os.makedirs(d)
    path = os.path.join(d, "miniruby")
    with open(path, "w") as f:
        f.write('#!/bin/sh\ncase "$1" in -v) exec "%s" -v;; esac\n%s\n' % (REAL, body))
    os.chmod(path, 0o755)
    return d


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


def pids(path):
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [int(x) for x in f.read().split()]


def test_bad_builds(tmp):
    base = wrapper(tmp, "a", 'exec "%s" "$@"' % REAL)
    crash = wrapper(tmp, "crash", "kill -SEGV $$")
    pidfile = os.path.join(tmp, "hang.pids")
    hang = wrapper(tmp, "hang", "sleep 1000 &\necho $! >> %s\nwait" % pidfile)
    code, out, err = compare(["--quick", "--runs", "4", "--min-timeout", "2", "--only", "startup,lib_bignum",
                              "--no-scaling", "--no-strace", "--report", "bad/r.md", "--json", "bad/r.json",
                              base, crash, hang], tmp)
    check(code == 1, "failed runs make the exit status 1: %d %s" % (code, err[-300:]))
    lines = out.splitlines()
    check("# verdicts at 95%, crash against a: 0 slower, 0 faster, 0 no change, 0 undecided, 2 failed  "
          "(no change: within +-5%)" in lines, "the crash's summary line")
    crashed = [l.split()[1:3] for l in lines if l.startswith("#   crashed ")]
    hung = [l.split()[1:3] for l in lines if l.startswith("#   hung ")]
    check(crashed == [["crashed", "startup"], ["crashed", "lib_bignum"]], "crashed workloads: %r" % crashed)
    check(hung == [["hung", "startup"], ["hung", "lib_bignum"]], "hung workloads: %r" % hung)
    check(any("4 of 4 runs: killed by SIGSEGV" in l for l in lines), "the signal is named in the summary")
    head = next(l.split() for l in lines if not l.startswith("#"))
    row = next(l.split() for l in lines if l.startswith("lib_bignum ") and l.split()[1] == "wall")
    cells = dict(zip(head, row))
    check(cells["crash"] == "SIGSEGV" and cells["hang"] == "timeout" and cells["verdict:crash"] == "SIGSEGV"
          and cells["verdict:hang"] == "timeout", "table cells: %r" % cells)
    with open(os.path.join(tmp, "bad", "r.md")) as f:
        md = f.read()
    check("| crash | SIGSEGV | killed by SIGSEGV (signal 11) |" in md, "the report names the signal")
    check("no answer within 2.0 s (10 x a's median" in md, "the report gives the derived timeout")
    with open(os.path.join(tmp, "bad", "r.json")) as f:
        data = json.load(f)
    runs = [r["runs"] for r in data["figures"] if r["build"] == "hang" and r["measure"] == "wall"]
    check(runs == [1, 1], "a hung build is not run again on that workload: %r" % runs)
    ran = [r["runs"] for r in data["figures"] if r["build"] == "crash" and r["measure"] == "wall"]
    check(ran == [4, 4], "a crashing build is: %r" % ran)
    check(len(pids(pidfile)) == 2 and all(gone(p) for p in pids(pidfile)), "the hangs' children were killed")


def stop_when(proc, ready, what, timeout=60):
    """SIGTERM proc once ready() is true; its exit status and stderr."""
    end = time.monotonic() + timeout
    while not ready() and time.monotonic() < end and proc.poll() is None:
        time.sleep(0.05)
    check(ready(), "%s: reached the point to stop at" % what)
    time.sleep(0.2)
    proc.send_signal(signal.SIGTERM)
    try:
        _, err = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        _, err = proc.communicate()
    return proc.returncode, err


def test_sigterm_run(tmp):
    scratch = os.path.join(tmp, "tmpdir-run")
    os.makedirs(scratch)
    pidfile = os.path.join(tmp, "term.pids")
    hang = wrapper(tmp, "hang2", "sleep 1000 &\necho $! >> %s\nwait" % pidfile)
    env = dict(os.environ, TMPDIR=scratch)
    proc = subprocess.Popen([sys.executable, COMPARE, "--quick", "--runs", "4", "--min-timeout", "100",
                             "--only", "lib_bignum", "--no-scaling", "--no-strace", REAL, hang],
                            cwd=tmp, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    code, err = stop_when(proc, lambda: bool(pids(pidfile)), "SIGTERM during a run")
    check(code == 128 + signal.SIGTERM, "SIGTERM: exit status 143: %r %s" % (code, err[-300:]))
    check("stopped by SIGTERM" in err, "it says why it stopped: %s" % err[-200:])
    check(all(gone(p) for p in pids(pidfile)), "the hanging run's child was killed")
    check(os.listdir(scratch) == [], "its temporary folders are removed: %r" % os.listdir(scratch))


# ---------------------------------------------------------------- --rev
CONFIGURE = r'''#!/bin/sh
# a stand-in for miniruby's configure: logs its arguments, writes a Makefile
echo "configure $*" >> %(log)s
case "$*" in *--broken*) echo "configure: error: broken on purpose" >&2; exit 1;; esac
if [ -f "$(dirname "$0")/hang-here" ]; then echo $$ >> %(hang)s; sleep 1000; fi
src=$(cd "$(dirname "$0")" && pwd)
printf 'miniruby:\n\tcp %%s/wrapper miniruby\n\tchmod +x miniruby\n' "$src" > Makefile
'''


def git(repo, *args):
    subprocess.run(["git", "-C", repo, "-c", "user.name=test", "-c", "user.email=test@example.invalid"]
                   + list(args), check=True, capture_output=True, stdin=subprocess.DEVNULL)


def make_repo(tmp):
    """A repository with tags base (runs the binary under test), slow (the
    same with every method call spinning enough to double pmap's time) and hangs (configure
    never ends)."""
    repo = os.path.join(tmp, "repo")
    os.makedirs(repo)
    log, hang = os.path.join(tmp, "configure.log"), os.path.join(tmp, "configure.pids")
    git(repo, "init", "-q")
    with open(os.path.join(repo, "configure"), "w") as f:
        f.write(CONFIGURE % {"log": log, "hang": hang})
    os.chmod(os.path.join(repo, "configure"), 0o755)
    spins = spins_for(REAL, 1.0)   # about doubles pmap's time in this build
    for tag, env in (("base", ""), ("slow", "MINIRUBY_BENCH_SLOWDOWN=%d; export MINIRUBY_BENCH_SLOWDOWN\n" % spins)):
        with open(os.path.join(repo, "wrapper"), "w") as f:
            f.write('#!/bin/sh\n%sexec "%s" "$@"\n' % (env, REAL))
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", tag)
        git(repo, "tag", tag)
    open(os.path.join(repo, "hang-here"), "w").close()
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "hangs")
    git(repo, "tag", "hangs")
    return repo, log, hang


def log_lines(log):
    if not os.path.exists(log):
        return []
    with open(log) as f:
        return f.read().splitlines()


def test_rev(tmp):
    if not shutil.which("git"):
        print("compare_robust_test: git is not installed: --rev not tested")
        return
    repo, log, hangpids = make_repo(tmp)
    cache = os.path.join(tmp, "cache")
    common = ["--repo", repo, "--cache", cache, "--quick", "--no-scaling", "--no-strace", "--only", "pmap"]
    code, out, err = compare(common + ["--runs", "5", "--budget", "60", "--json", "rev.json",
                                       "--rev", "base", "--rev", "slow"], tmp)
    check(code == 0, "compare --rev base --rev slow succeeds: %s" % err[-400:])
    check(err.count(": building in ") == 2 and len(log_lines(log)) == 2, "two revisions built: %r" % log_lines(log))
    line = next((l for l in out.splitlines() if l.startswith("#   ") and " pmap " in l), "")
    check(line.split()[1:4] == ["slower", "pmap", "cpu"], "the slowed revision is slower: %r" % line)
    with open(os.path.join(tmp, "rev.json")) as f:
        data = json.load(f)
    check([b["label"] for b in data["builds"]] == ["base", "slow"], "labels are the revisions")
    folders = sorted(os.listdir(cache))
    check(len(folders) == 2 and all(len(f) == 12 for f in folders)
          and all(os.path.exists(os.path.join(cache, f, "built")) for f in folders),
          "one cache folder per commit: %r" % folders)
    code, out, err = compare(common + ["--runs", "1", "--rev", "base", "--rev", "slow"], tmp)
    check(code == 0 and err.count(": cached in ") == 2 and len(log_lines(log)) == 2,
          "the second time both come from the cache: %s" % err[-300:])
    code, out, err = compare(common + ["--runs", "1", "--rev", "base", "--configure", "", "--configure",
                                       "--enable-x --with-y=2"], tmp)
    head = next(l.split() for l in out.splitlines() if not l.startswith("#"))
    check(code == 0 and head[4:6] == ["base+default", "base+enable-x,with-y=2"],
          "--configure variants get their own labels: %r" % head)
    check(log_lines(log)[-1] == "configure --enable-x --with-y=2" and len(log_lines(log)) == 3,
          "only the new variant is configured: %r" % log_lines(log))
    code, out, err = compare(common + ["--rev", "base", "--configure", "--broken"], tmp)
    check(code == 1 and "the build of base (" in err and "failed" in err and "broken on purpose" in err,
          "a revision that does not build is reported with its log: %d %s" % (code, err[-400:]))
    broken = [f for f in os.listdir(cache) if f not in folders and "-" in f]
    check(len(broken) == 2 and any(not os.path.exists(os.path.join(cache, f, "built"))
                                   and os.path.exists(os.path.join(cache, f, "build.log")) for f in broken),
          "the failed build keeps its log: %r" % broken)
    code, out, err = compare(common + ["--rev", "no-such-rev", "--rev", "base"], tmp)
    check(code == 1 and "no-such-rev" in err, "an unknown revision is reported: %s" % err[-200:])

    scratch = os.path.join(tmp, "tmpdir-rev")
    os.makedirs(scratch)
    before = set(os.listdir(cache))
    proc = subprocess.Popen([sys.executable, COMPARE] + common + ["--rev", "hangs"], cwd=tmp,
                            env=dict(os.environ, TMPDIR=scratch), stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    code, err = stop_when(proc, lambda: bool(pids(hangpids)), "SIGTERM during a build")
    check(code == 128 + signal.SIGTERM and "stopped by SIGTERM" in err, "SIGTERM while building: %r" % code)
    check(all(gone(p) for p in pids(hangpids)), "the build's configure was killed")
    check(set(os.listdir(cache)) == before, "the unfinished build is removed: %r" % (set(os.listdir(cache)) - before))
    check(os.listdir(scratch) == [], "no temporary folder is left: %r" % os.listdir(scratch))


def main():
    tmp = tempfile.mkdtemp(prefix="comparerobust.")
    try:
        test_bad_builds(tmp)
        test_sigterm_run(tmp)
        test_rev(tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    finish()


if __name__ == "__main__":
    main()
