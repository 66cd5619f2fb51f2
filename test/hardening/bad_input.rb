# bad_input.rb: programs that ask for the impossible get exceptions, not
# crashes (issue "Hardening").
require 'assert'

test "huge allocations raise" do
  e = assert_raise(NoMemoryError) { "x" * (2**40) }
  assert_equal "failed to allocate memory", e.message
  assert_raise(ArgumentError, "argument too big") { "xy" * (2**62) }
  assert_raise(ArgumentError, "negative array size") { Array.new(-1) }
  assert_raise(ArgumentError, "X outside of string") { [].pack("X") }
  assert_raise(NoMemoryError) { Array.new(2**40) }
end

test "recursive structures print as 1.8 prints them" do
  a = [1]
  a << a
  assert_equal "[1, [...]]", a.inspect
  h = {}
  h[1] = h
  assert_equal "{1=>{...}}", h.inspect
  assert_equal "1[...]", a.join
end

test "the interpreter still works after running out of memory" do
  begin
    "x" * (2**41)
  rescue NoMemoryError
  end
  assert_equal "ok" * 3, "okokok"
end
