# A raise records its frames and makes the backtrace's strings only when
# they are asked for: the strings must be those of the frames at the raise,
# however long after (the frames have returned, the stack has been reused,
# the eval'd code has been collected), and backtrace, set_backtrace,
# raise Class, msg, bt, caller(n) and $@ behave as before.
require 'assert'

F = __FILE__

def bl_inner(x)
  raise ArgumentError, "bad #{x}"        # BL_RAISE
end
BL_RAISE = __LINE__ - 2

def bl_middle(x)
  bl_inner(x)
end
BL_MIDDLE = __LINE__ - 2

def bl_outer(x)
  [x].each { |y| bl_middle(y) }
end
BL_OUTER = __LINE__ - 2

def bl_catch
  bl_outer(5)
rescue ArgumentError => e
  e
end
BL_CATCH = __LINE__ - 4

def bl_reuse_stack(n)
  n == 0 ? [1, 2].map { |v| v.to_s } : bl_reuse_stack(n - 1)
end

40.times { |i| eval "def bl_chain#{i}; bl_chain#{i + 1}; end", nil, "chain.rb", 100 + i }
def bl_chain40
  raise "deep"
end
BL_CHAIN = __LINE__ - 2

test "formatted after the frames returned" do
  e = bl_catch
  bl_reuse_stack(40)
  bt = e.backtrace
  assert_equal "bad 5", e.message
  assert_equal "#{F}:#{BL_RAISE}:in `bl_inner'", bt[0]
  assert_equal "#{F}:#{BL_MIDDLE}:in `bl_middle'", bt[1]
  assert_equal "#{F}:#{BL_OUTER}:in `bl_outer'", bt[2]
  assert_equal "#{F}:#{BL_OUTER}:in `each'", bt[3]
  assert_equal "#{F}:#{BL_OUTER}:in `bl_outer'", bt[4]
  assert_equal "#{F}:#{BL_CATCH}:in `bl_catch'", bt[5]
  assert_equal "#{F}:#{__LINE__ - 10}", bt[6]
  assert_equal caller(0)[1..-1], bt[7..-1]
end

test "the same Array every time, and in a clone made before it was asked for" do
  e = bl_catch
  c = e.clone
  bt = e.backtrace
  assert_true bt.equal?(e.backtrace)
  assert_true c.backtrace.equal?(bt)
  bt << "extra"
  assert_equal "extra", e.backtrace.last
end

test "more levels than fit on the stack buffer" do
  e = (bl_chain0 rescue $!)
  bl_reuse_stack(60)
  bt = e.backtrace
  assert_equal "#{F}:#{BL_CHAIN}:in `bl_chain40'", bt[0]
  assert_equal "chain.rb:139:in `bl_chain39'", bt[1]
  assert_equal "chain.rb:120:in `bl_chain20'", bt[20]
  assert_equal "chain.rb:100:in `bl_chain0'", bt[40]
  assert_equal "#{F}:#{__LINE__ - 7}", bt[41]
  assert_equal caller(0)[1..-1], bt[42..-1]
end

test "eval'd code collected before the backtrace is asked for" do
  e = begin
        eval("\n\nraise IndexError, 'ev'", nil, "gone_file.rb", 10)
      rescue IndexError => x
        x
      end
  GC.start
  "x" * 1000
  GC.start
  assert_equal "gone_file.rb:12", e.backtrace[0]
  assert_match(/:in `eval'\z/, e.backtrace[1])
  assert_equal "gone_file.rb:12", e.backtrace.first
end

test "$@ and Marshal before backtrace" do
  begin
    bl_inner(1)
  rescue
    assert_equal "#{F}:#{BL_RAISE}:in `bl_inner'", $@[0]
    assert_equal "#{F}:#{__LINE__ - 3}", $@[1]
  end
  e = bl_catch
  m = Marshal.load(Marshal.dump(e))
  assert_equal ArgumentError, m.class
  assert_equal "bad 5", m.message
  assert_equal e.backtrace, m.backtrace
  assert_equal "#{F}:#{BL_RAISE}:in `bl_inner'", m.backtrace[0]
end

test "raised again: the first backtrace stays" do
  e = bl_catch
  e2 = begin
         raise e
       rescue => x
         x
       end
  assert_true e.equal?(e2)
  assert_equal "#{F}:#{BL_RAISE}:in `bl_inner'", e2.backtrace[0]
end

test "set_backtrace" do
  e = bl_catch
  assert_equal ["a:1", "b:2"], e.set_backtrace(["a:1", "b:2"])
  assert_equal ["a:1", "b:2"], e.backtrace
  assert_equal ["only"], e.set_backtrace("only")
  assert_equal ["only"], e.backtrace
  assert_nil e.set_backtrace(nil)
  assert_nil e.backtrace
  assert_raise(TypeError, "backtrace must be Array of String") { e.set_backtrace(5) }
  assert_nil RuntimeError.new("x").backtrace
end

test "raise Class, msg, bt" do
  given = ["x.rb:3:in `y'", "z.rb:4"]
  e = begin
        raise IOError, "io", given
      rescue IOError => x
        x
      end
  assert_equal "io", e.message
  assert_equal given, e.backtrace
  e = (raise(IOError, "io", "one:1") rescue $!)
  assert_equal ["one:1"], e.backtrace
end

class BlSeen < StandardError
  attr_reader :seen
  def set_backtrace(bt)
    @seen = bt
    super(bt.map { |l| "seen " + l })
  end
end

class BlOwn < StandardError
  def backtrace
    ["own:1"]
  end
end

test "a redefined set_backtrace or backtrace is called by raise" do
  e = begin
        raise BlSeen, "s"
      rescue BlSeen => x
        x
      end
  assert_equal Array, e.seen.class
  assert_equal "#{F}:#{__LINE__ - 5}", e.seen[0]
  assert_equal "seen #{F}:#{__LINE__ - 6}", e.backtrace[0]
  e = (raise(BlOwn, "o") rescue $!)
  assert_equal ["own:1"], e.backtrace
end

def bl_caller_level2
  bl_caller_level1
end

def bl_caller_level1
  [caller(0), caller, caller(2)]
end

test "caller(n)" do
  c0, c1, c2 = bl_caller_level2
  line = __LINE__ - 1
  assert_equal "#{F}:#{line - 4}:in `bl_caller_level1'", c0[0]
  assert_equal "#{F}:#{line - 8}:in `bl_caller_level2'", c0[1]
  assert_equal c0[1..-1], c1
  assert_equal c0[2..-1], c2
  assert_equal "#{F}:#{line}", c2[0]
  assert_raise(ArgumentError, "negative level (-1)") { caller(-1) }
end
