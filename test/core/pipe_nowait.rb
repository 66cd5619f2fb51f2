# pipe_nowait.rb: the pipes miniruby makes (IO.pipe, popen) are read and
# written without a poll before each call (RWF_NOWAIT, io.c).  A thread
# waiting on one still blocks only itself, whatever another process does
# to the descriptor's O_NONBLOCK, and what is written arrives whole and in
# order; end of file and a closed reader are what 1.8.7 says.
require 'assert'
require 'fcntl'

# Runs the block while a second thread counts; returns what the block
# returned and how far the count went.
def while_counting
  n = 0
  counter = Thread.new { loop { n += 1; Thread.pass } }
  value = yield
  counter.kill
  [value, n]
end

# A thread reading `len` bytes of `io`: it must wait for them alone.
def read_alone(io, write_end, len = 5)
  data = "x" * len
  reader = Thread.new { io.read(len) }
  value, count = while_counting do
    sleep 0.05
    assert_equal "sleep", reader.status
    write_end.write(data)
    reader.value
  end
  assert_equal data, value
  assert count > 0, "the counter did not run while the reader waited"
end

def nonblock?(io)
  io.fcntl(Fcntl::F_GETFL) & Fcntl::O_NONBLOCK != 0
end

test "a reader of an empty pipe waits alone" do
  r, w = IO.pipe
  read_alone(r, w)
end

test "O_NONBLOCK cleared by a child: a reader still waits alone" do
  r, w = IO.pipe
  pid = fork do
    r.fcntl(Fcntl::F_SETFL, r.fcntl(Fcntl::F_GETFL) & ~Fcntl::O_NONBLOCK)
    exit!(0)
  end
  Process.wait(pid)
  assert_false nonblock?(r)          # the open pipe is shared with the child
  read_alone(r, w)
end

test "O_NONBLOCK cleared: a writer to a full pipe waits alone" do
  r, w = IO.pipe
  w.fcntl(Fcntl::F_SETFL, w.fcntl(Fcntl::F_GETFL) & ~Fcntl::O_NONBLOCK)
  data = (0...300_000).map { |i| (i % 251).chr }.join     # more than the pipe holds
  writer = Thread.new { w.write(data); w.close; :done }
  got, count = while_counting do
    sleep 0.05
    assert_equal "sleep", writer.status
    r.read
  end
  assert_equal :done, writer.value
  assert_equal data.size, got.size
  assert got == data, "the bytes came out changed"
  assert count > 0
end

test "a megabyte in pieces of many sizes arrives whole and in order" do
  r, w = IO.pipe
  data = (0...1_048_576).map { |i| ((i * 7) % 256).chr }.join
  sizes = [1, 7, 4095, 4096, 4097, 65_535, 65_536, 65_537, 200_000]
  writer = Thread.new do
    off = 0
    k = 0
    while off < data.size
      piece = data[off, sizes[k % sizes.size]]
      w.write(piece)
      off += piece.size
      k += 1
    end
    w.close
  end
  got = ""
  k = 0
  while (piece = r.read(sizes[(k += 1) % sizes.size]))
    got << piece
  end
  writer.join
  assert_equal data.size, got.size
  assert got == data, "the bytes came out changed"
end

test "lines both ways between threads" do
  there_r, there_w = IO.pipe
  back_r, back_w = IO.pipe
  echo = Thread.new { while (line = there_r.gets); back_w.write(line); end; back_w.close }
  500.times { |i| there_w.puts(i); assert_equal "#{i}\n", back_r.gets }
  there_w.close
  assert_nil back_r.gets
  echo.join
end

test "a dup and a reopened IO of a pipe wait alone too" do
  r, w = IO.pipe
  read_alone(r.dup, w)
  io = File.open("/dev/null")
  io.reopen(r)
  read_alone(io, w)
end

test "a pipe handed down by number is waited for alone" do
  r, w = IO.pipe
  d = r.dup
  read_alone(IO.for_fd(d.fileno), w)
end

test "a FIFO in the file system is waited for alone" do
  path = File.join(ENV['TMPDIR'] || '/tmp', "mr-fifo-#{$$}")
  assert_true system("mkfifo", path)
  begin
    r = File.open(path, File::RDONLY | File::NONBLOCK)
    w = File.open(path, "w")
    w.sync = true
    read_alone(r, w)
    r.close
    w.close
  ensure
    File.unlink(path)
  end
end

test "a popen child's output is waited for alone" do
  io = IO.popen("sleep 0.1; echo hi")
  value, count = while_counting { io.read }
  io.close
  assert_equal "hi\n", value
  assert count > 0
  io = IO.popen("cat", "r+")
  reader = Thread.new { io.gets }
  io.puts "both ways"
  assert_equal "both ways\n", reader.value
  io.close_write
  assert_nil io.gets
  io.close
end

test "end of file and a closed reader as 1.8.7" do
  r, w = IO.pipe
  w.write "ab"
  w.close
  assert_equal "ab", r.read
  assert_equal "", r.read
  assert_nil r.read(1)
  assert_nil r.gets
  r, w = IO.pipe
  r.close
  assert_raise(Errno::EPIPE) { w.write "x" }
end

test "read_nonblock and write_nonblock as 1.8.7" do
  r, w = IO.pipe
  assert_raise(Errno::EAGAIN) { r.read_nonblock(5) }
  w.write "abc"
  assert_equal "abc", r.read_nonblock(5)
  data = (0...100_000).map { |i| (i % 256).chr }.join
  n = w.write_nonblock(data)            # as much as the pipe holds, in one call
  assert n > 4096 && n < data.size, "write_nonblock wrote #{n}"
  assert_raise(Errno::EAGAIN) { w.write_nonblock(data) }
  got = ""
  begin
    loop { got << r.read_nonblock(10_000) }
  rescue Errno::EAGAIN
  end
  assert got == data[0, n], "the bytes came out changed"
  w.close
  assert_raise(EOFError) { r.read_nonblock(5) }
end

load File.join(File.dirname(__FILE__), "fixtures", "interrupted_readers.rb")

test "Thread#raise and kill at pipe waits, in seeded rounds" do
  interrupted_readers(150)
end

# Under the schedule explorer a reader is switched out anywhere, also
# with bytes left in the IO's buffer while another reader waits to fill
# it: that fill wrote over them (26 to 34 rounds of 60 lost bytes, each
# seed).
test "readers sharing an IO lose no byte under seeded schedules" do
  ruby = File.readlink("/proc/self/exe")
  fixture = File.join(File.dirname(__FILE__), "fixtures", "interrupted_readers.rb")
  [1, 2, 3].each do |seed|
    out = `env -u MINIRUBY_SCHED_RECORD MINIRUBY_SCHED=random:#{seed}:0.05 #{ruby} #{fixture} 60 2>&1`
    assert_equal "done\n", out, "seed #{seed}"
  end
end
