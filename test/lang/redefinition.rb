# redefinition.rb: the evaluator's fast paths (Fixnum and Float operators,
# Array#[] and Hash#[], Thread.pass) step aside once the methods they stand
# for are redefined.
require 'assert'

test "a redefined Fixnum#+ is called" do
  assert_equal 3, 1 + 2
  class Fixnum
    alias_method :orig_plus, :+
    def +(o) 42 end
  end
  assert_equal 42, 1 + 2
  class Fixnum
    alias_method :+, :orig_plus
  end
  assert_equal 3, 1 + 2
end

test "a redefined Fixnum#< is called" do
  class Fixnum
    alias_method :orig_lt, :<
    def <(o) :custom end
  end
  assert_equal :custom, (1 < 2)
  class Fixnum
    alias_method :<, :orig_lt
  end
  assert_equal true, (1 < 2)
end

test "redefined Float and Fixnum arithmetic and bit operators are called" do
  assert_equal [3.0, 2.5, 0.5, 2, 1, 1, 7, 6, 1], [1.5 + 1.5, 1 + 1.5, 1.0 / 2, 5 / 2, 5 % 2, 5 & 3, 5 | 3, 5 ^ 3, 2 >> 1]
  class Float
    alias_method :orig_plus, :+
    alias_method :orig_div, :/
    def +(o) :fplus end
    def /(o) :fdiv end
  end
  class Fixnum
    alias_method :orig_div, :/
    alias_method :orig_mod, :%
    alias_method :orig_and, :&
    alias_method :orig_rshift, :>>
    def /(o) o == 2 || o == 2.0 ? :div : orig_div(o) end
    def %(o) o == 2 ? :mod : orig_mod(o) end
    def &(o) o == 3 ? :and : orig_and(o) end
    def >>(o) o == 1 ? :rshift : orig_rshift(o) end
  end
  x = 1.5
  x += 1
  assert_equal [:fplus, :fdiv, :fplus, :div, :mod, :and, :rshift], [1.5 + 1.5, 1.0 / 2, x, 5 / 2, 5 % 2, 5 & 3, 2 >> 1]
  assert_equal :div, 5 / 2.0
  class Float
    alias_method :+, :orig_plus
    alias_method :/, :orig_div
  end
  class Fixnum
    alias_method :/, :orig_div
    alias_method :%, :orig_mod
    alias_method :&, :orig_and
    alias_method :>>, :orig_rshift
  end
  assert_equal [3.0, 0.5, 2, 1, 1, 1], [1.5 + 1.5, 1.0 / 2, 5 / 2, 5 % 2, 5 & 3, 2 >> 1]
end

test "a redefined Fixnum#+ is called with a Float argument" do
  class Fixnum
    alias_method :orig_plus2, :+
    def +(o) o.is_a?(Float) ? :iplus : orig_plus2(o) end
  end
  assert_equal [:iplus, 2.5], [1 + 1.5, 1.5 + 1]
  class Fixnum
    alias_method :+, :orig_plus2
  end
  assert_equal 2.5, 1 + 1.5
end

test "a redefined Thread.pass is called" do
  calls = 0
  class << Thread
    alias_method :orig_pass, :pass
  end
  Thread.singleton_class.send(:define_method, :pass) { calls += 1 }
  Thread.pass
  Thread.pass
  assert_equal 2, calls
  class << Thread
    alias_method :pass, :orig_pass
  end
  Thread.pass
  assert_equal 2, calls
end

test "Float comparisons and <=> give MRI's answers on the fast path" do
  nan = 0.0 / 0.0
  assert_equal [-1, 0, 1], [1.0 <=> 2.0, 2.0 <=> 2.0, 3.0 <=> 2.0]
  assert_nil(nan <=> 1.0)
  assert_nil(1.0 <=> nan)
  assert_equal [false, false, false, false, false], [nan < 1.0, nan <= 1.0, nan > 1.0, nan >= 1.0, nan == nan]
  assert_equal [true, true, false], [1.5 < 2.5, 2.5 <= 2.5, 1.5 > 2.5]
  assert_equal [-1, 0, 1], [1 <=> 2, 2 <=> 2, 3 <=> 2]
  assert_equal(-1, 1.0 <=> 2)
  assert_nil(1 <=> "a")
  assert_equal [3.0, 2.0, 1.0], [2.0, 3.0, 1.0].sort { |a, b| b <=> a }
