# matrix.rb: lib/matrix.rb (Matrix, Vector, ExceptionForMatrix).
require 'assert'
require 'matrix'

M = Matrix[[1, 2], [3, 4]]

test "constructors" do
  assert_equal "Matrix[[1, 2], [3, 4]]", M.inspect
  assert_equal "Matrix[[1, 2], [3, 4]]", Matrix.rows([[1, 2], [3, 4]]).inspect
  assert_equal "Matrix[[1, 3], [2, 4]]", Matrix.columns([[1, 2], [3, 4]]).inspect
  assert_equal "Matrix[[1, 0, 0], [0, 2, 0], [0, 0, 3]]", Matrix.diagonal(1, 2, 3).inspect
  assert_equal "Matrix[[5, 0], [0, 5]]", Matrix.scalar(2, 5).inspect
  assert_equal "Matrix[[1, 0], [0, 1]]", Matrix.identity(2).inspect
  assert_equal Matrix.identity(3), Matrix.unit(3)
  assert_equal Matrix.identity(3), Matrix.I(3)
  assert_equal "Matrix[[0, 0], [0, 0]]", Matrix.zero(2).inspect
  assert_equal "Matrix[[1, 2]]", Matrix.row_vector([1, 2]).inspect
  assert_equal "Matrix[[1, 2]]", Matrix.row_vector(Vector[1, 2]).inspect
  assert_equal "Matrix[[7]]", Matrix.row_vector(7).inspect
  assert_equal "Matrix[[1], [2]]", Matrix.column_vector([1, 2]).inspect
  assert_equal "Matrix[[1], [2]]", Matrix.column_vector(Vector[1, 2]).inspect
  assert_equal "Matrix[[7]]", Matrix.column_vector(7).inspect
  assert_raise(NoMethodError, /private method `new'/) { Matrix.new(:init_rows, [], false) }
  assert_raise(NoMethodError, /private method `new'/) { Vector.new(:init_elements, [], false) }
end

test "rows copies unless told not to" do
  rows = [[1, 2], [3, 4]]
  copied = Matrix.rows(rows)
  shared = Matrix.rows(rows, false)
  rows[0][0] = 99
  assert_equal 1, copied[0, 0]
  assert_equal 99, shared[0, 0]
  a = M.to_a
  a[0][0] = 42
  assert_equal 1, M[0, 0]                              # to_a is a copy
end

test "access" do
  assert_equal 2, M[0, 1]
  assert_equal 3, M.element(1, 0)
  assert_equal 4, M.component(1, 1)
  assert_raise(NoMethodError) { M[0, 0] = 5 }          # []= is private
  assert_equal 2, M.row_size
  assert_equal 3, Matrix[[1, 2, 3]].column_size
  assert_equal 1, Matrix[[1, 2, 3]].row_size
  assert_equal "Vector[3, 4]", M.row(1).inspect
  assert_equal "Vector[2, 4]", M.column(1).inspect
  got = []
  M.row(0) { |e| got << e }
  M.column(0) { |e| got << e }
  assert_equal [1, 2, 1, 3], got
  assert_equal "Matrix[[10, 20], [30, 40]]", M.collect { |e| e * 10 }.inspect
  assert_equal "Matrix[[2, 3], [4, 5]]", M.map { |e| e + 1 }.inspect
  assert_equal [Vector[1, 2], Vector[3, 4]], M.row_vectors
  assert_equal [Vector[1, 3], Vector[2, 4]], M.column_vectors
  assert_equal [[1, 2], [3, 4]], M.to_a
end

test "minor" do
  m = Matrix[[1, 2, 3], [4, 5, 6], [7, 8, 9]]
  assert_equal "Matrix[[5, 6], [8, 9]]", m.minor(1..2, 1..2).inspect
  assert_equal "Matrix[[1, 2]]", m.minor(0...1, 0...2).inspect
  assert_equal "Matrix[[4, 5, 6]]", m.minor(1, 1, 0, 3).inspect
  assert_equal "Matrix[[2], [5]]", m.minor(0, 2, 1, 1).inspect
  assert_raise(ArgumentError) { m.minor(1) }
end

test "predicates, equality, hash" do
  assert_true M.square?
  assert_false Matrix[[1, 2]].square?
  assert_true M.regular?
  assert_false M.singular?
  assert_true Matrix[[1, 2], [2, 4]].singular?
  assert_false Matrix[[1, 2], [2, 4]].regular?
  assert_true M == Matrix[[1, 2], [3, 4]]
  assert_true M == Matrix[[1.0, 2], [3, 4]]
  assert_false M.eql?(Matrix[[1.0, 2], [3, 4]])
  assert_true M.eql?(Matrix[[1, 2], [3, 4]])
  assert_false M == Matrix[[1, 2]]
  assert_false M == [[1, 2], [3, 4]]
  assert_equal M.hash, Matrix[[1, 2], [3, 4]].hash
  c = M.clone
  assert_equal M, c
  assert_false M.equal?(c)
end

test "arithmetic" do
  assert_equal "Matrix[[7, 10], [15, 22]]", (M * M).inspect
  assert_equal "Matrix[[2, 4], [6, 8]]", (M + M).inspect
  assert_equal "Matrix[[0, 0], [0, 0]]", (M - M).inspect
  assert_equal "Matrix[[2, 4], [6, 8]]", (M * 2).inspect
  assert_equal "Matrix[[2, 4], [6, 8]]", (2 * M).inspect
  assert_equal "Matrix[[0.5, 1.0], [1.5, 2.0]]", (M * 0.5).inspect
  assert_equal "Matrix[[0, 1], [1, 2]]", (M / 2).inspect          # element / 2
  assert_equal "Vector[3, 7]", (M * Vector[1, 1]).inspect
  assert_equal "Matrix[[2], [5]]", (Matrix[[1], [2]] + Vector[1, 3]).inspect
  assert_equal "Matrix[[17], [39]]", (M * Matrix[[5], [6]]).inspect
  assert_equal "Matrix[[1, 2, 3], [2, 4, 6]]", (Matrix[[1], [2]] * Matrix[[1, 2, 3]]).inspect
  assert_equal "Matrix[[7, 10], [15, 22]]", (M ** 2).inspect
  assert_equal "Matrix[[37, 54], [81, 118]]", (M ** 3).inspect
  assert_equal "Matrix[[1, 0], [0, 1]]", (M ** 0).inspect
  assert_equal "Matrix[[1, 2], [3, 4]]", (M ** 1).inspect
  assert_equal "Matrix[[-2.0, 1.0], [1.5, -0.5]]", (M ** -1).inspect
  assert_equal M * M * M * M * M, M ** 5
end

test "errors" do
  e = assert_raise(ExceptionForMatrix::ErrDimensionMismatch, "Matrix dimension mismatch") { M + Matrix[[1]] }
  assert_same StandardError, e.class.superclass
  assert_same ExceptionForMatrix::ErrDimensionMismatch, Matrix::ErrDimensionMismatch
  assert_raise(Matrix::ErrDimensionMismatch, "Matrix dimension mismatch") { M - Matrix[[1, 2]] }
  assert_raise(Matrix::ErrDimensionMismatch, "Matrix dimension mismatch") { M * Matrix[[1, 2]] }
  assert_raise(Matrix::ErrDimensionMismatch, "Matrix dimension mismatch") { M * Vector[1, 2, 3] }
  assert_raise(Matrix::ErrDimensionMismatch, "Matrix dimension mismatch") { M + Vector[1, 2] }
  assert_raise(Matrix::ErrDimensionMismatch, "Matrix dimension mismatch") { Matrix[[1, 2]].inverse }
  assert_raise(Matrix::ErrDimensionMismatch, "Matrix dimension mismatch") { Matrix[[1, 2]].trace }
  assert_raise(Matrix::ErrNotRegular, "Not Regular Matrix") { Matrix[[1, 2], [2, 4]].inverse }
  assert_raise(Matrix::ErrNotRegular, "Not Regular Matrix") { Matrix[[0, 0], [0, 0]] ** -1 }
  assert_raise(Matrix::ErrOperationNotDefined, "This operation(+) can't defined") { M + 1 }
  assert_raise(Matrix::ErrOperationNotDefined, "This operation(-) can't defined") { M - 1 }
  assert_raise(Matrix::ErrOperationNotDefined, "This operation(+) can't defined") { 1 + M }
  assert_raise(Matrix::ErrOperationNotDefined, "This operation(-) can't defined") { 1 - M }
  assert_raise(Matrix::ErrOperationNotDefined, "This operation(**) can't defined") { M ** 0.5 }
  assert_raise(Matrix::ErrOperationNotDefined, "This operation(**) can't defined") { 2 ** M }
  assert_raise(TypeError, "Matrix can't be coerced into String") { M.coerce("a") }
  assert_raise(Vector::ErrDimensionMismatch, "Vector dimension mismatch") { Vector[1] + Vector[1, 2] }
  assert_raise(Vector::ErrDimensionMismatch, "Vector dimension mismatch") { Vector[1].inner_product(Vector[1, 2]) }
  assert_raise(Vector::ErrDimensionMismatch, "Vector dimension mismatch") { Vector[1].each2([1, 2]) { } }
  assert_raise(TypeError, "Vector can't be coerced into Vector") { Vector[1, 2] * Vector[1, 2] }
end

test "inverse, determinant, rank, trace, transpose (Floats without rational)" do
  assert_equal "Matrix[[-2.0, 1.0], [1.5, -0.5]]", M.inverse.inspect
  assert_equal M.inverse, M.inv
  assert_equal "Matrix[[0.5, 0.0], [0.0, 0.5]]", Matrix.scalar(2, 2).inverse.inspect
  assert_equal "Matrix[[0.0, 1.0], [1.0, 0.0]]", Matrix[[0, 1], [1, 0]].inverse.inspect
  assert_equal(-2.0, M.determinant)
  assert_equal(-2.0, M.det)
  assert_equal 5, Matrix[[5]].det
  assert_equal(-3.0, Matrix[[1, 2, 3], [4, 5, 6], [7, 8, 10]].det)
  assert_equal(-1.0, Matrix[[0, 1], [1, 0]].det)
  assert_equal 0, Matrix[[0, 0], [1, 1]].det
  assert_equal 0, Matrix[[1, 2, 3], [4, 5, 6]].det     # not square: 0
  assert_equal 2, M.rank
  assert_equal 2, Matrix[[1, 2, 3], [4, 5, 6], [7, 8, 9]].rank
  assert_equal 1, Matrix[[1, 2, 3], [2, 4, 6]].rank
  assert_equal 0, Matrix[[0, 0], [0, 0]].rank
  assert_equal 2, Matrix[[0, 1, 2], [0, 2, 4], [0, 0, 1]].rank
  assert_equal 2, Matrix[[1, 0], [0, 1], [1, 1]].rank
  assert_equal 5, M.trace
  assert_equal 5, M.tr
  assert_equal "Matrix[[1, 3], [2, 4]]", M.transpose.inspect
  assert_equal "Matrix[[1], [2]]", Matrix[[1, 2]].t.inspect
  m = Matrix[[2, 1, 1], [1, 3, 2], [1, 0, 0]]
  prod = m * m.inverse
  3.times { |i| 3.times { |j| assert_in_delta((i == j ? 1 : 0), prod[i, j], 0.0000001) } }
end

test "conversions and strings" do
  assert_equal "Matrix[[1.0, 2.0], [3.0, 4.0]]", M.elements_to_f.inspect
  assert_equal "Matrix[[1, 2]]", Matrix[[1.5, 2.7]].elements_to_i.inspect
  assert_equal "Matrix[[1, 2], [3, 4]]", M.to_s
  assert_equal "Matrix[[1.5, 2]]", Matrix[[1.5, 2]].to_s
  assert_equal "Matrix[]", Matrix[].to_s
  assert_equal 0, Matrix[].column_size
  assert_equal 1, Matrix[].det
end

test "Vector" do
  v = Vector[1, 2]
  assert_equal "Vector[1, 2]", v.inspect
  assert_equal "Vector[1, 2]", v.to_s
  assert_equal "Vector[1.5, 2]", Vector[1.5, 2].to_s
  assert_equal 2, v.size
  assert_equal 2, v[1]
  assert_equal 1, v.element(0)
  assert_equal 1, v.component(0)
  assert_nil v[5]
  assert_raise(NoMethodError) { v[0] = 3 }
  assert_equal "Vector[4, 6]", (v + Vector[3, 4]).inspect
  assert_equal "Vector[-2, -2]", (v - Vector[3, 4]).inspect
  assert_equal "Vector[2, 4]", (v * 2).inspect
  assert_equal "Vector[2, 4]", (2 * v).inspect
  assert_equal "Matrix[[2], [4]]", (v + Matrix[[1], [2]]).inspect
  assert_equal "Matrix[[1, 2], [2, 4]]", (v * Matrix[[1, 2]]).inspect
  assert_equal 11, v.inner_product(Vector[3, 4])
  assert_equal 5.0, Vector[3, 4].r
  assert_equal "Matrix[[1, 2]]", v.covector.inspect
  assert_equal [1, 2], v.to_a
  v.to_a << 3
  assert_equal 2, v.size
  assert_equal "Vector[2, 4]", v.map { |x| x * 2 }.inspect
  assert_equal "Vector[2, 4]", v.collect { |x| x * 2 }.inspect
  assert_equal "Vector[3, 8]", v.map2(Vector[3, 4]) { |a, b| a * b }.inspect
  assert_equal [4, 6], v.collect2([3, 4]) { |a, b| a + b }
  pairs = []
  v.each2(Vector[3, 4]) { |a, b| pairs << [a, b] }
  assert_equal [[1, 3], [2, 4]], pairs
  assert_true v == Vector[1, 2]
  assert_true v == Vector[1.0, 2]
  assert_false v.eql?(Vector[1.0, 2])
  assert_false v == [1, 2]
  assert_equal v.hash, Vector[1, 2].hash
  assert_equal v, v.clone
  assert_equal "Vector[1.0, 2.0]", v.elements_to_f.inspect
  a = [1, 2]
  copied = Vector.elements(a)
  shared = Vector.elements(a, false)
  a[0] = 9
  assert_equal 1, copied[0]
  assert_equal 9, shared[0]
end

require 'rational'

test "with rational loaded, inverse and determinant are exact" do
  assert_equal "Matrix[[Rational(-2, 1), Rational(1, 1)], [Rational(3, 2), Rational(-1, 2)]]",
               M.inverse.inspect
  assert_equal "Rational(-2, 1)", M.det.inspect
  assert_equal Matrix.I(2), M * M.inverse
  assert_equal "Matrix[[Rational(2, 1), Rational(-2, 1)], [Rational(0, 1), Rational(2, 1)]]",
               (Matrix[[2, 0], [0, 2]] / Matrix[[1, 1], [0, 1]]).inspect
  assert_equal "Matrix[[Rational(1, 2)]]", Matrix[[1]].collect { |e| e.quo(2) }.inspect
  assert_equal "Matrix[[Rational(3, 2)]]", Matrix[[Rational(3, 2)]].elements_to_r.inspect
end
