# main_include.rb: `include M` at the top level includes M into Object, as
# 1.8.7's main.include did (scripts say `include Math` to call sqrt bare).
require 'assert'

module TopHelpers
  def helper_twice(x)
    x * 2
  end
end

include TopHelpers

test "top-level include" do
  assert_true Object.include?(TopHelpers)
  assert_equal 6, helper_twice(3)
  assert_equal 8, Object.new.send(:helper_twice, 4)
  assert_true self.singleton_methods.include?("include")
end

include Math

test "include Math at the top level" do
  assert_equal 3.0, sqrt(9)
  assert_in_delta 1.0, sin(PI / 2), 0.0000001
end

test "wrong arguments" do
  assert_raise(TypeError, "wrong argument type Fixnum (expected Module)") { include 3 }
  assert_equal Object, include(Comparable)
end
