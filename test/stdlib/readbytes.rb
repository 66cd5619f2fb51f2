# readbytes.rb: lib/readbytes.rb (IO#readbytes, TruncatedDataError).
require 'assert'
require 'readbytes'

test "readbytes" do
  r, w = IO.pipe
  w.write("abcdefg")
  w.close
  assert_equal "abc", r.readbytes(3)
  assert_equal "de", r.readbytes(2)
  e = assert_raise(TruncatedDataError) { r.readbytes(5) }
  assert_equal "data truncated", e.message
  assert_equal "fg", e.data
  e = assert_raise(EOFError) { r.readbytes(1) }
  assert_equal "End of file reached", e.message
  r.close
end

test "TruncatedDataError is an IOError" do
  assert_equal IOError, TruncatedDataError.superclass
  e = TruncatedDataError.new("m", "d")
  assert_equal "m", e.message
  assert_equal "d", e.data
end

test "readbytes waits for a slow writer without blocking other threads" do
  r, w = IO.pipe
  ticks = 0
  counter = Thread.new { loop { ticks += 1; sleep 0.01 } }
  writer = Thread.new { 3.times { |i| sleep 0.05; w.write(i.to_s) }; w.close }
  assert_equal "012", r.readbytes(3)
  assert ticks > 0, "the counter thread ran"
  counter.kill
  writer.join
end
