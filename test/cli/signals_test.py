"""signals_test.py: how a miniruby process ends, as MRI 1.8.7's does.

An uncaught SIGINT prints "FILE:LINE:in `sleep': Interrupt" and the
backtrace, then the process dies by SIGINT (a shell sees 130); SIGHUP,
SIGQUIT, SIGTERM, SIGALRM, SIGUSR1 and SIGUSR2 raise SignalException
("SIGTERM"), which ends the process silently by the same signal after
ensure clauses and at_exit handlers ran.  Plus the statuses of exit,
exit!, abort, uncaught exceptions, throw and deadlock.  Each program says
"ready" before it waits, so the signal always finds it waiting."""
import os
import signal
import subprocess
import sys
import time
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from mrtest import MINIRUBY, ruby, check, finish

READY = "$stdout.puts 'ready'; $stdout.flush; "
READY_ERR = "$stderr.puts 'ready'; "


def wait_sleeping(pid):
    """Until the main thread waits (state S), so the signal finds it in sleep."""
    for _ in range(2000):
        try:
            with open("/proc/%d/stat" % pid) as f:
                if f.read().rsplit(")", 1)[1].split()[0] == "S":
                    return
        except OSError:
            return
        time.sleep(0.005)


def killed(code, sig, what):
    """Run code, send sig once it is ready; (status, stdout after ready, stderr)."""
    # the default action, even when the suite runs where the signal is ignored (a background job)
    p = subprocess.Popen([MINIRUBY, "-e", READY + code], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, preexec_fn=lambda: sig != signal.SIGKILL and signal.signal(sig, signal.SIG_DFL))
    line = p.stdout.readline()
    check(line == "ready\n", "%s: started (%r)" % (what, line))
    wait_sleeping(p.pid)
    p.send_signal(sig)
    try:
        out, err = p.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        p.kill()
        out, err = p.communicate()
        check(False, "%s: did not end" % what)
    return p.returncode, out, err


# SIGINT: the report, then death by the signal
st, o, e = killed("sleep", signal.SIGINT, "INT in sleep")
check(st == -signal.SIGINT and e == "-e:1:in `sleep': Interrupt\n\tfrom -e:1\n", "INT: %s %r" % (st, e))
st, o, e = killed("1\ndef f\n  sleep\nend\nf", signal.SIGINT, "INT in a method")
check(st == -signal.SIGINT and e == "-e:3:in `sleep': Interrupt\n\tfrom -e:3:in `f'\n\tfrom -e:5\n",
      "INT in a method: %s %r" % (st, e))
st, o, e = killed("begin; sleep; ensure; puts 'ensure ran'; end", signal.SIGINT, "INT, ensure")
check(st == -signal.SIGINT and o == "ensure ran\n", "INT runs ensure: %s %r" % (st, o))
st, o, e = killed("at_exit { puts 'at_exit ran' }; sleep", signal.SIGINT, "INT, at_exit")
check(st == -signal.SIGINT and o == "at_exit ran\n", "INT runs at_exit: %s %r" % (st, o))
st, o, e = killed("begin; sleep; rescue Interrupt => e; p e.class, e.message; end; exit 3", signal.SIGINT, "INT rescued")
check(st == 3 and o == 'Interrupt\n""\n', "Interrupt can be rescued: %s %r" % (st, o))
st, o, e = killed("trap('INT') { puts 'trapped'; exit 5 }; sleep", signal.SIGINT, "INT trapped")
check(st == 5 and o == "trapped\n", "trap('INT'): %s %r" % (st, o))

