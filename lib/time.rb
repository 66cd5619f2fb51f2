# time.rb: parsing and writing Times in the usual text forms, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's time.rb:
#   Time.parse(str, now = Time.now) { |year| ... } (any form Date._parse
#     reads; fields left out are taken from now down to the first one
#     given, then the smallest; the block may fix up the year; a string
#     with no date or time in it raises ArgumentError "no time information
#     in \"...\""),
#   Time.rfc2822/rfc822(str) ("Sat, 03 Feb 2001 04:05:06 +0700"; two-digit
#     and three-digit years as RFC 2822 completes them; ArgumentError "not
#     RFC 2822 compliant date: ..."),
#   Time.httpdate(str) (RFC 1123, RFC 850 and asctime forms; ArgumentError
#     "not RFC 2616 compliant date: ..."),
#   Time.xmlschema/iso8601(str) ("2001-02-03T04:05:06.123+07:00", "...Z",
#     no zone is local time; ArgumentError "invalid date: ..."),
#   Time.zone_offset(zone, year = Time.now.year) (seconds for "+09:00",
#     "-0500", "+09", UTC/UT/GMT/Z, the US zones, military letters, and
#     the local zone's own names; nil otherwise),
#   Time#rfc2822/rfc822 ("-0000" for UTC), Time#httpdate ("... GMT"),
#   Time#xmlschema/iso8601(fraction_digits = 0).
#   A zone of UTC, UT, Z, -00:00 gives a UTC Time; any other zone a local
#   Time for the same instant; no zone, a local Time.
# Left out: Time.strptime, which 1.8.7 did not have (it came with 1.9.2).

require 'date/format'

