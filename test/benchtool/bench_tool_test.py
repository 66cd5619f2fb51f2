"""bench_tool_test.py: tests of the benchmark tools in test/bench/
(test: one build: no configure variant changes them).

(test/run skips test/bench/, which holds the benchmark programs, so the
tools' own tests live here.)  Checks that test/bench/compare, given two
copies of one binary, reports ratios near 1 and no test differences; that
a deliberately slowed build (MINIRUBY_GC_STRESS=1 through --env) and a
deliberately broken one (a wrapper failing one test) are reported; that
the text, Markdown and JSON outputs parse; and, as CI's one benchmark run,
that a --quick comparison of two copies of the binary over every workload
succeeds.  No wall-clock time is asserted: timing checks are ratios
between builds measured in the same run, with wide margins (the slowed
build is tens of times slower)."""
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))
from mrtest import MINIRUBY, SRCDIR, check, finish  # noqa: E402

BENCH = os.path.join(SRCDIR, "test", "bench")
sys.path.insert(0, BENCH)
import benchlib  # noqa: E402

VALUE_WORDS = {"-", "fail", "timeout"}
VERDICT_WORDS = {"slower", "faster", "larger", "smaller", "no-change", "undecided"}


def tool(name, args, cwd):
    p = subprocess.run([sys.executable, os.path.join(BENCH, name)] + args, capture_output=True,
                       text=True, cwd=cwd, timeout=300, stdin=subprocess.DEVNULL)
    return p.returncode, p.stdout, p.stderr


def parse_table(out):
    """The header and rows of a tool's stdout table (see its docstring)."""
    lines = [l for l in out.splitlines() if l.strip() and not l.startswith("#")]
    rows = [l.split() for l in lines]
    return rows[0], rows[1:]


def is_value(tok):
    if tok in VALUE_WORDS or tok.startswith("SIG"):
        return True
    try:
        float(tok)
        return True
    except ValueError:
        return False


def check_table(out, what):
    head, rows = parse_table(out)
    check(head[:4] == ["workload", "measure", "unit", "better"], "%s: header %r" % (what, head))
    check(rows and all(len(r) == len(head) for r in rows), "%s: every row has %d cells" % (what, len(head)))
    values = [t for r in rows for h, t in zip(head[4:], r[4:]) if h != "runs" and not h.startswith("verdict:")]
    check(all(is_value(t) for t in values), "%s: cells are numbers or - fail timeout" % what)
    verdicts = [t for r in rows for h, t in zip(head[4:], r[4:]) if h.startswith("verdict:")]
    check(all(t in VERDICT_WORDS or t in VALUE_WORDS or t.startswith("SIG") for t in verdicts),
          "%s: verdict cells are verdict words: %r" % (what, sorted(set(verdicts))))
    return head, {(r[0], r[1]): dict(zip(head, r)) for r in rows}


def check_markdown(path, what):
    """Every Markdown table has the same number of cells in each row."""
    with open(path) as f:
        lines = f.read().splitlines()
    ok, tables, width = True, 0, None
    for line in lines:
        if not line.startswith("|"):
            width = None
            continue
        n = len(line.replace("\\|", "").strip("|").split("|"))
        if width is None:
            width, tables = n, tables + 1
        ok = ok and n == width
    check(ok and tables >= 2, "%s: %d well-formed Markdown tables" % (what, tables))
    return "\n".join(lines)


def ratio_values(table, column, unit):
    return [float(r[column]) for r in table.values() if r["unit"] == unit and r[column] not in VALUE_WORDS]


def copies(tmp):
    """Two copies of the binary under test, labelled a and b."""
    for d in ("a", "b"):
        os.makedirs(os.path.join(tmp, d))
        shutil.copy2(MINIRUBY, os.path.join(tmp, d, "miniruby"))
    return os.path.join(tmp, "a"), os.path.join(tmp, "b")


