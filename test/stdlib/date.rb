# date.rb: lib/date.rb and lib/date/format.rb (Date, DateTime): the
# calendars and their switch at Date::ITALY, constructors and validity,
# negative arguments, arithmetic, comparison, commercial weeks, strftime,
# strptime, _parse and parse, DateTime's time and offset, conversions.
require 'assert'
require 'date'

D = Date.civil(2001, 2, 3)

test "constants" do
  assert_equal 2299161, Date::ITALY
  assert_equal 2361222, Date::ENGLAND
  assert_true Date::JULIAN > 10 ** 20
  assert_true Date::GREGORIAN < -(10 ** 20)
  assert_equal [nil, "January", "February"], Date::MONTHNAMES[0, 3]
  assert_equal "December", Date::MONTHNAMES[12]
  assert_equal "Sat", Date::ABBR_DAYNAMES[6]
  assert_equal "Sunday", Date::DAYNAMES[0]
  assert_equal "Dec", Date::ABBR_MONTHNAMES[12]
  assert_true Date::MONTHNAMES.frozen?
  assert_true DateTime < Date
  assert_true Date.include?(Comparable)
end

test "a civil date and its numbers" do
  assert_equal "#<Date: 4903887/2,0,2299161>", D.inspect
  assert_equal "2001-02-03", D.to_s
  assert_equal 2451944, D.jd
  assert_equal Rational(4903887, 2), D.ajd
  assert_equal Rational(51943, 1), D.amjd                  # MJD days start at midnight
  assert_equal 51943, D.mjd
  assert_equal 152784, D.ld
  assert_equal Rational(0, 1), D.day_fraction
  assert_equal [2001, 2, 2, 3, 3], [D.year, D.mon, D.month, D.mday, D.day]
  assert_equal [34, 6], [D.yday, D.wday]
  assert_equal [2001, 5, 6], [D.cwyear, D.cweek, D.cwday]
  assert_equal 2299161, D.start
  assert_equal 2451545, Date.civil(2000, 1, 1).jd
  assert_equal 2440588, Date.civil(1970, 1, 1).jd
  assert_equal "-4712-01-01", Date.new.to_s
  assert_equal 0, Date.new.jd
  assert_equal "#<Date: -1/2,0,2299161>", Date.jd(0).inspect
  assert_equal 366, Date.civil(2000, 12, 31).yday
  assert_equal 365, Date.civil(2001, 12, 31).yday
  assert_equal 7, Date.civil(2001, 2, 4).cwday
  assert_equal 0, Date.civil(2001, 2, 4).wday
end

test "the Julian/Gregorian switch at ITALY and ENGLAND" do
  d = Date.civil(1582, 10, 4)
  assert_equal 2299160, d.jd
  assert_equal "1582-10-15", (d + 1).to_s
  assert_true d.julian?
  assert_true (d + 1).gregorian?
  assert_equal "1582-10-04", (Date.civil(1582, 10, 15) - 1).to_s
  assert_nil Date.valid_civil?(1582, 10, 10)
  assert_raise(ArgumentError, "invalid date") { Date.civil(1582, 10, 10) }
  assert_equal 2299156, Date.valid_civil?(1582, 10, 10, Date::GREGORIAN)
  assert_equal "1752-09-14", (Date.civil(1752, 9, 2, Date::ENGLAND) + 1).to_s
  assert_equal "1752-09-03", (Date.civil(1752, 9, 2) + 1).to_s
  assert_equal 2361222, Date.civil(1752, 9, 14, Date::ENGLAND).jd
  # the same day in the other calendar
  assert_equal "2001-01-21", D.julian.to_s
  assert_equal D.jd, D.julian.jd
  assert_true D.julian.julian?
  assert_equal "1582-10-14", Date.civil(1582, 10, 4).gregorian.to_s
  assert_equal Date::ENGLAND, D.england.start
  assert_equal Date::ITALY, D.julian.italy.start
  assert_equal Date::GREGORIAN, D.new_start(Date::GREGORIAN).start
  assert_equal Date::ITALY, D.new_start.start
  assert_equal "2001-02-03", Date.civil(2001, 1, 21, Date::JULIAN).gregorian.to_s
  # leap years: Julian every fourth year, Gregorian not at 1900
  assert_true Date.civil(1000, 1, 1).leap?
  assert_false Date.civil(1900, 1, 1).leap?
  assert_true Date.civil(1900, 3, 1, Date::JULIAN).leap?
  assert_equal 2415092, Date.valid_civil?(1900, 2, 29, Date::JULIAN)   # Gregorian 1900-03-13
  assert_nil Date.valid_civil?(1900, 2, 29)
