"""sample_suite_test.py: whole test/unit scripts (fixtures/*.rb) run as
`miniruby FILE`, the way users run them: the console runner's report as
1.8.7 prints it, command-line options, and the exit status (0 when all
passed, 1 otherwise).  "Finished in N seconds." varies and is matched by
pattern."""
import os
import re
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from mrtest import MINIRUBY, check, finish
import subprocess

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures")
FINISHED = re.compile(r"^Finished in \d+(\.\d+)?(e-?\d+)? seconds\.$", re.M)


def run(name, *args):
    p = subprocess.run([os.path.abspath(MINIRUBY), name] + list(args), capture_output=True,
                       text=True, timeout=60, cwd=FIXTURES)
    return p.returncode, p.stdout, p.stderr


def expect(what, got, want_status, want_out, want_err=""):
    status, out, err = got
    check(len(FINISHED.findall(out)) == (1 if "Started" in want_out else 0),
          "%s: one 'Finished in N seconds.' line in %r" % (what, out))
    masked = FINISHED.sub("Finished in N seconds.", out)
    check(masked == want_out, "%s: stdout\n%s\nwanted\n%s" % (what, masked, want_out))
    check(status == want_status, "%s: status %s, wanted %s" % (what, status, want_status))
    if want_err is not None:
        check(err == want_err, "%s: stderr %r" % (what, err))


expect("passing suite", run("passing.rb"), 0, """Loaded suite passing
Started
....
Finished in N seconds.

4 tests, 7 assertions, 0 failures, 0 errors
""")

expect("passing suite, verbose", run("passing.rb", "-v"), 0, """Loaded suite passing
Started
test_division(MathTest): .
test_empty_pop_raises_nothing(StackTest): .
test_pop(StackTest): .
test_push(StackTest): .

Finished in N seconds.

4 tests, 7 assertions, 0 failures, 0 errors
""")

expect("failing suite", run("failing.rb"), 1, """Loaded suite failing
Started
FEF.
Finished in N seconds.

  1) Failure:
test_equal(FailingTest) [failing.rb:7]:
<"expected"> expected but was
<"actual">.

  2) Error:
test_error(FailingTest):
IndexError: index 5 out of array
    failing.rb:11:in `fetch'
    failing.rb:11:in `test_error'

  3) Failure:
test_helper(FailingTest)
    [failing.rb:19:in `check_positive'
     failing.rb:23:in `test_helper']:
-1 is not positive.
<false> is not true.

4 tests, 3 assertions, 2 failures, 1 errors
""")

expect("failing suite, -n selects a passing test", run("failing.rb", "-n", "test_passes"), 0,
       """Loaded suite failing
Started
.
Finished in N seconds.

1 tests, 1 assertions, 0 failures, 0 errors
""")

expect("failing suite, --name=/regexp/", run("failing.rb", "--name=/^test_(equal|passes)$/", "-v"), 1,
       """Loaded suite failing
Started
test_equal(FailingTest): F
test_passes(FailingTest): .

Finished in N seconds.

  1) Failure:
test_equal(FailingTest) [failing.rb:7]:
<"expected"> expected but was
<"actual">.

2 tests, 2 assertions, 1 failures, 0 errors
""")

expect("-t TESTCASE", run("passing.rb", "-t", "MathTest"), 0, """Loaded suite passing
Started
.
Finished in N seconds.

1 tests, 2 assertions, 0 failures, 0 errors
""")

status, out, err = run("passing.rb", "--frobnicate")
check(status == 1, "bad option: status %s" % status)
check(out.startswith("invalid option: --frobnicate\nTest::Unit automatic runner.\nUsage: passing.rb [options]"),
      "bad option: %r" % out)

status, out, err = run("passing.rb", "-h")
check(status == 0 and "-n, --name=NAME" in out and "Started" not in out, "-h: %s %r" % (status, out))

expect("a script that dies runs no tests", run("raising.rb"), 1, "",
       "raising.rb:10: setup went wrong (RuntimeError)\n")

expect("a suite run by hand runs once", run("manual.rb"), 0, """Loaded suite ManualTest
Started
.
Finished in N seconds.

1 tests, 1 assertions, 0 failures, 0 errors
passed: true
""")

finish()
