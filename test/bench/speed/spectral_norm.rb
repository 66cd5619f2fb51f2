# spectral_norm.rb: the spectral-norm benchmark (test/bench/speed).
#   Float arithmetic in nested loops over Arrays, a method per element.
#   usage: spectral_norm.rb [N]  (default 500)
def eval_a(i, j)
  1.0 / ((i + j) * (i + j + 1) / 2 + i + 1)
end

def eval_a_times_u(u)
  n = u.size
  v = Array.new(n, 0.0)
  i = 0
  while i < n
    s = 0.0
    j = 0
    while j < n
      s += eval_a(i, j) * u[j]
      j += 1
    end
    v[i] = s
    i += 1
  end
  v
end

def eval_at_times_u(u)
  n = u.size
  v = Array.new(n, 0.0)
  i = 0
  while i < n
    s = 0.0
    j = 0
    while j < n
      s += eval_a(j, i) * u[j]
      j += 1
    end
    v[i] = s
    i += 1
  end
  v
end

def eval_ata_times_u(u)
  eval_at_times_u(eval_a_times_u(u))
end

n = (ARGV[0] || 500).to_i
u = Array.new(n, 1.0)
v = nil
10.times do
  v = eval_ata_times_u(u)
  u = eval_ata_times_u(v)
end
vbv = 0.0
vv = 0.0
n.times do |i|
  vbv += u[i] * v[i]
  vv += v[i] * v[i]
end
printf("%.9f\n", Math.sqrt(vbv / vv))