end

test "leap year functions" do
  assert_true Date.leap?(2000)
  assert_true Date.gregorian_leap?(2000)
  assert_false Date.gregorian_leap?(1900)
  assert_true Date.julian_leap?(1900)
  assert_false Date.gregorian_leap?(2001)
  assert_true Date.gregorian_leap?(2004)
  assert_false Date.julian_leap?(2001)
end

test "validity answers the day number or nil" do
  assert_equal 2451944, Date.valid_civil?(2001, 2, 3)
  assert_equal 2451944, Date.valid_date?(2001, 2, 3)
  assert_nil Date.valid_civil?(2001, 2, 29)
  assert_equal 2451604, Date.valid_civil?(2000, 2, 29)
  assert_nil Date.valid_civil?(2001, 13, 1)
  assert_nil Date.valid_civil?(2001, 0, 1)
  assert_nil Date.valid_civil?(2001, 4, 31)
  assert_nil Date.valid_civil?(2001, 1, 0)
  assert_equal 2452275, Date.valid_civil?(2001, -1, -1)
  assert_equal 2451944, Date.valid_ordinal?(2001, 34)
  assert_nil Date.valid_ordinal?(2001, 366)
  assert_equal 2451910, Date.valid_ordinal?(2000, 366)
  assert_equal 2452275, Date.valid_ordinal?(2001, -1)
  assert_equal 2451944, Date.valid_commercial?(2001, 5, 6)
  assert_nil Date.valid_commercial?(2001, 53, 1)
  assert_equal 2453373, Date.valid_commercial?(2004, 53, 7)
  assert_nil Date.valid_commercial?(2001, 5, 8)
  assert_equal 2452274, Date.valid_commercial?(2001, -1, -1)
  assert_nil Date.valid_commercial?(1582, 1, 1)           # commercial dates are Gregorian
  assert_equal 5, Date.valid_jd?(5)
  assert_equal Rational(1, 2), Date.valid_time?(12, 0, 0)
  assert_equal Rational(86399, 86400), Date.valid_time?(-1, -1, -1)
  assert_equal 1, Date.valid_time?(24, 0, 0)
  assert_nil Date.valid_time?(24, 0, 1)
  assert_nil Date.valid_time?(1, 60, 0)
end

test "constructors and negative arguments" do
  assert_equal "2001-12-31", Date.civil(2001, -1, -1).to_s
  assert_equal "2001-02-28", Date.civil(2001, 2, -1).to_s
  assert_equal "2000-02-29", Date.new(2000, 2, -1).to_s
  assert_equal "2001-11-30", Date.civil(2001, -2, -1).to_s
  assert_equal "2001-01-01", Date.civil(2001).to_s
  assert_equal "2001-02-01", Date.civil(2001, 2).to_s
  assert_equal "2001-02-03", Date.ordinal(2001, 34).to_s
  assert_equal "2001-12-31", Date.ordinal(2001, -1).to_s
  assert_equal "2001-01-01", Date.ordinal(2001).to_s
  assert_equal "2001-02-03", Date.commercial(2001, 5, 6).to_s
  assert_equal "2005-01-02", Date.commercial(2004, 53, 7).to_s
  assert_equal "2001-12-30", Date.commercial(2001, -1, -1).to_s
  assert_equal "1582-10-15", Date.commercial.to_s
  assert_equal "2001-02-03", Date.jd(2451944).to_s
  assert_equal "2001-02-03", Date.new!(Rational(4903887, 2), 0, Date::ITALY).to_s
  assert_raise(ArgumentError, "invalid date") { Date.civil(2001, 2, 29) }
  assert_raise(ArgumentError, "invalid date") { Date.ordinal(2001, 366) }
  assert_raise(ArgumentError, "invalid date") { Date.commercial(2001, 54, 1) }
  assert_raise(ArgumentError, "invalid date") { Date.commercial(1582, 1, 1) }
  assert_equal Date, Date.today.class
  assert_equal 0, Date.today.day_fraction
end

