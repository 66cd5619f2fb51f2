"""pipe_syscalls_test.py: a line passed over IO.pipe between two threads,
and a read_nonblock, cost no poll(2) before each read and write.

The pipes miniruby makes (IO.pipe, popen) are read and written with
preadv2/pwritev2 and RWF_NOWAIT, waited on only after EAGAIN, as sockets
are with MSG_DONTWAIT (test/socket/syscalls_test.py).  A line took six
calls of poll, epoll_ctl and epoll_wait (five in the poll(2) backend):
a poll before each read and write, and one more before each wait; now
one.  read_nonblock polled before its read.  A kernel whose pipes refuse RWF_NOWAIT (before Linux 6.x) keeps
the poll before each call: that is checked instead.  Needs strace."""
import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from mrtest import check, finish, strace_ruby


def pipes_take_nowait():
    r, w = os.pipe()
    try:
        os.write(w, b"x")
        return os.preadv(r, [bytearray(1)], -1, os.RWF_NOWAIT) == 1
    except OSError:
        return False
    finally:
        os.close(r)
        os.close(w)


ROUND_TRIPS = 1000
SCRIPT = """
n = %d
there_r, there_w = IO.pipe
back_r, back_w = IO.pipe
echo = Thread.new { n.times { back_w.write(there_r.gets) } }
n.times { |i| there_w.write("#{i}\\n"); raise "bad echo" unless back_r.gets == "#{i}\\n" }
echo.join
r, w = IO.pipe
n.times { begin; r.read_nonblock(10); raise "data?"; rescue Errno::EAGAIN; end }
puts "ok"
""" % ROUND_TRIPS

p, calls = strace_ruby(SCRIPT, summary=True, timeout=120)
check(p.returncode == 0 and p.stdout == "ok\n", "echo under strace: %r %r" % (p.stdout, p.stderr[-300:]))
lines = 2 * ROUND_TRIPS
calls_made = lines + ROUND_TRIPS          # and as many read_nonblock calls that find nothing
waiting = sum(calls.get(c, 0) for c in ("poll", "ppoll", "select", "pselect6",
                                         "epoll_ctl", "epoll_wait", "epoll_pwait"))
if pipes_take_nowait():
    check(waiting / calls_made < 1.0,
          "%.2f waiting system calls per call (below 1): %r" % (waiting / calls_made, calls))
    check(calls.get("preadv2", 0) >= lines and calls.get("pwritev2", 0) >= lines,
          "reads and writes with RWF_NOWAIT: %r" % calls)
else:
    check(waiting / calls_made < 7,
          "%.2f waiting system calls per call (at most 7): %r" % (waiting / calls_made, calls))
finish()
