# IO: writing (puts/print/p semantics of 1.8.7), reading (gets, read,
# separators), positioning, pipes, select, errors.
require 'assert'

TMP = File.join(ENV['TMPDIR'] || '/tmp', "mr-io-#{$$}")
Dir.mkdir(TMP)
at_exit { Dir[File.join(TMP, "*")].each { |f| File.unlink(f) }; Dir.rmdir(TMP) }

# collects what is written, like a StringIO
class Sink
  attr_reader :buf, :writes
  def initialize; @buf = ""; @writes = 0; end
  def write(s); @writes += 1; @buf << s.to_s; s.to_s.size; end
end

def capture
  old = $stdout
  $stdout = Sink.new
  yield
  $stdout.buf
ensure
  $stdout = old
end

def tmp(name, content = nil)
  path = File.join(TMP, name)
  File.open(path, "w") { |f| f.write(content) } if content
  path
end

test "puts" do
  assert_equal "\n", capture { puts }
  assert_equal "a\nb\n", capture { puts "a", "b" }
  assert_equal "a\n", capture { puts "a\n" }
  assert_equal "nil\n", capture { puts nil }
  assert_equal "1\n2\nnil\n3\n", capture { puts [1, [2, nil]], 3 }
  assert_equal "", capture { puts [] }
  a = [1]; a << a
  assert_equal "1\n[...]\n", capture { puts a }
  assert_equal "\n", capture { puts "" }
  assert_equal "sym\n", capture { puts :sym }
  r = 1
  capture { r = puts("x") }
  assert_nil r
end

test "print" do
  assert_equal "ab1nil", capture { print "a", "b", 1, nil }
  begin
    $, = "-"; $\ = "!\n"
    assert_equal "a-b!\n", capture { print "a", "b" }
  ensure
    $, = nil; $\ = nil
  end
  assert_raise(TypeError) { $, = 1 }
  assert_raise(TypeError) { $\ = :x }
end

test "p" do
  assert_equal "1\n\"s\"\n", capture { p 1, "s" }
  assert_equal "", capture { p }
  r = nil
  capture { r = p(5) }
  assert_nil r
end

test "printf putc <<" do
  assert_equal "3-x\n", capture { printf("%d-%s\n", 3, "x") }
  s = Sink.new
  printf(s, "%05.1f", 3.14159)
  assert_equal "003.1", s.buf
  assert_equal "", capture { printf() }
  assert_equal "AB", capture { putc "ABC"; putc 66 }
  r = nil
  capture { r = putc(65) }
  assert_equal 65, r
  r, w = IO.pipe
  assert_same w, (w << "a" << 1)
  w.close
  assert_equal "a1", r.read
  r.close
end

test "$stdout assignment" do
  assert_raise(TypeError, "$stdout must have write method, Fixnum given") { $stdout = 1 }
  s = Sink.new
  old = $stdout
  $stdout = s
  puts "x"
  $stdout = old
  assert_equal "x\n", s.buf
  assert_equal 2, s.writes   # line and newline are separate writes, as in 1.8
  assert_same $stdout, $>
  assert_same STDOUT, $stdout
end

test "write and read a file" do
  path = tmp("a.txt")
  f = File.open(path, "w")
  assert_equal 5, f.write("hello")
  assert_equal 0, f.write("")
  assert_equal 2, f.write(42)
  f.print "x", "y"
  f.puts
  f.close
  assert_true f.closed?
  assert_equal "hello42xy\n", File.read(path)
  assert_raise(IOError, "closed stream") { f.write("a") }
  assert_raise(IOError, "closed stream") { f.close }
end

test "gets and separators" do
  path = tmp("lines.txt", "one\ntwo\n\n\nthree\nfour")
  File.open(path) do |f|
    assert_equal "one\n", f.gets
    assert_equal "one\n", $_
    assert_equal 1, f.lineno
    assert_equal 1, $.
    assert_equal "two\n", f.gets
    assert_equal "\n", f.gets
    f.lineno = 10
    assert_equal "\n", f.gets
    assert_equal 11, $.
    assert_equal "three\nfour", f.gets(nil)
    assert_nil f.gets
    assert_nil $_
    assert_true f.eof?
  end
  File.open(path) do |f|
    assert_equal "one\ntwo\n\n", f.gets("")
    assert_equal "three\nfour", f.gets("")
    assert_nil f.gets("")
  end
  File.open(path) do |f|
    assert_equal "one\ntwo\n\n\nth", f.gets("th")
    assert_equal "ree\nfou", f.gets("ou")
    assert_equal "r", f.gets("ou")
  end
  File.open(path) { |f| assert_equal ["one\n", "two\n", "\n", "\n", "three\n", "four"], f.readlines }
  File.open(path) { |f| assert_equal ["one\ntwo\n\n", "three\nfour"], f.readlines("") }
  assert_raise(TypeError) { File.open(path) { |f| f.gets(1) } }
