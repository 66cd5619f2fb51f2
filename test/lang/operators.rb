# operators.rb: arithmetic, comparison, logical and bit operators with
# Ruby 1.8.7's precedence and associativity, <=>, ===, =~, unary operators,
# operator methods defined by user classes, ternary and not/and/or.
require 'assert'

test "arithmetic precedence" do
  assert_equal 7, 1 + 2 * 3
  assert_equal 9, (1 + 2) * 3
  assert_equal 5, 10 - 3 - 2
  assert_equal 1, 12 / 4 / 3
  assert_equal 512, 2 ** 3 ** 2
  assert_equal(-4, -2 ** 2)
  assert_equal 4, (-2) ** 2
  assert_equal 2, 8 % 3
  assert_equal(-1, -7 / 7)
  assert_equal(-4, -7 / 2)
  assert_equal 1, -7 % 2
  assert_equal(-1, 7 % -2)
  assert_equal 3.5, 7 / 2.0
  assert_equal 14, 2 + 3 * 4
  assert_equal 10, 2 * 3 + 4
  assert_equal 0.5, 2 ** -1
  assert_equal Float, (2 ** -1).class      # 1.8: no Rational unless required
end

test "unary operators" do
  x = 5
  assert_equal(-5, -x)
  assert_equal 5, +x
  assert_equal(-6, ~x)
  assert_equal false, !x
  assert_equal true, !!x
  assert_equal 5, - -x
  assert_equal(3, -3.abs * -1 * -1)  # -3 is a literal: (-3).abs
  assert_equal 3, -3.abs
  assert_equal(-9, -x.succ - 3)
end

test "comparison" do
  assert_true 1 < 2
  assert_true 2 <= 2
  assert_true 3 > 2
  assert_true 3 >= 3
  assert_true 1 == 1.0
  assert_false 1.eql?(1.0)
  assert_true 1 != 2
  assert_equal(-1, 1 <=> 2)
  assert_equal 0, 2 <=> 2
  assert_equal 1, "b" <=> "a"
  assert_nil 1 <=> "a"
  assert_equal(-1, [1, 2] <=> [1, 3])
  assert_true 1 < 2 == true
  assert_equal true, (1 < 2) == (2 > 1)
end

test "===" do
  assert_true Integer === 3
  assert_false String === 3
  assert_true((1..5) === 3)
  assert_false((1..5) === 6)
  assert_true(/ab/ === "cabd")
  assert_true :a === :a
  assert_true Comparable === "s"
  assert_true Object === nil
  assert_false NilClass === false
end

test "=~ and !~" do
  assert_equal 1, "abc" =~ /b/
  assert_equal 1, /b/ =~ "abc"
  assert_nil "abc" =~ /z/
  assert_true "abc" !~ /z/
  assert_false "abc" !~ /a/
  if "key=val" =~ /(\w+)=(\w+)/
    assert_equal ["key", "val"], [$1, $2]
  end
end

test "logical operators" do
  assert_equal 2, (1 && 2)
  assert_equal nil, (nil && 2)
  assert_equal false, (false && raise)
  assert_equal 1, (1 || raise)
  assert_equal 2, (nil || 2)
  assert_equal 2, (false or 2)
  assert_equal nil, (1 and nil)
  assert_equal false, (not true)
  assert_equal true, (not nil)
  # `and`/`or` bind looser than `=`; `not` looser than ==
  a = nil or b = 5
  assert_nil a
  assert_equal 5, b
  c = 1 and d = 2
  assert_equal [1, 2], [c, d]
  e = false || true
  assert_true e
  f = (false or true)
  assert_true f
  g = false or true
  assert_false g
  assert_true((not 1 == 2)) # 1.8: `f(not x)` is a syntax error
  # `or` and `and` have the same precedence, left-assoc
  assert_equal 3, (nil or 1 and 3)
  assert_equal 3, (1 or nil and 3)
  assert_equal 3, (1 || nil && 3) + 2
end

test "ternary" do
  assert_equal :y, (true ? :y : :n)
  assert_equal :n, (nil ? :y : :n)
  x = 5
  assert_equal "big", x > 3 ? "big" : "small"
  assert_equal "mid", x > 9 ? "big" : x > 3 ? "mid" : "small"
  y = x == 5 ? 1 : 2
  assert_equal 1, y
  assert_equal 2, (false ?1:2)
  z = true ? [1, 2] : nil
  assert_equal [1, 2], z
