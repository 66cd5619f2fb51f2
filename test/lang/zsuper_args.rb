# zsuper_args.rb: `super` without arguments passes the current values of
# every parameter: required, optional (defaults or given), and the values
# of *rest, a bare `*` included, as 1.8.7 does.
require 'assert'

class ZsBase
  def m(*a) a end
  def o(*a) a end
  def b(*a) [a, block_given? ? yield : nil] end
end

class ZsAnon < ZsBase
  def m(a, *) super end
  def o(a, b = 5, *) super end
end

class ZsOnlyStar < ZsBase
  def m(*) super end
  def o(a, *) [1].map { super }.first end     # from inside a block too
end

class ZsChanged < ZsBase
  def m(a, *r) r = [:x]; super end
  def o(a, b = 2) a = 10; b = 20; super end
  def b(a = 1) super end
end

test "a bare * passes its values" do
  assert_equal [1, 2, 3], ZsAnon.new.m(1, 2, 3)
  assert_equal [1], ZsAnon.new.m(1)
  assert_equal [4, 5], ZsOnlyStar.new.m(4, 5)
  assert_equal [], ZsOnlyStar.new.m
  assert_equal [1, 2], ZsOnlyStar.new.o(1, 2)
  assert_equal [:a, [:b]], ZsOnlyStar.new.m(:a, [:b])
end

test "optional arguments: the default or the value given" do
  assert_equal [1, 5], ZsAnon.new.o(1)
  assert_equal [1, 2], ZsAnon.new.o(1, 2)
  assert_equal [1, 2, 3, 4], ZsAnon.new.o(1, 2, 3, 4)
end

test "the current values, and the block" do
  assert_equal [1, :x], ZsChanged.new.m(1, 2)
  assert_equal [10, 20], ZsChanged.new.o(1)
  assert_equal [10, 20], ZsChanged.new.o(1, 3)
  assert_equal [[1], 9], ZsChanged.new.b { 9 }
  assert_equal [[7], nil], ZsChanged.new.b(7)
end

test "a bare * makes no local variable" do
  def zs_locals(a, *) local_variables end
  assert_equal ["a"], zs_locals(1, 2)
  assert_equal(-2, ZsAnon.instance_method(:m).arity)
  assert_equal(-1, ZsOnlyStar.instance_method(:m).arity)
end
