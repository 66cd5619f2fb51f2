"""switches_test.py: the switches of MRI 1.8.7's ruby beyond cli_test.py's:
-0 -a -C -F -i -l -n -p -s -S -T -x -y, --copyright, --verbose, --repl
in `miniruby -h`, combined forms (-lane, -pi.bak, -ne), switches on the
#! line (-s, -l, -n, -I after the library folders), RUBYOPT and RUBYLIB.
Expected outputs are MRI 1.8.7's, checked by hand."""
import os
import shutil
import stat
import sys
import tempfile
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from mrtest import MINIRUBY, ruby, check, finish
import subprocess

TMP = tempfile.mkdtemp(prefix="switches_test")


def path(name):
    return os.path.join(TMP, name)


def write(name, text, mode=None):
    with open(path(name), "w") as f:
        f.write(text)
    if mode:
        os.chmod(path(name), mode)
    return path(name)


def read(name):
    with open(path(name)) as f:
        return f.read()


def run(args, stdin=None, env=None, cwd=None):
    e = dict(os.environ)
    e.pop("RUBYOPT", None)
    e.pop("RUBYLIB", None)
    if env:
        e.update(env)
    p = subprocess.run([MINIRUBY] + args, input=stdin, capture_output=True, text=True,
                       timeout=60, env=e, cwd=cwd or TMP)
    return p.returncode, p.stdout, p.stderr


def expect(args, out, err="", status=0, stdin=None, env=None, what=None, cwd=None):
    st, o, e = run(args, stdin=stdin, env=env, cwd=cwd)
    ok = st == status and o == out and (err is None or e == err)
    check(ok, "%s: status %s out %r err %r" % (what or " ".join(args), st, o, e))


lines = write("lines.txt", "a b c\nd:e f\n")

# -n -p -l -a -F: the while-gets loop
expect(["-ne", "print if /d/", lines], "d:e f\n")
expect(["-n", "-e", "print if /d/", "lines.txt"], "d:e f\n", what="-n with a relative file")
expect(["-ne", "print if /x/"], "x1\n", stdin="a\nx1\nb\n", what="-n on stdin")
expect(["-pe", "$_.upcase!", lines], "A B C\nD:E F\n")
expect(["-pe", "next if /a/", lines], "d:e f\n", what="-p: next skips the print")
expect(["-ane", "p $F", lines], '["a", "b", "c"]\n["d:e", "f"]\n')
expect(["-lane", "print $F.last", lines], "c\nf\n", what="-lane")
expect(["-F:", "-ane", "p $F", lines], '["a b c\\n"]\n["d", "e f\\n"]\n')
expect(["-F:", "-e", "p $;"], "/:/\n", what="-F makes $; a Regexp")
expect(["-lne", "p $_", lines], '"a b c"\n"d:e f"\n', what="-l chops each line")
expect(["-le", "print 1; print 2"], "1\n2\n", what="-l sets $\\")
expect(["-l", "-0", "-e", "p $\\"], '"\\n"\n', what="-l then -0: $\\ is the old $/")
expect(["-0", "-l", "-e", "p $\\"], '"\\000"\n', what="-0 then -l")
expect(["-ne", "BEGIN { $n = 0 }; $n += 1; END { p $n }", lines], "2\n",
       what="BEGIN and END outside the loop")
expect(["-ne", "x ||= 0; x += 1; p x", lines], "1\n2\n", what="locals persist between lines")
expect(["-e", "p [$-a, $-l, $-p]"], "[false, false, false]\n")
expect(["-pal", "-e", "p [$-a, $-l, $-p]", lines], "[true, true, true]\na b c\n[true, true, true]\nd:e f\n")
expect(["-n", "-e", "p $.", lines], "1\n2\n")

# -n and -p read with Kernel#gets's code, not a call of gets: no frame, and a gets of the program's own is not it
expect(["-ne", "def gets; nil; end; p 1", lines], "1\n1\n", what="-n: a def of gets does not change the loop")
expect(["-ne", "1", "nonexist"], "", "-e:1: No such file or directory - nonexist (Errno::ENOENT)\n", 1,
       what="-n on a missing file: no `gets' frame")
expect(["-pe", "1", "nonexist"], "", "-e:1: No such file or directory - nonexist (Errno::ENOENT)\n", 1)
expect(["-e", "p global_variables.grep(/gets/)"], "[]\n", what="the loop's reader is no global variable")

# -0: record separators
expect(["-0", "-e", "p $/"], '"\\000"\n')
expect(["-00", "-e", "p $/"], '"\\n\\n"\n')
expect(["-0777", "-e", "p $/"], "nil\n")
expect(["-012", "-e", "p $/"], '"\\n"\n')
expect(["-0054", "-ne", "p $_", "-"], '"a,"\n"b"\n', stdin="a,b", what="-0054: comma-separated records")

