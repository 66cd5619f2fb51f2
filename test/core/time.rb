# Time (1.8.7): construction, fields, arithmetic, comparison, formats.
require 'assert'

ENV["TZ"] = "JST-9"   # a POSIX zone: needs no tzdata, no DST

test "construction" do
  t = Time.utc(2000, "jan", 1, 20, 15, 1)
  assert_equal 946757701, t.to_i
  assert_true t.utc?
  assert_true t.gmt?
  assert_equal t, Time.gm(2000, 1, 1, 20, 15, 1)
  assert_equal 0, Time.utc(2000, "Jan", 1, 20, 15, 1, 0).usec
  assert_equal 5, Time.utc(2000, 1, 1, 0, 0, 0, 5).usec
  assert_equal 2000, Time.utc(2000).year
  assert_equal 1, Time.utc(2000).mon
  assert_equal 1, Time.utc(2000).day
  assert_equal 3, Time.utc(2000, "3").mon
  assert_equal 12, Time.utc(2000, "DEC").mon
  assert_equal 1999, Time.utc(99).year
  assert_equal 2010, Time.utc(10).year
  assert_equal 2038, Time.utc(38).year
  assert_equal 2038, Time.utc(138).year
  assert_equal 1950, Time.utc(1950).year
  assert_equal 1969, Time.utc(69).year
  assert_equal t, Time.utc(*t.to_a)
  l = Time.local(2000, 1, 1)
  assert_false l.utc?
  assert_equal 946652400, l.to_i
  assert_equal l, Time.mktime(2000, 1, 1)
  assert_raise(ArgumentError, "argument out of range") { Time.utc(2000, 13) }
  assert_raise(ArgumentError, "argument out of range") { Time.utc(2000, 0) }
  assert_raise(ArgumentError, "argument out of range") { Time.utc(2000, 1, 32) }
  assert_raise(ArgumentError, "argument out of range") { Time.utc(2000, 1, 1, 24) }
  assert_raise(ArgumentError, "argument out of range") { Time.utc(2000, 1, 1, 0, 60) }
  assert_raise(ArgumentError, "argument out of range") { Time.utc(2000, "foo") }
  assert_raise(ArgumentError) { Time.utc }
  assert_raise(ArgumentError) { Time.utc(1, 2, 3, 4, 5, 6, 7, 8) }
end

test "now and at" do
  a = Time.now
  b = Time.new
  assert_kind_of Time, a
  assert_true b >= a
  assert_true((b - a) < 10)
  assert_raise(ArgumentError) { Time.new(2000) }
  assert_equal 0, Time.at(0).to_i
  assert_false Time.at(0).utc?
  assert_equal 500000, Time.at(1.5).usec
  assert_equal 1, Time.at(1.5).to_i
  assert_equal 100000, Time.at(1.1).usec
  assert_equal 500, Time.at(0, 500).usec
  assert_equal 1, Time.at(0, 1000000).to_i
  assert_equal -1, Time.at(-1).to_i
  u = Time.at(5).utc
  assert_true Time.at(u).utc?
  assert_equal 5, Time.at(u).to_i
  assert_raise(TypeError, "can't convert String into time") { Time.at("1") }
  assert_raise(TypeError, "can't convert NilClass into time") { Time.at(nil) }
end

test "fields" do
  t = Time.utc(2008, 2, 29, 13, 4, 5, 6)
  assert_equal 2008, t.year
  assert_equal 2, t.mon
  assert_equal 2, t.month
  assert_equal 29, t.day
  assert_equal 29, t.mday
  assert_equal 13, t.hour
  assert_equal 4, t.min
  assert_equal 5, t.sec
  assert_equal 6, t.usec
  assert_equal 6, t.tv_usec
  assert_equal t.to_i, t.tv_sec
  assert_equal 5, t.wday
  assert_equal 60, t.yday
  assert_false t.isdst
  assert_false t.dst?
  assert_equal "UTC", t.zone
  assert_equal 0, t.utc_offset
  assert_equal [5, 4, 13, 29, 2, 2008, 5, 60, false, "UTC"], t.to_a
  l = Time.local(2008, 2, 29, 13, 4, 5)
  assert_equal "JST", l.zone
  assert_equal 32400, l.utc_offset
  assert_equal 32400, l.gmt_offset
  assert_equal 32400, l.gmtoff
  assert_in_delta 1204290245.000006, t.to_f, 0.0000001
