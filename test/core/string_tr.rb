# string_tr.rb: count, delete, squeeze, tr and tr_s on edge cases of 1.8.7's
# character sets (ranges, ^ negation, backslash escapes, backwards ranges,
# several sets intersected, a short replacement padded with its last
# character, tr_s squeezing translated runs, the bang forms' nil), each
# value checked against 1.8.7.  Bytes, whatever $KCODE says, as 1.8.7.
require 'assert'

S = "hello world, aaa bbb --- \\\\ ^^^ zz-yy 0123456789"

test "count, delete and squeeze with one set" do
  assert_equal [5, "he wrd, aaa bbb --- \\\\ ^^^ zz-yy 0123456789", "helo world, aaa bbb --- \\\\ ^^^ zz-yy 0123456789"], [S.count("lo"), S.delete("lo"), S.squeeze("lo")]
  assert_equal [20, " ,   --- \\\\ ^^^ - 0123456789", "helo world, a b --- \\\\ ^^^ z-y 0123456789"], [S.count("a-z"), S.delete("a-z"), S.squeeze("a-z")]
  assert_equal [28, "helloworldaaabbbzzyy", "hello world, aaa bbb - \\ ^ zz-yy 0123456789"], [S.count("^a-z"), S.delete("^a-z"), S.squeeze("^a-z")]
  assert_equal [3, "hello world, aaa bbb --- \\\\  zz-yy 0123456789", "hello world, aaa bbb --- \\\\ ^ zz-yy 0123456789"], [S.count("^"), S.delete("^"), S.squeeze("^")]
  assert_equal [4, "hello world, aaa bbb  \\\\ ^^^ zzyy 0123456789", "hello world, aaa bbb - \\\\ ^^^ zz-yy 0123456789"], [S.count("-"), S.delete("-"), S.squeeze("-")]
  assert_equal [7, "hello world,  bbb  \\\\ ^^^ zzyy 0123456789", "hello world, a bbb - \\\\ ^^^ zz-yy 0123456789"], [S.count("a-"), S.delete("a-"), S.squeeze("a-")]
  assert_equal [7, "hello world,  bbb  \\\\ ^^^ zzyy 0123456789", "hello world, a bbb - \\\\ ^^^ zz-yy 0123456789"], [S.count("-a"), S.delete("-a"), S.squeeze("-a")]
  assert_equal [9, "hello world,  bbb  \\\\ ^^^ yy 0123456789", "hello world, a bbb - \\\\ ^^^ z-yy 0123456789"], [S.count("a\\-z"), S.delete("a\\-z"), S.squeeze("a\\-z")]
  assert_equal [6, "hello world,  bbb --- \\\\  zz-yy 0123456789", "hello world, a bbb --- \\\\ ^ zz-yy 0123456789"], [S.count("\\^a"), S.delete("\\^a"), S.squeeze("\\^a")]
  assert_equal [0, "hello world, aaa bbb --- \\\\ ^^^ zz-yy 0123456789", "hello world, aaa bbb --- \\\\ ^^^ zz-yy 0123456789"], [S.count("z-a"), S.delete("z-a"), S.squeeze("z-a")]
  assert_equal [10, "hello world,   --- \\\\ ^^^ - 0123456789", "hello world, a b --- \\\\ ^^^ z-y 0123456789"], [S.count("a-cx-z"), S.delete("a-cx-z"), S.squeeze("a-cx-z")]
  assert_equal [45, "lll", "hello world, a b - \\ ^ z-y 0123456789"], [S.count("^l"), S.delete("^l"), S.squeeze("^l")]
  assert_equal [0, "hello world, aaa bbb --- \\\\ ^^^ zz-yy 0123456789", "hello world, aaa bbb --- \\\\ ^^^ zz-yy 0123456789"], [S.count(""), S.delete(""), S.squeeze("")]
  assert_equal [2, "hello world, aaa bbb ---  ^^^ zz-yy 0123456789", "hello world, aaa bbb --- \\ ^^^ zz-yy 0123456789"], [S.count("\\"), S.delete("\\"), S.squeeze("\\")]
  assert_equal [44, "----", "helo world, a b --- \\ ^ z-y 0123456789"], [S.count("^\\-"), S.delete("^\\-"), S.squeeze("^\\-")]
  assert_equal [3, "heo word, aaa bbb --- \\\\ ^^^ zz-yy 0123456789", "helo world, aaa bbb --- \\\\ ^^^ zz-yy 0123456789"], [S.count("l-l"), S.delete("l-l"), S.squeeze("l-l")]
  assert_equal [7, "hello world,  bbb  \\\\ ^^^ zzyy 0123456789", "hello world, a bbb - \\\\ ^^^ zz-yy 0123456789"], [S.count("a-a-c"), S.delete("a-a-c"), S.squeeze("a-a-c")]
  assert_equal [10, "hello world, aaa bbb --- \\\\ ^^^ zz-yy ", "hello world, aaa bbb --- \\\\ ^^^ zz-yy 0123456789"], [S.count("0-9"), S.delete("0-9"), S.squeeze("0-9")]
  assert_equal [30, "        0123456789", "helo world, a b - \\ ^ z-y 0123456789"], [S.count("^0-9 "), S.delete("^0-9 "), S.squeeze("^0-9 ")]
  assert_equal [2, "hello world, aaa bbb ---  ^^^ zz-yy 0123456789", "hello world, aaa bbb --- \\ ^^^ zz-yy 0123456789"], [S.count("\\\\"), S.delete("\\\\"), S.squeeze("\\\\")]
  assert_equal [48, "", "helo world, a b - \\ ^ z-y 0123456789"], [S.count("\000-\377"), S.delete("\000-\377"), S.squeeze("\000-\377")]
  assert_equal "helo world, a b - \\ ^ z-y 0123456789", S.squeeze
