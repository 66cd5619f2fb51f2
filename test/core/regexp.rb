# regexp.rb: Regexp as Ruby 1.8.7 scripts use it: pattern syntax (anchors,
# classes, quantifiers, groups, backreferences, lookaround), options and
# kcodes, =~ === ~ match, $~ and the $1/$&/$`/$'/$+ variables (per method
# frame), source/to_s/inspect, equality, escape/union/last_match, errors,
# and $KCODE.
require 'assert'

test "=~ returns the position or nil" do
  assert_equal 0, /a/ =~ "abc"
  assert_equal 2, /c/ =~ "abc"
  assert_nil(/d/ =~ "abc")
  assert_equal 0, // =~ ""
  assert_nil(/a/ =~ "")
  assert_nil(/a/ =~ nil)
  assert_equal 1, "abc" =~ /b/
  assert_equal 100000, ("a" * 100000 + "b") =~ /b/
  assert_raise(TypeError, "can't convert Fixnum into String") { /a/ =~ 1 }
  assert_raise(TypeError, "can't convert Symbol into String") { /a/ =~ :a }
end

test "anchors" do
  s = "one\ntwo\nthree"
  assert_equal 4, s =~ /^two/
  assert_equal 4, s =~ /two$/
  assert_nil s =~ /\Atwo/
  assert_equal 0, s =~ /\Aone/
  assert_equal 8, s =~ /three\z/
  assert_nil s =~ /two\z/
  assert_equal 0, "ab\n" =~ /ab\Z/
  assert_nil "ab\n" =~ /ab\z/
  assert_equal 4, "foo bar" =~ /\bbar/
  assert_nil "foobar" =~ /\bbar/
  assert_equal 3, "foobar" =~ /\Bbar/
  assert_equal 1, "\nx" =~ /^x/
end

test "character classes" do
  assert_equal 3, "abc123" =~ /\d/
  assert_equal 0, "abc123" =~ /\D/
  assert_equal 3, "foo bar" =~ /\s/
  assert_equal 0, " \t\n" =~ /\A\s+\z/
  assert_equal 0, "_a1" =~ /\A\w+\z/
  assert_nil "a-b" =~ /\A\w+\z/
  assert_equal 1, "a-b" =~ /\W/
  assert_equal 2, "ABc" =~ /[a-z]/
  assert_equal 0, "ABc" =~ /[^a-z]/
  assert_equal 1, "a]b" =~ /[\]]/
  assert_equal 1, "a-b" =~ /[x-]/
  assert_equal 0, "9" =~ /[[:digit:]]/
  assert_equal 1, "a\nb" =~ /\n/
  assert_equal 1, "a.b" =~ /\./
  assert_equal 3, "abc\xff" =~ /\xff/
end

