"""syscalls_test.py: a message echoed over a socket costs no system call
that a green-thread runtime does not need.

Two threads echo lines over a socketpair and over TCP loopback.  Sockets
are read and written with MSG_DONTWAIT and waited on only after EAGAIN,
so no poll(2) comes before each read or write, and such a wait costs no
epoll_ctl: the descriptor is registered once, edge-triggered (a
one-shot registration cost a re-arming epoll_ctl per wait).  A message
took about seven calls of poll, epoll_ctl and epoll_wait, then two (one
epoll_ctl, one epoll_wait), now one (the poll(2) backend: about one).
Needs strace."""
import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from mrtest import check, finish, strace_ruby

ROUND_TRIPS = 1000
SCRIPT = """
require 'socket'
n = %d
def echo(a, b, n)
  server = Thread.new { n.times { b.write(b.gets) } }
  n.times { |i| a.write("#{i}\\n"); raise "bad echo" unless a.gets == "#{i}\\n" }
  server.join
end
echo(*UNIXSocket.pair + [n])
srv = TCPServer.new("127.0.0.1", 0)
c = TCPSocket.new("127.0.0.1", srv.addr[1])
echo(c, srv.accept, n)
puts "ok"
""" % ROUND_TRIPS

p, calls = strace_ruby(SCRIPT, summary=True, timeout=120)
check(p.returncode == 0 and p.stdout == "ok\n", "echo under strace: %r %r" % (p.stdout, p.stderr[-300:]))
messages = 4 * ROUND_TRIPS              # two transports, a line each way
waiting = sum(calls.get(c, 0) for c in ("poll", "ppoll", "select", "pselect6",
                                         "epoll_ctl", "epoll_wait", "epoll_pwait"))
check(waiting / messages < 1.5,
      "%.2f waiting system calls per message (at most 1.5): %r" % (waiting / messages, calls))
check(calls.get("epoll_ctl", 0) < messages / 20,
      "%d epoll_ctl for %d messages: a registration per wait" % (calls.get("epoll_ctl", 0), messages))
check(calls.get("poll", 0) + calls.get("ppoll", 0) < messages / 2 or "epoll_wait" not in calls,
      "poll(2) before socket reads and writes: %d for %d messages" % (calls.get("poll", 0), messages))
finish()
