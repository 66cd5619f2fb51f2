# concurrent_require.rb: a thread requiring a file another thread is
# loading waits until it is loaded, as in 1.8.7: it never sees it half
# loaded, and the file runs once.
require 'assert'
$: << File.join(File.dirname(__FILE__), "fixtures")

test "ten threads require one slow file: it runs once, all see it" do
  results = Array.new(10) do
    Thread.new { [require('slow_feature'), SlowFeature::DONE] }
  end.map { |t| t.value }
  assert_equal 1, $slow_feature_loads
  assert_equal 1, results.select { |r| r[0] == true }.size
  assert_equal [:loaded] * 10, results.map { |r| r[1] }
  assert_false require('slow_feature')
end

test "a require that raises leaves $\" without the file" do
  e = assert_raise(RuntimeError) { require 'raising_feature' }
  assert_equal "raising_feature fails", e.message
  assert_equal [], $".grep(/raising_feature/)
  assert_raise(RuntimeError) { require 'raising_feature' }
  assert_equal 2, $raising_feature_runs
end

test "a thread waiting for another's require can be killed" do
  $slow_feature_loads = 0
  $".delete_if { |f| f =~ /slow_feature/ }
  Object.send(:remove_const, :SlowFeature)
  loader = Thread.new { require 'slow_feature' }
  Thread.pass until loader.status == "sleep"
  waiter = Thread.new { require 'slow_feature'; :not_killed }
  Thread.pass until waiter.status == "sleep"
  waiter.kill
  assert_true loader.value
  assert_false waiter.alive?
  assert_equal 1, $slow_feature_loads
  assert_equal :loaded, SlowFeature::DONE
end

# The loader frees its record of the file once it has woken the waiters;
# a waiter raised before it runs again must not pass its wake-up on to
# that record's queue (AddressSanitizer saw a use after free).
test "a waiter raised right after the file was loaded" do
  $slow_feature_loads = 0
  $".delete_if { |f| f =~ /slow_feature/ }
  Object.send(:remove_const, :SlowFeature)
  waiter = nil
  loader = Thread.new do
    require 'slow_feature'
    waiter.raise(RuntimeError, "after the load")   # before the waiter runs
    :loaded
  end
  Thread.pass until loader.status == "sleep"
  waiter = Thread.new do
    begin
      require 'slow_feature'
      :not_raised
    rescue RuntimeError => e
      e.message
    end
  end
  assert_equal :loaded, loader.value
  assert_equal "after the load", waiter.value
  assert_equal 1, $slow_feature_loads
end

test "a file requiring itself gets false" do
  assert_true require('circular_feature')
  assert_false $circular_inner
end
