# Math: 1.8.7's module functions, Float() argument rules, Errno::EDOM.
require 'assert'

def near(a, b, eps = 1e-12)
  (a - b).abs <= eps * [1.0, a.abs, b.abs].max
end

test "constants" do
  assert_equal 3.141592653589793, Math::PI
  assert_equal 2.718281828459045, Math::E
  assert_equal "3.14159265358979", Math::PI.to_s
end

test "functions" do
  assert_equal 2.0, Math.sqrt(4)
  assert_equal 3.0, Math.sqrt(9.0)
  assert_equal 0.0, Math.sin(0)
  assert_equal 1.0, Math.cos(0)
  assert_equal 0.0, Math.tan(0)
  assert_true near(1.0, Math.sin(Math::PI / 2))
  assert_true near(Math::PI / 4, Math.atan(1))
  assert_true near(Math::PI / 2, Math.asin(1))
  assert_true near(0.0, Math.acos(1))
  assert_true near(Math::PI, Math.atan2(0, -1))
  assert_equal 0.0, Math.atan2(0, 1)
  assert_equal 1.0, Math.exp(0)
  assert_true near(Math::E, Math.exp(1))
  assert_equal 0.0, Math.log(1)
  assert_true near(1.0, Math.log(Math::E))
  assert_equal 3.0, Math.log2(8)
  assert_equal 3.0, Math.log10(1000)
  assert_equal 0.0, Math.sinh(0)
  assert_equal 1.0, Math.cosh(0)
  assert_equal 0.0, Math.tanh(0)
  assert_equal 0.0, Math.asinh(0)
  assert_equal 0.0, Math.acosh(1)
  assert_equal 0.0, Math.atanh(0)
  assert_equal 5.0, Math.hypot(3, 4)
  assert_equal 0.0, Math.erf(0)
  assert_equal 1.0, Math.erfc(0)
  assert_equal [0.5, 4], Math.frexp(8)
  assert_equal [0.0, 0], Math.frexp(0)
  assert_equal 8.0, Math.ldexp(0.5, 4)
  assert_equal 8.0, Math.ldexp(0.5, 4.9)
  assert_kind_of Float, Math.sqrt(4)
  assert_equal 2.0 ** 35, Math.sqrt(2 ** 70)
end

test "domain errors raise Errno::EDOM" do
  assert_raise(Errno::EDOM, "Numerical argument out of domain - sqrt") { Math.sqrt(-1) }
  assert_raise(Errno::EDOM, "Numerical argument out of domain - log") { Math.log(-1) }
  assert_raise(Errno::EDOM, "Numerical argument out of domain - log2") { Math.log2(-1) }
  assert_raise(Errno::EDOM, "Numerical argument out of domain - log10") { Math.log10(-1) }
  assert_raise(Errno::EDOM, "Numerical argument out of domain - acos") { Math.acos(2) }
  assert_raise(Errno::EDOM, "Numerical argument out of domain - asin") { Math.asin(-2) }
  assert_raise(Errno::EDOM, "Numerical argument out of domain - acosh") { Math.acosh(0) }
  assert_raise(Errno::EDOM, "Numerical argument out of domain - atanh") { Math.atanh(2) }
  assert_raise(Errno::EDOM) { Math.sqrt(0.0 / 0.0) }
  assert_true Errno::EDOM.ancestors.include?(SystemCallError)
  assert_false Math.const_defined?(:DomainError)
end

test "unchecked functions return NaN or Infinity" do
  assert_true Math.sin(1.0 / 0).nan?
  assert_equal "Infinity", Math.exp(1000).to_s
  assert_equal "-Infinity", Math.log(0).to_s
  assert_equal "-0.0", Math.sqrt(-0.0).to_s
end

test "argument conversion" do
  assert_equal 2.0, Math.sqrt("4")
  assert_raise(ArgumentError) { Math.sqrt("x") }
  assert_raise(TypeError, "can't convert nil into Float") { Math.sqrt(nil) }
  assert_raise(TypeError, "can't convert Object into Float") { Math.sqrt(Object.new) }
  assert_raise(TypeError, "can't convert true into Float") { Math.cos(true) }
  assert_raise(ArgumentError) { Math.sqrt }
  assert_raise(ArgumentError) { Math.log(8, 2) }
  assert_raise(TypeError, "no implicit conversion from nil to integer") { Math.ldexp(1.0, nil) }
end

test "module functions" do
  assert_equal Module, Math.class
  assert_false Math.respond_to?(:cbrt)
  o = Object.new
  class << o
    include Math
    def root(x); sqrt(x); end
  end
  assert_equal 3.0, o.root(9)
  assert_raise(NoMethodError) { o.sqrt(9) }
end
