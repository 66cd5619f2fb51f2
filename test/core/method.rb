# Method and UnboundMethod: clone, == and inspect as 1.8.7.
require 'assert'

class MethFoo
  def bar; :bar; end
  alias baz bar
  def self.cm; :cm; end
end
class MethBar < MethFoo; end
module MethMod; def mm; end; end

test "clone is an equal Method; dup has no allocator" do
  m = 1.method(:+)
  c = m.clone
  assert_false c.equal?(m)
  assert_true c == m
  assert_equal 3, c.call(2)
  assert_equal "#<Method: Fixnum#+>", c.inspect
  u = m.unbind
  assert_true u.clone == u
  assert_raise(TypeError, "allocator undefined for Method") { m.dup }
end

test "== compares receiver, class and body; an alias is the same method" do
  f = MethFoo.new
  assert_true f.method(:bar) == f.method(:bar)
  assert_false MethFoo.new.method(:bar) == MethFoo.new.method(:bar)
  assert_true f.method(:baz) == f.method(:bar)
  assert_true f.method(:baz).unbind == f.method(:bar).unbind
  assert_false f.method(:bar) == f.method(:bar).unbind
  assert_true MethFoo.instance_method(:bar) == MethFoo.instance_method(:bar)
  assert_equal [true, false, false], [1.method(:+) == 1.method(:+), 1.method(:+) == 2.method(:+),
                                      1.method(:+) == 1.method(:-)]
  o = Object.new
  def o.foo; end
  assert_true o.method(:foo) == o.method(:foo)
  assert_false o.method(:foo) == o.clone.method(:foo)
end

test "inspect of singleton and inherited methods" do
  o = Object.new
  def o.foo; end
  assert_match(/\A#<Method: #<Object:0x[0-9a-f]+>\.foo>\z/, o.method(:foo).inspect)
  assert_match(/\A#<UnboundMethod: #<Class:#<Object:0x[0-9a-f]+>>#foo>\z/, o.method(:foo).unbind.inspect)
  assert_equal "#<Method: MethFoo.cm>", MethFoo.method(:cm).inspect
  assert_equal "#<Method: MethBar(MethFoo).cm>", MethBar.method(:cm).inspect
  assert_equal "#<UnboundMethod: #<Class:MethFoo>#cm>", MethFoo.method(:cm).unbind.inspect
  assert_equal "#<Method: MethFoo#bar>", MethFoo.new.method(:bar).inspect
  assert_equal "#<Method: MethFoo#baz>", MethFoo.new.method(:baz).inspect
  assert_equal "#<Method: MethFoo(Kernel)#object_id>", MethFoo.new.method(:object_id).inspect
  assert_equal "#<Method: Class#new>", MethFoo.method(:new).inspect
  f = MethFoo.new
  f.extend(MethMod)
  assert_equal "#<Method: MethFoo(MethMod)#mm>", f.method(:mm).inspect
  assert_equal "#<UnboundMethod: Comparable#==>", Comparable.instance_method(:==).inspect
  assert_equal "#<UnboundMethod: MethFoo(Kernel)#object_id>", MethFoo.instance_method(:object_id).inspect
end
