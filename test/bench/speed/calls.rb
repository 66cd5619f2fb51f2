# calls.rb: method calls (benchmark of test/bench/speed).
#   Recursive fib, calls with several arguments and default values,
#   attribute readers/writers, send, super and a polymorphic call site.
#   usage: calls.rb [N]  (fib(27) and N loop rounds, default 2000000)
n = (ARGV[0] || 2_000_000).to_i

def fib(n)
  n < 2 ? n : fib(n - 1) + fib(n - 2)
end

class Base
  attr_accessor :v
  def initialize(v) @v = v end
  def step(a, b = 1) @v + a * b end
  def kind() 1 end
end

class Derived < Base
  def step(a, b = 2) super(a, b) + 1 end
  def kind() 2 end
end

def args3(a, b, c) a + b - c end

sum = fib(27)
objs = [Base.new(1), Derived.new(2), Base.new(3)]
i = 0
while i < n
  o = objs[i % 3]
  sum += o.step(i & 7) + o.kind + args3(i, 1, 2) - i
  o.v = o.v + 1
  i += 1
end
sum += objs[0].send(:step, 5)
puts sum
