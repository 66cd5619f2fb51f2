# rational.rb: lib/rational.rb (Rational, Rational(), the Integer
# methods gcd/lcm/gcdlcm/numerator/denominator/to_r, Fixnum#quo).
require 'assert'
require 'rational'

R = Rational

test "construction and reduction" do
  r = Rational(6, 8)
  assert_equal 3, r.numerator
  assert_equal 4, r.denominator
  assert_equal "Rational(-3, 4)", Rational(3, -4).inspect
  assert_equal "Rational(3, 4)", Rational(-3, -4).inspect
  assert_equal "Rational(5, 1)", Rational(5).inspect
  assert_equal "Rational(0, 1)", Rational(0, -7).inspect
  assert_same r, Rational(r)                     # a Rational with b == 1 as it is
  assert_equal "Rational(-1, 2)", Rational.reduce(3, -6).inspect
  assert_equal "Rational(2, 4)", Rational.new!(2, 4).inspect     # not reduced
  assert_equal "Rational(-2, 4)", Rational.new!(2, -4).inspect   # sign moved up
  assert_equal "Rational(7, 1)", Rational.new!(7).inspect
  big = Rational(2 ** 70, 2 ** 68)
  assert_equal 4, big.numerator
  assert_equal 1, big.denominator
  assert_kind_of Numeric, r
  assert_nil defined?(Rational::Unify)
end

