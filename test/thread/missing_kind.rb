# The kind of a missing method (private, protected, undefined, vcall) is
# the thread's own: threads that switch inside method_missing before it
# reaches Kernel#method_missing still get their own message.  (1.8.7 keeps
# it in a process global and gets all four wrong here.)
require 'assert'

# Each thread waits its turn once all four have missed their method, so
# that each super comes after the other threads' misses.
class Gate
  def initialize; @arrived = 0; @turn = 0; end
  def wait(i)
    @arrived += 1
    Thread.pass until @arrived == 4 && @turn == i
  end
  def next!; @turn += 1; end
end

class Target
  def initialize(i, gate); @i = i; @gate = gate; end
  def inspect; "target#{@i}"; end
  def vcall; undefined_thing; end
  def method_missing(name, *args)
    @gate.wait(@i)
    super
  ensure
    @gate.next!
  end
  private
  def priv; end
  protected
  def prot; end
end

# Switches in respond_to?, which its method_missing asks first.
class AskingTarget < Target
  def respond_to?(name, priv = false)
    @gate.wait(@i)
    super
  end
  def method_missing(name, *args)
    respond_to?(name, true)
    @gate.next!
    Kernel.instance_method(:method_missing).bind(self).call(name, *args)
  end
end

def miss_in_four_threads(klass)
  gate = Gate.new
  calls = [
    lambda { klass.new(0, gate).priv },
    lambda { klass.new(1, gate).prot },
    lambda { klass.new(2, gate).nothing_here },
    lambda { klass.new(3, gate).vcall },
  ]
  threads = calls.map do |c|
    Thread.new do
      begin
        c.call
        nil
      rescue NameError => e
        [e.class, e.message, e.name]
      end
    end
  end
  threads.map { |t| t.value }
end

def assert_own_kinds(results)
  assert_equal [NoMethodError, "private method `priv' called for target0:Target", :priv], results[0]
  assert_equal [NoMethodError, "protected method `prot' called for target1:Target", :prot], results[1]
  assert_equal [NoMethodError, "undefined method `nothing_here' for target2:Target", :nothing_here], results[2]
  assert_equal [NameError, "undefined local variable or method `undefined_thing' for target3:Target", :undefined_thing], results[3]
end

test "a switch in method_missing before super" do
  assert_own_kinds miss_in_four_threads(Target)
end

test "a switch in respond_to? asked by method_missing" do
  assert_own_kinds miss_in_four_threads(AskingTarget).map { |r| r && [r[0], r[1].sub("AskingTarget", "Target"), r[2]] }
end
