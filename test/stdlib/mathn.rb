# mathn.rb: lib/mathn.rb (Integer#/ exact, Unify, exact powers and
# square roots, Prime, prime_division).
require 'assert'
require 'mathn'

test "requires rational, complex and matrix" do
  assert_equal "constant", defined?(Rational)
  assert_equal "constant", defined?(Complex)
  assert_equal "constant", defined?(Matrix)
  assert_true Rational::Unify
  assert_true Complex::Unify
end

test "Integer division is exact" do
  assert_equal "1/2", (1 / 2).inspect
  assert_kind_of Rational, 1 / 2
  assert_equal 2, 4 / 2
  assert_kind_of Integer, 4 / 2
  assert_equal 1, 3 / 4 + 1 / 4
  assert_equal "-1/3", (-2 / 6).inspect
  assert_equal "1/3", ((2 ** 80) / (3 * 2 ** 80)).inspect
  assert_equal 3.5, 7.0 / 2
  assert_equal 3.5, 7 / 2.0
  assert_equal 3, 7.div(2)
  assert_equal 1, 7 % 2
  assert_raise(ZeroDivisionError) { 1 / 0 }
end

test "Unify" do
  assert_equal 2, Rational(4, 2)
  assert_kind_of Integer, Rational(4, 2)
  assert_kind_of Integer, Rational(1, 2) * 2
  assert_kind_of Integer, Rational(1, 2) + Rational(1, 2)
  assert_equal 3, Complex(3, 0)
  assert_kind_of Integer, Complex(3, 0)
  assert_kind_of Integer, Complex(1, 2) * Complex(1, -2)
  assert_equal "Complex(11/25, 2/25)", (Complex(1, 2) / Complex(3, 4)).inspect
end

test "Rational#inspect" do
  assert_equal "3/4", Rational(3, 4).inspect
  assert_equal "-3/4", (-3 / 4).inspect
  assert_equal "[1/2, 1/3]", [1 / 2, 1 / 3].inspect
  assert_equal "3/4", Rational(3, 4).to_s
end

test "powers" do
  assert_equal "1/4", (2 ** -2).inspect
  assert_equal 2, (1 / 2) ** -1
  assert_kind_of Integer, (1 / 2) ** -1
  assert_equal "1/8", ((1 / 2) ** 3).inspect
  assert_equal 1, (2 / 3) ** 0
  assert_equal "3/2", (Rational(9, 4) ** Rational(1, 2)).inspect
  assert_equal "3/2", (Rational(8, 27) ** Rational(-1, 3)).inspect
  assert_equal 4, Rational(8) ** Rational(2, 3)
  assert_equal 1, Rational(5, 7) ** Rational(0)
  assert_equal 0, Rational(0) ** Rational(1, 2)
  assert_in_delta 1.4142135, Rational(2) ** Rational(1, 2), 0.000001
  assert_kind_of Float, Rational(2) ** Rational(1, 2)
  z = Rational(-8) ** Rational(1, 3)
  assert_kind_of Complex, z
  assert_in_delta 1.0, z.real, 0.000001
  assert_in_delta 1.7320508, z.image, 0.000001
  assert_in_delta 0.5, Rational(1, 4) ** 0.5, 0.000001
  assert_raise(ZeroDivisionError) { Rational(0) ** -1 }
end

test "Math.sqrt and rsqrt" do
  assert_equal 2, Math.sqrt(4)
  assert_kind_of Integer, Math.sqrt(4)
  assert_equal 0, Math.sqrt(0)
  assert_equal 1, Math.sqrt(1)
  assert_equal 2 ** 50, Math.sqrt(2 ** 100)
  assert_equal 12345678901234567890, Math.sqrt(12345678901234567890 ** 2)
  assert_kind_of Float, Math.sqrt(2)
  assert_in_delta 1.4142135, Math.sqrt(2), 0.000001
  assert_kind_of Float, Math.sqrt(2 ** 101)
  assert_equal "1/2", Math.sqrt(1 / 4).inspect
  assert_equal "2/3", Math.sqrt(Rational(4, 9)).inspect
  assert_in_delta 0.7071067, Math.sqrt(1 / 2), 0.000001
  assert_equal 2.0, Math.sqrt(4.0)
  assert_equal "Complex(0, 2)", Math.sqrt(-4).inspect
  assert_equal "Complex(0, 1/2)", Math.sqrt(-1 / 4).inspect
  assert_equal "Complex(2, 1)", Math.sqrt(Complex(3, 4)).inspect
  assert_equal "Complex(2, -1)", Math.sqrt(Complex(3, -4)).inspect
  assert_equal 3, Math.rsqrt(9)
  assert_equal "1/3", Math.rsqrt(1 / 9).inspect
  assert_raise(Errno::EDOM) { Math.rsqrt(-1) }
  assert_raise(NoMethodError) { Math.integer_sqrt(4) }
  assert_equal 2.0, Math.sqrt!(4)
end

test "Prime" do
  ps = Prime.new
  assert_equal [2, 3, 5, 7, 11], [ps.succ, ps.succ, ps.next, ps.succ, ps.next]
  assert_equal [2, 3, 5, 7, 11, 13, 17, 19, 23, 29], Prime.new.first(10)
  assert_equal 997, Prime.new.find { |p| p > 996 }
  got = []
  Prime.new.each { |p| break if p > 30; got << p }
  assert_equal [2, 3, 5, 7, 11, 13, 17, 19, 23, 29], got
  assert_equal 168, Prime.new.each_with_index { |p, i| break i if p > 1000 }
  assert_true Prime.include?(Enumerable)
end

test "prime_division and from_prime_division" do
  assert_equal [[2, 2], [3, 1]], 12.prime_division
  assert_equal [], 1.prime_division
  assert_equal [[2, 1]], 2.prime_division
  assert_equal [[97, 1]], 97.prime_division
  assert_equal [[3, 2]], 9.prime_division
  assert_equal [[2, 10], [3, 5], [101, 1]], (2 ** 10 * 3 ** 5 * 101).prime_division
  assert_equal [[2, 70]], (2 ** 70).prime_division
  assert_equal [[-1, 1], [2, 2], [3, 1]], -12.prime_division
  assert_raise(ZeroDivisionError) { 0.prime_division }
  assert_equal 12, Integer.from_prime_division([[2, 2], [3, 1]])
  assert_equal 1, Integer.from_prime_division([])
  [1, 2, 360, 1001, 65536, 999983, -90].each do |n|
    assert_equal n, Integer.from_prime_division(n.prime_division)
  end
end

test "gcd and gcd2" do
  assert_equal 6, 12.gcd(18)
  assert_equal 6, 12.gcd2(18)
  assert_equal 6, -12.gcd2(18)
  assert_equal 5, 0.gcd2(5)
  assert_equal 1, 7.gcd2(13)
  assert_equal 2 ** 40, (2 ** 70).gcd2(2 ** 40 * 3)
end

test "Matrix is exact" do
  m = Matrix[[1, 2], [3, 4]]
  assert_equal "Matrix[[-2, 1], [3/2, -1/2]]", m.inverse.inspect
  assert_equal(-2, m.det)
  assert_kind_of Integer, m.det
  assert_equal Matrix.I(2), m * m.inverse
  assert_equal "Matrix[[1/2, 1], [3/2, 2]]", (m / 2).inspect
end
