# eval.rb: Kernel#eval with strings, bindings, file and line; instance_eval
# and class_eval/module_eval with strings and blocks (self, def targets,
# constants); instance_exec; syntax errors from eval.
require 'assert'

test "eval strings" do
  assert_equal 3, eval("1 + 2")
  x = 10
  assert_equal 20, eval("x * 2")
  eval("x = 11")
  assert_equal 11, x
  assert_nil eval("")
  assert_equal "str", eval("'str'")
  assert_equal [1, 2], eval("[1, 2]")
  assert_equal :multi, eval("a = 1\nb = 2\n:multi")
  assert_equal 2, eval("def evald_m; 2; end; evald_m")
  assert_equal 2, evald_m
  assert_equal self, eval("self")
end

test "eval errors" do
  e = assert_raise(SyntaxError) { eval("1 +") }
  assert_match(/syntax error/, e.message)
  e = assert_raise(NameError) { eval("no_such_var_xyz") }
  assert_match(/undefined local variable or method `no_such_var_xyz'/, e.message)
  assert_raise(ZeroDivisionError) { eval("1 / 0") }
  e = assert_raise(SyntaxError) { eval("def x(; end", binding, "zfile.rb", 7) }
  assert_match(/\Acompile error\nzfile\.rb:7: syntax error/, e.message)   # as 1.8.7
end

test "__FILE__ and __LINE__ in eval" do
  assert_equal "(eval)", eval("__FILE__")
  assert_equal 1, eval("__LINE__")
  assert_equal "f.rb", eval("__FILE__", binding, "f.rb")
  assert_equal 10, eval("__LINE__", binding, "f.rb", 10)
  assert_equal 12, eval("\n\n__LINE__", binding, "f.rb", 10)
  e = eval("begin; raise 'x'; rescue => e; e; end", binding, "g.rb", 5)
  assert_match(/\Ag\.rb:5/, e.backtrace[0])
end

def binding_with_local
  secret = :in_method
  binding
end

test "Binding#eval" do
  b = binding_with_local
  assert_equal :in_method, b.eval("secret")
  assert_equal ["b.rb", 4], b.eval("[__FILE__, __LINE__]", "b.rb", 4)
  assert_equal 2, b.eval("made = 2")
  assert_equal 2, b.eval("made")
  assert_equal 5, eval("made + 3", b)
  assert_raise(ArgumentError) { b.eval }
  assert_raise(TypeError) { b.eval(1) }
end

test "bindings" do
  b = binding_with_local
  assert_equal :in_method, eval("secret", b)
  eval("secret = :changed", b)
  assert_equal :changed, eval("secret", b)
  assert_equal self, eval("self", b)
  y = 5
  b2 = binding
  assert_equal 5, eval("y", b2)
  assert_equal 6, eval("y + 1", b2)
  assert_kind_of Binding, b2
  assert_true eval("local_variables", b).include?("secret")
  k = Class.new { def get_b; @iv = :iv; binding; end }
  assert_equal :iv, eval("@iv", k.new.get_b)
end

test "a binding of a block sees block and outer locals" do
  outer = 1
  b = nil
  [2].each { |inner| b = binding }
  assert_equal 3, eval("outer + inner", b)
end

test "procs as bindings (1.8)" do
  v = :via_proc
  pr = lambda { }
  assert_equal :via_proc, eval("v", pr)      # 1.8 takes a Proc for a binding
  assert_equal :via_proc, eval("v", pr.binding)
end

class Target
  def initialize; @secret = :ivar; end
  SOME = :target_const
end

test "instance_eval" do
  t = Target.new
  assert_equal :ivar, t.instance_eval { @secret }
  assert_equal :ivar, t.instance_eval("@secret")
  assert_same t, t.instance_eval { self }
  t.instance_eval { @added = 1 }
  assert_equal 1, t.instance_variable_get(:@added)
  t.instance_eval { def only_this; :singleton; end }
  assert_equal :singleton, t.only_this
  assert_raise(NoMethodError) { Target.new.only_this }
  t.instance_eval "def from_str; :fs; end"
  assert_equal :fs, t.from_str
  local = :local
  assert_equal :local, t.instance_eval { local }
  assert_equal :target_const, t.instance_eval("SOME")   # looked up from the singleton class
  s = "str"
  assert_equal 3, s.instance_eval { length }
  assert_equal "Target", Target.instance_eval { name }
  Target.instance_eval { def cls_m; :class_method; end }
  assert_equal :class_method, Target.cls_m       # instance_eval on a class: singleton
  assert_equal [1, 2], 5.instance_eval { [1, 2] }
  assert_equal "(eval)", t.instance_eval("__FILE__")
  assert_equal "h.rb:3", t.instance_eval("[__FILE__, __LINE__].join(':')", "h.rb", 3)
end

test "class_eval and module_eval" do
  Target.class_eval { def added_by_block; :blk; end }
  Target.class_eval "def added_by_string; :str; end"
  t = Target.new
  assert_equal :blk, t.added_by_block
  assert_equal :str, t.added_by_string
  assert_equal Target, Target.class_eval { self }
  assert_equal :target_const, Target.class_eval("SOME")
  m = Module.new
  m.module_eval { def mm; :mm; end }
  assert_true m.instance_methods.include?("mm")
  v = 7
  Target.class_eval { define_method(:captured) { v } }
  assert_equal 7, t.captured
  Target.class_eval { attr_accessor :via_eval }
  t.via_eval = 1
  assert_equal 1, t.via_eval
  assert_equal "i.rb", Target.class_eval("__FILE__", "i.rb")
  Target.class_eval <<-EOS
    def heredoc_method; :hd; end
  EOS
  assert_equal :hd, t.heredoc_method
end

test "constants in class_eval: strings look in the class, blocks lexically" do
  assert_equal :target_const, Target.class_eval("SOME")
  assert_raise(NameError) { Target.class_eval { SOME } }
end

test "instance_exec (1.8.7)" do
  t = Target.new
  assert_equal [:ivar, 1, 2], t.instance_exec(1, 2) { |a, b| [@secret, a, b] }
end

test "eval in a method sees the method's locals and self" do
  k = Class.new do
    def run(code); local = :loc; eval(code); end
    def to_s; "k"; end
  end
  assert_equal :loc, k.new.run("local")
  assert_equal "k", k.new.run("to_s")
end

test "eval'd definitions of classes and constants" do
  eval "class EvalMade; def x; :x; end; end"
  assert_equal :x, EvalMade.new.x
  eval "EVAL_CONST = 5"
  assert_equal 5, EVAL_CONST
end

test "eval and blocks" do
  r = eval("[1, 2].map { |x| x * 2 }")
  assert_equal [2, 4], r
  n = 0
  eval("3.times { n += 1 }")
  assert_equal 3, n
end

test "locals made by eval live on in the scope it ran in (1.8)" do
  eval "made_by_eval = 1"
  assert_equal 1, eval("made_by_eval")
  eval "made_by_eval += 1"
  assert_equal 2, eval("made_by_eval")
  assert_true local_variables.include?("made_by_eval")
end

class EvalLocals
  def in_method
    eval "a = 1"
    seen = [eval("a")]
    [1].each do
      seen << eval("a")             # the block sees its method's
      eval "b = 2"
      seen << eval("b")
    end
    seen << (eval("b") rescue :gone) # the block's died with it
    bnd = binding
    eval "c = 3", bnd
    seen << eval("c")
    seen
  end

  def with_default(x = eval("d = 4"), y = 5)
    [x, y, eval("d")]
  end

  def fresh_each_call
    r = (eval("e") rescue :none)
    eval "e = 6"
    r
  end

  def flip(lines)
    lines.select { |l| (l == :b)..(l == :c) ? (eval("f = 1"); true) : false }
  end
end

test "eval locals: blocks, bindings, default arguments, new calls" do
  o = EvalLocals.new
  assert_equal [1, 1, 2, :gone, 3], o.in_method
  assert_equal [4, 5, 4], o.with_default
  assert_equal :none, o.fresh_each_call
  assert_equal :none, o.fresh_each_call
  assert_equal [:b, :c], o.flip([:a, :b, :c, :d])
end

test "a method's code does not see eval's locals (it was parsed before)" do
  def eval_then_read
    eval "g = 7"
    g
  end
  assert_raise(NameError) { eval_then_read }
end

test "eval locals through a Proc's binding" do
  pr = lambda { }
  eval "h = 8", pr
  assert_equal 8, eval("h", pr)
end

test "many eval locals in one scope" do
  200.times { |i| eval "v#{i} = #{i}", binding }
  b = binding
  200.times { |i| eval "w#{i} = #{i}", b }
  assert_equal 199 * 200 / 2, (0...200).inject(0) { |s, i| s + eval("w#{i}", b) }
  GC.start
  assert_equal 150, eval("w150", b)
end

class EvalJumps
  def ret; eval("return 5"); 6; end
  def ret_in_block; [1].each { eval "return 11" }; 12; end
  def nexts; [1, 2, 3].map { |x| eval("next 0") if x == 2; x }; end
  def loop_next
    i = 0
    seen = []
    while i < 3
      i += 1
      eval("next") if i == 2
      seen << i
    end
    seen
  end
  def redo_once
    n = 0
    [1].each { n += 1; eval("redo") if n < 3 }
    n
  end
end

test "next, redo and return inside eval'd code act where eval runs (1.8)" do
  o = EvalJumps.new
  assert_equal 5, o.ret
  assert_equal 11, o.ret_in_block
  assert_equal [1, 0, 3], o.nexts
  assert_equal [1, 3], o.loop_next
  assert_equal 3, o.redo_once
  assert_raise(LocalJumpError) { eval("return 1") }
  assert_equal 7, lambda { eval("return 7"); 8 }.call
end

test "blocks without next still get next from procs and lambdas they call" do
  pr = proc { next 9; 10 }
  assert_equal [9, 9], [1, 2].map { pr.call }
  l = lambda { return 4 }
  assert_equal [4], [1].map { l.call }
  c = 0
  [1].each { c += 1; redo if c < 3 }
  assert_equal 3, c
end
