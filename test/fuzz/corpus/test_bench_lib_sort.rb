# lib_sort.rb: Array#sort of N random Floats (benchmark; default 1,000,000).
#   usage: lib_sort.rb [N]
#   RESULT sort_float     sort of the Floats
#   RESULT sort_block     sort with a comparison block, on N/10 of them
#   RESULT sort_by        sort_by on N/10 of them
n = (ARGV[0] || 1_000_000).to_i

def measure(name)
  t0 = Time.now
  r = yield
  printf("RESULT %s %.6f s\n", name, Time.now - t0)
  r
end

srand(1234)
a = Array.new(n) { rand }
sorted = measure("sort_float") { a.sort }
small = a[0, n / 10]
by_block = measure("sort_block") { small.sort { |x, y| y <=> x } }
by_key = measure("sort_by") { small.sort_by { |x| -x } }
(1...sorted.size).each { |i| raise "not sorted" if sorted[i - 1] > sorted[i] }
raise "sort_by differs" if by_block != by_key
