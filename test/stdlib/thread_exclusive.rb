# thread_exclusive.rb: Thread.exclusive, which require 'thread' brings
# (lib/thread.rb, loaded by the C part of 'thread'), as in 1.8.7.
require 'assert'

test "not there before require 'thread'" do
  assert_false Thread.respond_to?(:exclusive)
  assert_raise(NoMethodError) { Thread.exclusive { 1 } }
end

require 'thread'

test "the block's value, with Thread.critical set" do
  assert_equal 5, Thread.exclusive { 5 }
  assert_true Thread.exclusive { Thread.critical }
  assert_false Thread.critical
  assert_equal [1, 2], Thread.exclusive { [1, 2] }
end

test "Thread.critical restored however the block ends" do
  begin
    Thread.critical = true
    assert_equal 1, Thread.exclusive { 1 }
    assert_true Thread.critical
  ensure
    Thread.critical = false
  end
  assert_raise(RuntimeError, "x") { Thread.exclusive { raise "x" } }
  assert_false Thread.critical
  assert_equal 7, Thread.exclusive { break 7 }
  assert_false Thread.critical
  assert_equal 9, lambda { Thread.exclusive { next 9 } }.call
  assert_false Thread.critical
end

def returns_from_inside
  Thread.exclusive { return :returned }
  :not_reached
end

test "return from the block" do
  assert_equal :returned, returns_from_inside
  assert_false Thread.critical
end

test "without a block" do
  assert_raise(LocalJumpError) { Thread.exclusive }
  assert_false Thread.critical
end

test "other threads wait until it ends" do
  log = []
  t = Thread.new { Thread.stop; log << :other }
  Thread.pass until t.stop?
  Thread.exclusive do
    t.wakeup
    300_000.times { }             # time slices end, the other thread waits
    log << :inside
  end
  t.join
  assert_equal [:inside, :other], log
end

test "require 'thread' again, or by the file's name" do
  assert_false require('thread')
  assert_false require('thread.rb')
  assert_equal 1, $".grep(/thread\.rb\z/).size
end
