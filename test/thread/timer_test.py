"""timer_test.py: the time-slice timer runs only while it is needed.

- Creating and joining threads one at a time does not arm and disarm the
  timer for each thread (a setitimer pair per thread, before).
- Once the other threads have ended the timer is disarmed: a CPU loop in
  the main thread takes (almost) no more ticks.
- A child forked from a process whose timer was running gets time slices
  of its own (the pthread build's child has no timer thread until it
  starts one; it hung before).
Needs strace for the first two (the setitimer build only)."""
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from mrtest import ruby, check, finish, MINIRUBY

d = tempfile.mkdtemp()


def script(name, text):
    path = os.path.join(d, name)
    with open(path, "w") as f:
        f.write(text)
    return path


FORK = script("fork.rb", """
Thread.new { 1 }.join
Thread.new { loop { Thread.pass } }       # the timer runs in the parent
pid = fork do
  x = 0
  Thread.new { loop { x += 1 } }          # never passes: needs the timer
  t0 = Time.now
  nil while Time.now - t0 < 0.2
  $stdout.puts(x > 1 ? "sliced" : "starved #{x}")
  $stdout.flush
  exit!(0)
end
Process.wait(pid)
""")
# its own process group: a starved child must not outlive the test
p = subprocess.Popen([MINIRUBY, FORK], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                     start_new_session=True)
try:
    out, err = p.communicate(timeout=20)
    check(p.returncode == 0 and out.strip() == "sliced", "forked child gets time slices: %r %r" % (out, err[-300:]))
except subprocess.TimeoutExpired:
    os.killpg(p.pid, signal.SIGKILL)
    p.communicate()
    check(False, "forked child hangs without time slices")

status, version, _ = ruby(["-v"])
if "timer=setitimer" not in version:
    finish()
if not shutil.which("strace"):
    check(False, "strace is not installed (.ci/run installs it)")
    finish()

SERIAL = script("serial.rb", "1000.times { Thread.new { }.join }\n")
log = os.path.join(d, "serial.txt")
p = subprocess.run(["strace", "-o", log, "-e", "trace=setitimer,rt_sigaction", MINIRUBY, SERIAL],
                   capture_output=True, text=True, timeout=120)
text = open(log).read()
arms = len(re.findall(r"setitimer\(ITIMER_VIRTUAL, \{it_interval=\{tv_sec=0, tv_usec=[1-9]", text))
installs = len(re.findall(r"rt_sigaction\(SIGVTALRM, \{sa_handler=0x", text))
check(p.returncode == 0, "serial threads under strace")
check(arms < 20, "1000 serial threads arm the timer %d times" % arms)
check(installs <= 1, "SIGVTALRM handler installed %d times" % installs)

IDLE = script("idle.rb", """
Thread.new { 1 }.join
x = 0
t0 = Time.now
x += 1 while Time.now - t0 < 0.5
""")
log = os.path.join(d, "idle.txt")
p = subprocess.run(["strace", "-o", log, "-e", "trace=setitimer", "-e", "signal=SIGVTALRM", MINIRUBY, IDLE],
                   capture_output=True, text=True, timeout=120)
ticks = len(re.findall(r"--- SIGVTALRM", open(log).read()))
check(p.returncode == 0, "idle main thread under strace")
check(ticks <= 2, "%d ticks in 0.5 s of CPU after the last thread ended" % ticks)
finish()