# -i: in-place editing, with and without a backup
write("f1", "abc\nxyz\n")
write("f2", "aaa\n")
expect(["-pi.bak", "-e", "$_.upcase!", "f1", "f2"], "", what="-pi.bak")
check(read("f1") == "ABC\nXYZ\n" and read("f2") == "AAA\n", "-i rewrote the files")
check(read("f1.bak") == "abc\nxyz\n" and read("f2.bak") == "aaa\n", "-i.bak kept the old ones")
expect(["-i", "-ne", "print unless /AAA/", "f1", "f2"], "")
check(read("f1") == "ABC\nXYZ\n" and read("f2") == "", "-i without a suffix: %r %r" % (read("f1"), read("f2")))
check(not os.path.exists(path("f1~")), "no backup without a suffix")
write("f3", "q\n")
os.chmod(path("f3"), 0o640)
expect(["-i~", "-pe", "$_ = $_ * 2", "f3"], "")
check(read("f3") == "q\nq\n" and read("f3~") == "q\n", "-i~: %r" % read("f3"))
check(stat.S_IMODE(os.stat(path("f3")).st_mode) == 0o640, "-i keeps the file's mode")
expect(["-i", "-e", "p $-i"], '""\n')
expect(["-i.orig", "-e", "p $-i"], '".orig"\n')
expect(["-e", "p $-i"], "nil\n")
write("f4", "r\n")
expect(["-i", "-ne", "print; END { puts 'end' }", "f3", "f4"], "")
check(read("f4") == "r\nend\n", "after the last file, $stdout is still that file: %r" % read("f4"))
expect(["-i", "-e", "gets; STDOUT.puts 'to the terminal'; puts 'to the file'", "f4"], "to the terminal\n")
check(read("f4") == "to the file\n", "STDOUT is not redirected: %r" % read("f4"))
expect(["-i", "-pe", "1"], "hi\n", "-e:1: warning: Can't do inplace edit for stdio\n" * 2, stdin="hi\n",
       what="-i on stdin")
st, o, e = run(["-pi", "-e", "1", "nonexistent", "f4"])
check(st == 1 and "No such file or directory - nonexistent (Errno::ENOENT)" in e, "-i on a missing file: %r" % e)
expect(["-i", "-e", "$-i = nil; while gets; print; end", "f4"], "to the file\n", what="$-i = nil turns it off")

# -s: switches after the program name become globals
s_rb = write("s.rb", "p $xyz, $name, $foo_bar, ARGV\n")
expect(["-s", s_rb, "-xyz", "-name=val", "-foo-bar", "--", "-q", "a"], 'true\n"val"\ntrue\n["-q", "a"]\n')
expect(["-s", s_rb, "a", "-xyz"], 'nil\nnil\nnil\n["a", "-xyz"]\n', what="-s stops at the first argument")
expect(["-s", "-e", "p $x, ARGV", "--", "-x", "a"], 'true\n["a"]\n', what="-s with -e, after --")
expect(["-s", "-e", "p $e, ARGV", "--", "-e=", "-", "b"], '""\n["b"]\n', what="-s: -name= and a lone -")
sb_s = write("sb_s.rb", "#!/usr/bin/env ruby -s\np $v, ARGV\n")
expect([sb_s, "-v", "x"], 'true\n["x"]\n', what="-s on the #! line")
sb_ws = write("sb_ws.rb", "#!/usr/bin/ruby -w -s\np $v, $VERBOSE, ARGV\n")
expect([sb_ws, "-v", "x"], 'true\ntrue\n["x"]\n', what="-w -s on the #! line")

# other switches on the #! line
expect([write("sb_l.rb", "#!ruby -l\nprint 1\n")], "1\n", what="-l on the #! line")
expect([write("sb_n.rb", "#!/bin/ruby -n\nprint if /b/\n")], "b\n", path("sb_n.rb") + ":2: warning: regex literal in condition\n",
       stdin="a\nb\n", what="-n on the #! line")
expect([write("sb_c.rb", "#!/bin/ruby -w # comment\np $VERBOSE\n")], "true\n", what="words after the switches")
st, o, e = run([write("sb_e.rb", "#!/bin/ruby -pe 1\n")])
check(st == 2 and e == "miniruby: no code specified for -e\n", "-e on a #! line: %s %r" % (st, e))
sb_i = write("sb_i.rb", "#!/bin/ruby -I/from/shebang\np $:.last, $:.index('.') < $:.index('/from/shebang')\n")
expect([sb_i], '"/from/shebang"\ntrue\n', what="#! -I goes after the library folders, as MRI")

# -x: the program starts at its #!ruby line
os.mkdir(path("sub"))
x_txt = write("x.txt", "garbage line\nmore garbage\n#!/bin/ruby -w\np __LINE__, $VERBOSE, Dir.pwd\n"
              "p DATA.read\n__END__\njunk\n")
