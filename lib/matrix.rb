# matrix.rb: Matrix and Vector for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's matrix.rb:
#   Matrix[*rows], Matrix.rows(rows, copy = true), Matrix.columns,
#   Matrix.diagonal, Matrix.scalar, Matrix.identity/unit/I, Matrix.zero,
#   Matrix.row_vector, Matrix.column_vector (Matrix.new is private);
#   [] (element, component), row_size, column_size, row(i) and column(j)
#   (a Vector, or each element to a block), collect/map, minor(rows,
#   cols) and minor(row, nrows, col, ncols), square?, regular?, singular?,
#   ==, eql?, hash, clone, + - (with a Matrix or a Vector; a Numeric is
#   ErrOperationNotDefined), * (with a Numeric, a Vector or a Matrix),
#   / (a Numeric or a Matrix, by its inverse), ** (an Integer; 0 gives
#   the identity, a negative one the inverse's power), inverse/inv,
#   determinant/det, rank, trace/tr, transpose/t, row_vectors,
#   column_vectors, to_a, elements_to_f/i/r, coerce (so that 2 * m
#   works), to_s "Matrix[[1, 2], [3, 4]]", inspect.
#   Vector[*elems], Vector.elements(array, copy = true); [] (element,
#   component), size, each2, collect2, +, -, * (a Numeric or a Matrix),
#   inner_product, collect/map, map2, r, covector, to_a, elements_to_f/
#   i/r, ==, eql?, hash, clone, coerce, to_s "Vector[1, 2]", inspect.
#   Errors are ExceptionForMatrix::ErrDimensionMismatch ("Matrix dimension
#   mismatch" or "Vector dimension mismatch", after the class that raised
#   it), ErrNotRegular ("Not Regular Matrix") and ErrOperationNotDefined
#   ("This operation(+) can't defined"), through e2mmap.
# As in 1.8.7, inverse and determinant divide with quo, so without
# rational an Integer Matrix gets a Float inverse and determinant (with
# rational, exact Rationals; with mathn, Integers where exact), and
# Matrix / Numeric divides each element with /.
# Left out: nothing of 1.8.7's public API.  Unlike 1.8.7, an empty Matrix
# has column_size 0 and determinant 1, and trace of a non-square Matrix
# raises ErrDimensionMismatch (1.8.7 failed inside with NoMethodError).

require 'e2mmap'

module ExceptionForMatrix
  extend Exception2MessageMapper
  def_e2message(TypeError, "wrong argument type %s (expected %s)")
  def_e2message(ArgumentError, "Wrong # of arguments(%d for %d)")

  def_exception("ErrDimensionMismatch", "\#{self.name} dimension mismatch")
  def_exception("ErrNotRegular", "Not Regular Matrix")
  def_exception("ErrOperationNotDefined", "This operation(%s) can\\'t defined")
end

