"""deadlock_test.py: MRI 1.8's deadlock report and exit status, and what
abort_on_exception does to the process."""
import os
import re
import sys
import tempfile
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from mrtest import ruby, check, finish

def run_script(name, text):
    d = tempfile.mkdtemp()
    path = os.path.join(d, name)
    with open(path, "w") as f:
        f.write(text)
    return ruby([path], timeout=30)

# two threads waiting on one queue
status, out, err = run_script("q.rb", "require 'thread'\nq = Queue.new\nt = Thread.new { q.pop }\nq.pop\n")
lines = err.splitlines()
check(status == 1, "deadlock exits 1 (got %s)" % status)
check(len(lines) >= 3, "a line per thread, then fatal: %r" % err)
if len(lines) >= 3:
    check(re.fullmatch(r"deadlock 0x[0-9a-f]+: sleep:-  - .*q\.rb:3", lines[0]) is not None, "thread line: %r" % lines[0])
    m = re.fullmatch(r"deadlock (0x[0-9a-f]+): sleep:- \(main\) - .*q\.rb:4", lines[1])
    check(m is not None, "main line: %r" % lines[1])
    m2 = re.fullmatch(r".*q\.rb:4:in `pop': Thread\((0x[0-9a-f]+)\): deadlock \(fatal\)", lines[2])
    check(m2 is not None, "fatal line: %r" % lines[2])
    if m and m2:
        check(m.group(1) == m2.group(1), "fatal names the main thread")

# the main thread alone waiting for a queue: Ruby 1.8.7's ThreadError
status, out, err = run_script("one.rb", "require 'thread'\nQueue.new.pop\n")
check(status == 1 and "one.rb:2:in `pop': stopping only thread (ThreadError)" in err,
      "lone pop: %s %r" % (status, err))

# joining a thread that waits forever
status, out, err = run_script("join.rb", "t = Thread.new { Thread.stop }\nt.join\n")
check(status == 1 and re.search(r"sleep:J\(0x[0-9a-f]+\) \(main\)", err) is not None, "join deadlock: %r" % err)

# a deadlock can be rescued as `fatal`? No: fatal is not a StandardError
status, out, err = run_script("r.rb", "require 'thread'\nq = Queue.new\nThread.new { q.pop }\nbegin\n  q.pop\nrescue => e\n  puts 'rescued'\nend\n")
check(status == 1 and "rescued" not in out, "fatal is not rescued by a bare rescue")

# abort_on_exception: the whole process reports it and exits 1
status, out, err = run_script("abort.rb", "Thread.abort_on_exception = true\nt = Thread.new { raise ArgumentError, 'boom' }\nsleep 1\nputs 'not reached'\n")
check(status == 1, "abort_on_exception exits 1 (got %s)" % status)
check("not reached" not in out, "main stops")
check(re.search(r"abort\.rb:2: boom \(ArgumentError\)", err) is not None, "report: %r" % err)

# without it the thread dies silently
status, out, err = run_script("quiet.rb", "t = Thread.new { raise 'x' }\nsleep 0.01\nputs t.status.inspect\n")
check(status == 0 and out == "nil\n" and err == "", "silent death: %s %r %r" % (status, out, err))

# the main thread reaching its end kills the others
status, out, err = run_script("end.rb", "Thread.new { sleep }\nThread.new { loop { Thread.pass } }\nputs 'bye'\n")
check(status == 0 and out == "bye\n", "process ends with main: %s %r" % (status, out))

# exit in a thread ends the whole process with its status, as in MRI 1.8
status, out, err = run_script("texit.rb", "Thread.new { exit 5 }\nsleep 1\nputs 'not reached'\n")
check(status == 5 and out == "", "exit in a thread: %s %r %r" % (status, out, err))

finish()
