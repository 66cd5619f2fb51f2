# assignment.rb: simple assignment, every op-assign form (op=, ||=, &&=)
# on locals, ivars, gvars, cvars, constants, attributes, indexes and
# A::B, with the number of evaluations of receiver and index.
require 'assert'

test "simple" do
  a = 1
  assert_equal 1, a
  b = a = 2
  assert_equal [2, 2], [a, b]
  c = (d = 3) + 1
  assert_equal [4, 3], [c, d]
  e = [1, 2]
  assert_equal [1, 2], e
  f = 1, 2
  assert_equal [1, 2], f
  g = *[1, 2]
  assert_equal [1, 2], g
  h = *[1]
  assert_equal 1, h     # 1.8: a one-element splat is the element
  i = *nil
  assert_nil i          # 1.8: *nil is nil
  j = *[]
  assert_nil j
  k = [*[]]
  assert_equal [], k
  assert_equal 5, (l = 5)
end

test "op-assign on locals" do
  a = 10
  a += 1;  assert_equal 11, a
  a -= 2;  assert_equal 9, a
  a *= 3;  assert_equal 27, a
  a /= 4;  assert_equal 6, a
  a %= 4;  assert_equal 2, a
  a **= 3; assert_equal 8, a
  a <<= 2; assert_equal 32, a
  a >>= 1; assert_equal 16, a
  a |= 1;  assert_equal 17, a
  a &= 3;  assert_equal 1, a
  a ^= 3;  assert_equal 2, a
  s = "x"
  s += "y"; assert_equal "xy", s
  s *= 2;   assert_equal "xyxy", s
  t = true
  t &&= false; assert_equal false, t
  t ||= :set;  assert_equal :set, t
  u ||= 4;     assert_equal 4, u
  u ||= 5;     assert_equal 4, u
  v = nil
  v &&= raise("not evaluated"); assert_nil v
  w = 1
  w &&= w + 1; assert_equal 2, w
  x = false
  x ||= 3; assert_equal 3, x
  assert_equal 7, (y = 3; y += 4)
end

test "op-assign on locals: order, blocks, other classes, errors" do
  k = 2
  k *= (k = 5); assert_equal 10, k           # read before the value
  n = 1
  [1, 2, 3].each { |i| n += i; m = i; m += 10; assert_equal i + 10, m }
  assert_equal 7, n                          # a block's outer local
  b = 2 ** 62
  b += b;   assert_equal 2 ** 63, b          # Fixnum overflow: Bignum
  f = 1.5
  f *= 2;   assert_equal 3.0, f
  a = [1]
  a += [2]; assert_equal [1, 2], a
  z = nil
  e = (z += 1 rescue $!)
  assert_equal NoMethodError, e.class
  assert_equal "undefined method `+' for nil:NilClass", e.message
  assert_nil z
end

class OACvar
  def self.or_set; @@oa_or ||= 1; end
  def self.and_set; @@oa_and &&= 1; end
end

test "op-assign on an unset class variable" do
  assert_equal 1, OACvar.or_set
  e = assert_raise(NameError) { OACvar.and_set }
  assert_equal "uninitialized class variable @@oa_and in OACvar", e.message
end

test "op-assign on ivars, gvars, cvars" do
  @oa = 1
  @oa += 1
  assert_equal 2, @oa
  @ob ||= [1]
  @ob ||= [2]
  assert_equal [1], @ob
  $oa_global = 5
  $oa_global -= 1
  assert_equal 4, $oa_global
  $ob_global ||= :first
  $ob_global ||= :second
  assert_equal :first, $ob_global
  $ob_global &&= :third
  assert_equal :third, $ob_global
end

class CvarOps
  def self.run
    @@c ||= 10
    @@c += 5
    @@c ||= 99
    @@c
  end
end

test "op-assign on class variables" do
  assert_equal 15, CvarOps.run
  assert_equal 20, CvarOps.run
end

class Counted
  attr_reader :reads, :writes, :log
  def initialize; @v = nil; @reads = 0; @writes = 0; @h = {}; @log = []; end
  def v; @reads += 1; @v; end
  def v=(x); @writes += 1; @v = x; end
  def [](*k); @log << [:get, k]; @h[k]; end
  def []=(*a); @log << [:set, a]; @h[a[0..-2]] = a[-1]; end
end

test "op-assign on attributes" do
  c = Counted.new
  c.v ||= 1
  assert_equal [1, 1], [c.reads, c.writes]
  c.v ||= 2
  assert_equal [2, 1], [c.reads, c.writes]
  assert_equal 1, c.v
  c.v += 10
  assert_equal 11, c.v
  c.v &&= nil
  assert_nil c.v
  calls = 0
  recv = lambda { calls += 1; c }
  recv.call.v ||= 7
  assert_equal 1, calls
  assert_equal 7, c.v
  o = Struct.new(:n).new(1)
  o.n *= 6
  assert_equal 6, o.n
end