class Matrix
  include ExceptionForMatrix

  # Matrix[[1, 2], [3, 4]]
  def Matrix.[](*rows)
    new(:init_rows, rows, false)
  end

  def Matrix.rows(rows, copy = true)
    new(:init_rows, rows, copy)
  end

  # Matrix.columns([[1, 2], [3, 4]]) => Matrix[[1, 3], [2, 4]]
  def Matrix.columns(columns)
    return Matrix.rows([], false) if columns.empty?
    rows = (0...columns[0].size).map { |i| columns.map { |col| col[i] } }
    Matrix.rows(rows, false)
  end

  def Matrix.diagonal(*values)
    n = values.size
    rows = (0...n).map do |i|
      row = Array.new(n, 0)
      row[i] = values[i]
      row
    end
    Matrix.rows(rows, false)
  end

  def Matrix.scalar(n, value)
    Matrix.diagonal(*Array.new(n, value))
  end

  def Matrix.identity(n)
    Matrix.scalar(n, 1)
  end

  class << self
    alias unit identity
    alias I identity
  end

  def Matrix.zero(n)
    Matrix.scalar(n, 0)
  end

  # A one-row Matrix.
  def Matrix.row_vector(row)
    case row
    when Vector then Matrix.rows([row.to_a], false)
    when Array then Matrix.rows([row.dup], false)
    else Matrix.rows([[row]], false)
    end
  end

  # A one-column Matrix.
  def Matrix.column_vector(column)
    case column
    when Vector then Matrix.columns([column.to_a])
    when Array then Matrix.columns([column])
    else Matrix.columns([[column]])
    end
  end

  private_class_method :new

  def initialize(init_method, *args)
    send(init_method, *args)
  end

  def init_rows(rows, copy)
    @rows = copy ? rows.map { |row| row.dup } : rows
    self
  end
  private :init_rows

  def [](i, j)
    row = @rows[i]
    row && row[j]
  end
  alias element []
  alias component []

  def []=(i, j, v)
    @rows[i][j] = v
  end
  alias set_element []=
  alias set_component []=
  private :[]=, :set_element, :set_component

  def row_size
    @rows.size
  end

  def column_size
    @rows.empty? ? 0 : @rows[0].size
  end

  # The i-th row as a Vector, or each of its elements to the block.
  def row(i)
    if block_given?
      @rows[i].each { |e| yield e }
      self
    else
      Vector.elements(@rows[i])
    end
  end

  # The j-th column as a Vector, or each of its elements to the block.
  def column(j)
    if block_given?
      @rows.each { |row| yield row[j] }
      self
    else
      Vector.elements(@rows.map { |row| row[j] }, false)
    end
  end

  def collect
    Matrix.rows(@rows.map { |row| row.map { |e| yield e } }, false)
  end
  alias map collect

  # minor(row_range, col_range) or minor(row, nrows, col, ncols)
  def minor(*param)
    case param.size
    when 2
      rows, cols = param
      from_row, nrows = range_start_size(rows)
      from_col, ncols = range_start_size(cols)
    when 4
      from_row, nrows, from_col, ncols = param
    else
      raise ArgumentError, "wrong number of arguments (#{param.size} for 2 or 4)"
    end
    picked = @rows[from_row, nrows] || []
    Matrix.rows(picked.map { |row| row[from_col, ncols] || [] }, false)
  end

  def square?
    column_size == row_size
  end

  def regular?
    !singular?
  end

  def singular?
    determinant == 0
  end

  def ==(other)
    other.kind_of?(Matrix) && other.compare_by_row_vectors(@rows)
  end

  def eql?(other)
    other.kind_of?(Matrix) && other.compare_by_row_vectors(@rows, :eql?)
  end

  def compare_by_row_vectors(rows, cmp = :==)
    return false unless @rows.size == rows.size
    @rows.each_with_index do |row, i|
      return false unless row.size == rows[i].size
      row.each_with_index { |e, j| return false unless e.send(cmp, rows[i][j]) }
    end
    true
  end
  protected :compare_by_row_vectors

  def clone
    Matrix.rows(@rows)
  end

  def hash
    h = 0
    @rows.each { |row| row.each { |e| h ^= e.hash } }
    h
  end

  def *(m)
    case m
    when Numeric
      Matrix.rows(@rows.map { |row| row.map { |e| e * m } }, false)
    when Vector
      (self * Matrix.column_vector(m)).column(0)
    when Matrix
      Matrix.Raise ErrDimensionMismatch if column_size != m.row_size
      mcols = m.column_size
      rows = @rows.map do |row|
        (0...mcols).map do |j|
          sum = 0
          row.each_with_index { |e, k| sum += e * m[k, j] }
          sum
        end
      end
      Matrix.rows(rows, false)
    else
      a, b = m.coerce(self)
      a * b
    end
  end

  def +(m)
    elementwise(m, :+)
  end

  def -(m)
    elementwise(m, :-)
  end

  def /(other)
    case other
    when Numeric
      Matrix.rows(@rows.map { |row| row.map { |e| e / other } }, false)
    when Matrix
      self * other.inverse
    else
      a, b = other.coerce(self)
      a / b
    end
  end

  def inverse
    Matrix.Raise ErrDimensionMismatch unless square?
    Matrix.I(row_size).inverse_from(self)
  end
  alias inv inverse

  # Gauss-Jordan elimination of src, applied to self (the identity).
  def inverse_from(src)
    n = row_size
    a = src.to_a
    n.times do |k|
      pivot = k
      best = a[k][k].abs
      (k + 1...n).each do |i|
        v = a[i][k].abs
        if v > best
          pivot = i
          best = v
        end
      end
      Matrix.Raise ErrNotRegular if best == 0
      if pivot != k
        a[pivot], a[k] = a[k], a[pivot]
        @rows[pivot], @rows[k] = @rows[k], @rows[pivot]
      end
      akk = a[k][k]
      n.times do |i|
        next if i == k
        q = a[i][k].quo(akk)
        a[i][k] = 0
        (k + 1...n).each { |j| a[i][j] -= a[k][j] * q }
        n.times { |j| @rows[i][j] -= @rows[k][j] * q }
      end
      (k + 1...n).each { |j| a[k][j] = a[k][j].quo(akk) }
      n.times { |j| @rows[k][j] = @rows[k][j].quo(akk) }
    end
    self
  end
  protected :inverse_from

  def **(other)
    if other.kind_of?(Integer)
      base = self
      if other <= 0
        return Matrix.identity(column_size) if other == 0 && square?
        base = inverse
        other = -other
      end
      result = nil
      while other > 0
        result = result ? result * base : base if other & 1 == 1
        other >>= 1
        base = base * base if other > 0
      end
      result
    else
      Matrix.Raise ErrOperationNotDefined, "**"
    end
  end

  # 0 for a non-square Matrix, as in 1.8.7.
  def determinant
    return 0 unless square?
    n = row_size
    a = to_a
    det = 1
    n.times do |k|
      if a[k][k] == 0
        i = (k + 1...n).find { |r| a[r][k] != 0 }
        return 0 unless i
        a[i], a[k] = a[k], a[i]
        det = -det
      end
      akk = a[k][k]
      (k + 1...n).each do |r|
        q = a[r][k].quo(akk)
        (k + 1...n).each { |j| a[r][j] -= a[k][j] * q }
      end
      det *= akk
    end
    det
  end
  alias det determinant

  # The number of linearly independent rows.
  def rank
    a = to_a
    rows = row_size
    cols = column_size
    rank = 0
    cols.times do |k|
      break if rank == rows
      pivot = (rank...rows).find { |i| a[i][k] != 0 }
      next unless pivot
      a[pivot], a[rank] = a[rank], a[pivot]
      akk = a[rank][k]
      (rank + 1...rows).each do |i|
        q = a[i][k].quo(akk)
        a[i][k] = 0
        (k + 1...cols).each { |j| a[i][j] -= a[rank][j] * q }
      end
      rank += 1
    end
    rank
  end

  def trace
    Matrix.Raise ErrDimensionMismatch unless square?
    sum = 0
    row_size.times { |i| sum += @rows[i][i] }
    sum
  end
  alias tr trace

  def transpose
    return Matrix.rows([], false) if @rows.empty?
    Matrix.columns(@rows)
  end
  alias t transpose

  def row_vectors
    (0...row_size).map { |i| row(i) }
  end

  def column_vectors
    (0...column_size).map { |j| column(j) }
  end

  def to_a
    @rows.map { |row| row.dup }
  end

  def elements_to_f
    collect { |e| e.to_f }
  end

  def elements_to_i
    collect { |e| e.to_i }
  end

  def elements_to_r
    collect { |e| e.to_r }
  end

  def coerce(other)
    case other
    when Numeric
      [Scalar.new(other), self]
    else
      raise TypeError, "#{self.class} can't be coerced into #{other.class}"
    end
  end

  def to_s
    "Matrix[" + @rows.map { |row| "[" + row.map { |e| e.to_s }.join(", ") + "]" }.join(", ") + "]"
  end

  def inspect
    "Matrix" + @rows.inspect
  end

  private

  def range_start_size(range)
    first = range.first
    size = range.end - first
    size += 1 unless range.exclude_end?
    [first, size]
  end

  def elementwise(m, op)
    case m
    when Numeric
      Matrix.Raise ErrOperationNotDefined, op.to_s
    when Vector
      m = Matrix.column_vector(m)
    when Matrix
    else
      a, b = m.coerce(self)
      return a.send(op, b)
    end
    unless row_size == m.row_size && column_size == m.column_size
      Matrix.Raise ErrDimensionMismatch
    end
    rows = (0...row_size).map do |i|
      (0...column_size).map { |j| @rows[i][j].send(op, m[i, j]) }
    end
    Matrix.rows(rows, false)
  end

  # A number on the left of a Matrix or Vector operator (2 * m).
  class Scalar < Numeric
    include ExceptionForMatrix

    def initialize(value)
      @value = value
    end

    def +(other)
      case other
      when Vector, Matrix
        Scalar.Raise ErrOperationNotDefined, "+"
      when Scalar
        Scalar.new(@value + other.value)
      else
        a, b = other.coerce(@value)
        a + b
      end
    end

    def -(other)
      case other
      when Vector, Matrix
        Scalar.Raise ErrOperationNotDefined, "-"
      when Scalar
        Scalar.new(@value - other.value)
      else
        a, b = other.coerce(@value)
        a - b
      end
    end

    def *(other)
      case other
      when Vector, Matrix
        other.collect { |e| @value * e }
      when Scalar
        Scalar.new(@value * other.value)
      else
        a, b = other.coerce(@value)
        a * b
      end
    end

    def /(other)
      case other
      when Vector
        Scalar.Raise ErrOperationNotDefined, "/"
      when Matrix
        self * other.inverse
      when Scalar
        Scalar.new(@value / other.value)
      else
        a, b = other.coerce(@value)
        a / b
      end
    end

    def **(other)
      case other
      when Vector, Matrix
        Scalar.Raise ErrOperationNotDefined, "**"
      when Scalar
        Scalar.new(@value ** other.value)
      else
        a, b = other.coerce(@value)
        a ** b
      end
    end

    protected

    attr_reader :value
  end
