# interpolation.rb: "#{x}" gives x.to_s (a String as it is).  Fixnums,
# Symbols, nil, true, false and Floats are written without a call while
# their to_s is the builtin one; a to_s redefined, removed or overridden
# (each in a process of its own: the evaluator notes it for good) is called.
require 'assert'

RUBY = File.readlink("/proc/self/exe")

def ip_run(code)
  IO.popen("#{RUBY} -e '#{code}' 2>&1") { |io| io.read }
end

class IpThing
  def to_s; "thing"; end
end

class IpNotString
  def to_s; 42; end
end

class IpStr < String; end

test "Fixnums, Symbols, nil, true, false" do
  i = 7
  assert_equal "a7b", "a#{i}b"
  assert_equal "0 -1 -120 1234567890", "#{0} #{-1} #{-120} #{1234567890}"
  assert_equal "4611686018427387903 -4611686018427387904",
               "#{4611686018427387903} #{-4611686018427387904}"
  assert_equal "4611686018427387904 -4611686018427387905",
               "#{4611686018427387904} #{-4611686018427387905}"
  assert_equal "tag|foo=|+|", "#{:tag}|#{:foo=}|#{:+}|#{nil}"
  assert_equal "true false", "#{true} #{false}"
  assert_equal "", "#{nil}"
  assert_equal String, "#{nil}".class
end

test "Floats as Float#to_s" do
  assert_equal "1.5 100.0 1.0e+20 -0.0", "#{1.5} #{100.0} #{1e20} #{-0.0}"
  assert_equal "Infinity -Infinity NaN", "#{1.0 / 0} #{-1.0 / 0} #{0.0 / 0}"
  assert_equal "0.1 1.0e-05", "#{0.1} #{0.00001}"
end

test "Strings, other objects and what to_s returns" do
  s = "str"
  assert_equal "<str>", "<#{s}>"
  assert_equal "thing 1", "#{IpThing.new} #{1}"
  assert_match(/\A#<IpNotString:0x[0-9a-f]+>\z/, "#{IpNotString.new}")
  assert_equal "[1, 2]12", "#{[1, 2].inspect}#{[1, 2]}"
  assert_equal "sub", "#{IpStr.new("sub")}"
  assert_equal String, "#{IpStr.new("sub")}".class
  assert_equal "a1b2", "a#{"#{1}b"}#{2}"
end

test "long results" do
  long = "x" * 300
  r = "#{long}-#{5}-#{long}"
  assert_equal 300 + 3 + 300, r.size
  assert_equal "x-5-x", r[299, 5]
  n = 12345
  r = "#{"y" * 200}#{n}#{n}#{:abc}"
  assert_equal "y12345", r[199, 6]
  assert_equal "1234512345abc", r[200..-1]
  parts = (1..100).map { |k| "#{k}," }.join
  assert_equal "1,2,3,", parts[0, 6]
  assert_equal "99,100,", parts[-7..-1]
end

test "taint comes from the Strings interpolated" do
  t = "t".taint
  assert_true "a#{t}b".tainted?
  assert_true "#{"x" * 300}#{t}".tainted?
  assert_true !"a#{1}#{:s}#{"u"}".tainted?
end

test "dynamic symbols, regexps and backquotes" do
  k = 3
  assert_equal :sym3, :"sym#{k}"
  assert_equal :"a b", :"a #{:b}"
  assert_match(/\Ax3y\z/, "x3y")
  assert_true(/\Ax#{k}y\z/ =~ "x3y" ? true : false)
  assert_equal "5\n", `echo #{k + 2}`
  assert_raise(ArgumentError, "interning empty string") { :"#{nil}" }
end

test "a redefined to_s is called inside interpolation" do
  assert_equal "F:7 F:-2\n", ip_run('class Fixnum; def to_s; "F:%d" % self; end; end; puts "#{7} #{-2}"')
  assert_equal "S(a)\n", ip_run('class Symbol; def to_s; "S(" + id2name + ")"; end; end; puts "#{:a}"')
  assert_equal "NIL|T|F\n", ip_run('class NilClass; def to_s; "NIL"; end; end; ' \
                                  'class TrueClass; def to_s; "T"; end; end; ' \
                                  'class FalseClass; def to_s; "F"; end; end; puts "#{nil}|#{true}|#{false}"')
  assert_equal "flo\n", ip_run('class Float; def to_s; "flo"; end; end; puts "#{1.5}"')
  assert_equal "no\n", ip_run('class FalseClass; def to_s; "no"; end; end; puts "#{false}"')
end

test "to_s redefined after the interpolation ran, removed, or from a module" do
  assert_equal "1 one\n", ip_run('def f(x) "#{x}" end; a = f(1); ' \
                                 'class Fixnum; def to_s; "one"; end; end; puts a + " " + f(1)')
  out = ip_run('class Fixnum; remove_method :to_s; end; puts "#{1}"')
  assert_match(/\A#<Fixnum:0x[0-9a-f]+>\n\z/, out)
  assert_equal "M\n", ip_run('module M; def to_s; "M"; end; end; class Fixnum; include M; ' \
                             'remove_method :to_s; end; puts "#{3}"')
  assert_equal "3 :s\n", ip_run('class Integer; def to_s; "I"; end; end; class Object; def to_s; "O"; end; end; ' \
                                'puts "#{3} #{:s.inspect}"')
  assert_equal "3\n", ip_run('module Kernel; def to_s; "K"; end; end; puts "#{3}"')
end

test "set_trace_func sees the calls of to_s" do
  calls = []
  set_trace_func proc { |ev, f, l, id, b, k| calls << [id, k] if ev == "c-call" }
  s = "#{5}#{:a}"
  set_trace_func nil
  assert_equal [[:to_s, Fixnum], [:to_s, Symbol], [:set_trace_func, Kernel]], calls
  assert_equal "5a", s
  assert_equal "6b", "#{6}#{:b}"
end
