# bignum.rb: Bignum arithmetic (test/bench/speed).
#   Factorials, the pidigits spigot (digits of pi) and to_s of big numbers.
#   usage: bignum.rb [DIGITS]  (default 5000)
n = (ARGV[0] || 5000).to_i

# pi digits, Gibbons' unbounded spigot
k = 1
q, r, t = 1, 0, 1
digits = ""
while digits.size < n
  nq, nr = q * k, (2 * q + r) * (2 * k + 1)
  nt = t * (2 * k + 1)
  k += 1
  q, r, t = nq, nr, nt
  d = (q * 3 + r) / t
  if d == (q * 4 + r) / t
    digits << d.to_s
    q, r = 10 * q, 10 * (r - d * t)
  end
end
fact = 1
1.upto(n) { |i| fact *= i }
s = fact.to_s
puts digits[-20, 20]
puts s.size
puts s[0, 20]
puts(fact % 1000000007)
