# text.rb: text processing with count, tr, delete and squeeze
#   (test/bench/speed).  usage: text.rb [REPEAT]  (default 80000)
rep = (ARGV[0] || 80_000).to_i
base = "The quick brown fox jumps over the lazy dog;  hello   world!! 0123456789\n" * 20
sum = 0
rep.times do
  sum += base.count("aeiou")
  sum += base.count("a-z", "^aeiou")
  sum += base.tr("a-y", "b-z").count("z")
  sum += base.tr("^a-z", " ").squeeze(" ").size
  sum += base.delete("0-9 ").size
  sum += base.squeeze.size
  s = base.dup
  s.tr!("lo", "01")
  s.squeeze!("l")
  sum += s.size
end
puts sum