end

class Vector
  include ExceptionForMatrix

  # Vector[1, 2, 3]
  def Vector.[](*array)
    new(:init_elements, array, false)
  end

  def Vector.elements(array, copy = true)
    new(:init_elements, array, copy)
  end

  private_class_method :new

  def initialize(method, array, copy)
    send(method, array, copy)
  end

  def init_elements(array, copy)
    @elements = copy ? array.dup : array
  end
  private :init_elements

  def [](i)
    @elements[i]
  end
  alias element []
  alias component []

  def []=(i, v)
    @elements[i] = v
  end
  alias set_element []=
  alias set_component []=
  private :[]=, :set_element, :set_component

  def size
    @elements.size
  end

  # Each pair of elements of self and v, which must have the same size.
  def each2(v)
    Vector.Raise ErrDimensionMismatch if size != v.size
    size.times { |i| yield @elements[i], v[i] }
    self
  end

  def collect2(v)
    Vector.Raise ErrDimensionMismatch if size != v.size
    (0...size).map { |i| yield @elements[i], v[i] }
  end

  def ==(other)
    other.kind_of?(Vector) && other.compare_by(@elements)
  end

  def eql?(other)
    other.kind_of?(Vector) && other.compare_by(@elements, :eql?)
  end

  def compare_by(elements, cmp = :==)
    return false unless @elements.size == elements.size
    @elements.each_with_index { |e, i| return false unless e.send(cmp, elements[i]) }
    true
  end
  protected :compare_by

  def clone
    Vector.elements(@elements)
  end

  def hash
    @elements.hash
  end

  def *(x)
    case x
    when Numeric
      Vector.elements(@elements.map { |e| e * x }, false)
    when Matrix
      Matrix.column_vector(self) * x
    else
      a, b = x.coerce(self)
      a * b
    end
  end

  def +(v)
    case v
    when Vector
      Vector.elements(collect2(v) { |a, b| a + b }, false)
    when Matrix
      Matrix.column_vector(self) + v
    else
      a, b = v.coerce(self)
      a + b
    end
  end

  def -(v)
    case v
    when Vector
      Vector.elements(collect2(v) { |a, b| a - b }, false)
    when Matrix
      Matrix.column_vector(self) - v
    else
      a, b = v.coerce(self)
      a - b
    end
  end

  def inner_product(v)
    Vector.Raise ErrDimensionMismatch if size != v.size
    sum = 0
    each2(v) { |a, b| sum += a * b }
    sum
  end

  def collect
    Vector.elements(@elements.map { |e| yield e }, false)
  end
  alias map collect

  def map2(v)
    Vector.elements(collect2(v) { |a, b| yield a, b }, false)
  end

  # The Euclidean length.
  def r
    sum = 0
    @elements.each { |e| sum += e * e }
    Math.sqrt(sum)
  end

  def covector
    Matrix.row_vector(self)
  end

  def to_a
    @elements.dup
  end

  def elements_to_f
    map { |e| e.to_f }
  end

  def elements_to_i
    map { |e| e.to_i }
  end

  def elements_to_r
    map { |e| e.to_r }
  end

  def coerce(other)
    case other
    when Numeric
      [Matrix::Scalar.new(other), self]
    else
      raise TypeError, "#{self.class} can't be coerced into #{other.class}"
    end
  end

  def to_s
    "Vector[" + @elements.join(", ") + "]"
  end

  def inspect
    "Vector" + @elements.inspect
  end
end