end

test "$/" do
  path = tmp("rs.txt", "a;b;c")
  begin
    $/ = ";"
    assert_equal ["a;", "b;", "c"], File.readlines(path)
  ensure
    $/ = "\n"
  end
  assert_raise(TypeError, "value of $/ must be String") { $/ = 1 }
end

test "readline and EOF" do
  path = tmp("empty.txt", "")
  File.open(path) do |f|
    assert_nil f.gets
    assert_raise(EOFError, "end of file reached") { f.readline }
    assert_raise(EOFError) { f.readchar }
    assert_nil f.getc
    assert_nil f.read(1)
    assert_equal "", f.read
    assert_equal "", f.read(0)
    assert_true f.eof
    assert_raise(EOFError) { f.readpartial(10) }
    assert_raise(EOFError) { f.sysread(1) }
  end
end

test "read" do
  path = tmp("r.txt", "abcdefghij")
  File.open(path) do |f|
    assert_equal "abc", f.read(3)
    buf = "xyz"
    assert_same buf, f.read(2, buf)
    assert_equal "de", buf
    assert_equal "fghij", f.read(100)
    assert_nil f.read(1, buf)
    assert_equal "", buf
    assert_raise(ArgumentError, "negative length -1 given") { f.read(-1) }
  end
  assert_equal "cde", IO.read(path, 3, 2)
  assert_equal "abcdefghij", IO.read(path)
  assert_equal "abcdefghij", File.read(path)
  assert_raise(Errno::ENOENT) { File.read(File.join(TMP, "nonexistent")) }
  big = "x" * 100000 + "end"
  p2 = tmp("big.txt", big)
  assert_equal big, File.read(p2)
  File.open(p2) { |f| assert_equal big.size, f.read(200000).size }
end

test "getc ungetc each_byte each_char" do
  path = tmp("c.txt", "ab\n")
  File.open(path) do |f|
    assert_equal 97, f.getc
    f.ungetc(120)
    assert_equal "xb\n", f.read
  end
  File.open(path) do |f|
    f.ungetc(65)
    assert_equal 65, f.readchar
    bytes = []
    f.each_byte { |b| bytes << b }
    assert_equal [97, 98, 10], bytes
  end
  File.open(path) do |f|
    chars = []
    assert_same f, f.each_char { |c| chars << c }
    assert_equal ["a", "b", "\n"], chars
  end
  File.open(path) { |f| assert_equal [97, 98, 10], f.each_byte.to_a }
end

test "each_line" do
  path = tmp("e.txt", "1\n2\n3")
  lines = []
  File.open(path) { |f| assert_same(f, f.each_line { |l| lines << l }) }
  assert_equal ["1\n", "2\n", "3"], lines
  lines = []
  File.open(path) { |f| f.each("2") { |l| lines << l } }
  assert_equal ["1\n2", "\n3"], lines
  File.open(path) { |f| assert_equal ["1\n", "2\n", "3"], f.each_line.to_a }
  File.open(path) { |f| assert_equal 3, f.lines.to_a.size }
  got = []
  assert_nil IO.foreach(path) { |l| got << l }
  assert_equal ["1\n", "2\n", "3"], got
  assert_equal ["1\n", "2\n", "3"], IO.readlines(path)
end

test "seek pos rewind" do
  path = tmp("s.txt", "0123456789")
  File.open(path) do |f|
    assert_equal 0, f.pos
    assert_equal "012", f.read(3)
    assert_equal 3, f.tell
    assert_equal 0, f.seek(7)
    assert_equal "7", f.read(1)
    f.seek(-2, IO::SEEK_CUR)
    assert_equal "6", f.read(1)
    f.seek(-1, IO::SEEK_END)
    assert_equal "9", f.read
    f.pos = 2
    assert_equal 2, f.pos
    f.gets
    assert_equal 1, f.lineno
    assert_equal 0, f.rewind
    assert_equal 0, f.lineno
    assert_equal "0123456789", f.read
  end
  File.open(path) do |f|
    assert_equal 3, f.sysseek(3)
    assert_equal "3", f.sysread(1)
    assert_equal "4", f.read(1)
    assert_raise(IOError, "sysseek for buffered IO") { f.sysseek(0) }
  end
