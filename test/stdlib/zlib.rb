# zlib.rb: ext/zlib (Zlib, Deflate/Inflate, GzipWriter/GzipReader),
# checked against gzip(1) both ways.
require 'assert'
require 'zlib'
require 'stringio'

TMP = File.join(ENV['TMPDIR'] || '/tmp', "mr-zlib-#{$$}")
Dir.mkdir(TMP)
at_exit do
  Dir[File.join(TMP, "*")].each { |f| File.unlink(f) }
  Dir.rmdir(TMP)
end

TEXT = (1..300).map { |i| "line #{i} of the text, with some words\n" }.join

def gz_string(data, level = nil)
  io = StringIO.new
  gz = Zlib::GzipWriter.new(io, level)
  gz.mtime = 1234567890
  gz.write(data)
  gz.finish
  io.string
end

test "checksums" do
  assert_equal 907060870, Zlib.crc32("hello")
  assert_equal 0, Zlib.crc32
  assert_equal 0, Zlib.crc32("")
  assert_equal Zlib.crc32("hello world"), Zlib.crc32(" world", Zlib.crc32("hello"))
  assert_equal 103547413, Zlib.adler32("hello")
  assert_equal 1, Zlib.adler32
  assert_equal 1, Zlib.adler32("")
  assert_equal Zlib.adler32("hello world"), Zlib.adler32(" world", Zlib.adler32("hello"))
  assert_equal 0xffffffff & Zlib.crc32("\xff" * 1000), Zlib.crc32("\xff" * 1000)
  assert_raise(TypeError) { Zlib.crc32(1) }
  t = Zlib.crc_table
  assert_equal 256, t.size
  assert_equal 0, t[0]
  assert_equal 0x77073096, t[1]
  assert_equal 0x2d02ef8d, t[255]
end

test "versions and constants" do
  assert_match(/\A\d+\.\d+/, Zlib.zlib_version)
  assert_equal Zlib.zlib_version, Zlib::ZLIB_VERSION
  assert_equal "0.6.0", Zlib::VERSION
  assert_equal 0, Zlib::NO_COMPRESSION
  assert_equal 1, Zlib::BEST_SPEED
  assert_equal 9, Zlib::BEST_COMPRESSION
  assert_equal(-1, Zlib::DEFAULT_COMPRESSION)
  assert_equal 1, Zlib::FILTERED
  assert_equal 2, Zlib::HUFFMAN_ONLY
  assert_equal 0, Zlib::DEFAULT_STRATEGY
  assert_equal 15, Zlib::MAX_WBITS
  assert_equal 8, Zlib::DEF_MEM_LEVEL
  assert_equal 9, Zlib::MAX_MEM_LEVEL
  assert_equal [0, 2, 3, 4], [Zlib::NO_FLUSH, Zlib::SYNC_FLUSH, Zlib::FULL_FLUSH, Zlib::FINISH]
  assert_equal [0, 1, 2], [Zlib::BINARY, Zlib::ASCII, Zlib::UNKNOWN]
  assert_equal Zlib::OS_UNIX, Zlib::OS_CODE
  assert_equal 3, Zlib::OS_UNIX
  assert_equal 0xff, Zlib::OS_UNKNOWN
end

test "error classes" do
  assert_equal StandardError, Zlib::Error.superclass
  %w[StreamEnd NeedDict DataError StreamError MemError BufError VersionError].each do |n|
    assert_equal Zlib::Error, Zlib.const_get(n).superclass
  end
  assert_equal Zlib::Error, Zlib::GzipFile::Error.superclass
  %w[NoFooter CRCError LengthError].each do |n|
    assert_equal Zlib::GzipFile::Error, Zlib::GzipFile.const_get(n).superclass
  end
end