class Time
  class << self
    ZoneOffset = {
      'UTC' => 0, 'Z' => 0, 'UT' => 0, 'GMT' => 0,
      'EST' => -5, 'EDT' => -4, 'CST' => -6, 'CDT' => -5,
      'MST' => -7, 'MDT' => -6, 'PST' => -8, 'PDT' => -7,
      'A' => +1, 'B' => +2, 'C' => +3, 'D' => +4, 'E' => +5, 'F' => +6,
      'G' => +7, 'H' => +8, 'I' => +9, 'K' => +10, 'L' => +11, 'M' => +12,
      'N' => -1, 'O' => -2, 'P' => -3, 'Q' => -4, 'R' => -5, 'S' => -6,
      'T' => -7, 'U' => -8, 'V' => -9, 'W' => -10, 'X' => -11, 'Y' => -12
    }

    def zone_offset(zone, year = self.now.year)
      off = nil
      zone = zone.upcase
      if /\A([+-])(\d\d):?(\d\d)\z/ =~ zone
        off = ($1 == '-' ? -1 : 1) * ($2.to_i * 60 + $3.to_i) * 60
      elsif /\A[+-]\d\d\z/ =~ zone
        off = zone.to_i * 3600
      elsif ZoneOffset.include?(zone)
        off = ZoneOffset[zone] * 3600
      elsif ((t = self.local(year, 1, 1)).zone.upcase == zone rescue false)
        off = t.utc_offset
      elsif ((t = self.local(year, 7, 1)).zone.upcase == zone rescue false)
        off = t.utc_offset
      end
      off
    end

    def zone_utc?(zone)
      # +0000 is UTC in RFC 2822, -0000 an unknown local time, GMT is UT
      /\A(?:-00:00|-0000|-00|UTC|Z|UT)\z/i =~ zone ? true : false
    end
    private :zone_utc?

    LeapYearMonthDays = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    CommonYearMonthDays = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

    def month_days(y, m)
      leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
      (leap ? LeapYearMonthDays : CommonYearMonthDays)[m - 1]
    end
    private :month_days

    # The fields moved off seconds west: a local time in the zone off to
    # UTC, carrying through days, months and years.
    def apply_offset(year, mon, day, hour, min, sec, off)
      if off < 0
        off = -off
        off, o = off.divmod(60)
        if o != 0 then sec += o; o, sec = sec.divmod(60); off += o end
        off, o = off.divmod(60)
        if o != 0 then min += o; o, min = min.divmod(60); off += o end
        off, o = off.divmod(24)
        if o != 0 then hour += o; o, hour = hour.divmod(24); off += o end
        if off != 0
          day += off
          if month_days(year, mon) < day
            mon += 1
            if 12 < mon
              mon = 1
              year += 1
            end
            day = 1
          end
        end
      elsif 0 < off
        off, o = off.divmod(60)
        if o != 0 then sec -= o; o, sec = sec.divmod(60); off -= o end
        off, o = off.divmod(60)
        if o != 0 then min -= o; o, min = min.divmod(60); off -= o end
        off, o = off.divmod(24)
        if o != 0 then hour -= o; o, hour = hour.divmod(24); off -= o end
        if off != 0
          day -= off
          if day < 1
            mon -= 1
            if mon < 1
              year -= 1
              mon = 12
            end
            day = month_days(year, mon)
          end
        end
      end
      [year, mon, day, hour, min, sec]
    end
    private :apply_offset

    def make_time(date, year, mon, day, hour, min, sec, sec_fraction, zone, now)
      if !year && !mon && !day && !hour && !min && !sec && !sec_fraction
        raise ArgumentError, "no time information in #{date.inspect}"
      end
      usec = nil
      usec = (sec_fraction * 1000000).to_i if sec_fraction
      if now
        # fill in from now the fields before the first one given
        catch(:given) do
          throw :given if year; year = now.year
          throw :given if mon; mon = now.mon
          throw :given if day; day = now.day
          throw :given if hour; hour = now.hour
          throw :given if min; min = now.min
          throw :given if sec; sec = now.sec
          throw :given if sec_fraction; usec = now.tv_usec
        end
      end
      year ||= 1970
      mon ||= 1
      day ||= 1
      hour ||= 0
      min ||= 0
      sec ||= 0
      usec ||= 0
      off = nil
      off = zone_offset(zone, year) if zone
      if off
        year, mon, day, hour, min, sec = apply_offset(year, mon, day, hour, min, sec, off)
        t = self.utc(year, mon, day, hour, min, sec, usec)
        t.localtime unless zone_utc?(zone)
        t
      else
        self.local(year, mon, day, hour, min, sec, usec)
      end
    end
    private :make_time

    def parse(date, now = self.now)
      d = Date._parse(date, false)
      year = d[:year]
      year = yield(year) if year && block_given?
      make_time(date, year, d[:mon], d[:mday], d[:hour], d[:min], d[:sec], d[:sec_fraction], d[:zone], now)
    end

    MonthValue = {
      'JAN' => 1, 'FEB' => 2, 'MAR' => 3, 'APR' => 4, 'MAY' => 5, 'JUN' => 6,
      'JUL' => 7, 'AUG' => 8, 'SEP' => 9, 'OCT' => 10, 'NOV' => 11, 'DEC' => 12
    }

    def rfc2822(date)
      if /\A\s*
          (?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\s*,\s*)?
          (\d{1,2})\s+
          (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\s+
          (\d{2,})\s+
          (\d{2})\s*
          :\s*(\d{2})\s*
          (?::\s*(\d{2}))?\s+
          ([+-]\d{4}|
           UT|GMT|EST|EDT|CST|CDT|MST|MDT|PST|PDT|[A-IK-Z])/ix =~ date
        # comments may follow: no anchor at the end
        day = $1.to_i
        mon = MonthValue[$2.upcase]
        year = $3.to_i
        hour = $4.to_i
        min = $5.to_i
        sec = $6 ? $6.to_i : 0
        zone = $7
        year = if year < 50 then 2000 + year
               elsif year < 1000 then 1900 + year
               else year
               end
        year, mon, day, hour, min, sec = apply_offset(year, mon, day, hour, min, sec, zone_offset(zone))
        t = self.utc(year, mon, day, hour, min, sec)
        t.localtime unless zone_utc?(zone)
        t
      else
        raise ArgumentError.new("not RFC 2822 compliant date: #{date.inspect}")
      end
    end
    alias rfc822 rfc2822

    def httpdate(date)
      if /\A\s*
          (?:Mon|Tue|Wed|Thu|Fri|Sat|Sun),\x20
          (\d{2})\x20
          (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\x20
          (\d{4})\x20
          (\d{2}):(\d{2}):(\d{2})\x20
          GMT
          \s*\z/ix =~ date
        self.rfc2822(date)
      elsif /\A\s*
             (?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday),\x20
             (\d\d)-(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)-(\d\d)\x20
             (\d\d):(\d\d):(\d\d)\x20
             GMT
             \s*\z/ix =~ date
        year = $3.to_i
        year += year < 50 ? 2000 : 1900
        self.utc(year, $2, $1.to_i, $4.to_i, $5.to_i, $6.to_i)
      elsif /\A\s*
             (?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\x20
             (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\x20
             (\d\d|\x20\d)\x20
             (\d\d):(\d\d):(\d\d)\x20
             (\d{4})
             \s*\z/ix =~ date
        self.utc($6.to_i, MonthValue[$1.upcase], $2.to_i, $3.to_i, $4.to_i, $5.to_i)
      else
        raise ArgumentError.new("not RFC 2616 compliant date: #{date.inspect}")
      end
    end

    def xmlschema(date)
      if /\A\s*
          (-?\d+)-(\d\d)-(\d\d)
          T
          (\d\d):(\d\d):(\d\d)
          (\.\d*)?
          (Z|[+-]\d\d:\d\d)?
          \s*\z/ix =~ date
        year = $1.to_i
        mon = $2.to_i
        day = $3.to_i
        hour = $4.to_i
        min = $5.to_i
        sec = $6.to_i
        usec = 0
        usec = ($7[1..-1] + "000000")[0, 6].to_i if $7
        if $8
          zone = $8
          year, mon, day, hour, min, sec = apply_offset(year, mon, day, hour, min, sec, zone_offset(zone))
          self.utc(year, mon, day, hour, min, sec, usec)
        else
          self.local(year, mon, day, hour, min, sec, usec)
        end
      else
        raise ArgumentError.new("invalid date: #{date.inspect}")
      end
    end
    alias iso8601 xmlschema
  end

  RFC2822_DAY_NAME = %w(Sun Mon Tue Wed Thu Fri Sat)
  RFC2822_MONTH_NAME = %w(Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec)

  def rfc2822
    sprintf('%s, %02d %s %d %02d:%02d:%02d ',
            RFC2822_DAY_NAME[wday], day, RFC2822_MONTH_NAME[mon - 1], year, hour, min, sec) +
      if utc?
        '-0000'
      else
        off = utc_offset
        sign = off < 0 ? '-' : '+'
        sprintf('%s%02d%02d', sign, *(off.abs / 60).divmod(60))
      end
  end
  alias rfc822 rfc2822

  def httpdate
    t = dup.utc
    sprintf('%s, %02d %s %d %02d:%02d:%02d GMT',
            RFC2822_DAY_NAME[t.wday], t.day, RFC2822_MONTH_NAME[t.mon - 1], t.year, t.hour, t.min, t.sec)
  end

  def xmlschema(fraction_digits = 0)
    sprintf('%d-%02d-%02dT%02d:%02d:%02d', year, mon, day, hour, min, sec) +
      if fraction_digits == 0
        ''
      elsif fraction_digits <= 6
        '.' + sprintf('%06d', usec)[0, fraction_digits]
      else
        '.' + sprintf('%06d', usec) + '0' * (fraction_digits - 6)
      end +
      if utc?
        'Z'
      else
        off = utc_offset
        sign = off < 0 ? '-' : '+'
        sprintf('%s%02d:%02d', sign, *(off.abs / 60).divmod(60))
      end
  end
  alias iso8601 xmlschema
end
