"""cli_test.py: the miniruby command line as MRI 1.8.7's ruby has it:
-e (several), -c, -w, -W0/-W1/-W2, -d, -I, -r, -K, -v, --version, -h,
a program from stdin or `-`, ARGV and $0, #! switches, __END__ and DATA,
__FILE__/__LINE__, invalid options, missing scripts, exit statuses, and
the error report of an uncaught SystemStackError (whose depth varies with
the build).  switches_test.py has the other switches, signals_test.py the
ways of dying, warnings_test.py the warnings, install_test.py make install."""
import os
import re
import subprocess
import sys
import tempfile
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from mrtest import MINIRUBY, ruby, check, finish

TMP = tempfile.mkdtemp()


def script(name, text):
    path = os.path.join(TMP, name)
    with open(path, "w") as f:
        f.write(text)
    return path


def run_in(cwd, args, stdin=None):
    p = subprocess.run([MINIRUBY] + args, input=stdin, capture_output=True, text=True,
                       timeout=60, cwd=cwd)
    return p.returncode, p.stdout, p.stderr


def expect(args, out=None, err="", status=0, stdin=None, what=None):
    st, o, e = ruby(args, stdin=stdin)
    what = what or " ".join(args)
    ok = st == status and (out is None or o == out) and (err is None or e == err)
    check(ok, "%s: status %s out %r err %r" % (what, st, o, e))
    return st, o, e


# -e, several of them: one program, one line each
expect(["-e", "puts 1"], "1\n")
expect(["-e", "a = 2", "-e", "puts a * 3"], "6\n")
expect(["-e", "p __FILE__, __LINE__", "-e", "p __LINE__"], '"-e"\n1\n2\n')
expect(["-e", "p $0"], '"-e"\n')
expect(["-eputs 7"], "7\n", what="-e glued to its code")
expect(["-e", "p ARGV", "x", "-y"], '["x", "-y"]\n')
expect(["-e", "p ARGV", "--", "-a"], '["-a"]\n')
st, o, e = ruby(["-e"])
check(st == 2 and e == "miniruby: no code specified for -e\n", "-e without code: %s %r" % (st, e))
expect(["-e", "x = "], None, "-e:1: syntax error, unexpected $end\n", 1)
expect(["-e", "raise 'boom'"], "", "-e:1: boom (RuntimeError)\n", 1)

# -c: syntax check only
ok_rb = script("ok.rb", "puts 'not run'\ndef f; end\n")
expect(["-c", ok_rb], "Syntax OK\n")
expect(["-c", "-e", "1 +"], "", "-e:1: syntax error, unexpected $end\n", 1)
bad = script("bad.rb", "def f\n  1\nend\nend\n")
st, o, e = ruby(["-c", bad])
check(st == 1 and e == bad + ":4: syntax error, unexpected kEND, expecting $end\n" and o == "",
      "-c on a bad file: %s %r" % (st, e))

# warnings: $VERBOSE for the default, -w, -W0, -W1, -W2, -W, -v
expect(["-e", "p $VERBOSE"], "false\n")
expect(["-w", "-e", "p $VERBOSE"], "true\n")
expect(["-W0", "-e", "p $VERBOSE"], "nil\n")
expect(["-W1", "-e", "p $VERBOSE"], "false\n")
expect(["-W2", "-e", "p $VERBOSE"], "true\n")
expect(["-W", "-e", "p $VERBOSE"], "true\n")
expect(["-w", "-e", "p @undefined_ivar"], "nil\n", "-e:1: warning: instance variable @undefined_ivar not initialized\n")
expect(["-e", "p @undefined_ivar"], "nil\n", "")
expect(["-W0", "-e", "warn 'quiet'"], "", "")
expect(["-e", "warn 'loud'"], "", "loud\n")
expect(["-e", "$VERBOSE = nil; warn 'x'; $VERBOSE = true; p $VERBOSE"], "true\n", "")