test "op-assign on indexes" do
  h = {}
  h[:a] ||= []
  h[:a] << 1
  h[:a] ||= :never
  assert_equal({ :a => [1] }, h)
  h[:n] = 1
  h[:n] += 1
  assert_equal 2, h[:n]
  a = [1, 2, 3]
  a[0] += 10
  a[-1] *= 2
  assert_equal [11, 2, 6], a
  a[1] &&= nil
  assert_equal [11, nil, 6], a
  idx = 0
  b = [5, 6]
  b[idx += 1] += 1
  assert_equal 1, idx            # the index is evaluated once
  assert_equal [5, 7], b
  c = Counted.new
  c[1, 2] ||= :x
  assert_equal [[:get, [1, 2]], [:set, [1, 2, :x]]], c.log
  s = "hello"
  s[0, 1] += "J"
  assert_equal "hJello", s
  m = [[1]]
  m[0][0] -= 1
  assert_equal [[0]], m
end

test "index op-assign with splatted and many arguments" do
  c = Counted.new
  args = [1, 2]
  c[*args] ||= :y
  assert_equal [[:get, [1, 2]], [:set, [1, 2, :y]]], c.log
  c = Counted.new
  c[1, *[2, 3]] ||= :z
  assert_equal [[:get, [1, 2, 3]], [:set, [1, 2, 3, :z]]], c.log
  c = Counted.new
  c[1, 2, 3, 4, 5, 6, 7, 8, 9] ||= :w     # more arguments than the evaluator's buffer
  assert_equal [[:get, [1, 2, 3, 4, 5, 6, 7, 8, 9]], [:set, [1, 2, 3, 4, 5, 6, 7, 8, 9, :w]]], c.log
  h = Hash.new(0)
  order = []
  (order << :recv; h)[(order << :key; :k)] += (order << :value; 2)
  assert_equal [[:recv, :key, :value], 2], [order, h[:k]]
end

module OAConst
  X = 1
end

# 1.8.7's grammar rejects `A::B op= v` ("constant re-assignment"); a
# plain constant may be op-assigned outside method bodies.  ||= reads it
# first, as 1.8.7 does: unset, that is a NameError (a class variable's
# ||= looks whether it is set; its &&= reads it).
test "op-assign on constants" do
  e = assert_raise(NameError) { eval("ZZTOP ||= 6") }
  assert_equal "(eval):1: uninitialized constant ZZTOP", e.message
  e = assert_raise(NameError) { eval("ZZAND &&= 6") }
  assert_equal "(eval):1: uninitialized constant ZZAND", e.message
  eval("ZZTOP = nil")
  assert_equal 6, eval("ZZTOP ||= 6")
  assert_equal 6, eval("ZZTOP ||= 7")
  e = assert_raise(SyntaxError) { eval("OAConst::X ||= 6") }
  assert_match(/constant re-assignment/, e.message)
  e = assert_raise(SyntaxError) { eval("def zz; ZZC = 1; end") }
  assert_match(/dynamic constant assignment/, e.message)
  assert_equal 1, OAConst::X
end

test "attribute and index assignment values" do
  c = Counted.new
  assert_equal 5, (c.v = 5)
  r = (c[1] = 9)
  assert_equal 9, r           # the value, not []='s result
  o = Object.new
  def o.x=(v); 42; end
  assert_equal 3, (o.x = 3)
  assert_equal 4, o.send(:x=, 4) == 42 ? 4 : nil
  a = []
  a[5] = 1
  assert_equal 6, a.size
  h = Hash.new(0)
  h[:k] += 1
  h[:k] += 1
  assert_equal 2, h[:k]
end

test "assignment in conditions" do
  if (m = "abc".index("b"))
    assert_equal 1, m
  end
  n = 0
  while (line = ["a", "b", nil][n])
    n += 1
  end
  assert_equal 2, n
  assert_nil line
end

test "self.attr= and private setters" do
  k = Class.new do
    attr_accessor :val
    private :val=
    def set(v); self.val = v; end
  end
  o = k.new
  o.set 3
  assert_equal 3, o.val
  assert_raise(NoMethodError) { o.val = 1 }
end

# The value goes after the arguments, whether they fit the evaluator's
# buffer (up to 7) or come in an Array (more, or a splat), in an
# assignment and as a multiple assignment's target.
test "[]= with many or splatted arguments takes the value last" do
  k = Class.new { attr_reader :got; def []=(*a) @got = a end }
  o = k.new
  assert_equal 9, (o[1, 2, 3, 4, 5, 6, 7, 8] = 9)
  assert_equal [1, 2, 3, 4, 5, 6, 7, 8, 9], o.got
  o[*[1, 2]] = 3
  assert_equal [1, 2, 3], o.got
  o[] = 1
  assert_equal [1], o.got
  args = (1..9).to_a
  a, o[0, *args] = 7, 8
  assert_equal [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 8], o.got
  a, o[1, 2, 3, 4, 5, 6, 7] = 7, 6
  assert_equal [1, 2, 3, 4, 5, 6, 7, 6], o.got
  assert_equal 7, a
end