test "errors" do
  assert_raise(ZeroDivisionError, "denominator is zero") { Rational(1, 0) }
  assert_raise(ZeroDivisionError, "denominator is zero") { Rational.reduce(0, 0) }
  assert_raise(ZeroDivisionError, "division by zero") { Rational(1, 2) / 0 }
  assert_raise(ZeroDivisionError, "denominator is zero") { Rational(1, 2) / Rational(0) }
  assert_raise(ZeroDivisionError) { Rational(0) ** -1 }
  assert_raise(NoMethodError, /private method `new'/) { Rational.new(1, 2) }
  assert_raise(NoMethodError) { Rational(1.5, 2) }      # arguments are Integers
  assert_raise(NoMethodError, /coerce/) { Rational(1, 2) + "1" }   # as in 1.8.7
end

test "arithmetic with Rationals" do
  a = Rational(3, 4)
  b = Rational(-6, 8)
  assert_equal "Rational(0, 1)", (a + b).inspect
  assert_equal "Rational(3, 2)", (a - b).inspect
  assert_equal "Rational(-9, 16)", (a * b).inspect
  assert_equal "Rational(-1, 1)", (a / b).inspect
  assert_equal "Rational(5, 6)", (Rational(1, 2) + Rational(1, 3)).inspect
  assert_equal "Rational(1, 6)", (Rational(1, 2) - Rational(1, 3)).inspect
  assert_equal "Rational(3, 2)", a.quo(Rational(1, 2)).inspect
end

test "arithmetic with Integers and Floats" do
  a = Rational(3, 4)
  assert_equal "Rational(7, 4)", (a + 1).inspect
  assert_equal "Rational(7, 4)", (1 + a).inspect
  assert_equal "Rational(-1, 4)", (a - 1).inspect
  assert_equal "Rational(1, 4)", (1 - a).inspect
  assert_equal "Rational(3, 2)", (a * 2).inspect
  assert_equal "Rational(3, 2)", (2 * a).inspect
  assert_equal "Rational(3, 8)", (a / 2).inspect
  assert_equal "Rational(-3, 8)", (a / -2).inspect
  assert_equal "Rational(8, 3)", (2 / a).inspect
  assert_equal "Rational(3, 1)", (a * 4).inspect
  assert_equal 1.25, a + 0.5
  assert_equal 1.25, 0.5 + a
  assert_equal 0.25, a - 0.5
  assert_equal 1.5, a / 0.5
  assert_in_delta 1.3333333, 1.0 / a, 0.000001
  assert_kind_of Float, a * 1.0
  big = Rational(1, 3) * 2 ** 80
  assert_equal 2 ** 80, big.numerator
  assert_equal 3, big.denominator
end

test "powers" do
  a = Rational(3, 4)
  assert_equal "Rational(9, 16)", (a ** 2).inspect
  assert_equal "Rational(16, 9)", (a ** -2).inspect
  assert_equal "Rational(1, 1)", (a ** 0).inspect
  assert_equal "Rational(-27, 64)", (Rational(-3, 4) ** 3).inspect
  assert_equal "Rational(-4, 3)", (Rational(-3, 4) ** -1).inspect
  assert_in_delta 0.8660254, a ** 0.5, 0.000001
  assert_in_delta 0.8660254, a ** Rational(1, 2), 0.000001
  assert_kind_of Float, a ** Rational(1, 2)
  assert_in_delta 1.4142135, 2 ** Rational(1, 2), 0.000001
end

test "div, %, divmod, remainder" do
  assert_equal [2, Rational(1, 12)], Rational(3, 4).divmod(Rational(1, 3))
  assert_equal "Rational(1, 12)", Rational(3, 4).divmod(Rational(1, 3))[1].inspect
  assert_equal [-2, Rational(1, 2)], Rational(-7, 2).divmod(2)
  assert_equal "Rational(-1, 2)", (Rational(7, 2) % -2).inspect
  assert_equal "Rational(1, 2)", (Rational(7, 2) % 1).inspect
  assert_equal 3, Rational(3, 4).div(Rational(1, 4))
  assert_kind_of Integer, Rational(7, 2).div(1)
  assert_equal "Rational(1, 6)", Rational(5, 3).remainder(Rational(1, 2)).inspect
  assert_equal "Rational(-1, 6)", Rational(-5, 3).remainder(Rational(1, 2)).inspect
  assert_in_delta 0.25, Rational(3, 4) % 0.5, 0.0000001
end

test "rounding" do
  assert_equal(-4, Rational(-7, 2).floor)
  assert_equal(-3, Rational(-7, 2).ceil)
  assert_equal(-3, Rational(-7, 2).truncate)
  assert_equal(-3, Rational(-7, 2).to_i)
  assert_equal(-4, Rational(-7, 2).round)       # halves away from zero
  assert_equal(-3, Rational(-5, 2).round)
  assert_equal 3, Rational(5, 2).round
  assert_equal 2, Rational(7, 3).round
  assert_equal 3, Rational(7, 2).floor
  assert_equal 4, Rational(7, 2).ceil
  assert_equal 3, Rational(7, 2).truncate
  assert_equal 5, Rational(5).floor
  assert_equal 5, Rational(5).ceil
end

test "comparison and equality" do
  a = Rational(3, 4)
  assert_equal 1, a <=> Rational(-3, 4)
  assert_equal(-1, a <=> 1)
  assert_equal 0, a <=> Rational(6, 8)
  assert_equal 0, a <=> 0.75
  assert_equal(-1, 1 <=> Rational(3, 2))
  assert_equal 1, 2.0 <=> a
  assert_nil a <=> "x"
  assert_true a < 1
  assert_true a > 0.5
  assert_true 1.5 > a
  assert_true a.between?(0, 1)
  assert_true a == Rational(6, 8)
  assert_true a == 0.75
  assert_true 0.75 == a
  assert_true Rational(2, 1) == 2
  assert_true 2 == Rational(2, 1)
  assert_false Rational(1, 2) == 1
  assert_false a == "3/4"
  assert_equal Rational(1, 3), [Rational(1, 2), Rational(1, 3), Rational(2, 3)].min
  assert_equal [Rational(1, 3), Rational(1, 2), 1], [1, Rational(1, 2), Rational(1, 3)].sort
end

test "conversions and strings" do
  a = Rational(3, 4)
  assert_equal "3/4", a.to_s
  assert_equal "-3/4", Rational(-3, 4).to_s
  assert_equal "3", Rational(3).to_s
  assert_equal "Rational(3, 4)", a.inspect
  assert_equal 0.75, a.to_f
  assert_equal 0, a.to_i
  assert_same a, a.to_r
  assert_equal 0.5, Rational(2 ** 80, 2 ** 81 + 0).to_f
  assert_equal "x 3/4", "x #{a}"
  assert_equal 0.75, Float(a)
  assert_equal [Rational(2, 1), a], a.coerce(2).map { |x| x }
  assert_equal "Rational(2, 1)", a.coerce(2)[0].inspect
  assert_equal [2.5, 0.75], a.coerce(2.5)
end

test "abs, -@, zero?, hash and eql?" do
  assert_equal "Rational(3, 4)", Rational(-3, 4).abs.inspect
  a = Rational(3, 4)
  assert_same a, a.abs
  assert_equal "Rational(-3, 4)", (-a).inspect
  assert_true Rational(0, 5).zero?
  assert_false a.zero?
  assert_equal Rational(3, 4).hash, Rational(6, 8).hash
  assert_true a.eql?(Rational(3, 4))
  assert_false Rational(2, 1).eql?(2)
  h = { Rational(1, 2) => :half }
  assert_equal :half, h[Rational(2, 4)]
  assert_nil h[0.5]
  assert_false a.integer?
  assert_equal [Rational(1, 2), Rational(1, 1), Rational(3, 2)],
               Rational(1, 2).step(Rational(3, 2), Rational(1, 2)).to_a
end

test "Integer methods" do
  assert_equal 2, 6.gcd(-4)
  assert_equal 2, -6.gcd(4)
  assert_equal 5, 5.gcd(0)
  assert_equal 0, 0.gcd(0)
  assert_equal 12, 6.lcm(-4)
  assert_equal 0, 0.lcm(5)
  assert_equal [2, 12], 6.gcdlcm(4)
  assert_equal [5, 0], 5.gcdlcm(0)
  assert_equal 2 ** 40, (2 ** 70).gcd(2 ** 40 * 3)
  assert_equal 3, 3.numerator
  assert_equal 1, 3.denominator
  assert_equal "Rational(3, 1)", 3.to_r.inspect
  assert_equal "Rational(1, 3)", 1.quo(3).inspect
  assert_equal "Rational(3, 1)", 3.quo(1).inspect
  assert_equal "Rational(2, 1)", (2 ** 70).quo(2 ** 69).inspect
  assert_equal "Rational(1, 3)", 1.rdiv(3).inspect
  assert_equal "Rational(1, 4)", 2.rpower(-2).inspect
  assert_equal 8, 2.rpower(3)
  assert_equal 8, 2.power!(3)
  assert_equal 8, 2 ** 3
  assert_equal "Rational(1, 4)", (2 ** -2).inspect   # ** is rpower, as in 1.8.7
  assert_equal "Rational(1, 8)", ((-2) ** -3 * -1).inspect
  assert_equal "Rational(1, 1267650600228229401496703205376)", (2 ** -100).inspect
  assert_equal "Rational(1, 1267650600228229401496703205376)", ((2 ** 100) ** -1).inspect
  assert_in_delta 1.4142135, 2 ** 0.5, 0.000001
  assert_in_delta 0.7071067, 2 ** -0.5, 0.000001
  assert_equal 1, 2 ** 0
  assert_equal 0.25, 2.power!(-2)
  assert_equal 3, 7 / 2                          # / is unchanged
end
