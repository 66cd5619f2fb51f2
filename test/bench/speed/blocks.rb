# blocks.rb: blocks and iterators (benchmark of test/bench/speed).
#   times, each, map, inject, select, yield to a method's block, and a
#   Proc called with call.
#   usage: blocks.rb [N]  (default 6000); prints a checksum.
n = (ARGV[0] || 6000).to_i

def twice
  yield 1
  yield 2
end

arr = (1..1000).to_a
sum = 0
add = Proc.new { |x| x + 1 }
n.times do |k|
  arr.each { |x| sum += x & k }
  sum += arr.map { |x| x * 2 }.inject(0) { |s, x| s + x }
  sum += arr.select { |x| x % 3 == 0 }.size
  twice { |y| sum += y }
  100.times { |j| sum = add.call(sum) ^ j }
  sum &= 0xffffffff
end
puts sum