# SIGINT while reading a pipe that then ends at once: the signal wins, in read
p = subprocess.Popen([MINIRUBY, "-e", "$stdin.read; puts 'read'"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                     stderr=subprocess.PIPE, text=True)
wait_sleeping(p.pid)
p.send_signal(signal.SIGINT)
out, err = p.communicate(timeout=30)
check(p.returncode == -signal.SIGINT and out == "" and err == "-e:1:in `read': Interrupt\n\tfrom -e:1\n",
      "INT in read, then end of file: %s %r %r" % (p.returncode, out, err))

# a signal ignored when miniruby starts (nohup, a shell's background job) stays ignored,
# and trap gives "IGNORE" as the old handler, as 1.8.7 does
def started_ignoring(sig, code):
    """code says ready on stderr (communicate reads past readline's buffer: stdout stays whole)."""
    p = subprocess.Popen([MINIRUBY, "-e", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         preexec_fn=lambda: signal.signal(sig, signal.SIG_IGN))
    p.stderr.readline()
    wait_sleeping(p.pid)
    p.send_signal(sig)
    out, err = p.communicate(timeout=30)
    return p.returncode, out, err


for name in ["INT", "HUP", "TERM"]:
    sig = getattr(signal, "SIG" + name)
    st, o, e = started_ignoring(sig, READY_ERR + "sleep 0.5; puts 'still here'")
    check(st == 0 and o == "still here\n" and e == "", "%s ignored from the start: %s %r %r" % (name, st, o, e))
    st, o, e = started_ignoring(sig, "old = trap('%s') { puts 'trapped'; exit 4 }; %s p old; sleep" % (name, READY_ERR))
    check(st == 4 and o == '"IGNORE"\ntrapped\n', "%s ignored, then trapped: %s %r" % (name, st, o))
st, o, e = started_ignoring(signal.SIGINT, "old = trap('INT', 'DEFAULT'); " + READY_ERR + "p old; $stdout.flush; sleep")
check(st == -signal.SIGINT and o == '"IGNORE"\n' and e == "-e:1:in `sleep': Interrupt\n\tfrom -e:1\n",
      "INT ignored, then trap DEFAULT: Interrupt again: %s %r %r" % (st, o, e))

# system ignores SIGINT, SIGQUIT and SIGHUP while it waits for the command, as 1.8.7's
def child_runs(pid, name):
    """Until pid's child runs the command name (then system waits for it)."""
    for _ in range(2000):
        try:
            with open("/proc/%d/task/%d/children" % (pid, pid)) as f:
                kids = f.read().split()
            for k in kids:
                with open("/proc/%s/cmdline" % k) as f:
                    if f.read().startswith(name):
                        time.sleep(0.2)
                        return
        except OSError:
            pass
        time.sleep(0.005)


for sig in [signal.SIGINT, signal.SIGHUP]:
    p = subprocess.Popen([MINIRUBY, "-e", "system('sleep', '1'); p $?.exitstatus"], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, preexec_fn=lambda: signal.signal(sig, signal.SIG_DFL))
    child_runs(p.pid, "sleep")
    p.send_signal(sig)
    o, e = p.communicate(timeout=30)
    st = p.returncode
    check(st == 0 and o == "0\n" and e == "", "%s during system: ignored: %s %r %r" % (sig.name, st, o, e))

# a signal the program sends itself in its last statement is not lost
for code, status, err in [("Process.kill(:INT, $$)", -signal.SIGINT, "-e:1: Interrupt\n"),
                          ("x = 1\nProcess.kill(:INT, $$)\ny = 2", -signal.SIGINT, "-e:2: Interrupt\n"),
                          ("Process.kill(:TERM, $$)", -signal.SIGTERM, ""),
                          ("at_exit { puts 'ae' }; Process.kill(:HUP, $$)", -signal.SIGHUP, "")]:
    st, o, e = ruby(["-e", code])
    check(st == status and e == err, "%r: status %s err %r" % (code, st, e))

# the other signals MRI turns into SignalException: silent death by the signal
for name in ["HUP", "QUIT", "TERM", "ALRM", "USR1", "USR2"]:
    sig = getattr(signal, "SIG" + name)
    st, o, e = killed("begin; sleep; ensure; puts 'ensure'; end", sig, name)
    check(st == -sig and o == "ensure\n" and e == "", "%s: %s %r %r" % (name, st, o, e))
    st, o, e = killed("begin; sleep; rescue SignalException => e; p e; end", sig, name + " rescued")
    check(st == 0 and o == "#<SignalException: SIG%s>\n" % name, "%s rescued: %s %r" % (name, st, o))
st, o, e = killed("at_exit { exit 3 }; sleep", signal.SIGTERM, "TERM, at_exit exits")
check(st == 3, "an at_exit's exit wins over the signal: %s" % st)
st, o, e = killed("trap('TERM', 'DEFAULT'); sleep", signal.SIGTERM, "TERM after trap DEFAULT")
check(st == -signal.SIGTERM and e == "", "trap DEFAULT: still SignalException: %s %r" % (st, e))
st, o, e = killed("t = Thread.new { sleep 100 }; t.join", signal.SIGHUP, "HUP in join")
check(st == -signal.SIGHUP, "HUP while the main thread joins: %s %r" % (st, e))
st, o, e = killed("sleep", signal.SIGKILL, "KILL")
check(st == -signal.SIGKILL and e == "", "KILL: %s" % st)

# raised by the program itself
for code, status, err in [
        ("raise Interrupt", -signal.SIGINT, "-e:1: Interrupt (Interrupt)\n"),
        ("raise Interrupt, 'hi'", -signal.SIGINT, "-e:1: hi (Interrupt)\n"),
        ("raise SignalException, 'INT'", -signal.SIGINT, ""),
        ("raise SignalException, 'TERM'", -signal.SIGTERM, ""),
        ("Process.kill(:TERM, $$); sleep 5", -signal.SIGTERM, ""),
        ("exit", 0, ""), ("exit 3", 3, ""), ("exit 256", 0, ""), ("exit(-1)", 255, ""),
        ("exit!", 1, ""), ("exit! 7", 7, ""), ("abort", 1, ""), ("abort 'bye'", 1, "bye\n"),
        ("raise 'boom'", 1, "-e:1: boom (RuntimeError)\n"),
        ("throw :x", 1, "-e:1:in `throw': uncaught throw `x' (NameError)\n\tfrom -e:1\n"),
        ("def f; yield; end; f", 1, "-e:1:in `f': no block given (LocalJumpError)\n\tfrom -e:1\n"),
        ("at_exit { puts 'ae' }; abort 'bye'", 1, "bye\n")]:
    st, o, e = ruby(["-e", code])
    check(st == status and e == err, "%s: status %s err %r" % (code, st, e))
st, o, e = ruby(["-e", "Thread.new { Thread.stop }; Thread.stop"])
check(st == 1 and "deadlock (fatal)" in e, "deadlock: %s %r" % (st, e))

finish()
