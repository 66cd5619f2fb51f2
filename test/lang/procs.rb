# procs.rb: Proc.new, proc and lambda (the same in 1.8), call/[]/yield,
# arity under 1.8.7's rules, argument handling of lambdas and procs,
# Proc.new without a block, to_proc, Method and UnboundMethod objects.
require 'assert'

test "making and calling" do
  sq = Proc.new { |x| x * x }
  assert_equal 9, sq.call(3)
  assert_equal 16, sq[4]
  assert_equal 25, sq.yield(5)
  l = lambda { |a, b| a + b }
  assert_equal 3, l.call(1, 2)
  assert_equal 3, l[1, 2]
  pr = proc { |s| s.upcase }
  assert_equal "A", pr.call("a")
  assert_equal Proc, l.class
  assert_equal Proc, pr.class
  assert_kind_of Proc, lambda { }
  assert_nil lambda { }.call
  assert_same sq, sq.to_proc
end

test "lambda and proc check arguments; Proc.new does not (1.8)" do
  l = lambda { |a, b| [a, b] }
  assert_raise(ArgumentError) { l.call(1) }
  assert_raise(ArgumentError) { l.call(1, 2, 3) }
  pr = proc { |a, b| [a, b] }            # Kernel#proc is lambda in 1.8
  assert_raise(ArgumentError) { pr.call(1) }
  pn = Proc.new { |a, b| [a, b] }
  assert_equal [1, nil], pn.call(1)
  assert_equal [1, 2], pn.call(1, 2, 3)
  assert_equal [1, 2], pn.call([1, 2])
  e = assert_raise(ArgumentError) { lambda { |x, y| }.call }
  assert_equal "wrong number of arguments (0 for 2)", e.message
  e = assert_raise(ArgumentError) { l.call(1) }
  assert_equal "wrong number of arguments (1 for 2)", e.message
  assert_equal [1, [2, 3]], lambda { |a, *b| [a, b] }.call(1, 2, 3)
  assert_raise(ArgumentError) { lambda { |a, *b| }.call }
  assert_equal [], lambda { |*a| a }.call
  assert_equal 0, lambda { || 0 }.call
  assert_equal :any, lambda { :any }.call(1, 2)         # no parameters at all: anything
  e = assert_raise(ArgumentError) { lambda { || }.call(1) }
  assert_equal "wrong number of arguments (1 for 0)", e.message if e
  assert_equal :ok, Proc.new { || :ok }.call(1)
end

test "arity (1.8.7)" do
  assert_equal(-1, Proc.new { }.arity)
  assert_equal 0, Proc.new { || }.arity
  assert_equal 1, Proc.new { |a| }.arity
  assert_equal 2, Proc.new { |a, b| }.arity
  assert_equal 3, Proc.new { |a, b, c| }.arity
  assert_equal(-1, Proc.new { |*a| }.arity)
  assert_equal(-2, Proc.new { |a, *b| }.arity)
  assert_equal(-3, Proc.new { |a, b, *c| }.arity)
  assert_equal 1, Proc.new { |a, | }.arity
  assert_equal(-1, lambda { }.arity)
  assert_equal 2, lambda { |x, y| }.arity
  assert_equal 2, proc { |x, y| }.arity
  assert_equal 1, method(:puts).to_proc.arity == -1 ? 1 : 0
end

def make_counter
  count = 0
  increment = lambda { count += 1 }
  get = lambda { count }
  [increment, get]
end

test "closures keep their variables" do
  inc, get = make_counter
  inc.call
  inc.call
  assert_equal 2, get.call
  inc2, get2 = make_counter
  inc2.call
  assert_equal 1, get2.call
  assert_equal 2, get.call
end

def proc_from_block(&b); b; end
def proc_new_without_block; Proc.new; end
def proc_new_caller; proc_new_without_block { :from_method_block }; end

test "blocks as procs" do
  pr = proc_from_block { |x| x + 1 }
  assert_equal 2, pr.call(1)
  assert_equal :from_method_block, proc_new_caller.call
  assert_raise(ArgumentError) { Proc.new }
  assert_raise(ArgumentError) { lambda }
end

test "procs and yield" do
  def yield_to(v); yield v; end
  pr = Proc.new { |x| x * 2 }
  assert_equal 8, yield_to(4, &pr)
  l = lambda { |x| x * 3 }
  assert_equal 12, yield_to(4, &l)
end

test "to_proc" do
  assert_equal ["A", "B"], %w[a b].map(&:upcase)
  sym_proc = :length.to_proc
  assert_equal 3, sym_proc.call("abc")
  o = Object.new
  def o.to_proc; lambda { |x| x + 100 }; end
  assert_equal [101], [1].map(&o)
  m = 10.method(:+)
  assert_equal [11, 12], [1, 2].map(&m)
  assert_equal [[1, 2]], [[1, 2]].map(&:to_a)
end

test "Proc#call with a block and return value" do
  pr = Proc.new { |a, b| next a * 2; :unreached }
  assert_equal 4, pr.call(2)
  l = lambda { |x| return x * 5; :unreached }
  assert_equal 10, l.call(2)
end

test "proc equality and inspect" do
  pr = Proc.new { }
  assert_true pr == pr
  assert_match(/\A#<Proc:0x[0-9a-f]+@test\/lang\/procs\.rb:\d+>\z/, pr.inspect)
  assert_equal pr, pr.dup
end

test "Method objects" do
  m = [3, 1, 2].method(:sort)
  assert_equal [1, 2, 3], m.call
  m2 = "hello".method(:index)
  assert_equal 2, m2.call("l")
  assert_equal 2, m2["l"]
  um = Array.instance_method(:size)
  assert_equal 2, um.bind([1, 2]).call
  def two_args(a, b); a * b; end
  mm = method(:two_args)
  assert_equal 2, mm.arity
  assert_equal 6, mm.to_proc.call(2, 3)
  assert_raise(ArgumentError) { mm.call(1) }
  assert_raise(NameError) { method(:no_such_method_here) }
  assert_equal mm, method(:two_args)
  assert_equal "two_args", mm.name.to_s
end

test "procs with default self" do
  k = Class.new { def get_proc; Proc.new { self }; end }
  o = k.new
  assert_same o, o.get_proc.call
  x = 1
  pr = Proc.new { x += 1 }
  pr.call
  pr.call
  assert_equal 3, x
end