# -d: $DEBUG, and every exception raised is announced
expect(["-e", "p $DEBUG"], "false\n")
expect(["-d", "-e", "p $DEBUG"], "true\n")
expect(["-d", "-e", "begin; raise IOError, 'x'; rescue IOError; end"], "",
       "Exception `IOError' at -e:1 - x\n")

# -I and -r
libdir = os.path.join(TMP, "lib")
os.mkdir(libdir)
with open(os.path.join(libdir, "clilib.rb"), "w") as f:
    f.write("CLILIB = :loaded\nputs 'clilib required'\n")
expect(["-I", libdir, "-e", "p $:[0]"], '"%s"\n' % libdir)
expect(["-I" + libdir, "-e", "p $:.include?(%r)" % libdir], "true\n")

# $: after -I: RUBYLIB's folders, miniruby's lib/ when present, then "." (1.8.7's order)
expect(["-I", libdir, "-e", "p $:.last, $:.index(%r)" % libdir], '"."\n0\n')
st, o, e = ruby(["-I", "/first", "-e", "p $:[0, 3]"], env={"RUBYLIB": "/rl/a:/rl/b"})
check(o == '["/first", "/rl/a", "/rl/b"]\n', "RUBYLIB's folders follow -I's: %r %r" % (o, e))
expect(["-I", libdir, "-r", "clilib", "-e", "p CLILIB"], "clilib required\n:loaded\n")
expect(["-rclilib", "-I", libdir, "-e", "p $\".grep(/clilib/).size"], "clilib required\n1\n",
       what="-r is done after all -I")
st, o, e = ruby(["-r", "no_such_lib_zz", "-e", "p 1"])
check(st == 1 and "no such file to load -- no_such_lib_zz (LoadError)" in e and o == "",
      "-r of a missing library: %s %r" % (st, e))

# -K
expect(["-Ku", "-e", "p $KCODE"], '"UTF8"\n')
expect(["-Ke", "-e", "p $KCODE"], '"EUC"\n')
expect(["-Ks", "-e", "p $KCODE"], '"SJIS"\n')
expect(["-Kn", "-e", "p $KCODE"], '"NONE"\n')
expect(["-e", "p $KCODE"], '"NONE"\n')
expect(["-Ku", "-e", "p 'h\u00e9llo'.scan(/./).size"], "5\n", what="-Ku: regexps match characters")
expect(["-e", "p 'h\u00e9llo'.scan(/./).size"], "6\n", what="no -K: bytes")

# -v, --version, -h
st, o, e = ruby(["-v"])
check(st == 0 and re.fullmatch(r"miniruby \S+ \(ruby 1\.8\.7 compatible\) \[[^\]]+\] context=\w+ timer=\w+( build=[\w+]+)?\n", o) is not None,
      "-v alone: %s %r" % (st, o))
version_line = o
expect(["--version"], version_line)
expect(["-v", "-e", "p $VERBOSE"], version_line + "true\n")
st, o, e = ruby(["-h"])
check(st == 0 and o.startswith("Usage: miniruby") and "-e 'command'" in o and "-Kkcode" in o, "-h: %r" % o[:80])
st, o2, e = ruby(["--help"])
check(o2 == o, "--help is -h")

# the program from stdin, with and without -
expect([], "3\n", stdin="p 1 + 2\n", what="program on stdin")
expect(["-"], '"-"\n[]\n', stdin="p $0\np ARGV\n", what="- reads stdin")
st, o, e = ruby(["-", "a"], stdin="p $0, ARGV\n")
check(o == '"-"\n["a"]\n', "- with ARGV: %r" % o)
expect([], "", "-:2: undefined local variable or method `nope' for main:Object (NameError)\n", 1,
       stdin="x = 1\nnope\n", what="error in a program from stdin")

# a script file: ARGV, $0, __FILE__, relative names
args_rb = script("args.rb", "p ARGV\np $0\np __FILE__\np $PROGRAM_NAME\np __LINE__\n")
expect([args_rb, "1", "-two", "--three"],
       '["1", "-two", "--three"]\n"%s"\n"%s"\n"%s"\n5\n' % (args_rb, args_rb, args_rb))
