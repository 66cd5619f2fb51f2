"""headers_test.py: extensions see the public headers only.

ext/ compiles with include/ and each extension's own folder alone on the
include path (Makefile.in, EXT_CPPFLAGS).  Checked four ways: every quoted
include in ext/ names a header of the extension's own folder or of
include/; the public headers include nothing outside include/; `make
ext-headers` (in the build folder of the miniruby under test) compiles
every extension source with that path; and, with the same flags, a file
including an internal header fails to compile while one using the public
API compiles."""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from mrtest import MINIRUBY, SRCDIR, check, finish

INCLUDE = os.path.join(SRCDIR, "include")
QUOTED = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def quoted_includes(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return QUOTED.findall(f.read())


ext_files = sorted(glob.glob(os.path.join(SRCDIR, "ext", "*", "*.[ch]")))
check(len(ext_files) > 20, "ext/ sources found: %d" % len(ext_files))
for path in ext_files:
    here = os.path.dirname(path)
    for inc in quoted_includes(path):
        ok = os.path.isfile(os.path.join(here, inc)) or os.path.isfile(os.path.join(INCLUDE, inc))
        check(ok and not inc.startswith(".."),
              "%s includes %r: neither its own folder's nor a public header"
              % (os.path.relpath(path, SRCDIR), inc))

public = sorted(glob.glob(os.path.join(INCLUDE, "*.h")) + glob.glob(os.path.join(INCLUDE, "ruby", "*.h")))
check(os.path.join(INCLUDE, "ruby.h") in public and os.path.join(INCLUDE, "ruby", "green.h") in public,
      "include/ruby.h and include/ruby/green.h exist")
for path in public:
    here = os.path.dirname(path)
    for inc in quoted_includes(path):
        target = os.path.realpath(os.path.join(here, inc))
        if not os.path.isfile(target):
            target = os.path.realpath(os.path.join(INCLUDE, inc))
        check(os.path.isfile(target) and target.startswith(os.path.realpath(INCLUDE) + os.sep),
              "%s includes %r, outside include/" % (os.path.relpath(path, SRCDIR), inc))

build = os.path.dirname(os.path.abspath(MINIRUBY))


def ext_headers(*srcs):
    args = ["make", "-s", "-C", build, "ext-headers"]
    if srcs:
        args.append("EXT_CHECK_SRCS=" + " ".join(srcs))
    return subprocess.run(args, capture_output=True, text=True, timeout=600)


made = ext_headers()
check(made.returncode == 0, "make ext-headers: %s" % (made.stdout + made.stderr)[-800:])

tmp = tempfile.mkdtemp(prefix="mr-ext-headers-")
try:
    def probe(name, text):
        path = os.path.join(tmp, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    good = probe("good.c", '#include "ruby.h"\n#include "ruby/green.h"\n'
                 "VALUE probe(void) { return class_of(green_current()) == core_classes->Thread ? "
                 "vm_top_self() : Qnil; }\n")
    p = ext_headers(good)
    check(p.returncode == 0, "the public API compiles with the extension flags: %s" % (p.stdout + p.stderr)[-600:])
    for inc in ("runtime/internal.h", "eval/vm.h", "thread/gthread.h", "interp/runtime/internal.h", "rthread.h"):
        bad = probe("bad.c", '#include "ruby.h"\n#include "%s"\n' % inc)
        p = ext_headers(bad)
        check(p.returncode != 0 and ("No such file" in p.stderr or "file not found" in p.stderr),
              "an extension including %s must not compile: %s %r" % (inc, p.returncode, p.stderr[-300:]))
finally:
    shutil.rmtree(tmp)
finish()
