"""sigpipe_test.py: a program whose stdout reader goes away (`miniruby
prog | head -1`) ends quietly with status 1 (MRI 1.8.7 ignores SIGPIPE, so
the write fails with EPIPE and the uncaught Errno::EPIPE ends it; the
message is left out, as later MRIs do).  Errno::EPIPE stays rescuable, and
EPIPE on any other pipe is reported as usual."""
import os
import subprocess
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from mrtest import check, finish, ruby, MINIRUBY


def head1(code):
    """Run miniruby -e code, read a little of its stdout, close the pipe."""
    p = subprocess.Popen([MINIRUBY, "-e", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    line = p.stdout.read(3)
    p.stdout.close()
    try:
        err = p.stderr.read()
        p.wait(timeout=30)
    except subprocess.TimeoutExpired:
        p.kill()
        return None, line, b"timeout"
    return p.returncode, line, err


for code in ["loop { puts 1 }",
             "loop { $stdout.write 'abc' * 100 }",
             "STDOUT.sync = true; loop { print 1, 2, 3 }",
             "Thread.new { loop { puts 1 } }.join",
             "at_exit { $stderr.print '' }; loop { p [1, 2] }"]:
    status, line, err = head1(code)
    check(status == 1 and line and err == b"", "%s | head -1: status %s, stderr %r" % (code, status, err))

status, line, err = head1("begin; loop { puts 1 }; rescue Errno::EPIPE; $stderr.puts 'rescued'; exit 3; end")
check(status == 3 and err == b"rescued\n", "Errno::EPIPE is rescuable: %s %r" % (status, err))

code, out, err = ruby(["-e", "r, w = IO.pipe; r.close; w.write 'x'; w.flush"])
check(code == 1 and "Broken pipe (Errno::EPIPE)" in err, "EPIPE on another pipe is reported: %s %r" % (code, err))
finish()
