# struct.rb: Struct as Ruby 1.8.7 has it: making classes (anonymous and
# Struct::Name), accessors, [] with names and offsets, equality, inspect,
# iteration, frozen structs, subclasses and structs of many members.
require 'assert'

Point = Struct.new(:x, :y)

test "Struct.new makes a class" do
  assert_kind_of Class, Point
  assert_equal Struct, Point.superclass
  assert_equal ["x", "y"], Point.members
  p1 = Point.new(1, 2)
  assert_equal 1, p1.x
  assert_equal 2, p1.y
  assert_equal Point, p1.class
  assert_kind_of Struct, p1
  assert_kind_of Enumerable, p1
  q = Point[3, 4]
  assert_equal 3, q.x
  r = Point.new(5)
  assert_nil r.y
  assert_nil Point.new.x
  assert_raise(ArgumentError, "struct size differs") { Point.new(1, 2, 3) }
end

test "named structs live under Struct" do
  klass = Struct.new("Pair", :left, :right)
  assert_same klass, Struct::Pair
  assert_equal "Struct::Pair", klass.name
  assert_equal "#<struct Struct::Pair left=1, right=2>", klass.new(1, 2).inspect
  assert_raise(NameError) { Struct.new("lower", :a) }
  assert_raise(TypeError) { Struct.new(1, :a) }
  assert_raise(ArgumentError) { Struct.new }
end

test "members given as Strings" do
  k = Struct.new(:a, "b")
  assert_equal ["a", "b"], k.members
  assert_equal 2, k.new(1, 2).b
end

test "setters" do
  p1 = Point.new(1, 2)
  assert_equal 10, (p1.x = 10)
  assert_equal 10, p1.x
  p1.y += 5
  assert_equal 7, p1.y
end

test "[] and []=" do
  p1 = Point.new(1, 2)
  assert_equal 1, p1[0]
  assert_equal 2, p1[1]
  assert_equal 2, p1[-1]
  assert_equal 1, p1[-2]
  assert_equal 1, p1[:x]
  assert_equal 2, p1["y"]
  assert_equal 1, p1[0.7]
  p1[:x] = :a
  p1["y"] = :b
  assert_equal [:a, :b], p1.to_a
  p1[1] = :c
  assert_equal :c, p1.y
  p1[-2] = :d
  assert_equal :d, p1.x
  assert_raise(IndexError, "offset 2 too large for struct(size:2)") { p1[2] }
  assert_raise(IndexError, "offset -1 too small for struct(size:2)") { p1[-3] }
  assert_raise(IndexError) { p1[5] = 1 }
  assert_raise(NameError, "no member 'z' in struct") { p1[:z] }
  assert_raise(NameError) { p1["z"] = 1 }
  assert_raise(TypeError) { p1[nil] }
end

test "to_a values members size each each_pair" do
  p1 = Point.new(1, 2)
  assert_equal [1, 2], p1.to_a
  assert_equal [1, 2], p1.values
  assert_equal ["x", "y"], p1.members
  assert_equal 2, p1.size
  assert_equal 2, p1.length
  got = []
  assert_same p1, p1.each { |v| got << v }
  assert_equal [1, 2], got
  got = []
  assert_same p1, p1.each_pair { |k, v| got << k << v }
  assert_equal [:x, 1, :y, 2], got
  assert_equal [1, 2], p1.each.to_a
  assert_equal [2, 4], p1.map { |v| v * 2 }
end

test "select values_at" do
  s = Struct.new(:a, :b, :c, :d).new(1, 2, 3, 4)
  assert_equal [2, 4], s.select { |v| v % 2 == 0 }
  assert_equal [1, 3], s.values_at(0, 2)
  assert_equal [2, 3, 4], s.values_at(1..3)
  assert_equal [4, 1], s.values_at(-1, 0)
  assert_equal [3, 4], s.values_at(2..3)
  assert_raise(IndexError) { s.values_at(2..9) }
  assert_raise(IndexError) { s.values_at(7) }
  assert_raise(ArgumentError) { s.select(1) { } }
end

test "== eql? hash" do
  assert_equal Point.new(1, 2), Point.new(1, 2)
  assert_not_equal Point.new(1, 2), Point.new(2, 1)
  other = Struct.new(:x, :y)
  assert_false Point.new(1, 2) == other.new(1, 2)
  assert_true Point.new(1, 2) == Point.new(1, 2.0)
  assert_false Point.new(1, 2).eql?(Point.new(1, 2.0))
  assert_true Point.new(1, 2).eql?(Point.new(1, 2))
  assert_equal Point.new(1, 2).hash, Point.new(1, 2).hash
  h = {Point.new(1, 2) => :here}
  assert_equal :here, h[Point.new(1, 2)]
  assert_false Point.new(1, 2) == [1, 2]
end

test "inspect and to_s" do
  assert_equal "#<struct Point x=1, y=2>", Point.new(1, 2).inspect
  assert_equal "#<struct Point x=\"a\", y=nil>", Point.new("a").to_s
  anon = Struct.new(:a).new(1)
  assert_match(/\A#<struct #<Class:0x[0-9a-f]+> a=1>\z/, anon.inspect)
  rec = Point.new(1)
  rec.y = rec
  assert_equal "#<struct Point x=1, y=#<struct Point:...>>", rec.inspect
  odd = Struct.new(:ok?, :a).new(true, 2)
  assert_equal "#<struct #{odd.class} :ok?=true, a=2>", odd.inspect
end

test "block given to Struct.new is the class body" do
  k = Struct.new(:a, :b) do
    def sum
      a + b
    end
  end
  assert_equal 3, k.new(1, 2).sum
end

test "subclasses" do
  class Point3 < Struct.new(:x, :y, :z)
    def norm1
      x.abs + y.abs + z.abs
    end
  end
  p3 = Point3.new(1, -2, 3)
  assert_equal 6, p3.norm1
  assert_equal ["x", "y", "z"], Point3.members
  assert_equal "#<struct Point3 x=1, y=-2, z=3>", p3.inspect
  assert_equal Point3, Point3[1, 2, 3].class
end

test "many members live on the heap" do
  names = (1..15).map { |i| "m#{i}".to_sym }
  big = Struct.new(*names)
  s = big.new(*(1..15).to_a)
  assert_equal 15, s.size
  assert_equal 1, s.m1
  assert_equal 11, s.m11
  assert_equal 15, s.m15
  s.m12 = :x
  assert_equal :x, s.m12
  assert_equal :x, s[11]
  expected = (1..15).to_a.map { |i| i == 12 ? :x : i }
  assert_equal expected, s.to_a
  t = s.dup
  t.m15 = 0
  assert_equal 15, s.m15
  assert_equal 0, t.m15
  1000.times { big.new(*(1..15).to_a) }
  GC.start
  assert_equal 11, s.m11
end

test "frozen structs" do
  p1 = Point.new(1, 2).freeze
  assert_raise(TypeError, "can't modify frozen Struct") { p1.x = 3 }
  assert_raise(TypeError) { p1[:y] = 3 }
  assert_raise(TypeError) { p1[0] = 3 }
  assert_equal 1, p1.x
  d = p1.dup
  d.x = 9
  assert_equal 9, d.x
end

test "dup copies values" do
  a = Point.new([1], 2)
  b = a.dup
  assert_equal a, b
  b.y = 3
  assert_equal 2, a.y
  assert_same a.x, b.x
end

test "accessors survive aliasing" do
  k = Struct.new(:first, :second)
  k.class_eval { alias_method :other, :second }
  assert_equal 2, k.new(1, 2).other
end