test "one-shot deflate and inflate" do
  d = Zlib::Deflate.deflate(TEXT)
  assert d.size < TEXT.size / 4
  assert_equal "\x78\x9c", d[0, 2]
  assert_equal TEXT, Zlib::Inflate.inflate(d)
  assert_equal "", Zlib::Inflate.inflate(Zlib::Deflate.deflate(""))
  stored = Zlib::Deflate.deflate(TEXT, Zlib::NO_COMPRESSION)
  assert stored.size > TEXT.size
  assert_equal TEXT, Zlib::Inflate.inflate(stored)
  best = Zlib::Deflate.deflate(TEXT, Zlib::BEST_COMPRESSION)
  assert_equal "\x78\xda", best[0, 2]
  assert_equal TEXT, Zlib::Inflate.inflate(best)
  bin = (0..255).map { |i| i.chr }.join * 40
  assert_equal bin, Zlib::Inflate.inflate(Zlib::Deflate.deflate(bin))
end

test "bad compressed data" do
  e = assert_raise(Zlib::DataError) { Zlib::Inflate.inflate("not compressed") }
  assert_equal "incorrect header check", e.message
  d = Zlib::Deflate.deflate(TEXT)
  e = assert_raise(Zlib::BufError) { Zlib::Inflate.inflate(d[0, d.size / 2]) }
  assert_equal "buffer error", e.message
  bad = d.dup
  bad[-1] = (bad[-1] ^ 0xff).chr                # the adler32 trailer
  e = assert_raise(Zlib::DataError) { Zlib::Inflate.inflate(bad) }
  assert_equal "incorrect data check", e.message
  assert_raise(Zlib::DataError) { Zlib::Inflate.inflate("\x78\x9c\xff\xff\xff\xff") }
  assert_raise(TypeError) { Zlib::Inflate.inflate(nil) }
  e = assert_raise(Zlib::StreamError) { Zlib::Deflate.new(99) }
  assert_equal "stream error", e.message
end

test "streaming Deflate" do
  z = Zlib::Deflate.new
  out = ""
  TEXT.scan(/.{1,100}/m) { |piece| out << z.deflate(piece) }
  out << z.finish
  assert_true z.finished?
  assert_true z.stream_end?
  assert_equal TEXT.size, z.total_in
  assert_equal out.size, z.total_out
  assert_equal Zlib.adler32(TEXT), z.adler
  assert_equal Zlib::ASCII, z.data_type
  assert_false z.closed?
  assert_nil z.close
  assert_true z.closed?
  assert_true z.ended?
  e = assert_raise(Zlib::Error) { z.deflate("x") }
  assert_equal "stream is not ready", e.message
  assert_equal TEXT, Zlib::Inflate.inflate(out)
end

test "Deflate: <<, flush, FINISH, nil" do
  z = Zlib::Deflate.new
  assert_same z, z << "hello "
  assert_same z, z << "world"
  flushed = z.flush
  assert_equal "\x00\x00\xff\xff", flushed[-4, 4]     # a sync flush marker
  rest = z.deflate("!", Zlib::FINISH)
  assert_true z.finished?
  assert_equal "hello world!", Zlib::Inflate.inflate(flushed + rest)
  z = Zlib::Deflate.new
  a = z.deflate("abc", Zlib::SYNC_FLUSH)
  b = z.deflate(nil)                                  # nil finishes
  assert_equal "abc", Zlib::Inflate.inflate(a + b)
  z = Zlib::Deflate.new
  full = z.deflate("abc", Zlib::FULL_FLUSH) + z.finish
  assert_equal "abc", Zlib::Inflate.inflate(full)
  z = Zlib::Deflate.new
  assert_equal "", z.flush(Zlib::NO_FLUSH)
  z.close
end

