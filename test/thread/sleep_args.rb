# sleep_args.rb: sleep, join and IO.select check their time interval as
# Ruby 1.8.7 does, instead of blocking for ever on a bad one.
require 'assert'

test "sleep(nil) and sleep of a non-number" do
  e = assert_raise(TypeError) { sleep(nil) }
  assert_equal "can't convert NilClass into time interval", e.message
  e = assert_raise(TypeError) { sleep("1") }
  assert_equal "can't convert String into time interval", e.message
end

test "sleep of NaN, infinity and huge values" do
  nan = 0.0 / 0
  e = assert_raise(RangeError) { sleep(-nan) }
  assert_equal "nan out of Time range", e.message
  e = assert_raise(RangeError) { sleep(1.0 / 0) }
  assert_equal "inf out of Time range", e.message
  e = assert_raise(RangeError) { sleep(1e19) }
  assert_equal "10000000000000000000.000000 out of Time range", e.message
  e = assert_raise(RangeError) { sleep(2**70) }
  assert_equal "bignum too big to convert into `long'", e.message
  assert_raise(ArgumentError, "time interval must be positive") { sleep(-1) }
end

test "sleep of zero and small values" do
  assert_equal 0, sleep(0)
  assert_equal 0, sleep(0.0)
  assert_equal 0, sleep(0.001)
end

test "IO.select checks its timeout the same way" do
  r, w = IO.pipe
  e = assert_raise(RangeError) { IO.select([r], nil, nil, -(0.0 / 0)) }
  assert_equal "nan out of Time range", e.message
  e = assert_raise(TypeError) { IO.select([r], nil, nil, "1") }
  assert_equal "can't convert String into time interval", e.message
  assert_raise(ArgumentError, "time interval must be positive") { IO.select(nil, nil, nil, -1) }
  assert_nil IO.select([r], nil, nil, 0)
end

test "join(NaN) waits for the thread without spinning" do
  t = Thread.new { sleep 0.05; :done }
  assert_same t, t.join(0.0 / 0)
  assert_equal :done, t.value
end
