# rational.rb: exact fractions (Rational) for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's rational.rb:
#   Rational(a, b = 1) (reduced; a Rational with b == 1 is returned as it
#   is), Rational.reduce(num, den = 1), Rational.new!(num, den = 1) (not
#   reduced; Rational.new is private), numerator/denominator, + - * /
#   ** % divmod div abs <=> == coerce with Integer, Float and Rational
#   (a Float operand gives a Float; anything else is coerced), floor,
#   ceil, truncate, round, to_i, to_f, to_r, to_s ("3/4", "3" when the
#   denominator is 1), inspect ("Rational(3, 4)"), hash (equal Rationals
#   hash alike); Integer#numerator/denominator/to_r/gcd/lcm/gcdlcm;
#   Fixnum#quo and Bignum#quo (and rdiv) giving a Rational; and, as in
#   1.8.7, Fixnum#** and Bignum#** become #rpower, exact for a negative
#   Integer exponent (2 ** -2 => Rational(1, 4)), the original ** staying
#   as power!.
#   A zero denominator raises ZeroDivisionError "denominator is zero";
#   dividing by an Integer zero raises ZeroDivisionError "division by zero".
#   Rational::Unify (defined by mathn) makes Rational(n, 1) return n.
# Left out: nothing of 1.8.7's public API.  As in 1.8.7, the arguments of
# Rational() must be Integers (anything else fails in #gcd).

class Rational < Numeric
  # Rational.reduce(6, -4) => Rational(-3, 2)
  def Rational.reduce(num, den = 1)
    raise ZeroDivisionError, "denominator is zero" if den == 0
    if den < 0
      num, den = -num, -den
    end
    g = num.gcd(den)
    unless g == 1
      num = num.div(g)
      den = den.div(g)
    end
    return num if den == 1 && defined?(Unify)
    new!(num, den)
  end

  # A Rational as given (the sign is still moved to the numerator).
  def Rational.new!(num, den = 1)
    new(num, den)
  end

  private_class_method :new

  def initialize(num, den)
    if den < 0
      num, den = -num, -den
    end
    if num.kind_of?(Integer) && den.kind_of?(Integer)
      @numerator, @denominator = num, den
    else
      @numerator, @denominator = num.to_i, den.to_i
    end
  end

  attr_reader :numerator, :denominator

  def +(other)
    case other
    when Rational
      Rational(@numerator * other.denominator + other.numerator * @denominator,
               @denominator * other.denominator)
    when Integer
      Rational(@numerator + other * @denominator, @denominator)
    when Float
      to_f + other
    else
      a, b = other.coerce(self)
      a + b
    end
  end

  def -(other)
    case other
    when Rational
      Rational(@numerator * other.denominator - other.numerator * @denominator,
               @denominator * other.denominator)
    when Integer
      Rational(@numerator - other * @denominator, @denominator)
    when Float
      to_f - other
    else
      a, b = other.coerce(self)
      a - b
    end
  end

  def *(other)
    case other
    when Rational
      Rational(@numerator * other.numerator, @denominator * other.denominator)
    when Integer
      Rational(@numerator * other, @denominator)
    when Float
      to_f * other
    else
      a, b = other.coerce(self)
      a * b
    end
  end

  def /(other)
    case other
    when Rational
      Rational(@numerator * other.denominator, @denominator * other.numerator)
    when Integer
      raise ZeroDivisionError, "division by zero" if other == 0
      Rational(@numerator, @denominator * other)
    when Float
      to_f / other
    else
      a, b = other.coerce(self)
      a / b
    end
  end
  alias quo /

  # An Integer power is exact; a Float or Rational one gives a Float.
  def **(other)
    case other
    when Integer
      if other > 0
        Rational.new!(@numerator ** other, @denominator ** other)
      elsif other < 0
        raise ZeroDivisionError, "denominator is zero" if @numerator == 0
        Rational.new!(@denominator ** -other, @numerator ** -other)
      else
        Rational.new!(1, 1)
      end
    when Float, Rational
      to_f ** other
    else
      a, b = other.coerce(self)
      a ** b
    end
  end

  # Floored division, as Integer#div: the quotient is an Integer.
  def div(other)
    (self / other).floor
  end

  # The remainder of floored division: it has the sign of other.
  def %(other)
    self - other * div(other)
  end
  alias modulo %

  def divmod(other)
    q = div(other)
    [q, self - other * q]
  end

  def remainder(other)
    self - other * (self / other).truncate
  end

  def abs
    @numerator < 0 ? Rational.new!(-@numerator, @denominator) : self
  end

  def -@
    Rational.new!(-@numerator, @denominator)
  end

  def zero?
    @numerator == 0
  end

  def ==(other)
    case other
    when Rational
      @numerator == other.numerator && @denominator == other.denominator
    when Integer
      @denominator == 1 && @numerator == other
    when Float
      to_f == other
    else
      other == self
    end
  end

  def <=>(other)
    case other
    when Rational
      (@numerator * other.denominator) <=> (other.numerator * @denominator)
    when Integer
      @numerator <=> other * @denominator
    when Float
      to_f <=> other
    else
      if other.respond_to?(:coerce)
        a, b = other.coerce(self)
        a <=> b
      end
    end
  end

  def coerce(other)
    case other
    when Integer
      [Rational.new!(other, 1), self]
    when Float
      [other, to_f]
    else
      super
    end
  end

  def floor
    @numerator.div(@denominator)
  end

  def ceil
    -((-@numerator).div(@denominator))
  end

  def truncate
    @numerator < 0 ? -((-@numerator).div(@denominator)) : @numerator.div(@denominator)
  end
  alias to_i truncate

  # Halves round away from zero.
  def round
    n = @numerator.abs * 2 + @denominator
    q = n.div(@denominator * 2)
    @numerator < 0 ? -q : q
  end

  def to_f
    @numerator.fdiv(@denominator)
  end

  def to_r
    self
  end

  def to_s
    @denominator == 1 ? @numerator.to_s : "#{@numerator}/#{@denominator}"
  end

  def inspect
    "Rational(#{@numerator.inspect}, #{@denominator.inspect})"
  end

  def hash
    @numerator.hash ^ @denominator.hash ^ 1.hash
  end

  def eql?(other)
    other.kind_of?(Rational) && self == other
  end
