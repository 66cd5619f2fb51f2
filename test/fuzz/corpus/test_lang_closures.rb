# closures.rb: blocks and procs share the variables of the scope that
# made them (not copies), across calls, nested blocks and methods that
# define methods; each call of a method gets fresh variables.
require 'assert'

test "shared, not copied" do
  x = 1
  get = lambda { x }
  set = lambda { |v| x = v }
  x = 2
  assert_equal 2, get.call
  set.call(3)
  assert_equal 3, x
  assert_equal 3, get.call
end

def counter_pair
  n = 0
  [lambda { n += 1 }, lambda { n }]
end

test "each call makes new variables" do
  inc1, get1 = counter_pair
  inc2, get2 = counter_pair
  3.times { inc1.call }
  inc2.call
  assert_equal [3, 1], [get1.call, get2.call]
end

test "closures in loops" do
  procs = []
  [1, 2, 3].each { |i| procs << lambda { i } }
  assert_equal [1, 2, 3], procs.map { |pr| pr.call }
  procs = []
  for j in [1, 2, 3]
    procs << lambda { j }            # for shares one variable
  end
  assert_equal [3, 3, 3], procs.map { |pr| pr.call }
  procs = []
  k = 0
  while k < 3
    k += 1
    procs << lambda { k }
  end
  assert_equal [3, 3, 3], procs.map { |pr| pr.call }
end

test "nested blocks see all outer levels" do
  a = 1
  r = [10].map do |b|
    [100].map do |c|
      d = a + b + c
      lambda { a + b + c + d }
    end.first
  end.first
  assert_equal 222, r.call
  a = 2
  assert_equal 223, r.call
end

test "a variable made in a block is shared by the procs of that run" do
  pairs = (1..2).map do |i|
    local = i * 10
    [lambda { local }, lambda { local += 1 }]
  end
  pairs[0][1].call
  assert_equal [11, 20], [pairs[0][0].call, pairs[1][0].call]
end

test "closures outlive their method" do
  def make_acc(start)
    total = start
    lambda { |x| total += x }
  end
  acc = make_acc(10)
  acc.call(5)
  assert_equal 20, acc.call(5)
  GC.start
  assert_equal 21, acc.call(1)
end

test "define_method closures" do
  k = Class.new
  secret = :captured
  k.send(:define_method, :reveal) { secret }
  assert_equal :captured, k.new.reveal
  secret = :changed
  assert_equal :changed, k.new.reveal
end

test "blocks capture self" do
  k = Class.new do
    def initialize; @v = :inst; end
    def blk; lambda { @v }; end
  end
  assert_equal :inst, k.new.blk.call
end

test "binding of a closure" do
  z = 42
  b = lambda { }.binding rescue b = binding
  assert_equal 42, eval("z", b)
  eval("z = 43", b)
  assert_equal 43, z
end

test "block parameters shadow in 1.8 (assign the outer one)" do
  v = :outer
  l = lambda { |v| v }
  l.call(:param)
  assert_equal :param, v
end

test "recursion through a closure" do
  fact = nil
  fact = lambda { |n| n <= 1 ? 1 : n * fact.call(n - 1) }
  assert_equal 120, fact.call(5)
end

test "closures and threads of control (generators by hand)" do
  def gen(list)
    i = -1
    lambda { i += 1; list[i] }
  end
  g = gen([:a, :b])
  assert_equal [:a, :b, nil], [g.call, g.call, g.call]
end
