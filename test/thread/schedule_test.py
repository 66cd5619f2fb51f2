"""schedule_test.py: MINIRUBY_SCHED's record, replay, random and pct modes,
and tools/miniruby-stress.

- A real race (test/thread/fixtures/race.rb: read, a safe point, write)
  fails under random: within a few seeds, and replaying the seed fails the
  same way every time; the race-free version never fails in 1,000 seeds;
  pct finds it too.
- Every thread test and the workloads, recorded and replayed: the replay
  prints the recorded run's output byte for byte (times included).
- A replay of a program that takes another path reports the step where it
  diverged; malformed modes are refused with a message.
- miniruby-stress finds the race, prints the replay command, and
  --minimize shrinks the schedule to one that still fails."""
import glob
import os
import subprocess
import sys
import tempfile
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from mrtest import MINIRUBY, SRCDIR, QUICK, check, finish

RACE = os.path.join(SRCDIR, "test", "thread", "fixtures", "race.rb")
STRESS = os.path.join(SRCDIR, "tools", "miniruby-stress")
TMP = tempfile.mkdtemp(prefix="schedule-test-")


def run(args, sched, cwd=SRCDIR, extra=None, timeout=120, wrap=None):
    """wrap: a shell command that ends with exec "$@" of miniruby"""
    env = dict(os.environ, MINIRUBY_SCHED=sched, ASAN_OPTIONS="detect_leaks=0")
    env.update(extra or {})
    argv = [MINIRUBY] + args
    if wrap:
        argv = ["sh", "-c", wrap, "sh"] + argv
    p = subprocess.run(argv, capture_output=True, timeout=timeout, env=env, cwd=cwd)
    return p.returncode, p.stdout, p.stderr


# ---- malformed modes
for spec, words in [("sideways", b"unknown mode"), ("random:x", b"random:SEED"),
                    ("pct:1", b"pct:SEED:DEPTH"), ("random:1:7", b"rate between 0 and 1"),
                    ("replay:" + os.path.join(TMP, "none"), b"cannot read")]:
    st, out, err = run(["-e", "p 1"], spec)
    check(st == 1 and words in err, "MINIRUBY_SCHED=%s refused: %s %r" % (spec, st, err))

# ---- the race: found by random, replayed the same way every time
found = None
for seed in range(1, 21):
    st, out, err = run([RACE], "random:%d" % seed)
    if st != 0:
        found = (seed, out)
        break
check(found is not None and found[1].startswith(b"race: "), "random finds the race within 20 seeds: %r" % (found,))
if found:
    for i in range(3):
        st, out, err = run([RACE], "random:%d" % found[0])
        check(st == 1 and out == found[1], "random:%d fails the same way again: %r" % (found[0], out))
    # recorded while random, replayed from the file
    rec = os.path.join(TMP, "race.sched")
    st, out, err = run([RACE], "random:%d" % found[0], extra={"MINIRUBY_SCHED_RECORD": rec})
    st2, out2, err2 = run([RACE], "replay:" + rec)
    check(st2 == 1 and out2 == found[1], "its recording replays the same failure: %r %r" % (out2, err2[-200:]))

# pct, depth 2: one change point is enough for this race
pct = [run([RACE], "pct:%d:2:1300" % seed)[0] for seed in range(1, 61)]
check(1 in pct, "pct:SEED:2 finds the race within 60 seeds")

# the race-free version never fails: 1,000 seeds (through the driver)
p = subprocess.run([sys.executable, STRESS, "--miniruby", MINIRUBY, "--runs", "200" if QUICK else "1000",
                    "--jobs", "2", RACE, "locked"], capture_output=True, text=True, timeout=1200)
check(p.returncode == 0 and "no failure in" in p.stdout, "locked: no failure: %r %r" % (p.stdout, p.stderr[-300:]))

# ---- the driver finds, prints, minimises
os.chdir(TMP)
p = subprocess.run([sys.executable, STRESS, "--miniruby", MINIRUBY, "--minimize", RACE],
                   capture_output=True, text=True, timeout=600)
check(p.returncode == 1 and "FAILED with seed" in p.stdout and "replay it: MINIRUBY_SCHED=random:" in p.stdout,
      "miniruby-stress reports the failing seed: %r" % p.stdout)
small = glob.glob(os.path.join(TMP, "miniruby-stress-*.sched"))
check(len(small) == 1 and "minimized:" in p.stdout, "a minimised schedule is written: %r" % p.stdout)
if small:
    with open(small[0]) as f:
        events = [l for l in f if not l.startswith("#")]
    check(len(events) >= 1, "it keeps at least one preemption")
    outs = [run([RACE], "replay:" + small[0]) for _ in range(2)]
    check(all(o[0] == 1 for o in outs) and outs[0][1] == outs[1][1], "the minimised schedule fails, the same way twice")
os.chdir(SRCDIR)

# ---- record, then replay: the same output, byte for byte
# stack_pages*.rb walk their own /proc/self/smaps, whose lines differ from
# run to run (the sanitizers' mappings): a file's contents are not part of
# a recording, so its replay takes another path, rightly reported
programs = [["-I", "test", t] for t in sorted(glob.glob(os.path.join("test", "thread", "*.rb")))
            if not os.path.basename(t).startswith("stack_pages")]
programs += [[os.path.join("test", "workloads", w)] + a for w, a in
             [("async.rb", []), ("priority.rb", []), ("hackysack.rb", ["300", "300"]),
              ("pushpop.rb", []), ("depth.rb", [])] if not (QUICK and w == "pushpop.rb")]
if not QUICK:
    programs += [[os.path.join("test", "workloads", "pass.rb")], [os.path.join("test", "workloads", "pmap.rb")]]
