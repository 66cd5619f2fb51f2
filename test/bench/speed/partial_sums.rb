# partial_sums.rb: the partial-sums benchmark (test/bench/speed).
#   Nine series of Floats with Math.sin/cos, ** and division.
#   usage: partial_sums.rb [N]  (default 2500000)
n = (ARGV[0] || 2_500_000).to_i
alt = 1.0
s0 = s1 = s2 = s3 = s4 = s5 = s6 = s7 = s8 = 0.0
twothirds = 2.0 / 3.0
d = 1.0
while d <= n
  d2 = d * d
  d3 = d2 * d
  ds = Math.sin(d)
  dc = Math.cos(d)

  s0 += twothirds ** (d - 1.0)
  s1 += 1.0 / Math.sqrt(d)
  s2 += 1.0 / (d * (d + 1.0))
  s3 += 1.0 / (d3 * ds * ds)
  s4 += 1.0 / (d3 * dc * dc)
  s5 += 1.0 / d
  s6 += 1.0 / d2
  s7 += alt / d
  s8 += alt / (2.0 * d - 1.0)
  alt = -alt
  d += 1.0
end
[s0, s1, s2, s3, s4, s5, s6, s7, s8].each { |s| printf("%.9f\n", s) }
