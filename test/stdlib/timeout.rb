# timeout: 30
# timeout.rb: lib/timeout.rb (Timeout.timeout, Kernel#timeout,
# Timeout::Error, TimeoutError).  Short limits against long waits, long
# limits against quick blocks: no assertion depends on exact timing.
require 'assert'
require 'timeout'

BASE_THREADS = Thread.list.size

def threads_settled
  Thread.pass
  Thread.list.size
end

test "classes and names" do
  assert_same Timeout::Error, TimeoutError
  assert_true Timeout::Error < Interrupt             # as in 1.8.7
  assert_nil Timeout::Error <=> StandardError         # unrelated
  assert_true Timeout::ExitException < Exception
  assert_true Timeout.respond_to?(:timeout)
  assert_true self.respond_to?(:timeout, true)
end

test "a quick block returns its value" do
  assert_equal 1, Timeout.timeout(5) { 1 }
  assert_equal 2, timeout(5) { 2 }
  assert_equal 5, timeout(5) { |s| s }                  # the block gets sec
  assert_equal :ok, timeout(0.5) { sleep 0.01; :ok }
  assert_nil timeout(5) { }
  assert_equal BASE_THREADS, threads_settled
end

test "nil and 0 mean no limit" do
  assert_equal BASE_THREADS, Thread.list.size
  assert_equal :a, timeout(nil) { Thread.list.size == BASE_THREADS ? :a : :extra_thread }
  assert_equal :b, timeout(0) { Thread.list.size == BASE_THREADS ? :b : :extra_thread }
  assert_equal :c, timeout(0.0) { sleep 0.05; :c }
  assert_nil timeout(nil) { |s| s }
end

test "sleep" do
  e = assert_raise(Timeout::Error) { timeout(0.05) { sleep 5 } }
  assert_equal "execution expired", e.message
  assert_raise(TimeoutError) { Timeout.timeout(0.05) { sleep } }
  assert_equal BASE_THREADS, threads_settled
end

test "busy loop" do
  n = 0
  assert_raise(Timeout::Error) { timeout(0.05) { loop { n += 1 } } }
  assert n > 0
  assert_raise(Timeout::Error) { timeout(0.05) { x = 0; while true; x += 1; end } }
  assert_equal BASE_THREADS, threads_settled
end

test "waiting on a Queue, a ConditionVariable, a join, an IO" do
  q = Queue.new
  assert_raise(Timeout::Error) { timeout(0.05) { q.pop } }
  assert_equal 0, q.num_waiting
  m = Mutex.new
  cv = ConditionVariable.new
  assert_raise(Timeout::Error) { timeout(0.05) { m.synchronize { cv.wait(m) } } }
  assert_false m.locked?
  t = Thread.new { sleep }
  assert_raise(Timeout::Error) { timeout(0.05) { t.join } }
  t.kill
  t.join
  r, w = IO.pipe
  assert_raise(Timeout::Error) { timeout(0.05) { r.read(1) } }
  assert_raise(Timeout::Error) { timeout(0.05) { r.gets } }
  w.write("x\n")
  assert_equal "x\n", timeout(5) { r.gets }
  r.close
  w.close
  assert_equal BASE_THREADS, threads_settled
end

test "a Queue that gets an item in time" do
  q = Queue.new
  producer = Thread.new { sleep 0.02; q << :item }
  assert_equal :item, timeout(5) { q.pop }
  producer.join
end

test "bare rescue does not catch Timeout::Error" do
  caught = nil
  assert_raise(Timeout::Error) do
    begin
      timeout(0.05) { sleep 5 }
    rescue => e
      caught = e
    end
  end
  assert_nil caught
end

test "the block's own rescue sees the private exception, not Timeout::Error" do
  seen = nil
  r = timeout(0.05) do
    begin
      sleep 5
    rescue Exception => e
      seen = e
    end
    :swallowed
  end
  assert_equal :swallowed, r
  assert_kind_of Timeout::ExitException, seen
  assert_false seen.is_a?(Timeout::Error)
  assert_equal "execution expired", seen.message
  assert_equal BASE_THREADS, threads_settled
end

test "ensure clauses in the block run" do
  log = []
  assert_raise(Timeout::Error) do
    timeout(0.05) do
      begin
        sleep 5
      ensure
        log << :ensure
      end
    end
  end
  assert_equal [:ensure], log
end

test "a class of one's own" do
  my_error = Class.new(StandardError)
  e = assert_raise(my_error) { timeout(0.05, my_error) { sleep 5 } }
  assert_equal "execution expired", e.message
  assert_equal 3, timeout(5, my_error) { 3 }
  assert_raise(ArgumentError) { Timeout.timeout(0.05, ArgumentError) { sleep 5 } }
  assert_equal BASE_THREADS, threads_settled
end

test "other exceptions pass through" do
  assert_raise(ZeroDivisionError) { timeout(5) { 1 / 0 } }
  e = assert_raise(RuntimeError) { timeout(5) { raise "mine" } }
  assert_equal "mine", e.message
  assert_equal BASE_THREADS, threads_settled
  assert_equal :thrown, catch(:out) { timeout(5) { throw :out, :thrown } }
  assert_equal :broke, timeout(5) { break :broke }
  assert_equal :next, timeout(5) { next :next; :not_here }
  assert_equal :ret, lambda { timeout(5) { return :ret }; :not_here }.call
  assert_equal BASE_THREADS, threads_settled
end

test "nested timeouts" do
  # the inner one fires first: the outer block goes on
  r = timeout(5) do
    begin
      timeout(0.05) { sleep 5 }
      :not_here
    rescue Timeout::Error
      :inner_fired
    end
  end
  assert_equal :inner_fired, r
  # the outer one fires first: the inner timeout does not take it as its own
  inner_rescued = false
  e = assert_raise(Timeout::Error) do
    timeout(0.05) do
      begin
        timeout(5) { sleep 5 }
      rescue Timeout::Error
        inner_rescued = true
      end
    end
  end
  assert_false inner_rescued
  assert_equal "execution expired", e.message
  # deep nesting, all finishing in time
  assert_equal 4, timeout(5) { timeout(5) { timeout(5) { timeout(5) { 4 } } } }
  assert_equal BASE_THREADS, threads_settled
end

test "many timeouts leave no threads" do
  50.times { |i| timeout(5) { i } }
  10.times { assert_raise(Timeout::Error) { timeout(0.01) { sleep 1 } } }
  assert_equal BASE_THREADS, threads_settled
end

test "in other threads" do
  results = Queue.new
  threads = (0...4).map do |i|
    Thread.new do
      begin
        timeout(i.even? ? 0.05 : 5) { sleep(i.even? ? 5 : 0.01); results << [i, :done] }
      rescue Timeout::Error
        results << [i, :timeout]
      end
    end
  end
  threads.each { |t| t.join }
  got = []
  got << results.pop until results.empty?
  assert_equal [[0, :timeout], [1, :done], [2, :timeout], [3, :done]], got.sort_by { |a| a[0] }
  assert_equal BASE_THREADS, threads_settled
end

test "an invalid time is raised in the caller" do
  assert_raise(ArgumentError) { timeout(-1) { sleep 5 } }
  assert_raise(TypeError) { timeout("1") { sleep 5 } }
  assert_equal BASE_THREADS, threads_settled
end
