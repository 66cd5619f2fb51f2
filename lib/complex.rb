# complex.rb: complex numbers (Complex) for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's complex.rb:
#   Complex(a, b = 0) (a Complex with b == 0 is returned as it is; with
#   Complex::Unify, defined by mathn, any a is), Complex.new(a, b) and
#   Complex.new!(a, b = 0) (parts must be real Numerics, else TypeError
#   "non numeric 1st arg `x'" / "`x' for 1st arg"), Complex.polar(r,
#   theta), Complex.generic?, Complex::I, real, image/imag, + - * / quo
#   ** % with Complex, Integer, Float and Rational (anything else is
#   coerced), abs, abs2, arg/angle, polar, conjugate/conj, <=> (compares
#   abs), ==, coerce, numerator/denominator, hash, to_s ("1+2i", "1-2i",
#   "2i", "1+(1/2)i"), inspect ("Complex(1, 2)");
#   Numeric#im/real/image/imag/arg/angle/polar/conjugate/conj;
#   Integer#numerator/denominator/gcd/lcm when rational is not loaded;
#   and, as 1.8.7's complex.rb did, Math's functions redefined so that a
#   Complex argument, or a real one outside the real domain, gives a
#   Complex: Math.sqrt(-4) => Complex(0, 2.0), Math.log(-1) =>
#   Complex(0.0, Math::PI), Math.acos(2), Math.atanh(2) ...  The real
#   functions stay as Math.sqrt!, Math.exp!, Math.log! etc.
# As in 1.8.7, / of Complexes with Integer parts is Integer division (use
# quo, with rational loaded, for an exact result), and Complex#step is
# undefined.
# Left out: nothing of 1.8.7's public API.

class Complex < Numeric
  undef step

  # Whether other is a real number Complex knows (Integer, Float, Rational).
  def Complex.generic?(other)
    other.kind_of?(Integer) || other.kind_of?(Float) ||
      (defined?(Rational) && other.kind_of?(Rational)) ? true : false
  end

  # Complex.polar(2, Math::PI / 2) => Complex(1.22e-16, 2.0)
  def Complex.polar(r, theta)
    Complex(r * Math.cos(theta), r * Math.sin(theta))
  end

  def Complex.new!(a, b = 0)
    new(a, b)
  end

  def initialize(a, b)
    raise TypeError, "non numeric 1st arg `#{a.inspect}'" unless a.kind_of?(Numeric)
    raise TypeError, "`#{a.inspect}' for 1st arg" if a.kind_of?(Complex)
    raise TypeError, "non numeric 2nd arg `#{b.inspect}'" unless b.kind_of?(Numeric)
    raise TypeError, "`#{b.inspect}' for 2nd arg" if b.kind_of?(Complex)
    @real = a
    @image = b
  end

  attr_reader :real, :image
  alias imag image

  def +(other)
    if other.kind_of?(Complex)
      Complex(@real + other.real, @image + other.image)
    elsif Complex.generic?(other)
      Complex(@real + other, @image)
    else
      a, b = other.coerce(self)
      a + b
    end
  end

  def -(other)
    if other.kind_of?(Complex)
      Complex(@real - other.real, @image - other.image)
    elsif Complex.generic?(other)
      Complex(@real - other, @image)
    else
      a, b = other.coerce(self)
      a - b
    end
  end

  def *(other)
    if other.kind_of?(Complex)
      Complex(@real * other.real - @image * other.image,
              @real * other.image + @image * other.real)
    elsif Complex.generic?(other)
      Complex(@real * other, @image * other)
    else
      a, b = other.coerce(self)
      a * b
    end
  end

  def /(other)
    if other.kind_of?(Complex)
      (self * other.conjugate) / other.abs2
    elsif Complex.generic?(other)
      Complex(@real / other, @image / other)
    else
      a, b = other.coerce(self)
      a / b
    end
  end

  # Division after making the parts exact (Rationals with rational loaded).
  def quo(other)
    Complex(@real.quo(1), @image.quo(1)) / other
  end

  def **(other)
    return Complex(1) if other == 0
    if other.kind_of?(Complex)
      r, theta = polar
      lr = Math.log!(r)
      Complex.polar(Math.exp!(other.real * lr - other.image * theta),
                    theta * other.real + other.image * lr)
    elsif other.kind_of?(Integer)
      if other > 0
        power_by_squaring(other)
      elsif defined?(Rational)
        (Rational(1) / self) ** -other
      else
        self ** Float(other)
      end
    elsif Complex.generic?(other)
      r, theta = polar
      Complex.polar(r ** other, theta * other)
    else
      a, b = other.coerce(self)
      a ** b
    end
  end

  def %(other)
    if other.kind_of?(Complex)
      Complex(@real % other.real, @image % other.image)
    elsif Complex.generic?(other)
      Complex(@real % other, @image % other)
    else
      a, b = other.coerce(self)
      a % b
    end
  end

  def abs
    Math.hypot(@real.to_f, @image.to_f)
  end

  # The square of abs, exact for exact parts.
  def abs2
    @real * @real + @image * @image
  end

  def arg
    Math.atan2!(@image, @real)
  end
  alias angle arg

  def polar
    [abs, arg]
  end

  def conjugate
    Complex(@real, -@image)
  end
  alias conj conjugate

  def <=>(other)
    abs <=> other.abs
  end

  def ==(other)
    if other.kind_of?(Complex)
      @real == other.real && @image == other.image
    elsif Complex.generic?(other)
      @real == other && @image == 0
    else
      other == self
    end
  end

  def coerce(other)
    if Complex.generic?(other)
      [Complex.new!(other), self]
    else
      super
    end
  end

  def denominator
    @real.denominator.lcm(@image.denominator)
  end

  def numerator
    d = denominator
    Complex(@real.numerator * (d / @real.denominator),
            @image.numerator * (d / @image.denominator))
  end

  def to_s
    im = @image
    fraction = defined?(Rational) && im.kind_of?(Rational) && im.denominator != 1
    if @real != 0
      sign = im >= 0 ? "+" : "-"
      im = -im if sign == "-"
      text = fraction ? "(#{im})" : im.to_s
      "#{@real}#{sign}#{text}i"
    else
      fraction ? "(#{im})i" : "#{im}i"
    end
  end

  def hash
    @real.hash ^ @image.hash
  end

  def inspect
    "Complex(#{@real.inspect}, #{@image.inspect})"
  end

  private

  # self ** n for an Integer n > 0, with exact parts kept exact.
  def power_by_squaring(n)
    result = nil
    base = self
    while n > 0
      if n & 1 == 1
        result = result ? result * base : base
      end
      n >>= 1
      base = Complex(base.real * base.real - base.image * base.image,
                     2 * base.real * base.image) if n > 0
    end
    result
  end