def test_units():
    counts = benchlib.parse_strace(
        "% time     seconds  usecs/call     calls    errors syscall\n"
        "------ ----------- ----------- --------- --------- ----------------\n"
        " 99.66    0.409551           2    200002           rt_sigprocmask\n"
        "  0.10    0.000400           4       100         3 mmap\n"
        "------ ----------- ----------- --------- --------- ----------------\n"
        "100.00    0.410950           2    200102         3 total\n")
    check(counts == {"rt_sigprocmask": 200002, "syscalls": 200102}, "parse_strace: %r" % counts)
    check(benchlib.fmt(0.000123456) == "0.0001235" and benchlib.fmt(2637142.4) == "2637142"
          and benchlib.fmt(3.0) == "3", "fmt gives stable tokens")
    names = [w.name for w in benchlib.select(["sched_pass_10"], None)]
    check(names == ["sched_pass_10"], "an exact name selects one workload: %r" % names)
    check(len(benchlib.select(["sched_pass"], None)) == 4, "a word selects every workload containing it")
    b = benchlib.resolve_builds([MINIRUBY, "X=" + MINIRUBY], ["B:V1=1", "X:V2=2", "V3=3"])
    check([x.label for x in b][1] == "X" and b[0].env == {"V3": "3"}
          and b[1].env == {"V1": "1", "V2": "2", "V3": "3"}, "--env by letter, label and for all")


def test_run_tool(tmp):
    code, out, err = tool("run", ["--miniruby", MINIRUBY, "--quick", "--runs", "2",
                                  "--only", "depth,startup", "--json", "run.json"], tmp)
    check(code == 0, "run --quick succeeds: %s" % err[-300:])
    head, t = check_table(out, "run")
    check(head[4:] == ["median", "min", "max", "runs"], "run: header %r" % head)
    depth = t.get(("depth", "main"), {})
    check(depth.get("unit") == "levels" and int(depth.get("median", 0)) > 1000, "run: depth figure %r" % depth)
    check(t.get(("startup", "wall"), {}).get("runs") == "2/2", "run: startup ran twice")
    with open(os.path.join(tmp, "run.json")) as f:
        check(len(json.load(f)["results"]["depth"]) == 2, "run: JSON has both runs")


def test_slowed(a, b, tmp):
    code, out, err = tool("compare", ["--quick", "--runs", "2", "--only", "startup,lib_bignum",
                                      "--no-scaling", "--no-strace", "--env", "B:MINIRUBY_GC_STRESS=1",
                                      "--json", "slow.json", a, b], tmp)
    check(code == 0, "compare with a slowed build succeeds: %s" % err[-300:])
    head, t = check_table(out, "slowed")
    slow = [float(t[(w, "wall")]["ratio:b"]) for w in ("startup", "lib_bignum")]
    # a collection at every allocation makes these runs 5 to 10 times as
    # long, but about twice as long under AddressSanitizer, whose start-up
    # alone takes 40 ms: 1.5 is well clear of a build that is not slower
    check(all(r > 1.5 for r in slow), "the GC-stressed build is reported slower: ratios %r" % slow)
    with open(os.path.join(tmp, "slow.json")) as f:
        data = json.load(f)
    check(data["builds"][1]["env"] == {"MINIRUBY_GC_STRESS": "1"}, "JSON records the --env")
    recs = [r for r in data["figures"] if r["workload"] == "startup" and r["measure"] == "wall"]
    check(len(recs) == 2 and recs[1]["ratio"] > 1.5, "JSON figure records carry the ratio")


def test_ruby(a, tmp):
    if not shutil.which("ruby"):
        return
    code, out, err = tool("compare", ["--quick", "--runs", "1", "--only", "depth,hackysack_big",
                                      "--no-scaling", "--no-strace", a, "ruby"], tmp)
    check(code == 0, "compare with ruby succeeds: %s" % err[-300:])
    head, t = check_table(out, "ruby")
    check("ruby" in head and float(t[("depth", "main")]["ruby"]) > 1000, "ruby's depth is reported")
    check(t[("hackysack_big", "wall")]["ruby"] == "-", "workloads too big for ruby are skipped")


def broken_build(tmp):
    """A wrapper that fails one test on purpose and runs the binary otherwise."""
    os.makedirs(os.path.join(tmp, "broken"))
    path = os.path.join(tmp, "broken", "miniruby")
    with open(path, "w") as f:
        f.write('#!/bin/sh\ncase "$*" in *core/comparable.rb*) echo broken >&2; exit 1;; esac\n'
                'exec "%s" "$@"\n' % os.path.abspath(MINIRUBY))
    os.chmod(path, 0o755)
    return os.path.dirname(path)


