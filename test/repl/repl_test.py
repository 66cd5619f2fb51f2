"""repl_test.py: the interactive REPL and `require 'readline'`, driven
through a pseudo-terminal (Python's pty module).

Every step waits for the output it needs (with a timeout) before typing
more, so nothing depends on timing except the one check that is about
time: a background thread keeps counting while the prompt sits idle."""
import fcntl
import os
import pty
import re
import select
import signal
import struct
import sys
import tempfile
import termios
import time
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from mrtest import MINIRUBY, check, finish

TIMEOUT = 20.0
ANSI = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][0-9A-Za-z]|[\r\x07]")
TMP = tempfile.mkdtemp(prefix="repl_test")
UP, CTRL_C, CTRL_D, CTRL_R, CTRL_U = "\x1b[A", "\x03", "\x04", "\x12", "\x15"


class Session:
    """miniruby on a pty: send() types, expect() waits for a pattern in
    the output not yet consumed (escape sequences and CRs removed)."""

    def __init__(self, args=(), env=None):
        e = dict(os.environ)
        e.update({"TERM": "xterm", "INPUTRC": "/dev/null", "HOME": TMP,
                  "MINIRUBY_HISTORY": os.path.join(TMP, "default_history")})
        e.update(env or {})
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 200, 0, 0))
                os.execve(MINIRUBY, [MINIRUBY] + list(args), e)
            finally:
                os._exit(127)
        self.raw = b""
        self.pos = 0
        self.status = None

    def text(self):
        return ANSI.sub(b"", self.raw).decode("utf-8", "replace")

    def _read(self, timeout):
        r, _, _ = select.select([self.fd], [], [], timeout)
        if not r:
            return True
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            data = b""
        if not data:
            return False
        self.raw += data
        return True

    def expect(self, pattern, timeout=TIMEOUT):
        """The match of pattern (a regex) in the new output, or None."""
        rx = re.compile(pattern)
        deadline = time.time() + timeout
        while True:
            m = rx.search(self.text(), self.pos)
            if m:
                self.pos = m.end()
                return m
            left = deadline - time.time()
            if left <= 0 or not self._read(min(left, 0.1)):
                m = rx.search(self.text(), self.pos)
                if m:
                    self.pos = m.end()
                return m

    def send(self, s):
        os.write(self.fd, s.encode())

    def line(self, s, result, what=None):
        """Type a line and check the output that follows it up to the next prompt."""
        self.send(s + "\r")
        m = self.expect(r"(?s)" + re.escape(s) + r"\n(.*?)\n>> ")
        got = m.group(1) if m else None
        ok = m is not None and re.search(result, got, re.S) is not None
        check(ok, "%s: typed %r, wanted /%s/, got %r" % (what or s, s, result, got if m else self.tail()))
        return got

    def tail(self):
        return self.text()[self.pos:][-300:]

    def wait(self, timeout=TIMEOUT):
        """Exit status once the process ends, or None (then it is killed)."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            pid, st = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                while self._read(0.05) and select.select([self.fd], [], [], 0)[0]:
                    pass
                self.status = os.waitstatus_to_exitcode(st)
                return self.status
            self._read(0.05)
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        return None

    def close(self):
        if self.status is None:
            self.wait(0.1)
        os.close(self.fd)


def prompt(s):
    """The first prompt; without it every later step of the session would
    wait its whole timeout, so the test stops here with what it saw."""
    if check(s.expect(r">> $") is not None, "first prompt (got %r)" % s.tail()):
        return True
    try:
        with open("/proc/%d/wchan" % s.pid) as f:
            print("miniruby waits in %s" % f.read(), file=sys.stderr)
    except OSError:
        pass
    os.kill(s.pid, signal.SIGKILL)
    finish()


# ---------------------------------------------------------------- evaluating
s = Session()
prompt(s)
s.line("1 + 2", r"^=> 3$")
s.line('"ab" * 2', r'^=> "abab"$')
s.line("x = 5", r"^=> 5$", "assign a local")
s.line("x + 1", r"^=> 6$", "the local persists")
s.line('eval("x * 2")', r"^=> 10$", "eval sees the session's locals")
s.line('eval("z = 3")', r"^=> 3$")
s.line("z + x", r"^=> 8$", "a local made by eval persists")
s.line('binding.eval("w = 4"); raise "oops"', r"^RuntimeError: oops\n")
s.line("w", r"^=> 4$", "a local made by eval persists through an exception")
s.line("y = [x, x]; y.size", r"^=> 2$")
s.line("f = lambda { x }; x = 8; f.call", r"^=> 8$", "a closure sees later assignments")
s.line("_", r"^=> 8$", "_ is the last result")

# multi-line definitions continue with ?>
s.send("def double(n)\r")
check(s.expect(r"\?> $") is not None, "def continues with ?> (got %r)" % s.tail())
s.send("  n * 2\r")
check(s.expect(r"\?> $") is not None, "the body continues")
s.line("end", r"^=> nil$", "end of the def")
s.line("double(21)", r"^=> 42$", "call the method")
s.send('s = "one\r')
check(s.expect(r"\?> $") is not None, "an open string continues")
s.line('two"', r'^=> "one\\ntwo"$', "the string closes")
s.send("[1, 2].map do |v|\r")
s.expect(r"\?> $")
s.line("v * 10 end", r"^=> \[10, 20\]$", "a do block over two lines")

# exceptions and syntax errors are reported, the session goes on
s.line('raise ArgumentError, "bad thing"', r"^ArgumentError: bad thing\n\tfrom \(irb\):\d+", "exception")
s.line("nosuchthing", r"^NameError: undefined local variable or method `nosuchthing'", "NameError")
s.line("1 + 1", r"^=> 2$", "after an exception")
s.line("1 +* end", r"^SyntaxError: .*syntax error", "syntax error")
s.line("2 * 3", r"^=> 6$", "after a syntax error")

# Ctrl-C discards what is typed; while code runs it raises Interrupt
s.send("1 + 1")
s.expect(r"1 \+ 1")
s.send(CTRL_C)
check(s.expect(r"\^C\n>> $") is not None, "Ctrl-C shows a fresh prompt (got %r)" % s.tail())
s.line("7", r"^=> 7$", "the discarded line is gone")
s.send("def half_done\r")
s.expect(r"\?> $")
s.send(CTRL_C)
check(s.expect(r"\^C\n>> $") is not None, "Ctrl-C in a continuation line")
s.line("8", r"^=> 8$", "the unfinished def is gone")
s.send("sleep 30\r")
s.expect(r"sleep 30\n")
time.sleep(0.2)   # let it start sleeping (Ctrl-C before that is the same: Interrupt)
s.send(CTRL_C)
check(s.expect(r"Interrupt\n(\tfrom .*\n)*>> $") is not None, "Ctrl-C interrupts running code (got %r)" % s.tail())
s.line("9", r"^=> 9$", "after the interrupt")

# tab completion
s.line("my_long_variable = 31", r"^=> 31$")
s.send("my_long_v\t")
s.line("", r"^=> 31$", "a local variable completes")
s.line('str = "abc"', r'^=> "abc"$')
s.send("str.upc\t")
check(s.expect(r"str\.upcase") is not None, "method after obj. completes (got %r)" % s.tail())
s.line("", r'^=> "ABC"$', "the completed call runs")
s.send("Math.sqr\t")
s.expect(r"Math\.sqrt")
s.line("(16)", r"^=> 4\.0$", "method of a constant completes")
s.send("Compara\t")
s.line("", r"^=> Comparable$", "a constant completes")
s.send("$std\t\t")
check(s.expect(r"\$stderr +\$stdin +\$stdout") is not None, "globals are listed (got %r)" % s.tail())
s.send(CTRL_U)
s.line("1", r"^=> 1$")

# Ctrl-R searches the history
s.line("unique_value_abc = 11", r"^=> 11$")
s.line("0", r"^=> 0$")
s.send(CTRL_R + "unique_va")
check(s.expect(r"reverse-i-search.*unique_va") is not None, "Ctrl-R prompts (got %r)" % s.tail())
s.send("\r")
m = s.expect(r"=> (\d+)\n>> ")
check(m is not None and m.group(1) == "11", "Ctrl-R finds the line (got %r)" % s.tail())

# background threads keep running while the prompt waits
s.line("t = Thread.new { loop { $n = ($n || 0) + 1; sleep 0.01 } }", r"^=> #<Thread:0x[0-9a-f]+ \w+>$")
def counter(what):
    got = s.line("$n", r"^=> \d+$", what)
    return int(got[3:]) if got and got.startswith("=> ") else 0


before = counter("the counter runs")
time.sleep(0.5)   # the point of the test: the REPL sits idle at its prompt
after = counter("the counter after 0.5 s")
if after - before <= 20:
    # a loaded machine: one more, longer look before calling it a failure
    # (a line editor that blocks every thread counts nothing at all)
    time.sleep(2.0)
    after = counter("the counter after 2.5 s")
check(after - before > 20, "the counter grew while the prompt waited: %d -> %d" % (before, after))

# output of another thread while a line is being typed: the prompt and the
# partial line are drawn again after it, and the line is intact
s.line("t.kill; ticker = Thread.new { 2.times { |i| sleep 0.3; puts \"tick#{i}\" } }", r"^=> #<Thread")
s.send("40 +")
check(s.expect(r"tick0\n>> 40 \+") is not None, "prompt and partial line redrawn after output (got %r)" % s.tail())
check(s.expect(r"tick1\n>> 40 \+") is not None, "again after the second line")
s.line(" 2", r"^=> 42$", "the partial line was kept")

# Ctrl-D leaves with status 0
s.send(CTRL_D)
check(s.wait() == 0, "Ctrl-D exits 0 (status %r)" % s.status)
s.close()

# ---------------------------------------------------------------- exit status
s = Session(["--repl"])
prompt(s)
s.send("exit 3\r")
check(s.wait() == 3, "exit 3 ends the session with status 3 (%r)" % s.status)
s.close()
s = Session()
prompt(s)
s.send("at_exit { puts 'bye now' }; quit\r")
check(s.wait() == 0, "quit exits 0 (%r)" % s.status)
check("bye now" in s.text(), "at_exit handlers run")
s.close()

# ---------------------------------------------------------------- history
hist = os.path.join(TMP, "hist_file")
s = Session(env={"MINIRUBY_HISTORY": hist})
prompt(s)
s.line("history_marker = 42", r"^=> 42$")
s.line("history_marker + 1", r"^=> 43$")
s.send(CTRL_D)
check(s.wait() == 0, "session 1 ends")
s.close()
lines = open(hist).read().splitlines() if os.path.exists(hist) else []
check(lines[-2:] == ["history_marker = 42", "history_marker + 1"], "history saved: %r" % lines)
s = Session(env={"MINIRUBY_HISTORY": hist})
prompt(s)
s.send(UP + UP)
s.line("", r"^=> 42$", "history reloaded: a line from the last session runs")
s.line("require 'readline'; Readline::HISTORY.to_a.include?('history_marker + 1')", r"^=> true$",
       "Readline::HISTORY is the session's history")
s.send(CTRL_D)
s.wait()
s.close()

# the default file is ~/.miniruby_history; MINIRUBY_HISTSIZE bounds it
home = tempfile.mkdtemp(prefix="repl_home")
s = Session(env={"HOME": home, "MINIRUBY_HISTORY": "", "MINIRUBY_HISTSIZE": "3"})
prompt(s)
for i in range(5):
    s.line("%d + 100" % i, r"^=> %d$" % (i + 100))
s.send(CTRL_D)
s.wait()
s.close()
path = os.path.join(home, ".miniruby_history")
lines = open(path).read().splitlines() if os.path.exists(path) else None
check(lines == ["2 + 100", "3 + 100", "4 + 100"], "~/.miniruby_history holds the last 3 lines: %r" % lines)

# ---------------------------------------------------------------- require 'readline' in a script
script = os.path.join(TMP, "rl.rb")
with open(script, "w") as f:
    f.write(r'''require 'readline'
$n = 0
t = Thread.new { loop { $n += 1; sleep 0.01 } }
Readline.completion_proc = proc { |s| %w[apple apricot banana].grep(/\A#{Regexp.escape(s)}/) }
line = Readline.readline("first> ", true)
puts "got #{line.inspect}"
puts "counted #{$n}"
p Readline::HISTORY.to_a
Readline::HISTORY.push("a", "b")
Readline::HISTORY << "c"
p [Readline::HISTORY.size, Readline::HISTORY[-1], Readline::HISTORY[0]]
p [Readline::HISTORY.pop, Readline::HISTORY.shift, Readline::HISTORY.to_a]
h = []
Readline::HISTORY.each { |e| h << e }
p h
line = Readline.readline("second> ")
p line
p Readline.readline("third> ")
puts "done"
''')
s = Session([script])
check(s.expect(r"first> $") is not None, "Readline.readline shows its prompt (got %r)" % s.tail())
time.sleep(1.0)   # the other thread counts while readline waits
s.send("hello world\r")
check(s.expect(r'got "hello world"') is not None, "Readline.readline returns the line (got %r)" % s.tail())
m = s.expect(r"counted (\d+)")
check(m is not None and int(m.group(1)) > 20, "threads ran while Readline.readline waited (%r)" % (m and m.group(1)))
check(s.expect(r'\["hello world"\]') is not None, "add_history true adds the line")
check(s.expect(r'\[4, "c", "hello world"\]') is not None, "HISTORY push, <<, size, [] (got %r)" % s.tail())
check(s.expect(r'\["c", "hello world", \["a", "b"\]\]') is not None, "HISTORY pop, shift, to_a")
check(s.expect(r'\["a", "b"\]') is not None, "HISTORY each")
check(s.expect(r"second> $") is not None, "second prompt")
s.send("apr\t\r")
check(s.expect(r'"apricot "') is not None, "completion_proc completes (got %r)" % s.tail())
check(s.expect(r"third> $") is not None, "third prompt")
s.send(CTRL_D)
check(s.expect(r"nil\ndone") is not None, "Ctrl-D gives nil (got %r)" % s.tail())
check(s.wait() == 0, "script ends")
s.close()

# ---------------------------------------------------------------- without a terminal
import subprocess
p = subprocess.run([MINIRUBY], input="p 1 + 2\n", capture_output=True, text=True, timeout=60)
check(p.stdout == "3\n", "stdin not a tty: read as a program (%r)" % p.stdout)
p = subprocess.run([MINIRUBY, "--repl"], input="x = 2\nx * 21\n", capture_output=True, text=True, timeout=60,
                   env=dict(os.environ, MINIRUBY_HISTORY=os.path.join(TMP, "h3")))
check("=> 42" in p.stdout and p.returncode == 0, "--repl forces the REPL (%r)" % p.stdout)

finish()