test "commercial weeks at the turn of the year" do
  assert_equal [2004, 53, 6], [Date.civil(2005, 1, 1).cwyear, Date.civil(2005, 1, 1).cweek, Date.civil(2005, 1, 1).cwday]
  assert_equal [2009, 1, 1], [Date.civil(2008, 12, 29).cwyear, Date.civil(2008, 12, 29).cweek, Date.civil(2008, 12, 29).cwday]
  assert_equal [2001, 1, 1], [Date.civil(2001, 1, 1).cwyear, Date.civil(2001, 1, 1).cweek, Date.civil(2001, 1, 1).cwday]
  assert_equal 52, Date.civil(2001, 12, 30).cweek
end

test "arithmetic" do
  assert_equal "2001-02-04", (D + 1).to_s
  assert_equal "2001-01-04", (D - 30).to_s
  assert_equal "2001-02-04", D.succ.to_s
  assert_equal "2001-02-04", D.next.to_s
  assert_equal Rational(33, 1), D - Date.civil(2001, 1, 1)
  assert_equal Rational(-33, 1), Date.civil(2001, 1, 1) - D
  assert_equal 33, (D - Date.civil(2001, 1, 1)).to_i
  assert_equal Rational(1, 2), DateTime.civil(2001, 2, 3, 12) - D
  assert_equal "#<Date: 2451944,0,2299161>", (D + Rational(1, 2)).inspect
  assert_equal "#<Date: 4903889/2,0,2299161>", (D + 1).inspect
  assert_equal "2001-03-03", (D >> 1).to_s
  assert_equal "2001-01-03", (D << 1).to_s
  assert_equal "2002-02-03", (D >> 12).to_s
  assert_equal "2000-02-03", (D << 12).to_s
  assert_equal "2001-02-28", (Date.civil(2001, 1, 31) >> 1).to_s
  assert_equal "2001-02-28", (Date.civil(2001, 3, 31) << 1).to_s
  assert_equal "2001-02-28", (Date.civil(2000, 2, 29) >> 12).to_s
  assert_equal "2000-12-31", (Date.civil(2001, 3, 31) >> -3).to_s
  assert_raise(TypeError, "expected numeric") { D + "1" }
  assert_raise(TypeError, "expected numeric or date") { D - "1" }
  assert_raise(TypeError) { D + nil }
end

test "step, upto and downto" do
  days = []
  assert_same D, D.step(D + 6, 2) { |d| days << d.mday }
  assert_equal [3, 5, 7, 9], days
  days = []
  D.step(D - 3, -1) { |d| days << d.mday }
  assert_equal [3, 2, 1, 31], days
  days = []
  D.upto(D + 2) { |d| days << d.to_s }
  assert_equal ["2001-02-03", "2001-02-04", "2001-02-05"], days
  days = []
  D.downto(D - 1) { |d| days << d.mday }
  assert_equal [3, 2], days
  days = []
  D.upto(D - 1) { |d| days << d }
  assert_equal [], days
  assert_raise(ArgumentError) { D.step(D + 1, 0) { } }
end

test "step, upto and downto without a block answer an Enumerator" do
  e = D.step(D + 6, 3)
  assert_kind_of Enumerable::Enumerator, e
  assert_equal [3, 6, 9], e.map { |d| d.mday }
  assert_equal ["2001-02-03", "2001-02-04"], D.upto(D + 1).map { |d| d.to_s }
  assert_equal [3, 2, 1], D.downto(D - 2).map { |d| d.mday }
  assert_equal [], D.upto(D - 1).to_a
  assert_equal 2, DateTime.new(2001, 2, 3, 12).upto(DateTime.new(2001, 2, 4, 12)).to_a.size
end

test "comparison, equality and hashing" do
  assert_equal 0, D <=> Date.civil(2001, 2, 3)
  assert_equal(-1, D <=> D + 1)
  assert_equal 1, D <=> D - 1
  assert_equal 0, D <=> Rational(4903887, 2)
  assert_equal(-1, D <=> 2451944)
  assert_nil D <=> "x"
  assert_true D == Date.civil(2001, 2, 3)
  assert_false D == D + 1
  assert_false D == "2001-02-03"
  assert_true D < D + 1
  assert_true D.between?(D - 1, D + 1)
  assert_true D === DateTime.civil(2001, 2, 3, 12)        # same day
  assert_false D == DateTime.civil(2001, 2, 3, 12)
  assert_true D === 2451944
  assert_false D === "2001-02-03"
  assert_true D.eql?(Date.civil(2001, 2, 3))
  assert_false D.eql?(Rational(4903887, 2))
  assert_equal D.hash, Date.civil(2001, 2, 3).hash
  h = { D => :a }
  assert_equal :a, h[Date.civil(2001, 2, 3)]
  assert_equal [D - 1, D, D + 1], [D + 1, D - 1, D].sort
  assert_equal D + 1, [D, D + 1].max
  case D
  when Date.civil(2001, 2, 3) then hit = true
  end
  assert_true hit
