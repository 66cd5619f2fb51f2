# fannkuch.rb: the fannkuch-redux benchmark (test/bench/speed).
#   Permutations of a small Array: element swaps, reverse of slices.
#   usage: fannkuch.rb [REPEAT [N]]  (fannkuch(N) REPEAT times, default 4 and 9)
def fannkuch(n)
  perm1 = (0...n).to_a
  count = Array.new(n, 0)
  max_flips = 0
  checksum = 0
  sign = 1
  r = n
  nperm = 0
  while true
    while r != 1
      count[r - 1] = r
      r -= 1
    end
    perm = perm1.dup
    flips = 0
    k = perm[0]
    while k != 0
      perm[0, k + 1] = perm[0, k + 1].reverse
      flips += 1
      k = perm[0]
    end
    max_flips = flips if flips > max_flips
    checksum += sign * flips
    sign = -sign
    nperm += 1
    while true
      return [checksum, max_flips] if r == n
      p0 = perm1[0]
      i = 0
      while i < r
        perm1[i] = perm1[i + 1]
        i += 1
      end
      perm1[r] = p0
      count[r] -= 1
      break if count[r] > 0
      r += 1
    end
  end
end

rep = (ARGV[0] || 4).to_i
n = (ARGV[1] || 9).to_i
rep.times do
  c, m = fannkuch(n)
  puts c
  puts "Pfannkuchen(#{n}) = #{m}"
end
