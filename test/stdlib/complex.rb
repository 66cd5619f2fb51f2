# complex.rb: lib/complex.rb (Complex, Complex(), Numeric's complex
# methods, Math redefined for Complex and out-of-domain arguments).
require 'assert'
require 'complex'

def assert_complex(re, im, z, delta = 0.0000001)
  assert_kind_of Complex, z
  assert_in_delta re, z.real, delta
  assert_in_delta im, z.image, delta
end

test "construction" do
  z = Complex(1, 2)
  assert_equal 1, z.real
  assert_equal 2, z.image
  assert_equal 2, z.imag
  assert_equal "Complex(1, 0)", Complex(1).inspect
  assert_same z, Complex(z)
  assert_equal "Complex(1, 5)", Complex(z, 3).inspect       # a + b*i
  assert_equal "Complex(0, 2)", Complex(z, Complex(0, 1)).inspect
  assert_equal "Complex(3, 4)", Complex.new(3, 4).inspect
  assert_equal "Complex(3, 0)", Complex.new!(3).inspect
  assert_equal "Complex(0, 1)", Complex::I.inspect
  assert_complex 2.0, 0.0, Complex.polar(2, 0)
  assert_complex 0.0, 2.0, Complex.polar(2, Math::PI / 2)
  assert_kind_of Numeric, z
  assert_nil defined?(Complex::Unify)
  assert_true Complex.generic?(1)
  assert_true Complex.generic?(2 ** 80)
  assert_true Complex.generic?(1.5)
  assert_false Complex.generic?(z)
  assert_false Complex.generic?("1")
end

test "bad parts" do
  assert_raise(TypeError, "non numeric 1st arg `\"a\"'") { Complex.new("a", 1) }
  assert_raise(TypeError, "non numeric 2nd arg `nil'") { Complex.new(1, nil) }
  assert_raise(TypeError, "`Complex(1, 2)' for 1st arg") { Complex.new(Complex(1, 2), 1) }
  assert_raise(TypeError, "`Complex(1, 2)' for 2nd arg") { Complex.new(1, Complex(1, 2)) }
  assert_raise(NoMethodError) { Complex("a") }
  assert_raise(NoMethodError, /step/) { Complex(1, 2).step(3) { } }
end

test "arithmetic" do
  a = Complex(1, 2)
  b = Complex(3, -4)
  assert_equal "Complex(4, -2)", (a + b).inspect
  assert_equal "Complex(-2, 6)", (a - b).inspect
  assert_equal "Complex(11, 2)", (a * b).inspect
  assert_equal "Complex(-1, 0)", (a / b).inspect     # Integer division, as in 1.8.7
  assert_complex(-0.2, 0.4, a.quo(b))
  assert_equal "Complex(2, 2)", (1 + a).inspect
  assert_equal "Complex(2, 2)", (a + 1).inspect
  assert_equal "Complex(1, -2)", (2 - a).inspect
  assert_equal "Complex(0, 2)", (a - 1).inspect
  assert_equal "Complex(1.5, 3.0)", (1.5 * a).inspect
  assert_equal "Complex(5, -5)", (10 / Complex(1, 1)).inspect
  assert_equal "Complex(2, 4)", (a * 2).inspect
  assert_equal "Complex(-1, -2)", (-a).inspect
  assert_equal "Complex(1, 0)", (Complex(5, 6) % 2).inspect
  assert_equal "Complex(1, 0)", (Complex(5, 6) % Complex(2, 3)).inspect
  assert_equal "Complex(-1, 0)", (Complex::I * Complex::I).inspect
end

test "powers" do
  a = Complex(1, 2)
  assert_equal "Complex(-3, 4)", (a ** 2).inspect
  assert_equal "Complex(-11, -2)", (a ** 3).inspect
  assert_equal "Complex(1, 2)", (a ** 1).inspect
  assert_equal "Complex(1, 0)", (a ** 0).inspect
  assert_equal "Complex(-527, 336)", (a ** 8).inspect
  assert_complex 0.2, -0.4, a ** -1                  # by way of Float without rational
  assert_complex 1.2720196, 0.7861514, a ** 0.5
  assert_complex(-0.2472000, 0.6964505, a ** Complex(1, 1))
  assert_complex(-1.0, 0.0, Math::E ** Complex(0, Math::PI))
  assert_complex 0.0, 1.0, Complex(-1) ** 0.5
