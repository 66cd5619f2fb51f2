# date/format.rb: formatting and parsing of dates, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's date/format.rb:
#   Date#strftime(fmt = '%F') with every directive of 1.8.7's date:
#     %A %a %B %b %h %C %c %D %d %e %F %G %g %H %I %j %k %L %l %M %m %N
#     %n %P %p %Q %R %r %S %s %T %t %U %u %V %v %W %w %X %x %Y %y %Z %z
#     %:z %::z %+ %%, with the flags - (no padding), _ (spaces), 0
#     (zeros), ^ (upper case), # (change case) and a width (%10A, %3N);
#     an unknown directive is copied as it is;
#   Date._strptime(str, fmt = '%F') (a Hash of the fields found, with
#     :leftover for text after the match, or nil when str does not match)
#     with the same directives;
#   Date._parse(str, comp = true) (a Hash of :year :mon :mday :yday :wday
#     :cwyear :cweek :cwday :hour :min :sec :sec_fraction :zone :offset):
#     ISO 8601 ("2001-02-03", "2001-W05-6", "2001-034", "20010203T040506"),
#     RFC 2822 and ctime ("Sat, 3 Feb 2001 04:05:06 +0700", "Sat Feb  3
#     04:05:06 2001"), "Feb 3 2001", "3rd Feb 2001", "3 February, 2001",
#     "03-Feb-2001" (VMS), "2/3/2001" (month first, as in 1.8), "2001/2/3",
#     "H13.02.03" (Japanese eras M T S H), digit runs ("20010203",
#     "010203", "0203"), times with am/pm, fractions and zones, "bc";
#     a two-digit year is 19xx from 69 up and 20xx below when comp is true;
#   Date.zone_to_diff(zone) (seconds east of UTC for "+09:00", "-0500",
#     "UTC", "EST", "JST", "GMT+9", "... standard time", "... dst" ...).
# Left out: 1.8.7's Date::Format::Bag is not there: the parsers build
#   plain Hashes.  Zone names are those of 1.8.7's table of common zones.

require 'rational'

