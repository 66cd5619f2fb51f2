# array.rb: Array-heavy code (test/bench/speed).
#   push/pop/shift, index, sort and sort_by, reverse, flatten, uniq,
#   include?, a[i] = x and the sieve of Eratosthenes.
#   usage: array.rb [N]  (default 2000000)
n = (ARGV[0] || 2_000_000).to_i
sieve = Array.new(n + 1, true)
sieve[0] = sieve[1] = false
i = 2
while i * i <= n
  if sieve[i]
    j = i * i
    while j <= n
      sieve[j] = false
      j += i
    end
  end
  i += 1
end
sum = 0
sieve.each_with_index { |p, k| sum += k if p }
a = []
n.times { |k| a << (k * 7919) % 10007 }
b = a.sort
sum += b[0] + b[-1] + b[n / 2]
sum += a.sort_by { |x| -x }[0]
sum += a.uniq.size
sum += [a[0, 100], [a[100, 100], [a[200, 5]]]].flatten.size
q = []
n.times { |k| q.push(k); q.shift if q.size > 100 }
sum += q.size + q[0]
sum += a.reverse[0]
s = 0
x = a[0, 1000]
200.times { |k| s += 1 if x.include?(k) }
sum += s
st = []
n.times { |k| st.push(k); st.pop if k % 3 == 0 }
sum += st.size
puts sum