for i, prog in enumerate(programs):
    rec = os.path.join(TMP, "rec%d.sched" % i)
    st1, out1, err1 = run(prog, "record:" + rec, timeout=300)
    st2, out2, err2 = run(prog, "replay:" + rec, timeout=300)
    check(st1 == st2 and out1 == out2 and b"diverged" not in err2,
          "%s: replay equals the recording: %s %s %r" % (" ".join(prog), st1, st2, err2[-300:]))

# ---- a replay whose pid has another length than the recording's:
# exit_ensure.rb's children name their script after the parent's pid, and
# a replay reads exactly the bytes its recording read, so an error report
# one digit longer was cut short (a CI run recorded at 9,999 or below and
# replayed at 10,000 or above).  Where the next pid may be set (root),
# record with a 3-digit pid and replay with a 4-digit one.
LAST_PID = "/proc/sys/kernel/ns_last_pid"
with open("/proc/sys/kernel/pid_max") as f:
    PID_MAX = int(f.read())
if os.access(LAST_PID, os.W_OK) and PID_MAX > 10000:
    def run_from_pid(last, sched):
        pidfile = os.path.join(TMP, "pid")
        with open(LAST_PID, "w") as f:
            f.write(str(last))
        st, out, err = run(["-I", "test", "test/thread/exit_ensure.rb"], sched,
                           extra={"MR_PIDFILE": pidfile}, wrap='echo $$ > "$MR_PIDFILE"; exec "$@"')
        with open(pidfile) as f:
            return st, out, err, f.read().strip()
    rec = os.path.join(TMP, "pid_length.sched")
    st1, out1, _, pid1 = run_from_pid(900, "record:" + rec)
    st2, out2, err2, pid2 = run_from_pid(9000, "replay:" + rec)
    check(len(pid1) == 3 and len(pid2) == 4, "the pids have 3 and 4 digits: %s %s" % (pid1, pid2))
    check(st1 == st2 == 0 and out1 == out2 and b"diverged" not in err2,
          "exit_ensure.rb replays with a longer pid: %s %s %r" % (st1, st2, err2[-300:]))

# ---- a thread that blocks and is woken before any other can run (its
# own deadline, while the only other thread waits) runs on: replay must
# not take the next recorded switch for this pick
prog = os.path.join(TMP, "selfwake.rb")
with open(prog, "w") as f:
    f.write("require 'thread'\nq = Queue.new\nc = Thread.new { q.pop }\n"
            "sleep 0.01; q << 1; c.join\np :ok\n")
rec = os.path.join(TMP, "selfwake.sched")
st1, out1, _ = run([prog], "record:" + rec)
st2, out2, err2 = run([prog], "replay:" + rec)
check(st1 == st2 == 0 and out1 == out2 == b":ok\n", "a self-woken sleeper replays: %s %s %r" % (st1, st2, err2[-200:]))

# ---- IO.select's timeout decides its path (run out: nil at once; not yet:
# wait on the descriptors): its clock readings are part of the recording,
# or a slow recorded run and a fast replay take different paths
prog = os.path.join(TMP, "select_timeout.rb")
with open(prog, "w") as f:
    f.write("r, w = IO.pipe\nt = Thread.new { loop { Thread.pass } }\n"
            "3.times { p IO.select([r], nil, nil, 0.001) }\nt.kill\n")
rec = os.path.join(TMP, "select_timeout.sched")
st1, out1, _ = run([prog], "record:" + rec)
with open(rec) as f:
    clocks = [l for l in f if " C " in l]
st2, out2, err2 = run([prog], "replay:" + rec)
check(st1 == st2 == 0 and out1 == out2 == b"nil\nnil\nnil\n" and len(clocks) >= 6,
      "IO.select's clock readings recorded and replayed: %s %s %d %r" % (st1, st2, len(clocks), err2[-200:]))

# ---- virtual time has no timer tick to look at descriptors: a thread that
# never blocks must not starve a reader whose data came from outside
prog = os.path.join(TMP, "spin_reader.rb")
with open(prog, "w") as f:
    f.write("r, w = IO.pipe\npid = fork { w.write 'x'; exit! 0 }\nw.close\n"
            "spinner = Thread.new { loop { Thread.pass } }\nworker = Thread.new { loop { 1 + 1 } }\n"
            "p r.read(1)\nProcess.wait(pid)\np $?.exitstatus\n")
for spec in ("random:1:0.3", "random:2", "pct:3:3:1000"):
    try:
        st, out, err = run([prog], spec, timeout=30)
    except subprocess.TimeoutExpired:
        st, out, err = "hung", b"", b""
    check(st == 0 and out == b'"x"\n0\n', "MINIRUBY_SCHED=%s: a pipe's reader and Process.wait wake while "
          "other threads never block: %s %r %r" % (spec, st, out, err[-200:]))

# ---- another path than the recording's: the divergence is reported
prog = os.path.join(TMP, "branchy.rb")
with open(prog, "w") as f:
    f.write("q = []\nt = Thread.new { 3.times { |i| q << i; Thread.pass } }\n"
            "3.times { |i| q << -i; Thread.pass }\nt.join\np q\n")
rec = os.path.join(TMP, "branchy.sched")
run([prog], "record:" + rec)
with open(prog, "w") as f:
    f.write("q = []\nt = Thread.new { 5.times { |i| q << i; Thread.pass } }\n"
            "3.times { |i| q << -i; Thread.pass }\nt.join\np q\n")
st, out, err = run([prog], "replay:" + rec)
check(st == 3 and b"diverged at step" in err, "a different program diverges, reported: %s %r" % (st, err))

finish()