end

test "strftime" do
  assert_equal "2001-02-03", D.strftime
  fmt = "%A|%a|%B|%b|%h|%C|%c|%D|%d|%e|%F|%G|%g|%H|%I|%j|%k|%L|%l|%M|%m|%N|%P|%p|%R|%r|%S|%T|%U|%u|%V|%v|%W|%w|%X|%x|%Y|%y|%Z|%z|%:z|%::z|%%"
  assert_equal "Saturday|Sat|February|Feb|Feb|20|Sat Feb  3 00:00:00 2001|02/03/01|03| 3|2001-02-03|2001|01|00|12|034| 0|000|12|00|02|000000000|am|AM|00:00|12:00:00 AM|00|00:00:00|04|6|05| 3-Feb-2001|05|6|00:00:00|02/03/01|2001|01|+00:00|+0000|+00:00|+00:00:00|%",
               D.strftime(fmt)
  assert_equal "Sat Feb  3 00:00:00 +00:00 2001", D.strftime("%+")
  assert_equal "981158400", D.strftime("%s")
  assert_equal "981158400000", D.strftime("%Q")
  assert_equal "\n\t", D.strftime("%n%t")
  assert_equal "3|    2|SAT|fEB|  Saturday|0002|FEBRUARY", D.strftime("%-d|%_5m|%^a|%#b|%10A|%04m|%^B")
  assert_equal "%q %E", D.strftime("%q %E")                  # unknown directives stay
  assert_equal "-0001 -01 99", Date.civil(-1, 1, 1).strftime("%Y %C %y")
  assert_equal "-4712-01-01", Date.jd(0).to_s
  assert_equal "12 AM 12", D.strftime("%I %p %l").sub(/ +/, ' ')
  assert_equal "00 01", Date.civil(2001, 1, 1).strftime("%U %W")    # a Monday
  assert_equal "01 01", Date.civil(2001, 1, 7).strftime("%U %W")
  assert_equal "52 53", Date.civil(2001, 12, 31).strftime("%U %W")   # a Monday
  dt = DateTime.civil(2001, 2, 3, 16, 5, 6, Rational(9, 24)) + Rational(1, 2 * 86400)
  assert_equal "16:05:06.500 PM pm 04  4 +0900 +09:00 +09:00:00 500000000 500", dt.strftime("%H:%M:%S.%L %p %P %I %l %z %:z %::z %N %3N")
  assert_equal "-0530", DateTime.civil(2001, 2, 3, 0, 0, 0, Rational(-11, 48)).strftime("%z")
end

