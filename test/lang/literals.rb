# literals.rb: numeric, string, symbol, array, hash and range literals and
# the pseudo-variables nil/true/false/self/__FILE__/__LINE__ (Ruby 1.8.7).
require 'assert'

test "integers" do
  assert_equal 1000000, 1_000_000
  assert_equal 255, 0xff
  assert_equal 255, 0XFF
  assert_equal 8, 010
  assert_equal 8, 0o10
  assert_equal 5, 0b101
  assert_equal 5, 0B1_01
  assert_equal 10, 0d10
  assert_equal(-17, -17)
  assert_equal Fixnum, 42.class
  assert_equal Bignum, 12345678901234567890.class
  assert_equal 12345678901234567890, 12_345_678_901_234_567_890
  assert_equal 2**64, 0x1_0000_0000_0000_0000
  assert_equal 97, ?a
  assert_equal 10, ?\n
  assert_equal 32, ?\s
  assert_equal 1, ?\C-a
  assert_equal 225, ?\M-a
end

test "floats" do
  assert_equal 1.5, 15e-1
  assert_equal 1000.0, 1e3
  assert_equal 1000.0, 1E3
  assert_equal 0.25, 2.5e-1
  assert_equal 1234.5, 1_234.5
  assert_equal Float, 1.0.class
  assert_equal(-0.5, -0.5)
  assert_equal "1.0e+20", 1e20.to_s
end

test "single-quoted strings" do
  assert_equal "a\\nb", 'a\nb'
  assert_equal 4, 'a\nb'.length
  assert_equal "it's", 'it\'s'
  assert_equal "a\\b", 'a\\b'
  assert_equal "\#{x}", '#{x}'
  assert_equal "abc", 'a' 'b' "c"
end

test "double-quoted escapes" do
  assert_equal 10, "\n"[0]
  assert_equal 9, "\t"[0]
  assert_equal 27, "\e"[0]
  assert_equal 7, "\a"[0]
  assert_equal 8, "\b"[0]
  assert_equal 32, "\s"[0]
  assert_equal 0, "\0"[0]
  assert_equal 65, "\101"[0]
  assert_equal 65, "\x41"[0]
  assert_equal 1, "\C-a"[0]
  assert_equal 1, "\ca"[0]
  assert_equal 225, "\M-a"[0]
  assert_equal 127, "\c?"[0]
  assert_equal "\"", '"'
  assert_equal "\\", '\\'
  assert_equal "#", "\#"
  assert_equal "ab", "a\
b"
  assert_equal "q", "\q"
end

test "interpolation" do
  x = 5
  assert_equal "x=5", "x=#{x}"
  assert_equal "6", "#{x + 1}"
  assert_equal "", "#{}"
  assert_equal "a{b}", "a{b}"
  assert_equal "nested inner 5", "nested #{"inner #{x}"}"
  @iv = "iv"
  $gv = "gv"
  @@cv = "cv" rescue nil
  assert_equal "iv gv", "#@iv #$gv"
  assert_equal "12", "#{[1, 2]}"
  assert_equal "", "#{nil}"
  assert_equal "a1b2", "a#{1}b#{2}"
  assert_equal "x;y", "#{"x"; "x"};y"
end

