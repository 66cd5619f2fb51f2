# string_eq_literal.rb: `s == "literal"` with s a String compares the bytes
# without making the literal's String (the evaluator's opt_eq_str), and
# answers as String#== does; other receivers, a singleton or subclass ==,
# set_trace_func and a redefined String#== (last: it stays) take the call.
require 'assert'

test "a String compared with a literal makes no String" do
  msg = "exit"
  GC.start
  GC.disable
  before = ObjectSpace.each_object(String) {}
  hits = 0
  10_000.times { hits += 1 if msg == "exit" }
  made = ObjectSpace.each_object(String) {} - before
  GC.enable
  assert_equal 10_000, hits
  assert(made < 100, "10,000 comparisons made #{made} Strings")
end

test "the answers of String#==" do
  a = "exit"
  assert_equal [true, false, false, false], [a == "exit", a == "exi", a == "exit\0", a == "Exit"]
  assert_equal [true, false], ["" == "", "" == "x"]
  assert_equal true, "a\0b" == "a\0b"
  assert_equal true, ("x" * 1000) == "#{'x' * 1000}"
  assert_equal false, "exit" != "exit"
  assert_equal true, a.taint == "exit"
end

test "receivers that are not Strings of class String" do
  assert_equal [false, false, false, false], [1 == "1", nil == "", :exit == "exit", 1.0 == "1.0"]
  sub = Class.new(String)
  assert_equal true, sub.new("exit") == "exit"
  eq = Class.new(String) { def ==(o) :sub end }
  assert_equal :sub, eq.new("x") == "x"
  s = "x"
  def s.==(o) :single end
  assert_equal :single, s == "x"
  o = Object.new
  def o.==(other) other.upcase end
  assert_equal "LIT", o == "lit"
  to_str = Object.new
  def to_str.to_str() "t" end
  def to_str.==(other) :asked end
  assert_equal true, "t" == to_str       # not a literal: the call, which asks it
end

test "set_trace_func sees the call" do
  a = "exit"
  calls = []
  set_trace_func proc { |event, file, line, id, binding, klass|
    calls << "#{event} #{klass}##{id}" if event =~ /\Ac-/ && id.to_s == "=="
  }
  r = (a == "exit")
  set_trace_func nil
  assert_equal true, r
  assert_equal ["c-call String#==", "c-return String#=="], calls
end

test "String#== redefined is called" do
  a = "exit"
  assert_equal true, a == "exit"
  class String
    alias_method :old_eq, :==
    def ==(o) [:redefined, o] end
  end
  assert_equal [:redefined, "exit"], a == "exit"
  assert_equal [:redefined, "x"], "x" == "x"
end