class Date
  module Format
    MONTHS = {
      'january' => 1, 'february' => 2, 'march' => 3, 'april' => 4,
      'may' => 5, 'june' => 6, 'july' => 7, 'august' => 8,
      'september' => 9, 'october' => 10, 'november' => 11, 'december' => 12
    }

    DAYS = {
      'sunday' => 0, 'monday' => 1, 'tuesday' => 2, 'wednesday' => 3,
      'thursday' => 4, 'friday' => 5, 'saturday' => 6
    }

    ABBR_DAYS = {
      'sun' => 0, 'mon' => 1, 'tue' => 2, 'wed' => 3, 'thu' => 4, 'fri' => 5, 'sat' => 6
    }

    ABBR_MONTHS = {
      'jan' => 1, 'feb' => 2, 'mar' => 3, 'apr' => 4, 'may' => 5, 'jun' => 6,
      'jul' => 7, 'aug' => 8, 'sep' => 9, 'oct' => 10, 'nov' => 11, 'dec' => 12
    }

    # Hours east of UTC.
    ZONES = {
      'ut' => 0, 'gmt' => 0, 'est' => -5, 'edt' => -4, 'cst' => -6, 'cdt' => -5,
      'mst' => -7, 'mdt' => -6, 'pst' => -8, 'pdt' => -7,
      'a' => 1, 'b' => 2, 'c' => 3, 'd' => 4, 'e' => 5, 'f' => 6, 'g' => 7,
      'h' => 8, 'i' => 9, 'k' => 10, 'l' => 11, 'm' => 12,
      'n' => -1, 'o' => -2, 'p' => -3, 'q' => -4, 'r' => -5, 's' => -6,
      't' => -7, 'u' => -8, 'v' => -9, 'w' => -10, 'x' => -11, 'y' => -12,
      'z' => 0,
      'utc' => 0, 'wet' => 0,
      'at' => -2, 'brst' => -2, 'ndt' => -(2 * 60 + 30) / 60.0,
      'art' => -3, 'adt' => -3, 'brt' => -3, 'clst' => -3,
      'nst' => -(3 * 60 + 30) / 60.0,
      'ast' => -4, 'clt' => -4,
      'akdt' => -8, 'ydt' => -8,
      'akst' => -9, 'hadt' => -9, 'hdt' => -9, 'yst' => -9,
      'ahst' => -10, 'cat' => -10, 'hast' => -10, 'hst' => -10,
      'nt' => -11,
      'idlw' => -12,
      'bst' => 1, 'cet' => 1, 'fwt' => 1, 'met' => 1, 'mewt' => 1, 'mez' => 1,
      'swt' => 1, 'wat' => 1, 'west' => 1,
      'cest' => 2, 'eet' => 2, 'fst' => 2, 'mest' => 2, 'mesz' => 2, 'sast' => 2,
      'sst' => 2,
      'bt' => 3, 'eat' => 3, 'eest' => 3, 'msk' => 3,
      'msd' => 4, 'zp4' => 4,
      'zp5' => 5, 'ist' => (5 * 60 + 30) / 60.0,
      'zp6' => 6,
      'wast' => 7,
      'cct' => 8, 'sgt' => 8, 'wadt' => 8,
      'jst' => 9, 'kst' => 9,
      'east' => 10, 'gst' => 10,
      'eadt' => 11,
      'idle' => 12, 'nzst' => 12, 'nzt' => 12,
      'nzdt' => 13,
      'afghanistan' => 16200, 'alaskan' => -32400, 'arab' => 10800,
      'arabian' => 14400, 'arabic' => 10800, 'atlantic' => -14400,
      'aus central' => 34200, 'aus eastern' => 36000, 'azores' => -3600,
      'canada central' => -21600, 'cape verde' => -3600, 'caucasus' => 14400,
      'cen. australia' => 34200, 'central america' => -21600,
      'central asia' => 21600, 'central europe' => 3600,
      'central european' => 3600, 'central pacific' => 39600,
      'central' => -21600, 'china' => 28800, 'dateline' => -43200,
      'e. africa' => 10800, 'e. australia' => 36000, 'e. europe' => 7200,
      'e. south america' => -10800, 'eastern' => -18000, 'egypt' => 7200,
      'ekaterinburg' => 18000, 'fiji' => 43200, 'fle' => 7200,
      'greenland' => -10800, 'greenwich' => 0, 'gtb' => 7200,
      'hawaiian' => -36000, 'india' => 19800, 'iran' => 12600,
      'jerusalem' => 7200, 'korea' => 32400, 'mexico' => -21600,
      'mid-atlantic' => -7200, 'mountain' => -25200, 'myanmar' => 23400,
      'n. central asia' => 21600, 'nepal' => 20700, 'new zealand' => 43200,
      'newfoundland' => -12600, 'north asia east' => 28800,
      'north asia' => 25200, 'pacific sa' => -14400, 'pacific' => -28800,
      'romance' => 3600, 'russian' => 10800, 'sa eastern' => -10800,
      'sa pacific' => -18000, 'sa western' => -14400, 'samoa' => -39600,
      'se asia' => 25200, 'malay peninsula' => 28800, 'south africa' => 7200,
      'sri lanka' => 21600, 'taipei' => 28800, 'tasmania' => 36000,
      'tokyo' => 32400, 'tonga' => 46800, 'w. australia' => 28800,
      'w. central africa' => 3600, 'w. europe' => 3600, 'west asia' => 18000,
      'west pacific' => 36000, 'yakutsk' => 32400
    }
    # the long (Windows) names are in seconds already
    LONG_ZONE_SECONDS = 100

    [MONTHS, DAYS, ABBR_DAYS, ABBR_MONTHS, ZONES].each { |h| h.freeze }
  end

  # ------------------------------------------------------------ strftime

  # emit: a number n padded to width w with pad character (flags change it)
  def __fmt_num(n, w, flags, pad = '0', sign = false)
    s = n.abs.to_s
    neg = n < 0
    pad = ' ' if flags.include?('_')
    pad = '0' if flags.include?('0')
    if flags.include?('-')
      s = s
    else
      width = w          # a sign comes on top of the width, as in 1.8.7
      s = s.rjust(width, pad) if s.size < width
    end
    neg ? '-' + s : s
  end
  private :__fmt_num

  def __fmt_str(s, flags, width)
    s = s.upcase if flags.include?('^')
    s = s.swapcase if flags.include?('#')
    if width && s.size < width && !flags.include?('-')
      pad = flags.include?('0') ? '0' : ' '
      s = s.rjust(width, pad)
    end
    s
  end
  private :__fmt_str

  def __fmt_offset(colons, flags, width)
    of = (offset * 86400).round
    sign = of < 0 ? '-' : '+'
    a = of.abs
    hh, rest = a.divmod(3600)
    mm, ss = rest.divmod(60)
    body = case colons
           when 0 then format('%02d%02d', hh, mm)
           when 1 then format('%02d:%02d', hh, mm)
           else format('%02d:%02d:%02d', hh, mm, ss)
           end
    s = sign + body
    if width && s.size < width && !flags.include?('-')
      if flags.include?('_')
        s = s.rjust(width, ' ')
      else
        s = sign + body.rjust(width - 1, '0')
      end
    end
    s
  end
  private :__fmt_offset

  def strftime(fmt = '%F')
    fmt.to_s.gsub(/%([-_0^#]+)?(\d+)?(:{1,2}z|.)/m) do
      flags, width, conv = $1.to_s, ($2 && $2.to_i), $3
      __strftime_one(conv, flags, width, $&)
    end
  end

  def __strftime_one(conv, flags, width, whole)
    case conv
    when 'A' then __fmt_str(DAYNAMES[wday], flags, width)
    when 'a' then __fmt_str(ABBR_DAYNAMES[wday], flags, width)
    when 'B' then __fmt_str(MONTHNAMES[mon], flags, width)
    when 'b', 'h' then __fmt_str(ABBR_MONTHNAMES[mon], flags, width)
    when 'C' then __fmt_num(year.div(100), width || 2, flags)
    when 'c' then __fmt_str(strftime('%a %b %e %H:%M:%S %Y'), flags, width)
    when 'D', 'x' then __fmt_str(strftime('%m/%d/%y'), flags, width)
    when 'd' then __fmt_num(mday, width || 2, flags)
    when 'e' then __fmt_num(mday, width || 2, flags, ' ')
    when 'F' then __fmt_str(strftime('%Y-%m-%d'), flags, width)
    when 'G' then __fmt_num(cwyear, width || 4, flags)
    when 'g' then __fmt_num(cwyear % 100, width || 2, flags)
    when 'H' then __fmt_num(hour, width || 2, flags)
    when 'I' then __fmt_num((hour % 12).zero? ? 12 : hour % 12, width || 2, flags)
    when 'j' then __fmt_num(yday, width || 3, flags)
    when 'k' then __fmt_num(hour, width || 2, flags, ' ')
    when 'L' then __fmt_fraction(width || 3)
    when 'l' then __fmt_num((hour % 12).zero? ? 12 : hour % 12, width || 2, flags, ' ')
    when 'M' then __fmt_num(min, width || 2, flags)
    when 'm' then __fmt_num(mon, width || 2, flags)
    when 'N' then __fmt_fraction(width || 9)
    when 'n' then "\n"
    when 't' then "\t"
    when 'P' then __fmt_str(hour < 12 ? 'am' : 'pm', flags, width)
    when 'p'
      s = hour < 12 ? 'AM' : 'PM'
      s = s.downcase if flags.include?('#')
      __fmt_str(s, flags.delete('#'), width)
    when 'Q' then __fmt_num(((ajd - UNIX_EPOCH_IN_AJD) * 86400000).round, width || 1, flags)
    when 'R' then __fmt_str(strftime('%H:%M'), flags, width)
    when 'r' then __fmt_str(strftime('%I:%M:%S %p'), flags, width)
    when 'S' then __fmt_num(sec, width || 2, flags)
    when 's' then __fmt_num(((ajd - UNIX_EPOCH_IN_AJD) * 86400).round, width || 1, flags)
    when 'T', 'X' then __fmt_str(strftime('%H:%M:%S'), flags, width)
    when 'U' then __fmt_num((yday + 6 - wday).div(7), width || 2, flags)
    when 'u' then __fmt_num(cwday, width || 1, flags)
    when 'V' then __fmt_num(cweek, width || 2, flags)
    when 'v' then __fmt_str(strftime('%e-%b-%Y'), flags, width)
    when 'W' then __fmt_num((yday + 6 - (wday - 1) % 7).div(7), width || 2, flags)
    when 'w' then __fmt_num(wday, width || 1, flags)
    when 'Y' then __fmt_num(year, width || 4, flags)
    when 'y' then __fmt_num(year % 100, width || 2, flags)
    when 'Z' then __fmt_str(zone, flags, width)
    when 'z' then __fmt_offset(0, flags, width)
    when ':z' then __fmt_offset(1, flags, width)
    when '::z' then __fmt_offset(2, flags, width)
    when '+' then __fmt_str(strftime('%a %b %e %H:%M:%S %Z %Y'), flags, width)
    when '%' then '%'
    else whole
    end
  end
  private :__strftime_one

  # The first w digits of the fraction of the second.
  def __fmt_fraction(w)
    frac = sec_fraction * 86400
    (frac * (10 ** w)).floor.to_s.rjust(w, '0')
  end
  private :__fmt_fraction

  # ------------------------------------------------------------ zones

  # Seconds east of UTC that zone names, or nil.
  def self.zone_to_diff(zone)
    zone = zone.to_s.downcase.strip
    dst = false
    if zone.sub!(/\s+(standard|daylight)\s+time\z/, '')
      dst = $1 == 'daylight'
    elsif zone.sub!(/\s+dst\z/, '')
      dst = true
    end
    if Format::ZONES.include?(zone)
      hours = Format::ZONES[zone]
      offset = hours.abs >= Format::LONG_ZONE_SECONDS ? hours : (hours * 3600).round
      offset += 3600 if dst
      return offset
    end
    zone = zone.sub(/\A(?:gmt|utc?)(?=[-+])/, '')
    return nil unless zone =~ /\A([-+])(.*)\z/m
    sign = $1 == '-' ? -1 : 1
    body = $2
    if body =~ /\A(\d+):(\d+)(?::(\d+))?\z/
      off = $1.to_i * 3600 + $2.to_i * 60 + $3.to_i
    elsif body =~ /\A(\d+)[,.](\d*)\z/
      off = ($1.to_i * 3600 + ("0." + $2).to_f * 3600).round
    elsif body =~ /\A\d+\z/
      n = body.size
      off = case n
            when 1, 2 then body.to_i * 3600
            when 3, 4 then body[0, n - 2].to_i * 3600 + body[-2, 2].to_i * 60
            else body[0, n - 4].to_i * 3600 + body[-4, 2].to_i * 60 + body[-2, 2].to_i
            end
    else
      return nil
    end
    sign * off
  end

  # ------------------------------------------------------------ strptime

  MONTH_RE = '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|sep(?:tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)'
  DAY_RE = '(?:sun(?:day)?|mon(?:day)?|tue(?:sday)?|wed(?:nesday)?|thu(?:rsday)?|fri(?:day)?|sat(?:urday)?)'
  ZONE_RE = '(?:gmt|utc?)?[-+]\d+(?:[,.:]\d+(?::\d+)?)?|[a-z.\s]+(?:standard|daylight)\s+time\b|[a-z]+(?:\s+dst)?\b'

  # The hash of the fields of str, read after fmt, or nil.
  def self._strptime(str, fmt = '%F')
    h = {}
    rest = __strptime_i(str.to_s, fmt.to_s, h)
    return nil unless rest
    h[:leftover] = rest unless rest.empty?
    if h.key?(:_cent)
      c = h.delete(:_cent)
      h[:year] = c * 100 + h[:year] if h[:year]
      h[:cwyear] = c * 100 + h[:cwyear] if h[:cwyear]
    end
    if h.key?(:_merid)
      m = h.delete(:_merid)
      h[:hour] = h[:hour] % 12 + m if h[:hour]
    end
    h
  end

  # Reads str after fmt into h; the text left, or nil on a mismatch.
  def self.__strptime_i(str, fmt, h)
    fmt.scan(/%[EO]?(?::{1,2}z|.)|\s+|[^%\s]+|%/m) do |tok|
      return nil unless str
      if tok =~ /\A\s+\z/
        str = str.sub(/\A\s+/, '')
        next
      end
      unless tok[0, 1] == '%' && tok.size > 1
        return nil unless str[0, tok.size] == tok
        str = str[tok.size..-1]
        next
      end
      conv = tok.sub(/\A%[EO]?/, '')
      str = __strptime_one(conv, str, h)
    end
    str
  end

  def self.__take(str, re)
    m = /\A(?:#{re})/i.match(str)
    return nil unless m
    [m[0], m.post_match]
  end

  NUM_FIELDS = {
    'd' => [:mday, '\d{1,2}', 1..31], 'e' => [:mday, '\s?\d{1,2}', 1..31],
    'H' => [:hour, '\d{1,2}', 0..24], 'k' => [:hour, '\s?\d{1,2}', 0..24],
    'I' => [:hour, '\d{1,2}', 1..12], 'l' => [:hour, '\s?\d{1,2}', 1..12],
    'j' => [:yday, '\d{1,3}', 1..366], 'M' => [:min, '\d{1,2}', 0..59],
    'm' => [:mon, '\d{1,2}', 1..12], 'S' => [:sec, '\d{1,2}', 0..60],
    'U' => [:wnum0, '\d{1,2}', 0..53], 'W' => [:wnum1, '\d{1,2}', 0..53],
    'u' => [:cwday, '\d', 1..7], 'V' => [:cweek, '\d{1,2}', 1..53],
    'w' => [:wday, '\d', 0..6], 'g' => [:cwyear, '\d{1,2}', 0..99],
    'y' => [:year, '\d{1,2}', 0..99]
  }

  COMPOSITE = {
    'c' => '%a %b %e %H:%M:%S %Y', 'D' => '%m/%d/%y', 'x' => '%m/%d/%y',
    'F' => '%Y-%m-%d', 'R' => '%H:%M', 'r' => '%I:%M:%S %p',
    'T' => '%H:%M:%S', 'X' => '%H:%M:%S', 'v' => '%e-%b-%Y',
    '+' => '%a %b %e %H:%M:%S %Z %Y'
  }

  def self.__strptime_one(conv, str, h)
    if COMPOSITE[conv]
      return __strptime_i(str, COMPOSITE[conv], h)
    end
    if (f = NUM_FIELDS[conv])
      got, rest = __take(str, f[1])
      return nil unless got
      v = got.to_i
      return nil unless f[2] === v
      h[f[0]] = v
      h[:_cent] ||= (v >= 69 ? 19 : 20) if conv == 'y' || conv == 'g'
      return rest
    end
    case conv
    when 'A', 'a'
      got, rest = __take(str, DAY_RE)
      return nil unless got
      h[:wday] = Format::ABBR_DAYS[got[0, 3].downcase]
      rest
    when 'B', 'b', 'h'
      got, rest = __take(str, MONTH_RE)
      return nil unless got
      h[:mon] = Format::ABBR_MONTHS[got[0, 3].downcase]
      rest
    when 'C'
      got, rest = __take(str, '[-+]?\d{1,2}')
      return nil unless got
      h[:_cent] = got.to_i
      rest
    when 'G'
      got, rest = __take(str, '[-+]?\d+')
      return nil unless got
      h[:cwyear] = got.to_i
      rest
    when 'Y'
      got, rest = __take(str, '[-+]?\d+')
      return nil unless got
      h[:year] = got.to_i
      rest
    when 'L', 'N'
      got, rest = __take(str, '\d+')
      return nil unless got
      h[:sec_fraction] = Rational(got.to_i, 10 ** got.size)
      rest
    when 'P', 'p'
      got, rest = __take(str, '[ap](?:m\b|\.m\.)')
      return nil unless got
      h[:_merid] = got[0, 1].downcase == 'p' ? 12 : 0
      rest
    when 'Q'
      got, rest = __take(str, '-?\d+')
      return nil unless got
      h[:seconds] = Rational(got.to_i, 1000)
      rest
    when 's'
      got, rest = __take(str, '-?\d+')
      return nil unless got
      h[:seconds] = got.to_i
      rest
    when 'Z', 'z', ':z', '::z'
      got, rest = __take(str, ZONE_RE)
      return nil unless got
      h[:zone] = got
      h[:offset] = zone_to_diff(got)
      rest
    when 'n', 't'
      __strptime_i(str, ' ', h)
    when '%'
      str[0, 1] == '%' ? str[1..-1] : nil
    else
      # an unknown directive stands for itself
      lit = '%' + conv
      str[0, lit.size] == lit ? str[lit.size..-1] : nil
    end
  end

  class << self
    private :__strptime_i, :__take, :__strptime_one
  end

  # ------------------------------------------------------------ _parse

  def self._parse(str, comp = true)
    str = str.to_s.dup
    h = {}
    str.gsub!(/[^-+',.\/:@a-zA-Z0-9\[\]\x80-\xff]+/n, ' ')
    __parse_time(str, h)
    __parse_day(str, h)
    __parse_eu(str, h) || __parse_us(str, h) || __parse_iso(str, h) ||
      __parse_jis(str, h) || __parse_vms(str, h) || __parse_sla(str, h) ||
      __parse_dot(str, h) || __parse_iso2(str, h) || __parse_year(str, h) ||
      __parse_mon(str, h) || __parse_mday(str, h) || __parse_ddd(str, h)
    if str.sub!(/\b(bc\b|bce\b|b\.c\.|b\.c\.e\.)/i, ' ')
      h[:year] = -h[:year] + 1 if h[:year]
    end
    if str.sub!(/\A\s*(\d{1,2})\s*\z/, ' ')
      v = $1.to_i
      if h[:hour] && !h[:mday]
        h[:mday] = v if (1..31) === v
      end
      if h[:mday] && !h[:hour]
        h[:hour] = v if (0..24) === v
      end
    end
    short = h.delete(:_comp)
    if comp && short != false
      [:cwyear, :year].each do |k|
        v = h[k]
        h[k] = v + (v >= 69 ? 1900 : 2000) if v && v >= 0 && v <= 99
      end
    end
    h[:offset] ||= zone_to_diff(h[:zone]) if h[:zone]
    h
  end

  # year, month, day from strings, as the "3e" rules of 1.8.7 read them:
  # which one is the year is told by its length, a quote or a sign.
  def self.__s3e(h, y, m, d, bc = false)
    m = m.to_s if m && !m.kind_of?(String)
    y, m, d = d, y, m if y && m && !d
    if y.nil?
      y, d = d, nil if d && d.size > 2
      y, d = d, nil if d && d[0, 1] == "'"
    end
    # "3rd" where the year should be is a day
    y, d = d, $1 if y && y =~ /(\d+)(.+)?/m && $2
    y, m, d = m, d, y if m && (m[0, 1] == "'" || m.size > 2)
    y, d = d, y if d && (d[0, 1] == "'" || d.size > 2)
    if y
      y =~ /([-+])?(\d+)/
      h[:_comp] = false if $1 || $2.size > 2
      iy = $&.to_i
      iy = -iy + 1 if bc
      h[:year] = iy
    end
    if m
      m =~ /\d+/
      h[:mon] = $&.to_i
    end
    if d
      d =~ /\d+/
      h[:mday] = $&.to_i
    end
  end

  def self.__parse_time(str, h)
    re = /(
           (?:\d+\s*:\s*\d+(?:\s*:\s*\d+(?:[,.]\d*)?)?|\d+\s*h(?:\s*\d+m?(?:\s*\d+s?)?)?)
           (?:\s*[ap](?:m\b|\.m\.))?
         |
           \d+\s*[ap](?:m\b|\.m\.)
         )
         (?:\s*((?:gmt|utc?)?[-+]\d+(?:[,.:]\d+(?::\d+)?)?|[a-z.\s]+(?:standard|daylight)\stime\b|[a-z]+(?:\sdst)?\b))?
        /ix
    return false unless str.sub!(re, ' ')
    t, zone = $1, $2
    h[:zone] = zone if zone
    t =~ /\A(\d+)h?(?:\s*:?\s*(\d+)m?(?:\s*:?\s*(\d+)(?:[,.](\d+))?s?)?)?(?:\s*([ap])(?:m\b|\.m\.))?/i
    hour = $1.to_i
    h[:min] = $2.to_i if $2
    h[:sec] = $3.to_i if $3
    h[:sec_fraction] = Rational($4.to_i, 10 ** $4.size) if $4
    if $5
      hour %= 12
      hour += 12 if $5.downcase == 'p'
    end
    h[:hour] = hour
    true
  end

  def self.__parse_day(str, h)
    return false unless str.sub!(/\b(sun|mon|tue|wed|thu|fri|sat)[^-\d\s']*/i, ' ')
    h[:wday] = Format::ABBR_DAYS[$1.downcase]
    true
  end

  ERA_RE = '(c(?:e|\.e\.)|b(?:ce|\.c\.e\.)|a(?:d|\.d\.)|b(?:c|\.c\.))'
  ABBR_MON_RE = '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)'

  def self.__parse_eu(str, h)
    re = /'?\b(\d+)[^-\d\s']*\s*#{ABBR_MON_RE}[^-\d\s']*(?:\s*#{ERA_RE}?\s*('?-?\d+(?:(?:st|nd|rd|th)\b)?))?/i
    return false unless str.sub!(re, ' ')
    d, mon, bc, y = $1, $2, $3, $4
    __s3e(h, y, Format::ABBR_MONTHS[mon.downcase], d, bc && bc =~ /\Ab/i)
    true
  end

  def self.__parse_us(str, h)
    re = /\b#{ABBR_MON_RE}[^-\d\s']*\s*('?\d+)[^-\d\s']*(?:\s*,?\s*#{ERA_RE}?\s*('?-?\d+))?/i
    return false unless str.sub!(re, ' ')
    mon, d, bc, y = $1, $2, $3, $4
    __s3e(h, y, Format::ABBR_MONTHS[mon.downcase], d, bc && bc =~ /\Ab/i)
    true
  end

  def self.__parse_iso(str, h)
    return false unless str.sub!(/('?[-+]?\d+)-(\d+)-('?-?\d+)/, ' ')
    __s3e(h, $1, $2, $3)
    true
  end

  def self.__parse_iso2(str, h)
    if str.sub!(/\b(\d{2}|\d{4})?-?w(\d{2})(?:-?(\d))?\b/i, ' ')
      h[:cwyear] = $1.to_i if $1
      h[:_comp] = false if $1 && $1.size > 2
      h[:cweek] = $2.to_i
      h[:cwday] = $3.to_i if $3
      true
    elsif str.sub!(/-w-(\d)\b/i, ' ')
      h[:cwday] = $1.to_i
      true
    elsif str.sub!(/--(\d{2})?-(\d{2})\b/, ' ')
      h[:mon] = $1.to_i if $1
      h[:mday] = $2.to_i
      true
    elsif str.sub!(/--(\d{2})(\d{2})?\b/, ' ')
      h[:mon] = $1.to_i
      h[:mday] = $2.to_i if $2
      true
    elsif str =~ /[,.](\d{2}|\d{4})-\d{3}\b/
      false
    elsif str.sub!(/\b(\d{2}|\d{4})-(\d{3})\b/, ' ')
      h[:year] = $1.to_i
      h[:_comp] = false if $1.size > 2
      h[:yday] = $2.to_i
      true
    elsif str =~ /\d-\d{3}\b/
      false
    elsif str.sub!(/\b-(\d{3})\b/, ' ')
      h[:yday] = $1.to_i
      true
    else
      false
    end
  end

  ERAS = { 'm' => 1867, 't' => 1911, 's' => 1925, 'h' => 1988 }

  def self.__parse_jis(str, h)
    return false unless str.sub!(/\b([mtsh])(\d+)\.(\d+)\.(\d+)/i, ' ')
    h[:year] = $2.to_i + ERAS[$1.downcase]
    h[:mon] = $3.to_i
    h[:mday] = $4.to_i
    h[:_comp] = false
    true
  end

  def self.__parse_vms(str, h)
    if str.sub!(/('?-?\d+)-#{ABBR_MON_RE}[^-]*-('?-?\d+)/i, ' ')
      __s3e(h, $3, Format::ABBR_MONTHS[$2.downcase], $1)
      true
    elsif str.sub!(/\b#{ABBR_MON_RE}[^-]*-('?-?\d+)(?:-('?-?\d+))?/i, ' ')
      __s3e(h, $3, Format::ABBR_MONTHS[$1.downcase], $2)
      true
    else
      false
    end
  end

  # 2/3/2001 is February 3 (month first, as 1.8 reads it); 2001/2/3 too.
  def self.__parse_sla(str, h)
    return false unless str.sub!(%r{('?-?\d+)/\s*('?\d+)(?:\D\s*('?-?\d+))?}, ' ')
    __s3e(h, $3, $1, $2)
    true
  end

  def self.__parse_dot(str, h)
    return false unless str.sub!(/('?-?\d+)\.\s*('?\d+)\.\s*('?-?\d+)/, ' ')
    __s3e(h, $1, $2, $3)
    true
  end

  def self.__parse_year(str, h)
    return false unless str.sub!(/'(\d+)\b/, ' ')
    h[:year] = $1.to_i
    true
  end

  def self.__parse_mon(str, h)
    return false unless str.sub!(/\b#{ABBR_MON_RE}\S*/i, ' ')
    h[:mon] = Format::ABBR_MONTHS[$1.downcase]
    true
  end

  def self.__parse_mday(str, h)
    return false unless str.sub!(/(\d+)(st|nd|rd|th)\b/i, ' ')
    h[:mday] = $1.to_i
    true
  end

  def self.__parse_ddd(str, h)
    re = /([-+]?)(\d{2,14})(?:\s*t?\s*(\d{2,6})?(?:[,.](\d*))?)?(?:\s*(z\b|[-+]\d{1,4}\b|\[[-+]?\d[^\]]*\]))?/i
    return false unless str.sub!(re, ' ')
    sign, s2, s3, s4, s5 = $1, $2, $3, $4, $5
    time_only = s3.nil? && s4
    case s2.size
    when 2
      if time_only then h[:sec] = s2.to_i else h[:mday] = s2.to_i end
    when 4
      if time_only
        h[:sec] = s2[-2, 2].to_i
        h[:min] = s2[-4, 2].to_i
      else
        h[:mon] = s2[0, 2].to_i
        h[:mday] = s2[2, 2].to_i
      end
    when 6
      if time_only
        h[:sec] = s2[-2, 2].to_i
        h[:min] = s2[-4, 2].to_i
        h[:hour] = s2[-6, 2].to_i
      else
        h[:year] = (sign + s2[0, 2]).to_i
        h[:mon] = s2[2, 2].to_i
        h[:mday] = s2[4, 2].to_i
        h[:_comp] = false unless sign.empty?
      end
    when 8, 10, 12, 14
      if time_only
        h[:sec] = s2[-2, 2].to_i
        h[:min] = s2[-4, 2].to_i
        h[:hour] = s2[-6, 2].to_i
        h[:mday] = s2[-8, 2].to_i
        h[:mon] = s2[-10, 2].to_i if s2.size >= 10
        if s2.size == 12
          h[:year] = (sign + s2[-12, 2]).to_i
          h[:_comp] = false unless sign.empty?
        end
        if s2.size == 14
          h[:year] = (sign + s2[-14, 4]).to_i
          h[:_comp] = false
        end
      else
        h[:year] = (sign + s2[0, 4]).to_i
        h[:mon] = s2[4, 2].to_i
        h[:mday] = s2[6, 2].to_i
        h[:hour] = s2[8, 2].to_i if s2.size >= 10
        h[:min] = s2[10, 2].to_i if s2.size >= 12
        h[:sec] = s2[12, 2].to_i if s2.size >= 14
        h[:_comp] = false
      end
    when 3
      if time_only
        h[:sec] = s2[-2, 2].to_i
        h[:min] = s2[-3, 1].to_i
      else
        h[:yday] = s2.to_i
      end
    when 5
      if time_only
        h[:sec] = s2[-2, 2].to_i
        h[:min] = s2[-4, 2].to_i
        h[:hour] = s2[-5, 1].to_i
      else
        h[:year] = (sign + s2[0, 2]).to_i
        h[:yday] = s2[2, 3].to_i
        h[:_comp] = false unless sign.empty?
      end
    when 7
      if time_only
        h[:sec] = s2[-2, 2].to_i
        h[:min] = s2[-4, 2].to_i
        h[:hour] = s2[-6, 2].to_i
        h[:mday] = s2[-7, 1].to_i
      else
        h[:year] = (sign + s2[0, 4]).to_i
        h[:yday] = s2[4, 3].to_i
        h[:_comp] = false
      end
    end
    if s3 && !s3.empty?
      case s3.size
      when 2, 4, 6
        h[:hour] = s3[0, 2].to_i
        h[:min] = s3[2, 2].to_i if s3.size >= 4
        h[:sec] = s3[4, 2].to_i if s3.size >= 6
      end
    end
    h[:sec_fraction] = Rational(s4.to_i, 10 ** s4.size) if s4 && !s4.empty?
    if s5
      zone = s5
      if zone[0, 1] == '['
        zone = zone[1..-2]
        name, off = zone.split(':', 2)
        h[:zone] = off ? name : zone
        num = off || name
        num = '+' + num if num =~ /\A\d/
        h[:offset] = zone_to_diff(num)
      else
        h[:zone] = zone
      end
    end
    true
  end

  class << self
    private :__s3e, :__parse_time, :__parse_day, :__parse_eu, :__parse_us, :__parse_iso,
            :__parse_iso2, :__parse_jis, :__parse_vms, :__parse_sla, :__parse_dot,
            :__parse_year, :__parse_mon, :__parse_mday, :__parse_ddd
  end
end