end

test "read-write modes" do
  path = tmp("rw.txt", "hello world")
  File.open(path, "r+") do |f|
    assert_equal "hello", f.read(5)
    f.write("_")
    f.rewind
    assert_equal "hello_world", f.read
  end
  File.open(path, "a") { |f| f.write("!") }
  assert_equal "hello_world!", File.read(path)
  File.open(path, "a+") { |f| f.write("?"); f.rewind; assert_equal "hello_world!?", f.read }
  File.open(path, "w+") { |f| f.write("new"); f.rewind; assert_equal "new", f.read }
  File.open(path, File::WRONLY | File::APPEND) { |f| f.write("er") }
  assert_equal "newer", File.read(path)
  File.open(path, "rb") { |f| assert_equal "newer", f.read }
  assert_raise(ArgumentError, "illegal access mode rw") { File.open(path, "rw") }
  assert_raise(ArgumentError) { File.open(path, "x") }
  File.open(path) { |f| assert_raise(IOError, "not opened for writing") { f.write("x") } }
  File.open(path, "w") { |f| assert_raise(IOError, "not opened for reading") { f.read } }
end

test "sync flush fileno" do
  path = tmp("sync.txt")
  File.open(path, "w") do |f|
    assert_false f.sync
    f.write("a")
    assert_equal "", File.read(path)
    assert_same f, f.flush
    assert_equal "a", File.read(path)
    f.sync = true
    f.write("b")
    assert_equal "ab", File.read(path)
    assert_kind_of Fixnum, f.fileno
    assert_equal f.fileno, f.to_i
    assert_false f.tty?
    assert_equal 0, f.fsync
  end
  assert_true STDERR.sync
  assert_equal 0, STDIN.fileno
  assert_equal 1, STDOUT.fileno
  assert_equal 2, STDERR.fileno
end