end

test "a redefined Float#<=> and Float#< are called" do
  class Float
    alias_method :orig_cmp, :<=>
    alias_method :orig_lt, :<
    def <=>(o) :cmp end
    def <(o) :lt end
  end
  assert_equal :cmp, (1.0 <=> 2.0)
  assert_equal :lt, (1.0 < 2.0)
  assert_equal 1, (2 <=> 1)
  class Float
    alias_method :<=>, :orig_cmp
    alias_method :<, :orig_lt
  end
  assert_equal(-1, 1.0 <=> 2.0)
  assert_equal true, (1.0 < 2.0)
end

test "a <=> redefined in Comparable's place, on Fixnum, is called" do
  class Fixnum
    alias_method :orig_cmp, :<=>
    def <=>(o) :fixcmp end
  end
  assert_equal :fixcmp, (1 <=> 2)
  class Fixnum
    alias_method :<=>, :orig_cmp
  end
  assert_equal(-1, 1 <=> 2)
end

class CountingHash < Hash
  def [](k) "sub #{k}" end
end

test "a[i] and h[k]: subclasses, singleton methods and defaults" do
  a = [1, 2, 3]
  assert_equal [1, 3, nil, nil], [a[0], a[-1], a[3], a[-4]]
  assert_equal 2, a[1.9]                 # not a Fixnum: the method, which truncates
  assert_equal [2, 3], a[1..2]
  def a.[](i) :singleton end
  assert_equal :singleton, a[0]
  assert_equal "sub 1", CountingHash.new[1]
  h = Hash.new { |hh, k| hh[k] = k * 2 }
  assert_equal 6, h[3]
  assert_equal({ 3 => 6 }, h)
  h = Hash.new(:dflt)
  assert_equal :dflt, h[:x]
  e = assert_raise(RuntimeError) { Hash.new { |hh, k| raise "no #{k}" }[7] }
  assert_equal "no 7", e.message
end

class LoggingArray < Array
  def <<(x) super(x * 2) end
  def pop; :popped end
end

test "a << x and a.pop: frozen arrays, subclasses, singleton methods" do
  a = []
  assert_same a, (a << 1 << 2)
  assert_equal [2, 1, nil], [a.pop, a.pop, a.pop]
  f = [1].freeze
  e = assert_raise(TypeError) { f << 2 }
  assert_match(/in `<<'\z/, e.backtrace[0])   # the frame is kept on errors
  e = assert_raise(TypeError) { f.pop }
  assert_match(/in `pop'\z/, e.backtrace[0])
  e = assert_raise(RuntimeError) { Hash.new { raise "none" }[1] }
  assert e.backtrace.any? { |l| l =~ /in `\[\]'\z/ }, e.backtrace.inspect
  l = LoggingArray.new
  l << 5
  assert_equal [[10], :popped], [l, l.pop]
  s = [3]
  def s.pop; :mine end
  def s.<<(x) :pushed end
  assert_equal [:mine, :pushed, [3]], [s.pop, s << 4, s]
  assert_equal 8, 1 << 3                 # Fixnum#<< is not an Array push
  str = "ab"
  assert_equal "abc", str << "c"
end

test "a redefined Array#[] and Hash#[] are called" do
  class Array
    alias_method :orig_aref, :[]
    def [](*i) :array end
  end
  class Hash
    alias_method :orig_aref, :[]
    def [](k) :hash end
  end
  assert_equal [:array, :hash], [[1][0], { 1 => 2 }[1]]
  class Array; alias_method :[], :orig_aref; end
  class Hash; alias_method :[], :orig_aref; end
  assert_equal [1, 2], [[1][0], { 1 => 2 }[1]]
  class Array
    alias_method :orig_lshift, :<<
    alias_method :orig_pop, :pop
    def <<(x) :push end
    def pop; :pop end
  end
  assert_equal [:push, :pop], [[] << 1, [1].pop]
  class Array
    alias_method :<<, :orig_lshift
    alias_method :pop, :orig_pop
  end
  assert_equal [[1], 1], [[] << 1, [1].pop]
end
