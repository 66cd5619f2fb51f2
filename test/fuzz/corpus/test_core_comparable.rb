# comparable.rb: the Comparable module on a class that defines <=>: the
# operators, between?, == rescuing errors (1.8.7), and the failure message.
require 'assert'

class Ver
  include Comparable
  attr_reader :n
  def initialize(n); @n = n; end
  def <=>(o)
    return nil unless o.is_a?(Ver)
    n <=> o.n
  end
end

class Weird
  include Comparable
  def initialize(r); @r = r; end
  def <=>(o); @r; end
end

test "operators" do
  a, b = Ver.new(1), Ver.new(2)
  assert_true a < b
  assert_true a <= b
  assert_true a <= Ver.new(1)
  assert_false a > b
  assert_true b > a
  assert_true b >= a
  assert_true a >= Ver.new(1)
  assert_true a == Ver.new(1)
  assert_false a == b
  assert_true a != b
end

test "between?" do
  assert_true Ver.new(2).between?(Ver.new(1), Ver.new(3))
  assert_true Ver.new(1).between?(Ver.new(1), Ver.new(1))
  assert_false Ver.new(4).between?(Ver.new(1), Ver.new(3))
  assert_false Ver.new(0).between?(Ver.new(1), Ver.new(3))
  assert_true 5.between?(1, 10)
  assert_true "b".between?("a", "c")
end

test "failures" do
  a = Ver.new(1)
  assert_raise(ArgumentError, "comparison of Ver with 1 failed") { a < 1 }
  assert_raise(ArgumentError, "comparison of Ver with String failed") { a > "x" }
  assert_raise(ArgumentError, "comparison of Ver with nil failed") { a >= nil }
  assert_raise(ArgumentError) { a.between?(1, 2) }
  assert_false a == 1
  assert_false a == nil
end

test "== rescues errors and compares identity first" do
  boom = Class.new do
    include Comparable
    def <=>(o); raise "boom"; end
  end.new
  assert_false boom == 1
  assert_true boom == boom
  assert_raise(RuntimeError, "boom") { boom < 1 }
end

test "<=> results other than -1/0/1" do
  assert_true Weird.new(5) > 0
  assert_true Weird.new(-5) < 0
  assert_true Weird.new(0) == 1
  assert_true Weird.new(2**70) > 1
  assert_true Weird.new(-(2**70)) < 1
  assert_true Weird.new(0.5) > 1
  assert_true Weird.new(-0.5) <= 1
end

test "core classes use Comparable" do
  assert_true String.include?(Comparable)
  assert_true Comparable === 1
  assert_true "a" < "b"
end