end

test "bit operators" do
  assert_equal 1, 5 & 3
  assert_equal 7, 5 | 3
  assert_equal 6, 5 ^ 3
  assert_equal 20, 5 << 2
  assert_equal 1, 5 >> 2
  assert_equal 7, 1 | 2 & 6 | 4
  assert_equal 3, 1 + 2 & 7
  assert_equal 2 ** 70, 1 << 70
  assert_equal [1, 2, 3], [1, 2] | [2, 3]
  assert_equal [2], [1, 2] & [2, 3]
  assert_equal "ab", "a" << "b"
  assert_equal true, true & true
  assert_equal false, true & nil
  assert_equal true, false | 1
  assert_equal true, true ^ nil
  assert_equal false, nil & true
end

test "ranges in expressions" do
  assert_equal((1..4), 1..2 + 2)
  assert_equal [2, 3, 4], (1 + 1..2 * 2).to_a
  r = 1...3
  assert_equal 2, r.to_a.size
  assert_true((1..10) === 10)
  assert_false((1...10) === 10)
end

class Vec
  attr_reader :x, :y
  def initialize(x, y); @x, @y = x, y; end
  def +(o); Vec.new(x + o.x, y + o.y); end
  def -(o); Vec.new(x - o.x, y - o.y); end
  def *(k); Vec.new(x * k, y * k); end
  def -@; Vec.new(-x, -y); end
  def +@; self; end
  def ~; Vec.new(y, x); end
  def ==(o); o.is_a?(Vec) && x == o.x && y == o.y; end
  def [](i); i == 0 ? x : y; end
  def []=(i, v); i == 0 ? @x = v : @y = v; end
  def <=>(o); (x * x + y * y) <=> (o.x * o.x + o.y * o.y); end
  include Comparable
  def to_s; "(#{x}, #{y})"; end
  def call(*a); a; end
  def <<(v); @x += v; self; end
  def %(v); :mod; end
  def =~(v); :match; end
end

test "user-defined operators" do
  a = Vec.new(1, 2)
  b = Vec.new(3, 4)
  assert_equal Vec.new(4, 6), a + b
  assert_equal Vec.new(-2, -2), a - b
  assert_equal Vec.new(2, 4), a * 2
  assert_equal Vec.new(-1, -2), -a
  assert_same a, +a
  assert_equal Vec.new(2, 1), ~a
  assert_true a != b
  assert_true a < b
  assert_true b > a
  assert_equal 1, b <=> a
  assert_true a.between?(a, b)
  assert_equal 1, a[0]
  a[1] = 7
  assert_equal 7, a.y
  assert_equal "(1, 7)", "#{a}"
  assert_equal [1, 2], a.call(1, 2)
  a << 10
  assert_equal 11, a.x
  assert_equal :mod, a % 3
  assert_equal :match, a =~ 3
  # in 1.8 `!` is not a method (`def !` is a syntax error): ! of an object is false
  assert_equal false, !a
  assert_equal 7, a.send(:[], 1)
  assert_equal Vec.new(12, 7), a.send(:+, Vec.new(1, 0))
end

test "!= is !(==)" do
  o = Object.new
  def o.==(x); true; end
  assert_false(o != 1)
end

test "op precedence mix" do
  assert_true 1 + 1 == 2 && 3 > 2
  assert_equal 7, 1 + 2 << 1 | 3
  assert_equal true, 2 < 3 == (4 > 1)
  x = 1
  x += 2 * 3
  assert_equal 7, x
  assert_equal false, !true && true
  assert_equal 6, [1, 2, 3].inject { |s, v| s + v }
  assert_equal 2.0, 10.fdiv(5)
  assert_equal "abab", "ab" * 2
  assert_equal "a1", "a%d" % 1
  assert_equal "a1b2", "a%db%d" % [1, 2]
  assert_equal [1, 2, 1, 2], [1, 2] * 2
  assert_equal "1,2", [1, 2] * ","
  assert_equal 1, 2 - 1 if true
  assert_equal(3, (1 if true) + 2)
end

test "defined operators on core classes" do
  assert_equal 3, 1.+(2)
  assert_equal 2, 5.-(3)
  assert_equal true, 1.==(1)
  assert_equal [1, 2], [1].+([2])
  assert_equal(-5, 5.send(:-@))
  assert_equal 1, 5.send(:%, 2)
end
