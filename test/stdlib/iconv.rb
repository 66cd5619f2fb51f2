# iconv.rb: ext/iconv (Iconv on glibc's iconv).
require 'assert'
require 'iconv'

test "Iconv.conv and Iconv.iconv" do
  assert_equal "caf\303\251", Iconv.conv("UTF-8", "ISO-8859-1", "caf\351")
  assert_equal "caf\351", Iconv.conv("ISO-8859-1", "UTF-8", "caf\303\251")
  assert_equal "", Iconv.conv("UTF-8", "ASCII", "")
  assert_equal "\000a\000b", Iconv.conv("UTF-16BE", "ASCII", "ab")
  assert_equal ["caf\351", "x"], Iconv.iconv("ISO-8859-1", "UTF-8", "caf\303\251", "x")
  assert_equal [], Iconv.iconv("ISO-8859-1", "UTF-8")
  assert_equal ["\e$B$\"", "\e(B"], Iconv.iconv("ISO-2022-JP", "UTF-8", "\343\201\202")   # + reset
  assert_equal "\e$B$\"\e(B", Iconv.conv("ISO-2022-JP", "UTF-8", "\343\201\202")
  assert_equal "caf!", Iconv.conv("ASCII//IGNORE", "UTF-8", "caf\303\251!")
  assert_raise(TypeError) { Iconv.conv("UTF-8", "ASCII", 1) }
  assert_raise(ArgumentError) { Iconv.iconv("UTF-8") }
end

test "Iconv.new, #iconv, #close" do
  cd = Iconv.new("UTF-8", "ISO-8859-1")
  assert_equal "\303\251", cd.iconv("\351")
  assert_equal "b\303\251", cd.iconv("ab\351c", 1, 2)
  assert_equal "c", cd.iconv("ab\351c", -1)
  assert_equal "ab\303\251c", cd.iconv("ab\351c", 0, -1)
  assert_equal "", cd.iconv("abc", 3)
  assert_equal "", cd.iconv(nil)
  assert_equal "", cd.close
  assert_nil cd.close                            # closing twice is harmless
  e = assert_raise(ArgumentError) { cd.iconv("x") }
  assert_equal "closed iconv", e.message
  j = Iconv.new("ISO-2022-JP", "UTF-8")
  assert_equal "\e$B$\"", j.iconv("\343\201\202")
  assert_equal "\e(B", j.iconv(nil)               # back to the initial state
  assert_equal "", j.iconv(nil)
  j.iconv("\343\201\202")
  assert_equal "\e(B", j.close
end

test "Iconv.open" do
  r = Iconv.open("UTF-8", "ISO-8859-1") { |cd| assert_kind_of Iconv, cd; cd.iconv("\351") }
  assert_equal "\303\251", r
  saved = nil
  Iconv.open("UTF-8", "ASCII") { |cd| saved = cd }
  assert_raise(ArgumentError) { saved.iconv("a") }          # closed after the block
  cd = Iconv.open("UTF-8", "ASCII")
  assert_equal "a", cd.iconv("a")
  cd.close
  assert_raise(RuntimeError) { Iconv.open("UTF-8", "ASCII") { |c| raise "inside" } }
end

test "illegal sequences: success, failed, message" do
  e = assert_raise(Iconv::IllegalSequence) { Iconv.conv("ASCII", "UTF-8", "a\303\251bc") }
  assert_equal "\"\\303\\251bc\"", e.message
  assert_equal "a", e.success
  assert_equal ["\303\251bc"], e.failed
  assert_equal "#<Iconv::IllegalSequence: \"a\", [\"\\303\\251bc\"]>", e.inspect
  e = assert_raise(Iconv::IllegalSequence) { Iconv.iconv("ASCII", "UTF-8", "ok", "x\303\251", "more") }
  assert_equal ["ok", "x"], e.success
  assert_equal ["\303\251", "more"], e.failed
  cd = Iconv.new("ASCII", "UTF-8")
  e = assert_raise(Iconv::IllegalSequence) { cd.iconv("abc\303\251" + "x" * 30) }
  assert_equal "abc", e.success
  assert_equal "\303\251" + "x" * 30, e.failed
  assert_equal "\"\\303\\251xxxxxxxxxxxxxx\"...", e.message        # 16 bytes at most
  assert_kind_of ArgumentError, e
  assert_kind_of Iconv::Failure, e
  assert_equal "ok", cd.iconv("ok")                                # still usable
  e = assert_raise(Iconv::IllegalSequence) { Iconv.conv("UTF-8", "UTF-8", "\377") }
  assert_equal "", e.success
end

test "incomplete characters" do
  cd = Iconv.new("UTF-16BE", "UTF-8")
  e = assert_raise(Iconv::InvalidCharacter) { cd.iconv("ab\343\201") }
  assert_equal "\000a\000b", e.success
  assert_equal "\343\201", e.failed
  assert_kind_of ArgumentError, e
end

test "bad encoding names" do
  e = assert_raise(Iconv::InvalidEncoding) { Iconv.new("no-such-charset", "UTF-8") }
  assert_equal "invalid encoding (\"no-such-charset\", \"UTF-8\")", e.message
  assert_nil e.success
  assert_equal ["no-such-charset", "UTF-8"], e.failed
  assert_raise(Iconv::InvalidEncoding) { Iconv.conv("UTF-8", "bogus", "x") }
  assert_raise(Iconv::InvalidEncoding) { Iconv.iconv("bogus", "UTF-8", "x") }
  assert_raise(TypeError) { Iconv.new(nil, "UTF-8") }
end

test "the error classes" do
  [Iconv::IllegalSequence, Iconv::InvalidCharacter, Iconv::InvalidEncoding].each do |k|
    assert_equal ArgumentError, k.superclass
    assert k.include?(Iconv::Failure)
  end
  [Iconv::OutOfRange, Iconv::BrokenLibrary].each do |k|
    assert_equal RuntimeError, k.superclass
    assert k.include?(Iconv::Failure)
  end
  e = Iconv::OutOfRange.new("m", "s", "f")
  assert_equal "m", e.message
  assert_equal "s", e.success
  assert_equal "f", e.failed
  assert_kind_of Module, Iconv::Failure
end

test "many converters are collected" do
  2000.times { Iconv.new("UTF-8", "ISO-8859-1") }
  assert_equal "x", Iconv.conv("UTF-8", "ASCII", "x")
end
