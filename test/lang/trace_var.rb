# trace_var and untrace_var as 1.8.7: commands run after each assignment,
# newest first, with the new value.
require 'assert'

test "a block and a proc, newest first" do
  log = []
  assert_nil trace_var(:$tv_a) { |v| log << [:block, v] }
  $tv_a = 1
  pr = proc { |v| log << [:proc, v] }
  assert_nil trace_var(:$tv_a, pr)
  $tv_a = [2]
  assert_equal [[:block, 1], [:proc, [2]], [:block, [2]]], log
  assert_equal [pr], untrace_var(:$tv_a, pr)
  assert_nil untrace_var(:$tv_a, pr)
  log.clear
  $tv_a = 3
  assert_equal [[:block, 3]], log
  removed = untrace_var(:$tv_a)
  assert_equal 1, removed.size
  assert_kind_of Proc, removed[0]
  assert_equal [], untrace_var(:$tv_a)
  $tv_a = 4
  assert_equal [[:block, 3]], log
end

test "a String command is evaluated" do
  $tv_log = []
  trace_var(:$tv_b, "$tv_log << $tv_b * 2")
  $tv_b = 21
  assert_equal [42], $tv_log
  assert_equal ["$tv_log << $tv_b * 2"], untrace_var(:$tv_b)
end

test "traces of assignments anywhere, of hooked variables, and errors" do
  seen = []
  trace_var(:$tv_c) { |v| seen << v }
  def tv_assign; $tv_c = :in_method; end
  tv_assign
  assert_equal [:in_method], seen
  untrace_var(:$tv_c)
  out = []
  trace_var(:$stdout) { |v| out << v }
  saved = $stdout
  $stdout = STDOUT
  $stdout = saved
  untrace_var(:$stdout)
  assert_equal [STDOUT, saved], out
  trace_var(:$tv_d) { |v| raise "boom #{v}" }
  assert_raise(RuntimeError, "boom 1") { $tv_d = 1 }
  assert_equal 1, $tv_d
  untrace_var(:$tv_d)
  trace_var(:$tv_e, 5)
  assert_raise(NoMethodError, "undefined method `call' for 5:Fixnum") { $tv_e = 1 }
  untrace_var(:$tv_e)
end

test "a trace assigning its own variable does not run itself again" do
  calls = []
  trace_var(:$tv_f) { |v| calls << v; $tv_f = v + 1 }
  $tv_f = 1
  assert_equal [1], calls
  assert_equal 2, $tv_f
  untrace_var(:$tv_f)
end

test "arguments" do
  assert_raise(ArgumentError, "tried to create Proc object without a block") { trace_var(:$tv_g) }
  assert_raise(NameError, "undefined global variable $tv_never") { untrace_var(:$tv_never) }
  assert_nil trace_var("$tv_h") { }
  assert_true Kernel.private_method_defined?(:trace_var)
  assert_true Kernel.private_method_defined?(:untrace_var)
end
