# retry_iter.rb: Ruby 1.8's `retry` inside a block (outside any rescue
# clause) restarts the whole iterator call, receiver and arguments included.
# Kept in its own file: while unsupported the jump ends the program.
require 'assert'

test "retry in a block restarts the iterator call" do
  calls = 0
  seen = []
  [1, 2, 3].each do |x|
    calls += 1
    seen << x
    retry if calls == 2
  end
  assert_equal [1, 2, 1, 2, 3], seen
end

def count_calls(log); log << :called; [1, 2]; end

test "the receiver is evaluated again" do
  log = []
  n = 0
  count_calls(log).each do |x|
    n += 1
    retry if n == 1
  end
  assert_equal [:called, :called], log
end
