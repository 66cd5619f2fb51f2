# proc_outer_block.rb: a block made into a Proc (&b) whose body yields to
# the block of the method it was written in.  Making the Proc makes one
# for that outer block too; it must survive a collection at the next
# allocation (this file runs again under MINIRUBY_GC_STRESS, see
# test/gc_stress.list: before the fix it crashed or yielded to the wrong
# block there).
require 'assert'

def take_and_call(&b)
  b.call(5)
end

def take_and_pass(&b)
  call_it(&b)
end

def call_it
  yield 6
end

def via_call
  take_and_call { |c| yield c * 10 }
end

def via_pass
  take_and_pass { |c| yield c * 10 }
end

def nested
  take_and_pass { |c| take_and_pass { |d| yield c + d } }
end

test "yield inside a block given as &b" do
  got = []
  via_call { |x| got << x }
  via_pass { |x| got << x }
  nested { |x| got << x }
  assert_equal [50, 60, 12], got
end

test "the outer block outlives the call" do
  keep = nil
  m = Object.new
  def m.store(&b) b end
  def m.make
    store { |x| yield x + 1 }
  end
  keep = m.make { |v| v * 2 }
  GC.start
  assert_equal 8, keep.call(3)
  procs = (1..50).map { |i| m.make { |v| v + i } }
  GC.start
  assert_equal (1..50).map { |i| 2 + i }, procs.map { |pr| pr.call(1) }
end