test "quantifiers: greedy and lazy" do
  assert_equal "<a><b>", "<a><b>"[/<.+>/]
  assert_equal "<a>", "<a><b>"[/<.+?>/]
  assert_equal "aaa", "aaa"[/a*/]
  assert_equal "", "aaa"[/a*?/]
  assert_equal "a", "aaa"[/a+?/]
  assert_equal "aa", "aaaa"[/a{2}/]
  assert_equal "aaa", "aaaa"[/a{2,3}/]
  assert_equal "aa", "aaaa"[/a{2,3}?/]
  assert_equal "aaaa", "aaaa"[/a{2,}/]
  assert_equal "colour", "colour"[/colou?r/]
  assert_equal "color", "color"[/colou?r/]
  assert_equal "a{x", "a{x"[/a{x/]
  assert_raise(RegexpError, "invalid regular expression; '{' can't be last character: /a{/") { Regexp.new("a{") }
end

test "groups, alternation, backreferences" do
  assert_equal 0, "abab" =~ /(ab)\1/
  assert_nil "abac" =~ /(ab)\1/
  assert_equal 2, "xxcat" =~ /cat|dog/
  assert_equal 2, "xxdog" =~ /cat|dog/
  assert_equal 0, "abcabc" =~ /\A(?:abc)+\z/
  "2008-12-25" =~ /(\d+)-(\d+)-(\d+)/
  assert_equal ["2008", "12", "25"], [$1, $2, $3]
  "ab" =~ /(?:a)(b)/
  assert_equal "b", $1
  assert_equal 0, "aa bb" =~ /(\w)\1 (\w)\2/
  assert_equal 0, "<b>x</b>" =~ /<(\w+)>.*<\/\1>/
end

test "inline options and lookaround" do
  assert_equal 0, "AbC" =~ /(?i)abc/
  assert_equal 0, "ABc" =~ /(?i:ab)c/
  assert_nil "ABC" =~ /(?i:ab)c/
  assert_equal 0, "a\nb" =~ /(?m)a.b/
  assert_equal 0, "ab" =~ /a(?=b)/
  assert_nil "ac" =~ /a(?=b)/
  assert_equal 0, "ac" =~ /a(?!b)/
  assert_equal "a", "ab"[/a(?=b)/]
  assert_equal 1, "ab" =~ /(?<=a)b/
  assert_nil "cb" =~ /(?<=a)b/
  assert_equal 1, "cb" =~ /(?<!a)b/
  assert_equal "price", "price: 10"[/\w+(?=:)/]
end

test "options /i /x /m" do
  assert_equal 0, "HELLO" =~ /hello/i
  assert_nil "HELLO" =~ /hello/
  assert_equal 0, "abc" =~ /a b c/x
  assert_equal 0, "abc" =~ /a  # comment
                             bc/x
  assert_nil "a\nb" =~ /a.b/
  assert_equal 0, "a\nb" =~ /a.b/m
  assert_equal 1, Regexp::IGNORECASE
  assert_equal 2, Regexp::EXTENDED
  assert_equal 4, Regexp::MULTILINE
  assert_equal 0, /a/.options
  assert_equal 1, /a/i.options
  assert_equal 2, /a/x.options
  assert_equal 4, /a/m.options
  assert_equal 7, /a/mix.options
  assert_true(/a/i.casefold?)
  assert_false(/a/.casefold?)
end

test "kcode" do
  assert_nil(/a/.kcode)
  assert_equal "none", /a/n.kcode
  assert_equal "utf8", /a/u.kcode
  assert_equal "euc", /a/e.kcode
  assert_equal "sjis", /a/s.kcode
  assert_equal 16, /a/n.options
  assert_equal 64, /a/u.options
  assert_equal 65, /a/iu.options
  s = "\xc3\xa9"            # e acute in UTF-8
  assert_equal 0, s =~ /\A.\z/u
  assert_nil s =~ /\A.\z/n
  assert_equal 0, s =~ /\A..\z/
  assert_equal 0, s =~ /\w/u       # any multibyte char is a word char
  assert_nil s =~ /\w/
  assert_nil "\xc3\x89" =~ /\xc3\xa9/iu   # case folding stays ASCII, as in 1.8
  assert_equal 1, "ABC" =~ /b/iu
  assert_equal "utf8", Regexp.new("a", nil, "u").kcode
  assert_equal "none", Regexp.new("a", nil, "N").kcode
  assert_equal 64, Regexp.new("a", 64).options
end

test "$KCODE" do
  saved = $KCODE
  assert_equal "NONE", $KCODE
  re = /\A.\z/
  s = "\xc3\xa9"
  assert_nil s =~ re
  $KCODE = "u"
  assert_equal "UTF8", $KCODE
  assert_equal 0, s =~ re           # recompiled for the new $KCODE
  assert_equal 0, s =~ /\A.\z/
  assert_nil s =~ /\A.\z/n          # a fixed kcode wins
  $KCODE = "e"
  assert_equal "EUC", $KCODE
  $KCODE = "s"
  assert_equal "SJIS", $KCODE
  $KCODE = "x"
  assert_equal "NONE", $KCODE
  $KCODE = "UTF8"
  assert_equal "UTF8", $-K
  $KCODE = saved
  assert_nil s =~ re
  assert_equal "NONE", $KCODE
  assert_raise(TypeError) { $KCODE = nil }
end

test "Regexp.new and compile" do
  assert_equal(/ab/, Regexp.new("ab"))
  assert_equal(/ab/i, Regexp.new("ab", Regexp::IGNORECASE))
  assert_equal(/ab/i, Regexp.new("ab", true))
  assert_equal(/ab/, Regexp.new("ab", false))
  assert_equal(/ab/, Regexp.new("ab", nil))
  assert_equal(/ab/mx, Regexp.new("ab", Regexp::MULTILINE | Regexp::EXTENDED))
  assert_equal(/ab/i, Regexp.new(/ab/i))
  assert_equal(/ab/, Regexp.compile("ab"))
  assert_equal Regexp, Regexp.new("x").class
  r = Regexp.new("a.c")
  assert_equal 0, r =~ "abc"
  assert_equal "a.c", r.source
  assert_raise(TypeError, "can't convert Fixnum into String") { Regexp.new(1) }
  assert_raise(TypeError) { Regexp.new(nil) }
  assert_raise(ArgumentError) { Regexp.new }
  assert_raise(ArgumentError) { Regexp.new("a", 1, "n", 4) }
  sub = Class.new(Regexp)
  assert_equal sub, sub.new("a").class
  assert_equal 0, sub.new("a") =~ "a"
  assert_equal 1, Regexp.new("a\0b") =~ "xa\0b"
end

test "RegexpError" do
  e = assert_raise(RegexpError) { Regexp.new("(") }
  assert_equal "premature end of regular expression: /(/", e.message
  assert_raise(RegexpError, "unmatched (: /(a/") { Regexp.new("(a") }
  assert_raise(RegexpError, "unmatched ): /a)/") { Regexp.new("a)") }
  assert_raise(RegexpError, "premature end of char-class: /[a/") { Regexp.new("[a") }
  assert_raise(RegexpError, "invalid regular expression; there's no previous pattern, to which '*' would define cardinality at 1: /*/") { Regexp.new("*") }
  assert_raise(RegexpError, /: \/a\|\+\/\z/) { Regexp.new("a|+") }
  assert_raise(RegexpError) { Regexp.new("\\") }
  assert_raise(RegexpError) { Regexp.new("[b-a]") }
  assert_raise(RegexpError, /: \/a\\\/\(\/\z/) { Regexp.new("a/(") }
  assert_kind_of StandardError, RegexpError.new
  e = assert_raise(SyntaxError) { eval("/(/") }
  assert_match(/premature end of regular expression: \/\(\//, e.message)
  x = "("
  assert_raise(RegexpError, /\/\(\//) { /#{x}/ }
end

test "source, to_s, inspect" do
  assert_equal "ab", /ab/.source
  assert_equal "a\\d", /a\d/.source
  assert_equal "(?-mix:ab)", /ab/.to_s
  assert_equal "(?i-mx:ab)", /ab/i.to_s
  assert_equal "(?mix:ab)", /ab/mix.to_s
  assert_equal "(?m-ix:ab)", /ab/m.to_s
  assert_equal "(?i-mx:ab)", Regexp.new(/ab/i.to_s).to_s
  assert_equal "(?i-mx:ab)", Regexp.new("(?i-mx:ab)").to_s
  assert_equal "(?i-mx:ab)", Regexp.new("(?i)ab").to_s
  assert_equal "(?-mix:(?i-mx:a)|b)", /(?i-mx:a)|b/.to_s
  assert_equal "(?-mix:(?i:ab)c)", /(?i:ab)c/.to_s
  assert_equal 0, "xAB" =~ Regexp.new("x#{/ab/i}")
  assert_equal "/ab/", /ab/.inspect
  assert_equal "/ab/i", /ab/i.inspect
  assert_equal "/ab/mix", /ab/xim.inspect
  assert_equal "/ab/n", /ab/n.inspect
  assert_equal "/ab/iu", /ab/iu.inspect
  assert_equal "/ab\\/c/i", Regexp.new("ab/c", true).inspect
  assert_equal "/ab\\/c/i", /ab\/c/i.inspect
  assert_equal "/a\\/b/", Regexp.new("a\\/b").inspect
  assert_equal "/\\001/", Regexp.new("\001").inspect
  assert_equal "/a\nb/", Regexp.new("a\nb").inspect
  assert_equal "/\\d+/", /\d+/.inspect
  assert_equal "(?-mix:a\\/b)", Regexp.new("a/b").to_s
  assert_equal "/ab/", /ab/.dup.inspect
  assert_raise(TypeError, "uninitialized Regexp") { Regexp.allocate.source }
  assert_raise(TypeError, "uninitialized Regexp") { Regexp.allocate =~ "a" }
end

test "== eql? hash" do
  assert_equal(/ab/, /ab/)
  assert_true(/ab/ == /ab/)
  assert_true(/ab/.eql?(/ab/))
  assert_false(/ab/ == /ab/i)
  assert_false(/ab/ == /abc/)
  assert_false(/ab/ == "ab")
  assert_equal(/ab/.hash, /ab/.hash)
  assert_not_equal(/ab/.hash, /ab/i.hash)
  h = { /a/ => 1 }
  assert_equal 1, h[/a/]
  assert_nil h[/a/i]
  r = /x/i
  assert_equal r, r.dup
  assert_equal r, r.clone
  assert_not_equal r.object_id, r.dup.object_id
end

test "=== and case/when" do
  assert_true(/ell/ === "hello")
  assert_false(/xyz/ === "hello")
  assert_false(/a/ === 1)
  assert_false(/a/ === nil)
  assert_false(/a/ === :a)
  r = case "2008-12-25"
      when /^\d+$/ then :number
      when /^(\d+)-(\d+)-(\d+)$/ then :date
      else :other
      end
  assert_equal :date, r
  assert_equal "12", $2
  o = Object.new
  def o.to_str; "abc"; end
  assert_true(/b/ === o)
end

test "match" do
  m = /(b)(c)?/.match("abd")
  assert_kind_of MatchData, m
  assert_equal "b", m[0]
  assert_same m, $~
  assert_nil(/x/.match("abc"))
  assert_nil $~
  assert_nil(/x/.match(nil))
  assert_nil $~
  assert_raise(TypeError, "can't convert Fixnum into String") { /x/.match(1) }
  o = Object.new
  def o.to_str; "xyz"; end
  assert_equal "y", /y/.match(o)[0]
  assert_raise(ArgumentError) { /x/.match("x", 1) }
end

test "~ matches $_" do
  $_ = "hello world"
  assert_equal 6, ~/world/
  assert_equal "world", $~[0]
  assert_nil(~/xyz/)
  $_ = nil
  assert_nil(~/a/)
  assert_nil $~
end

test "$~ and the special variables" do
  "hello world" =~ /o (w)(x)?/
  assert_equal "o w", $&
  assert_equal "hell", $`
  assert_equal "orld", $'
  assert_equal "w", $1
  assert_nil $2
  assert_nil $3
  assert_nil $9
  assert_equal "w", $+
  assert_kind_of MatchData, $~
  "abc" =~ /(a)(b)(c)/
  assert_equal "c", $+
  "abc" =~ /zzz/
  assert_nil $~
  assert_nil $&
  assert_nil $`
  assert_nil $'
  assert_nil $1
  assert_nil $+
  "abc" =~ /b/
  assert_nil $+
  assert_equal "", ("abc" =~ /\A/; $&)
end

test "$~ assignment" do
  m = /(x)/.match("axb")
  "q" =~ /q/
  $~ = m
  assert_equal "x", $1
  assert_equal "a", $`
  $~ = nil
  assert_nil $1
  assert_raise(TypeError, "wrong argument type Fixnum (expected MatchData)") { $~ = 1 }
end

def re_test_inner_match
  "inner" =~ /(inn)/
  $1
end

def re_test_block_match
  [1].each { "blk" =~ /(b)/ }
  $1
end

test "$~ is local to a method frame" do
  "outer" =~ /(out)/
  assert_equal "inn", re_test_inner_match
  assert_equal "out", $1
  assert_equal "b", re_test_block_match
  [1].each { "zz" =~ /(z)/ }
  assert_equal "z", $1            # a block shares its method's $~
  pr = lambda { "qq" =~ /(q)/ }
  pr.call
  assert_equal "q", $1
end

test "Regexp.escape and quote" do
  assert_equal "a\\.b\\*c", Regexp.escape("a.b*c")
  assert_equal "\\[\\]\\{\\}\\(\\)\\|\\-\\*\\.\\\\\\?\\+\\^\\$\\#", Regexp.escape("[]{}()|-*.\\?+^$#")
  assert_equal "\\ \\t\\n\\r\\f", Regexp.escape(" \t\n\r\f")
  assert_equal "abc", Regexp.escape("abc")
  assert_equal "", Regexp.escape("")
  assert_equal "a\\.b", Regexp.quote("a.b")
  assert_equal "\xc3\xa9", Regexp.escape("\xc3\xa9")
  assert_equal "a/b", Regexp.escape("a/b")
  s = "abc"
  assert_not_equal s.object_id, Regexp.escape(s).object_id
  assert_raise(TypeError) { Regexp.escape(1) }
  assert_raise(TypeError) { Regexp.escape(nil) }
  assert_equal 0, Regexp.new(Regexp.escape("1+1=2?")) =~ "1+1=2?"
end

test "Regexp.union" do
  assert_equal(/(?!)/, Regexp.union)
  assert_nil "" =~ Regexp.union
  assert_equal(/a\.b/, Regexp.union("a.b"))
  r = /x/i
  assert_same r, Regexp.union(r)
  assert_equal(/a|b/, Regexp.union("a", "b"))
  assert_equal(/a|(?i-mx:b)/, Regexp.union("a", /b/i))
  assert_equal(/x|y\.z/, Regexp.union(["x", "y.z"]))
  assert_equal(/(?-mix:a)|(?m-ix:b)/, Regexp.union(/a/, /b/m))
  assert_equal 0, Regexp.union("cat", "dog") =~ "dog"
  assert_equal 0, Regexp.union(/cat/i, "dog") =~ "CAT"
  assert_raise(TypeError) { Regexp.union(1, 2) }
  assert_raise(ArgumentError) { Regexp.union(/a/n, /b/u) }
  assert_equal "utf8", Regexp.union(/a/u, "b").kcode
end

test "Regexp.last_match" do
  "abcd" =~ /(b)(c)/
  assert_same $~, Regexp.last_match
  assert_equal "bc", Regexp.last_match(0)
  assert_equal "c", Regexp.last_match(2)
  assert_nil Regexp.last_match(3)
  assert_equal "c", Regexp.last_match(-1)
  "x" =~ /y/
  assert_nil Regexp.last_match
  assert_nil Regexp.last_match(1)
end

test "literal regexps" do
  assert_raise(SecurityError, "can't modify literal regexp") { /a/.send(:initialize, "b") }
  r = Regexp.new("a")
  r.send(:initialize, "b")
  assert_equal "b", r.source
  a = []
  3.times { a << /x/ }
  assert_same a[0], a[1]
  v = "y"
  b = []
  2.times { b << /#{v}/ }
  assert_equal b[0], b[1]
  c = []
  2.times { |i| c << /#{i}/o }
  assert_equal "0", c[1].source
  assert_equal 0, "a1" =~ /a#{1}/
end

test "pathological and large" do
  assert_nil(("a" * 30) =~ /\A(a|aa)+b\z/)
  big = ("word " * 20000) + "needle"
  assert_equal 100000, big =~ /needle/
  assert_equal 100000, big =~ /n[aeiou]+dle\z/
  assert_equal 20000, big.scan(/word/).size
end

test "a repeated look-ahead compiles; the repeat is ignored as in 1.8.7" do
  r = /(?!x){0,1}/
  assert_equal "(?!x){0,1}", r.source
  assert_equal 1, "xa" =~ r
  assert_equal 1, "xa" =~ /(?=a)*/
  assert_equal 1, "xa" =~ /(?=a)*?/
  assert_equal 1, "xa" =~ /(?=a){0}/
  assert_equal 1, "abc" =~ /b(?!x)?c/
  assert_nil "abc" =~ /b(?!c)?c/
  assert_nil "ab" =~ /(?=a)+b/
  assert_equal ["a", "a"], ("a" =~ /(?=(a)){2}(a)/; [$1, $2])
  assert_equal 0, ")" =~ /(?=[)])?\)/
  assert_equal 0, "*" =~ /[(?=a)*]/
  assert_equal 1, "ax" =~ Regexp.new("(?=x)+x")
end

test "intervals as 1.8.7 reads them" do
  assert_equal 0, "a{,2}" =~ Regexp.new("a{,2}")
  assert_nil "aa" =~ Regexp.new("^a{,2}$")
  assert_equal 0, "a{,}" =~ Regexp.new("a{,}")
  assert_equal "aaa", "aaaa"[Regexp.new("a{1,3}")]
  assert_equal 0, "," =~ Regexp.new("[a{,2}]")
  assert_raise(RegexpError, "can't do {n,m} with n > m: /a{2,1}/") { Regexp.new("a{2,1}") }
  assert_raise(RegexpError, "can't do {n,m} with n > m: /(?=a){3,2}/") { Regexp.new("(?=a){3,2}") }
  assert_raise(RegexpError, "too big quantifier in {,}: /a{32767}/") { Regexp.new("a{32767}") }
  assert_raise(RegexpError, "too big quantifier in {,}: /a{0,32767}/") { Regexp.new("a{0,32767}") }
  assert_equal "a{32766}", Regexp.new("a{32766}").source
end

test "$~ is nil after a failed match of any kind" do
  ["abc".method(:match), lambda { |r| "abc" =~ r }, lambda { |r| "abc".index(r) },
   lambda { |r| "abc".rindex(r) }, lambda { |r| "abc".scan(r) }, lambda { |r| "abc".sub(r, "") },
   lambda { |r| "abc".gsub(r, "") }, lambda { |r| "abc"[r] }, lambda { |r| r === "abc" },
   lambda { |r| "abc".slice!(r) }].each do |m|
    "abc" =~ /(b)/
    assert_equal "b", $1
    m.call(/z/)
    assert_nil $~
    assert_nil $1
  end
end

test "== and hash: a kcode of none is no kcode" do
  assert_true(/a/ == /a/n)
  assert_true(/a/.eql?(/a/n))
  assert_equal(/a/.hash, /a/n.hash)
  assert_false(/a/ == /a/u)
  assert_false(/a/n == /a/u)
  assert_false(/a/e == /a/s)
  assert_true(/a/i == /a/in)
  assert_true(/a/u == Regexp.new("a", nil, "u"))
  saved = $KCODE
  begin
    $KCODE = "u"
    assert_false(/a/ == /a/u)
    assert_true(/a/ == /a/n)
    assert_equal(/a/.hash, /a/u.hash)
  ensure
    $KCODE = saved
  end
end

test "Regexp.last_match(n) and /o" do
  "abc" =~ /(b)(c)?(d)?/
  assert_equal "bc", Regexp.last_match(0)
  assert_equal "b", Regexp.last_match(1)
  assert_nil Regexp.last_match(3)
  assert_nil Regexp.last_match(4)
  assert_nil Regexp.last_match(-1)
  "abc" =~ /(b)(c)/
  assert_equal "c", Regexp.last_match(-1)
  assert_raise(TypeError, "can't convert String into Integer") { Regexp.last_match("x") }
  once = lambda { |x| /#{x}/o }
  assert_equal "1", once[1].source
  assert_equal "1", once[2].source
end

test "//e //s //u //n under $KCODE; inspect follows $KCODE" do
  e = "\xa4\xa2"
  s = "\x82\xa0"
  u = "\xe3\x81\x82"
  assert_equal 2, e[/./e].size
  assert_equal 2, s[/./s].size
  assert_equal 3, u[/./u].size
  assert_equal 1, u[/./n].size
  assert_equal ["euc", "sjis", "utf8", "none"], [/a/e.kcode, /a/s.kcode, /a/u.kcode, /a/n.kcode]
  saved = $KCODE
  begin
    { "e" => [2, 1, 2], "s" => [1, 2, 2], "u" => [1, 1, 3], "n" => [1, 1, 1] }.each do |k, sizes|
      $KCODE = k
      assert_equal sizes, [e[/./].size, s[/./].size, u[/./].size], k
      assert_nil(/a/.kcode)
    end
    $KCODE = "n"
    assert_equal "/\\343\\201\\202/u", Regexp.new(u, nil, "u").inspect
    assert_equal "(?-mix:\\343\\201\\202)", Regexp.new(u, nil, "u").to_s
    $KCODE = "u"
    assert_equal "/#{u}/u", Regexp.new(u, nil, "u").inspect
    assert_equal "/a\\001\\177\\377\n\t\\//", Regexp.new("a\001\177\377\n\t/").inspect
    $KCODE = "e"
    assert_equal 0, Regexp.new("a\xffb") =~ "a\xffb"
    assert_equal 0, Regexp.new("\x81") =~ "\x81"
    assert_raise(RegexpError, /premature end of regular expression/) { Regexp.new("\xe3") }
  ensure
    $KCODE = saved
  end
end

test "a repeated group of anchors or look-aheads compiles and repeats as in 1.8.7" do
  assert_equal 0, "x" =~ /(?:(?!x)){0,1}/
  assert_equal 0, "x" =~ /(?:(?!x))*/
  assert_equal 0, "xa" =~ /(?:(?=a))*./
  assert_equal 1, "xa" =~ /(?:(?=a))+./
  assert_equal 1, "xab" =~ /(?:(?=a)){2}/
  assert_equal 1, "ba" =~ /(?:^)*a/
  assert_equal 1, "ab" =~ /(?:\b)?b/
  assert_equal 0, "ab" =~ /(?:(?:(?=b)))?./
  assert_equal 1, "ab" =~ /(?:(?=a)|(?!b))*b/
  assert_equal [0, ""], ["xab" =~ /(?:a|(?=b))*/, $~[0]]
  assert_equal [0, ""], ["xab" =~ Regexp.new("(?:(?:a|^))*"), $~[0]]
  assert_equal "(?:(?=a))*", /(?:(?=a))*/.source
end

test "a repeated anchor and a repeated repeat are errors as in 1.8.7" do
  no_prev = "invalid regular expression; there's no previous pattern, to which"
  assert_raise(RegexpError, "#{no_prev} '*' would define cardinality at 2: /^*/") { Regexp.new("^*") }
  assert_raise(RegexpError, "#{no_prev} '?' would define cardinality at 2: /$?/") { Regexp.new("$?") }
  assert_raise(RegexpError, "#{no_prev} '+' would define cardinality at 3: /\\b+/") { Regexp.new("\\b+") }
  assert_raise(RegexpError, "#{no_prev} '{' would define cardinality at 3: /\\A{2}/") { Regexp.new("\\A{2}") }
  assert_raise(RegexpError, "#{no_prev} '*' would define cardinality at 4: /a|^*/") { Regexp.new("a|^*") }
  assert_raise(RegexpError, "#{no_prev} '*' would define cardinality at 4: /a(^*)/") { Regexp.new("a(^*)") }
  %w[a\\b* a\\B+ a\\A* a\\z? a$* a^? (a)^* a|b^* [a]\\b* (?:a)\\b?].each do |s|
    assert_equal s, Regexp.new(s).source                 # after an atom, 1.8.7 takes it
  end
  assert_equal 0, "a" =~ /a^*/
  %w[a** a*+ a+* a?* a++ a?+ (?:a)*+ (a)++ .** a{2}*+ a**?].each do |s|
    assert_raise(RegexpError, "nested *?+ in regexp: /#{s}/") { Regexp.new(s) }
  end
  assert_equal "a # x**\nb", Regexp.new("a # x**\nb", Regexp::EXTENDED).source
  assert_equal "a(?#**)b", Regexp.new("a(?#**)b").source
  %w[a*? a+? a?? a*?+ a*?* a??+ a+?? a{2}* a*{2} a{2}+ \\** [*]* a*\\*].each do |s|
    assert_equal s, Regexp.new(s).source
  end
end
