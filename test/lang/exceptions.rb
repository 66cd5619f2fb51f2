# exceptions.rb: raise in all its forms, begin/rescue/else/ensure with
# several classes and `=> e`, rescue/else/ensure in def bodies, the rescue
# modifier, retry, $! and $@, custom exceptions, the 1.8.7 exception
# hierarchy, SystemStackError from deep recursion.
require 'assert'

class MyError < StandardError; end
class MySubError < MyError
  def initialize(msg = "my default"); super; end
end

test "raise forms" do
  e = assert_raise(RuntimeError) { raise "plain" }
  assert_equal "plain", e.message
  e = assert_raise(RuntimeError) { raise }
  assert_equal "", e.message          # 1.8.7: an empty RuntimeError
  e = assert_raise(ArgumentError) { raise ArgumentError }
  assert_equal "ArgumentError", e.message
  e = assert_raise(ArgumentError) { raise ArgumentError, "bad" }
  assert_equal "bad", e.message
  e = assert_raise(TypeError) { raise TypeError.new("obj") }
  assert_equal "obj", e.message
  e = assert_raise(IndexError) { raise IndexError, "with bt", ["a:1", "b:2"] }
  assert_equal ["a:1", "b:2"], e.backtrace
  e = assert_raise(MySubError) { raise MySubError }
  assert_equal "my default", e.message
  e = assert_raise(MyError) { raise MySubError, "sub" }
  assert_equal "sub", e.message
  e = assert_raise(TypeError) { raise 42 }
  assert_equal "exception class/object expected", e.message
  e = assert_raise(RuntimeError) { fail "via fail" }
  assert_equal "via fail", e.message
  e = assert_raise(RuntimeError) { Kernel.raise "kernel" }
  assert_equal "kernel", e.message
  e = assert_raise(ArgumentError) { raise ArgumentError.new("x"), "replaced" }
  assert_equal "replaced", e.message
end

test "raise with an object responding to exception" do
  o = Object.new
  def o.exception(msg = nil); IOError.new(msg || "from exception"); end
  e = assert_raise(IOError) { raise o }
  assert_equal "from exception", e.message
  e = assert_raise(IOError) { raise o, "given" }
  assert_equal "given", e.message
end

test "re-raise" do
  e = assert_raise(ZeroDivisionError) do
    begin
      1 / 0
    rescue ZeroDivisionError
      raise
    end
  end
  assert_equal "divided by 0", e.message
  inner = nil
  begin
    begin
      raise MyError, "orig"
    rescue => inner
      raise inner
    end
  rescue MyError => outer
    assert_same inner, outer
  end
end

test "rescue clauses" do
  r = begin
        raise TypeError, "t"
      rescue ArgumentError
        :arg
      rescue TypeError, NameError => e
        [:type, e.message]
      end
  assert_equal [:type, "t"], r
  r = begin
        raise NameError, "n"
      rescue ArgumentError, NameError
        :multi
      end
  assert_equal :multi, r
  r = begin
        raise "x"
      rescue
        :default_catches_standard_error
      end
  assert_equal :default_catches_standard_error, r
  classes = [KeyError, IOError] rescue classes = [IndexError, IOError]
  r = begin
        raise IOError
      rescue *classes
        :splat
      end
  assert_equal :splat, r
  r = begin
        raise IOError
      rescue ArgumentError, *classes
        :splat2
      end
  assert_equal :splat2, r
  r = begin
        raise MySubError
      rescue MyError => e
        e.class
      end
  assert_equal MySubError, r
  r = begin
        raise "m"
      rescue Exception => @ivar_err
        @ivar_err.message
      end
  assert_equal "m", r
  h = {}
  begin
    raise "into hash"
  rescue => h[:err]
  end
  assert_equal "into hash", h[:err].message
end

test "non-StandardError is not caught by a bare rescue" do
  r = begin
        begin
          raise Interrupt, "int" rescue raise SignalException, "INT"
        rescue
          :wrong
        end
      rescue Exception => e
        e.class.ancestors.include?(SignalException) ? :right : :other
      end
  assert_equal :right, r
  r = begin
        begin
          exit 3
        rescue
          :wrong
        end
      rescue SystemExit => e
        e.status
      end
  assert_equal 3, r
end

test "else and ensure" do
  log = []
  r = begin
        log << :body
        1
      rescue
        log << :rescue
        2
      else
        log << :else
        3
      ensure
        log << :ensure
        4
      end
  assert_equal 3, r                  # the value of else; not ensure's
  assert_equal [:body, :else, :ensure], log
  log = []
  r = begin
        raise "x"
      rescue
        log << :rescue
        :rescued
      else
        log << :else
      ensure
        log << :ensure
      end
  assert_equal :rescued, r
  assert_equal [:rescue, :ensure], log
  r = begin
        :only
      ensure
        :ignored
      end
  assert_equal :only, r
