# ostruct.rb: lib/ostruct.rb (OpenStruct).
require 'assert'
require 'ostruct'

test "new with a hash" do
  os = OpenStruct.new(:a => 1, "b" => [2])
  assert_equal 1, os.a
  assert_equal [2], os.b
  assert_nil os.c
  assert_true os.respond_to?(:a)
  assert_true os.respond_to?(:b=)
  assert_false os.respond_to?(:c)
  assert_nil OpenStruct.new.anything
  assert_nil OpenStruct.new(nil).anything
end

test "attributes on demand" do
  os = OpenStruct.new
  assert_false os.respond_to?(:name)
  os.name = "x"
  assert_equal "x", os.name
  assert_true os.respond_to?(:name)
  assert_true os.respond_to?(:name=)
  assert_equal ["name", "name="], os.singleton_methods.sort
  os.name = nil
  assert_nil os.name
  os.send(:count=, 3)
  assert_equal 3, os.count
  os.count += 1
  assert_equal 4, os.count
  other = OpenStruct.new
  assert_false other.respond_to?(:name)        # methods are per object
end

test "wrong calls" do
  os = OpenStruct.new(:a => 1)
  e = assert_raise(NoMethodError) { os.foo(1) }
  assert_match(/undefined method `foo' for #<OpenStruct a=1>/, e.message)
  assert_raise(ArgumentError, "wrong number of arguments (2 for 1)") { os.send(:b=, 1, 2) }
  assert_raise(NoMethodError) { os[:a] }         # not in 1.8.7
  assert_raise(ArgumentError) { os[:a] = 2 }     # method_missing(:[]=, :a, 2)
  assert_false os.respond_to?(:each_pair)
end

test "delete_field" do
  os = OpenStruct.new(:a => 1, :b => 2)
  assert_equal 1, os.delete_field(:a)
  assert_nil os.a
  assert_true os.respond_to?(:a)               # 1.8.7 leaves the methods
  assert_equal "#<OpenStruct b=2>", os.inspect
  assert_nil os.delete_field("zz")
  os.a = 5
  assert_equal 5, os.a
end

test "==" do
  assert_equal OpenStruct.new(:a => 1), OpenStruct.new(:a => 1)
  assert_not_equal OpenStruct.new(:a => 1), OpenStruct.new(:a => 2)
  assert_not_equal OpenStruct.new(:a => 1), OpenStruct.new
  assert_false OpenStruct.new(:a => 1) == {:a => 1}
  x = OpenStruct.new
  x.a = 1
  assert_equal OpenStruct.new("a" => 1), x
end

test "inspect, to_s" do
  assert_equal "#<OpenStruct>", OpenStruct.new.inspect
  os = OpenStruct.new
  os.a = 1
  os.b = "two"
  assert_equal '#<OpenStruct a=1, b="two">', os.inspect
  assert_equal os.inspect, os.to_s
  os.me = os
  assert_equal '#<OpenStruct a=1, b="two", me=#<OpenStruct ...>>', os.inspect
  sub = Class.new(OpenStruct)
  Object.const_set(:MyOpenStructForTest, sub)
  assert_equal "#<MyOpenStructForTest x=1>", MyOpenStructForTest.new(:x => 1).inspect
end

test "table is protected" do
  os = OpenStruct.new(:a => 1)
  assert_nil os.table                  # method_missing, as for any name
  assert_equal({:a => 1}, os.instance_eval { table })
end

test "dup" do
  a = OpenStruct.new(:x => 1)
  b = a.dup
  b.x = 2
  b.y = 3
  assert_equal 1, a.x
  assert_nil a.y
  assert_equal 2, b.x
  assert_equal 3, b.y
end

test "freeze" do
  os = OpenStruct.new(:a => 1)
  os.freeze
  e = assert_raise(TypeError) { os.a = 2 }
  assert_equal "can't modify frozen OpenStruct", e.message
  assert_raise(TypeError) { os.b = 2 }
  assert_equal 1, os.a
end

test "marshal_dump, marshal_load" do
  os = OpenStruct.new(:a => 1, :b => 2)
  assert_equal({:a => 1, :b => 2}, os.marshal_dump)
  copy = OpenStruct.allocate
  copy.marshal_load({:c => 3})
  assert_equal 3, copy.c
  assert_true copy.respond_to?(:c=)
  copy.c = 4
  assert_equal({:c => 4}, copy.marshal_dump)
end

test "names of existing methods" do
  os = OpenStruct.new(:class => 1, :x => 2)
  assert_equal OpenStruct, os.class
  assert_equal({:class => 1, :x => 2}, os.marshal_dump)
end
