# arith_flat.rb: arithmetic trees over locals and literals, which run on
# C numbers without boxing what they compute inside (ev_arith.c), give
# what the operators give one by one, and step aside for everything
# else: Bignums, division by 0, other classes, redefined operators,
# set_trace_func.
require 'assert'

def heap_floats_made
  GC.disable
  before = ObjectSpace.each_object(Float) {}
  yield
  ObjectSpace.each_object(Float) {} - before
ensure
  GC.enable
end

# 1e-300 and its products are beyond the immediate Floats: each one the
# tree boxed was a heap object (1.8.7 makes 30 here, as miniruby did)
test "only the result of a Float tree is boxed" do
  x = 1e-300
  y = nil
  made = heap_floats_made { 10.times { y = x * 1.5 * 1.5 * 1.5 } }
  assert_equal 10, made
  assert_equal 3.375e-300, y
  # with a Fixnum local: from 5 operators on (smaller ones run as trees)
  x, n = Math.ldexp(1.0, -1000), 3
  made = heap_floats_made { 10.times { y = x * n * n + x * n - x } }
  assert_equal 10, made
  assert_equal Math.ldexp(11.0, -1000), y
end

test "the values of Float trees" do
  zr, zi, cr = 0.5, -0.25, 0.125
  assert_equal 0.3125, zr * zr - zi * zi + cr
  assert_equal(-0.25, 2.0 * zr * zi)
  assert_equal false, zr * zr + zi * zi > 4.0
  assert_equal true, zr * zr + zi * zi <= 0.3125
  assert_equal true, zr * zr + zi * zi == 0.3125
  assert_equal true, zr - zi >= 0.75
  assert_equal true, zr / zi < -1.5
  a, b = 0.1, 0.2
  assert_equal 0.30000000000000004, a + b + 0.0
  assert_equal 0.1 * 3, a * 3 + 0.0
end

test "a Fixnum literal meets a Float as the operators would have it" do
  x = 3.0
  assert_equal 0.5, 1 / (x - 1)
  assert_equal 7.0, 2 * x + 1
  assert_equal(-4.0, 1 - x * 2 + 1)
  assert_equal 9.0, 3 * x * 1
  assert_equal true, 2 * x > 5
  assert_equal 2.0, (x + 1) / 2
end

test "infinities, NaN and negative zero" do
  z, one = 0.0, 1.0
  inf = one / z + 1.0
  assert_equal true, inf.infinite? == 1
  assert_equal(-1, (-one / z * 2.0).infinite?)
  nan = z / z * one
  assert nan.nan?
  assert_equal false, z / z + one == z / z + one
  assert_equal false, z / z + one < one
  assert_equal false, z / z + one >= one
  negz = -one * z * one
  assert_equal "-0.0", negz.to_s
  assert_equal "-0.0", (z * -1.0 - 0.0).to_s
  huge = 1e300
  assert_equal true, (huge * huge * 0.5).infinite? == 1
end

test "Fixnum locals make Integer arithmetic, overflow to Bignum" do
  i, j = 7, 2
  assert_equal 4, i / j + 1
  assert_equal(-3, -i / j + 1)
  assert_equal 2, i % 5 * 1
  big = 2**62 - 1
  assert_equal 2**63, big * 2 + 2
  assert_equal Bignum, (big * 2 + 2).class
  assert_equal 22, (i + j) * j + 4
  assert_equal true, i * j + 1 == 15
end

test "a Float and a Fixnum local together" do
  x, n = 2.5, 4
  assert_equal 11.0, x * n + 1
  assert_equal 10.5, n + x * n + 0.0 - 3.5 + x * 0
  assert_equal true, n * x - 1 > 8.5
end

test "other classes call their operators" do
  s, t = "ab", "cd"
  assert_equal "abcdab", s + t + s
  a = [1]
  assert_equal [1, 1, 1, 2], a * 3 + [2]
  r = Rational(1, 2) rescue nil
  v = Struct.new(:x) do
    def +(o) self.class.new(x + o.x) end
    def *(k) self.class.new(x * k) end
  end
  p1 = v.new(1.5)
  assert_equal 6.0, (p1 + p1 * 2.0 + p1).x
  assert_raise(TypeError) { x = 1.0; y = "s"; x * 2.0 + y }
  assert_raise(NoMethodError) { x = 1.0; y = nil; x * 2.0 + y * 1.0 }
end

