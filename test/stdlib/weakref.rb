# weakref.rb: lib/weakref.rb (WeakRef, WeakRef::RefError, weakref_alive?).
require 'assert'
require 'weakref'

def refs_to_garbage(n)
  (1..n).map { WeakRef.new("garbage" * 3) }
end

test "a live reference delegates" do
  s = "hello"
  w = WeakRef.new(s)
  assert_true w.weakref_alive?
  assert_same s, w.__getobj__
  assert_equal "HELLO", w.upcase
  assert_equal 5, w.length
  assert_equal "hello", w.to_s
  assert_equal '"hello"', w.inspect
  assert_true w == "hello"
  assert_true w.respond_to?(:upcase)
  assert_kind_of WeakRef, w
  assert_kind_of Delegator, w
  assert_equal WeakRef, w.class
  w << " world"                         # changes the object itself
  assert_equal "hello world", s
  GC.start
  assert_true w.weakref_alive?
  assert_equal "hello world", w.__getobj__
  a = [3, 1, 2]
  wa = WeakRef.new(a)
  assert_equal [1, 2, 3], wa.sort
  assert_equal 6, wa.inject(0) { |sum, x| sum + x }
  assert_raise(NoMethodError) { wa.no_such_method }
end

test "__setobj__ does nothing" do
  s = "a"
  w = WeakRef.new(s)
  w.__setobj__("other")
  assert_same s, w.__getobj__
end

test "a collected object" do
  refs = refs_to_garbage(100)
  GC.start
  dead = refs.reject { |r| r.weakref_alive? }
  # the C stack is scanned conservatively: a stray word may keep a few
  assert dead.size >= 75, "only #{dead.size} of 100 were collected"
  assert_equal [false], dead.map { |r| r.weakref_alive? }.uniq
  w = dead.first
  e = assert_raise(WeakRef::RefError, "Illegal Reference - probably recycled") { w.__getobj__ }
  assert_raise(WeakRef::RefError, "Illegal Reference - probably recycled") { w.upcase }
  assert_raise(WeakRef::RefError) { w.to_s }
  assert WeakRef::RefError < StandardError
  # the ones still alive still work
  refs.select { |r| r.weakref_alive? }.each { |r| assert_equal "garbage" * 3, r.__getobj__ }
end

test "held objects survive collections" do
  held = (1..50).map { |i| "obj#{i}" }
  refs = held.map { |o| WeakRef.new(o) }
  3.times { GC.start }
  assert_equal [true], refs.map { |r| r.weakref_alive? }.uniq
  assert_equal held, refs.map { |r| r.__getobj__ }
end

test "immediates cannot be referred to weakly" do
  assert_raise(ArgumentError, "cannot define finalizer for Fixnum") { WeakRef.new(1) }
  assert_raise(ArgumentError, "cannot define finalizer for Symbol") { WeakRef.new(:a) }
  assert_raise(ArgumentError, "cannot define finalizer for NilClass") { WeakRef.new(nil) }
  assert_raise(ArgumentError, "cannot define finalizer for TrueClass") { WeakRef.new(true) }
  assert_raise(ArgumentError, "cannot define finalizer for FalseClass") { WeakRef.new(false) }
  assert_raise(ArgumentError) { WeakRef.new }
  b = 2 ** 70
  big = WeakRef.new(b)
  assert_equal 2 ** 71, big * 2
end
