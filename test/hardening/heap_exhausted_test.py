"""heap_exhausted_test.py: when the object heap can no longer grow (or
malloc fails), a program gets NoMemoryError, as from 1.8.7's rb_memerror,
can rescue it and goes on; it was a "[BUG] out of memory for the object
heap" abort.  The limit is an address-space rlimit of 300 MB; under
AddressSanitizer, whose shadow memory needs terabytes of address space,
no such limit can be set, so there the check is only that the build says
so (`build=...asan` in -v)."""
import os
import resource
import subprocess
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from mrtest import MINIRUBY, SRCDIR, check, finish, ruby

FIXTURE = os.path.join(SRCDIR, "test", "hardening", "fixtures", "fill_memory.rb")
LIMIT = 300 * 1024 * 1024


def limit_memory():
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT, LIMIT))


status, version, _ = ruby(["-v"])
if "asan" in version:
    check("build=" in version, "an ASan build names itself in -v: %r" % version)
    finish()
p = subprocess.run([MINIRUBY, FIXTURE], capture_output=True, text=True, timeout=300,
                   preexec_fn=limit_memory)
want = ("objects: NoMemoryError: failed to allocate memory\n"
        "strings: NoMemoryError: failed to allocate memory\n1000\n")
check(p.returncode == 0 and p.stdout == want,
      "NoMemoryError, rescued, twice: status %s %r %r" % (p.returncode, p.stdout, p.stderr[-500:]))
finish()