test "Deflate: levels, strategies, params, dup" do
  [Zlib::FILTERED, Zlib::HUFFMAN_ONLY, Zlib::DEFAULT_STRATEGY].each do |s|
    z = Zlib::Deflate.new(Zlib::BEST_SPEED, Zlib::MAX_WBITS, Zlib::DEF_MEM_LEVEL, s)
    assert_equal TEXT, Zlib::Inflate.inflate(z.deflate(TEXT, Zlib::FINISH))
  end
  z = Zlib::Deflate.new(Zlib::NO_COMPRESSION)
  part = z.deflate(TEXT[0, 5000])
  assert_nil z.params(Zlib::BEST_COMPRESSION, Zlib::DEFAULT_STRATEGY)
  part << z.deflate(TEXT[5000..-1], Zlib::FINISH)
  assert_equal TEXT, Zlib::Inflate.inflate(part)
  z = Zlib::Deflate.new
  head = z.deflate("abc")
  copy = z.dup
  a = head + z.deflate("def", Zlib::FINISH)
  b = head + copy.deflate("XYZ", Zlib::FINISH)
  assert_equal "abcdef", Zlib::Inflate.inflate(a)
  assert_equal "abcXYZ", Zlib::Inflate.inflate(b)
end

test "window bits: raw, zlib, gzip" do
  raw = Zlib::Deflate.new(nil, -Zlib::MAX_WBITS).deflate(TEXT, Zlib::FINISH)
  assert_not_equal "\x78", raw[0, 1]
  assert_equal TEXT, Zlib::Inflate.new(-Zlib::MAX_WBITS).inflate(raw)
  assert_raise(Zlib::DataError) { Zlib::Inflate.new.inflate(raw) }
  gz = Zlib::Deflate.new(nil, Zlib::MAX_WBITS + 16).deflate(TEXT, Zlib::FINISH)
  assert_equal "\x1f\x8b", gz[0, 2]
  assert_equal TEXT, Zlib::Inflate.new(Zlib::MAX_WBITS + 16).inflate(gz)
  assert_equal TEXT, Zlib::Inflate.new(Zlib::MAX_WBITS + 32).inflate(gz)    # detected
  z = Zlib::Deflate.deflate(TEXT)
  assert_equal TEXT, Zlib::Inflate.new(Zlib::MAX_WBITS + 32).inflate(z)
  small = Zlib::Deflate.new(9, 9).deflate(TEXT, Zlib::FINISH)
  assert_equal TEXT, Zlib::Inflate.new(9).inflate(small)
end

test "streaming Inflate" do
  d = Zlib::Deflate.deflate(TEXT)
  z = Zlib::Inflate.new
  out = ""
  d.each_byte { |b| out << z.inflate(b.chr) }
  assert_true z.finished?
  assert_equal TEXT, out
  assert_equal d.size, z.total_in
  assert_equal TEXT.size, z.total_out
  assert_equal Zlib.adler32(TEXT), z.adler
  assert_equal "", z.finish
  z.close
  z = Zlib::Inflate.new
  assert_same z, z << d[0, 100]
  assert_same z, z << d[100..-1]
  assert_equal TEXT, z.finish
  z = Zlib::Inflate.new
  half = z.inflate(d[0, 50])
  e = assert_raise(Zlib::BufError) { z.finish }
  assert_equal "buffer error", e.message
  z = Zlib::Inflate.new
  assert_equal TEXT, z.inflate(d)
  assert_equal "", z.inflate("trailing")         # after the end, 1.8.7 passes bytes through
  assert_equal "trailing", z.inflate(nil)
end

test "Inflate: reset, avail_in, flush_next_in/out" do
  d = Zlib::Deflate.deflate("abc")
  z = Zlib::Inflate.new
  assert_equal "abc", z.inflate(d)
  z.reset
  assert_false z.finished?
  assert_equal "abc", z.inflate(d)
  z = Zlib::Inflate.new
  z << d
  assert_equal "abc", z.flush_next_out
  assert_equal "", z.flush_next_out
  assert_equal 0, z.avail_in
  assert_equal "", z.flush_next_in
  z = Zlib::Deflate.new
  z.avail_out = 10
  assert_equal 10, z.avail_out
end

