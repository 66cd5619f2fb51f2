#!/usr/bin/env python3
"""valgrind_check.py: `make check-valgrind` -- run a chosen subset of the
suite under Valgrind's memcheck; any error it reports fails (exit status 1).

The subset: every Ruby test of test/thread and test/hardening (green-thread
stacks, switches, deep recursion), deep nesting inside threads with small
stacks, core class tests that exercise the collector and the C library
glue, and the thread workloads hackysack.rb and pmap.rb at small sizes.
The tests whose one assertion is on RSS (RSS_ONLY) run for Valgrind's
verdict alone: its shadow memory inflates what they measure.
Thread stacks are announced to Valgrind (thread/instrument.h), so a switch
is not taken for a wild stack-pointer move; words the conservative GC scan
reads but nobody wrote are marked defined before the scan.

  usage: valgrind_check.py [--miniruby ./miniruby] [-j N] [NAME-FILTER...]
"""
import argparse
import concurrent.futures
import glob
import os
import subprocess
import sys
import time

SRCDIR = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TEST = os.path.join(SRCDIR, "test")
CORE = ["array", "hash", "string", "string_pack", "bignum", "regexp", "struct", "io",
        "process", "time", "enumerable", "enumerator", "range"]
# large on purpose (1,000,000 threads); counts committed stack pages, which
# Valgrind's own stacks distort
SKIP = {"thread_abuse.rb", "stack_pages.rb", "stack_pages_players.rb"}
# their one assertion is on the RSS a collection adds, which Valgrind's
# shadow memory and malloc inflate: run for Valgrind's verdict alone
RSS_ONLY = {"parked_mark_stack.rb", "parked_roots_memory.rb"}
VALGRIND = ["valgrind", "--tool=memcheck", "--error-exitcode=99", "--quiet",
            "--max-stackframe=16777216", "--num-callers=30"]


def tests():
    """(path, arguments, extra environment) of each run"""
    files = sorted(glob.glob(os.path.join(TEST, "thread", "*.rb")))
    files += sorted(glob.glob(os.path.join(TEST, "hardening", "*.rb")))
    files += [os.path.join(TEST, "core", c + ".rb") for c in CORE]
    runs = [(f, [], {}) for f in files if os.path.basename(f) not in SKIP]
    deep = os.path.join(TEST, "hardening", "fixtures", "deep_in_thread.rb")
    runs += [(deep, [], {"MINIRUBY_THREAD_STACK": s}) for s in ("64k", "1m")]
    runs.append((os.path.join(TEST, "workloads", "hackysack.rb"), ["100", "2000"], {}))
    runs.append((os.path.join(TEST, "workloads", "pmap.rb"), ["10"], {}))
    return runs


def run(miniruby, spec):
    path, args, extra = spec
    start = time.time()
    cmd = VALGRIND + [miniruby, "-I", TEST, path] + args
    env = dict(os.environ, **extra)
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=900, env=env,
                           stdin=subprocess.DEVNULL, cwd=os.path.dirname(path))
        code, err = p.returncode, p.stderr
    except subprocess.TimeoutExpired:
        code, err = None, "timeout"
    return spec, code, err, time.time() - start


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--miniruby", default="./miniruby")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("filters", nargs="*")
    a = ap.parse_args()
    miniruby = os.path.abspath(a.miniruby)
    todo = [t for t in tests() if not a.filters or any(f in t[0] for f in a.filters)]
    npass = nfail = 0
    with concurrent.futures.ThreadPoolExecutor(a.j) as ex:
        for (path, args, extra), code, err, secs in ex.map(lambda t: run(miniruby, t), todo):
            name = " ".join(["%s=%s" % kv for kv in extra.items()] + [os.path.relpath(path, SRCDIR)] + args)
            if code == 0 or (code == 1 and os.path.basename(path) in RSS_ONLY):
                npass += 1
                print("ok   %-50s %6.1fs" % (name, secs), flush=True)
            else:
                nfail += 1
                why = "valgrind errors" if code == 99 else "status %s" % code
                print("FAIL %-50s %s\n%s" % (name, why, err[-4000:]), flush=True)
    print("%d passed, %d failed" % (npass, nfail))
    sys.exit(1 if nfail else 0)


if __name__ == "__main__":
    main()
