"""tty_waits_test.py: reading a terminal (a pseudo-terminal here) or a
pipe on standard input blocks only the reading thread: a counter thread
keeps counting meanwhile."""
import os
import pty
import subprocess
import sys
import time
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from mrtest import MINIRUBY, check, finish

PROGRAMS = {
    "STDIN.gets in a thread":
        'count = 0; c = Thread.new { loop { count += 1; Thread.pass } }; '
        'line = Thread.new { STDIN.gets }.value; before = count; sleep 0.01; '
        'puts "#{line.chomp} #{count > 0} #{count > before}"',
    "STDIN.gets in the main thread":
        'count = 0; c = Thread.new { loop { count += 1; Thread.pass } }; '
        'line = STDIN.gets; puts "#{line.chomp} #{count > 0} true"',
    "STDIN.getc and read(n)":
        'count = 0; c = Thread.new { loop { count += 1; Thread.pass } }; '
        'ch = STDIN.getc; rest = STDIN.read(4); puts "#{ch.chr}#{rest} #{count > 0} true"',
}


def run_on_pty(code):
    master, slave = pty.openpty()
    p = subprocess.Popen([MINIRUBY, "-e", code], stdin=slave, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    os.close(slave)
    time.sleep(0.3)
    os.write(master, b"hello\n")
    try:
        out, err = p.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        p.kill()
        out, err = p.communicate()
        os.close(master)
        return None, out, err
    os.close(master)
    return p.returncode, out.decode(), err.decode()


def run_on_pipe(code):
    p = subprocess.Popen([MINIRUBY, "-e", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    time.sleep(0.3)
    p.stdin.write(b"hello\n")
    p.stdin.flush()
    try:
        out, err = p.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        p.kill()
        out, err = p.communicate()
        return None, out, err
    return p.returncode, out.decode(), err.decode()


for name, code in PROGRAMS.items():
    for how, runner in (("tty", run_on_pty), ("pipe", run_on_pipe)):
        status, out, err = runner(code)
        check(status == 0 and out == "hello true true\n",
              "%s on a %s: %s %r %r" % (name, how, status, out, err[-300:]))

finish()