end

# Rational(3, 4), Rational(6, 8) => Rational(3, 4), Rational(5) => Rational(5, 1)
def Rational(a, b = 1)
  return a if a.kind_of?(Rational) && b == 1
  Rational.reduce(a, b)
end

class Integer
  def numerator
    self
  end

  def denominator
    1
  end

  def to_r
    Rational(self, 1)
  end

  # The greatest common divisor, never negative.
  def gcd(other)
    a = self.abs
    b = other.abs
    while b != 0
      a, b = b, a % b
    end
    a
  end

  # The least common multiple, never negative; 0 if either is 0.
  def lcm(other)
    return 0 if zero? || other.zero?
    (self.div(gcd(other)) * other).abs
  end

  def gcdlcm(other)
    g = gcd(other)
    return [g, 0] if zero? || other.zero?
    [g, (self.div(g) * other).abs]
  end
end

[Fixnum, Bignum].each do |klass|
  klass.class_eval do
    alias_method :power!, :** unless method_defined?(:power!)

    # 1.quo(3) => Rational(1, 3)
    def quo(other)
      Rational.new!(self, 1) / other
    end
    alias_method :rdiv, :quo

    # 2.rpower(-2) => Rational(1, 4); a non-negative power is an Integer.
    def rpower(other)
      if other.kind_of?(Integer) && other < 0
        Rational.new!(self, 1) ** other
      else
        power!(other)
      end
    end
    alias_method :**, :rpower
  end
end
