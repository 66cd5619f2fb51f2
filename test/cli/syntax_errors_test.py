"""syntax_errors_test.py: SyntaxError reports as MRI 1.8.7 prints them.

A grammar error shows the source line and a `^` where the lexer stopped,
unless the line has 4 characters or fewer or the lexer stopped at its
newline; long lines are cut 30 characters around the caret with "...";
tabs stay tabs under the caret.  Lexer errors (unterminated string ...)
have no caret.  eval's SyntaxError says "compile error" first, with the
position for code named "(eval)" ("(eval):1:in `g': compile error");
require's does not.  Expected texts are MRI 1.8.7's, checked by hand, but
for the `from ...:in `eval'` line of an uncaught one, where MRI names the
line the caller has reached, miniruby the line of the eval."""
import os
import shutil
import sys
import tempfile
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from mrtest import MINIRUBY, check, finish
import subprocess

TMP = tempfile.mkdtemp(prefix="syntax_errors_test")


def run(args):
    p = subprocess.run([MINIRUBY] + args, capture_output=True, text=True, timeout=60, cwd=TMP)
    return p.returncode, p.stdout, p.stderr


def file_error(code, err, what=None):
    with open(os.path.join(TMP, "t.rb"), "w") as f:
        f.write(code)
    st, o, e = run(["t.rb"])
    check(st == 1 and e == err, "%s: status %s, want %r got %r" % (what or code.splitlines()[0], st, err, e))


file_error("foo(1,,2)\n", "t.rb:1: syntax error, unexpected ','\nfoo(1,,2)\n       ^\n")
file_error("class foo; end\n", "t.rb:1: class/module name must be CONSTANT\nclass foo; end\n          ^\n")
file_error("x = 1 +* 3\n", "t.rb:1: syntax error, unexpected tSTAR\nx = 1 +* 3\n        ^\n")
file_error("def f(a, a); end\n", "t.rb:1: duplicate argument name\ndef f(a, a); end\n           ^\n")
file_error("\tfoo(1,,2)\n", "t.rb:1: syntax error, unexpected ','\n\tfoo(1,,2)\n\t       ^\n", what="a tab")
file_error("p 1 2\n", "t.rb:1: syntax error, unexpected tINTEGER, expecting $end\n",
           what="stopped at the newline: no line")
file_error("def f\n  1 +\nend\n", "t.rb:3: syntax error, unexpected kEND\n", what="a short line: none")
file_error("x = [1, 2\n", "t.rb:1: syntax error, unexpected $end, expecting ']'\n")
file_error("x = [1, 2", "t.rb:1: syntax error, unexpected $end, expecting ']'\nx = [1, 2\n         ^\n",
           what="no newline at the end")
file_error("x = 1; y = 2; z = 3; w = 4; v = 5; u = 6; foo(1,,2); t = 7; s = 8; r = 9; q = 10; a = 11; b = 12\n",
           "t.rb:1: syntax error, unexpected ','\n...; w = 4; v = 5; u = 6; foo(1,,2); t = 7; s = 8; r = 9; q = 1...\n"
           + " " * 30 + "^\n", what="a long line")
file_error('"abc\n', "t.rb:1: unterminated string meets end of file\n", what="lexer errors: no caret")
file_error("$1 = 2\n", "t.rb:1: Can't set variable $1\n")
file_error("x = ?\n", "t.rb:1: warning: invalid character syntax; use ?\\n\nt.rb:1: syntax error, unexpected '?'\n")

st, o, e = run(["-e", "foo(1,,2)"])
check(e == "-e:1: syntax error, unexpected ','\nfoo(1,,2)\n       ^\n", "-e: %r" % e)
st, o, e = run(["-e", "x = [1, 2"])
check(e == "-e:1: syntax error, unexpected $end, expecting ']'\n", "-e ends with a newline, as MRI's: %r" % e)
st, o, e = run(["-c", "-e", "foo(1,,2)"])
check(st == 1 and o == "" and e.endswith("       ^\n"), "-c: %r" % e)

# eval
def eval_message(code):
    st, o, e = run(["-e", "begin; %s; rescue SyntaxError => e; p e.message; end" % code])
    return o


check(eval_message('eval("1\\n2 ]\\n3")') ==
      '"(eval):2: compile error\\n(eval):2: syntax error, unexpected \']\', expecting $end"\n', "eval: compile error")
check(eval_message('def g; eval("x ]"); end; g') ==
      '"(eval):1:in `g\': compile error\\n(eval):1: syntax error, unexpected \']\', expecting $end"\n',
      "eval in a method")
check(eval_message('eval("1 +", nil, "foo.rb", 10)') ==
      '"compile error\\nfoo.rb:10: syntax error, unexpected $end"\n', "eval with a file name")
check(eval_message('eval("\\"abc")') ==
      '"(eval):1: compile error\\n(eval):1: unterminated string meets end of file"\n', "eval, lexer error")
check(eval_message('eval("foo(1,,2)")') ==
      '"(eval):1: compile error\\n(eval):1: syntax error, unexpected \',\'\\nfoo(1,,2)\\n       ^"\n', "eval, caret")
st, o, e = run(["-e", "def g\n  eval('x = ]')\nend\ng"])
check(st == 1 and e.startswith("-e:2:in `g': (eval):1:in `g': compile error (SyntaxError)\n"
                               "(eval):1: syntax error, unexpected ']'\nx = ]\n     ^\n\tfrom -e:4:in `eval'\n"),
      "uncaught, from eval: %r" % e)
st, o, e = run(["-e", "eval('1 +', nil, 'foo.rb', 10)"])
check(st == 1 and e.startswith("foo.rb:10: compile error (SyntaxError)\nfoo.rb:10: syntax error, unexpected $end\n"),
      "uncaught, eval with a file name: %r" % e)

# require: the file's errors, no "compile error"
with open(os.path.join(TMP, "bad.rb"), "w") as f:
    f.write("def f\n  1 +\nend\n")
check(eval_message('require "./bad"') == '"./bad.rb:3: syntax error, unexpected kEND"\n', "require")
st, o, e = run(["-e", "require './bad'"])
check(e == "-e:1:in `require': ./bad.rb:3: syntax error, unexpected kEND (SyntaxError)\n\tfrom -e:1\n",
      "uncaught, from require: %r" % e)

shutil.rmtree(TMP)
finish()