test "a tree that saw only Fixnums is right when Floats come" do
  f = lambda { |a, b| a * b + a - b }
  100.times { |k| assert_equal k * 3 + k - 3, f.call(k, 3) }
  assert_equal 2.75, f.call(1.5, 2.5)
  g = lambda { |a| a * a + 1.0 }
  assert_equal 5.0, g.call(2)
  assert_equal 5.0, g.call(2.0)
end

test "a block's outer local" do
  k = 0.5
  sum = 0.0
  [1.0, 2.0, 3.0].each { |x| sum = sum + x * k * 2.0 }
  assert_equal 6.0, sum
end

test "set_trace_func sees the operators of a Float tree" do
  x, y = 1.5, 2.0
  calls = []
  set_trace_func lambda { |event, file, line, id, binding, klass|
    calls << id if event == "c-call" && klass == Float
  }
  z = x * y - 1.0
  set_trace_func nil
  assert_equal 2.0, z
  assert_equal [:*, :-], calls
end

# trees of 5 operators or more run with Fixnums too; smaller ones as trees
test "Fixnum trees: floor division and modulo, as Integer's" do
  a, b = -7, 2
  assert_equal 7, (a * a + 1) % 47 - a / b + 0
  assert_equal(-5, a / b + a % b * 1 - 2 + 0)
  assert_equal 3, 7 % -b * -1 + 0 + 1 + 1
  assert_equal true, a * b + 14 + 0 - 0 == 0
  assert_equal false, a * b + 14 + 0 - 1 >= 0
  assert_equal(-4, a / b + 0)
  assert_equal 1, a % b * 1
  assert_equal(-1, 7 % -b + 0)
  assert_equal 3, (a * a + 1) % 47 - 0
  assert_equal true, a * b + 14 == 0
  assert_equal true, a / b * b <= a
end

# a literal power of 2 divides by a shift and takes a modulo by a mask
test "Fixnum trees: / and % by a literal power of 2 floor" do
  big = 4611686018427387903                     # the largest Fixnum
  [-9, -8, -7, -2, -1, 0, 1, 2, 7, 8, 9, big, -big - 1].each do |x|
    q2, r2 = x.divmod(2)
    q8, r8 = x.divmod(8)
    qb, rb = x.divmod(2**61)
    assert_equal q2, (x * 1 + 0 - 0 + 0) / 2
    assert_equal r2, (x * 1 + 0 - 0 + 0) % 2
    assert_equal q8, (x * 1 + 0 - 0 + 0) / 8
    assert_equal r8, (x * 1 + 0 - 0 + 0) % 8
    assert_equal qb, (x * 1 + 0 - 0 + 0) / 2305843009213693952
    assert_equal rb, (x * 1 + 0 - 0 + 0) % 2305843009213693952
  end
  x = -7
  assert_equal(-4, (x * 1 + 0 - 0 + 0) / 2)
  assert_equal 1, (x * 1 + 0 - 0 + 0) % 4
  assert_equal(-1, (x + 6 + 0 - 0 + 0) / 1024)
  assert_equal 1023, (x + 6 + 0 - 0 + 0) % 1024
  assert_equal 3, (x * 1 + 0 - 0 + 0) / -2      # not a power of 2: an idiv
end

test "a Fixnum tree that leaves the Fixnums runs as the tree" do
  big = 2**61
  assert_equal 2**63 + 1, big * 4 + 1
  assert_equal Bignum, (big * 4 + 1).class
  assert_equal 2**62 - 1, big * 2 - 1          # 2**62 itself is a Bignum
  assert_equal Fixnum, (big * 2 - 1 - 2**61).class
  huge = 2**60
  assert_equal 1.152921504606847e+18, huge * 1.0 + 0.0
  assert_equal 2**63, big * 4 + 1 - 1 + 1 - 1
  assert_equal Bignum, (big * 4 + 1 - 1 + 1 - 1).class
  assert_equal Fixnum, (big * 2 - 1 - big + 0 - 0).class
  zero = 0
  e = assert_raise(ZeroDivisionError) { 5 / zero + 1 + 1 + 1 + 1 }
  assert_equal "divided by 0", e.message
  assert_raise(ZeroDivisionError) { 5 % zero + 1 + 1 + 1 + 1 }
  assert_equal 1.0 / 0, 5.0 / zero + 1 + 1 + 1 + 1
  e = assert_raise(ZeroDivisionError) { 5 / zero + 1 }
  assert_equal "divided by 0", e.message
  assert_raise(ZeroDivisionError) { 5 % (zero * 1) + 1 }
  assert_equal 1.0 / 0, 5.0 / zero + 1
