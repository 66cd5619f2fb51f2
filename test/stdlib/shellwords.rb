# shellwords.rb: lib/shellwords.rb (Shellwords, String#shellsplit ...).
require 'assert'
require 'shellwords'

test "split" do
  assert_equal ["a", "b", "c"], Shellwords.shellwords("a b  c")
  assert_equal ["a", "b"], Shellwords.split("  a\t\nb  ")
  assert_equal [], Shellwords.split("")
  assert_equal [], Shellwords.split("   ")
  assert_equal ["a b", "c"], Shellwords.split("'a b' c")
  assert_equal ["a b", "c"], Shellwords.split('"a b" c')
  assert_equal ['say "hi"'], Shellwords.split('"say \"hi\""')
  assert_equal ['a\\b'], Shellwords.split("'a\\b'")          # literal in '...'
  assert_equal ["ab"], Shellwords.split('"a\b"')             # 1.8.7: \ keeps any char
  assert_equal ["a b"], Shellwords.split('a\ b')
  assert_equal ["foobarbaz"], Shellwords.split(%q{foo"bar"'baz'})
  assert_equal ["", "x"], Shellwords.split(%q{'' x})
  assert_equal ["a\\"], Shellwords.split('a\\')
  assert_equal ["$HOME", "*"], Shellwords.split("$HOME *")
  assert_equal ["ruby", "-e", "puts 'x y'"], Shellwords.split(%q{ruby -e "puts 'x y'"})
  assert_equal ["a", "b"], "a b".shellsplit
end

test "unmatched quotes" do
  e = assert_raise(ArgumentError) { Shellwords.split('a "b c') }
  assert_equal 'Unmatched double quote: "b c', e.message
  e = assert_raise(ArgumentError) { Shellwords.split("a 'b") }
  assert_equal "Unmatched single quote: 'b", e.message
  assert_raise(ArgumentError) { Shellwords.split(nil) }
end

test "escape and join" do
  assert_equal "''", Shellwords.escape("")
  assert_equal "abc-1.2,3:/x@y_z", Shellwords.escape("abc-1.2,3:/x@y_z")
  assert_equal "a\\ b", Shellwords.escape("a b")
  assert_equal "\\'\\\"\\$\\*", Shellwords.escape(%q{'"$*})
  assert_equal "a'\n'b", Shellwords.escape("a\nb")
  assert_equal "x\\ y", "x y".shellescape
  assert_equal "a b\\ c ''", Shellwords.join(["a", "b c", ""])
  assert_equal "a\\;b c", ["a;b", "c"].shelljoin
  words = ["it's", "a b", "$x", "\\", "", "tab\there", "q\"q"]
  assert_equal words, Shellwords.split(words.shelljoin)
  assert_equal words, `/bin/sh -c 'for a in #{words.shelljoin.gsub("'", "'\\\\''")}; do printf "%s|" "$a"; done'`.split("|", -1)[0...-1]
end

test "include Shellwords" do
  klass = Class.new { include Shellwords; def go; shellwords("p q"); end }
  assert_equal ["p", "q"], klass.new.go
  assert_raise(NoMethodError) { klass.new.shellwords("p") }
end
