# lib_string.rb: string building and gsub over a text of SIZE bytes
# (benchmark; default 1 MB).   usage: lib_string.rb [SIZE]
#   RESULT string_build     appending small interpolated pieces with <<
#   RESULT gsub_string      gsub with a replacement string using \1 \2
#   RESULT gsub_block       gsub with a block
#   RESULT string_ops       split into lines, upcase, join, index, count
size = (ARGV[0] || 1_000_000).to_i

def measure(name)
  t0 = Time.now
  r = yield
  printf("RESULT %s %.6f s\n", name, Time.now - t0)
  r
end

words = %w[alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu]
text = measure("string_build") do
  s = ""
  i = 0
  while s.size < size
    s << words[i % 12] << " " << "#{i}"
    s << (i % 10 == 9 ? ".\n" : ", ")
    i += 1
  end
  s
end
swapped = measure("gsub_string") { text.gsub(/(\w+) (\d+)/, '\2 \1') }
counted = measure("gsub_block") { text.gsub(/[aeiou]+/) { |m| m.size.to_s } }
measure("string_ops") do
  lines = text.split("\n")
  up = lines.map { |l| l.upcase }.join("\n")
  up.index("OMEGA")
  up.count("A")
end
raise "bad sizes" if swapped.size != text.size || counted.size >= text.size
