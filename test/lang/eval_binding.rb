# eval_binding.rb: where eval'd code says it is, as 1.8.7: with a Binding
# and no file, the file and line where the binding was made; backtraces
# and caller of code eval'd with a binding go on with the binding's
# frames; TOPLEVEL_BINDING; Binding#dup and #clone; eval's SyntaxError
# ("compile error"); "(eval)" code that raises reports the eval call.
require 'assert'

RUBY = File.readlink("/proc/self/exe")
EB_FILE = __FILE__

eb_top_local = :seen

def eb_run(code)
  IO.popen("#{RUBY} -e '#{code}' 2>&1") { |io| io.read }
end

def eb_binding
  x = 1
  binding                                  # EB_BINDING_LINE
end
EB_BINDING_LINE = __LINE__ - 2

def eb_raise_in(b, *file_line)
  eval("\nraise 'z'", b, *file_line)
rescue => e
  e.backtrace
end

class EbA; def foo(*a) [:A, a] end; end
class EbB < EbA
  def foo(x) binding end
  def bar(b) eval("[__method__, super(1)]", b) end
end

test "eval with a binding: the binding's file and line" do
  assert_equal [EB_FILE, EB_BINDING_LINE], eval("[__FILE__, __LINE__]", eb_binding)
  assert_equal ["f.rb", 1], eval("[__FILE__, __LINE__]", eb_binding, "f.rb")
  assert_equal ["f.rb", 9], eval("[__FILE__, __LINE__]", eb_binding, "f.rb", 9)
  assert_equal [EB_FILE, __LINE__], eval("[__FILE__, __LINE__]", binding)
  assert_equal [EB_FILE, __LINE__], binding.eval("[__FILE__, __LINE__]")
  pr = lambda { 1 }
  assert_equal [EB_FILE, __LINE__ - 1], eval("[__FILE__, __LINE__]", pr)
  assert_equal ["(eval)", 1], eval("[__FILE__, __LINE__]")
  assert_equal ["(eval)", 1], eval("[__FILE__, __LINE__]", TOPLEVEL_BINDING)
  assert_equal "-e\n", eb_run('def m; binding; end; puts eval("__FILE__", m)')
end

test "eval with a binding runs in the binding's method" do
  b = EbB.new.foo(7)
  assert_equal [:foo, [:A, [1]]], EbB.new.bar(b)
  assert_equal :foo, eval("__method__", b)
  assert_equal 7, eval("x", b)
end

test "backtraces of code eval'd with a binding go on with the binding's frames" do
  out = eb_run('def foo; binding; end; begin; eval("raise %q(x)", foo, "(erb)", 1); rescue => e; p e.backtrace; end')
  assert_equal %Q{["(erb):1:in `foo'", "-e:1:in `foo'", "-e:1"]\n}, out
  b = eb_binding; line = __LINE__
  bt = eb_raise_in(b, "(erb)", 1)
  assert_equal ["(erb):2:in `eb_binding'", "#{EB_FILE}:#{EB_BINDING_LINE}:in `eb_binding'",
                "#{EB_FILE}:#{line}"], bt[0, 3]
  bt = eb_raise_in(b)
  assert_equal "#{EB_FILE}:#{EB_BINDING_LINE + 1}:in `eb_binding'", bt[0]
  assert_equal "#{EB_FILE}:#{EB_BINDING_LINE}:in `eb_binding'", bt[1]
  assert_equal ["(eval):1"], eval("caller(0)", TOPLEVEL_BINDING)
end

def eb_caller; caller; end
def eb_m1
  eval("eb_caller")                        # EB_M1_LINE
end
EB_M1_LINE = __LINE__ - 2
def eb_m2(b) eval("caller(0)", b) end

test "caller inside eval" do
  line = __LINE__; c = eb_m1
  assert_equal ["(eval):1:in `eb_m1'", "#{EB_FILE}:#{line}:in `eval'", "#{EB_FILE}:#{EB_M1_LINE}:in `eb_m1'",
                "#{EB_FILE}:#{line}"], c[0, 4]
  b = eb_binding; line = __LINE__
  c = eb_m2(b)
  assert_equal ["#{EB_FILE}:#{EB_BINDING_LINE}:in `eb_binding'", "#{EB_FILE}:#{EB_BINDING_LINE}:in `eb_binding'",
                "#{EB_FILE}:#{line}"], c[0, 3]
  assert_equal %Q{["(eval):1"]\n}, eb_run('p eval("caller(0)")')
end

def eb_class_eval_caller
  Object.class_eval("caller(0)")
end
def eb_instance_eval_caller
  5.instance_eval("caller(0)")
end