test "percent literals" do
  assert_equal ["a", "b", "c"], %w[a b c]
  assert_equal ["a b", "c"], %w(a\ b c)
  assert_equal ["\#{1}"], %w(#{1})
  assert_equal ["1"], %W(#{1})
  assert_equal ["a1", "b"], %W(a#{1} b)
  assert_equal "it's \#{x}", %q(it's #{x})
  assert_equal "a (nested) b", %q(a (nested) b)
  assert_equal "3", %Q(#{1 + 2})
  assert_equal "3", %(#{1 + 2})
  assert_equal "x", %q<x>
  assert_equal "x", %q{x}
  assert_equal "x", %q|x|
  assert_equal :sym, %s(sym)
  assert_equal(/a b/, %r{a b})
  assert_equal "hi\n", %x(echo hi)
  assert_equal "hi\n", `echo hi`
end

test "heredocs" do
  a = <<EOS
line1
  line2
EOS
  assert_equal "line1\n  line2\n", a
  b = <<-EOS
    indented
    EOS
  assert_equal "    indented\n", b
  x = 3
  c = <<"EOS"
x=#{x}
EOS
  assert_equal "x=3\n", c
  d = <<'EOS'
x=#{x}\n
EOS
  assert_equal "x=\#{x}\\n\n", d
  e = [<<ONE, <<TWO]
one
ONE
two
TWO
  assert_equal ["one\n", "two\n"], e
  assert_equal "AB\n", <<EOS.upcase
ab
EOS
  f = <<-EOS.strip + "!"
    hi
  EOS
  assert_equal "hi!", f
end

test "symbols" do
  assert_equal Symbol, :a.class
  assert_equal "a b", :"a b".to_s
  assert_equal :ab, :"a#{'b'}"
  assert_equal "a=", :a=.to_s
  assert_equal "[]", :[].to_s
  assert_equal "[]=", :[]=.to_s
  assert_equal "+", :+.to_s
  assert_equal "<=>", :<=>.to_s
  assert_equal "@iv", :@iv.to_s
  assert_equal "@@cv", :@@cv.to_s
  assert_equal "$g", :$g.to_s
  assert_equal "Const", :Const.to_s
  assert_equal "ok?", :ok?.to_s
  assert_equal "ok!", :ok!.to_s
  assert_same :abc, :abc
  assert_same :abc, "abc".to_sym
  assert_equal ":abc", :abc.inspect
  assert_equal ":\"a b\"", :"a b".inspect
end

test "arrays" do
  assert_equal [], []
  assert_equal 3, [1, 2, 3].size
  assert_equal [1, [2, [3]]], [1, [2, [3]]]
  assert_equal [1, 2], [1, 2,]
  a = [1, 2]
  assert_equal [0, 1, 2], [0, *a]
  assert_equal [1, 2, 3], [*a] + [3]
  assert_equal [1, 2, 3], [
    1,
    2,
    3
  ]
  assert_equal [{ 1 => 2 }], [1 => 2]
end

test "hashes" do
  h = { 1 => 2, "a" => :b }
  assert_equal 2, h[1]
  assert_equal :b, h["a"]
  assert_equal({}, {})
  assert_equal({ 1 => 2 }, { 1 => 2, })
  assert_equal 2, { :a => 1, :a => 2 }[:a]
  assert_equal 1, { :a => 1 }.size
  assert_equal({ :k => :v }, Hash[:k, :v])
  # 1.8 allows the comma form { k, v, k, v }
  assert_equal({ 1 => 2, 3 => 4 }, { 1, 2, 3, 4 })
end

test "ranges" do
  assert_equal [1, 2, 3], (1..3).to_a
  assert_equal [1, 2], (1...3).to_a
  assert_equal Range, (1..2).class
  assert_equal ["a", "b", "c"], ("a".."c").to_a
  assert_true((1...3).exclude_end?)
  x = 2
  assert_equal [2, 3, 4], (x..x + 2).to_a
  assert_equal [], (3..1).to_a
  assert_equal "1..3", (1..3).to_s
  assert_equal "1...3", (1...3).inspect
end

test "pseudo variables" do
  assert_equal NilClass, nil.class
  assert_equal TrueClass, true.class
  assert_equal FalseClass, false.class
  assert_equal "main", self.to_s
  assert_equal Object, self.class
  assert_equal "test/lang/literals.rb", __FILE__
  assert_equal 208, __LINE__
  assert_equal "", nil.to_s
  assert_equal "nil", nil.inspect
  assert_equal [], nil.to_a
  assert_equal true, !nil
end

test "regexp literals" do
  assert_equal "a\\/b", /a\/b/.source       # 1.8.7 keeps the backslash
  assert_equal "a/b", %r{a/b}.source
  assert_equal "/a\\/b/", %r{a/b}.inspect
  assert_equal 0, "a/b" =~ /a\/b/
  assert_equal Regexp::IGNORECASE, /x/i.options & Regexp::IGNORECASE
  assert_equal Regexp::EXTENDED | Regexp::MULTILINE, /x/xm.options & (Regexp::EXTENDED | Regexp::MULTILINE)
  n = 3
  assert_equal "a3", /a#{n}/.source
  assert_true(/\d+/ === "x12")
  assert_equal "\\n", /\n/.source
  assert_equal 2, /b/ =~ "aab"
  assert_equal "ab", "xaby"[/a./]
  r1 = nil
  2.times { |i| r = /#{i}/o; r1 ||= r; assert_same r1, r }   # /o: built once
end
