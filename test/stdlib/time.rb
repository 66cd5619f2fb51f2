# time.rb: lib/time.rb: Time.parse, rfc2822/rfc822, httpdate,
# xmlschema/iso8601, zone_offset, and Time#rfc2822, #httpdate,
# #xmlschema(fraction_digits).  The local zone is set with POSIX TZ
# strings (JST-9: nine hours east, no daylight saving) so that results do
# not depend on the machine's zone.
require 'assert'
require 'time'

ENV['TZ'] = 'JST-9'

def utc_fields(t)
  u = t.dup.utc
  [u.year, u.mon, u.day, u.hour, u.min, u.sec, u.usec]
end

test "1.8.7 has no Time.strptime" do
  assert_false Time.respond_to?(:strptime)
end

test "zone_offset" do
  assert_equal 0, Time.zone_offset("UTC")
  assert_equal 0, Time.zone_offset("Z")
  assert_equal 0, Time.zone_offset("gmt")
  assert_equal(-18000, Time.zone_offset("EST"))
  assert_equal(-25200, Time.zone_offset("PDT"))
  assert_equal 32400, Time.zone_offset("+09:00")
  assert_equal 32400, Time.zone_offset("+0900")
  assert_equal(-19800, Time.zone_offset("-05:30"))
  assert_equal 32400, Time.zone_offset("+09")
  assert_equal 3600, Time.zone_offset("A")
  assert_equal(-43200, Time.zone_offset("Y"))
  assert_equal 32400, Time.zone_offset("JST")          # the local zone's own name
  assert_nil Time.zone_offset("CEST")
  assert_nil Time.zone_offset("+9")
end

test "Time.parse" do
  t = Time.parse("2001-02-03 04:05:06")
  assert_equal [2001, 2, 3, 4, 5, 6], [t.year, t.mon, t.day, t.hour, t.min, t.sec]
  assert_false t.utc?
  assert_equal 32400, t.utc_offset                     # no zone: local time
  t = Time.parse("2001-02-03T04:05:06Z")
  assert_true t.utc?
  assert_equal [2001, 2, 3, 4, 5, 6, 0], utc_fields(t)
  t = Time.parse("Sat, 3 Feb 2001 04:05:06 +0700")
  assert_false t.utc?
  assert_equal [2001, 2, 2, 21, 5, 6, 0], utc_fields(t)
  assert_equal [2001, 2, 3, 6, 5, 6], [t.year, t.mon, t.day, t.hour, t.min, t.sec]   # shown in JST
  t = Time.parse("Sat Feb  3 04:05:06 UTC 2001")
  assert_true t.utc?
  assert_equal [2001, 2, 3, 4, 5, 6, 0], utc_fields(t)
  t = Time.parse("2001-02-03 04:05:06.25 EST")
  assert_equal [2001, 2, 3, 9, 5, 6, 250000], utc_fields(t)
  t = Time.parse("Feb 3 2001 4pm")
  assert_equal [2001, 2, 3, 16, 0, 0], [t.year, t.mon, t.day, t.hour, t.min, t.sec]
  t = Time.parse("2001-02-03T04:05:06+09:00")
  assert_equal 981140706, t.to_i
  assert_equal Time.local(2001, 2, 3, 4, 5, 6), Time.parse("2001-02-03T04:05:06+09:00")
end

test "Time.parse takes what is missing from now" do
  now = Time.local(2005, 6, 7, 8, 9, 10, 11)
  t = Time.parse("12:30", now)
  assert_equal [2005, 6, 7, 12, 30, 0, 0], [t.year, t.mon, t.day, t.hour, t.min, t.sec, t.usec]
  t = Time.parse("Feb 3", now)
  assert_equal [2005, 2, 3, 0, 0, 0], [t.year, t.mon, t.day, t.hour, t.min, t.sec]
  t = Time.parse("2001-02-03", now)
  assert_equal [2001, 2, 3, 0, 0, 0], [t.year, t.mon, t.day, t.hour, t.min, t.sec]
  t = Time.parse("10:20:30", now)
  assert_equal [2005, 6, 7, 10, 20, 30, 0], [t.year, t.mon, t.day, t.hour, t.min, t.sec, t.usec]
  t = Time.parse("10:20:30", nil)
  assert_equal [1970, 1, 1, 10, 20, 30], [t.year, t.mon, t.day, t.hour, t.min, t.sec]
