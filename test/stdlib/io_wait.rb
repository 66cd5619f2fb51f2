# io_wait.rb: ext/io_wait (IO#ready?, IO#wait, IO#nread).
require 'assert'
require 'io/wait'

test "an empty pipe" do
  r, w = IO.pipe
  assert_nil r.ready?
  assert_equal 0, r.nread
  assert_nil r.wait(0.05)
  assert_nil r.wait(0)
  r.close
  w.close
end

test "bytes in the pipe, then in the buffer" do
  r, w = IO.pipe
  w.write("hello")
  w.flush
  assert_equal 5, r.ready?
  assert_equal 5, r.nread
  assert_same r, r.wait
  assert_same r, r.wait(1)
  assert_equal "h", r.read(1)            # the rest is now read ahead
  assert_true r.ready?
  assert_equal 4, r.nread
  assert_same r, r.wait(0)
  assert_equal "ello", r.readpartial(10)
  assert_nil r.ready?
  w.close
  assert_nil r.wait(1)                   # end of stream
  r.close
end

test "errors" do
  r, w = IO.pipe
  e = assert_raise(IOError) { w.ready? }
  assert_equal "not opened for reading", e.message
  r.close
  e = assert_raise(IOError) { r.wait }
  assert_equal "closed stream", e.message
  assert_raise(IOError) { r.nread }
  w.close
  r, w = IO.pipe
  e = assert_raise(ArgumentError) { r.wait(-1) }
  assert_equal "time interval must be positive", e.message
end

test "wait blocks only the calling thread" do
  r, w = IO.pipe
  ticks = 0
  counter = Thread.new { loop { ticks += 1; sleep 0.01 } }
  writer = Thread.new { sleep 0.2; w.write("x"); w.flush }
  assert_same r, r.wait
  assert ticks > 3, "the counter thread ran while waiting (#{ticks})"
  assert_equal "x", r.read(1)
  before = ticks
  assert_nil r.wait(0.1)                 # a timeout, the counter still runs
  assert ticks > before
  counter.kill
  writer.join
end

test "a file" do
  dir = File.join(ENV['TMPDIR'] || '/tmp', "mr-io-wait-#{$$}")
  Dir.mkdir(dir)
  path = File.join(dir, "f.txt")
  File.open(path, "w") { |f| f.write("abc") }
  File.open(path) do |f|
    assert_equal 3, f.nread
    assert_same f, f.wait
    f.read
    assert_equal 0, f.nread
  end
  File.delete(path)
  Dir.rmdir(dir)
end
