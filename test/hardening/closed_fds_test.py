"""closed_fds_test.py: a standard descriptor closed when miniruby starts
(`2>&-`, `<&-`, `>&-`) stays reserved: nothing the interpreter opens at
start-up (the signal-wakeup pipe) or later (File.open, IO.pipe) takes it,
so $stderr.puts, puts and gets do not hang on, or write into, someone
else's descriptor.  Reading and writing them raise Errno::EBADF where
1.8.7 does; what the script tells is printed on a descriptor still open."""
import os
import subprocess
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from mrtest import check, finish, MINIRUBY


def run(code, closed, stdin=b""):
    """miniruby -e code with descriptor `closed` closed; (status, out, err)."""
    try:
        p = subprocess.run([MINIRUBY, "-e", code], input=stdin, capture_output=True,
                           timeout=10, preexec_fn=lambda: os.close(closed))
    except subprocess.TimeoutExpired:
        return "timeout", "", ""
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def expect(code, closed, status, out="", err=""):
    got = run(code, closed)
    check(got == (status, out, err), "fd %d closed: %s\n  expected %r\n  got      %r"
          % (closed, code, (status, out, err), got))


# stderr closed: writes to it fail, the failure is rescuable
expect("begin; $stderr.puts 'x'; rescue => e; puts e.class; end", 2, 0, "Errno::EBADF\n")
expect("begin; STDERR.print 1; rescue => e; puts e.message; end", 2, 0, "Bad file descriptor\n")
expect("begin; $stderr.write 'x'; rescue SystemCallError => e; p e.errno == Errno::EBADF::Errno; end",
       2, 0, "true\n")
expect("$stderr.puts 'x'; puts 'not reached'", 2, 1)
expect("raise 'boom'", 2, 1)
expect("warn 'w'; puts :after", 2, 1)

# stdout closed: an unbuffered or flushed write fails; at exit the lost
# buffer does not change the status, as in 1.8.7
expect("x = (STDOUT.syswrite('a') rescue $!); $stderr.puts x.class", 1, 0, err="Errno::EBADF\n")
expect("print 1; x = (STDOUT.flush rescue $!); $stderr.puts x.class", 1, 0, err="Errno::EBADF\n")
expect("$stdout.sync = true; x = (puts 1 rescue $!); $stderr.puts x.class", 1, 0, err="Errno::EBADF\n")
expect("x = (STDOUT.write('a' * 100000) rescue $!); $stderr.puts x.class", 1, 0, err="Errno::EBADF\n")
expect("puts 1", 1, 0)
expect("print 1; exit 3", 1, 3)

# stdin closed: reads fail instead of hanging
expect("begin; gets; rescue => e; puts e.class; end", 0, 0, "Errno::EBADF\n")
for m in ["read", "read(1)", "sysread(1)", "getc", "readlines", "each_line { }"]:
    expect("x = (STDIN.%s rescue $!); puts x.class" % m, 0, 0, "Errno::EBADF\n")
expect("gets", 0, 1, err="-e:1:in `gets': Bad file descriptor (Errno::EBADF)\n\tfrom -e:1\n")

# descriptors opened later do not take the closed one
for fd in [0, 1, 2]:
    tell = "$stderr" if fd != 2 else "$stdout"
    expect("r, w = IO.pipe; f = File.open(%r); %s.puts [r.fileno, w.fileno, f.fileno].min > 2"
           % (os.devnull, tell), fd, 0, *(("", "true\n") if fd != 2 else ("true\n", "")))

# a child inherits a descriptor that fails the same way
expect("$stderr.puts system('echo hi 2>/dev/null').inspect", 1, 0, err="false\n")
finish()
