# securerandom.rb: lib/securerandom.rb (SecureRandom from /dev/urandom).
require 'assert'
require 'securerandom'

test "random_bytes" do
  assert_equal 16, SecureRandom.random_bytes.length
  assert_equal 16, SecureRandom.random_bytes(nil).length
  assert_equal 1, SecureRandom.random_bytes(1).length
  assert_equal 1000, SecureRandom.random_bytes(1000).length
  assert_equal "", SecureRandom.random_bytes(0)
  assert_equal 3, SecureRandom.random_bytes(3.7).length         # to_int
  assert_kind_of String, SecureRandom.random_bytes(4)
  # 32 random bytes are never twice the same
  assert_not_equal SecureRandom.random_bytes(32), SecureRandom.random_bytes(32)
  # 4096 bytes hit most of the 256 values
  seen = {}
  SecureRandom.random_bytes(4096).each_byte { |b| seen[b] = true }
  assert seen.size > 200, "only #{seen.size} distinct bytes"
  assert_raise(ArgumentError, "negative length -1 given") { SecureRandom.random_bytes(-1) }
  assert_raise(NoMethodError) { SecureRandom.random_bytes("4") }
end

test "hex" do
  h = SecureRandom.hex
  assert_equal 32, h.length
  assert_match(/\A[0-9a-f]{32}\z/, h)
  assert_match(/\A[0-9a-f]{10}\z/, SecureRandom.hex(5))
  assert_equal "", SecureRandom.hex(0)
  assert_not_equal SecureRandom.hex, SecureRandom.hex
end

test "base64" do
  b = SecureRandom.base64
  assert_equal 24, b.length
  assert_match(/\A[A-Za-z0-9+\/]{22}==\z/, b)
  long = SecureRandom.base64(100)
  assert_false long.include?("\n")
  assert_equal 100, long.unpack("m")[0].length
  assert_equal "", SecureRandom.base64(0)
end

test "random_number" do
  200.times do
    x = SecureRandom.random_number(10)
    assert(x.is_a?(Integer) && x >= 0 && x < 10, "out of range: #{x}")
  end
  seen = {}
  300.times { seen[SecureRandom.random_number(6)] = true }
  assert_equal [0, 1, 2, 3, 4, 5], seen.keys.sort
  assert_equal 0, SecureRandom.random_number(1)
  100.times do
    x = SecureRandom.random_number(256)
    assert(x >= 0 && x < 256, "out of range: #{x}")
  end
  big = 2 ** 100
  x = SecureRandom.random_number(big)
  assert(x >= 0 && x < big)
  assert(SecureRandom.random_number(big) > 2 ** 64 || SecureRandom.random_number(big) > 2 ** 64)
  100.times do
    f = SecureRandom.random_number
    assert(f.is_a?(Float) && f >= 0.0 && f < 1.0, "out of range: #{f}")
  end
  assert_kind_of Float, SecureRandom.random_number(0)
  assert_kind_of Float, SecureRandom.random_number(-5)
  assert_not_equal SecureRandom.random_number, SecureRandom.random_number
  assert_raise(ArgumentError) { SecureRandom.random_number(1.5) }
end
