# regexp.rb: Regexp matching (test/bench/speed).
#   =~ with captures, scan, gsub with a string and a block, match.
#   usage: regexp.rb [REPEAT]  (default 200)
rep = (ARGV[0] || 200).to_i
lines = []
1500.times { |i| lines << "user#{i}@host#{i % 17}.example.com sent #{i * 13 % 997} bytes at 12:#{i % 60}" }
text = lines.join("\n")
sum = 0
rep.times do
  lines.each do |l|
    if l =~ /\A(\w+)@([\w.]+) sent (\d+) bytes/
      sum += $3.to_i + $1.size
    end
  end
  text.scan(/host(\d+)/) { |m| sum += m[0].to_i }
  sum += text.gsub(/\d+/, "N").size
  sum += text.gsub(/e(x)a/) { $1.upcase }.count("X")
  sum &= 0xffffff
end
puts sum
