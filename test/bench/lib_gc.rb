# lib_gc.rb: allocation while a large graph is live (benchmark; default 1,000,000).
#   usage: lib_gc.rb [N]
#   RESULT gc_small_live   N short-lived Strings, little else live
#   RESULT gc_array_live   the same with an Array of N Integers live
#   RESULT gc_hash_live    the same with a Hash of N Integers live
# A collector that paces itself by its heap slots alone marks the big
# container again every few thousand allocations.
n = (ARGV[0] || 1_000_000).to_i

def measure(name)
  t0 = Time.now
  r = yield
  printf("RESULT %s %.6f s\n", name, Time.now - t0)
  r
end

def churn(n)
  i = 0
  x = nil
  while i < n
    x = "s" + "t"
    i += 1
  end
  x
end

measure("gc_small_live") { churn(n) }
live = Array.new(n) { |i| i }
measure("gc_array_live") { churn(n) }
live = nil
h = {}
i = 0
while i < n; h[i] = i; i += 1; end
measure("gc_hash_live") { churn(n) }
raise "lost the hash" unless h.size == n
