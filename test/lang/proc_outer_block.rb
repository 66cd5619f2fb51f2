# proc_outer_block.rb: a block made a Proc (&b) keeps the block of the
# method it was written in, so `yield` inside it still works; the Proc of
# that outer block must survive a collection while the new Proc is made
# (this file is in gc_stress.list).
require 'assert'

def call_it(&b)
  b.call(5)
end

def outer_yield
  call_it { |k| return yield(k) }
end

def outer_plain
  call_it { |k| yield(k) + 1 }
end

test "yield in a block turned into a Proc" do
  assert_equal 10, outer_yield { |v| v * 2 }
  assert_equal 16, outer_plain { |v| v * 3 }
  r = []
  3.times { |i| r << outer_plain { |v| v + i } }
  assert_equal [6, 7, 8], r
  pr = proc { |x| x }
  assert_equal 4, pr.dup.call(4)
  assert_equal 4, pr.clone.call(4)
end
