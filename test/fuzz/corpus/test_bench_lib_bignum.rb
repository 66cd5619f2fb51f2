# lib_bignum.rb: 2**10000 computed and printed in decimal, K times
# (benchmark; default 1,000).   usage: lib_bignum.rb [K]
#   RESULT bignum_pow_to_s   K times (2**10000).to_s
#   RESULT bignum_arith      K times a multiply, add and divmod on such numbers
#   RESULT bignum_fact       1000! once per 100 of K
k = (ARGV[0] || 1000).to_i

def measure(name)
  t0 = Time.now
  r = yield
  printf("RESULT %s %.6f s\n", name, Time.now - t0)
  r
end

s = measure("bignum_pow_to_s") { r = nil; k.times { r = (2**10000).to_s }; r }
raise "bad digits" unless s.size == 3011 && s[0, 5] == "19950"
x = 3**6000
y = 7**3000
measure("bignum_arith") { k.times { q, r = (x * y + x).divmod(y) } }
measure("bignum_fact") { (k / 100).times { f = 1; (1..1000).each { |i| f *= i } } }