end

test "Float#% in a tree" do
  x = 5.5
  assert_equal 2.5, x % 2.0 + 1.0
  assert_equal(-0.5 + 1.0, x % -2 + 1.0 + 0.5 - 0.5 + 0.0 - 2.0 + 2.0)
  n = -7
  assert_equal 1.0, n % 2.0 * 1.0
  assert_equal 1.0, n % 2.0 * 1.0 + 0 - 0 + 0
  assert_equal 2.5, x % 2.0 + 1.0 + n - n + 0
end

class FlatBody
  attr_reader :x, :v
  def initialize(x, v) @x, @v = x, v end
  def step(dt, k) @v -= @x * k * dt; @x += @v * dt + 0.0; self end
  def tiny_sum(n) @s = 0.0; n.times { @s = @s + @x * 1.5 * 1.5 }; @s end
  def unset_plus() @unset += 1.0 * 2.0 end
  def bump() @x += 1.0 * 2.0 end
end

test "x op= tree on locals, block locals and instance variables" do
  x, k, sum = 1.5, 2.0, 0.25
  sum += x * k - 1.0
  assert_equal 2.25, sum
  n = 7
  n -= n / 2 * 3 + 1 - 1 + 0
  assert_equal(-2, n)
  total = 0.0
  [1.0, 2.0, 3.0].each { |v| total += v * k * 0.5 }
  assert_equal 6.0, total
  b = FlatBody.new(1.0, 0.5)
  b.step(0.5, 2.0)
  assert_equal(-0.5, b.v)
  assert_equal 0.75, b.x
  10.times { b.step(0.5, 2.0) }
  assert_equal "-0.095947265625 -1.36474609375", "#{b.x} #{b.v}"
end

test "x op= tree boxes only its result" do
  x = 1e-300
  s = 0.0
  made = heap_floats_made { 10.times { s += x * 1.5 * 1.5 } }
  assert_equal 10, made
  assert_in_delta 2.25e-299, s, 1e-313
  b = FlatBody.new(1e-300, 0.0)
  b.tiny_sum(1)    # the tree's first run fills the instance variables' caches
  made = heap_floats_made { b.tiny_sum(10) }
  assert_equal 10, made
end

test "an unset or frozen instance variable in x op= tree" do
  b = FlatBody.new(1.0, 0.0)
  e = assert_raise(NoMethodError) { b.unset_plus }
  assert_match(/undefined method `\+' for nil:NilClass/, e.message)
  b.bump
  assert_equal 3.0, b.x
  b.freeze
  e = assert_raise(TypeError) { b.bump }
  assert_equal "can't modify frozen object", e.message
  assert_equal 3.0, b.x
end

# last: a redefined operator turns the fast paths off for good
test "a redefined Float operator is called" do
  x, y = 1.5, 2.0
  assert_equal 5.0, x * y + 2.0
  class Float
    alias_method :flat_saved_plus, :+
    def +(o) 42.0 end
  end
  begin
    assert_equal 42.0, x * y + 2.0
    assert_equal 42.0, x * 2 + 1
    assert_equal 4.0, 1 + x * 2   # Fixnum#+
  ensure
    class Float
      alias_method :+, :flat_saved_plus
    end
  end
  assert_equal 5.0, x * y + 2.0
end

# true, false and nil are no Floats to a flat tree, in any place, and a
# zero among Floats is 0.0 (true's word shares the flonums' low bits, and
# 0.0 has a word of its own): each gives what the operators give
test "true, false, nil and zeros among the variables of a Float tree" do
  x = 1.5
  [true, false, nil].each do |bad|
    y = bad
    assert_raise(NoMethodError) { y * 2.0 + x }
    assert_raise(NoMethodError) { x * 2.0 + y * 1.0 }
    assert_raise(TypeError) { x * x + y }
    assert_raise(NoMethodError) { y * x - x > 1.0 }
    z = 1.0
    assert_raise(NoMethodError) { z += y * x - x }
  end
  zero, negz = 0.0, -0.0
  assert_equal 1.5, zero * x + x + zero
  assert_equal "-0.0", (negz * x - zero * 0.0).to_s
  assert_equal "0.0", (zero * negz + zero * zero).to_s
  assert_equal true, zero + zero * x < x
  assert_equal false, negz * x + zero > zero
end
