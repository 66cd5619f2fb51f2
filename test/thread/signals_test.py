"""signals_test.py: signals reach Ruby on the main thread at a safe point:
SIGINT raises Interrupt (also while other threads run, and while every
thread sleeps), trap handlers run, the timer signal never leaks EINTR."""
import os
import signal
import subprocess
import sys
import tempfile
import time
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from mrtest import check, finish, MINIRUBY


def start(src):
    d = tempfile.mkdtemp()
    path = os.path.join(d, "s.rb")
    with open(path, "w") as f:
        f.write(src)
    return subprocess.Popen([MINIRUBY, path], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def wait_line(p, want, timeout=10):
    """Read stdout lines until one equals want; the process signals it is ready."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        line = p.stdout.readline()
        if not line:
            return False
        if line.strip() == want:
            return True
    return False


def finish_proc(p, timeout=10):
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        p.kill()
        out, err = p.communicate()
        return None, out, err
    return p.returncode, out, err


# SIGINT while the main thread sleeps and another thread spins
p = start("""
t = Thread.new { loop { Thread.pass } }
begin
  puts "ready"; $stdout.flush
  sleep
rescue Interrupt => e
  puts "caught #{e.class}"
end
""")
check(wait_line(p, "ready"), "script 1 started")
time.sleep(0.2)
p.send_signal(signal.SIGINT)
code, out, err = finish_proc(p)
check(code == 0 and "caught Interrupt" in out, "Interrupt in sleeping main with a busy thread: %s %r %r" % (code, out, err))

# SIGINT while every thread sleeps
p = start("""
require 'thread'
q = Queue.new
Thread.new { q.pop }
begin
  puts "ready"; $stdout.flush
  sleep 30
rescue Interrupt
  puts "caught"
end
""")
check(wait_line(p, "ready"), "script 2 started")
time.sleep(0.2)
p.send_signal(signal.SIGINT)
code, out, err = finish_proc(p)
check(code == 0 and "caught" in out, "Interrupt when all threads sleep: %s %r %r" % (code, out, err))

# SIGINT while main computes and another thread runs: raised at a safe point
p = start("""
t = Thread.new { loop { Thread.pass } }
begin
  puts "ready"; $stdout.flush
  loop { }
rescue Interrupt
  puts "caught in loop"
end
""")
check(wait_line(p, "ready"), "script 3 started")
time.sleep(0.2)
p.send_signal(signal.SIGINT)
code, out, err = finish_proc(p)
check(code == 0 and "caught in loop" in out, "Interrupt in a busy loop: %s %r %r" % (code, out, err))

# trap handlers run on the main thread
p = start("""
got = []
trap("USR1") { got << Thread.current }
main = Thread.current
Thread.new { sleep 30 }
puts "ready"; $stdout.flush
sleep 0.01 while got.empty?
puts(got.first == main ? "main handled it" : "wrong thread")
""")
check(wait_line(p, "ready"), "script 4 started")
time.sleep(0.1)
p.send_signal(signal.SIGUSR1)
code, out, err = finish_proc(p)
check(code == 0 and "main handled it" in out, "trap on the main thread: %s %r %r" % (code, out, err))

# uncaught Interrupt: the process reports and ends
p = start("""
puts "ready"; $stdout.flush
sleep
""")
check(wait_line(p, "ready"), "script 5 started")
time.sleep(0.1)
p.send_signal(signal.SIGINT)
code, out, err = finish_proc(p)
check(code not in (0, None) and "Interrupt" in err, "uncaught Interrupt ends the program: %s %r" % (code, err))

# the timer signal does not leak EINTR into blocking reads
p = start("""
t = Thread.new { loop { x = 0; 10000.times { x += 1 }; Thread.pass } }
r, w = IO.pipe
Thread.new { sleep 0.3; w.write("done\\n") }
puts r.gets
""")
code, out, err = finish_proc(p, 20)
check(code == 0 and out == "done\n", "pipe read under the timer: %s %r %r" % (code, out, err))

finish()
