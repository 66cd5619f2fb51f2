# mathn.rb: exact arithmetic everywhere, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's mathn.rb.  Requires
# rational, complex and matrix, then:
#   Integer#/ is quo, so 1/2 => 1/2 (a Rational) and 4/2 => 2;
#   Rational::Unify and Complex::Unify: a Rational with denominator 1 is
#   an Integer, a Complex with image 0 its real part;
#   Rational#inspect is "1/2"; Rational ** Rational is exact when it can
#   be (Rational(9, 4) ** Rational(1, 2) => 3/2; otherwise a Float, and a
#   negative base a Complex), Rational ** Integer exact;
#   Math.sqrt exact where it can be (Math.sqrt(4) => 2, Math.sqrt(1/4)
#   => 1/2, Math.sqrt(-4) => Complex(0, 2), Math.sqrt(Complex(3, 4)) =>
#   Complex(2, 1), Math.sqrt(2) => 1.4142135623731) and Math.rsqrt (the
#   same for a real argument >= 0);
#   Prime (Prime.new, succ/next, each: the primes from 2, endlessly;
#   Enumerable), Integer#prime_division ([[2, 2], [3, 1]] for 12) and
#   Integer.from_prime_division, Integer#gcd2.
# Unlike 1.8.7, a negative number's prime_division starts with [-1, 1]
# (1.8.7 silently lost the sign), and Rational ** Integer is unified
# (Rational(1, 2) ** -1 => 2, where 1.8.7 gave an unreduced 2/1).
# Left out: Rational#power2 (1.8.7's unfinished variant of **).

require 'rational'
require 'complex'
require 'matrix'

class Integer
  # The same as gcd, by the binary algorithm.
  def gcd2(other)
    a = self.abs
    b = other.abs
    return a | b if a == 0 || b == 0
    shift = 0
    while (a | b) & 1 == 0
      a >>= 1
      b >>= 1
      shift += 1
    end
    a >>= 1 while a & 1 == 0
    while b != 0
      b >>= 1 while b & 1 == 0
      a, b = b, a if a > b
      b -= a
    end
    a << shift
  end

  # Integer.from_prime_division([[2, 2], [3, 1]]) => 12
  def Integer.from_prime_division(pd)
    value = 1
    pd.each { |prime, exponent| value *= prime ** exponent }
    value
  end

  # 12.prime_division => [[2, 2], [3, 1]]
  def prime_division
    raise ZeroDivisionError if self == 0
    value = self
    factors = []
    if value < 0
      factors << [-1, 1]
      value = -value
    end
    Prime.new.each do |prime|
      break if prime * prime > value
      count = 0
      while value % prime == 0
        value = value.div(prime)
        count += 1
      end
      factors << [prime, count] if count > 0
    end
    factors << [value, 1] if value > 1
    factors
  end
end

# The primes, in order, from 2.  Each Prime object counts on its own.
class Prime
  include Enumerable

  def initialize
    @primes = []
    @last = 1
  end

  # The next prime.
  def succ
    candidate = @last + 1
    candidate += 1 until prime_candidate?(candidate)
    @primes << candidate
    @last = candidate
  end
  alias next succ

  # Yields the primes without end: the block must break.
  def each
    loop { yield succ }
  end

  private

  # Whether n has no prime factor among the primes found so far (they are
  # all the primes below n, since candidates are tried in order).
  def prime_candidate?(n)
    @primes.each do |p|
      return true if p * p > n
      return false if n % p == 0
    end
    true
  end
end

class Fixnum
  alias_method :/, :quo
end

class Bignum
  alias_method :/, :quo
end

class Rational
  Unify = true

  def inspect
    "#{numerator.inspect}/#{denominator.inspect}"
  end

  alias power! ** unless method_defined?(:power!)

  def **(other)
    case other
    when Rational
      exact_root_power(other)
    when Integer
      if other > 0
        Rational(numerator ** other, denominator ** other)
      elsif other < 0
        raise ZeroDivisionError, "denominator is zero" if numerator == 0
        Rational(denominator ** -other, numerator ** -other)
      else
        1
      end
    when Float
      to_f ** other
    else
      a, b = other.coerce(self)
      a ** b
    end
  end

  private

  # self ** other for a Rational other: exact when every prime exponent
  # of self times other is an Integer, else a Float.
  def exact_root_power(other)
    return Complex.new!(self, 0) ** other if self < 0
    return 1 if other == 0 || self == 1
    return 0 if self == 0
    num_pd = numerator.prime_division
    den_pd = denominator.prime_division
    exp = other
    if exp < 0
      exp = -exp
      num_pd, den_pd = den_pd, num_pd
    end
    [num_pd, den_pd].each do |pd|
      pd.each do |pair|
        e = pair[1] * exp
        return to_f ** other unless e.kind_of?(Integer)
        pair[1] = e
      end
    end
    Rational(Integer.from_prime_division(num_pd), Integer.from_prime_division(den_pd))
  end
end

class Complex
  Unify = true
end

module Math
  # Exact where it can be; a Complex for a negative or Complex argument.
  def sqrt(a)
    if a.kind_of?(Complex)
      abs = sqrt(a.real * a.real + a.image * a.image)
      x = sqrt((a.real + abs) / Rational(2))
      y = sqrt((-a.real + abs) / Rational(2))
      a.image >= 0 ? Complex(x, y) : Complex(x, -y)
    elsif a >= 0
      rsqrt(a)
    else
      Complex(0, rsqrt(-a))
    end
  end

  # The square root of a real a >= 0: an Integer or a Rational when exact.
  def rsqrt(a)
    if a.kind_of?(Float)
      sqrt!(a)
    elsif a.kind_of?(Rational)
      rsqrt(a.numerator) / rsqrt(a.denominator)
    else
      raise Errno::EDOM, "sqrt" if a < 0
      root = integer_sqrt(a)
      root * root == a ? root : sqrt!(a)
    end
  end

  # The largest Integer whose square is at most n (Newton's method).
  def integer_sqrt(n)
    return n if n < 2
    x = 1 << ((n.to_s(2).size + 1) >> 1)
    loop do
      y = (x + n.div(x)) >> 1
      return x if y >= x
      x = y
    end
  end

  module_function :sqrt, :rsqrt, :integer_sqrt
  private_class_method :integer_sqrt
end
