# branch_compare.rb: if, unless, ?: and while/until whose condition is a
# comparison (< <= > >= ==) of locals, instance variables and a Fixnum
# literal: the branch or the loop compares in its own evaluator
# (ev_call.c, branch evaluators).  Each must do what the call does for
# every receiver: Fixnums at the edges, Floats and NaN, Bignums, Strings,
# an object with its own <, nil (the error and its line), a redefined
# Fixnum#<, and do-while loops.
require 'assert'

FIXMAX = 4611686018427387903      # 2**62 - 1 on 64 bits

def pick(a, b)
  r = []
  r << (a < b ? :lt : :not_lt)
  r << (a <= b ? :le : :not_le)
  if a > b then r << :gt else r << :not_gt end
  r << :ge if a >= b
  r << :not_eq unless a == b
  r
end

def pick_lit(a)
  r = []
  r << (a < 2 ? :lt : :not_lt)
  r << (a <= 2 ? :le : :not_le)
  if a > 2 then r << :gt else r << :not_gt end
  r << :ge if a >= 2
  r << :not_eq unless a == 2
  r
end

test "Fixnum operands, literal and not" do
  assert_equal [:lt, :le, :not_gt, :not_eq], pick(1, 2)
  assert_equal [:not_lt, :le, :not_gt, :ge], pick(2, 2)
  assert_equal [:not_lt, :not_le, :gt, :ge, :not_eq], pick(3, 2)
  assert_equal [:lt, :le, :not_gt, :not_eq], pick_lit(1)
  assert_equal [:not_lt, :le, :not_gt, :ge], pick_lit(2)
  assert_equal [:not_lt, :not_le, :gt, :ge, :not_eq], pick_lit(3)
  assert_equal [:lt, :le, :not_gt, :not_eq], pick(-FIXMAX - 1, FIXMAX)
  assert_equal [:not_lt, :not_le, :gt, :ge, :not_eq], pick(FIXMAX, -FIXMAX - 1)
  assert_equal [:lt, :le, :not_gt, :not_eq], pick_lit(-FIXMAX - 1)
end

test "Floats, NaN, Bignums and mixed operands" do
  nan = 0.0 / 0.0
  assert_equal [:lt, :le, :not_gt, :not_eq], pick(1.5, 2)
  assert_equal [:not_lt, :le, :not_gt, :ge], pick(2.0, 2)
  assert_equal [:not_lt, :le, :not_gt, :ge], pick_lit(2.0)
  assert_equal [:not_lt, :not_le, :not_gt, :not_eq], pick(nan, 1.0)
  assert_equal [:not_lt, :not_le, :not_gt, :not_eq], pick_lit(nan)
  assert_equal [:not_lt, :not_le, :gt, :ge, :not_eq], pick(FIXMAX + 1, FIXMAX)
  assert_equal [:lt, :le, :not_gt, :not_eq], pick(FIXMAX, FIXMAX + 1)
  assert_equal [:not_lt, :not_le, :gt, :ge, :not_eq], pick_lit(2**70)
end

test "Strings and an object with its own comparisons" do
  assert_equal [:lt, :le, :not_gt, :not_eq], pick("a", "b")
  assert_equal [:not_lt, :le, :not_gt, :ge], pick("b", "b")
  k = Class.new do
    def <(o) true end
    def <=(o) false end
    def >(o) true end
    def >=(o) nil end
    def ==(o) true end
  end
  assert_equal [:lt, :not_le, :gt], pick(k.new, 1)
  assert_equal [:lt, :not_le, :gt], pick_lit(k.new)
end

test "no such method: NoMethodError at the condition's line" do
  a = nil
  e = assert_raise(NoMethodError) do
    if a < 3
      :never
    end
  end
  assert_match(/undefined method `<' for nil:NilClass/, e.message)
  assert_match(/branch_compare.rb:#{__LINE__ - 5}/, e.backtrace[0])
  e = assert_raise(ArgumentError) { x = "s"; x < 3 ? 1 : 2 }
  assert_equal "comparison of String with 3 failed", e.message
  i = nil
  e = assert_raise(NoMethodError) do
    while i > 0
      i -= 1
    end
  end
  assert_match(/undefined method `>' for nil:NilClass/, e.message)
end

class Counter
  def initialize(n) @i, @n = 0, n end
  def run
    steps = 0
    while @i < @n
      @i += 1
      steps += 1
    end
    until @i <= 0
      @i -= 2
      steps += 1
    end
    steps
  end
end

test "while and until on locals, instance variables and a literal" do
  i, n, seen = 0, 5, []
  while i < n
    seen << i
    i += 1
  end
  until i == 0
    i -= 1
  end
  assert_equal [[0, 1, 2, 3, 4], 0], [seen, i]
  j = 10
  j -= 3 while j >= 2
  assert_equal 1, j
  k = 0
  begin
    k += 1
  end while k < 0
  assert_equal 1, k
  m = 5
  begin
    m += 1
  end until m > 3
  assert_equal 6, m
  assert_equal 11, Counter.new(7).run
  f = 0.0
  f += 0.5 while f < 2
  assert_equal 2.0, f
end

test "a redefined Fixnum comparison is called" do
  calls = 0
  Fixnum.class_eval do
    alias_method :old_lt, :<
    define_method(:<) { |o| calls += 1; old_lt(o) }
  end
  begin
    a, b = 1, 2
    r = a < b ? :yes : :no
    x = 0
    x += 1 while x < 3
    assert_equal [:yes, 3], [r, x]
    assert_equal 5, calls
  ensure
    Fixnum.class_eval do
      alias_method :<, :old_lt
    end
  end
  a, b = 1, 2
  assert_equal :yes, (a < b ? :yes : :no)
  assert_equal 5, calls
end