expect(["-x", x_txt], '4\ntrue\n"%s"\n"junk\\n"\n' % os.path.realpath(TMP))
expect(["-xsub", x_txt], '4\ntrue\n"%s"\n"junk\\n"\n' % os.path.realpath(path("sub")), what="-xdir changes folder")
expect(["-x"], "4\ntrue\n\"%s\"\n\"\"\n" % os.path.realpath(TMP),
       stdin="junk\njunk\n#!ruby -w\np __LINE__, $VERBOSE, Dir.pwd\np ''\n", what="-x on stdin")
expect(["-x", write("nx.txt", "no ruby line\n")], "", "miniruby: no Ruby script found in input (LoadError)\n", 1)
expect(["-x", write("sh.txt", "#!/bin/sh\n#!/usr/bin/ruby\np 1\n")], "1\n", what="-x skips a #!/bin/sh line")

# -C: change folder first
expect(["-Csub", "-e", "p Dir.pwd"], '"%s"\n' % os.path.realpath(path("sub")))
expect(["-C", "sub", "-e", "p Dir.pwd"], '"%s"\n' % os.path.realpath(path("sub")))
expect(["-C", "nonexist", "-e", "1"], "", "miniruby: Can't chdir to nonexist (fatal)\n", 1)
expect(["-C"], "", "miniruby: Can't chdir (fatal)\n", 1)
expect(["-C", "sub", "../s.rb", "-a"], 'nil\nnil\nnil\n["-a"]\n', what="-C then a relative script")

# -S: the script from PATH
os.mkdir(path("bin"))
write("bin/sscript", "p $0, __FILE__\n")
expect(["-S", "sscript"], '"%s"\n"%s"\n' % (path("bin/sscript"), path("bin/sscript")),
       env={"PATH": path("bin") + ":/usr/bin:/bin"})
expect(["-S", "sscript"], '"%s"\n"%s"\n' % (path("bin/sscript"), path("bin/sscript")),
       env={"RUBYPATH": path("bin")}, what="-S looks in RUBYPATH first")
expect(["-S", "bin/sscript"], '"bin/sscript"\n"bin/sscript"\n', what="-S with a slash: as given")
expect(["-S", "nonesuch"], "", "miniruby: No such file or directory -- nonesuch (LoadError)\n", 1,
       env={"PATH": path("bin")})

# -T: $SAFE, and no -e, RUBYLIB or "." in tainted mode
t_rb = write("t.rb", "p $SAFE, $:.include?('.'), $:.include?('/rl')\n")
expect(["-T", t_rb], "1\nfalse\nfalse\n", env={"RUBYLIB": "/rl"})
expect(["-T3", t_rb], "3\nfalse\nfalse\n")
expect(["-T0", "-e", "p $:.include?('/rl')"], "true\n", env={"RUBYLIB": "/rl"})
expect(["-T", "-e", "1"], "", "miniruby: no -e allowed in tainted mode (SecurityError)\n", 1)

# -W levels, -v, --verbose, -d
expect(["-W3", "-e", "p $VERBOSE"], "true\n")
expect(["--verbose", "-e", "p $VERBOSE"], "true\n")
expect(["--verbose"], "", stdin="p 1\n", what="--verbose without a program does nothing")
st, o, e = run(["-v"], stdin="p 1\n")
check(st == 0 and o.startswith("miniruby ") and o.count("\n") == 1, "-v without a program: the version only")
expect(["-d", "-e", "p $VERBOSE"], "true\n", what="-d turns on $VERBOSE too")

# -y: the tokens
st, o, e = run(["-y", "-e", "p 12"])
check(st == 0 and o == "12\n" and
      e.splitlines() == ["-e:1: Next token is token tIDENTIFIER (p)", "-e:1: Next token is token tINTEGER (12)",
                         "-e:1: Next token is token '\\n'", "-e:1: Now at end of input."],
      "-y prints the tokens on stderr: %r" % e)

# --copyright, -h, --repl
expect(["--copyright"], "miniruby - Copyright (C) 2026 the miniruby team\n")
st, o, e = run(["-h"])
for sw in ["-0[octal]", "-a ", "-Cdirectory", "-Fpattern", "-i[extension]", "-l ", "-n ", "-p ", "-s ", "-S ",
           "-T[level]", "-x[directory]", "--copyright", "--repl", "--dump-ast", "--yydebug"]:
    check(("\n  " + sw) in o or (", " + sw) in o, "-h lists %s" % sw)

# combined forms and --
expect(["-we", "p $VERBOSE"], "true\n", what="-we")
expect(["-cwe", "x = 1"], "Syntax OK\n", what="-cwe")
expect(["-e", "p ARGV", "--", "-n", "x"], '["-n", "x"]\n')

