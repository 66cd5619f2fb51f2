"""fd_looks_test.py: while threads are runnable, the scheduler does not look
at the descriptors (a system call: epoll_wait, or poll(2)) at every
switch.

100 pairs of threads echo lines over 100 socketpairs, so that many threads
are runnable at once.  Each blocking switch used to look: about one
waiting call per line (10,254 for 10,000 lines, under strace).  A look is
now made once FD_LOOK_INTERVAL (200 us) has passed since the last, or
when nothing is runnable; under strace, which slows every traced call,
about a quarter as many.  Needs strace."""
import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from mrtest import check, finish, strace_ruby

PAIRS = 100
LINES = 50
SCRIPT = """
require 'socket'
pairs = Array.new(%d) { UNIXSocket.pair }
lines = %d
servers = pairs.map { |a, b| Thread.new { lines.times { b.write(b.gets) } } }
clients = pairs.map do |a, b|
  Thread.new { lines.times { |i| a.write("#{i}\\n"); raise "bad echo" unless a.gets == "#{i}\\n" } }
end
(servers + clients).each { |t| t.join }
puts "ok"
""" % (PAIRS, LINES)
WAITING = ("poll", "ppoll", "select", "pselect6", "epoll_wait", "epoll_pwait")
p, calls = strace_ruby(SCRIPT, list(WAITING), summary=True, timeout=300)
check(p.returncode == 0 and p.stdout == "ok\n", "pairs under strace: %r %r" % (p.stdout, p.stderr[-300:]))
lines = 2 * PAIRS * LINES
looks = sum(calls.get(c, 0) for c in WAITING)
check(looks < lines / 2, "%d waiting system calls for %d lines (at most half): %r" % (looks, lines, calls))
finish()