end

test "several sets are intersected" do
  assert_equal [14, "eo o, aaa  --- \\\\ ^^^ - 0123456789", "helo world, aaa b --- \\\\ ^^^ z-y 0123456789"], [S.count("a-z", "^aeiou"), S.delete("a-z", "^aeiou"), S.squeeze("a-z", "^aeiou")]
  assert_equal [17, "ll l,   --- \\\\ ^^^ - 0123456789", "hello world, a b --- \\\\ ^^^ z-y 0123456789"], [S.count("a-z", "^l"), S.delete("a-z", "^l"), S.squeeze("a-z", "^l")]
  assert_equal [17, " ,  bbb --- \\\\ ^^^ - 0123456789", "helo world, a bbb --- \\\\ ^^^ z-y 0123456789"], [S.count("a-z", "^b"), S.delete("a-z", "^b"), S.squeeze("a-z", "^b")]
  assert_equal [2, "hell wrld, aaa bbb --- \\\\ ^^^ zz-yy 0123456789", "hello world, aaa bbb --- \\\\ ^^^ zz-yy 0123456789"], [S.count("lo", "o"), S.delete("lo", "o"), S.squeeze("lo", "o")]
  assert_equal [0, "hello world, aaa bbb --- \\\\ ^^^ zz-yy 0123456789", "hello world, aaa bbb --- \\\\ ^^^ zz-yy 0123456789"], [S.count("^a", "^b", "a-c"), S.delete("^a", "^b", "a-c"), S.squeeze("^a", "^b", "a-c")]
end