end

test "exception in else is not rescued by the same begin" do
  r = begin
        begin
          :ok
        rescue
          :wrong
        else
          raise "from else"
        end
      rescue => e
        e.message
      end
  assert_equal "from else", r
end

test "exception in ensure replaces the original" do
  e = assert_raise(ArgumentError) do
    begin
      raise TypeError
    ensure
      raise ArgumentError, "from ensure"
    end
  end
  assert_equal "from ensure", e.message
end

test "exception in rescue propagates, ensure still runs" do
  log = []
  e = assert_raise(NameError) do
    begin
      raise "a"
    rescue
      raise NameError, "b"
    ensure
      log << :ensure
    end
  end
  assert_equal "b", e.message
  assert_equal [:ensure], log
end

def def_rescue(x)
  raise ArgumentError, "neg" if x < 0
  x * 2
rescue ArgumentError => e
  "rescued #{e.message}"
else
  "else"
ensure
  $def_ensure_ran = true
end

def def_ensure_only
  return :body
ensure
  $def_ensure_only = :ran
end

def def_retry
  @def_tries = (@def_tries || 0) + 1
  raise "again" if @def_tries < 3
  @def_tries
rescue
  retry
end

test "rescue, else, ensure in def" do
  $def_ensure_ran = false
  assert_equal "rescued neg", def_rescue(-1)
  assert_true $def_ensure_ran
  assert_equal "else", def_rescue(1)     # else's value is the method's
  assert_equal :body, def_ensure_only
  assert_equal :ran, $def_ensure_only
  assert_equal 3, def_retry
end

test "rescue in blocks (do...end has no implicit rescue in 1.8)" do
  r = [1, 0].map do |d|
    begin
      10 / d
    rescue ZeroDivisionError
      :inf
    end
  end
  assert_equal [10, :inf], r
  assert_raise(SyntaxError) { eval("[1].each do |x| raise 'a'; rescue; end") }
end

test "rescue modifier" do
  assert_equal :saved, (raise "x" rescue :saved)
  v = Integer("zz") rescue -1
  assert_equal(-1, v)
  w = (1 / 0 rescue 0)
  assert_equal 0, w
  x = [1, 2].fetch(9) rescue :default
  assert_equal :default, x
  y = (raise "e") rescue :paren          # lhs = arg rescue arg
  assert_equal :paren, y
  z = raise "e" rescue :cmd              # (lhs = command) rescue stmt
  assert_nil z
  # the modifier only catches StandardError
  assert_raise(SignalException) { (raise SignalException, "INT") rescue :no }
  def m_with_modifier; raise "q"; rescue; :in_def; end
  assert_equal :in_def, m_with_modifier
end

test "$! and $@" do
  assert_nil $!
  begin
    raise "current"
  rescue
    assert_equal "current", $!.message
    assert_kind_of Array, $@
    assert_match(/exceptions\.rb/, $@.first)
    begin
      raise "nested"
    rescue
      assert_equal "nested", $!.message
    end
    assert_equal "current", $!.message
  end
  assert_nil $!
  begin
    raise "in def"
  rescue
  end
  assert_nil $!
end

test "exception objects" do
  e = RuntimeError.new("msg")
  assert_equal "msg", e.message
  assert_equal "msg", e.to_s
  assert_equal "#<RuntimeError: msg>", e.inspect
  assert_nil e.backtrace
  e2 = e.exception("other")
  assert_equal "other", e2.message
  assert_equal RuntimeError, e2.class
  assert_same e, e.exception
  assert_same e, e.exception(e)
  assert_equal "StandardError", StandardError.new.message
  assert_equal "#<StandardError: StandardError>", StandardError.new.inspect
  assert_equal "#<Exception: Exception>", Exception.new.inspect
  ne = NameError.new("nm", :foo)
  assert_equal :foo, ne.name
  nme = NoMethodError.new("nm", :bar, [1])
  assert_equal [1], nme.args
  begin
    nil.undefined_thing(1, 2)
  rescue NoMethodError => x
    assert_equal :undefined_thing, x.name
    assert_equal [1, 2], x.args
    assert_equal "undefined method `undefined_thing' for nil:NilClass", x.message
  end
  begin
    undefined_local_thing
  rescue NameError => x
    assert_equal NameError, x.class
    assert_equal :undefined_local_thing, x.name
  end
  se = SystemExit.new(4, "bye")
  assert_equal 4, se.status
  assert_equal "bye", se.message
  assert_false se.success?
  assert_true SystemExit.new.success?
  e = Exception.new(nil)
  assert_equal "Exception", e.message
  e = RuntimeError.new(:sym)
  assert_equal "sym", e.message
end

