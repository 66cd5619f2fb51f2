# io_waits.rb: no blocking call stalls the process.  Each wait below blocks
# only its thread: a counter thread must advance while it waits, and the
# thread that will end the wait (a writer, a reader, a child) must run.
# timeout: 60
require 'assert'
require 'thread'

# Run the block while a counter thread counts; returns [value, counted].
def while_counting
  count = 0
  counter = Thread.new { loop { count += 1; Thread.pass } }
  Thread.pass
  before = count
  value = yield
  counted = count - before
  counter.kill
  counter.join
  [value, counted]
end

def later(seconds = 0.05, &blk)
  Thread.new { sleep seconds; blk.call }
end

def tmpdir
  dir = "/tmp/miniruby-io-waits-#{$$}"
  Dir.mkdir(dir) unless File.directory?(dir)
  dir
end

at_exit { system("rm -rf /tmp/miniruby-io-waits-#{$$}") }

{
  "read(n)" => lambda { |r| r.read(5) },
  "sysread" => lambda { |r| r.sysread(5) },
  "readpartial" => lambda { |r| r.readpartial(5) },
  "gets" => lambda { |r| r.gets.chomp },
  "each_line" => lambda { |r| r.each_line { |l| break l.chomp } },
  "getc" => lambda { |r| r.getc.chr + r.read(4) },
}.each do |name, reader|
  test "pipe #{name} waits alone" do
    r, w = IO.pipe
    writer = later { w.write "hello\n"; w.close }
    v, counted = while_counting { reader.call(r) }
    assert_equal "hello", v
    assert counted > 0, "the counter ran while #{name} waited"
    writer.join
    r.close
  end
end

test "read_nonblock says EAGAIN, then read waits" do
  r, w = IO.pipe
  assert_raise(Errno::EAGAIN) { r.read_nonblock(5) }
  writer = later { w.write "abc"; w.close }
  v, counted = while_counting { r.read }
  assert_equal "abc", v
  assert counted > 0
  writer.join
end

test "two readers of one pipe: one byte does not stall the second" do
  r, w = IO.pipe
  got = Queue.new
  readers = Array.new(2) { Thread.new { got << r.sysread(1) } }
  Thread.pass until readers.all? { |t| t.status == "sleep" }
  w.write "a"
  assert_equal "a", got.pop
  count = 0
  ticker = Thread.new { 100.times { count += 1; Thread.pass } }
  ticker.join
  assert_equal 100, count
  assert_equal 1, readers.select { |t| t.alive? }.size
  w.write "b"
  assert_equal "b", got.pop
  readers.each { |t| t.join }
end

test "a reader raised out of its wait leaves it" do
  r, w = IO.pipe
  victim = Thread.new { begin; r.sysread(1); rescue RuntimeError; :raised; end }
  other = Thread.new { r.sysread(1) }
  Thread.pass until victim.status == "sleep" && other.status == "sleep"
  victim.raise "out"
  assert_equal :raised, victim.value
  w.write "x"
  assert_equal "x", other.value
end

test "write, syswrite and print to a full pipe wait alone" do
  [:write, :syswrite, :print].each do |meth|
    r, w = IO.pipe
    big = "x" * 200_000
    reader = later { r.read(big.size) }
    _, counted = while_counting { w.send(meth, big) }
    assert counted > 0, "the counter ran while #{meth} waited"
    assert_equal big.size, reader.value.size
    r.close
    w.close
  end
end

test "two writers into a full pipe both finish" do
  r, w = IO.pipe
  chunk = "y" * 100_000
  writers = Array.new(2) { Thread.new { w.write chunk } }
  data = r.read(2 * chunk.size)
  writers.each { |t| t.join }
  assert_equal 2 * chunk.size, data.size
end

test "IO.select waits alone" do
  r, w = IO.pipe
  writer = later { w.write "z" }
  v, counted = while_counting { IO.select([r]) }
  assert_equal [[r], [], []], v
  assert counted > 0
  writer.join
end

