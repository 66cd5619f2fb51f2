# hash.rb: Hash-heavy code (test/bench/speed).
#   Integer keys, String keys (word counts), Symbol keys, has_key?,
#   fetch, delete, each.  usage: hash.rb [N]  (default 2000000)
n = (ARGV[0] || 2_000_000).to_i
h = {}
i = 0
while i < n
  h[i * 7] = i
  i += 1
end
sum = 0
i = 0
while i < n
  sum += h[i * 7]
  sum += 1 if h.has_key?(i)
  i += 1
end
words = %w(the quick brown fox jumps over lazy dog and then some more words)
counts = Hash.new(0)
(n / 2).times { |j| counts[words[j % 13] + (j % 50).to_s] += 1 }
syms = { :a => 1, :b => 2, :c => 3, :d => 4 }
(n / 2).times { |j| sum += syms[:c] + syms.fetch(:a) }
counts.keys.sort.each { |k| sum += counts[k] * k.size }
i = 0
while i < n
  h.delete(i * 7)
  i += 3
end
h.each { |k, v| sum += v & 1 }
puts sum
puts h.size
puts counts.size