def test_tests_mode(a, b, tmp):
    filters = ["--filter", "core/comparable", "--filter", "core/range", "--test-arg=--no-gc-stress"]
    code, out, err = tool("compare", ["--tests"] + filters + [a, b], tmp)
    check(code == 0 and out.strip().endswith("\n0 tests differ"), "same binary: no test differs: %s" % out[-300:])
    code, out, err = tool("compare", ["--tests"] + filters + ["--report", "tests.md", a, broken_build(tmp)], tmp)
    lines = [l for l in out.splitlines() if not l.startswith("#")]
    check(code == 1 and lines[-1] == "1 tests differ", "broken build: one test differs: %s" % out[-300:])
    check(lines[0].split() == ["ok", "FAIL", "test/core/comparable.rb"], "the differing test is listed: %r" % lines[:1])
    text = check_markdown(os.path.join(tmp, "tests.md"), "tests report") if os.path.exists(
        os.path.join(tmp, "tests.md")) else ""
    check("test/core/comparable.rb" in text, "the tests report names the test")


def version():
    return subprocess.run([MINIRUBY, "-v"], capture_output=True, text=True).stdout


def test_quick_ci(a, b, tmp):
    """CI's benchmark run: --quick, two copies of the binary.  Every workload
    in the default build only: CI runs it once, and in ucontext builds every
    block call pays a system call, which makes the whole set minutes long."""
    every = version().split()[-2:] == ["context=setjmp", "timer=setitimer"]
    subset = [] if every else ["--only", "pushpop,depth,startup,sched_pass_10"]
    code, out, err = tool("compare", ["--quick", "--report", "ci/report.md", "--json", "ci/report.json"]
                          + subset + [a, b], tmp)
    check(code == 0, "compare --quick over two copies succeeds: %s" % err[-500:])
    head, t = check_table(out, "quick")
    check(head[4:] == ["a", "b", "ratio:b", "verdict:b"], "quick: header %r" % head)
    names = {w for w, m in t}
    wanted = benchlib.WORKLOADS if every else benchlib.select(subset[1].split(","), None)
    missing = [w.name for w in wanted if w.name not in names]
    check(not missing, "every workload reported: missing %r" % missing)
    check(any(w.startswith("scale_hackysack_") for w in names), "the hackysack series is reported")
    # the figures themselves are wall-clock times on a shared machine: only
    # their form is checked here, never how close the two copies came
    times = ratio_values(t, "ratio:b", "s")
    check(times and all(x >= 0 and math.isfinite(x) for x in times),
          "same binary: every time ratio is a number: %r" % times[:10])
    check(t[("depth", "main")]["ratio:b"] == "1.000", "same binary: equal depth")
    if shutil.which("strace"):
        calls = t.get(("pushpop", "rt_sigprocmask"), {}).get("a", "-")
        ucontext = "context=ucontext" in version()
        want = (lambda n: n >= 200000) if ucontext else (lambda n: n < 100)
        check(is_value(calls) and calls not in VALUE_WORDS and want(int(calls)),
              "strace: pushpop's 2 x 100,000 iterations make %s rt_sigprocmask calls" % calls)
    text = check_markdown(os.path.join(tmp, "ci", "report.md"), "quick report")
    check("## Figures" in text and "## Builds" in text, "the report has its sections")
    with open(os.path.join(tmp, "ci", "report.json")) as f:
        data = json.load(f)
    check(not data["failures"] and len(data["builds"]) == 2, "JSON: two builds, no failures")
    if shutil.which("gnuplot"):
        pngs = [p for p in os.listdir(os.path.join(tmp, "ci")) if p.endswith(".png")]
        check(len(pngs) == 4, "four charts: %r" % pngs)
    else:
        check("gnuplot is not installed" in text, "the report says gnuplot is missing")


def main():
    tmp = tempfile.mkdtemp(prefix="benchtool.")
    try:
        test_units()
        a, b = copies(tmp)
        test_run_tool(tmp)
        test_slowed(a, b, tmp)
        test_ruby(a, tmp)
        test_tests_mode(a, b, tmp)
        test_quick_ci(a, b, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    finish()


if __name__ == "__main__":
    main()
