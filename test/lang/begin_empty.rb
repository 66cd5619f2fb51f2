# begin_empty.rb: an empty BEGIN body (nothing, or only separators) is
# allowed anywhere BEGIN is and does nothing; it used to crash the binder
# (issue "Green threads you can trust", hazards).
require 'assert'
BEGIN { }
BEGIN { $began = [:first] }
BEGIN { ; }
BEGIN {
}
BEGIN { $began << :last }
END { }

test "empty BEGIN bodies between full ones" do
  assert_equal [:first, :last], $began
end

test "empty BEGIN in eval" do
  assert_equal 2, eval("BEGIN { }; 2")
  assert_equal 3, eval("BEGIN { ; }\n3")
  assert_equal :x, eval("BEGIN { }; BEGIN { $y = :x }; $y")
end

test "empty END" do
  assert_nil eval("END { }; nil")
end
