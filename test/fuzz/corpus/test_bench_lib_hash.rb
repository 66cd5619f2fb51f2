# lib_hash.rb: a Hash with N Integer keys (benchmark; default 1,000,000).
#   usage: lib_hash.rb [N]
#   RESULT hash_insert   h[i] = i for N keys
#   RESULT hash_lookup   h[i] for every key, summed
#   RESULT hash_each     each over all pairs
#   RESULT hash_delete   delete every other key
n = (ARGV[0] || 1_000_000).to_i

def measure(name)
  t0 = Time.now
  r = yield
  printf("RESULT %s %.6f s\n", name, Time.now - t0)
  r
end

h = {}
measure("hash_insert") { i = 0; while i < n; h[i * 7] = i; i += 1; end }
sum = measure("hash_lookup") { s = 0; i = 0; while i < n; s += h[i * 7]; i += 1; end; s }
sum2 = measure("hash_each") { s = 0; h.each { |k, v| s += v }; s }
measure("hash_delete") { i = 0; while i < n; h.delete(i * 7); i += 2; end }
raise "bad sums" if sum != sum2 || sum != n * (n - 1) / 2 || h.size != n / 2