end

test "abs, arg, polar, conjugate" do
  a = Complex(3, 4)
  assert_equal 5.0, a.abs
  assert_equal 25, a.abs2
  assert_in_delta Math.atan2(4, 3), a.arg
  assert_in_delta Math.atan2(4, 3), a.angle
  r, theta = a.polar
  assert_equal 5.0, r
  assert_in_delta 0.9272952, theta
  assert_equal "Complex(3, -4)", a.conjugate.inspect
  assert_equal "Complex(3, -4)", a.conj.inspect
  assert_in_delta Math::PI, Complex(-1, 0).arg
end

test "comparison, equality, hash" do
  assert_true Complex(1, 2) == Complex(1, 2)
  assert_false Complex(1, 2) == Complex(2, 1)
  assert_true Complex(3, 0) == 3
  assert_true 3 == Complex(3, 0)
  assert_true 3.0 == Complex(3, 0)
  assert_false Complex(1, 2) == 1
  assert_false Complex(1, 2) == "x"
  assert_equal(-1, Complex(1, 2) <=> Complex(3, -4))   # by abs
  assert_equal 0, Complex(3, 4) <=> Complex(5, 0)
  assert_true Complex(1, 0) < Complex(0, 2)
  assert_equal Complex(1, 2).hash, Complex(1, 2).hash
  assert_equal [Complex(1, 0), Complex(1, 2)], Complex(1, 2).coerce(1)
  assert_equal "Complex(1, 0)", Complex(1, 2).coerce(1)[0].inspect
  assert_raise(TypeError) { Complex(1, 2).coerce("1") }
end

test "to_s and inspect" do
  assert_equal "1+2i", Complex(1, 2).to_s
  assert_equal "3-4i", Complex(3, -4).to_s
  assert_equal "3i", Complex(0, 3).to_s
  assert_equal "-3i", Complex(0, -3).to_s
  assert_equal "0i", Complex(0, 0).to_s
  assert_equal "2+0i", Complex(2, 0).to_s
  assert_equal "1.5-0.5i", Complex(1.5, -0.5).to_s
  assert_equal "Complex(1.5, -0.5)", Complex(1.5, -0.5).inspect
  assert_equal "z=1+2i", "z=#{Complex(1, 2)}"
end

test "Numeric methods" do
  assert_equal "Complex(0, 2)", 2.im.inspect
  assert_equal "Complex(0, 1.5)", 1.5.im.inspect
  assert_equal 5, 5.real
  assert_equal 0, 5.image
  assert_equal 0, 5.imag
  assert_equal 0.0, 5.arg
  assert_equal 0.0, 5.angle
  assert_in_delta Math::PI, -5.arg
  assert_equal [5, 0.0], 5.polar
  assert_equal 5, -5.polar[0]
  assert_equal 5, 5.conjugate
  assert_equal 2.5, 2.5.conj
  assert_equal 3, 3.numerator
  assert_equal 1, 3.denominator
end

test "Math with real arguments in the real domain" do
  assert_equal 2.0, Math.sqrt(4)
  assert_kind_of Float, Math.sqrt(2)
  assert_equal 0.0, Math.log(1)
  assert_equal 1.0, Math.exp(0)
  assert_equal 2.0, Math.log10(100)
  assert_in_delta 1.0, Math.sin(Math::PI / 2)
  assert_in_delta Math::PI, Math.acos(-1)
  assert_equal 0.0, Math.atanh(0)
  assert_equal 0.0, Math.acosh(1)
  assert_in_delta Math::PI / 4, Math.atan2(1, 1)
  assert_equal 2.0, Math.sqrt!(4)
  assert_raise(Errno::EDOM) { Math.sqrt!(-1) }
  assert_raise(ArgumentError) { Math.sqrt }