test "string class_eval and instance_eval stand in for their caller" do
  line = __LINE__; c = eb_class_eval_caller
  assert_equal ["(eval):1:in `eb_class_eval_caller'", "#{EB_FILE}:#{line}"], c[0, 2]
  line = __LINE__; c = eb_instance_eval_caller
  assert_equal ["(eval):1:in `eb_instance_eval_caller'", "#{EB_FILE}:#{line}"], c[0, 2]
  c = 5.instance_eval("caller(0)")         # from a block: the block is left out
  assert_equal "(eval):1", c[0]
  assert_match(/assert\.rb:\d+:in `test'\z/, c[1])
  e = assert_raise(RuntimeError) { Object.class_eval("\nraise 'x'", "k.rb", 5) }
  assert_equal "k.rb:6", e.backtrace[0]
end

def eb_eval_raise; eval("\n\nraise 'x'"); end
EB_EVAL_RAISE_LINE = __LINE__ - 1
def eb_eval_raise_m(s) eval(s) rescue $! end

test "(eval) code that raises reports the eval call, and its message says where" do
  line = __LINE__; e = assert_raise(RuntimeError) { eb_eval_raise }
  assert_equal ["#{EB_FILE}:#{EB_EVAL_RAISE_LINE}:in `eb_eval_raise'", "#{EB_FILE}:#{line}:in `eval'",
                "#{EB_FILE}:#{EB_EVAL_RAISE_LINE}:in `eb_eval_raise'"], e.backtrace[0, 3]
  assert_equal "(eval):3:in `eb_eval_raise': x", e.message
  e = assert_raise(RuntimeError) { eval("raise ''") }
  assert_equal "(eval):1: ", e.message
  assert_equal "(eval):1:in `fetch': index 5 out of array", eb_eval_raise_m("[].fetch(5)").message
  assert_equal "(eval):1:in `eb_eval_raise_m': c", eb_eval_raise_m("raise NameError, 'c'").message
  assert_equal "(eval):1:in `Integer': invalid value for Integer: \"z\"", eb_eval_raise_m("Integer('z')").message
  # method_missing's messages are not Strings in 1.8.7: left alone
  assert_equal "undefined local variable or method `zz' for main:Object", eb_eval_raise_m("zz").message
  assert_equal "undefined method `foo' for nil:NilClass", eb_eval_raise_m("nil.foo").message
  assert_equal "ArgumentError", eb_eval_raise_m("raise ArgumentError").message
  assert_equal %Q{["-e:1"]\n"(eval):1: x"\n},
               eb_run('begin; eval("raise %q(x)"); rescue => e; p e.backtrace, e.message; end')
  e = assert_raise(RuntimeError) { eval("\nraise 'y'", binding, "g.rb") }
  assert_equal "g.rb:2", e.backtrace[0]       # a file given: kept
  assert_equal "y", e.message
end

def eb_syntax(*args)
  eval(*args)
rescue SyntaxError => e
  e
end

test "eval's SyntaxError: compile error" do
  e = eb_syntax("1 +")
  assert_kind_of SyntaxError, e
  assert_equal "(eval):1:in `eb_syntax': compile error\n(eval):1: syntax error, unexpected $end", e.message
  e = eb_syntax("1 +", nil, "zz.rb", 3)
  assert_equal "compile error\nzz.rb:3: syntax error, unexpected $end", e.message
  assert_equal "zz.rb:3:in `eb_syntax'", e.backtrace[0]
  e = eb_syntax("x = 1\n1 +", eb_binding)
  assert_equal "compile error\n#{EB_FILE}:#{EB_BINDING_LINE + 1}: syntax error, unexpected $end", e.message
  assert_equal "#{EB_FILE}:#{EB_BINDING_LINE + 1}:in `eb_binding'", e.backtrace[0]
  assert_equal "#{EB_FILE}:#{EB_BINDING_LINE}:in `eb_binding'", e.backtrace[1]
  e = eb_syntax("foo(\n1 +")
  assert_equal "(eval):2:in `eb_syntax': compile error\n(eval):2: syntax error, unexpected $end", e.message
  assert_equal %Q{"(eval):1: compile error\\n(eval):1: syntax error, unexpected $end"\n},
               eb_run('begin; eval("1 +"); rescue SyntaxError => e; p e.message; end')
  e = assert_raise(SyntaxError) { 1.instance_eval("1 +") }      # from a block: no method
  assert_equal "(eval):1: compile error\n(eval):1: syntax error, unexpected $end", e.message
end

test "TOPLEVEL_BINDING sees the main program's local variables" do
  assert_kind_of Binding, TOPLEVEL_BINDING
  assert_equal :seen, eval("eb_top_local", TOPLEVEL_BINDING)
  assert_nil eval("eb_later_local", TOPLEVEL_BINDING)     # assigned at the end of this file
  assert_equal "local-variable", eval("defined?(eb_later_local)", TOPLEVEL_BINDING)
  eval("eb_top_local = :changed", TOPLEVEL_BINDING)
  assert_equal :changed, eval("eb_top_local", TOPLEVEL_BINDING)
  eval("eb_made_by_eval = 3", TOPLEVEL_BINDING)
  assert_equal 3, eval("eb_made_by_eval", TOPLEVEL_BINDING)
  assert_same self, eval("self", TOPLEVEL_BINDING)
  assert_equal "3\n", eb_run('x = 3; def m; eval("x", TOPLEVEL_BINDING); end; p m')
  lib = "/tmp/eb_lib_#{$$}.rb"
  File.open(lib, "w") { |f| f.puts "p TOPLEVEL_BINDING.class" }
  begin
    assert_equal "Binding\n", IO.popen("#{RUBY} -r#{lib} -e 1 2>&1") { |io| io.read }
  ensure
    File.delete(lib)
  end
end

test "Binding#dup and #clone" do
  x = 1
  b = binding; line = __LINE__
  d = b.dup
  c = b.clone
  assert_equal [Binding, Binding], [d.class, c.class]
  assert_false d.equal?(b)
  assert_equal 1, eval("x", d)
  eval("x = 2", c)
  assert_equal 2, x
  def b.sing; :s; end
  assert_equal :s, b.clone.sing
  assert_raise(NoMethodError) { b.dup.sing }
  b.freeze
  assert_true b.clone.frozen?
  assert_false b.dup.frozen?
  assert_equal [EB_FILE, line], eval("[__FILE__, __LINE__]", d)
  t = TOPLEVEL_BINDING.dup
  assert_equal :changed, eval("eb_top_local", t)      # as the test above left it
end

eb_later_local = :later