test "open of a FIFO with no writer yet, and with no reader yet" do
  fifo = "#{tmpdir}/fifo"
  system("mkfifo #{fifo}")
  writer = later { File.open(fifo, "w") { |f| f.write "through the fifo" } }
  v, counted = while_counting { File.open(fifo, "r") { |f| f.read } }
  assert_equal "through the fifo", v
  assert counted > 0
  writer.join
  reader = later { File.open(fifo, "r") { |f| f.read } }
  _, counted = while_counting { File.open(fifo, "w") { |f| f.write "back" } }
  assert counted > 0
  assert_equal "back", reader.value
end

test "flock(LOCK_EX) on a file another process holds" do
  path = "#{tmpdir}/lock"
  File.open(path, "w") { }
  r, w = IO.pipe
  pid = fork do
    File.open(path) do |f|
      f.flock(File::LOCK_EX)
      w.write "locked"
      sleep 0.2
    end
    exit!(0)
  end
  w.close
  assert_equal "locked", r.read(6)
  v, counted = while_counting { File.open(path) { |f| f.flock(File::LOCK_EX) } }
  assert_equal 0, v
  assert counted > 0
  Process.wait(pid)
end

test "Process.wait, waitpid, system, backquotes and popen wait alone" do
  pid = fork { sleep 0.05; exit!(3) }
  v, counted = while_counting { Process.wait(pid) }
  assert_equal pid, v
  assert_equal 3, $?.exitstatus
  assert counted > 0
  pid = fork { sleep 0.05; exit!(0) }
  _, counted = while_counting { Process.waitpid(pid) }
  assert counted > 0
  v, counted = while_counting { system("sleep 0.05") }
  assert_true v
  assert counted > 0
  v, counted = while_counting { `sleep 0.05; echo hi` }
  assert_equal "hi\n", v
  assert counted > 0
  v, counted = while_counting { IO.popen("sleep 0.05; echo there") { |io| io.read } }
  assert_equal "there\n", v
  assert counted > 0
end

test "sleep and a timed join wait alone" do
  _, counted = while_counting { sleep 0.05 }
  assert counted > 0
  t = Thread.new { sleep 1 }
  v, counted = while_counting { t.join(0.05) }
  assert_nil v
  assert counted > 0
  t.kill
end

test "a child's stdout is a blocking pipe although ours are not" do
  r, w = IO.pipe
  pid = fork do
    r.close
    $stdout.reopen(w)
    exec("sh", "-c", "yes x | head -c 300000")
  end
  w.close
  data = r.read
  Process.wait(pid)
  assert_equal 300_000, data.size
  assert_true $?.success?
end

test "closing a descriptor another thread waits on raises IOError there" do
  r, w = IO.pipe
  reader = Thread.new { begin; r.read(1); rescue IOError => e; e.message; end }
  selector = Thread.new { begin; IO.select([r]); rescue IOError => e; e.message; end }
  Thread.pass until reader.status == "sleep" && selector.status == "sleep"
  r.close
  assert_equal "stream closed", reader.value
  assert_equal "stream closed", selector.value
  w.close
end

test "a descriptor number reused after close is waited on afresh" do
  10.times do
    r, w = IO.pipe
    t = Thread.new { begin; r.read(1); rescue IOError; end }
    Thread.pass until t.status == "sleep"
    r.close
    w.close
    t.join
    r2, w2 = IO.pipe              # likely the same numbers again
    t2 = Thread.new { r2.read(1) }
    Thread.pass until t2.status == "sleep"
    w2.write "k"
    assert_equal "k", t2.value
    r2.close
    w2.close
  end
end

test "many threads waiting on many pipes wake in any order" do
  pipes = Array.new(200) { IO.pipe }
  readers = pipes.map { |r, w| Thread.new { r.read(2) } }
  Thread.pass until readers.all? { |t| t.status == "sleep" }
  order = (0...200).to_a.sort_by { |i| (i * 7919) % 200 }
  order.each { |i| pipes[i][1].write "%02d" % (i % 100) }
  readers.each_with_index { |t, i| assert_equal "%02d" % (i % 100), t.value }
  pipes.each { |r, w| r.close; w.close }
end
