# closure_escape.rb: a scope that writes a block literal keeps its locals
# on the stack until a Proc is made of a block that sees them; then they
# move to the heap, where the running method, its blocks and the Proc
# share them (ev_block.c, env_escape).  The Proc can be made by the
# method's own code, by a method it calls (&b, Proc.new), by another
# thread, by binding and eval from afar, or in the middle of a loop.
require 'assert'
require 'thread'

def cap(&b) b end
def yield_twice; yield; yield; end

test "the method and a Proc made later share its locals" do
  x = 1
  [1, 2].each { |i| x += i }           # only yielded to: stays on the stack
  pr = cap { x }
  x = 5
  assert_equal 5, pr.call
  yield_twice { x += 1 }
  assert_equal 7, x
  assert_equal 7, pr.call
end

def made_in_callee
  x = 1
  pr = cap { x += 10 }
  pr.call
  x += 1
  [x, pr.call]
end

test "a Proc made by the method called with the block" do
  assert_equal [12, 22], made_in_callee
end

def proc_new_of_block
  Proc.new
end

def hands_its_block
  y = :before
  pr = proc_new_of_block { y }
  y = :after
  pr.call
end

test "Proc.new of the caller's block" do
  assert_equal :after, hands_its_block
end

def nested_escape
  x = 1
  r = nil
  [1].each { |i| y = 2; r = lambda { x + y + i } }
  x = 10
  r.call
end

test "a Proc of a nested block takes the scopes around it along" do
  assert_equal 13, nested_escape
end

test "each iteration's variables are its own" do
  procs = []
  3.times { |i| j = i * 10; procs << lambda { [i, j] } }
  assert_equal [[0, 0], [1, 10], [2, 20]], procs.map { |pr| pr.call }
  # a C iterator's reused frame: the bindings made from afar each keep theirs
  bindings = []
  [1, 2, 3].each { |i| bindings << send(:binding) }
  assert_equal [1, 2, 3], bindings.map { |b| eval("i", b) }
end

def eval_into(pr, code) eval(code, pr.binding) end

def grows_by_eval
  x = 1
  pr = lambda { x }
  eval_into(pr, "x = 42; z = 3")         # z is new: the locals grow and move
  [x, pr.call, eval_into(pr, "z"), eval_into(pr, "x + z")]
end

test "eval through a Proc's binding, with new locals, while the method runs" do
  assert_equal [42, 42, 3, 45], grows_by_eval
end

def by_send
  x = 3
  [1].each { }
  [send(:eval, "x"), eval("x", send(:binding))]
end

test "binding and eval reached by send see the locals" do
  assert_equal [3, 3], by_send
end

def in_thread
  x = 0
  t = Thread.new { 3.times { x += 1 }; x }
  v = t.value
  x += 10
  [v, x]
end

test "a thread's block" do
  assert_equal [3, 13], in_thread
end

def define_after_loop(klass)
  greeting = "hi"
  %w[a b].each { |n| greeting << n }
  klass.send(:define_method, :greet) { greeting }
  greeting << "!"
end

test "define_method keeps the variables it sees" do
  k = Class.new
  define_after_loop(k)
  assert_equal "hiab!", k.new.greet
end

def callcc_then_proc
  x = 1
  k = nil
  n = callcc { |c| k = c; 0 }
  x += 1
  pr = cap { x }
  k.call(n + 1) if n < 2
  [n, x, pr.call]
end

test "a continuation and a Proc made after it" do
  assert_equal [2, 4, 4], callcc_then_proc
end

test "many Procs under collections: each keeps its own variables" do
  procs = (0...2000).map { |i| s = "v#{i}"; [1].each { }; cap { s } }
  GC.start
  strs = (0...2000).map { |i| "x" * (i % 50) }   # reuse freed memory
  assert_equal (0...2000).map { |i| "v#{i}" }, procs.map { |pr| pr.call }
  assert_equal 2000, strs.size
end