test "dictionaries" do
  dict = "hello world dictionary"
  z = Zlib::Deflate.new
  z.set_dictionary(dict)
  d = z.deflate("hello world hello", Zlib::FINISH)
  i = Zlib::Inflate.new
  e = assert_raise(Zlib::NeedDict) { i.inflate(d) }
  assert_equal "need dictionary", e.message
  assert_equal dict, i.set_dictionary(dict)
  assert_equal "hello world hello", i.inflate(nil)
  i = Zlib::Inflate.new
  assert_raise(Zlib::NeedDict) { i.inflate(d) }
  assert_raise(Zlib::DataError) { i.set_dictionary("wrong") }
end

test "Inflate#sync" do
  z = Zlib::Deflate.new(nil, -Zlib::MAX_WBITS)
  a = z.deflate("first part ", Zlib::FULL_FLUSH)
  b = z.deflate("second part", Zlib::FINISH)
  assert_equal "\x00\x00\xff\xff", a[-4, 4]
  i = Zlib::Inflate.new(-Zlib::MAX_WBITS)
  assert_false i.sync("no marker in here")
  i = Zlib::Inflate.new(-Zlib::MAX_WBITS)
  assert_true i.sync("junk\x00\x00\xff\xff" + b)      # skips to after the marker
  assert_equal "second part", i.inflate(nil)
  i = Zlib::Inflate.new
  z = Zlib::Deflate.new
  assert_equal "first part ", i.inflate(z.deflate("first part ", Zlib::FULL_FLUSH))
  assert_false i.sync_point?
end

test "GzipWriter and GzipReader on a StringIO" do
  io = StringIO.new
  gz = Zlib::GzipWriter.new(io, Zlib::BEST_COMPRESSION)
  gz.mtime = Time.at(1000000000)
  gz.orig_name = "orig.txt"
  gz.comment = "a comment"
  assert_equal 9, gz.level
  assert_equal Zlib::OS_UNIX, gz.os_code
  assert_equal 6, gz.write("hello\n")
  assert_same gz, gz << "second" << " line\n"
  gz.print "print", 1, "\n"
  gz.puts "puts", ["a", "b"]
  gz.printf("%03d\n", 7)
  assert_equal 65, gz.putc(65)
  gz.putc "\n"
  assert_equal Zlib.crc32("hello\nsecond line\nprint1\nputs\na\nb\n007\nA\n"), gz.crc
  assert_equal 40, gz.pos
  e = assert_raise(Zlib::GzipFile::Error) { gz.comment = "late" }
  assert_equal "header is already written", e.message
  assert_raise(Zlib::GzipFile::Error) { gz.mtime = 1 }
  assert_same io, gz.finish
  assert_true gz.closed?
  assert_false io.closed?
  e = assert_raise(Zlib::GzipFile::Error) { gz.write("x") }
  assert_equal "closed gzip stream", e.message
  data = io.string
  assert_equal "\x1f\x8b\x08\x18", data[0, 4]     # magic, deflate, FNAME|FCOMMENT
  assert_equal [1000000000].pack("V"), data[4, 4]
  assert_equal "\x02\x03", data[8, 2]              # slow (level 9), Unix
  io = StringIO.new(data)
  r = Zlib::GzipReader.new(io)
  assert_equal Time.at(1000000000), r.mtime
  assert_equal "orig.txt", r.orig_name
  assert_equal "a comment", r.comment
  assert_equal Zlib::BEST_COMPRESSION, r.level
  assert_equal Zlib::OS_UNIX, r.os_code
  assert_equal "hello\n", r.gets
  assert_equal 1, r.lineno
  assert_equal "hello\n", $_
  assert_equal "second line\n", r.readline
  assert_equal 18, r.pos
  assert_equal "print1\n", r.read(7)
  assert_equal ["puts\n", "a\n", "b\n", "007\n", "A\n"], r.readlines
  assert_nil r.gets
  assert_nil r.read(1)
  assert_equal "", r.read
  assert_true r.eof?
  assert_nil r.unused
  assert_same io, r.close
  assert_true io.closed?
end

