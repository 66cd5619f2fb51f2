# strscan.rb: ext/strscan (StringScanner).
require 'assert'
require 'strscan'

test "scan, pos, eos?, matched" do
  s = StringScanner.new("test string")
  assert_equal 0, s.pos
  assert_false s.eos?
  assert_true s.rest?
  assert_equal "test", s.scan(/\w+/)
  assert_equal 4, s.pos
  assert_equal 4, s.pointer
  assert_true s.matched?
  assert_equal "test", s.matched
  assert_equal 4, s.matched_size
  assert_nil s.scan(/\w+/)
  assert_false s.matched?
  assert_nil s.matched
  assert_nil s.matched_size
  assert_equal " ", s.scan(/\s+/)
  assert_equal "string", s.scan(/\w+/)
  assert_true s.eos?
  assert_false s.rest?
  assert_equal "", s.scan(/$/)          # an empty match at the end
  assert_nil s.scan(/./)
end

test "the pointer anchors: \\A and ^ match there, no search past it" do
  s = StringScanner.new("ab cd")
  s.pos = 3
  assert_equal "cd", s.scan(/\Acd/)
  s.pos = 3
  assert_equal "c", s.scan(/^c/)
  s.pos = 0
  assert_nil s.scan(/cd/)               # scan does not search
  assert_equal 0, s.pos
  s = StringScanner.new("a # b")
  assert_equal "a ", s.scan(/a [ ] # a comment/x)
end

test "skip, match?, check, and the _until forms" do
  s = StringScanner.new("Fri Dec 12 1975 14:39")
  assert_equal 3, s.match?(/Fri/)
  assert_equal 0, s.pos
  assert_equal "Fri", s.check(/Fri/)
  assert_equal 0, s.pos
  assert_equal 4, s.skip(/Fri /)
  assert_equal 4, s.pos
  assert_nil s.skip(/\d/)
  assert_equal "Dec 12", s.check_until(/12/)
  assert_equal 4, s.pos
  assert_equal 6, s.exist?(/12/)
  assert_nil s.exist?(/xyz/)
  assert_equal "Dec 12", s.scan_until(/12/)
  assert_equal 10, s.pos
  assert_equal "Fri Dec ", s.pre_match
  assert_equal " 1975 14:39", s.post_match
  assert_equal 8, s.skip_until(/14/)
  assert_equal 18, s.pos
  assert_nil s.scan_until(/x/)
  assert_equal 18, s.pos
end

test "scan_full and search_full" do
  s = StringScanner.new("abc def")
  assert_equal 3, s.scan_full(/abc/, false, false)
  assert_equal 0, s.pos
  assert_equal "abc", s.scan_full(/abc/, true, true)
  assert_equal 3, s.pos
  assert_equal " d", s.search_full(/d/, false, true)
  assert_equal 3, s.pos
  assert_equal 2, s.search_full(/d/, true, false)
  assert_equal 5, s.pos
  assert_nil s.scan_full(/x/, true, true)
end

test "groups: [] and matched parts" do
  s = StringScanner.new("Fri Dec 12 1975")
  assert_nil s[0]
  s.scan(/(\w+) (\w+) (\d+) /)
  assert_equal "Fri Dec 12 ", s[0]
  assert_equal "Fri", s[1]
  assert_equal "Dec", s[2]
  assert_equal "12", s[3]
  assert_nil s[4]
  assert_equal "12", s[-1]
  assert_equal "", s.pre_match
  assert_equal "1975", s.post_match
  s.scan(/(\w+)(x)?/)
  assert_equal "1975", s[1]
  assert_nil s[2]
  s.scan(/nothing/)
  assert_nil s[0]
  assert_nil s.pre_match
  assert_nil s.post_match
end

test "$~ is left alone" do
  "xyz" =~ /y/
  s = StringScanner.new("abc")
  s.scan(/a(b)/)
  assert_equal "y", $~[0]
  s.scan(/nope/)
  assert_equal "y", $~[0]
end

test "getch, get_byte, peek" do
  s = StringScanner.new("ab")
  assert_equal "a", s.getch
  assert_equal "a", s.matched
  assert_equal "a", s[0]
  assert_nil s[1]
  assert_equal "b", s.get_byte
  assert_nil s.getch
  assert_nil s.get_byte
  s = StringScanner.new("test string")
  assert_equal "test st", s.peek(7)
  assert_equal "test st", s.peek(7)
  assert_equal "test string", s.peek(100)
  assert_equal "", s.peek(0)
  assert_equal "te", s.peep(2)
  e = assert_raise(ArgumentError) { s.peek(-1) }
  assert_equal "negative string size (or size too big)", e.message
  s.terminate
  assert_equal "", s.peek(3)
end

test "getch reads whole characters under $KCODE" do
  saved = $KCODE
  begin
    $KCODE = "u"
    s = StringScanner.new("\303\251t\303\251")
    assert_equal "\303\251", s.getch
    assert_equal "t", s.getch
    assert_equal 3, s.pos
    $KCODE = "n"
    assert_equal "\303", s.getch
  ensure
    $KCODE = saved
  end
end

test "unscan" do
  s = StringScanner.new("test string")
  assert_equal "test", s.scan(/\w+/)
  s.unscan
  assert_equal 0, s.pos
  assert_equal "te", s.scan(/te/)
  s.scan(/x/)
  e = assert_raise(ScanError) { s.unscan }
  assert_equal "unscan error: not scanned yet", e.message
  assert_same StringScanner::Error, ScanError
  assert_equal StandardError, ScanError.superclass
end

test "pos=, reset, terminate, clear" do
  s = StringScanner.new("abcdef")
  s.pos = 2
  assert_equal "cdef", s.rest
  assert_equal 4, s.rest_size
  assert_equal 4, s.restsize
  s.pos = -1
  assert_equal 5, s.pos
  e = assert_raise(RangeError) { s.pos = 7 }
  assert_equal "index out of range", e.message
  assert_raise(RangeError) { s.pos = -7 }
  s.pos = 6
  assert_true s.eos?
  assert_equal "", s.rest
  assert_equal 0, s.rest_size
  assert_same s, s.reset
  assert_equal 0, s.pos
  s.scan(/a/)
  assert_same s, s.terminate
  assert_equal 6, s.pos
  assert_false s.matched?
  s.reset
  s.clear
  assert_true s.eos?
  assert_true s.empty?
end

test "string, string=, concat" do
  str = "abc"
  s = StringScanner.new(str)
  assert_same str, s.string
  s.scan(/a/)
  t = "xyz"
  assert_same t, (s.string = t)
  assert_same t, s.string
  assert_equal 0, s.pos
  assert_false s.matched?
  s.scan(/xyz/)
  assert_same s, s << "123"
  assert_equal "xyz123", t              # concat appends to the scanned String
  assert_equal "123", s.scan(/\d+/)
  s.concat("4")
  assert_equal "4", s.rest
  assert_raise(TypeError) { s.concat(1) }
  assert_raise(TypeError) { StringScanner.new(nil) }
end

test "beginning_of_line?" do
  s = StringScanner.new("ab\ncd")
  assert_true s.bol?
  s.scan(/ab/)
  assert_false s.beginning_of_line?
  s.scan(/\n/)
  assert_true s.bol?
  s.terminate
  assert_false s.bol?
end

test "inspect" do
  s = StringScanner.new("test string")
  assert_equal '#<StringScanner 0/11 @ "test ...">', s.inspect
  s.scan(/test/)
  assert_equal '#<StringScanner 4/11 "test" @ " stri...">', s.inspect
  s.scan(/ str/)
  assert_equal '#<StringScanner 8/11 "...t str" @ "ing">', s.inspect
  s.terminate
  assert_equal '#<StringScanner fin>', s.inspect
  s = StringScanner.new("a\nb")
  assert_equal '#<StringScanner 0/3 @ "a\\nb">', s.inspect
  assert_equal '#<StringScanner (uninitialized)>', StringScanner.allocate.inspect
end

test "bad arguments" do
  s = StringScanner.new("abc")
  e = assert_raise(TypeError) { s.scan("a") }
  assert_equal "wrong argument type String (expected Regexp)", e.message
  assert_raise(TypeError) { s.scan_until(nil) }
  assert_raise(ArgumentError) { StringScanner.new }
  e = assert_raise(ArgumentError) { StringScanner.allocate.scan(/a/) }
  assert_equal "uninitialized StringScanner object", e.message
end

test "dup keeps the position" do
  s = StringScanner.new("abc")
  s.scan(/a/)
  t = s.dup
  assert_equal 1, t.pos
  t.scan(/b/)
  assert_equal 1, s.pos
  assert_equal 2, t.pos
end

test "a tokenizer over many patterns" do
  s = StringScanner.new("x = 12 + foo(3, 'a b')")
  toks = []
  until s.eos?
    if s.skip(/\s+/) then next
    elsif t = s.scan(/\d+/) then toks << [:int, t]
    elsif t = s.scan(/\w+/) then toks << [:id, t]
    elsif t = s.scan(/'[^']*'/) then toks << [:str, t]
    elsif t = s.scan(/[=+(),]/) then toks << [:op, t]
    else raise "stuck at #{s.pos}"
    end
  end
  assert_equal [[:id, "x"], [:op, "="], [:int, "12"], [:op, "+"], [:id, "foo"], [:op, "("],
                [:int, "3"], [:op, ","], [:str, "'a b'"], [:op, ")"]], toks
  big = "ab " * 20000
  s = StringScanner.new(big)
  n = 0
  n += 1 while s.scan(/ab /)
  assert_equal 20000, n
  assert_true s.eos?
end

test "version constants and must_C_version" do
  assert_equal "0.7.0", StringScanner::Version
  assert_kind_of String, StringScanner::Id
  assert_same StringScanner, StringScanner.must_C_version
end

test "obsolete names warn under -w only" do
  ruby = File.readlink("/proc/self/exe")
  script = 's = StringScanner.new("ab"); s.getbyte; s.peep(1); s.restsize; s.matchedsize; s.empty?; s.clear'
  out = IO.popen("#{ruby} -w -rstrscan -e '#{script}' 2>&1") { |io| io.read }
  assert_equal ["getbyte", "get_byte", "peep", "peek", "restsize", "rest_size", "matchedsize", "matched_size",
                "empty?", "eos?", "clear", "terminate"],
               out.scan(/StringScanner#(\S+) is obsolete; use #(\S+) instead/).flatten
  assert_equal 6, out.scan(/-e:1: warning: /).size
  quiet = IO.popen("#{ruby} -rstrscan -e '#{script}' 2>&1") { |io| io.read }
  assert_equal "", quiet
end
