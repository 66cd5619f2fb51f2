"""deep_c_recursion_test.py: deep_c_recursion.rb again with every green
thread's C stack at 64 KB (MINIRUBY_THREAD_STACK=64k), where each case run
in a thread must end in its small-stack outcome (mostly SystemStackError)
while the sleeping neighbour thread, whose stack lies just below, still
computes its value."""
import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from mrtest import check, finish, ruby, SRCDIR

TEST = os.path.join(SRCDIR, "test", "hardening", "deep_c_recursion.rb")
code, out, err = ruby(["-I", os.path.join(SRCDIR, "test"), TEST],
                      env={"MINIRUBY_THREAD_STACK": "64k"}, timeout=300)
check(code == 0 and " 0 failures" in out,
      "deep_c_recursion.rb with 64k thread stacks: status %s\n%s%s" % (code, out[-1000:], err[-3000:]))
finish()
