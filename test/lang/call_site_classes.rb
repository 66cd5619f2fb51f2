# call_site_classes.rb: one call site that sees receivers of several
# classes in turn (the inline cache keeps two): each call runs its own
# class's method, attribute readers and writers find each class's own
# slot, and redefinition, removal, method_missing and visibility are seen
# at once.
require 'assert'

class SiteA
  attr_accessor :x
  def initialize(x) @x = x end
  def who; "A"; end
end

class SiteB
  attr_accessor :x
  def initialize(x) @y = :other; @z = :more; @x = x end   # @x in another slot
  def who; "B"; end
end

class SiteC
  def who; "C"; end
  def method_missing(name, *args) "missing #{name}" end
end

def whos(objs, n) (0...n).map { |i| objs[i % objs.size].who }.join end
def xs(objs, n) (0...n).map { |i| objs[i % objs.size].x } end

test "two classes in turn: each its own method" do
  objs = [SiteA.new(1), SiteB.new(2)]
  assert_equal "AB" * 6, whos(objs, 12)
  assert_equal "ABA" * 4, whos([objs[0], objs[1], objs[0]], 12)
end

test "three classes at one site" do
  assert_equal "ABC" * 5, whos([SiteA.new(1), SiteB.new(2), SiteC.new], 15)
end

test "attribute readers and writers find each class's slot" do
  objs = [SiteA.new(10), SiteB.new(20), SiteA.new(30), SiteB.new(40)]
  assert_equal [10, 20, 30, 40] * 3, xs(objs, 12)
  8.times { |i| o = objs[i % 4]; o.x = o.x + 1 }
  assert_equal [12, 22, 32, 42], xs(objs, 4)
  assert_equal :other, objs[1].instance_variable_get(:@y)
  assert_equal :more, objs[3].instance_variable_get(:@z)
end

test "a redefinition is seen by both classes' entries" do
  objs = [SiteA.new(1), SiteB.new(2)]
  assert_equal "ABAB", whos(objs, 4)
  SiteB.class_eval { def who; "b"; end }
  assert_equal "AbAb", whos(objs, 4)
  SiteA.class_eval { remove_method :who }
  assert_raise(NoMethodError) { whos(objs, 1) }
  SiteA.class_eval { def who; "a"; end }
  assert_equal "abab", whos(objs, 4)
end

test "method_missing for one of the classes" do
  objs = [SiteC.new, SiteA.new(5)]
  results = (0...4).map { |i| objs[i % 2].x }
  assert_equal ["missing x", 5, "missing x", 5], results
end

test "a private method of one class at a site with a receiver" do
  priv = Class.new { def who; "P"; end; private :who }
  objs = [SiteA.new(1), priv.new]
  assert_equal "a", objs[0].who
  seen = (0...4).map { |i| begin; objs[i % 2].who; rescue NoMethodError; "private"; end }
  assert_equal %w(a private a private), seen
end

test "a singleton method at a site that has seen its class" do
  plain, special = SiteB.new(1), SiteB.new(2)
  def special.who; "S"; end
  assert_equal "bSbS", whos([plain, special], 4)
end

# The site's two ways are both filled before the trace proc is set: no
# call may take either way past the trace (a way swapped in is a hit).
test "set_trace_func sees every call at a site that had both ways" do
  objs = [SiteA.new(1), SiteB.new(2)]
  site = lambda { |o| o.who }
  4.times { |i| site.call(objs[i % 2]) }
  calls = 0
  set_trace_func proc { |event, file, line, id, binding, klass| calls += 1 if event == "call" && id == :who }
  4.times { |i| site.call(objs[i % 2]) }
  set_trace_func nil
  assert_equal 4, calls
end
