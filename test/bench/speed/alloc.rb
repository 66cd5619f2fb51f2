# alloc.rb: object allocation (test/bench/speed).
#   Objects with instance variables, Structs, small Arrays and Hashes,
#   all short-lived.  usage: alloc.rb [N]  (default 2000000)
n = (ARGV[0] || 2_000_000).to_i
class Point
  attr_reader :x, :y
  def initialize(x, y) @x = x; @y = y end
  def +(o) Point.new(@x + o.x, @y + o.y) end
end
Pair = Struct.new(:a, :b)
acc = Point.new(0, 0)
sum = 0
i = 0
while i < n
  acc = acc + Point.new(i, 1)
  pr = Pair.new(i, [i, i + 1])
  sum += pr.b[1] - pr.a
  hh = { :k => i }
  sum += hh[:k] & 1
  i += 1
end
puts acc.x
puts acc.y
puts sum