end

test "Time.parse: two-digit years stay as they are; a block may fix them" do
  t = Time.parse("99-02-03") { |y| y + 1900 }
  assert_equal [1999, 2, 3], [t.year, t.mon, t.day]
  seen = nil
  Time.parse("2001-02-03") { |y| seen = y; y }
  assert_equal 2001, seen
  seen = :not_called
  Time.parse("12:00") { |y| seen = y }
  assert_equal :not_called, seen                     # no year, no call
end

test "Time.parse: bad input" do
  assert_raise(ArgumentError, "no time information in \"\"") { Time.parse("") }
  assert_raise(ArgumentError, "no time information in \"nothing\"") { Time.parse("nothing") }
  assert_raise(ArgumentError, "no time information in \"sat\"") { Time.parse("sat") }   # a weekday is no time
  assert_equal 6, Time.parse("junk", Time.local(2005, 1, 2)).mon     # "jun"k, as 1.8.7 reads it
  assert_raise(ArgumentError) { Time.parse("2001-02-30 25:00:00") }
end

test "Time.rfc2822 and rfc822" do
  t = Time.rfc2822("Sat, 03 Feb 2001 04:05:06 +0700")
  assert_equal [2001, 2, 2, 21, 5, 6, 0], utc_fields(t)
  assert_false t.utc?
  t = Time.rfc822("3 Feb 2001 04:05 -0000")
  assert_true t.utc?
  assert_equal [2001, 2, 3, 4, 5, 0, 0], utc_fields(t)
  t = Time.rfc2822("Sat, 3 Feb 01 04:05:06 GMT")
  assert_equal [2001, 2, 3, 4, 5, 6, 0], utc_fields(t)
  assert_false t.utc?                                  # GMT is not taken for UTC, as in 1.8.7
  assert_equal 1999, Time.rfc2822("3 Feb 99 04:05:06 UT").utc.year
  assert_equal 2049, Time.rfc2822("3 Feb 49 04:05:06 UT").utc.year
  assert_equal 1950, Time.rfc2822("3 Feb 50 04:05:06 UT").utc.year
  assert_equal 2001, Time.rfc2822("3 Feb 101 04:05:06 UT").utc.year
  assert_equal [2001, 2, 3, 9, 5, 6, 0], utc_fields(Time.rfc2822("Sat, 03 Feb 2001 04:05:06 EST"))
  assert_equal [2001, 2, 3, 3, 5, 6, 0], utc_fields(Time.rfc2822("Sat, 03 Feb 2001 04:05:06 A"))
  assert_equal [2001, 2, 3, 4, 5, 6, 0], utc_fields(Time.rfc2822("Sat, 03 Feb 2001 04:05:06 +0000 (comment)"))
  # across a month and a year
  assert_equal [2001, 1, 1, 2, 0, 0, 0], utc_fields(Time.rfc2822("31 Dec 2000 23:00:00 -0300"))
  assert_equal [2000, 12, 31, 23, 0, 0, 0], utc_fields(Time.rfc2822("1 Jan 2001 01:00:00 +0200"))
  assert_equal [2000, 2, 29, 22, 0, 0, 0], utc_fields(Time.rfc2822("1 Mar 2000 01:00:00 +0300"))
  assert_raise(ArgumentError, "not RFC 2822 compliant date: \"2001-02-03\"") { Time.rfc2822("2001-02-03") }
  assert_raise(ArgumentError, "not RFC 2822 compliant date: \"Sat, 03 Feb 2001 04:05:06\"") { Time.rfc2822("Sat, 03 Feb 2001 04:05:06") }
end

