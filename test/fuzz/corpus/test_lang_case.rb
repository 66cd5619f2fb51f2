# case.rb: case/when with values, several values per when, splats, ranges,
# classes, regexps, lambdas via ===, user-defined ===, case without a
# subject, then/`:`/newline forms and the value of a case expression.
require 'assert'

def kind(x)
  case x
  when 1, 2 then :one_or_two
  when 3..5 then :three_to_five
  when String, Symbol then :stringish
  when /^a/ then :never_reached_for_strings
  when nil then :nil
  when Array
    :array
  else
    :other
  end
end

test "values, ranges and classes" do
  assert_equal :one_or_two, kind(1)
  assert_equal :one_or_two, kind(2)
  assert_equal :three_to_five, kind(4)
  assert_equal :three_to_five, kind(5)
  assert_equal :stringish, kind("abc")
  assert_equal :stringish, kind(:s)
  assert_equal :nil, kind(nil)
  assert_equal :array, kind([])
  assert_equal :other, kind(6)
  assert_equal :other, kind(2.5)
  assert_equal :three_to_five, kind(3.5)
end

test "regexp when sets $~" do
  r = case "hello world"
      when /xyz/ then :no
      when /wor(ld)/ then $1
      end
  assert_equal "ld", r
end

test "splat in when" do
  small = [1, 2, 3]
  big = [10, 20]
  f = lambda do |v|
    case v
    when *small then :small
    when 5, *big then :big
    else :none
    end
  end
  assert_equal :small, f.call(2)
  assert_equal :big, f.call(5)
  assert_equal :big, f.call(20)
  assert_equal :none, f.call(4)
  r = case 7 when *[] then :empty else :fallback end
  assert_equal :fallback, r
end

test "no else gives nil" do
  assert_nil(case 1 when 2 then :x end)
  v = case :z
      when :a then 1
      end
  assert_nil v
end

test "case without subject" do
  x = 15
  r = case
      when x < 10 then :low
      when x < 20 then :mid
      else :high
      end
  assert_equal :mid, r
  r = case
      when false, nil then :no
      when 0 then :zero_is_true
      end
  assert_equal :zero_is_true, r
end

class Even
  def self.===(o); o.is_a?(Integer) && o % 2 == 0; end
end

test "user-defined ===" do
  r = [1, 2, 3, 4].map { |n| case n when Even then :even else :odd end }
  assert_equal [:odd, :even, :odd, :even], r
  checker = Object.new
  def checker.===(o); o == :magic; end
  assert_equal :yes, (case :magic when checker then :yes end)
end

test "the subject is evaluated once, whens lazily" do
  count = 0
  subject = lambda { count += 1; 3 }
  tested = []
  r = case subject.call
      when (tested << 1; 1) then :a
      when (tested << 3; 3) then :b
      when (tested << 9; 9) then :c
      end
  assert_equal :b, r
  assert_equal 1, count
  assert_equal [1, 3], tested
end

test "=== receiver is the when value" do
  log = []
  o = Object.new
  (class << o; self; end).send(:define_method, :===) { |x| log << x; false }
  case :subject when o then nil end
  assert_equal [:subject], log
end

test "forms" do
  r = case 2
      when 1; :semicolon
      when 2; :semi2
      end
  assert_equal :semi2, r
  r = case 3 when 3 then :inline end
  assert_equal :inline, r
  r = case "x"
  when "x"
    :newline
  end
  assert_equal :newline, r
  r = case 4
      when 1,
           4
        :continued
      end
  assert_equal :continued, r
end

test "case with strings and symbols" do
  f = lambda { |c|
    case c
    when "get", "GET" then :get
    when :post then :post
    end
  }
  assert_equal :get, f["GET"]
  assert_equal :post, f[:post]
  assert_nil f["post"]
end

test "case in a method with return and classes hierarchy" do
  g = lambda do |e|
    case e
    when ZeroDivisionError then :zero
    when ArgumentError then :arg
    when StandardError then :std
    when Exception then :exc
    end
  end
  assert_equal :zero, g[ZeroDivisionError.new]
  assert_equal :std, g[RuntimeError.new]
  assert_equal :exc, g[Interrupt.new("")]
  assert_equal :std, g[NoMethodError.new]
  assert_equal :arg, g[ArgumentError.new]
end