# RUBYOPT and RUBYLIB
expect(["-e", "p $VERBOSE"], "true\n", env={"RUBYOPT": "-w"})
expect(["-e", "p $VERBOSE, $KCODE"], 'true\n"UTF8"\n', env={"RUBYOPT": "-w -Ku"})
expect(["-e", "p $VERBOSE"], "true\n", env={"RUBYOPT": "w"}, what="RUBYOPT without the dash")
expect(["-e", "p $DEBUG"], "true\n", env={"RUBYOPT": "-d"})
expect(["-e", "p $VERBOSE"], "nil\n", env={"RUBYOPT": "-W0"})
expect(["-e", "p $SAFE"], "1\n", env={"RUBYOPT": "-T"}, what="RUBYOPT -T")
os.mkdir(path("rl"))
write("rl/rlib.rb", "puts 'rlib loaded'\n")
expect(["-e", "p 1"], "rlib loaded\n1\n", env={"RUBYOPT": "-I%s -rrlib" % path("rl")})
expect(["-I/cl", "-e", "p $:[0, 3]"], '["/cl", "/ro", "/rl"]\n', env={"RUBYOPT": "-I/ro", "RUBYLIB": "/rl"},
       what="-I, then RUBYOPT's -I, then RUBYLIB")
expect(["-e", "1"], "", "miniruby: illegal switch in RUBYOPT: -x (RuntimeError)\n", 1, env={"RUBYOPT": "-x"})
expect(["-e", "1"], "", "miniruby: illegal switch in RUBYOPT: -e (RuntimeError)\n", 1, env={"RUBYOPT": "-e"})
expect(["-T", t_rb], "1\nfalse\nfalse\n", env={"RUBYOPT": "-w"}, what="-T ignores RUBYOPT")

# -r happens before the program is parsed, after the #! line's switches
write("rl/order.rb", "puts 'order loaded'\n")
st, o, e = run(["-I", path("rl"), "-rorder", "-e", "1 +"])
check(st == 1 and o == "order loaded\n" and "syntax error" in e, "-r before parsing: %r %r" % (o, e))
expect([write("sb_r.rb", "#!/bin/ruby -I%s -rorder\np :main\n" % path("rl"))], "order loaded\n:main\n",
       what="-r on the #! line")

# details of 1.8.7's switch parsing
expect(["-Wl", "-e", "print $VERBOSE"], "false\n", what="-W before a letter: level 1, then the letter")
expect(["--debug", "-e", "p $DEBUG, $VERBOSE"], "true\ntrue\n", what="--debug is -d")
expect(["-w-debug", "-e", "p $DEBUG"], "true\n", what="-w-debug: a long option inside a word")
expect(["-w-", write("w_.rb", "p $VERBOSE, ARGV\n"), "-x"], 'true\n["-x"]\n', what="-w-: a lone - ends the switches")
expect(["-w-", "-e", "1"], "", "miniruby: No such file or directory -- -e (LoadError)\n", 1,
       what="-w- then -e: -e is the program's name")
expect(["-c-e", "1"], "", "miniruby: invalid option --e  (-h will show valid options)\n", 2)
expect(["-e", "p $VERBOSE"], "false\n", env={"RUBYOPT": "-v"}, what="RUBYOPT -v does nothing, as 1.8.7's")
expect(["-e", "p $VERBOSE"], "true\n", env={"RUBYOPT": "-vw"})
expect(["-e", "p $SAFE, $VERBOSE"], "1\nfalse\n", env={"RUBYOPT": "-T -w"}, what="RUBYOPT -T first: the rest ignored")
expect(["-e", "p $SAFE, $VERBOSE"], "1\ntrue\n", env={"RUBYOPT": "-wT"}, what="RUBYOPT -wT")
expect(["-e", "1"], "", "miniruby: illegal switch in RUBYOPT: -T (RuntimeError)\n", 1, env={"RUBYOPT": "-w -T"})
expect(["-e", "p 1"], "Syntax OK\n", env={"RUBYOPT": "-wc"}, what="RUBYOPT: only a word's first switch is checked")
expect(["-T"], "", "miniruby: no program input from stdin allowed in tainted mode (SecurityError)\n", 1,
       stdin="p 1\n")
expect(["-T", "-"], "", "miniruby: no program input from stdin allowed in tainted mode (SecurityError)\n", 1,
       stdin="p 1\n")
expect(["-rno_such_lib_zz", "-e", "1"], "", "miniruby: no such file to load -- no_such_lib_zz (LoadError)\n", 1)
expect(["-e", "1"], "", "miniruby: no such file to load -- no_such_lib_zz (LoadError)\n", 1,
       env={"RUBYOPT": "-rno_such_lib_zz"})

shutil.rmtree(TMP)
finish()
