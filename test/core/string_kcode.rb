# string_kcode.rb: the String and IO methods that MRI 1.8.7 makes
# character-aware under a multibyte $KCODE (split and scan and gsub by a
# pattern that matches empty, each_char/chars, inspect, the case changes,
# IO#each_char), the same calls under $KCODE 'n' giving the bytewise
# answers, and the methods that stay bytewise in 1.8.7 whatever $KCODE
# says (tr, delete, squeeze, count, length, [], reverse, center, succ, dump).
# Each test sets $KCODE itself and puts back 'n' at its end.
require 'assert'

# run the block under $KCODE = code, then back to 'n'
def kcode(code)
  $KCODE = code
  yield
ensure
  $KCODE = 'n'
end

test "helper: $KCODE is set and restored" do
  kcode('u') { assert_equal "UTF8", $KCODE }
  assert_equal "NONE", $KCODE
end

test "split by an empty-matching regexp, UTF-8" do
  kcode('u') do
    assert_equal ["h", "é", "l", "l", "o"], "héllo".split(//)
    assert_equal ["h", "é", "l", "l", "o"], "héllo".split("")
    assert_equal ["h", "é", "l", "l", "o"], "héllo".split(/ */)
    assert_equal ["h", "é", "l", "l", "o"], "hé llo".split(/ */)
    assert_equal ["日", "本", "語"], "日本語".split(//)
    assert_equal ["h", "éllo"], "héllo".split(//, 2)
    assert_equal ["h", "é", "llo"], "héllo".split(//, 3)
    assert_equal ["a", "é", "b"], "a,é,b".split(",")
    assert_equal ["a", "b"], "aéb".split("é")
    assert_equal ["é", "x"], "é x".split
    # a character cut short at the end is one piece
    assert_equal ["h", "\303"], "h\303".split(//)
    # /n fixes the pattern's kcode: bytes again
    assert_equal ["h", "\303", "\251"], "hé".split(//n)
  end
end

test "split bytewise under $KCODE n" do
  assert_equal ["h", "\303", "\251", "l", "l", "o"], "héllo".split(//)
  assert_equal ["h", "\303", "\251", "l", "l", "o"], "héllo".split("")
  assert_equal ["h", "\303", "\251", "l", "l", "o"], "héllo".split(/ */)
  assert_equal ["h", "\303\251llo"], "héllo".split(//, 2)
  assert_equal ["a", "é", "b"], "a,é,b".split(",")
  # /u fixes the pattern's kcode: characters even without $KCODE (1.8.7)
  assert_equal ["h", "é", "l"], "hél".split(//u)
end

test "split, EUC and SJIS" do
  a, i = "\xa4\xa2", "\xa4\xa4"           # EUC-JP hiragana a, i
  kcode('e') do
    assert_equal [a, i, "x"], "#{a}#{i}x".split(//)
    assert_equal [a, "x"], "#{a}x".split("")
    # a separator that would match across two characters does not
    assert_equal ["#{a}#{a}"], "#{a}#{a}".split("\xa2\xa4")
  end
  assert_equal ["\xa4", "\xa2", "\xa4", "\xa4"], "#{a}#{i}".split(//)
  assert_equal ["\xa4", "\xa2"], "#{a}#{a}".split("\xa2\xa4")

  hyo = "\x95\x5c"                        # SJIS: its trail byte is a backslash
  kcode('s') do
    assert_equal ["\x82\xa0", "\x82\xa2"], "\x82\xa0\x82\xa2".split(//)
    assert_equal [hyo, "a"], "#{hyo}\\a".split("\\")
    assert_equal [hyo, "a"], "#{hyo}\\a".split(/\\/)
  end
  assert_equal ["\x95", "", "a"], "#{hyo}\\a".split("\\")
end

test "scan and gsub step over characters on an empty match" do
  kcode('u') do
    assert_equal 6, "héllo".scan(//).size
    assert_equal ["h", "é", "l"], "hél".scan(/./)
    assert_equal "-h-é-l-l-o-", "héllo".gsub(//, "-")
    assert_equal "<h<é<", "hé".gsub(/x*/) { "<" }
    assert_equal "é-", "é".sub(/$/, "-")
  end
  assert_equal 7, "héllo".scan(//).size
  assert_equal "-h-\303-\251-l-l-o-", "héllo".gsub(//, "-")
  assert_equal ["h", "\303", "\251"], "hé".scan(/./)
end

test "each_char and chars" do
  kcode('u') do
    r = []
    assert_equal "héllo", "héllo".each_char { |c| r << c }
    assert_equal ["h", "é", "l", "l", "o"], r
    assert_equal ["日", "本", "a"], "日本a".chars.to_a
    assert_equal ["a", "\343\201"], "a\343\201".each_char.to_a
    assert_equal [], "".chars.to_a
  end
  assert_equal ["h", "\303", "\251"], "hé".chars.to_a
  kcode('e') { assert_equal ["\xa4\xa2", "x", "\xa4\xa4"], "\xa4\xa2x\xa4\xa4".chars.to_a }
  kcode('s') { assert_equal ["\x95\x5c", "\\"], "\x95\x5c\\".chars.to_a }
  assert_equal ["\x95", "\\", "\\"], "\x95\x5c\\".chars.to_a
end

test "inspect keeps multibyte characters, dump does not" do
  kcode('u') do
    assert_equal "\"héllo\"", "héllo".inspect
    assert_equal "[\"é\", \"日本\"]", ["é", "日本"].inspect
    assert_equal "\"é\\n\\\"\\\#{\"", "é\n\"\#{".inspect
    # a lone trail byte, a character cut short: octal escapes
    assert_equal "\"\\251a\"", "\251a".inspect
    assert_equal "\"\\343\\201\"", "\343\201".inspect
    assert_equal "\"\\303\\251\"", "é".dump
  end
  assert_equal "\"h\\303\\251llo\"", "héllo".inspect
  assert_equal "\"\\303\\251\"", "é".dump
  kcode('e') { assert_equal "\"\xa4\xa2\"", "\xa4\xa2".inspect }
  kcode('s') { assert_equal "\"\x95\x5c\"", "\x95\x5c".inspect }
  assert_equal "\"\\225\\\\\"", "\x95\x5c".inspect
end

test "case changes leave multibyte characters alone" do
  b = "\x82\x61"                          # SJIS fullwidth B: trail byte 'a'
  kcode('s') do
    assert_equal "#{b}A", "#{b}a".upcase
    assert_equal "#{b}a", "#{b}A".downcase
    assert_equal "A#{b}a", "a#{b}A".swapcase
    assert_equal "#{b}a", "#{b}A".capitalize
    assert_nil "#{b}".upcase!
  end
  assert_equal "\x82\x41A", "#{b}a".upcase
  assert_equal "a\x82\x41a", "A#{b}A".swapcase
  kcode('u') { assert_equal "ÉÉA", "ÉÉa".upcase }
end

test "tr, delete, squeeze, count stay bytewise (1.8.7 without jcode)" do
  ['u', 'n'].each do |k|
    kcode(k) do
      assert_equal "heello", "héllo".tr("é", "e")
      assert_equal "heello", "héllo".tr_s("é", "e").sub("e", "ee")
      assert_equal "hllo", "héllo".delete("é")
      assert_equal 2, "héllo".count("é")
      assert_equal "éé", "éé".squeeze
    end
  end
end

test "length, [], reverse, center, succ stay bytewise" do
  ['u', 'n'].each do |k|
    kcode(k) do
      assert_equal 2, "é".length
      assert_equal 195, "é"[0]
      assert_equal "\303", "é"[0, 1]
      assert_equal "\251\303", "é".reverse
      assert_equal " é ", "é".center(4)
      assert_equal "\303\252", "é".succ
    end
  end
end

TMP = File.join(ENV['TMPDIR'] || '/tmp', "mr-kcode-#{$$}")

def with_file(content)
  File.open(TMP, "w") { |f| f.write(content) }
  File.open(TMP) { |f| yield f }
ensure
  File.delete(TMP) if File.exist?(TMP)
end

test "IO#each_char reads whole characters" do
  kcode('u') do
    with_file("héllo\n日本") do |f|
      assert_equal ["h", "é", "l", "l", "o", "\n", "日", "本"], f.each_char.to_a
    end
    with_file("a\343\201") { |f| assert_equal ["a", "\343\201"], f.chars.to_a }
    with_file("ab") do |f|
      r = []
      assert_same f, f.each_char { |c| r << c }
      assert_equal ["a", "b"], r
    end
  end
  kcode('e') do
    with_file("\xa4\xa2x") { |f| assert_equal ["\xa4\xa2", "x"], f.each_char.to_a }
  end
  with_file("hé") { |f| assert_equal ["h", "\303", "\251"], f.each_char.to_a }
end

test "Symbol#inspect under $KCODE (1.8.7: multibyte letters, else String#dump)" do
  $KCODE = 'u'
  assert_equal ':é', :é.inspect
  assert_equal ':aé?', :"aé?".inspect
  assert_equal ':"\303\251 x"', :"é x".inspect
  assert_equal ':"x\377"', :"x\377".inspect
  $KCODE = 'n'
  assert_equal ':"\303\251"', :é.inspect
end

test "searching from inside a multibyte character starts at a character" do
  $KCODE = 'u'
  assert_equal 1, "héllo".rindex(/./, 2)
  assert_equal 3, "héllo".index(/./, 2)
  $KCODE = 'n'
  assert_equal 2, "héllo".rindex(/./, 2)
  assert_equal 2, "héllo".index(/./, 2)
end
