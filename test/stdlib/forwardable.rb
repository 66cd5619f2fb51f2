# forwardable.rb: lib/forwardable.rb (Forwardable, SingleForwardable).
require 'assert'
require 'forwardable'

class FwdQueue
  extend Forwardable
  def_delegator :@items, :push, :enq
  def_delegator :@items, :shift, :deq
  def_delegators :@items, :size, :first, :[], :<<, :each, :empty?, :__send__, :__id__
  def_instance_delegator :name_source, :upcase, :shout
  delegate [:length, :last] => :@items, :reverse => :items
  attr_reader :items
  def initialize; @items = []; end
  def name_source; "fwd"; end
end

test "def_delegator(s)" do
  q = FwdQueue.new
  assert_true q.empty?
  q.enq(1)
  q.enq(2, 3)
  q << 4
  assert_equal 4, q.size
  assert_equal 1, q.first
  assert_equal 3, q[2]
  assert_equal [2, 3], q[1, 2]
  assert_equal 1, q.deq
  assert_equal 3, q.length
  assert_equal 4, q.last
  assert_equal [4, 3, 2], q.reverse
  assert_equal "FWD", q.shout
  seen = []
  q.each { |x| seen << x }                     # the block is passed on
  assert_equal [2, 3, 4], seen
  assert_true FwdQueue.public_method_defined?(:enq)
  assert_not_equal q.items.__id__, q.__id__      # __id__ is not delegated
end

test "errors of the target" do
  q = FwdQueue.new
  e = assert_raise(ArgumentError) { q.first(1, 2, 3) }
  assert_false e.backtrace.any? { |l| l.index("(__FORWARDABLE__)") == 0 }
  Forwardable.debug = true
  begin
    e = assert_raise(ArgumentError) { q.first(1, 2, 3) }
    assert_true e.backtrace.any? { |l| l.index("(__FORWARDABLE__)") == 0 }
  ensure
    Forwardable.debug = nil
  end
  broken = FwdQueue.new
  broken.instance_variable_set(:@items, nil)
  assert_raise(NoMethodError) { broken.size }
end

test "SingleForwardable" do
  printer = Object.new
  printer.instance_variable_set(:@out, [])
  printer.extend SingleForwardable
  printer.def_delegator :@out, :push, :print
  printer.def_delegators :@out, :size, :join
  printer.delegate :first => :@out
  printer.print "a"
  printer.print "b"
  assert_equal 2, printer.size
  assert_equal "a-b", printer.join("-")
  assert_equal "a", printer.first
  assert_false Object.new.respond_to?(:print, false)
  assert_equal "1.0.0", Forwardable::FORWARDABLE_VERSION
end

test "a constant as the accessor" do
  klass = Class.new do
    extend Forwardable
    def_delegator "ENV", :[], :env
  end
  assert_equal ENV["PATH"], klass.new.env("PATH")
end
