# arith_literal.rb: a single operator whose argument is a Fixnum literal
# (`n - 1`, `i < 2`) reads the literal from its node (ev_call.c, the
# *_lit operators); it must give what the call gives for every receiver:
# Fixnums at the edges, Floats, Bignums, other classes, nil, redefined
# operators, and errors reported at the operator's line.
require 'assert'

FIXMAX = 4611686018427387903      # 2**62 - 1 on 64 bits

test "Fixnum receivers" do
  n = 7
  assert_equal [8, 6, 14, 3, 1], [n + 1, n - 1, n * 2, n / 2, n % 2]
  m = -7
  assert_equal [-4, 2], [m / 2, m % 3]
  assert_equal [true, false, true, false, true], [n < 8, n < 7, n <= 7, n > 7, n >= 7]
  assert_equal [true, false], [n == 7, n == 8]
  assert_raise(ZeroDivisionError) { n / 0 }
  assert_raise(ZeroDivisionError) { n % 0 }
end

test "Fixnum results that overflow become Bignums" do
  x = FIXMAX
  assert_equal "4611686018427387904 Bignum", "#{x + 1} #{(x + 1).class}"
  assert_equal "9223372036854775806 Bignum", "#{x * 2} #{(x * 2).class}"
  y = -FIXMAX - 1
  assert_equal "-4611686018427387905 Bignum", "#{y - 1} #{(y - 1).class}"
  assert_equal "4611686018427387903 Fixnum", "#{(x + 1) - 1} #{((x + 1) - 1).class}"
end

test "Float and Bignum receivers" do
  f = 2.5
  assert_equal [3.5, 1.5, 5.0, 1.25], [f + 1, f - 1, f * 2, f / 2]
  assert_equal [true, false, true], [f < 3, f > 3, f == 2.5]
  nan = 0.0 / 0
  assert_equal [false, false, false], [nan < 1, nan > 1, nan == 1]
  b = 2**70
  assert_equal [1180591620717411303425, true, false], [b + 1, b > 1, b == 1]
end

test "other receivers make the call" do
  s = "ab"
  assert_equal "ababab", s * 3
  assert_equal "5", "%d" % 5
  assert_equal [1, 2, 1, 2], [1, 2] * 2
  assert_equal false, s == 1
  e = assert_raise(TypeError) { s + 1 }
  assert_equal "can't convert Fixnum into String", e.message
  e = assert_raise(NoMethodError) { nil - 1 }
  assert_match(/undefined method `-' for nil:NilClass/, e.message)
  assert_equal "#{__FILE__}:#{__LINE__ - 2}", e.backtrace[0][/^[^:]+:\d+/]
end

class Meter
  attr_reader :v
  def initialize(v) @v = v end
  def +(o) Meter.new(@v + o) end
  def <(o) @v < o end
  def ==(o) o == :any || @v == o end
end

test "user classes' operators" do
  m = Meter.new(3)
  assert_equal 5, (m + 2).v
  assert_equal [true, false], [m < 4, m < 3]
  assert_equal [true, false], [m == 3, m == 4]
end

test "redefined Fixnum operators are called" do
  n = 5
  Fixnum.class_eval do
    alias_method :saved_minus, :-
    alias_method :saved_lt, :<
    def -(o) 42 end
    def <(o) :lt end
  end
  begin
    assert_equal [42, :lt], [n - 1, n < 2]
  ensure
    Fixnum.class_eval do
      alias_method :-, :saved_minus
      alias_method :<, :saved_lt
    end
  end
  assert_equal [4, false], [n - 1, n < 2]
end
