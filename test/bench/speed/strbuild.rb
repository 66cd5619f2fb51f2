# strbuild.rb: string building (test/bench/speed).
#   Interpolation of Fixnums, Strings, Symbols and nil in a loop, <<, +,
#   join, and * ; the checksum is the total length and a byte sum.
#   usage: strbuild.rb [N]  (default 2000000)
n = (ARGV[0] || 2_000_000).to_i
total = 0
sum = 0
name = "item"
sym = :tag
buf = ""
i = 0
while i < n
  s = "#{name}-#{i}: #{sym} #{nil}(#{i * 3}) #{i.to_s}"
  total += s.size
  buf << s << "\n"
  if buf.size > 10_000
    sum += buf.sum
    buf = ""
  end
  i += 1
end
parts = []
(n / 10).times { |j| parts << j.to_s << "," }
joined = parts.join
total += joined.size
str = "abc" * 1000
total += (str + str).size
sum += buf.sum
puts total
puts sum
