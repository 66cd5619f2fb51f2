# abbrev.rb: lib/abbrev.rb (Abbrev.abbrev, Array#abbrev).
require 'assert'
require 'abbrev'

test "abbrev" do
  h = Abbrev.abbrev(%w(car cone))
  assert_equal({"car" => "car", "ca" => "car", "cone" => "cone", "con" => "cone", "co" => "cone"}, h)
  h = %w(ruby rules).abbrev
  assert_equal({"ruby" => "ruby", "rub" => "ruby", "rules" => "rules", "rule" => "rules", "rul" => "rules"}, h)
  h = %w(car cart).abbrev
  assert_equal({"car" => "car", "cart" => "cart"}, h)       # car begins cart: only itself
  assert_equal({}, [].abbrev)
  assert_equal({"a" => "a"}, %w(a a).abbrev)
end

test "pattern" do
  h = %w(car box cone).abbrev("c")
  assert_equal({"car" => "car", "ca" => "car", "c" => nil}.reject { |k, v| v.nil? }.merge("cone" => "cone", "con" => "cone", "co" => "cone"), h)
  h = %w(car box cone).abbrev(/b/)
  assert_equal({"box" => "box", "bo" => "box", "b" => "box"}, h)
  h = %w(a.b a.c).abbrev("a.")
  assert_equal({"a.b" => "a.b", "a.c" => "a.c"}, h)
end

test "include Abbrev" do
  klass = Class.new { include Abbrev; def go; abbrev(%w(x)); end }
  assert_equal({"x" => "x"}, klass.new.go)
end