st, o, e = run_in(TMP, ["args.rb", "z"])
check(o == '["z"]\n"args.rb"\n"args.rb"\n"args.rb"\n5\n', "relative script name: %r" % o)
expect(["--", args_rb], '[]\n"%s"\n"%s"\n"%s"\n5\n' % (args_rb, args_rb, args_rb), what="-- then the script")

# #! line switches
sb = script("shebang.rb", "#!/usr/bin/env ruby -w\np $VERBOSE\n")
expect([sb], "true\n")
sb2 = script("shebang2.rb", "#! /usr/local/bin/ruby -W0 -d\np [$VERBOSE, $DEBUG]\n")
expect([sb2], "[true, true]\n", what="-d after -W0 on a #! line: $VERBOSE true again, as MRI")
sb3 = script("shebang3.rb", "#!/bin/sh\necho \"sh: $0 $1\"\n")
expect([sb3, "arg"], "sh: %s arg\n" % sb3, what="a #! line naming another interpreter runs it, as MRI")
sb4 = script("shebang4.rb", "#!/usr/bin/ruby -Ku\np $KCODE\n")
expect([sb4], '"UTF8"\n')

# __END__ and DATA
data_rb = script("data.rb", "p DATA.read\np __LINE__\n__END__\nline one\nline two\n")
expect([data_rb], '"line one\\nline two\\n"\n2\n')
data2 = script("data2.rb", "puts DATA.gets\nputs DATA.gets\n__END__\nfirst\nsecond\n")
expect([data2], "first\nsecond\n")
nodata = script("nodata.rb", "p defined?(DATA)\n")
expect([nodata], "nil\n", what="no __END__: no DATA")
notend = script("notend.rb", "x = 1\n  __END__\np :after\n", )
st, o, e = ruby([notend])
check(st == 1 and "__END__" in e, "an indented __END__ is not the marker: %s %r" % (st, e))
expect([], '"junk\\n"\ntrue\n', stdin="p DATA.read\np DATA.equal?(STDIN)\n__END__\njunk\n",
       what="a program on stdin: DATA is stdin after __END__, as 1.8.7's")
expect(["-"], '"one\\n"\n"two\\n"\n', stdin="p DATA.gets\np $stdin.read\n__END__\none\ntwo\n",
       what="DATA and $stdin: one stream")
expect(["-x"], '"junk\\n"\n', stdin="garbage\n#!ruby\np DATA.read\n__END__\njunk\n", what="-x on stdin, DATA")
expect(["-ne", "print"], "a\n__END__\nb\n", stdin="a\n__END__\nb\n", what="no DATA from an -e program")
endonly = script("endonly.rb", "p :before\n__END__\np :after\n")
expect([endonly], ":before\n")

# invalid options and missing scripts
expect(["-Z"], "", "miniruby: invalid option -Z  (-h will show valid options)\n", 2)
expect(["-cZ"], "", "miniruby: invalid option -Z  (-h will show valid options)\n", 2)
expect(["--frobnicate"], "", "miniruby: invalid option --frobnicate  (-h will show valid options)\n", 2)
expect(["-e", "p 1", "--frobnicate"], "", "miniruby: invalid option --frobnicate  (-h will show valid options)\n", 2,
       what="switches go on after -e's code")
expect([TMP], "", "miniruby: Is a directory - %s (Errno::EISDIR)\n" % TMP, 1, what="a folder as the program")
missing = os.path.join(TMP, "missing.rb")
expect([missing], "", "miniruby: No such file or directory -- %s (LoadError)\n" % missing, 1)