test "set_backtrace" do
  e = RuntimeError.new("x")
  e.set_backtrace(["f:1"])
  assert_equal ["f:1"], e.backtrace
  begin
    raise e
  rescue => got
    assert_equal ["f:1"], got.backtrace
  end
end

class WithData < StandardError
  attr_reader :data
  def initialize(data)
    @data = data
    super("data #{data}")
  end
end

class CustomMessage < StandardError
  def message; "custom!"; end
end

test "custom exceptions" do
  e = assert_raise(WithData) { raise WithData.new(5) }
  assert_equal 5, e.data
  assert_equal "data 5", e.message
  e = assert_raise(CustomMessage) { raise CustomMessage }
  assert_equal "custom!", e.message
  assert_true WithData.ancestors.include?(StandardError)
end

test "the 1.8.7 hierarchy" do
  {
    NoMemoryError => Exception, ScriptError => Exception, LoadError => ScriptError,
    NotImplementedError => ScriptError, SyntaxError => ScriptError,
    SignalException => Exception, Interrupt => SignalException,
    StandardError => Exception, ArgumentError => StandardError, IOError => StandardError,
    EOFError => IOError, IndexError => StandardError, LocalJumpError => StandardError,
    NameError => StandardError, NoMethodError => NameError, RangeError => StandardError,
    FloatDomainError => RangeError, RegexpError => StandardError,
    RuntimeError => StandardError, SecurityError => StandardError,
    SystemCallError => StandardError, ThreadError => StandardError, TypeError => StandardError,
    ZeroDivisionError => StandardError, SystemExit => Exception,
    SystemStackError => StandardError, StopIteration => IndexError,
  }.each do |klass, sup|
    assert_equal sup, klass.superclass, "#{klass}.superclass"
  end
  # `fatal` is a constant with a lower-case name: only reachable by reflection
  assert_true Object.constants.include?("fatal")
  assert_raise(NameError) { Object.const_get(:fatal) }
  assert_true Errno::ENOENT.ancestors.include?(SystemCallError)
  assert_equal 2, Errno::ENOENT::Errno
  e = assert_raise(Errno::ENOENT) { File.open("/nonexistent/zz") }
  assert_equal "No such file or directory - /nonexistent/zz", e.message
  assert_equal Errno::ENOENT::Errno, e.errno
  assert_kind_of SystemCallError, Errno::EACCES.new
  assert_true(Comparable.instance_of?(Module))
end

def recurse_forever(n); recurse_forever(n + 1); end

test "deep recursion raises SystemStackError" do
  e = assert_raise(SystemStackError) { recurse_forever(0) }
  assert_equal "stack level too deep", e.message if e
  # and the interpreter is usable afterwards
  assert_equal 55, (1..10).inject(0) { |s, x| s + x }
  e = assert_raise(SystemStackError) { recurse_forever(0) }
  assert_kind_of SystemStackError, e
  blk = nil
  blk = lambda { |n| blk.call(n + 1) }
  assert_raise(SystemStackError) { blk.call(0) }
  # 1.8: SystemStackError is a StandardError, so a bare rescue catches it
  r = begin
        recurse_forever(0)
      rescue
        :caught
      end
  assert_equal :caught, r
end

test "GC.start" do
  junk = (1..2000).map { |i| "str#{i}" * 3 }
  junk = nil
  assert_nil GC.start
  assert_equal "abc", "a" + "bc"
  x = Array.new(100) { |i| [i] }
  GC.start
  assert_equal 4950, x.inject(0) { |s, a| s + a[0] }
end

test "raise in a method, rescued by the caller" do
  def raiser; raise MyError, "deep"; end
  def middle; raiser; :not; end
  r = begin
        middle
      rescue MyError => e
        e.message
      end
  assert_equal "deep", r
  assert_match(/in `raiser'/, e.backtrace[0])
  assert_match(/in `middle'/, e.backtrace[1])
end

test "ensure runs when an exception passes through methods" do
  log = []
  inner = lambda { begin raise "z" ensure log << :inner end }
  outer = lambda { begin inner.call ensure log << :outer end }
  assert_raise(RuntimeError) { outer.call }
  assert_equal [:inner, :outer], log
end

test "Exception#== and ===" do
  # 1.8.7 has no Exception#==: Object's identity
  assert_false(RuntimeError.new("a") == RuntimeError.new("a"))
  assert_false(Errno::ENOENT.new == Errno::ENOENT.new)
  e = RuntimeError.new("a")
  assert_true(e == e)
  assert_false([RuntimeError.new("a")].include?(RuntimeError.new("a")))
  assert_equal(["backtrace", "exception", "inspect", "message", "set_backtrace", "to_s", "to_str"],
               Exception.instance_methods(false).sort)
  assert_true(StandardError === RuntimeError.new)
  assert_false(ArgumentError === RuntimeError.new)
  assert_true RuntimeError.new("a").is_a?(Exception)
end
