"""warnings_test.py: the warnings MRI 1.8.7 prints, each on its line, with
and without -w (and none with -W0).  Parse-time ones: unused literal
ignored, useless use of ... in void context, statement not reached,
found = in conditional, string/regex/integer/range literal in condition,
(...) interpreted as grouped expression, don't put space before argument
parentheses, ambiguous first argument, `*'/`&' interpreted as argument
prefix, else without rescue is useless, END in method, void value
expression, invalid character syntax, Float out of range.  Run-time ones:
method redefined, redefine (singleton), redefining/undefining special
methods, instance/global variable not initialized, already initialized
constant.  (1.8.7 has no "assigned but unused variable" and no warning
for block parameters that shadow or assign outer variables.)  Expected
texts are MRI 1.8.7's, checked by hand."""
import os
import shutil
import sys
import tempfile
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from mrtest import MINIRUBY, check, finish
import subprocess

TMP = tempfile.mkdtemp(prefix="warnings_test")


def run(args, cwd=TMP):
    p = subprocess.run([MINIRUBY] + args, capture_output=True, text=True, timeout=60, cwd=cwd)
    return p.returncode, p.stdout, p.stderr


def warns(code, always, verbose=None, what=None):
    """code in t.rb: stderr without -w is `always` (lines "LINE: text"),
    with -w `verbose` (default: the same); -W0 prints nothing."""
    with open(os.path.join(TMP, "t.rb"), "w") as f:
        f.write(code)
    fmt = lambda ws: "".join("t.rb:%s\n" % w if not w.startswith("t.rb") else w + "\n" for w in ws)
    verbose = always if verbose is None else verbose
    what = what or code.splitlines()[0]
    for args, want in ((["t.rb"], always), (["-w", "t.rb"], verbose), (["-W0", "t.rb"], [])):
        st, o, e = run(args)
        check(e == fmt(want), "%s %s: want %r got %r" % (" ".join(args[:-1]) or "(no -w)", what, fmt(want), e))


# literals and void context (-w only)
warns("1\n2\n", [], ["1: warning: unused literal ignored", "2: warning: useless use of a literal in void context"])
warns("1; 2; 3\n", [], ["1: warning: unused literal ignored", "1: warning: unused literal ignored",
                        "1: warning: useless use of a literal in void context"], what="literals dropped in turn")
warns("p 1\n\"s\"\np 2\n", [], ["2: warning: useless use of a literal in void context"])
warns("a = 1\na + 1\n-a\na < 2\na == 3\n!a\n@a\n$g\nA = 1\nA\nself\nnil\ntrue\n::A\na..a\n"
      "defined?(a)\n\"x#{a}\"\np 0\n", [],
      ["2: warning: useless use of + in void context", "3: warning: useless use of -@ in void context",
       "4: warning: useless use of < in void context", "5: warning: useless use of == in void context",
       "7: warning: useless use of a variable in void context", "8: warning: useless use of a variable in void context",
       "10: warning: useless use of a constant in void context", "11: warning: useless use of self in void context",
       "12: warning: useless use of nil in void context", "13: warning: useless use of true in void context",
       "14: warning: useless use of :: in void context", "15: warning: useless use of .. in void context",
       "16: warning: useless use of defined? in void context",
       "17: warning: useless use of a literal in void context",
       "7: warning: instance variable @a not initialized", "8: warning: global variable `$g' not initialized"],
      what="useless uses")
warns("def f\n  1\n  2\nend\ndef g(a)\n  a\n  a == 1\nend\nx = lambda { 1; 2 }\n", [],
      ["2: warning: unused literal ignored", "6: warning: useless use of a variable in void context",
       "9: warning: unused literal ignored"], what="in methods and blocks, the last value counts")
warns("def f\n  return 1\n  p 2\nend\nloop do\n  break\n  p 1\nend\n", [],
      ["2: warning: statement not reached", "6: warning: statement not reached"])
st, o, e = run(["-w", "-e", "x = 1; 2; 3"])
check(e == "-e:1: warning: useless use of a literal in void context\n" * 2, "-e's last value too: %r" % e)
st, o, e = run(["-w", "-e", "eval('1; 2')"])
check(e == "(eval):1: warning: unused literal ignored\n", "eval: not its last value: %r" % e)

# conditions
warns("a = 1\nif a = 2 then end\n", ["2: warning: found = in conditional, should be =="])
warns("if x = gets then end\n", [], what="= of a call in a condition")
warns("p(:a) if \"s\"\n", ["1: warning: string literal in condition"])
warns("p(:a) if /s/\n", ["1: warning: regex literal in condition"])
warns("p(/a/) if /x/ and \"s\"\n", ["1: warning: regex literal in condition", "1: warning: string literal in condition"])
warns("p(:a) if 1..2\n", ["1: warning: integer literal in conditional range"] * 2)
warns("p(:a) if 1\n", [], ["1: warning: literal in condition"])
warns("x = 1\np 1 if x..\"a\"\n", ["2: warning: string literal in condition"],
      ["2: warning: string literal in condition", "2: warning: range literal in condition"])
