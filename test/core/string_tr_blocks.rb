# string_tr_blocks.rb: count, delete, squeeze, tr and tr_s over seeded
# random strings of every length up to a few hundred bytes, against a
# model written byte by byte in Ruby.  squeeze and tr run long strings
# 16 bytes at a time (byteset.c) with a byte loop for the rest; the
# lengths, the runs of equal bytes and the sets here put hits at every
# offset of a block, across block edges and in the tail, with sets of 1
# to 14 ranges (tr's block loop takes maps of at most 8 segments),
# negated sets, bytes 0 and 255.  The model agrees with 1.8.7 on all of
# it, quirks included (x-x names x twice).
require 'assert'

SEED = (ENV["TR_SEED"] || 20261205).to_i
srand(SEED)

ALPHABET = "aabbcz -\0\xff\x80AZ09".unpack("C*")

def random_string(len)
  s = []
  while s.size < len
    c = ALPHABET[rand(ALPHABET.size)]
    (rand(4) == 0 ? rand(5) + 2 : 1).times { s << c }   # runs, for squeeze
  end
  s[0, len].pack("C*")
end

# A set: single bytes and ranges (no escapes, no '^' or '-' inside it);
# [its source, the bytes in it].
def random_set(nranges)
  src, bytes = "", []
  nranges.times do
    a = 33 + rand(90)
    a += 1 while a == ?^ || a == ?- || a == ?\\
    if rand(2) == 0
      src << a.chr
      bytes << a
    else
      b = [a + rand(6), 126].min
      b -= 1 while b == ?- || b == ?\\ || b == ?^
      b = a if b < a
      src << "#{a.chr}-#{b.chr}"
      bytes.concat(a == b ? [a, a] : (a..b).to_a)   # 1.8.7 names x of x-x twice
    end
  end
  [src, bytes]
end

def member_table(sets)
  table = Array.new(256, true)
  sets.each do |src, bytes, negated|
    in_set = Array.new(256, negated)
    bytes.each { |c| in_set[c] = !negated }
    256.times { |c| table[c] &&= in_set[c] }
  end
  table
end

def model_count(s, table)
  n = 0
  s.each_byte { |c| n += 1 if table[c] }
  n
end

def model_delete(s, table)
  out = []
  s.each_byte { |c| out << c unless table[c] }
  out.pack("C*")
end

def model_squeeze(s, table)
  out, prev = [], nil
  s.each_byte { |c| out << c unless c == prev && table[c]; prev = c }
  out.pack("C*")
end

# tr: the replacement of each byte of the set, or nil; with squeeze, a run
# of bytes translated to the same byte becomes one
def model_tr(s, map, squeeze)
  out, last = [], nil
  s.each_byte do |c|
    r = map[c]
    if r.nil?
      out << c
      last = nil
    elsif !(squeeze && r == last)
      out << r
      last = r
    end
  end
  out.pack("C*")
end

# pad: what stands for the replacement's last byte once it runs out
def tr_map(from_bytes, negated, to_bytes, pad)
  map = Array.new(256)
  if negated
    map = Array.new(256, pad)
    from_bytes.each { |c| map[c] = nil }
  else
    # a byte named twice takes its last replacement
    from_bytes.each_with_index { |c, i| map[c] = to_bytes[i] || pad }
  end
  map
end

def a_set
  src, bytes = random_set(1 + rand(14))
  negated = rand(4) == 0
  [negated ? "^" + src : src, bytes, negated]
end

LENGTHS = (0..70).to_a + [127, 128, 129, 255, 256, 257, 400]

test "count and delete, one set and several" do
  LENGTHS.each do |len|
    4.times do
      s = random_string(len)
      sets = Array.new(1 + rand(3)) { a_set }
      table = member_table(sets)
      srcs = sets.map { |x| x[0] }
      assert_equal model_count(s, table), s.count(*srcs), "count #{srcs.inspect} of #{s.inspect}"
      assert_equal model_delete(s, table), s.delete(*srcs), "delete #{srcs.inspect} of #{s.inspect}"
      t = s.dup
      r = t.delete!(*srcs)
      assert_equal model_delete(s, table), t
      assert_equal(model_delete(s, table) == s ? nil : t, r)
    end
  end
end

test "squeeze, with sets and without" do
  LENGTHS.each do |len|
    4.times do
      s = random_string(len)
      everything = Array.new(256, true)
      assert_equal model_squeeze(s, everything), s.squeeze, "squeeze of #{s.inspect}"
      sets = Array.new(1 + rand(2)) { a_set }
      sets << [" -", [32, 45], false] if rand(2) == 0
      table = member_table(sets)
      srcs = sets.map { |x| x[0] }
      want = model_squeeze(s, table)
      assert_equal want, s.squeeze(*srcs), "squeeze #{srcs.inspect} of #{s.inspect}"
      t = s.dup
      assert_equal(want == s ? nil : want, t.squeeze!(*srcs))
    end
  end
end

test "tr and tr_s: shifts, constants and scattered maps" do
  LENGTHS.each do |len|
    4.times do
      s = random_string(len)
      from, from_bytes, negated = a_set
      to = case rand(4)
           when 0 then "b-z"
           when 1 then " "
           when 2 then random_set(1 + rand(4))[0]
           else "\x01-\x7f"
           end
      to_bytes = []
      to.scan(/.-.|./m) do |x|
        to_bytes.concat(x.size == 1 ? [x[0]] : x[0] == x[2] ? [x[0], x[0]] : (x[0]..x[2]).to_a)
      end
      # 1.8.7 pads with the byte after x where the replacement ends in x-x
      pad = to =~ /(.)-\1\z/m ? to_bytes[-1] + 1 : to_bytes[-1]
      map = tr_map(from_bytes, negated, to_bytes, pad)
      assert_equal model_tr(s, map, false), s.tr(from, to), "tr(#{from.inspect}, #{to.inspect}) of #{s.inspect}"
      assert_equal model_tr(s, map, true), s.tr_s(from, to), "tr_s(#{from.inspect}, #{to.inspect}) of #{s.inspect}"
      t = s.dup
      hit = s.unpack("C*").any? { |c| map[c] }
      assert_equal(hit ? model_tr(s, map, false) : nil, t.tr!(from, to))
    end
  end
end

test "tr of a long string: a shift, the complement to a constant, two bytes" do
  base = "The quick brown fox jumps over the lazy dog;  hello   world!! 0123456789\n" * 7
  assert_equal base.unpack("C*").map { |c| c >= ?a && c <= ?y ? c + 1 : c }.pack("C*"), base.tr("a-y", "b-z")
  assert_equal base.unpack("C*").map { |c| c >= ?a && c <= ?z ? c : 32 }.pack("C*"), base.tr("^a-z", " ")
  assert_equal base.gsub("l", "0").gsub("o", "1"), base.tr("lo", "01")
  assert_equal base.count("a-z") - base.count("aeiou"), base.count("a-z", "^aeiou")
  assert_equal base.gsub(/ +/, " "), base.squeeze(" ")
end
