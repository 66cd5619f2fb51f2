# delegate.rb: lib/delegate.rb (Delegator, SimpleDelegator, DelegateClass).
require 'assert'
require 'delegate'

class DgPoint
  attr_accessor :x
  def initialize(x); @x = x; end
  def twice; @x * 2; end
  def with_block; yield @x; end
  def to_s; "P#{@x}"; end
  def inspect; "#<P #{@x}>"; end
  def ==(o); o.kind_of?(DgPoint) && o.x == x; end
  def [](i); @x + i; end
  def []=(i, v); @x = i + v; end
  def <=>(o); x <=> o.x; end
  def ok?; true; end
  def puts(s); "point puts #{s}"; end        # Kernel#puts is private
  def raiser; raise ArgumentError, "from the delegate"; end
  protected
  def prot; :prot; end
  private
  def priv; :priv; end
end

test "SimpleDelegator forwards" do
  pt = DgPoint.new(3)
  d = SimpleDelegator.new(pt)
  assert_same pt, d.__getobj__
  assert_equal 6, d.twice
  assert_equal 4, d.with_block { |v| v + 1 }   # the block is passed on
  assert_equal 5, d[2]
  d[1] = 1
  assert_equal 2, pt.x
  d.x = 3
  assert_equal 3, pt.x
  assert_true d.ok?
  assert_equal "point puts a", d.puts("a")
  assert_equal 0, d <=> DgPoint.new(3)
  assert_equal "P3", d.to_s
  assert_equal "#<P 3>", d.inspect
  assert_equal "P3", "#{d}"
  e = assert_raise(ArgumentError) { d.raiser }
  assert_equal "from the delegate", e.message
  assert_raise(NoMethodError) { d.priv }
  assert_equal :prot, d.prot                   # respond_to? sees protected ones (1.8)
  e = assert_raise(NoMethodError) { d.no_such_method }
  assert_match(/no_such_method/, e.message)
  assert_raise(ArgumentError) { d.twice(1) }
end

test "the delegator's own methods" do
  pt = DgPoint.new(1)
  d = SimpleDelegator.new(pt)
  assert_equal SimpleDelegator, d.class
  assert_true d.is_a?(Delegator)
  assert_false d.is_a?(DgPoint)
  assert_false d.equal?(pt)
  assert_not_equal pt.object_id, d.object_id
  assert_not_equal pt.hash, d.hash
  assert_false d.eql?(pt)
  assert_equal ["@delegate_sd_obj"], d.instance_variables.map { |v| v.to_s }
end

test "respond_to?, methods, public_methods" do
  d = SimpleDelegator.new(DgPoint.new(1))
  assert_true d.respond_to?(:twice)
  assert_true d.respond_to?("x=")
  assert_true d.respond_to?(:__getobj__)
  assert_true d.respond_to?(:class)
  assert_false d.respond_to?(:priv)
  assert_true d.respond_to?(:priv, true)
  assert_false d.respond_to?(:nothing)
  assert_true d.methods.include?("twice")
  assert_true d.methods.include?("__setobj__")
  assert_true d.public_methods.include?("with_block")
  assert_false d.public_methods.include?("priv")
  assert_equal d.methods.uniq.size, d.methods.size
end

test "== and !=" do
  pt = DgPoint.new(1)
  d = SimpleDelegator.new(pt)
  assert_true d == d
  assert_true d == pt
  assert_true d == DgPoint.new(1)
  assert_false d == DgPoint.new(2)
  assert_false d != pt
  assert_true d != DgPoint.new(2)
  n = SimpleDelegator.new(5)
  assert_true n == 5
  assert_false n != 5
  assert_true n === 5
  s = SimpleDelegator.new("abc")
  assert_equal 1, s =~ /b/
  assert_equal [1, 2], SimpleDelegator.new([1, 2]).to_a
end

test "__setobj__" do
  d = SimpleDelegator.new([1, 2])
  assert_equal 2, d.size
  d.__setobj__("hello")
  assert_equal 5, d.size
  assert_equal "HELLO", d.upcase
  assert_true d.respond_to?(:upcase)
  assert_false d.respond_to?(:flatten)
  e = assert_raise(ArgumentError) { d.__setobj__(d) }
  assert_equal "cannot delegate to self", e.message
  assert_equal "hello", d.__getobj__
  n = SimpleDelegator.new(nil)
  assert_nil n.__getobj__
  assert_true n.nil? == false                   # nil? is the delegator's
  assert_equal "", n.to_s
end

