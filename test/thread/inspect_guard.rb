# The recursion guard of Object#inspect belongs to each thread, and is
# left when an inspect raises.
require 'assert'

# Its first inspect waits, letting other threads run, until told to go on.
class Yielder
  attr_reader :entered
  attr_writer :go
  def initialize; @entered = false; @go = false; end
  def inspect
    unless @entered
      @entered = true
      Thread.pass until @go
    end
    "Y"
  end
end

class Holder
  def initialize(v); @v = v; end
end

# Raises on the first inspect only.
class Raiser
  def initialize; @raised = false; end
  def inspect
    unless @raised
      @raised = true
      raise ArgumentError, "once"
    end
    "R"
  end
end

# Runs the first inspect in a thread held inside y's inspect, then the
# block in a second thread, and returns both results.
def while_held(y)
  t1 = Thread.new { yield }
  Thread.pass until y.entered
  seen = Thread.new { yield }.value
  y.go = true
  [t1.value, seen]
end

test "another thread's inspect of an object this one is inside shows it in full" do
  y = Yielder.new
  shared = Holder.new(y)
  held, seen = while_held(y) { shared.inspect }
  assert_match(/\A#<Holder:0x[0-9a-f]+ @v=Y>\z/, seen)
  assert_match(/\A#<Holder:0x[0-9a-f]+ @v=Y>\z/, held)
  assert_equal held, seen
end

test "two threads each inside the same cycle" do
  h = Holder.new(nil)
  y = Yielder.new
  h.instance_variable_set(:@v, [y, h])
  while_held(y) { h.inspect }.each do |s|
    assert_match(/\A#<Holder:0x([0-9a-f]+) @v=\[Y, #<Holder:0x\1 \.\.\.>\]>\z/, s)
  end
end

test "an inspect that raised does not leave the object marked as being inspected" do
  h = Holder.new(Raiser.new)
  assert_raise(ArgumentError, "once") { h.inspect }
  assert_match(/\A#<Holder:0x[0-9a-f]+ @v=R>\z/, h.inspect)
  assert_match(/\A#<Holder:0x[0-9a-f]+ @v=R>\z/, h.inspect)
end

test "an object inside itself still shows ..." do
  h = Holder.new(nil)
  h.instance_variable_set(:@v, h)
  assert_match(/\A#<Holder:0x([0-9a-f]+) @v=#<Holder:0x\1 \.\.\.>>\z/, h.inspect)
end