test "_strptime and strptime" do
  h = Date._strptime("2001-02-03")
  assert_equal({:year => 2001, :mon => 2, :mday => 3}, h)
  assert_equal({:year => 2001, :mon => 2, :mday => 3, :leftover => "x"}, Date._strptime("2001-02-03x"))
  assert_nil Date._strptime("2001/02/03")
  assert_equal({:year => 2001, :mon => 2, :mday => 3, :hour => 16, :min => 5, :sec => 6},
               Date._strptime("2001-02-03 04:05:06 PM", "%Y-%m-%d %I:%M:%S %p"))
  assert_equal({:wday => 6, :mon => 2, :mday => 3, :year => 2001},
               Date._strptime("Saturday, February 3, 2001", "%A, %B %d, %Y"))
  assert_equal 2001, Date._strptime("01", "%y")[:year]
  assert_equal 1969, Date._strptime("69", "%y")[:year]
  assert_equal 1801, Date._strptime("18 01", "%C %y")[:year]
  assert_equal({:zone => "+09:00", :offset => 32400}, Date._strptime("+09:00", "%z"))
  assert_equal({:zone => "JST", :offset => 32400}, Date._strptime("JST", "%Z"))
  assert_equal({:yday => 34, :year => 2001}, Date._strptime("034 2001", "%j %Y"))
  assert_equal({:seconds => 981158400}, Date._strptime("981158400", "%s"))
  assert_equal "2001-02-03", Date.strptime("2001-02-03").to_s
  assert_equal "2001-02-03", Date.strptime("03/02/01", "%d/%m/%y").to_s
  assert_equal "2001-02-03", Date.strptime("2001 034", "%Y %j").to_s
  assert_equal "2001-02-03", Date.strptime("2001-W05-6", "%G-W%V-%u").to_s
  assert_equal "2001-02-03", Date.strptime("981158400", "%s").to_s
  assert_equal "2001-02-03", Date.strptime("Sat Feb  3 04:05:06 2001", "%c").to_s
  assert_equal "2001-02-03", Date.strptime("2001 4 6", "%Y %U %w").to_s
  assert_equal "2001-02-10", Date.strptime("2001 5 6", "%Y %U %w").to_s
  assert_equal "2001-02-05", Date.strptime("2001 6 1", "%Y %W %w").to_s
  assert_equal "2001-02-03T04:05:06+07:00", DateTime.strptime("2001-02-03T04:05:06+07:00").to_s
  assert_equal "2001-02-03T04:05:06+00:00", DateTime.strptime("2001-02-03 04:05:06", "%Y-%m-%d %H:%M:%S").to_s
  assert_equal "2001-02-03T04:05:06+00:00", DateTime.strptime("981173106", "%s").to_s
  assert_raise(ArgumentError, "invalid date") { Date.strptime("2001-02-30") }
  assert_raise(ArgumentError, "invalid date") { Date.strptime("junk") }
  assert_raise(ArgumentError, "invalid date") { Date.strptime("2001-02-03 extra") }
  assert_raise(ArgumentError, "invalid date") { Date.strptime("13/01/01", "%m/%d/%y") }
end

test "_parse" do
  assert_equal({:year => 2001, :mon => 2, :mday => 3}, Date._parse("2001-02-03"))
  assert_equal({:year => 2001, :mon => 2, :mday => 3}, Date._parse("Feb 3 2001"))
  assert_equal({:year => 2001, :mon => 2, :mday => 3}, Date._parse("February 3, 2001"))
  assert_equal({:year => 2001, :mon => 2, :mday => 3}, Date._parse("3rd Feb 2001"))
  assert_equal({:year => 2001, :mon => 2, :mday => 3}, Date._parse("3 February 2001"))
  assert_equal({:year => 2001, :mon => 2, :mday => 3}, Date._parse("20010203"))
  assert_equal({:year => 2001, :mon => 2, :mday => 3}, Date._parse("010203"))
  assert_equal({:year => 1, :mon => 2, :mday => 3}, Date._parse("010203", false))
  assert_equal({:year => 2001, :mon => 2, :mday => 3}, Date._parse("H13.02.03"))
  assert_equal({:year => 1989, :mon => 1, :mday => 8}, Date._parse("H1.1.8"))
  assert_equal({:year => 2001, :mon => 2, :mday => 3}, Date._parse("03-Feb-2001"))
  assert_equal({:year => 2001, :mon => 2, :mday => 3}, Date._parse("2/3/2001"))    # month first
  assert_equal({:year => 2001, :mon => 2, :mday => 3}, Date._parse("2001/2/3"))
  assert_equal({:year => 2001, :mon => 2, :mday => 3}, Date._parse("2001.2.3"))
  assert_equal({:mon => 2, :mday => 3}, Date._parse("2/3"))
  assert_equal({:mon => 2, :mday => 3}, Date._parse("0203"))
  assert_equal({:mon => 2}, Date._parse("feb"))
  assert_equal({:year => 1999, :mon => 2, :mday => 3}, Date._parse("99-02-03"))
  assert_equal({:year => 1969, :mon => 2, :mday => 3}, Date._parse("69-02-03"))
  assert_equal({:year => 2068, :mon => 2, :mday => 3}, Date._parse("68-02-03"))
  assert_equal({:year => 99, :mon => 2, :mday => 3}, Date._parse("0099-02-03"))
  assert_equal(-99, Date._parse("Feb 3 100 BC")[:year])
  assert_equal({:cwyear => 2001, :cweek => 5, :cwday => 6}, Date._parse("2001-W05-6"))
  assert_equal({:year => 2001, :yday => 34}, Date._parse("2001-034"))
  assert_equal({:year => 2001, :mon => 2, :mday => 3, :hour => 4, :min => 5, :sec => 6},
               Date._parse("2001-02-03 04:05:06"))
  assert_equal({:year => 2001, :mon => 2, :mday => 3, :hour => 4, :min => 5, :sec => 6, :zone => "+07:00", :offset => 25200},
               Date._parse("2001-02-03T04:05:06+07:00"))
  assert_equal({:year => 2001, :mon => 2, :mday => 3, :hour => 4, :min => 5, :sec => 6, :zone => "+07:00", :offset => 25200},
               Date._parse("20010203T040506+0700").merge(:zone => "+07:00"))
  assert_equal "+0700", Date._parse("20010203T040506+0700")[:zone]
  assert_equal({:year => 2001, :mon => 2, :mday => 3, :hour => 4, :min => 5, :sec => 6, :zone => "Z", :offset => 0}, Date._parse("20010203T040506Z"))
  h = Date._parse("Sat, 3 Feb 2001 04:05:06 +0700")
  assert_equal({:wday => 6, :year => 2001, :mon => 2, :mday => 3, :hour => 4, :min => 5, :sec => 6, :zone => "+0700", :offset => 25200}, h)
  h = Date._parse("Sat Feb  3 04:05:06 2001")
  assert_equal({:wday => 6, :year => 2001, :mon => 2, :mday => 3, :hour => 4, :min => 5, :sec => 6}, h)
  h = Date._parse("Sat, 03 Feb 2001 04:05:06 GMT")
  assert_equal ["GMT", 0], [h[:zone], h[:offset]]
  h = Date._parse("3 Feb 2001 4:05 pm EST")
  assert_equal [16, 5, "EST", -18000], [h[:hour], h[:min], h[:zone], h[:offset]]
  h = Date._parse("12:00 am")
  assert_equal({:hour => 0, :min => 0}, h)
  h = Date._parse("12 pm")
  assert_equal({:hour => 12}, h)
  h = Date._parse("10:20:30.25")
  assert_equal({:hour => 10, :min => 20, :sec => 30, :sec_fraction => Rational(1, 4)}, h)
  h = Date._parse("2001-02-03 04:05:06 Eastern Daylight Time")
  assert_equal ["Eastern Daylight Time", -14400], [h[:zone], h[:offset]]
  assert_equal({}, Date._parse(""))
  assert_equal({}, Date._parse("nothing here"))
  assert_equal({:wday => 1}, Date._parse("Monday"))
