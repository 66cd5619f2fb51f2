"""eintr_test.py: the time-slice timer (SIGVTALRM or the timer thread's
signal, whichever this build uses) and other signals never leak EINTR into
Ruby: gets, read, sysread, sleep, select, system, backticks and stdin reads
all complete while busy threads run and SIGUSR1 arrives every few ms
(fixtures/eintr_stress.rb).  `make check` runs it on both timer backends."""
import os
import signal
import subprocess
import sys
import time
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from mrtest import check, finish, MINIRUBY, SRCDIR

FIXTURE = os.path.join(SRCDIR, "test", "hardening", "fixtures", "eintr_stress.rb")

p = subprocess.Popen([MINIRUBY, FIXTURE], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                     stderr=subprocess.PIPE, text=True)
first = p.stdout.readline()             # sleep and select are done: signals from now on
deadline = time.time() + 60
sent = 0
for i in range(20):
    for _ in range(10):
        if p.poll() is None:
            p.send_signal(signal.SIGUSR1)
            sent += 1
        time.sleep(0.005)
    p.stdin.write("stdin %d\n" % i)
    p.stdin.flush()
p.stdin.close()
p.stdin = None                          # (communicate must not flush it)
while p.poll() is None and time.time() < deadline:
    try:
        p.send_signal(signal.SIGUSR1)
    except ProcessLookupError:
        break
    time.sleep(0.005)
try:
    out, err = p.communicate(timeout=max(1, deadline - time.time()))
except subprocess.TimeoutExpired:
    p.kill()
    out, err = p.communicate()
check(first == "ready\n" and p.returncode == 0 and out == "ok usr1=true\n",
      "blocking calls under signals: status %s, %r %r (%d signals sent)" % (p.returncode, out, err[-1500:], sent))
finish()