end

# Complex(1, 2) => Complex(1, 2); Complex(1) => Complex(1, 0)
def Complex(a, b = 0)
  if b == 0 && (a.kind_of?(Complex) || defined?(Complex::Unify))
    a
  else
    Complex.new(a.real - b.imag, a.imag + b.real)
  end
end

class Numeric
  # 2.im => Complex(0, 2)
  def im
    Complex(0, self)
  end

  def real
    self
  end

  def image
    0
  end
  alias imag image

  # 0.0 for a positive number, Math::PI for a negative one.
  def arg
    Math.atan2!(0, self)
  end
  alias angle arg

  def polar
    [abs, arg]
  end

  def conjugate
    self
  end
  alias conj conjugate
end

class Complex
  I = Complex(0, 1)
end

class Integer
  unless method_defined?(:numerator)
    def numerator
      self
    end

    def denominator
      1
    end
  end

  unless method_defined?(:gcd)
    def gcd(other)
      a = self.abs
      b = other.abs
      a, b = b, a % b while b != 0
      a
    end

    def lcm(other)
      return 0 if zero? || other.zero?
      (self.div(gcd(other)) * other).abs
    end
  end
end

module Math
  REAL_FUNCTIONS = %w(sqrt exp log log10 cos sin tan cosh sinh tanh
                      acos asin atan atan2 acosh asinh atanh)
  REAL_FUNCTIONS.each { |name| alias_method "#{name}!", name }
  remove_const :REAL_FUNCTIONS

  def sqrt(z)
    if Complex.generic?(z)
      z >= 0 ? sqrt!(z) : Complex(0, sqrt!(-z))
    elsif z.image < 0
      sqrt(z.conjugate).conjugate
    else
      r = z.abs
      Complex(sqrt!((r + z.real) / 2), sqrt!((r - z.real) / 2))
    end
  end

  def exp(z)
    return exp!(z) if Complex.generic?(z)
    e = exp!(z.real)
    Complex(e * cos!(z.image), e * sin!(z.image))
  end

  def log(z)
    return log!(z) if Complex.generic?(z) && z >= 0
    r, theta = z.polar
    Complex(log!(r.abs), theta)
  end

  def log10(z)
    Complex.generic?(z) ? log10!(z) : log(z) / log!(10)
  end

  def cos(z)
    return cos!(z) if Complex.generic?(z)
    Complex(cos!(z.real) * cosh!(z.image), -sin!(z.real) * sinh!(z.image))
  end

  def sin(z)
    return sin!(z) if Complex.generic?(z)
    Complex(sin!(z.real) * cosh!(z.image), cos!(z.real) * sinh!(z.image))
  end

  def tan(z)
    Complex.generic?(z) ? tan!(z) : sin(z) / cos(z)
  end

  def cosh(z)
    return cosh!(z) if Complex.generic?(z)
    Complex(cosh!(z.real) * cos!(z.image), sinh!(z.real) * sin!(z.image))
  end

  def sinh(z)
    return sinh!(z) if Complex.generic?(z)
    Complex(sinh!(z.real) * cos!(z.image), cosh!(z.real) * sin!(z.image))
  end

  def tanh(z)
    Complex.generic?(z) ? tanh!(z) : sinh(z) / cosh(z)
  end

  def acos(z)
    return acos!(z) if Complex.generic?(z) && z >= -1 && z <= 1
    -1.0.im * log(z + 1.0.im * sqrt(1.0 - z * z))
  end

  def asin(z)
    return asin!(z) if Complex.generic?(z) && z >= -1 && z <= 1
    -1.0.im * log(1.0.im * z + sqrt(1.0 - z * z))
  end

  def atan(z)
    return atan!(z) if Complex.generic?(z)
    1.0.im * log((1.0.im + z) / (1.0.im - z)) / 2.0
  end

  def atan2(y, x)
    return atan2!(y, x) if Complex.generic?(y) && Complex.generic?(x)
    -1.0.im * log((x + 1.0.im * y) / sqrt(x * x + y * y))
  end

  def acosh(z)
    return acosh!(z) if Complex.generic?(z) && z >= 1
    log(z + sqrt(z * z - 1.0))
  end

  def asinh(z)
    return asinh!(z) if Complex.generic?(z)
    log(z + sqrt(1.0 + z * z))
  end

  def atanh(z)
    return atanh!(z) if Complex.generic?(z) && z >= -1 && z <= 1
    log((1.0 + z) / (1.0 - z)) / 2.0
  end

  names = %w(sqrt exp log log10 cos sin tan cosh sinh tanh
             acos asin atan atan2 acosh asinh atanh)
  module_function(*names)
  module_function(*names.map { |n| "#{n}!" })
end