end

test "zone_to_diff" do
  assert_equal 0, Date.zone_to_diff("UTC")
  assert_equal 0, Date.zone_to_diff("Z")
  assert_equal 32400, Date.zone_to_diff("JST")
  assert_equal(-18000, Date.zone_to_diff("est"))
  assert_equal(-14400, Date.zone_to_diff("EDT"))
  assert_equal(-14400, Date.zone_to_diff("EST DST"))
  assert_equal 32400, Date.zone_to_diff("+09:00")
  assert_equal 32400, Date.zone_to_diff("+0900")
  assert_equal 32400, Date.zone_to_diff("+9")
  assert_equal(-19800, Date.zone_to_diff("-05:30"))
  assert_equal 32400, Date.zone_to_diff("GMT+9")
  assert_equal(-18000, Date.zone_to_diff("UTC-5"))
  assert_equal 19800, Date.zone_to_diff("+5.5")
  assert_equal 19800, Date.zone_to_diff("IST")
  assert_equal(-18000, Date.zone_to_diff("Eastern Standard Time"))
  assert_equal(-14400, Date.zone_to_diff("Eastern Daylight Time"))
  assert_nil Date.zone_to_diff("Nowhere")
  assert_nil Date.zone_to_diff("")
end

test "parse" do
  assert_equal "2001-02-03", Date.parse("2001-02-03").to_s
  assert_equal "2001-02-03", Date.parse("Feb 3 2001").to_s
  assert_equal "2001-02-03", Date.parse("3rd Feb 2001").to_s
  assert_equal "2001-02-03", Date.parse("20010203").to_s
  assert_equal "2001-02-03", Date.parse("H13.02.03").to_s
  assert_equal "2001-02-03", Date.parse("Sat, 3 Feb 2001 04:05:06 +0700").to_s
  assert_equal "2001-02-03", Date.parse("2001-W05-6").to_s
  assert_equal "2001-02-03", Date.parse("2001-034").to_s
  assert_equal "1999-02-03", Date.parse("99-02-03").to_s
  assert_equal "0099-02-03", Date.parse("99-02-03", false).to_s
  this_year = Date.today.year
  assert_equal "#{this_year}-02-03", Date.parse("Feb 3").to_s
  assert_equal "#{this_year}-02-01", Date.parse("feb").to_s
  assert_equal Date.today, Date.parse("10:00")
  sat = Date.parse("saturday")
  assert_equal 6, sat.wday
  assert_true (sat - Date.today).abs < 7
  assert_equal "-4712-01-01", Date.parse.to_s
  assert_raise(ArgumentError, "invalid date") { Date.parse("") }
  assert_raise(ArgumentError, "invalid date") { Date.parse("2001-02-30") }
  assert_raise(ArgumentError, "invalid date") { Date.parse("garbage") }
  assert_equal "2001-02-03T04:05:06+07:00", DateTime.parse("2001-02-03T04:05:06+07:00").to_s
  assert_equal "2001-02-03T16:05:00-05:00", DateTime.parse("3 Feb 2001 4:05 pm EST").to_s
  assert_equal "2001-02-03T00:00:00+00:00", DateTime.parse("2001-02-03").to_s
  dt = DateTime.parse("10:20:30")
  assert_equal [Date.today.jd, 10, 20, 30], [dt.jd, dt.hour, dt.min, dt.sec]
  assert_equal "2001-02-03T04:05:59+00:00", DateTime.parse("2001-02-03 04:05:60").to_s      # a leap second is clipped
  assert_raise(ArgumentError, "invalid date") { DateTime.parse("2001-02-03 25:00") }
