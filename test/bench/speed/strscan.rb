# strscan.rb: string scanning (test/bench/speed).
#   split, index, each_line, [] with ranges, upcase/downcase, comparisons
#   over a generated text.  usage: strscan.rb [REPEAT]  (default 400)
rep = (ARGV[0] || 400).to_i
words = %w(alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu)
lines = []
2000.times { |i| lines << (0...12).map { |j| words[(i * 7 + j * 3) % words.size] }.join(" ") }
text = lines.join("\n") + "\n"
sum = 0
rep.times do
  text.each_line do |line|
    f = line.split(" ")
    sum += f.size
    sum += 1 if f[0] == "alpha"
    sum += line.index("mu") || 0
    sum += line[2, 5].upcase.size
  end
  pos = 0
  while (pos = text.index("theta", pos))
    pos += 1
    sum += 1
  end
  sum += text.split("\n").size
  sum &= 0xffffff
end
puts sum