test "GzipReader: bytes, ungetc, each, rewind, lineno=" do
  r = Zlib::GzipReader.new(StringIO.new(gz_string("ab\ncd\n\n\nef")))
  assert_equal ?a, r.getc
  assert_nil r.ungetc(?a)
  assert_equal ?a, r.readchar
  r.ungetc(?X)
  assert_equal "Xb\n", r.gets
  assert_equal 3, r.pos
  bytes = []
  r.each_byte { |b| bytes << b }
  assert_equal "cd\n\n\nef", bytes.pack("C*")
  assert_nil r.getc
  e = assert_raise(EOFError) { r.readchar }
  assert_equal "end of file reached", e.message
  assert_raise(EOFError) { r.readline }
  assert_equal 0, r.rewind
  assert_equal 0, r.pos
  assert_equal 0, r.lineno
  lines = []
  assert_same r, r.each { |l| lines << l }
  assert_equal ["ab\n", "cd\n", "\n", "\n", "ef"], lines
  r.rewind
  assert_equal ["ab\ncd\n\n", "ef"], r.readlines("")            # paragraphs, as IO
  r.rewind
  assert_equal ["ab\ncd", "\n\n\nef"], r.each_line("cd").to_a
  r.rewind
  r.lineno = 10
  r.gets
  assert_equal 11, r.lineno
  assert_equal ["cd\n\n\nef"], r.readlines(nil)
  r.rewind
  assert_equal "ab\ncd\n\n\nef", r.read
  r.rewind
  assert_equal [3, 3, 1, 1, 2], r.map { |l| l.size }              # Enumerable
  r.close
end

test "GzipReader: read(n), readpartial" do
  r = Zlib::GzipReader.new(StringIO.new(gz_string(TEXT)))
  assert_equal "", r.read(0)
  assert_equal TEXT[0, 10], r.read(10)
  e = assert_raise(ArgumentError) { r.read(-1) }
  assert_equal "negative length -1 given", e.message
  got = TEXT[0, 10]
  while s = r.read(777)
    assert s.size <= 777
    got << s
  end
  assert_equal TEXT, got
  r = Zlib::GzipReader.new(StringIO.new(gz_string(TEXT)))
  got = ""
  begin
    loop { got << r.readpartial(1000) }
  rescue EOFError => e
    assert_equal "end of file reached", e.message
  end
  assert_equal TEXT, got
  buf = "old"
  r.rewind
  assert_same buf, r.readpartial(5, buf)
  assert_equal TEXT[0, 5], buf
end

test "GzipFile.wrap, GzipWriter.open, GzipReader.open" do
  io = StringIO.new
  res = Zlib::GzipWriter.wrap(io) { |gz| gz.write("wrapped"); :done }
  assert_equal :done, res
  assert_true io.closed?
  data = io.string
  assert_equal "wrapped", Zlib::GzipReader.wrap(StringIO.new(data)) { |gz| gz.read }
  path = File.join(TMP, "open.gz")
  Zlib::GzipWriter.open(path) { |gz| gz.puts "in a file" }
  assert_equal "in a file\n", Zlib::GzipReader.open(path) { |gz| gz.read }
  gz = Zlib::GzipReader.open(path)
  assert_kind_of File, gz.to_io
  assert_equal "in a file\n", gz.gets
  gz.close
  assert_true gz.closed?
  gz = Zlib::GzipWriter.open(path, 1)
  gz.write "fast"
  gz.close
  Zlib::GzipReader.open(path) { |r| assert_equal Zlib::BEST_SPEED, r.level }
  assert_raise(Errno::ENOENT) { Zlib::GzipReader.open(File.join(TMP, "missing.gz")) }
end

