# main_include.rb: `include Mod` at the top level includes Mod into Object
# (a public singleton method of main, as in 1.8.7).
require 'assert'

module TopHelpers
  def top_helper; :helped; end
end

test "include at the top level" do
  assert_false Object.include?(TopHelpers)
  r = include TopHelpers
  assert_same Object, r
  assert_true Object.include?(TopHelpers)
  assert_equal :helped, top_helper
  assert_equal :helped, 5.top_helper
  assert_same Object, self.include(Comparable)
  assert_true self.singleton_methods.include?("include")
  e = assert_raise(TypeError) { include 5 }
  assert_equal "wrong argument type Fixnum (expected Module)", e.message
  assert_same Object, include          # 1.8.7 allows it
end