st, o, e = run(["-e", "p 1 if /x/; p 2 if 1..2"])
check(e == "", "-e: no regex/range literal warnings: %r" % e)

# arguments and parentheses
warns("p (1).to_s\n", [], ["1: warning: (...) interpreted as grouped expression"])
warns("p (1, 2)\n", ["1: warning: don't put space before argument parentheses"])
warns("def f(*a) end\nx = f (1)\n", ["2: warning: don't put space before argument parentheses"])
warns("x = 1\np -x\n", [], ["2: warning: ambiguous first argument; put parentheses or even spaces"])
warns("p /x/\n", [], ["1: warning: ambiguous first argument; put parentheses or even spaces"])
warns("x = 3; p x -1\n", [], what="x -1 with x a local: binary")
warns("p *[1]\n", [], ["1: warning: `*' interpreted as argument prefix"])
warns("p &nil\n", [], ["1: warning: `&' interpreted as argument prefix"])
warns("p(def f; end)\n", [], ["1: warning: void value expression"])

# bodies
warns("begin\n  1\nelse\n  2\nend\np 3\n", ["5: warning: else without rescue is useless"],
      ["5: warning: else without rescue is useless", "2: warning: unused literal ignored",
       "4: warning: unused literal ignored"])
warns("def f\n  x\nelse\n  y\nensure\n  z\nend\n", ["7: warning: else without rescue is useless"])
warns("def f\n  END { }\nend\n", ["2: warning: END in method; use at_exit"])

# the lexer
warns("x = 1e999\n", ["1: warning: Float 1e999 out of range"])
warns("x = 4.9e-324\n", [], what="the smallest denormal is in range")
st, o, e = run(["-c", "-e", "x = ?\n"])
check(st == 1 and e.startswith("-e:1: warning: invalid character syntax; use ?\\n\n"), "?\\n: %r" % e)

# at run time
warns("def f; end\ndef f; end\n", [], ["2: warning: method redefined; discarding old f"])
warns("def f; end\nalias g f\ndef f; end\n", [], what="an alias keeps the old method: no warning")
warns("class String\n  def length; 1; end\nend\n", [], ["2: warning: method redefined; discarding old length"])
warns("class A; attr_reader :x\n  def x; end\nend\n", [], ["2: warning: method redefined; discarding old x"])
warns("class A; def x; end; end\nclass B < A; def x; end; end\n", [], what="overriding is not redefining")
warns("o = Object.new\ndef o.f; end\ndef o.f; end\n", [], ["3: warning: redefine f"])
warns("class Object\n  def initialize; end\nend\n",
      ["2: warning: redefining Object#initialize may cause infinite loop"],
      ["2: warning: redefining Object#initialize may cause infinite loop",
       "2: warning: method redefined; discarding old initialize"])
warns("def __send__; end\n", ["1: warning: redefining `__send__' may cause serious problem"])
warns("class A; undef_method :initialize; end\n", ["1: warning: undefining `initialize' may cause serious problem"])

# attributes defined under private or module_function (-w only): private, as 1.8.7
warns("class Y\n  private\n  attr_reader :e, :f\nend\nclass Z; attr_reader :g; end\n", [],
      ["3: warning: private attribute?", "3: warning: private attribute?"])
warns("module M\n  module_function\n  attr_reader :b\nend\n"
      "raise 'public' unless M.private_instance_methods.include?('b') && !M.respond_to?(:b)\n", [],
      ["3: warning: attribute accessor as module_function"])

# sprintf with arguments left over (-w only; -d raises ArgumentError)
warns("x = '%s' % [1, 2]\ny = format('%d', 1)\n", [], ["1: warning: too many arguments for format string"])

# deprecated methods (printed without -w too, as 1.8.7)
warns("x = nil.id\ny = 3.type\nz = Object.new.object_id\n",
      ["1: warning: Object#id will be deprecated; use Object#object_id",
       "2: warning: Object#type is deprecated; use Object#class"])

# the lines of run-time warnings
warns("x = 1\ny = 2\n\np @zz\nA = 1\n\nA = 2\nclass Foo\n  def bar\n    @q\n  end\nend\nFoo.new.bar\np $undefined_g\n",
      ["7: warning: already initialized constant A"],
      ["4: warning: instance variable @zz not initialized", "7: warning: already initialized constant A",
       "10: warning: instance variable @q not initialized",
       "14: warning: global variable `$undefined_g' not initialized"], what="wl.rb")

# -c prints the parse-time warnings, then Syntax OK
st, o, e = run(["-c", "-w", "-e", "x = 1; 2; 3"])
check(o == "Syntax OK\n" and e == "-e:1: warning: useless use of a literal in void context\n" * 2, "-c -w: %r" % e)

shutil.rmtree(TMP)
finish()
