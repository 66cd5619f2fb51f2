"""main_stack_limit_test.py: the main thread's stack limit comes from its
real RLIMIT_STACK, whatever the value (small ones, and unlimited): deep
recursion raises SystemStackError, never SIGSEGV.  Below 512 KB the limit
used to be taken for 8 MB, and recursion ran off the end of the stack."""
import os
import resource
import subprocess
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from mrtest import MINIRUBY, check, finish

# With no limit (1 GB of stack), inspect's 100,000 levels succeed, making
# 10 GB of Strings (each level's holds the one below): #hash goes as deep
# in C and makes nothing.
PROGRAM = ('def f(n); f(n + 1); end\n'
           'begin; f(0); rescue SystemStackError => e; puts "ruby: #{e.message}"; end\n'
           'a = []; 100_000.times { a = [a] }\n'
           'begin; a.METHOD; puts "METHOD: ok"; rescue SystemStackError; puts "METHOD: too deep"; end\n'
           'begin; eval("[" * 50_000 + "]" * 50_000); puts "parse: ok"\n'
           'rescue SystemStackError, SyntaxError; puts "parse: too deep"; end\n'
           'puts Thread.new { 7 }.value\n')
sanitized = "asan" in subprocess.run([MINIRUBY, "-v"], capture_output=True, text=True).stdout


def limited(kb):
    def set_limit():
        lim = resource.RLIM_INFINITY if kb is None else kb * 1024
        resource.setrlimit(resource.RLIMIT_STACK, (lim, resource.getrlimit(resource.RLIMIT_STACK)[1]))
    return set_limit


# AddressSanitizer's frames are several times larger: start it higher
for kb in ([1024, 2048, 8192, None] if sanitized else [160, 256, 400, 500, 1024, 8192, None]):
    program = PROGRAM.replace("METHOD", "hash" if kb is None else "inspect")
    p = subprocess.run([MINIRUBY, "-e", program], capture_output=True, text=True, timeout=120,
                       preexec_fn=limited(kb), env=dict(os.environ, ASAN_OPTIONS="detect_leaks=0"))
    lines = p.stdout.splitlines()
    check(p.returncode == 0 and lines[:1] == ["ruby: stack level too deep"] and lines[-1:] == ["7"],
          "ulimit -s %s: status %s %r %r" % (kb or "unlimited", p.returncode, p.stdout, p.stderr[-400:]))
finish()
