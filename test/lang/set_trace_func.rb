# set_trace_func as 1.8.7: the events line, call, return, c-call, c-return,
# class, end and raise, with (event, file, line, id, binding, klass).
require 'assert'

def stf_add(a)
  a + 1
end

class StfK
  def yielder; yield 2; end
  def self.cm; end
end

def stf_boom; raise "x"; end
def stf_it; yield; end

# the events of the block, as [event, line - base, id, klass], without
# this method's own
def stf_events(base)
  log = []
  set_trace_func proc { |event, file, line, id, binding, klass|
    log << [event, line - base, id, klass] unless id == :set_trace_func || id == :stf_events
  }
  yield
  set_trace_func(nil)
  log
end

test "line, call, return, c-call, c-return" do
  base = __LINE__
  log = stf_events(base) {
    stf_add(1)
  }
  assert_equal [["line", 2, nil, false],
                ["call", 5 - base, :stf_add, Object],
                ["line", 6 - base, :stf_add, Object],
                ["c-call", 6 - base, :+, Fixnum],
                ["c-return", 6 - base, :+, Fixnum],
                ["return", 6 - base, :stf_add, Object]], log
end

test "the arguments are event, file, line, id, binding, klass" do
  seen = nil
  set_trace_func proc { |*args| seen ||= args if args[0] == "c-call" }
  "a".upcase
  set_trace_func(nil)
  assert_equal 6, seen.size
  assert_equal ["c-call", __FILE__, __LINE__ - 3, :upcase], seen[0, 4]
  assert_kind_of Binding, seen[4]
  assert_equal String, seen[5]
end

test "blocks, yield and C iterators" do
  base = __LINE__
  log = stf_events(base) {
    StfK.new.yielder { |v| v * 2 }
    [1].each { |e| e }
  }
  assert_equal [["line", 2, nil, false],
                ["c-call", 2, :new, Class], ["c-call", 2, :initialize, Object],
                ["c-return", 2, :initialize, Object], ["c-return", 2, :new, Class],
                ["call", 10 - base, :yielder, StfK], ["line", 10 - base, :yielder, StfK],
                ["line", 2, nil, false], ["c-call", 2, :*, Fixnum], ["c-return", 2, :*, Fixnum],
                ["return", 10 - base, :yielder, StfK],
                ["line", 3, nil, false], ["c-call", 3, :each, Array], ["line", 3, nil, false],
                ["c-return", 3, :each, Array]], log
end

test "raise, and return and c-return on the way out" do
  base = __LINE__
  log = stf_events(base) {
    begin
      stf_boom
    rescue RuntimeError
    end
  }
  boom = 14 - base
  assert_equal [["line", 2, nil, false], ["line", 3, nil, false],
                ["call", boom, :stf_boom, Object], ["line", boom, :stf_boom, Object],
                ["c-call", boom, :raise, Kernel],
                ["c-call", boom, :new, Class], ["c-call", boom, :initialize, Exception],
                ["c-return", boom, :initialize, Exception], ["c-return", boom, :new, Class],
                ["c-call", boom, :backtrace, Exception], ["c-return", boom, :backtrace, Exception],
                ["c-call", boom, :set_backtrace, Exception], ["c-return", boom, :set_backtrace, Exception],
                ["raise", boom, :stf_boom, Object],
                ["c-return", boom, :raise, Kernel],
                ["return", boom, :stf_boom, Object],
                ["c-call", 4, :===, Module], ["c-return", 4, :===, Module]], log
end

test "break out of a method returns where the break was" do
  base = __LINE__
  log = stf_events(base) {
    stf_it { break }
  }
  assert_equal [["line", 2, nil, false],
                ["call", 15 - base, :stf_it, Object], ["line", 15 - base, :stf_it, Object],
                ["line", 2, nil, false],
                ["return", 2, :stf_it, Object]], log
end

test "class and end; singleton methods report their object" do
  o = Object.new
  def o.sing; end
  base = __LINE__
  log = stf_events(base) {
    class StfK
      X = 1
    end
    StfK.cm
    o.sing
  }
  assert_equal [["line", 2, nil, false], ["class", 2, nil, false], ["line", 3, nil, false],
                ["end", 2, nil, false],
                ["line", 5, nil, false], ["call", 11 - base, :cm, StfK], ["return", 5, :cm, StfK],
                ["line", 6, nil, false], ["call", -1, :sing, o], ["return", 6, :sing, o]], log
end

test "no events while the proc runs; set_trace_func returns its argument" do
  ids = []
  pr = proc { |e, f, l, id, b, k| ids << id; "x".upcase; [1].map { |v| v } }
  assert_same pr, set_trace_func(pr)
  1 + 1
  set_trace_func(nil)
  assert_true ids.include?(:+)
  assert_false ids.include?(:upcase)
  assert_false ids.include?(:map)
  assert_nil set_trace_func(nil)
  assert_raise(TypeError, "trace_func needs to be Proc") { set_trace_func(5) }
end

test "an exception in the proc goes to the traced code" do
  set_trace_func proc { |e, *r| raise "in proc" if e == "c-call" && r[2] == :upcase }
  e = assert_raise(RuntimeError, "in proc") { "a".upcase }
  set_trace_func(nil)
  assert_equal "A", "a".upcase
end

test "the binding sees the traced code's variables" do
  vals = []
  set_trace_func proc { |e, f, l, id, b, k| vals << eval("defined?(zz) ? zz : :none", b) if e == "line" }
  zz = 5
  zz = 6
  set_trace_func(nil)
  assert_equal [5, 6], vals[1, 2]
end

test "fast paths are traced too, and work again afterwards" do
  ops = []
  set_trace_func proc { |e, f, l, id, b, k| ops << id if e == "c-call" && id != :set_trace_func }
  a = [1, 2]
  x = a[0] + a[1] * 2
  a << 3
  set_trace_func(nil)
  assert_equal [:[], :[], :*, :+, :<<], ops
  assert_equal 5, x
  assert_equal 7, [1, 2][1] + 5
end