# exit statuses
expect(["-e", "exit 3"], "", "", 3)
expect(["-e", "exit"], "", "", 0)
expect(["-e", "exit false"], "", "", 1)
expect(["-e", "exit true"], "", "", 0)
expect(["-e", "abort 'gone'"], "", "gone\n", 1)
expect(["-e", "abort"], "", "", 1)
expect(["-e", "exit! 4"], "", "", 4)
expect(["-e", "exit!"], "", "", 1, what="exit! without a status: 1, as MRI")
expect(["-e", "print 'lost'; exit!"], "", "", 1, what="exit! flushes nothing")
expect(["-e", "Process.exit!"], "", "", 1)
expect(["-e", "at_exit { puts 'bye' }; exit 2"], "bye\n", "", 2)
expect(["-e", "at_exit { exit 5 }"], "", "", 5)
# an at_exit that raises: status 1 when the program ended by itself (1.8.7), not after an exit
expect(["-e", "at_exit { raise 'y' }"], "", None, 1)
expect(["-e", "at_exit { raise 'y' }; at_exit { puts 'second' }"], "second\n", None, 1)
expect(["-e", "at_exit { raise 'y' }; exit 0"], "", None, 0)
expect(["-e", "at_exit { raise 'y' }; exit 3"], "", None, 3)
expect(["-e", "at_exit { raise 'y' }; at_exit { exit 3 }"], "", None, 1, what="the raise after the exit 3")
expect(["-e", "at_exit { exit 3 }; at_exit { raise 'y' }"], "", None, 3, what="the exit 3 after the raise")
expect(["-e", "raise SystemExit"], "", "", 0)
expect(["-e", "Process.exit(6)"], "", "", 6)

# a thread's exception re-raised by join or value: a copy, its first line and then the joiner's, as 1.8.7
expect(["-e", "t = Thread.new { raise 'boom' }\nt.join"], "", "-e:1: boom (RuntimeError)\n\tfrom -e:2:in `join'\n\tfrom -e:2\n", 1)
expect(["-e", "def f; raise 'x'; end\nt = Thread.new { f }\ndef g(t) t.value end\ng(t)"], "",
       "-e:1:in `f': x (RuntimeError)\n\tfrom -e:3:in `value'\n\tfrom -e:3:in `g'\n\tfrom -e:4\n", 1)
expect(["-e", "t = Thread.new { raise 'boom' }\nbegin; t.join; rescue => e; end\nbegin; t.join; rescue => e2; end\n"
        "p e.equal?(e2), e2.backtrace"], 'false\n["-e:1", "-e:3:in `join\'", "-e:3"]\n', "")

# an uncaught SystemStackError.  MRI checks the stack before the callee's
# frame exists, so the first line is the caller's line (2), not the def
# line; a recursion at one call site shows as two lines (1.8.7 leaves out a
# level that repeats its caller's method and call site)
deep = script("deep.rb", "def down(n)\n  down(n + 1)\nend\ndown(0)\n")
st, o, e = ruby([deep])
check(st == 1, "deep recursion exits 1 (%s)" % st)
check(e == deep + ":2:in `down': stack level too deep (SystemStackError)\n\tfrom " + deep + ":2:in `down'\n\tfrom "
      + deep + ":4\n", e)

# a mutual recursion is not collapsed: the report elides the middle as
# 1.8.7 does, 1 + 8 + 1 + 4 lines
deep2 = script("deep2.rb", "def a(n)\n  b(n + 1)\nend\ndef b(n)\n  a(n + 1)\nend\na(0)\n")
st, o, e = ruby([deep2])
lines = e.splitlines()
check(st == 1, "mutual recursion exits 1 (%s)" % st)
check(len(lines) == 14, "1 + 8 + 1 + 4 lines: %d" % len(lines))
if len(lines) == 14:
    a, b = deep2 + ":2:in `a'", deep2 + ":5:in `b'"
    check(lines[0] in (a + ": stack level too deep (SystemStackError)", b + ": stack level too deep (SystemStackError)"),
          lines[0])
    check(all(l in ("\tfrom " + a, "\tfrom " + b) for l in lines[1:9] + lines[10:13]), "frames of a and b")
    check(all(lines[i] != lines[i + 1] for i in range(1, 8)), "alternating")
    check(re.fullmatch(r"\t \.\.\. \d+ levels\.\.\.", lines[9]) is not None, lines[9])
    check(lines[12] == "\tfrom " + a and lines[13] == "\tfrom " + deep2 + ":7", lines[13])

finish()
