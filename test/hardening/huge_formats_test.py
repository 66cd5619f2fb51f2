"""huge_formats_test.py: sprintf outputs of about 2**31 bytes (a width or a
precision of 2**31 - 1, given in the format or by `*`) cost what the
output costs: under a 300 MB address-space limit they end promptly in
NoMemoryError, which the program rescues; a 64 MB float that fits is
produced.  Floats used to need several times their size in the C
library's scratch memory (and, unlimited, ran for ever); a literal width
of 10 digits was refused as "too big" although 1.8.7 takes up to
2**31 - 1.  Not under AddressSanitizer, which cannot run with such a
limit (see heap_exhausted_test.py)."""
import os
import resource
import subprocess
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from mrtest import MINIRUBY, check, finish, ruby

LIMIT = 300 * 1024 * 1024


def limit_memory():
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT, LIMIT))


status, version, _ = ruby(["-v"])
if "asan" in version:
    check("build=" in version, "an ASan build names itself in -v: %r" % version)
    finish()

CODE = r"""
def try
  r = yield
  r.is_a?(String) ? r.size : r
rescue NoMemoryError, ArgumentError, RangeError => e
  "#{e.class}: #{e.message}"
end
puts try { sprintf("%.*f", 2**26, 1.0) }
puts try { sprintf("%.*f", 2**31 - 1, 1.0) }
puts try { sprintf("%.*e", 2**31 - 1, 1.5) }
puts try { sprintf("%#.*g", 2**31 - 1, 1.5) }
puts try { sprintf("%.*g", 2**31 - 1, 1.5) }
puts try { sprintf("%*f", 2**31 - 1, 1.0) }
puts try { "%2147483647d" % 1 }
puts try { "%1000000000s" % "a" }
puts try { "%.2147483647d" % 1 }
puts try { sprintf("%*d", 2**31 - 1, 1) }
puts try { "%2147483648d" % 1 }
puts "x" * 3
"""
NOMEM = "NoMemoryError: failed to allocate memory"
WANT = "\n".join(["67108866"] + [NOMEM] * 3 + ["3"] + [NOMEM] * 5 +
                 ["ArgumentError: width too big", "xxx"]) + "\n"

try:
    p = subprocess.run([MINIRUBY, "-e", CODE], capture_output=True, text=True, timeout=120,
                       preexec_fn=limit_memory)
    got = (p.returncode, p.stdout, p.stderr[-500:])
except subprocess.TimeoutExpired:
    got = ("timeout", "", "")
check(got == (0, WANT, ""), "huge formats under 300 MB:\n  expected %r\n  got      %r" % ((0, WANT, ""), got))
finish()
