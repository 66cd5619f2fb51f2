# thread_block.rb: a thread's block is called as 1.8.7's thread start
# called it: its parameters counted as a lambda's, a break ends the thread
# with its value, a return that would leave the thread for the method
# that made it raises ThreadError, and a warning about the block's
# parameters says where the thread was made (and goes to $stderr, whatever
# $stderr is).
require 'assert'

def value_or_error
  yield.value
rescue Exception => e
  [e.class, e.message]
end

class Collector
  attr_reader :text
  def initialize; @text = ""; end
  def write(s); @text << s; s.size; end
end

def stderr_of
  saved, $stderr = $stderr, Collector.new
  yield
  $stderr.text
ensure
  $stderr = saved
end

test "parameters are counted as a lambda's" do
  assert_equal [ArgumentError, "wrong number of arguments (0 for 2)"], value_or_error { Thread.new { |a, b| } }
  assert_equal [ArgumentError, "wrong number of arguments (1 for 2)"], value_or_error { Thread.new(1) { |a, b| } }
  assert_equal [ArgumentError, "wrong number of arguments (3 for 2)"], value_or_error { Thread.new(1, 2, 3) { |a, b| } }
  assert_equal [ArgumentError, "wrong number of arguments (1 for 2)"], value_or_error { Thread.new([1, 2]) { |a, b| } }
  assert_equal [ArgumentError, "wrong number of arguments (0 for 1)"], value_or_error { Thread.new { |a, *b| } }
  assert_equal [ArgumentError, "wrong number of arguments (1 for 0)"], value_or_error { Thread.new(1) { || } }
  assert_equal [ArgumentError, "wrong number of arguments (0 for 2)"], value_or_error { Thread.start { |a, b| } }
  assert_equal [1, 2], Thread.new(1, 2) { |a, b| [a, b] }.value
  assert_equal [1, []], Thread.new(1) { |a, *b| [a, b] }.value
  assert_equal [], Thread.new { |*a| a }.value
  assert_equal [1, 2, 3], Thread.new(1, [2, 3]) { |a, (b, c)| [a, b, c] }.value
  assert_equal [1, 2], Thread.new([1, 2]) { |a| a }.value
  assert_equal 3, Thread.new(1, 2) { 3 }.value
end

test "one parameter takes what comes, with the warning and where the thread was made" do
  line = __LINE__ + 1
  err = stderr_of { assert_equal [1, 2], Thread.new(1, 2) { |a| a }.value }
  assert_equal "#{__FILE__}:#{line}: warning: multiple values for a block parameter (2 for 1)\n" +
               "\tfrom #{__FILE__}:#{line}\n", err
  err = stderr_of { assert_equal nil, Thread.new { |a| a }.value }
  assert_match(/multiple values for a block parameter \(0 for 1\)\n\tfrom #{Regexp.escape(__FILE__)}:\d+\n\z/, err)
end

test "a break ends the thread with its value" do
  assert_equal 4, Thread.new { break 4 }.value
  assert_equal 6, Thread.new { begin; break 6; ensure; 0; end }.value
  assert_equal 7, Thread.new { [1].each { break 7 }; }.value
  assert_equal 2, Thread.new { [1].each { break 9 }; 2 }.value
  assert_equal 6, Thread.new { Thread.new { break 5 }.value + 1 }.value
  pr = proc { break 4 }
  assert_equal 4, Thread.new(&pr).value
end

def return_in_thread
  Thread.new { return 5 }.value
end

test "a return out of the thread's body raises ThreadError" do
  want = [ThreadError, "return can't jump across threads"]
  assert_equal want, value_or_error { Thread.new { return 5 } }
  assert_equal want, value_or_error { Thread.new { loop { return 1 } } }
  assert_equal want, value_or_error { Thread.new { [1, 2].each { |x| return x } } }
  assert_equal want, value_or_error { Thread.new { Thread.new { return 1 }.value } }
  assert_equal [ThreadError, "(eval):1: " + want[1]], value_or_error { Thread.new { eval("return 4") } }
  e = assert_raise(ThreadError) { return_in_thread }
  assert_equal "return can't jump across threads", e.message
end

def make_returner
  proc { return 2 }
end

test "returns that stay in the thread" do
  assert_equal 3, Thread.new { def thread_block_q; return 3; end; thread_block_q }.value
  assert_equal 2, Thread.new { make_returner.call }.value
  assert_equal 3, Thread.new { next 3 }.value
end
