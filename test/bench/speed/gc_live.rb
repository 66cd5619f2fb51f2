# gc_live.rb: the GC with many live objects (test/bench/speed).
#   The binary-trees benchmark: a long-lived tree and many short-lived
#   ones, plus a big live Array of Strings.  usage: gc_live.rb [DEPTH]  (default 16)
max_depth = (ARGV[0] || 16).to_i

def bottom_up(depth)
  return [nil, nil] if depth == 0
  depth -= 1
  [bottom_up(depth), bottom_up(depth)]
end

def check(tree)
  l, r = tree
  l ? 1 + check(l) + check(r) : 1
end

live = []
100_000.times { |i| live << "string #{i}" }
min_depth = 4
long_lived = bottom_up(max_depth)
sum = 0
d = min_depth
while d <= max_depth
  iterations = 2 ** (max_depth - d + min_depth)
  c = 0
  iterations.times { c += check(bottom_up(d)) }
  sum += c
  d += 2
end
sum += check(long_lived)
sum += live.size + live[-1].size
puts sum