test "tr, tr_s and their bang forms" do
  x = S.dup; y = S.dup
  assert_equal ["he001 w1r0d, aaa bbb --- \\\\ ^^^ zz-yy 0123456789", "he01 w1r0d, aaa bbb --- \\\\ ^^^ zz-yy 0123456789", false, false, "he001 w1r0d, aaa bbb --- \\\\ ^^^ zz-yy 0123456789", "he01 w1r0d, aaa bbb --- \\\\ ^^^ zz-yy 0123456789"], [S.tr("lo", "01"), S.tr_s("lo", "01"), x.tr!("lo", "01").nil?, y.tr_s!("lo", "01").nil?, x, y]
  x = S.dup; y = S.dup
  assert_equal ["ifmmp xpsme, bbb ccc --- \\\\ ^^^ zz-zz 0123456789", "ifmp xpsme, b c --- \\\\ ^^^ zz-z 0123456789", false, false, "ifmmp xpsme, bbb ccc --- \\\\ ^^^ zz-zz 0123456789", "ifmp xpsme, b c --- \\\\ ^^^ zz-z 0123456789"], [S.tr("a-y", "b-z"), S.tr_s("a-y", "b-z"), x.tr!("a-y", "b-z").nil?, y.tr_s!("a-y", "b-z").nil?, x, y]
  x = S.dup; y = S.dup
  assert_equal ["AAAAA AAAAA, AAA AAA --- \\\\ ^^^ AA-AA 0123456789", "A A, A A --- \\\\ ^^^ A-A 0123456789", false, false, "AAAAA AAAAA, AAA AAA --- \\\\ ^^^ AA-AA 0123456789", "A A, A A --- \\\\ ^^^ A-A 0123456789"], [S.tr("a-z", "A"), S.tr_s("a-z", "A"), x.tr!("a-z", "A").nil?, y.tr_s!("a-z", "A").nil?, x, y]
  x = S.dup; y = S.dup
  assert_equal ["hello*world**aaa*bbb************zz*yy***********", "hello*world*aaa*bbb*zz*yy*", false, false, "hello*world**aaa*bbb************zz*yy***********", "hello*world*aaa*bbb*zz*yy*"], [S.tr("^a-z", "*"), S.tr_s("^a-z", "*"), x.tr!("^a-z", "*").nil?, y.tr_s!("^a-z", "*").nil?, x, y]
  x = S.dup; y = S.dup
  assert_equal ["helloyworldyyaaaybbbyyyyyyyyyyyyzzyyyyyyyyyyyyyy", "helloyworldyaaaybbbyzzyyyy", false, false, "helloyworldyyaaaybbbyyyyyyyyyyyyzzyyyyyyyyyyyyyy", "helloyworldyaaaybbbyzzyyyy"], [S.tr("^a-z", "xy"), S.tr_s("^a-z", "xy"), x.tr!("^a-z", "xy").nil?, y.tr_s!("^a-z", "xy").nil?, x, y]
  x = S.dup; y = S.dup
  assert_equal ["hippo worpd, aaa bbb --- \\\\ ^^^ zz-yy 0123456789", "hipo worpd, aaa bbb --- \\\\ ^^^ zz-yy 0123456789", false, false, "hippo worpd, aaa bbb --- \\\\ ^^^ zz-yy 0123456789", "hipo worpd, aaa bbb --- \\\\ ^^^ zz-yy 0123456789"], [S.tr("el", "ip"), S.tr_s("el", "ip"), x.tr!("el", "ip").nil?, y.tr_s!("el", "ip").nil?, x, y]
  x = S.dup; y = S.dup
  assert_equal ["hello world, AAA BBB --- \\\\ ^^^ zz-yy 0123456789", "hello world, A B --- \\\\ ^^^ zz-yy 0123456789", false, false, "hello world, AAA BBB --- \\\\ ^^^ zz-yy 0123456789", "hello world, A B --- \\\\ ^^^ zz-yy 0123456789"], [S.tr("a-c", "A-Z"), S.tr_s("a-c", "A-Z"), x.tr!("a-c", "A-Z").nil?, y.tr_s!("a-c", "A-Z").nil?, x, y]
  x = S.dup; y = S.dup
  assert_equal ["he wrd, aaa bbb --- \\\\ ^^^ zz-yy 0123456789", "he wrd, aaa bbb --- \\\\ ^^^ zz-yy 0123456789", false, false, "he wrd, aaa bbb --- \\\\ ^^^ zz-yy 0123456789", "he wrd, aaa bbb --- \\\\ ^^^ zz-yy 0123456789"], [S.tr("lo", ""), S.tr_s("lo", ""), x.tr!("lo", "").nil?, y.tr_s!("lo", "").nil?, x, y]
  x = S.dup; y = S.dup
  assert_equal ["hello world, aaa bbb --- \\\\ ^^^ zz-yy 0123456789", "hello world, aaa bbb --- \\\\ ^^^ zz-yy 0123456789", true, true, "hello world, aaa bbb --- \\\\ ^^^ zz-yy 0123456789", "hello world, aaa bbb --- \\\\ ^^^ zz-yy 0123456789"], [S.tr("z-a", "x"), S.tr_s("z-a", "x"), x.tr!("z-a", "x").nil?, y.tr_s!("z-a", "x").nil?, x, y]
  x = S.dup; y = S.dup
  assert_equal ["hello world, aaa bbb +++ \\\\ ^^^ zz+yy 0123456789", "hello world, aaa bbb + \\\\ ^^^ zz+yy 0123456789", false, false, "hello world, aaa bbb +++ \\\\ ^^^ zz+yy 0123456789", "hello world, aaa bbb + \\\\ ^^^ zz+yy 0123456789"], [S.tr("\\-", "+"), S.tr_s("\\-", "+"), x.tr!("\\-", "+").nil?, y.tr_s!("\\-", "+").nil?, x, y]
  x = S.dup; y = S.dup
  assert_equal ["hello world, 111 bbb 222 \\\\ ^^^ 332yy 0123456789", "hello world, 1 bbb 2 \\\\ ^^^ 32yy 0123456789", false, false, "hello world, 111 bbb 222 \\\\ ^^^ 332yy 0123456789", "hello world, 1 bbb 2 \\\\ ^^^ 32yy 0123456789"], [S.tr("a\\-z", "123"), S.tr_s("a\\-z", "123"), x.tr!("a\\-z", "123").nil?, y.tr_s!("a\\-z", "123").nil?, x, y]
  x = S.dup; y = S.dup
  assert_equal ["hello world, aaa bbb --- \\\\ xxx zz-yy 0123456789", "hello world, aaa bbb --- \\\\ x zz-yy 0123456789", false, false, "hello world, aaa bbb --- \\\\ xxx zz-yy 0123456789", "hello world, aaa bbb --- \\\\ x zz-yy 0123456789"], [S.tr("^", "x"), S.tr_s("^", "x"), x.tr!("^", "x").nil?, y.tr_s!("^", "x").nil?, x, y]
  x = S.dup; y = S.dup
  assert_equal ["-exxo worxd, aaa bbb --- \\\\ ^^^ zz-yy 0123456789", "-exo worxd, aaa bbb --- \\\\ ^^^ zz-yy 0123456789", false, false, "-exxo worxd, aaa bbb --- \\\\ ^^^ zz-yy 0123456789", "-exo worxd, aaa bbb --- \\\\ ^^^ zz-yy 0123456789"], [S.tr("h-l", "\\-x"), S.tr_s("h-l", "\\-x"), x.tr!("h-l", "\\-x").nil?, y.tr_s!("h-l", "\\-x").nil?, x, y]
  x = S.dup; y = S.dup
  assert_equal ["hello world, aaa bbb --- \\\\ ^^^ zz-yy 0123456789", "hello world, aaa bbb --- \\\\ ^^^ zz-yy 0123456789", true, true, "hello world, aaa bbb --- \\\\ ^^^ zz-yy 0123456789", "hello world, aaa bbb --- \\\\ ^^^ zz-yy 0123456789"], [S.tr("", "x"), S.tr_s("", "x"), x.tr!("", "x").nil?, y.tr_s!("", "x").nil?, x, y]
  x = S.dup; y = S.dup
  assert_equal ["hello world, xxx yyy --- \\\\ ^^^ zz-yy 0123456789", "hello world, x y --- \\\\ ^^^ zz-yy 0123456789", false, false, "hello world, xxx yyy --- \\\\ ^^^ zz-yy 0123456789", "hello world, x y --- \\\\ ^^^ zz-yy 0123456789"], [S.tr("a-c", "x-y"), S.tr_s("a-c", "x-y"), x.tr!("a-c", "x-y").nil?, y.tr_s!("a-c", "x-y").nil?, x, y]
  x = S.dup; y = S.dup
  assert_equal ["aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "a", false, false, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "a"], [S.tr("\000-\377", "a"), S.tr_s("\000-\377", "a"), x.tr!("\000-\377", "a").nil?, y.tr_s!("\000-\377", "a").nil?, x, y]
  x = S.dup; y = S.dup
  assert_equal ["CCCCC CCCCC, AAA BBB --- \\\\ ^^^ CC-CC 0123456789", "C C, A B --- \\\\ ^^^ C-C 0123456789", false, false, "CCCCC CCCCC, AAA BBB --- \\\\ ^^^ CC-CC 0123456789", "C C, A B --- \\\\ ^^^ C-C 0123456789"], [S.tr("a-z", "A-C"), S.tr_s("a-z", "A-C"), x.tr!("a-z", "A-C").nil?, y.tr_s!("a-z", "A-C").nil?, x, y]
  x = S.dup; y = S.dup
  assert_equal ["--ll-----l--------------------------------------", "-ll-l-", false, false, "--ll-----l--------------------------------------", "-ll-l-"], [S.tr("^l", "-"), S.tr_s("^l", "-"), x.tr!("^l", "-").nil?, y.tr_s!("^l", "-").nil?, x, y]
end

test "short and edge strings, results and nil of the bang forms" do
  assert_equal "x", "aabbcc".tr_s("a-c", "x")
  assert_equal "*dd", "aabbccdd".tr_s("^d", "*")
  assert_equal "aaa", "aaa".tr_s("b", "c")
  assert_equal "aaaaaa", "abcabc".tr("abc", "a")
  assert_equal "", "".tr("a", "b")
  assert_equal nil, "".tr!("a", "b")
  assert_equal nil, "".squeeze!
  assert_equal nil, "abc".squeeze!
  assert_equal "ab", "aab".squeeze!
  assert_equal "ab", "abb".squeeze!
  assert_equal nil, "abc".delete!("x")
  assert_equal "ac", "abc".delete!("b")
  assert_equal "", "abc".delete!("a-c")
  assert_equal nil, "abc".tr!("x", "y")
  assert_equal "abc", "abc".tr!("a", "a")
  assert_equal "a", "aa".tr_s!("a", "a")
  assert_equal nil, "ab".tr_s!("x", "y")
  assert_equal 1, "hello".count("lo", "o")
  assert_equal 7, "hello\0\377".count("\0-\377")
  assert_equal "ba", "\377\376".tr("\376-\377", "ab")
  assert_equal "helo", "hello".squeeze("l-m")
  assert_equal "x", "x".squeeze
  assert_equal "a", "aaaa".squeeze
  assert_equal nil, "a".squeeze!
  assert_equal 0, "abcd".count("")
  assert_equal 9, ("abcde" * 3).count("b-d")
  assert_equal "baba", ("ab" * 50).tr("ab", "ba")[0, 4]
  assert_equal 100, ("xy" * 100).delete("y").size
  assert_equal 200, ("aab" * 100).squeeze.size
  assert_equal 5, "héllo wörld ll".count("l")
  assert_equal "h\303\251o w\303\266rd ", "héllo wörld ll".delete("l")
  assert_equal "h\303\251lo w\303\266rld l", "héllo wörld ll".squeeze
  assert_equal "h\303\251001 w\303\266r0d 00", "héllo wörld ll".tr("lo", "01")
  assert_equal "h\303\251Lo w\303\266rLd L", "héllo wörld ll".tr_s("l", "L")
  assert_equal 6, "héllo wörld ll".count("^a-z")
  assert_raise(ArgumentError, "wrong number of arguments") { "x".count }
  assert_raise(ArgumentError, "wrong number of arguments") { "x".delete }
end

test "$KCODE u changes nothing: bytes" do
  saved = $KCODE
  $KCODE = "u"
  assert_equal 5, "héllo wörld ll".count("l")
  assert_equal "héo wörd ", "héllo wörld ll".delete("l")
  assert_equal "hélo wörld l", "héllo wörld ll".squeeze
  assert_equal "hé001 wör0d 00", "héllo wörld ll".tr("lo", "01")
  assert_equal "héLo wörLd L", "héllo wörld ll".tr_s("l", "L")
  assert_equal 6, "héllo wörld ll".count("^a-z")
  assert_equal "h\251llo w\266rld ll", "héllo wörld ll".delete("\303")
  $KCODE = saved
end

test "frozen strings and taint" do
  f = "abc".freeze
  assert_equal "xbc", f.tr("a", "x")
  assert_raise(TypeError) { f.tr!("a", "x") }
  assert_raise(TypeError) { f.squeeze! }
  assert_raise(TypeError) { f.delete!("a") }
  assert_true "abc".taint.tr("a", "b").tainted?
  assert_true "aab".taint.squeeze.tainted?
end

# squeeze against a byte-by-byte reference, on seeded random strings with
# runs: the byte loop keeps a byte by arithmetic, not by a branch
def squeeze_reference(s, table)
  out = ""
  last = nil
  s.each_byte do |b|
    next if b == last && table[b]
    out << b.chr
    last = b
  end
  out
end

test "squeeze on random strings matches a reference" do
  srand((ENV["SQUEEZE_SEED"] || 20261205).to_i)
  alphabet = ["a", "b", " ", "l", "\0", "\377", "-"]
  sets = [nil, "a", " ", "^a", "a-l", "\0-\377", "^ -", "b\\-"]
  500.times do
    s = ""
    rand(30).times { s << alphabet[rand(alphabet.size)] * (1 + rand(4)) }
    set = sets[rand(sets.size)]
    table = Array.new(256) { |b| set.nil? || b.chr.count(set) > 0 }
    expected = squeeze_reference(s, table)
    got = set ? s.squeeze(set) : s.squeeze
    assert_equal expected, got
    bang = s.dup
    assert_equal(expected == s ? nil : expected, set ? bang.squeeze!(set) : bang.squeeze!)
    assert_equal expected, bang
  end
end