test "bad gzip data" do
  e = assert_raise(Zlib::GzipFile::Error) { Zlib::GzipReader.new(StringIO.new("plain text here")) }
  assert_equal "not in gzip format", e.message
  assert_raise(Zlib::GzipFile::Error) { Zlib::GzipReader.new(StringIO.new("")) }
  assert_raise(Zlib::GzipFile::Error) { Zlib::GzipReader.new(StringIO.new("\x1f\x8b")) }
  good = gz_string(TEXT)
  bad = good.dup
  bad[2] = 7.chr
  e = assert_raise(Zlib::GzipFile::Error) { Zlib::GzipReader.new(StringIO.new(bad)) }
  assert_equal "unsupported compression method 7", e.message
  bad = good.dup
  bad[3] = 0x02.chr
  e = assert_raise(Zlib::GzipFile::Error) { Zlib::GzipReader.new(StringIO.new(bad)) }
  assert_equal "multi-part gzip file is not supported", e.message
  bad[3] = 0x20.chr
  e = assert_raise(Zlib::GzipFile::Error) { Zlib::GzipReader.new(StringIO.new(bad)) }
  assert_equal "encrypted gzip file is not supported", e.message
  bad[3] = 0x80.chr
  e = assert_raise(Zlib::GzipFile::Error) { Zlib::GzipReader.new(StringIO.new(bad)) }
  assert_equal "unknown flags 0x80", e.message
  bad = good.dup
  bad[-8] = (bad[-8] ^ 1).chr
  r = Zlib::GzipReader.new(StringIO.new(bad))
  e = assert_raise(Zlib::GzipFile::CRCError) { r.read }
  assert_equal "invalid compressed data -- crc error", e.message
  bad = good.dup
  bad[-4] = (bad[-4] ^ 1).chr
  e = assert_raise(Zlib::GzipFile::LengthError) { Zlib::GzipReader.new(StringIO.new(bad)).read }
  assert_equal "invalid compressed data -- length error", e.message
  r = Zlib::GzipReader.new(StringIO.new(good[0..-5]))
  e = assert_raise(Zlib::GzipFile::NoFooter) { r.read }
  assert_equal "footer is not found", e.message
  r = Zlib::GzipReader.new(StringIO.new(good[0, good.size / 2]))
  e = assert_raise(Zlib::GzipFile::Error) { r.read }
  assert_equal "unexpected end of file", e.message
  bad = good.dup
  bad[20, 10] = "\xff" * 10
  assert_raise(Zlib::Error) { Zlib::GzipReader.new(StringIO.new(bad)).read }
  bad = good.dup                                   # read(n) then the footer at the end
  bad[-8] = (bad[-8] ^ 1).chr
  r = Zlib::GzipReader.new(StringIO.new(bad))
  got = ""
  assert_raise(Zlib::GzipFile::CRCError) { while s = r.read(100); got << s; end }
  assert_equal TEXT, got
end

test "multi-member files: the first member, then unused" do
  a = gz_string("first member\n")
  b = gz_string("second member\n")
  io = StringIO.new(a + b)
  r = Zlib::GzipReader.new(io)
  assert_equal "first member\n", r.read
  assert_equal b, r.unused
  r.finish
  io.pos -= b.size
  assert_equal "second member\n", Zlib::GzipReader.new(io).read
end

test "miniruby's gzip is read by gunzip, gzip -9 by miniruby" do
  path = File.join(TMP, "ours.gz")
  Zlib::GzipWriter.open(path) { |gz| gz.orig_name = "ours"; gz.write(TEXT) }
  assert_equal TEXT, `gunzip -c #{path}`
  assert_equal 0, $?.exitstatus
  assert_match(/ours/, `gzip -lN #{path}`)
  plain = File.join(TMP, "theirs.txt")
  File.open(plain, "w") { |f| f.write(TEXT * 3) }
  system("gzip -9 -n #{plain}")
  Zlib::GzipReader.open(plain + ".gz") do |gz|
    assert_equal Zlib::BEST_COMPRESSION, gz.level
    assert_nil gz.orig_name                          # -n: no name
    assert_equal TEXT * 3, gz.read
  end
  File.open(plain, "w") { |f| f.write("named") }
  system("gzip -f #{plain}")
  Zlib::GzipReader.open(plain + ".gz") do |gz|
    assert_equal "theirs.txt", gz.orig_name
    assert_equal "named", gz.read
  end
