# deep_nesting.rb: deeply nested programs and data get SyntaxError or
# SystemStackError, never a crash (issue "Hardening").  The same programs
# inside green threads with small stacks: small_stack_test.py.
# timeout: 120
require 'assert'

N = 100_000
DATA_DEPTH = 50_000     # deep enough for an 8 MB stack; 1.8's guards are quadratic beyond

def deep_error(code)
  eval(code)
  nil
rescue SyntaxError, SystemStackError => e
  e
end

test "100,000 nested parentheses, brackets, braces and blocks" do
  [ "(" * N + "1" + ")" * N,
    "[" * N + "]" * N,
    "{1=>" * N + "1" + "}" * N,
    "def f\n" + "1.times {\n" * N + "}\n" * N + "end",
    "def f\n" + "1.times do\n" * N + "end\n" * N + "end",
    "if true then " * N + "1" + " end" * N,
    "begin " * N + "1" + "; end" * N,
    "-(" * N + "1" + ")" * N,
    '"#{' * N + "1" + '}"' * N,
    "p(" * N + "1" + ")" * N,
    "a = " * N + "1",
    "!" * N + "true",
    "lambda { " * N + "}" * N,
  ].each do |code|
    e = deep_error(code)
    assert_kind_of Exception, e, code[0, 20]
    assert_match(/too deeply nested|stack level too deep/, e.message) if e
  end
end

test "just below the limit still works" do
  assert_equal [[[[1]]]], eval("[" * 4 + "1" + "]" * 4)
  assert_equal 1, eval("(" * 1000 + "1" + ")" * 1000)
  assert_equal 1, eval("[" * 1000 + "1" + "]" * 1000).flatten.first
end

test "the interpreter is usable after a nesting error" do
  deep_error("(" * N + ")" * N)
  deep_error("[" * N + "]" * N)
  assert_equal 6, [1, 2, 3].inject(0) { |s, x| s + x }
end

def nested_array(n)
  a = []
  n.times { a = [a] }
  a
end

test "deep recursion in inspect, to_s, join, ==, hash of nested arrays" do
  a = nested_array(DATA_DEPTH)
  b = nested_array(DATA_DEPTH)
  assert_raise(SystemStackError) { a.inspect }
  assert_raise(SystemStackError) { a.to_s }
  assert_raise(SystemStackError) { a.join(",") }
  assert_raise(SystemStackError) { a == b }
  assert_raise(SystemStackError) { a.hash }
  assert_raise(SystemStackError) { {a => 1} }
  assert_equal 0, nested_array(1000).flatten.size
end

test "deep recursion in nested hashes and structs" do
  h = {}
  DATA_DEPTH.times { h = {1 => h} }
  assert_raise(SystemStackError) { h.inspect }
  assert_raise(SystemStackError) { h.hash }
  s = Struct.new(:a)
  x = nil
  y = nil
  DATA_DEPTH.times { x = s.new(x); y = s.new(y) }
  assert_raise(SystemStackError) { x.inspect }
  r = begin; x == y; rescue SystemStackError; :deep; end   # uses less stack a level
  assert(r == true || r == :deep)
end

test "self-containing arrays and hashes print as 1.8" do
  a = []
  a << a
  assert_equal "[[...]]", a.inspect
  b = [1, [2]]
  b[1] << b
  assert_equal "[1, [2, [...]]]", b.inspect
  h = {}
  h[:k] = [h]
  assert_equal "{:k=>[{...}]}", h.inspect
end

class Ghost
  def method_missing(name, *args)
    send(name, *args)
  end
end

test "recursion through method_missing" do
  assert_raise(SystemStackError) { Ghost.new.anything }
end

class Looper
  define_method(:again) { again }
  define_method(:twice) { |x| [x].each { twice(x) } }
end

test "recursion through define_method and blocks" do
  assert_raise(SystemStackError) { Looper.new.again }
  assert_raise(SystemStackError) { Looper.new.twice(1) }
end

test "recursion through inspect and to_s of user objects" do
  o = Object.new
  def o.inspect; "<#{inspect}>"; end
  assert_raise(SystemStackError) { o.inspect }
  p = Object.new
  def p.to_s; "#{self}"; end
  assert_raise(SystemStackError) { p.to_s }
  c = Object.new
  def c.==(x); x == self; end
  assert_raise(SystemStackError) { c == c }
end

test "recursion through eval, instance_eval and send" do
  assert_raise(SystemStackError) { def ev; eval("ev"); end; ev }
  assert_raise(SystemStackError) { def ie; instance_eval { ie }; end; ie }
  assert_raise(SystemStackError) { def sd; send(:sd); end; sd }
  assert_raise(SystemStackError) { pr = nil; pr = lambda { pr.call }; pr.call }
end

class DeepDump                  # each marshal_dump returns one level more
  def initialize(n) @n = n end
  def marshal_dump() DeepDump.new(@n + 1) end
end

test "deep recursion in Marshal.dump and Marshal.load" do
  a = nested_array(DATA_DEPTH * 2)
  assert_raise(SystemStackError) { Marshal.dump(a) }
  h = {}
  (DATA_DEPTH * 2).times { h = { 1 => h } }
  assert_raise(SystemStackError) { Marshal.dump(h) }
  assert_raise(SystemStackError) { Marshal.dump(DeepDump.new(0)) }
  assert_raise(SystemStackError) { Marshal.load("\004\b" + "[\006" * (N * 2) + "0") }
  assert_raise(SystemStackError) { Marshal.load("\004\b" + "I" * (N * 2) + "0") }
  assert_equal nested_array(1000), Marshal.load(Marshal.dump(nested_array(1000)))
end
