# huge_requests.rb: asking for impossible sizes, shifts, formats and
# regexps gets an exception (NoMemoryError, ArgumentError, RangeError,
# RegexpError) and leaves the interpreter usable (issue "Hardening").
require 'assert'

def raises_one_of(*classes)
  yield
  nil
rescue *classes => e
  e
end

test "strings and arrays of impossible sizes" do
  [ lambda { "x" * 2**62 }, lambda { "x" * (2**63 - 1) }, lambda { "x".ljust(2**62) },
    lambda { "x".center(2**62) }, lambda { "x".rjust(2**61, "ab") },
    lambda { [0] * 2**59 }, lambda { Array.new(2**59, 0) }, lambda { [1, 2, 3].fill(0, 2**62, 1) },
    lambda { "x" * 2**40 }, lambda { Array.new(2**40) },
  ].each do |l|
    e = raises_one_of(NoMemoryError, ArgumentError, RangeError) { l.call }
    assert_kind_of Exception, e
  end
  assert_raise(ArgumentError) { Array.new(-1) }
  assert_raise(ArgumentError) { [].pack("X") }
  assert_raise(ArgumentError) { "ab" * -1 }
end

test "numbers that do not fit" do
  assert_raise(RangeError) { 1 << 2**62 }
  assert_raise(RangeError) { Time.at(2**64) }
  assert_raise(RangeError) { "%*d" % [2**40, 1] }
  assert_raise(RangeError) { [2**70].pack("U") }
  assert_raise(RangeError, "float inf out of range of integer") { [1.0 / 0].pack("w") }
  assert_equal 0.0, 2 ** -(2**62)
end

test "regexps too deep or too slow" do
  assert_raise(RegexpError) { Regexp.new("(" * 100_000) }
  assert_raise(RegexpError) { ("a" * 40 + "b") =~ /^(a|aa)+$/ }
  assert_equal 0, "aaa" =~ /^(a|aa)+$/
end

test "still usable afterwards" do
  assert_equal "xxx", "x" * 3
  assert_equal [0, 0], Array.new(2, 0)
end