test "inspect" do
  path = tmp("i.txt", "")
  f = File.open(path)
  assert_equal "#<File:#{path}>", f.inspect
  f.close
  assert_equal "#<File:#{path} (closed)>", f.inspect
  assert_match(/\A#<IO:0x[0-9a-f]+>\z/, STDIN.inspect)
end

test "IO.pipe" do
  r, w = IO.pipe
  assert_kind_of IO, r
  assert_true w.sync
  w.write "abc\ndef"
  w.close
  assert_equal "abc\n", r.gets
  assert_equal "def", r.read
  assert_true r.eof?
  r.close
  r, w = IO.pipe
  w.write("xyz")
  assert_equal "xy", r.readpartial(2)
  assert_equal "z", r.readpartial(10)
  w.write("q")
  assert_equal "q", r.sysread(5)
  w.close
  assert_raise(EOFError) { r.sysread(1) }
  r.close
end

test "nonblock" do
  r, w = IO.pipe
  assert_raise(Errno::EAGAIN) { r.read_nonblock(5) }
  assert_equal 3, w.write_nonblock("abc")
  assert_equal "abc", r.read_nonblock(10)
  w.close
  assert_raise(EOFError) { r.read_nonblock(1) }
  r.close
end

test "close_read close_write" do
  r, w = IO.pipe
  assert_raise(IOError, "closing non-duplex IO for reading") { w.close_read }
  assert_raise(IOError, "closing non-duplex IO for writing") { r.close_write }
  w.close_write
  assert_true w.closed?
  r.close_read
  assert_true r.closed?
  path = tmp("cw.txt", "x")
  File.open(path, "r+") { |f| assert_raise(IOError) { f.close_write } }
end

test "IO.new" do
  path = tmp("ionew.txt")
  fd = IO.sysopen(path, "w")
  io = IO.new(fd, "w")
  assert_equal fd, io.fileno
  io.write("via new")
  io.close
  assert_equal "via new", File.read(path)
  assert_raise(Errno::EBADF) { IO.new(999) }
  fd = IO.sysopen(tmp("so.txt", "sysopen"))
  io = IO.for_fd(fd)
  assert_equal "sysopen", io.read
  io.close
end

test "dup" do
  path = tmp("dup.txt", "abcdef")
  f = File.open(path)
  assert_equal "ab", f.read(2)
  g = f.dup
  assert_not_equal f.fileno, g.fileno
  assert_equal path, g.path
  f.close
  assert_false g.closed?
  assert_equal "cdef", g.read
  g.close
  r, w = IO.pipe
  w2 = w.dup
  w.close
  w2.write "still open"
  w2.close
  assert_equal "still open", r.read
  r.close
end

test "IO.select" do
  r, w = IO.pipe
  assert_nil IO.select([r], nil, nil, 0)
  assert_equal [[], [w], []], IO.select([r], [w], nil, 0)
  w.write "x"
  res = IO.select([r], nil, nil, 1)
  assert_equal [[r], [], []], res
  assert_equal "x", r.readpartial(1)
  assert_nil IO.select([r], nil, nil, 0.05)
  assert_raise(ArgumentError) { IO.select([r], nil, nil, -1) }
  assert_raise(TypeError) { IO.select([1]) }
  w.close
  assert_equal [[r], [], []], select([r], nil, nil, 1)
  r.close
end

test "IO.popen" do
  io = IO.popen("echo hello")
  assert_kind_of Fixnum, io.pid
  assert_equal "hello\n", io.read
  io.close
  assert_equal 0, $?.exitstatus
  out = IO.popen("cat", "r+") do |p|
    p.write "round trip"
    p.close_write
    p.read
  end
  assert_equal "round trip", out
  assert_true $?.success?
  out = IO.popen("cat", "r+") do |p|
    p.write "a\nb\n"
    first = p.gets          # reads ahead "b\n" too
    p.write "c\n"          # must not drop the read-ahead
    p.close_write
    first + p.read
  end
  assert_equal "a\nb\nc\n", out
  IO.popen("exit 3") { |p| p.read }
  assert_equal 3, $?.exitstatus
  w = IO.popen("cat > #{tmp('popen.txt')}", "w")
  w.puts "written"
  w.close
  assert_equal "written\n", File.read(tmp("popen.txt"))
  assert_equal "hi\n", open("|echo hi") { |f| f.read }
  assert_equal "x\n", IO.read("|echo x")
  assert_raise(Errno::ENOENT) { IO.popen("/nonexistent/cmd") }
end

test "Kernel#open" do
  path = tmp("open.txt", "content")
  assert_equal "content", open(path) { |f| f.read }
  f = open(path, "a")
  f.write "!"
  f.close
  assert_equal "content!", File.read(path)
  assert_raise(Errno::ENOENT) { open(File.join(TMP, "none")) }
end

test "reopen" do
  a = tmp("ra.txt", "from a")
  b = tmp("rb.txt", "from b")
  f = File.open(a)
  g = File.open(b)
  f.reopen(g)
  assert_equal "from b", f.read
  f.close; g.close
  out = tmp("ro.txt")
  r, w = IO.pipe
  w.reopen(out, "w")
  w.write "redirected"
  w.close
  assert_equal "redirected", File.read(out)
  r.close
end

test "Kernel#gets and ARGF" do
  ruby = File.readlink("/proc/self/exe")
  out = IO.popen("#{ruby} -e 'while l = gets; print l.upcase, $.; end; p gets, $_'", "r+") do |io|
    io.write "a\nb\n"
    io.close_write
    io.read
  end
  assert_equal "A\n1B\n2nil\nnil\n", out
  out = IO.popen("#{ruby} -e 'p STDIN.read, $stdin.eof?'", "r+") do |io|
    io.write "all of it"
    io.close_write
    io.read
  end
  assert_equal "\"all of it\"\ntrue\n", out
  f1 = tmp("argf1.txt", "one\ntwo\n")
  f2 = tmp("argf2.txt", "three\n")
  out = `#{ruby} -e 'p readlines; p $FILENAME' #{f1} #{f2}`
  assert_equal %Q{["one\\n", "two\\n", "three\\n"]\n"#{f2}"\n}, out
  out = `#{ruby} -e 'p gets, $FILENAME, ARGF.lineno; p ARGF.read' #{f1} #{f2}`
  assert_equal %Q{"one\\n"\n"#{f1}"\n1\n"two\\nthree\\n"\n}, out
end

test "STDOUT through a pipe, ordering with flush" do
  ruby = File.readlink("/proc/self/exe")
  out = `#{ruby} -e 'print "a"; $stderr.print "b"; $stdout.flush; puts "c"' 2>&1`
  assert_equal "bac\n", out   # stdout to a pipe is buffered, stderr is not
end
