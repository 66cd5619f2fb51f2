# Kernel#callcc and Continuation as in 1.8.7: callcc returns its block's
# value, or what the continuation is called with, each time it is called;
# a continuation can be called after the method that made it returned,
# but only from its own thread.
require 'assert'

test "the class" do
  assert_equal [Continuation, Object, Kernel], Continuation.ancestors
  assert_equal ["[]", "call"], Continuation.instance_methods(false).sort
  assert_true Kernel.private_method_defined?(:callcc)
  assert_raise(NoMethodError, "undefined method `new' for Continuation:Class") { Continuation.new }
  assert_raise(TypeError, "allocator undefined for Continuation") { Continuation.allocate }
  assert_raise(TypeError, "allocator undefined for Continuation") { callcc { |k| k.dup } }
  assert_raise(TypeError, "allocator undefined for Continuation") { callcc { |k| k.clone } }
  assert_raise(LocalJumpError, "no block given") { callcc }
  assert_kind_of Continuation, callcc { |k| k }
end

test "what callcc returns" do
  assert_equal 5, callcc { |k| 5 }
  assert_nil callcc { |k| k.call }
  assert_equal 3, callcc { |k| k.call(3) }
  assert_equal 3, callcc { |k| k[3] }
  assert_equal [1, 2], callcc { |k| k.call(1, 2) }
  assert_equal [1], callcc { |k| k.call([1]) }
  assert_nil callcc { |k| k.call(nil) }
  assert_equal 7, callcc { |k| [1, 2].each { |x| k.call(7) if x == 2 }; :not_here }
end

test "re-entering a continuation several times" do
  k = nil
  seen = []
  n = callcc { |c| k = c; 0 }
  seen << n
  k.call(n + 1) if n < 4
  assert_equal [0, 1, 2, 3, 4], seen
end

test "re-entering the middle of an iteration" do
  res = []
  k = nil
  [1, 2, 3].each do |x|
    callcc { |c| k = c } if x == 2 && k.nil?
    res << x
  end
  k.call if res.size < 7
  assert_equal [1, 2, 3, 2, 3, 2, 3], res
end

def cont_keep
  s = "kept" * 3
  pr = proc { s.size }
  k = callcc { |c| c }
  [k, s, pr.call]
end

def cont_burn(n)
  n == 0 ? (GC.start; 0) : cont_burn(n - 1) + 1
end

test "a continuation called after its method returned, after a collection" do
  calls = 0
  k, s, z = cont_keep
  calls += 1
  if k.is_a?(Continuation)
    cont_burn(300)                    # overwrite the stack the method used
    Array.new(1000) { |i| "garbage#{i}" }
    GC.start
    k.call(:again)
  end
  assert_equal [:again, "keptkeptkept", 12], [k, s, z]
  assert_equal 2, calls
end

test "locals of the method go on from their current values" do
  def cont_locals
    a = [1]
    k = callcc { |c| c }
    a << 2
    [k, a]
  end
  k, a = cont_locals
  k.call(:back) if k.is_a?(Continuation)
  assert_equal [:back, [1, 2, 2]], [k, a]
end

def cont_get
  callcc { |c| c }
end

test "local variables keep their last values: they are not restored" do
  def cont_count
    n = 0
    k = cont_get                      # no block in this method: its locals were on the stack
    n += 1
    k.call(k) if n < 3
    n
  end
  assert_equal 3, cont_count

  out = []
  k = nil
  [1, 2, 3].each do |x|
    y = x * 10
    k ||= cont_get if x == 2
    y += 1
    out << [x, y]
  end
  k.call(:done) if k.is_a?(Continuation)
  # the re-entered iteration goes on with its own y; the next one starts afresh
  assert_equal [[1, 11], [2, 21], [3, 31], [2, 22], [3, 31]], out

  def cont_while
    i = 0
    k = nil
    acc = []
    while i < 3
      j = i
      k = cont_get if i == 1 && k.nil?
      acc << [i, j]
      i += 1
    end
    k.call(1) if k.is_a?(Continuation) && acc.size < 5
    acc
  end
  assert_equal [[0, 0], [1, 1], [2, 2], [3, 2]], cont_while
end

# A generator with two continuations: one back to the consumer, one back
# into the producer's iteration.
class CallccGenerator
  def initialize(&producer)
    @producer = producer
    @resume = nil
  end

  def next
    callcc do |back|
      @back = back
      if @resume
        @resume.call
      else
        @producer.call(self)
        @resume = nil
        @done = true
        @back.call(nil)
      end
    end
  end

  def yield(value)
    callcc do |resume|
      @resume = resume
      @back.call(value)
    end
  end
end

test "a generator made of continuations" do
  g = CallccGenerator.new { |y| 3.times { |i| y.yield(i * 10) }; y.yield(:last) }
  assert_equal [0, 10, 20, :last, nil], [g.next, g.next, g.next, g.next, g.next]
  squares = CallccGenerator.new { |y| n = 1; loop { y.yield(n * n); n += 1 } }
  assert_equal [1, 4, 9, 16, 25], (1..5).map { squares.next }
end

test "jumps out of ensure, rescue and catch" do
  k = nil
  log = []
  n = callcc { |c| k = c; 0 }
  if n == 0
    begin
      log << :in
      k.call(1)
    ensure
      log << :ensure                  # 1.8.7 runs no ensure on the way
    end
  end
  assert_equal [:in], log

  out = []
  k = nil
  n = callcc { |c| k = c; 0 }
  begin
    out << n
    raise "boom" if n == 2
  rescue => e
    out << e.message
  ensure
    out << :ens
  end
  k.call(n + 1) if n < 3
  assert_equal [0, :ens, 1, :ens, 2, "boom", :ens, 3, :ens], out
  assert_nil $!

  r = catch(:done) do
    kk = nil
    v = callcc { |c| kk = c; 0 }
    throw :done, v if v == 3
    kk.call(v + 1)
  end
  assert_equal 3, r
end

test "$! comes back with the continuation" do
  k = nil
  msgs = []
  begin
    raise "err"
  rescue
    callcc { |c| k = c }
    msgs << $!.message
  end
  k.call if msgs.size < 2
  assert_equal ["err", "err"], msgs
  assert_nil $!
end

test "deep stacks" do
  def cont_deep(n, &b)
    n == 0 ? b.call : cont_deep(n - 1, &b)
  end
  k = nil
  v = cont_deep(500) { callcc { |c| k = c; 0 } }
  k.call(v + 1) if v < 3
  assert_equal 3, v
end

test "in a thread, while other threads run" do
  t = Thread.new do
    acc = []
    k = nil
    i = callcc { |c| k = c; 0 }
    acc << i
    Thread.pass
    k.call(i + 1) if i < 5
    acc
  end
  t2 = Thread.new { s = 0; 1000.times { |j| s += j; Thread.pass if j % 100 == 0 }; s }
  assert_equal [0, 1, 2, 3, 4, 5], t.value
  assert_equal 499500, t2.value
end

test "called from another thread" do
  k = nil
  Thread.new { callcc { |c| k = c } }.join
  assert_raise(RuntimeError, "continuation called across threads") { k.call }
  mine = callcc { |c| c }
  e = Thread.new { begin; mine.call(1); rescue => x; x; end }.value
  assert_kind_of RuntimeError, e
  assert_equal "continuation called across threads", e.message
end