end

test "GzipReader over a pipe lets other threads run" do
  r, w = IO.pipe
  data = gz_string(TEXT * 20)
  ticks = 0
  counter = Thread.new { loop { ticks += 1; Thread.pass } }
  writer = Thread.new do
    data.scan(/.{1,500}/m) { |piece| w.write(piece); w.flush; sleep 0.005 }
    w.close
  end
  gz = Zlib::GzipReader.new(r)
  before = ticks
  assert_equal TEXT * 20, gz.read
  assert ticks > before, "the counter ran while reading"
  gz.close
  writer.join
  counter.kill
  out = IO.popen("gzip -c -9 #{File.join(TMP, 'ours.gz')} | gunzip -c")
  gz = Zlib::GzipReader.new(out)
  assert_equal TEXT, gz.read
  gz.close
end

# An io with nothing but read(n), as some 1.8 programs pass.
class ReadOnly
  def initialize(data); @data = data; end
  def read(n); return nil if @data.empty?; piece = @data[0, 3]; @data = @data[3..-1]; piece; end
end

test "GzipReader over an object with only #read" do
  gz = Zlib::GzipReader.new(ReadOnly.new(gz_string("abc\ndef\n")))
  assert_equal ["abc\n", "def\n"], gz.readlines
  assert_nil gz.unused
  e = assert_raise(Zlib::GzipFile::Error) { Zlib::GzipReader.new(ReadOnly.new("")) }
  assert_equal "not in gzip format", e.message
end

test "GzipWriter: sync, flush, mtime default" do
  io = StringIO.new
  gz = Zlib::GzipWriter.new(io)
  assert_false gz.sync
  gz.sync = true
  assert_true gz.sync
  gz.write("abc")
  partial = io.string.dup
  assert_equal "abc", Zlib::Inflate.new(Zlib::MAX_WBITS + 16).inflate(partial)
  gz.sync = false
  gz.write("def")
  assert_same gz, gz.flush
  assert_equal "abcdef", Zlib::Inflate.new(Zlib::MAX_WBITS + 16).inflate(io.string)
  gz.finish
  r = Zlib::GzipReader.new(StringIO.new(io.string))
  assert((Time.now - r.mtime).abs < 100)          # 0 means "now", as 1.8.7
  assert_equal "abcdef", r.read
  r = Zlib::GzipReader.new(StringIO.new(gz_string("")))
  assert_true r.eof?
  assert_equal "", r.read
  assert_nil r.gets
end

test "large data through many buffer refills" do
  big = (0...200000).map { |i| (i * 7 % 251).chr }.join
  d = Zlib::Deflate.deflate(big, Zlib::BEST_SPEED)
  assert_equal big, Zlib::Inflate.inflate(d)
  r = Zlib::GzipReader.new(StringIO.new(gz_string(big)))
  n = 0
  r.each_line("\x00") { |l| n += l.size }
  assert_equal big.size, n
end

test "Zlib.deflate/inflate and the combine functions (beyond 1.8.7)" do
  a, b = "hello ", "world"
  assert_equal 0x0d4a1185, Zlib.crc32_combine(Zlib.crc32(a), Zlib.crc32(b), b.size)
  assert_equal 0x1a0b045d, Zlib.adler32_combine(Zlib.adler32(a), Zlib.adler32(b), b.size)
  assert_equal Zlib.crc32(a), Zlib.crc32_combine(Zlib.crc32(a), 0, 0)
  assert_raise(ArgumentError) { Zlib.crc32_combine(1, 2, -1) }
  z = Zlib.deflate("x" * 1000, Zlib::BEST_COMPRESSION)
  assert_equal Zlib::Deflate.deflate("x" * 1000, Zlib::BEST_COMPRESSION), z
  assert_equal "x" * 1000, Zlib.inflate(z)
  assert_raise(Zlib::DataError) { Zlib.inflate("junk") }
end
