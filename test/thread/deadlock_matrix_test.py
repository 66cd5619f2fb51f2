"""deadlock_matrix_test.py: when every thread is blocked, is it a deadlock?
As in Ruby 1.8.7: a thread sleeping (even for ever) keeps the process
waiting, since a signal can wake it (`trap("TERM") { exit }; sleep` is how
daemons wait); threads stopped or waiting on each other with no sleeper
are a deadlock; and a lone thread that would wait on a Queue or a
ConditionVariable for ever gets ThreadError "stopping only thread".

Each program traps TERM and prints "woken" there: a program that waits is
sent TERM once it has blocked, and must then print "woken" and exit 0."""
import os
import signal
import subprocess
import sys
import time
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from mrtest import MINIRUBY, check, finish

PRELUDE = 'require "thread"; trap("TERM") { puts "woken"; exit 0 }; $stdout.sync = true; '
WAITS, DEADLOCK, STOPPING = "waits", "deadlock", "stopping only thread"

CASES = [
    ("sleep", WAITS),
    ("Thread.new { sleep }; sleep", WAITS),
    ("Thread.new { Thread.stop }; sleep", WAITS),
    ("t = Thread.new { sleep }; t.join", WAITS),
    ("t = Thread.new { Thread.stop }; t.join", DEADLOCK),
    ("Thread.new { sleep }; t = Thread.new { Thread.stop }; t.join", WAITS),
    ("Thread.new { sleep }; Thread.stop", WAITS),
    ("Thread.new { Thread.stop }; Thread.stop", DEADLOCK),
    ("Queue.new.pop", STOPPING),
    ("Thread.new { sleep }; Queue.new.pop", WAITS),
    ("q = Queue.new; Thread.new { q.pop }; q.pop", DEADLOCK),
    ("q = Queue.new; Thread.new { q.pop }; sleep", WAITS),
    ("q = Queue.new; t = Thread.new { q.pop }; t.join", DEADLOCK),
    ("m = Mutex.new; Thread.new { m.lock; Thread.stop }; sleep 0.1; m.lock", DEADLOCK),
    ("m = Mutex.new; Thread.new { m.lock; sleep }; sleep 0.1; m.lock", WAITS),
    ("m = Mutex.new; c = ConditionVariable.new; m.synchronize { c.wait(m) }", STOPPING),
    ("m = Mutex.new; c = ConditionVariable.new; Thread.new { sleep }; m.synchronize { c.wait(m) }", WAITS),
    ("m = Mutex.new; c = ConditionVariable.new; Thread.new { m.synchronize { c.wait(m) } }; "
     "sleep 0.1; m.synchronize { c.wait(m) }", DEADLOCK),
    ("r, w = IO.pipe; Thread.new { Thread.stop }; r.read(1)", WAITS),
]


def run(code, expect):
    p = subprocess.Popen([MINIRUBY, "-e", PRELUDE + code], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    if expect == WAITS:
        # wait until the program has had time to block, then wake it
        try:
            out, err = p.communicate(timeout=0.6)
            return p.returncode, out, err, False
        except subprocess.TimeoutExpired:
            p.send_signal(signal.SIGTERM)
    try:
        out, err = p.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        p.kill()
        out, err = p.communicate()
        return None, out, err, True
    return p.returncode, out, err, False


for code, expect in CASES:
    status, out, err, hung = run(code, expect)
    what = "%s -> %s" % (code, expect)
    if hung:
        check(False, what + ": hung")
    elif expect == WAITS:
        check(status == 0 and out == "woken\n", what + ": got %s %r %r" % (status, out, err[-300:]))
    elif expect == DEADLOCK:
        check(status == 1 and "deadlock (fatal)" in err and err.startswith("deadlock 0x"),
              what + ": got %s %r" % (status, err[-300:]))
    else:
        check(status == 1 and "stopping only thread (ThreadError)" in err,
              what + ": got %s %r" % (status, err[-300:]))

finish()
