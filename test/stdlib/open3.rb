# open3.rb: lib/open3.rb (Open3.popen3).
require 'assert'
require 'open3'

test "popen3 without a block" do
  pipes = Open3.popen3("cat")
  assert_equal 3, pipes.size
  sin, sout, serr = pipes
  assert_kind_of IO, sin
  assert_true sin.sync
  sin.print "hello\n"
  sin.puts "world"
  sin.close
  assert_equal "hello\nworld\n", sout.read
  assert_equal "", serr.read
  sout.close
  serr.close
end

test "popen3 with a block" do
  kept = nil
  r = Open3.popen3("sh", "-c", "echo out; echo err >&2; exit 3") do |i, o, e|
    kept = [i, o, e]
    [o.read, e.read]
  end
  assert_equal ["out\n", "err\n"], r
  assert_equal [true, true, true], kept.map { |io| io.closed? }
  # the pipes are closed when the block raises, too
  kept = nil
  assert_raise(RuntimeError, "boom") do
    Open3.popen3("cat") { |i, o, e| kept = [i, o, e]; raise "boom" }
  end
  assert_equal [true, true, true], kept.map { |io| io.closed? }
  # a block closing a pipe itself is fine
  assert_equal "x", Open3.popen3("cat") { |i, o, e| i.write "x"; i.close; o.read }
end

test "command forms" do
  # a String with shell characters goes through the shell
  assert_equal "a b\n", Open3.popen3("echo a b | cat") { |i, o, e| o.read }
  # several Strings: no shell, each argument as it is
  assert_equal "a  *\n", Open3.popen3("echo", "a  *") { |i, o, e| o.read }
  assert_equal "3\n", Open3.popen3("wc -l") { |i, o, e| i.puts "1", "2", "3"; i.close; o.read.strip + "\n" }
end

test "popen3 as a private method when included" do
  o = Object.new
  o.extend(Open3)
  assert_equal "hi\n", o.__send__(:popen3, "echo hi") { |i, out, e| out.read }
  assert_raise(NoMethodError) { o.popen3("echo hi") }
end

test "a command that cannot be run" do
  out, err = Open3.popen3("no_such_command_for_open3_test") { |i, o, e| [o.read, e.read] }
  assert_equal "", out
  assert_match(/No such file or directory - no_such_command_for_open3_test \(Errno::ENOENT\)\n\z/, err)
end

test "other threads run while a popen3 child sleeps" do
  count = 0
  counter = Thread.new { loop { count += 1; sleep 0.01 } }
  out = Open3.popen3("sleep 0.2; echo woke") { |i, o, e| o.read }
  seen = count
  counter.kill
  assert_equal "woke\n", out
  assert seen > 0, "the counter thread did not run while the child slept"
end

test "a thread feeds the child while the main thread waits on its output" do
  # The child answers only after it got a line, which the writer thread
  # sends after counting: reading stdout must let the writer run.
  r = Open3.popen3("read line; echo got $line") do |i, o, e|
    steps = 0
    writer = Thread.new do
      5.times { steps += 1; Thread.pass }
      i.puts "it"
    end
    line = o.gets
    writer.join
    [line, steps]
  end
  assert_equal ["got it\n", 5], r
end

test "large output through the pipes" do
  data = "x" * 200_000
  r = Open3.popen3("cat") do |i, o, e|
    reader = Thread.new { o.read }
    i.write data
    i.close
    reader.value
  end
  assert_equal 200_000, r.length
end