end

test "Math outside the real domain gives a Complex" do
  assert_equal "Complex(0, 2.0)", Math.sqrt(-4).inspect
  assert_complex 0.0, Math::PI, Math.log(-1)
  assert_complex 0.0, 1.3169579, Math.acos(2)
  assert_complex 1.5707963, -1.3169579, Math.asin(2)
  assert_complex 0.5493061, 1.5707963, Math.atanh(2)
  assert_complex 0.0, Math::PI, Math.acosh(-1)
  assert_raise(Errno::EDOM) { Math.log10(-10) }      # as in 1.8.7: real log10 only
  assert_complex 1.0, 1.3643763, Math.log10(Complex(-10, 0))
end

test "Math with Complex arguments" do
  assert_complex 0.0, 2.0, Math.sqrt(Complex(-4, 0))
  assert_complex 2.0, 1.0, Math.sqrt(Complex(3, 4))
  assert_complex 2.0, -1.0, Math.sqrt(Complex(3, -4))
  assert_complex(-1.0, 0.0, Math.exp(Complex(0, Math::PI)))
  assert_complex 1.5430806, 0.0, Math.cos(Complex(0, 1))
  assert_complex 0.0, 1.1752012, Math.sin(Complex(0, 1))
  assert_complex 0.0, 0.7615942, Math.tan(Complex(0, 1))
  assert_complex 0.5403023, 0.0, Math.cosh(Complex(0, 1))
  assert_complex 0.0, 0.8414710, Math.sinh(Complex(0, 1))
  assert_complex 0.0, 1.5574077, Math.tanh(Complex(0, 1))
  assert_complex 0.8047189, 1.1071487, Math.log(Complex(1, 2))
  z = Complex(1, 2)
  assert_complex z.real, z.image, Math.exp(Math.log(z))
  assert_complex z.real, z.image, Math.sin(Math.asin(z))
  assert_complex z.real, z.image, Math.cos(Math.acos(z))
  assert_complex z.real, z.image, Math.tan(Math.atan(z))
  assert_complex z.real, z.image, Math.sinh(Math.asinh(z))
  assert_complex z.real, z.image, Math.cosh(Math.acosh(z))
  assert_complex z.real, z.image, Math.tanh(Math.atanh(z))
  assert_complex Math::PI / 4, 0.0, Math.atan2(1, Complex(1, 0))
end

test "Math functions stay module functions" do
  m = Object.new
  m.extend Math
  assert_equal "Complex(0, 3.0)", m.send(:sqrt, -9).inspect
  assert_raise(NoMethodError) { m.sqrt(4) }            # private, as module functions are
end

require 'rational'

test "with rational loaded" do
  a = Complex(1, 2)
  assert_equal "Complex(Rational(11, 25), Rational(2, 25))", a.quo(Complex(3, 4)).inspect
  assert_equal "Complex(Rational(1, 5), Rational(-2, 5))", (a ** -1).inspect
  assert_equal "Complex(Rational(-3, 25), Rational(-4, 25))", (a ** -2).inspect
  assert_equal "Complex(Rational(3, 2), 2)", (Rational(1, 2) + a).inspect
  assert_equal "Complex(Rational(1, 2), Rational(1, 1))", (a * Rational(1, 2)).inspect
  assert_equal "1+(1/2)i", Complex(1, Rational(1, 2)).to_s
  assert_equal "1/2-(1/3)i", Complex(Rational(1, 2), Rational(-1, 3)).to_s
  assert_equal "(1/2)i", Complex(0, Rational(1, 2)).to_s
  assert_equal "1+2i", Complex(1, Rational(2, 1)).to_s
  c = Complex(Rational(1, 2), Rational(1, 3))
  assert_equal 6, c.denominator
  assert_equal "Complex(3, 2)", c.numerator.inspect
  assert_equal 0.5, Math.sqrt(Rational(1, 4))
  assert_equal "Complex(0, 0.5)", Math.sqrt(Rational(-1, 4)).inspect
  assert_true Complex.generic?(Rational(1, 2))
end