end

test "DateTime" do
  dt = DateTime.civil(2001, 2, 3, 4, 5, 6, Rational(7, 24))
  assert_equal "#<DateTime: 11769328217/4800,7/24,2299161>", dt.inspect
  assert_equal "2001-02-03T04:05:06+07:00", dt.to_s
  assert_equal [4, 5, 6, 5, 6], [dt.hour, dt.min, dt.sec, dt.minute, dt.second]
  assert_equal Rational(0, 1), dt.sec_fraction
  assert_equal "+07:00", dt.zone
  assert_equal Rational(7, 24), dt.offset
  assert_equal 2451944, dt.jd
  assert_equal Rational(14706, 86400), dt.day_fraction
  assert_equal "2001-02-02T21:05:06+00:00", dt.new_offset.to_s
  assert_equal "2001-02-02T16:05:06-05:00", dt.new_offset("-05:00").to_s
  assert_equal "2001-02-03T06:05:06+09:00", dt.new_offset(Rational(9, 24)).to_s
  assert_equal dt, dt.new_offset                             # the same instant
  assert_equal "2001-02-03T04:05:06+09:00", DateTime.civil(2001, 2, 3, 4, 5, 6, "+09:00").to_s
  assert_equal "2001-02-03T00:00:00+00:00", DateTime.new(2001, 2, 3).to_s
  assert_equal "-4712-01-01T00:00:00+00:00", DateTime.new.to_s
  assert_equal "2001-02-03T23:59:59+00:00", DateTime.civil(2001, 2, 3, -1, -1, -1).to_s
  assert_equal "2001-02-04T00:00:00+00:00", DateTime.civil(2001, 2, 3, 24).to_s
  assert_equal "2001-02-03T04:05:06+00:00", DateTime.jd(2451944, 4, 5, 6).to_s
  assert_equal "2001-02-03T04:05:06+00:00", DateTime.ordinal(2001, 34, 4, 5, 6).to_s
  assert_equal "2001-02-03T04:05:06+00:00", DateTime.commercial(2001, 5, 6, 4, 5, 6).to_s
  assert_raise(ArgumentError, "invalid date") { DateTime.civil(2001, 2, 3, 24, 0, 1) }
  assert_raise(ArgumentError, "invalid date") { DateTime.civil(2001, 2, 29) }
  assert_equal "2001-02-03T16:05:06+07:00", (dt + Rational(1, 2)).to_s
  assert_equal "2001-02-03T05:05:06+07:00", (dt + Rational(1, 24)).to_s
  assert_equal "2001-03-03T04:05:06+07:00", (dt >> 1).to_s
  assert_equal Rational(1, 24), DateTime.civil(2001, 2, 3, 5) - DateTime.civil(2001, 2, 3, 4)
  assert_equal DateTime, DateTime.now.class
  now = DateTime.now
  assert_equal Rational(Time.now.utc_offset, 86400), now.offset
  assert_true Date.today === now || Date.today + 1 === now
  # Date keeps the time methods private, as in 1.8.7
  assert_raise(NoMethodError) { D.hour }
  assert_raise(NoMethodError) { D.offset }
  assert_raise(NoMethodError) { D.new_offset }
  assert_equal "+00:00", D.__send__(:zone)