end

test "arithmetic" do
  t = Time.utc(2000, 1, 1)
  assert_equal Time.utc(2000, 1, 1, 0, 0, 1), t + 1
  assert_equal Time.utc(1999, 12, 31, 23, 59, 59), t - 1
  assert_equal 500000, (t + 0.5).usec
  assert_equal 500000, (t - 0.5).usec
  assert_equal t.to_i - 1, (t - 0.5).to_i
  assert_true((t + 1).utc?)
  assert_false((Time.at(0) + 1).utc?)
  assert_equal 86400.0, Time.utc(2000, 1, 2) - t
  assert_equal(-0.25, t - (t + 0.25))
  assert_kind_of Float, t - t
  assert_raise(TypeError, "time + time?") { t + t }
  assert_raise(TypeError) { t + "1" }
  assert_raise(TypeError) { t - nil }
  assert_equal t + 1, t.succ
end

test "comparison" do
  a = Time.at(100)
  b = Time.at(100, 1)
  assert_equal(-1, a <=> b)
  assert_equal 1, b <=> a
  assert_equal 0, a <=> Time.at(100)
  assert_nil(a <=> 100)
  assert_true a == Time.at(100)
  assert_false a == 100
  assert_true a < b
  assert_true a.eql?(Time.at(100))
  assert_false a.eql?(b)
  assert_false a.eql?(100)
  assert_equal Time.at(100).hash, a.hash
  assert_true Time.at(100).utc == Time.at(100)
  assert_true a.between?(Time.at(99), b)
  h = { a => 1 }
  assert_equal 1, h[Time.at(100)]
end

test "utc localtime getutc getlocal" do
  t = Time.at(0)
  assert_false t.utc?
  assert_same t, t.utc
  assert_true t.utc?
  assert_equal 0, t.hour
  assert_same t, t.localtime
  assert_false t.utc?
  assert_equal 9, t.hour
  g = t.getutc
  assert_true g.utc?
  assert_false t.utc?
  assert_true t.getgm.gmt?
  assert_false g.getlocal.utc?
  assert_same t, t.gmtime
  c = t.dup
  assert_true c.utc?
  assert_equal t, c
  t.freeze
  assert_raise(TypeError) { t.localtime }
end

test "to_s inspect" do
  assert_equal "Sat Jan 01 20:15:01 UTC 2000", Time.utc(2000, 1, 1, 20, 15, 1).to_s
  assert_equal "Sat Jan 01 20:15:01 UTC 2000", Time.utc(2000, 1, 1, 20, 15, 1).inspect
  assert_equal "Sat Jan 01 00:00:00 +0900 2000", Time.local(2000, 1, 1).to_s
  assert_equal "Thu Jan  1 09:00:00 1970", Time.at(0).ctime
  assert_equal "Thu Jan  1 00:00:00 1970", Time.at(0).utc.asctime
end

test "strftime" do
  t = Time.utc(2007, 11, 4, 3, 5, 9)
  assert_equal "2007-11-04 03:05:09", t.strftime("%Y-%m-%d %H:%M:%S")
  assert_equal "Sun Sunday Nov November", t.strftime("%a %A %b %B")
  assert_equal "07 308 AM 03 UTC %", t.strftime("%y %j %p %I %Z %%")
  assert_equal " 4|0|+0000", t.strftime("%e|%w|%z")
  assert_equal "11/04/07", t.strftime("%D")
  assert_equal "03:05:09", t.strftime("%T")
  assert_equal "1194145509", t.strftime("%s")
  assert_equal "", t.strftime("")
  assert_equal "no directives", t.strftime("no directives")
  assert_equal "a\0b", t.strftime("a\0b")
  assert_equal "x" * 1000 + "2007", t.strftime("x" * 1000 + "%Y")
  assert_equal "PM", Time.utc(2000, 1, 1, 13).strftime("%p")
  assert_equal "JST +0900", Time.local(2000).strftime("%Z %z")
  assert_raise(TypeError) { t.strftime(1) }
end

test "Comparable and class" do
  assert_true Time.include?(Comparable)
  assert_true Time.now.is_a?(Comparable)
end
