"""small_stack_test.py: deep nesting and deep recursion inside a green
thread whose C stack is small (MINIRUBY_THREAD_STACK) end in SyntaxError
or SystemStackError, never in SIGSEGV: the parser, the evaluator and the C
methods that recurse (inspect) all stop at the thread's own stack limit."""
import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from mrtest import check, finish, ruby, SRCDIR

FIXTURE = os.path.join(SRCDIR, "test", "hardening", "fixtures", "deep_in_thread.rb")
EXPECTED = """eval parens: too deep
eval brackets: too deep
eval blocks: too deep
run array: ok or error
run hash: ok or error
run plus: ok or error
run call: ok or error
run string: ok or error
run blocks: ok or error
recursion: SystemStackError
inspect: ok or error
marshal: ok or error
thread: done
"""

for size in ["64k", "128k", "256k", "1m", "8m"]:
    code, out, err = ruby([FIXTURE], env={"MINIRUBY_THREAD_STACK": size}, timeout=120)
    check(code == 0 and out == EXPECTED,
          "MINIRUBY_THREAD_STACK=%s: status %s\n%s%s" % (size, code, out, err[-2000:]))
finish()