test "Time.httpdate" do
  t = Time.httpdate("Sat, 03 Feb 2001 04:05:06 GMT")
  assert_equal [2001, 2, 3, 4, 5, 6, 0], utc_fields(t)
  t = Time.httpdate("Saturday, 03-Feb-01 04:05:06 GMT")
  assert_true t.utc?
  assert_equal [2001, 2, 3, 4, 5, 6, 0], utc_fields(t)
  assert_equal 1994, Time.httpdate("Sunday, 06-Nov-94 08:49:37 GMT").year
  t = Time.httpdate("Sun Nov  6 08:49:37 1994")
  assert_true t.utc?
  assert_equal [1994, 11, 6, 8, 49, 37, 0], utc_fields(t)
  assert_raise(ArgumentError, "not RFC 2616 compliant date: \"Sat, 03 Feb 2001 04:05:06 +0700\"") do
    Time.httpdate("Sat, 03 Feb 2001 04:05:06 +0700")
  end
  assert_raise(ArgumentError) { Time.httpdate("") }
end

test "Time.xmlschema and iso8601" do
  t = Time.xmlschema("2001-02-03T04:05:06Z")
  assert_true t.utc?
  assert_equal [2001, 2, 3, 4, 5, 6, 0], utc_fields(t)
  t = Time.xmlschema("2001-02-03T04:05:06.123456+07:00")
  assert_true t.utc?
  assert_equal [2001, 2, 2, 21, 5, 6, 123456], utc_fields(t)
  assert_equal 120000, Time.iso8601("2001-02-03T04:05:06.12Z").usec
  t = Time.iso8601("2001-02-03T04:05:06")
  assert_false t.utc?
  assert_equal [2001, 2, 3, 4, 5, 6], [t.year, t.mon, t.day, t.hour, t.min, t.sec]
  assert_equal 32400, t.utc_offset
  assert_equal [2001, 2, 3, 9, 35, 6, 0], utc_fields(Time.xmlschema(" 2001-02-03T04:05:06-05:30 "))
  assert_raise(ArgumentError, "invalid date: \"2001-02-03\"") { Time.xmlschema("2001-02-03") }
  assert_raise(ArgumentError, "invalid date: \"2001-02-03 04:05:06\"") { Time.iso8601("2001-02-03 04:05:06") }
end

test "Time#rfc2822, #httpdate and #xmlschema" do
  u = Time.utc(2001, 2, 3, 4, 5, 6, 123456)
  assert_equal "Sat, 03 Feb 2001 04:05:06 -0000", u.rfc2822
  assert_equal "Sat, 03 Feb 2001 04:05:06 -0000", u.rfc822
  assert_equal "Sat, 03 Feb 2001 04:05:06 GMT", u.httpdate
  assert_equal "2001-02-03T04:05:06Z", u.xmlschema
  assert_equal "2001-02-03T04:05:06.123Z", u.xmlschema(3)
  assert_equal "2001-02-03T04:05:06.123456Z", u.iso8601(6)
  assert_equal "2001-02-03T04:05:06.12345600Z", u.xmlschema(8)
  l = Time.local(2001, 2, 3, 4, 5, 6)
  assert_equal "Sat, 03 Feb 2001 04:05:06 +0900", l.rfc2822
  assert_equal "Fri, 02 Feb 2001 19:05:06 GMT", l.httpdate
  assert_false l.utc?                                  # httpdate leaves the Time alone
  assert_equal "2001-02-03T04:05:06+09:00", l.xmlschema
  ENV['TZ'] = 'NST+3:30'
  begin
    w = Time.local(2001, 2, 3, 4, 5, 6)
    assert_equal "Sat, 03 Feb 2001 04:05:06 -0330", w.rfc2822
    assert_equal "2001-02-03T04:05:06-03:30", w.xmlschema
  ensure
    ENV['TZ'] = 'JST-9'
  end
  # round trips
  assert_equal u.to_i, Time.rfc2822(u.rfc2822).to_i
  assert_equal l, Time.httpdate(l.httpdate)
  assert_equal u, Time.xmlschema(u.xmlschema(6))
  assert_equal l, Time.iso8601(l.iso8601)
end
