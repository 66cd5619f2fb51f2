# parsedate.rb: lib/parsedate.rb: ParseDate.parsedate and its 8-element
# answer [year, mon, mday, hour, min, sec, zone, wday].
require 'assert'
require 'parsedate'

test "parsedate" do
  assert_equal [2001, 2, 3, 4, 5, 6, "JST", 6], ParseDate.parsedate("Sat Feb  3 04:05:06 JST 2001")
  assert_equal [2001, 2, 3, 4, 5, 6, "+0700", 6], ParseDate.parsedate("Sat, 3 Feb 2001 04:05:06 +0700")
  assert_equal [2001, 2, 3, nil, nil, nil, nil, nil], ParseDate.parsedate("2001-02-03")
  assert_equal [2001, 2, 3, 4, 5, 6, "Z", nil], ParseDate.parsedate("2001-02-03T04:05:06Z")
  assert_equal [nil, nil, nil, 10, 20, nil, nil, nil], ParseDate.parsedate("10:20")
  assert_equal [nil, 2, 3, nil, nil, nil, nil, nil], ParseDate.parsedate("Feb 3")
  assert_equal [2001, 2, 3, 16, nil, nil, nil, nil], ParseDate.parsedate("3rd Feb 2001 4pm")
  assert_equal [nil, nil, nil, nil, nil, nil, nil, nil], ParseDate.parsedate("")
  assert_equal [nil, nil, nil, nil, nil, nil, nil, 1], ParseDate.parsedate("Monday")
  assert_equal 8, ParseDate.parsedate("anything").size
end

test "two-digit years are completed only when asked" do
  assert_equal [1, 2, 3], ParseDate.parsedate("01-02-03")[0, 3]
  assert_equal [2001, 2, 3], ParseDate.parsedate("01-02-03", true)[0, 3]
  assert_equal [1999, 2, 3], ParseDate.parsedate("99-02-03", true)[0, 3]
  assert_equal [1969, 2, 3], ParseDate.parsedate("69-02-03", true)[0, 3]
  assert_equal [2001, 2, 3], ParseDate.parsedate("2/3/01", true)[0, 3]        # month first
  assert_equal [2068, 2, 3], ParseDate.parsedate("68-02-03", true)[0, 3]
  assert_equal [99, 2, 3], ParseDate.parsedate("99-02-03")[0, 3]
  assert_equal [1999, 2, 3], ParseDate.parsedate("Feb 3 99", true)[0, 3]
  assert_equal [2001, 2, 3], ParseDate.parsedate("2001-02-03", true)[0, 3]
end

test "as a mixin" do
  o = Object.new
  o.extend(ParseDate)
  assert_equal [2001, 2, 3], o.__send__(:parsedate, "2001-02-03")[0, 3]
  assert_false o.respond_to?(:parsedate)             # module_function: private in the mixin
  klass = Class.new { include ParseDate; def go(s); parsedate(s); end }
  assert_equal [2001, 2, 3, nil, nil, nil, nil, nil], klass.new.go("2001-02-03")
end