test "Delegator is abstract" do
  e = assert_raise(NotImplementedError) { Delegator.new(1) }
  assert_equal "need to define `__setobj__'", e.message
  klass = Class.new(Delegator) do
    def __setobj__(obj); @o = obj; end
  end
  e = assert_raise(NotImplementedError) { klass.new(1).succ }
  assert_equal "need to define `__getobj__'", e.message
  counter = Class.new(Delegator) do
    attr_reader :calls
    def initialize(obj); super; @calls = 0; end
    def __getobj__; @calls += 1 if @calls; @target; end
    def __setobj__(obj); @target = obj; end
  end
  c = counter.new([3, 1, 2])
  assert_equal [1, 2, 3], c.sort
  assert_equal 3, c.max
  assert_true c.calls >= 2
end

test "dup and clone copy the delegate" do
  a = [1, 2]
  d = SimpleDelegator.new(a)
  copy = d.dup
  assert_equal SimpleDelegator, copy.class
  assert_equal a, copy.__getobj__
  assert_false a.equal?(copy.__getobj__)
  copy << 3
  assert_equal [1, 2], a
  assert_equal [1, 2, 3], copy.__getobj__
  c = d.clone
  c.push(4)
  assert_equal [1, 2, 4], c.__getobj__
  assert_equal [1, 2], d.__getobj__
  def d.extra; :extra; end
  assert_equal :extra, d.clone.extra            # clone keeps singleton methods
end

test "marshal_dump, marshal_load" do
  d = SimpleDelegator.new([1, "two", :three])
  assert_equal [1, "two", :three], d.marshal_dump
  back = Marshal.load(Marshal.dump(d))
  assert_equal SimpleDelegator, back.class
  assert_equal [1, "two", :three], back.__getobj__
  assert_equal 3, back.size
  e = SimpleDelegator.allocate
  e.marshal_load("x")
  assert_equal "X", e.upcase
end

class DgList < DelegateClass(Array)
  def initialize(items)
    super(items)
    @label = "list"
  end
  attr_reader :label
  def first; "overridden"; end
end

test "DelegateClass" do
  items = [3, 1, 2]
  l = DgList.new(items)
  assert_same items, l.__getobj__
  assert_equal [1, 2, 3], l.sort
  assert_equal 3, l.size
  assert_equal 1, l[1]
  l[0] = 9
  assert_equal [9, 1, 2], items
  l << 4
  assert_equal [9, 1, 2, 4], items
  assert_equal [18, 2, 4, 8], l.map { |x| x * 2 }
  assert_equal "overridden", l.first
  assert_equal "list", l.label
  assert_equal "[9, 1, 2, 4]", l.inspect
  assert_true l == [9, 1, 2, 4]
  assert_true l == l
  assert_equal DgList, l.class
  assert_true l.is_a?(Delegator)
  assert_false l.is_a?(Array)
  assert_true l.respond_to?(:flatten)
  assert_false l.respond_to?(:upcase)
  e = assert_raise(NoMethodError) { l.upcase }
  assert_match(/upcase/, e.message)
  assert_raise(ArgumentError) { l.__setobj__(l) }
  l.__setobj__([5])
  assert_equal 1, l.size
end

test "DelegateClass defines real methods" do
  klass = DelegateClass(DgPoint)
  assert_true klass.public_method_defined?(:twice)
  assert_true klass.public_method_defined?(:[]=)
  assert_true klass.public_method_defined?(:<=>)
  assert_true klass.public_method_defined?(:ok?)
  assert_true klass.public_method_defined?(:x=)
  assert_false klass.method_defined?(:priv)
  assert_false klass.method_defined?(:prot)
  assert_true klass.superclass == Delegator
  assert_false klass.equal?(DelegateClass(DgPoint))   # a new class each time
  d = klass.new(DgPoint.new(4))
  assert_equal 8, d.twice
  assert_equal 5, d.with_block { |v| v + 1 }
  d[1] = 2
  assert_equal 3, d.x
  assert_equal 6, d.method(:twice).call
  assert_equal "P3", d.to_s
  e = assert_raise(ArgumentError) { d.raiser }
  assert_equal "from the delegate", e.message
  assert_raise(NoMethodError) { d.priv }
end

test "DelegateClass: dup, clone, marshal" do
  l = DgList.new([1, 2])
  copy = l.dup
  copy << 3
  assert_equal [1, 2], l.__getobj__
  assert_equal [1, 2, 3], copy.__getobj__
  assert_equal "list", copy.label
  c = l.clone
  c.pop
  assert_equal [1], c.__getobj__
  assert_equal [1, 2], l.__getobj__
  back = Marshal.load(Marshal.dump(l))
  assert_equal DgList, back.class
  assert_equal [1, 2], back.__getobj__
end
