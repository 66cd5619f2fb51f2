# backtrace_recursion.rb: 1.8.7 leaves out a backtrace level that called
# the same method as the level inside it, from the node its own caller
# stands at: a recursion at one call site shows as two lines, nested C
# calls of one method as one.  Mutual recursion, and recursion through a
# block or another method, is shown in full.
require 'assert'

F = __FILE__

def bt_of
  yield
  nil
rescue => e
  e.backtrace
end

def rec_if(n)
  if n == 0
    raise "x"
  else
    rec_if(n - 1)
  end
end

def rec_ternary(n)
  n == 0 ? raise("y") : rec_ternary(n - 1)
end

def mutual_a(n); mutual_b(n); end
def mutual_b(n); n == 0 ? raise("z") : mutual_a(n - 1); end

def rec_caller(n)
  n == 0 ? caller(0) : rec_caller(n - 1)
end

def rec_block(n)
  [1].each { n == 0 ? raise("x") : rec_block(n - 1) }
end

def rec_send(n)
  n == 0 ? raise("x") : send(:rec_send, n - 1)
end

def rec_yield(n, &b)
  n == 0 ? yield : rec_yield(n - 1, &b)
end

class RaisingInspect
  def inspect; raise "x"; end
end

test "a recursion at one call site is two lines" do
  line = __LINE__ + 2
  assert_equal ["#{F}:19:in `rec_if'", "#{F}:21:in `rec_if'", "#{F}:#{line}", "#{F}:11:in `bt_of'"],
               bt_of { rec_if(3) }[0, 4]
  line = __LINE__ + 2
  assert_equal ["#{F}:26:in `rec_ternary'", "#{F}:26:in `rec_ternary'", "#{F}:#{line}"],
               bt_of { rec_ternary(4) }[0, 3]
end

test "caller: the same" do
  line = __LINE__ + 1
  assert_equal ["#{F}:33:in `rec_caller'", "#{F}:33:in `rec_caller'", "#{F}:#{line}"], rec_caller(3)[0, 3]
end

test "mutual recursion is shown in full" do
  line = __LINE__ + 1
  bt = bt_of { mutual_a(2) }
  assert_equal ["#{F}:30:in `mutual_b'", "#{F}:29:in `mutual_a'"] * 3 + ["#{F}:#{line}"], bt[0, 7]
end

test "through a block or another method, in full" do
  level = ["#{F}:37:in `rec_block'", "#{F}:37:in `each'", "#{F}:37:in `rec_block'"]
  assert_equal level * 3, bt_of { rec_block(2) }[0, 9]
  assert_equal ["#{F}:41:in `rec_send'", "#{F}:41:in `send'"] * 2 + ["#{F}:41:in `rec_send'"],
               bt_of { rec_send(2) }[0, 5]
end

test "a block yielded through a recursion" do
  line = __LINE__ + 1
  bt = bt_of { rec_yield(3) { raise "y" } }
  assert_equal ["#{F}:#{line}", "#{F}:45:in `rec_yield'", "#{F}:45:in `rec_yield'", "#{F}:#{line}"], bt[0, 4]
end

test "nested C calls of one method are one line" do
  line = __LINE__ + 1
  bt = bt_of { [[[RaisingInspect.new]]].inspect }
  assert_equal ["#{F}:49:in `inspect'", "#{F}:#{line}"], bt[0, 2]
end