end

test "conversions, private as in 1.8.7" do
  t = Time.local(2001, 2, 3, 4, 5, 6)
  assert_raise(NoMethodError) { t.to_date }
  assert_equal "2001-02-03", t.__send__(:to_date).to_s
  assert_equal Date, t.__send__(:to_date).class
  dt = t.__send__(:to_datetime)
  assert_equal DateTime, dt.class
  assert_equal [2001, 2, 3, 4, 5, 6], [dt.year, dt.mon, dt.mday, dt.hour, dt.min, dt.sec]
  assert_equal Rational(t.utc_offset, 86400), dt.offset
  assert_equal Time.local(2001, 2, 3), D.__send__(:to_time)
  assert_same D, D.__send__(:to_date)
  assert_equal "2001-02-03T00:00:00+00:00", D.__send__(:to_datetime).to_s
  dt = DateTime.civil(2001, 2, 3, 4, 5, 6, Rational(7, 24))
  assert_equal Time.utc(2001, 2, 2, 21, 5, 6), dt.__send__(:to_time)
  assert_equal "2001-02-03", dt.__send__(:to_date).to_s
  assert_equal Date, dt.__send__(:to_date).class
  assert_same dt, dt.__send__(:to_datetime)
  u = Time.utc(2001, 2, 3, 4, 5, 6, 500000)
  assert_equal 500000, u.__send__(:to_datetime).__send__(:to_time).usec
  assert_raise(NoMethodError) { D.to_time }
end

test "class-level conversions" do
  assert_equal 2451944, Date.civil_to_jd(2001, 2, 3)
  assert_equal [2001, 2, 3], Date.jd_to_civil(2451944)
  assert_equal [2001, 1, 21], Date.jd_to_civil(2451944, Date::JULIAN)
  assert_equal 2451944, Date.ordinal_to_jd(2001, 34)
  assert_equal [2001, 34], Date.jd_to_ordinal(2451944)
  assert_equal 2451944, Date.commercial_to_jd(2001, 5, 6)
  assert_equal [2001, 5, 6], Date.jd_to_commercial(2451944)
  assert_equal [2451944, Rational(1, 2)], Date.ajd_to_jd(Rational(4903888, 2))
  assert_equal Rational(4903887, 2), Date.jd_to_ajd(2451944, 0)
  assert_equal [12, 30, 15, Rational(1, 172800)], Date.day_fraction_to_time(Rational(45015, 86400) + Rational(1, 172800))
  assert_equal Rational(1, 2), Date.time_to_day_fraction(12, 0, 0)
  assert_equal 51943, Date.jd_to_mjd(2451944)
  assert_equal 2451944, Date.mjd_to_jd(51943)
  assert_equal 152784, Date.jd_to_ld(2451944)
  assert_equal 2451944, Date.ld_to_jd(152784)
  assert_equal 6, Date.jd_to_wday(2451944)
  assert_equal Rational(51943, 1), Date.ajd_to_amjd(Rational(4903887, 2))
  assert_equal Rational(4903887, 2), Date.amjd_to_ajd(51943)
end

test "Marshal round trip" do
  d = Marshal.load(Marshal.dump(D))
  assert_equal D, d
  assert_equal "2001-02-03", d.to_s
  dt = DateTime.civil(2001, 2, 3, 4, 5, 6, Rational(7, 24))
  assert_equal dt.to_s, Marshal.load(Marshal.dump(dt)).to_s
end

test "Date::Infinity" do
  inf = Date::Infinity.new
  assert_true inf > 1
  assert_true 1 < inf
  assert_true(-inf < -(10 ** 30))
  assert_false inf.finite?
  assert_false inf.zero?
  assert_equal 1, inf.infinite?
  assert_equal(-1, (-inf).infinite?)
  assert_true((-inf).abs > 0)
end
