# gc_mark_class.rb: a class that only its objects' headers reach is kept
# by the collector (it marks an object's class without pushing it when
# the class is marked already, and pushes it otherwise).
require 'assert'

def anonymous_objects(n)
  (0...n).map do |i|
    base = Class.new { define_method(:id_of) { i } }
    sub = Class.new(base) { def kind; :sub; end }
    mod = Module.new { def from_module; :mod; end }
    sub.send(:include, mod)
    o = sub.new
    def o.single; :single; end      # its own singleton class, reached only from o
    o
  end
end

test "classes reached only through their objects survive collections" do
  objs = anonymous_objects(200)
  5.times do
    GC.start
    20_000.times { [1, 2] }         # collections while the heap is churned
  end
  assert_equal (0...200).to_a, objs.map { |o| o.id_of }
  assert_equal [:sub] * 200, objs.map { |o| o.kind }
  assert_equal [:mod] * 200, objs.map { |o| o.from_module }
  assert_equal [:single] * 200, objs.map { |o| o.single }
  assert_equal 200, objs.map { |o| o.class.superclass }.uniq.size
end

test "under GC stress" do
  GC.stress = true
  begin
    objs = anonymous_objects(10)
    kinds = objs.map { |o| [o.id_of, o.kind, o.single] }
  ensure
    GC.stress = false
  end
  assert_equal (0...10).map { |i| [i, :sub, :single] }, kinds
end
