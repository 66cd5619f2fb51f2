# date.rb: Date and DateTime, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's date.rb:
#   Date.civil/new(y = -4712, m = 1, d = 1, sg = ITALY), Date.jd,
#   Date.ordinal(y, yday), Date.commercial(cwyear = 1582, cweek = 41,
#   cwday = 5), Date.new!(ajd, of, sg), Date.today, Date.parse(str, comp =
#   true), Date.strptime(str, fmt = '%F'), Date._parse, Date._strptime
#   (see date/format.rb); negative months, days, weeks count from the end;
#   valid_civil?/valid_date?, valid_ordinal?, valid_commercial?,
#   valid_jd? and valid_time? answer the Julian Day Number (the day
#   fraction for valid_time?) or nil, as in 1.8.7; leap?/gregorian_leap?,
#   julian_leap?; the conversions civil_to_jd, jd_to_civil, ordinal_to_jd,
#   jd_to_ordinal, commercial_to_jd, jd_to_commercial, ajd_to_jd,
#   jd_to_ajd, day_fraction_to_time, time_to_day_fraction, mjd_to_jd,
#   jd_to_mjd, ld_to_jd, jd_to_ld, amjd_to_ajd, ajd_to_amjd, jd_to_wday.
#   Date#ajd (a Rational: Date.civil(2001,2,3).ajd is 4903887/2), amjd,
#   jd, mjd, ld, day_fraction, year, mon/month, mday/day, yday, wday,
#   cwyear, cweek, cwday, start, new_start, italy, england, julian,
#   gregorian, julian?, gregorian?, leap?, + - (Date - Date is a
#   Rational number of days), >> and << (months; the day is clipped to the
#   month's end), next/succ, step, upto, downto (an Enumerator without
#   a block), <=> (with Dates and Numerics), ==, === (same day),
#   eql?/hash, to_s ("2001-02-03"), inspect ("#<Date:
#   4903887/2,0,2299161>"), strftime, marshal_dump/load.
#   The calendar is Julian before the day sg (Date::ITALY = 2299161,
#   1582-10-15; ENGLAND = 2361222; JULIAN and GREGORIAN are Date::Infinity
#   values for all-Julian and all-Gregorian): Date.civil(1582, 10, 4) + 1 is
#   1582-10-15 and 1582-10-10 is an invalid date.
#   DateTime: civil/new(y, m, d, h = 0, min = 0, s = 0, of = 0, sg), jd,
#   ordinal, commercial, now, parse, strptime(str, fmt = '%FT%T%z'); hour,
#   min/minute, sec/second, sec_fraction/second_fraction (a fraction of a
#   day, as in 1.8.7), offset (a fraction of a day), zone ("+09:00"),
#   new_offset(of = 0) (a fraction of a day or a string like "+09:00"),
#   to_s ("2001-02-03T04:05:06+09:00").
#   As in 1.8.7, Date#hour, min, sec, sec_fraction, offset, zone and
#   new_offset are private (DateTime makes them public), and
#   Time#to_date, Time#to_datetime, Date#to_time, Date#to_date,
#   Date#to_datetime and DateTime's are there and private, as in 1.8.7.
#   Bad input raises ArgumentError "invalid date"; a Date plus a
#   non-Numeric raises TypeError "expected numeric".
# Left out: Date#step with a zero step raises ArgumentError instead of
#   looping for ever as 1.8.7 did; there is no Date::Format::Bag (see
#   date/format.rb).

require 'rational'
require 'date/format'

class Date
  include Comparable

  # A positive or negative infinity, for the start days JULIAN and
  # GREGORIAN: every day is before the first and after the second.
  class Infinity < Numeric
    def initialize(d = 1)
      @d = d <=> 0
    end

    def d
      @d
    end
    protected :d

    def zero?; false; end
    def finite?; false; end
    def infinite?; d.nonzero?; end
    def nan?; d.zero?; end

    def abs
      self.class.new
    end

    def -@
      self.class.new(-d)
    end

    def +@
      self.class.new(+d)
    end

    def <=>(other)
      case other
      when Infinity then d <=> other.d
      when Numeric then d
      else
        begin
          l, r = other.coerce(self)
          l <=> r
        rescue NoMethodError
          nil
        end
      end
    end

    def coerce(other)
      case other
      when Numeric then [-d, d]
      else super
      end
    end
  end

  MONTHNAMES = [nil] + %w(January February March April May June July
                          August September October November December)
  DAYNAMES = %w(Sunday Monday Tuesday Wednesday Thursday Friday Saturday)
  ABBR_MONTHNAMES = [nil] + %w(Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec)
  ABBR_DAYNAMES = %w(Sun Mon Tue Wed Thu Fri Sat)
  [MONTHNAMES, DAYNAMES, ABBR_MONTHNAMES, ABBR_DAYNAMES].each do |a|
    a.each { |s| s.freeze if s }
    a.freeze
  end

  ITALY = 2299161         # 1582-10-15
  ENGLAND = 2361222       # 1752-09-14
  JULIAN = Infinity.new
  GREGORIAN = -Infinity.new

  UNIX_EPOCH_IN_AJD = Rational(4881175, 2)  # 1970-01-01T00:00:00Z
  MJD_EPOCH_IN_AJD = Rational(4800001, 2)   # 1858-11-17
  LD_EPOCH_IN_CJD = 2299160                 # 1582-10-14
  MJD_EPOCH_IN_CJD = 2400001
  HALF_DAY_IN_DAY = Rational(1, 2)
  SECONDS_IN_DAY = Rational(1, 86400)

  # ------------------------------------------------------------ calendar arithmetic

  class << self
    def julian_leap?(y)
      y % 4 == 0
    end

    def gregorian_leap?(y)
      y % 4 == 0 && y % 100 != 0 || y % 400 == 0
    end
    alias leap? gregorian_leap?

    # The Julian Day Number of y-m-d: Julian calendar if the day falls
    # before sg, Gregorian otherwise.
    def civil_to_jd(y, m, d, sg = GREGORIAN)
      if m <= 2
        y -= 1
        m += 12
      end
      a = y.div(100)
      b = 2 - a + a.div(4)
      jd = (1461 * (y + 4716)).div(4) + (306001 * (m + 1)).div(10000) + d + b - 1524
      jd -= b if jd < sg
      jd
    end

    def jd_to_civil(jd, sg = GREGORIAN)
      if jd < sg
        a = jd
      else
        x = (4 * jd - 7468865).div(146097)
        a = jd + 1 + x - x.div(4)
      end
      b = a + 1524
      c = (100 * b - 12210).div(36525)
      d = (1461 * c).div(4)
      e = (10000 * (b - d)).div(306001)
      dom = b - d - (306001 * e).div(10000)
      if e <= 13
        m = e - 1
        y = c - 4716
      else
        m = e - 13
        y = c - 4715
      end
      [y, m, dom]
    end

    def ordinal_to_jd(y, d, sg = GREGORIAN)
      find_fdoy(y, sg) + d - 1
    end

    def jd_to_ordinal(jd, sg = GREGORIAN)
      y = jd_to_civil(jd, sg)[0]
      [y, jd - find_fdoy(y, sg) + 1]
    end

    # Week 1 is the one with January 4 in it; weeks start on Monday
    # (a jd divisible by 7).  ns is the calendar: Gregorian by default.
    def commercial_to_jd(y, w, d, ns = GREGORIAN)
      j = civil_to_jd(y, 1, 4, ns)
      (j - j % 7) + 7 * (w - 1) + (d - 1)
    end

    # In the calendar (Julian or Gregorian) of the day jd itself.
    def jd_to_commercial(jd, sg = GREGORIAN)
      ns = jd < sg ? JULIAN : GREGORIAN
      a = jd_to_civil(jd - 3, ns)[0]
      y = jd >= commercial_to_jd(a + 1, 1, 1, ns) ? a + 1 : a
      w = 1 + (jd - commercial_to_jd(y, 1, 1, ns)).div(7)
      d = (jd + 1) % 7
      d = 7 if d == 0
      [y, w, d]
    end

    def ajd_to_jd(ajd, of = 0)
      (ajd + of + HALF_DAY_IN_DAY).divmod(1)
    end

    def jd_to_ajd(jd, fr, of = 0)
      jd + fr - of - HALF_DAY_IN_DAY
    end

    def day_fraction_to_time(fr)
      h, fr = fr.divmod(Rational(1, 24))
      min, fr = fr.divmod(Rational(1, 1440))
      s, fr = fr.divmod(Rational(1, 86400))
      [h, min, s, fr]
    end

    def time_to_day_fraction(h, min, s)
      Rational(h * 3600 + min * 60 + s, 86400)
    end

    def amjd_to_ajd(amjd) amjd + MJD_EPOCH_IN_AJD end
    def ajd_to_amjd(ajd) ajd - MJD_EPOCH_IN_AJD end
    def mjd_to_jd(mjd) mjd + MJD_EPOCH_IN_CJD end
    def jd_to_mjd(jd) jd - MJD_EPOCH_IN_CJD end
    def ld_to_jd(ld) ld + LD_EPOCH_IN_CJD end
    def jd_to_ld(jd) jd - LD_EPOCH_IN_CJD end
    def jd_to_wday(jd) (jd + 1) % 7 end

    # ---------------------------------------------------------- validity

    def valid_jd?(jd, sg = ITALY)
      jd
    end

    def valid_civil?(y, m, d, sg = ITALY)
      return nil unless [y, m, d].all? { |v| v.kind_of?(Numeric) }
      m += 13 if m < 0
      return nil if m < 1 || m > 12
      if d < 0
        j = find_ldom(y, m, sg)
        return nil unless j
        ny, nm, nd = jd_to_civil(j + d + 1, sg)
        return nil unless [ny, nm] == [y, m]
        d = nd
      end
      jd = civil_to_jd(y, m, d, sg)
      return nil unless [y, m, d] == jd_to_civil(jd, sg)
      jd
    end
    alias valid_date? valid_civil?

    def valid_ordinal?(y, d, sg = ITALY)
      if d < 0
        j = find_ldoy(y, sg)
        ny, nd = jd_to_ordinal(j + d + 1, sg)
        return nil unless ny == y
        d = nd
      end
      jd = ordinal_to_jd(y, d, sg)
      return nil unless [y, d] == jd_to_ordinal(jd, sg)
      jd
    end

    # Commercial dates are Gregorian: one that falls before sg is invalid.
    def valid_commercial?(y, w, d, sg = ITALY)
      d += 8 if d < 0
      return nil if d < 1 || d > 7
      if w < 0
        ny, nw, nd = jd_to_commercial(commercial_to_jd(y + 1, 1, 1) + w * 7)
        return nil unless ny == y
        w = nw
      end
      jd = commercial_to_jd(y, w, d)
      return nil if jd < sg
      return nil unless [y, w, d] == jd_to_commercial(jd)
      jd
    end

    def valid_time?(h, min, s)
      h += 24 if h < 0
      min += 60 if min < 0
      s += 60 if s < 0
      return nil unless ((0...24) === h && (0...60) === min && (0...60) === s) ||
                        (h == 24 && min == 0 && s == 0)
      time_to_day_fraction(h, min, s)
    end

    # ---------------------------------------------------------- constructors

    alias new! new

    def civil(y = -4712, m = 1, d = 1, sg = ITALY)
      jd = valid_civil?(y, m, d, sg)
      raise ArgumentError, 'invalid date' unless jd
      new!(jd_to_ajd(jd, 0, 0), 0, sg)
    end
    alias new civil

    def jd(jd = 0, sg = ITALY)
      jd = valid_jd?(jd, sg)
      new!(jd_to_ajd(jd, 0, 0), 0, sg)
    end

    def ordinal(y = -4712, d = 1, sg = ITALY)
      jd = valid_ordinal?(y, d, sg)
      raise ArgumentError, 'invalid date' unless jd
      new!(jd_to_ajd(jd, 0, 0), 0, sg)
    end

    def commercial(y = 1582, w = 41, d = 5, sg = ITALY)
      jd = valid_commercial?(y, w, d, sg)
      raise ArgumentError, 'invalid date' unless jd
      new!(jd_to_ajd(jd, 0, 0), 0, sg)
    end

    def today(sg = ITALY)
      t = Time.now
      jd = civil_to_jd(t.year, t.mon, t.mday, ITALY)
      new!(jd_to_ajd(jd, 0, 0), 0, sg)
    end

    def parse(str = '-4712-01-01', comp = true, sg = ITALY)
      new_by_frags(_parse(str, comp), sg)
    end

    def strptime(str = '-4712-01-01', fmt = '%F', sg = ITALY)
      new_by_frags(_strptime(str, fmt), sg)
    end

    private

    def find_fdoy(y, sg)
      1.upto(31) { |d| j = valid_civil?(y, 1, d, sg); return j if j }
      nil
    end

    def find_ldoy(y, sg)
      31.downto(1) { |d| j = valid_civil?(y, 12, d, sg); return j if j }
      nil
    end

    def find_ldom(y, m, sg)
      31.downto(1) { |d| j = civil_to_jd(y, m, d, sg); return j if [y, m, d] == jd_to_civil(j, sg) }
      nil
    end

    # Fills in the fields that a parse left out, from today.
    def complete_frags(elem)
      i = 0
      g = [[:time, [:hour, :min, :sec]],
           [nil, [:jd]],
           [:ordinal, [:year, :yday, :hour, :min, :sec]],
           [:civil, [:year, :mon, :mday, :hour, :min, :sec]],
           [:commercial, [:cwyear, :cweek, :cwday, :hour, :min, :sec]],
           [:wday, [:wday, :hour, :min, :sec]],
           [:wnum0, [:year, :wnum0, :wday, :hour, :min, :sec]],
           [:wnum1, [:year, :wnum1, :wday, :hour, :min, :sec]],
           [nil, [:cwyear, :cweek, :wday, :hour, :min, :sec]],
           [nil, [:year, :wnum0, :cwday, :hour, :min, :sec]],
           [nil, [:year, :wnum1, :cwday, :hour, :min, :sec]]].
        collect { |k, a| [k, a, elem.values_at(*a).compact] }.
        select { |k, a, e| e.size > 0 }.
        sort_by { |k, a, e| [e.size, i -= 1] }.last
      d = nil
      if g && g[0] && (g[1].size - g[2].size) != 0
        d ||= Date.today
        case g[0]
        when :time
          elem[:year] ||= d.year
          elem[:mon] ||= d.mon
          elem[:mday] ||= d.mday
        when :civil
          g[1].each { |e| break if elem[e]; elem[e] = d.__send__(e) }
          elem[:mon] ||= 1
          elem[:mday] ||= 1
        when :ordinal
          g[1].each { |e| break if elem[e]; elem[e] = d.__send__(e) }
          elem[:yday] ||= 1
        when :commercial
          g[1].each { |e| break if elem[e]; elem[e] = d.__send__(e) }
          elem[:cweek] ||= 1
          elem[:cwday] ||= 1
        when :wday
          elem[:jd] ||= (d - d.wday + elem[:wday]).jd
        when :wnum0
          g[1].each { |e| break if elem[e]; elem[e] = d.__send__(e == :wnum0 ? :__wnum0 : e) }
          elem[:wnum0] ||= 0
          elem[:wday] ||= 0
        when :wnum1
          g[1].each { |e| break if elem[e]; elem[e] = d.__send__(e == :wnum1 ? :__wnum1 : e) }
          elem[:wnum1] ||= 0
          elem[:wday] ||= 0
        end
      end
      if g && g[0] == :time && self <= DateTime
        d ||= Date.today
        elem[:jd] ||= d.jd
      end
      elem[:hour] ||= 0
      elem[:min] ||= 0
      elem[:sec] ||= 0
      elem[:sec] = [elem[:sec], 59].min
      elem
    end

    # :seconds (from %s or %Q) stands for the whole date and time.
    def rewrite_frags(elem)
      elem ||= {}
      if (seconds = elem[:seconds])
        offset = elem[:offset] || 0
        fr = Rational(seconds.kind_of?(Rational) ? seconds.numerator : seconds,
                      seconds.kind_of?(Rational) ? seconds.denominator : 1) + offset
        d, fr = fr.divmod(86400)
        h, fr = fr.divmod(3600)
        min, fr = fr.divmod(60)
        s, fr = fr.divmod(1)
        elem[:jd] = UNIX_EPOCH_IN_AJD.ceil + d
        elem[:hour] = h
        elem[:min] = min
        elem[:sec] = s
        elem[:sec_fraction] = fr
        elem.delete(:seconds)
        elem.delete(:offset) if offset == 0 && !elem[:zone]
      end
      elem
    end

    def valid_date_frags?(elem, sg)
      if (jd = elem[:jd])
        return valid_jd?(jd, sg)
      end
      if (y = elem[:year]) && (d = elem[:yday])
        jd = valid_ordinal?(y, d, sg)
        return jd if jd
      end
      if (y = elem[:year]) && (m = elem[:mon]) && (d = elem[:mday])
        jd = valid_civil?(y, m, d, sg)
        return jd if jd
      end
      if (y = elem[:cwyear]) && (w = elem[:cweek])
        d = elem[:cwday] || (elem[:wday] && (elem[:wday] == 0 ? 7 : elem[:wday]))
        if d
          jd = valid_commercial?(y, w, d, sg)
          return jd if jd
        end
      end
      [[:wnum0, 0], [:wnum1, 1]].each do |key, f|
        y, w = elem[:year], elem[key]
        next unless y && w
        d = elem[:wday] || (elem[:cwday] && elem[:cwday] % 7)
        next unless d
        jd = valid_weeknum?(y, w, d, f, sg)
        return jd if jd
      end
      nil
    end

    # The day of week number w (weeks starting on Sunday if f is 0, on
    # Monday if 1) of year y.
    def valid_weeknum?(y, w, d, f, sg)
      fdoy = find_fdoy(y, sg)
      return nil unless fdoy
      a = fdoy + 6
      jd = (a - ((a - f) + 1) % 7 - 7) + 7 * w + (d - f) % 7
      ny = jd_to_civil(jd, sg)[0]
      ny == y ? jd : nil
    end

    def valid_time_frags?(elem)
      valid_time?(elem[:hour], elem[:min], elem[:sec])
    end

    def new_by_frags(elem, sg)
      raise ArgumentError, 'invalid date' if elem.nil? || elem.key?(:leftover)
      elem = rewrite_frags(elem)
      elem = complete_frags(elem)
      jd = valid_date_frags?(elem, sg)
      raise ArgumentError, 'invalid date' unless jd
      new!(jd_to_ajd(jd, 0, 0), 0, sg)
    end
  end

  # The weeks of 1.8.7's %U and %W, for complete_frags.
  def __wnum0
    (yday + 6 - wday).div(7)
  end
  private :__wnum0

  def __wnum1
    (yday + 6 - (wday - 1) % 7).div(7)
  end
  private :__wnum1

  # ------------------------------------------------------------ instances

  def initialize(ajd = 0, of = 0, sg = ITALY)
    @ajd = ajd
    @of = of
    @sg = sg
    @__ca__ = {}
  end

  def ajd
    @ajd
  end

  def amjd
    self.class.ajd_to_amjd(@ajd)
  end

  def offset
    @of
  end
  private :offset

  def start
    @sg
  end

  def __jd_fr
    @__ca__[:jd_fr] ||= self.class.ajd_to_jd(@ajd, @of)
  end
  private :__jd_fr

  def jd
    __jd_fr[0]
  end

  def day_fraction
    __jd_fr[1]
  end

  def mjd
    self.class.jd_to_mjd(jd)
  end

  def ld
    self.class.jd_to_ld(jd)
  end

  def __civil
    @__ca__[:civil] ||= self.class.jd_to_civil(jd, @sg)
  end
  private :__civil

  def __ordinal
    @__ca__[:ordinal] ||= self.class.jd_to_ordinal(jd, @sg)
  end
  private :__ordinal

  def __commercial
    @__ca__[:commercial] ||= self.class.jd_to_commercial(jd, @sg)
  end
  private :__commercial

  def __time
    @__ca__[:time] ||= self.class.day_fraction_to_time(day_fraction)
  end
  private :__time

  def year; __civil[0]; end
  def mon; __civil[1]; end
  alias month mon
  def mday; __civil[2]; end
  alias day mday
  def yday; __ordinal[1]; end
  def cwyear; __commercial[0]; end
  def cweek; __commercial[1]; end
  def cwday; __commercial[2]; end
  def wday; self.class.jd_to_wday(jd); end

  def hour; __time[0]; end
  def min; __time[1]; end
  def sec; __time[2]; end
  def sec_fraction; __time[3]; end
  private :hour, :min, :sec, :sec_fraction

  def zone
    strftime('%:z')
  end
  private :zone

  def julian?
    jd < @sg
  end

  def gregorian?
    !julian?
  end

  def leap?
    julian? ? self.class.julian_leap?(year) : self.class.gregorian_leap?(year)
  end

  def new_start(sg = self.class::ITALY)
    self.class.new!(@ajd, @of, sg)
  end

  def italy; new_start(self.class::ITALY) end
  def england; new_start(self.class::ENGLAND) end
  def julian; new_start(self.class::JULIAN) end
  def gregorian; new_start(self.class::GREGORIAN) end

  def new_offset(of = 0)
    of = Rational(self.class.zone_to_diff(of) || 0, 86400) if of.kind_of?(String)
    self.class.new!(@ajd, of, @sg)
  end
  private :new_offset

  def +(n)
    raise TypeError, 'expected numeric' unless n.kind_of?(Numeric)
    self.class.new!(@ajd + n, @of, @sg)
  end

  def -(x)
    case x
    when Numeric then self + -x
    when Date then @ajd - x.ajd
    else raise TypeError, 'expected numeric or date'
    end
  end

  def >>(n)
    y, m = (year * 12 + (mon - 1) + n).divmod(12)
    m += 1
    d = mday
    until (jd2 = self.class.valid_civil?(y, m, d, @sg))
      d -= 1
      raise ArgumentError, 'invalid date' unless d > 0
    end
    self + (jd2 - jd)
  end

  def <<(n)
    self >> -n
  end

  def <=>(other)
    case other
    when Numeric then @ajd <=> other
    when Date then @ajd <=> other.ajd
    else nil
    end
  end

  def ==(other)
    return false unless other.kind_of?(Numeric) || other.kind_of?(Date)
    (self <=> other) == 0
  end

  def ===(other)
    case other
    when Numeric then jd == other
    when Date then jd == other.jd
    else false
    end
  end

  def next_day(n = 1)
    self + n
  end
  private :next_day

  def succ
    self + 1
  end
  alias next succ

  # Without a block, an Enumerator over the days, as in 1.8.7.
  def step(limit, by = 1)
    return to_enum(:step, limit, by) unless block_given?
    raise ArgumentError, "step can't be 0" if by == 0
    da = self
    if by > 0
      while da <= limit
        yield da
        da += by
      end
    else
      while da >= limit
        yield da
        da += by
      end
    end
    self
  end

  def upto(max, &block)
    return to_enum(:upto, max) unless block
    step(max, +1, &block)
  end

  def downto(min, &block)
    return to_enum(:downto, min) unless block
    step(min, -1, &block)
  end

  def eql?(other)
    other.kind_of?(Date) && self == other
  end

  def hash
    @ajd.hash
  end

  def inspect
    "#<#{self.class}: #{@ajd},#{@of},#{@sg}>"
  end

  def to_s
    strftime('%F')
  end

  def marshal_dump
    [@ajd, @of, @sg]
  end

  def marshal_load(a)
    @ajd, @of, @sg = a
    @__ca__ = {}
  end

  def to_time
    Time.local(year, mon, mday)
  end

  def to_date
    self
  end

  def to_datetime
    DateTime.new!(self.class.jd_to_ajd(jd, 0, 0), @of, @sg)
  end
  private :to_time, :to_date, :to_datetime
end

class DateTime < Date
  class << self
    def civil(y = -4712, m = 1, d = 1, h = 0, min = 0, s = 0, of = 0, sg = Date::ITALY)
      jd = valid_civil?(y, m, d, sg)
      fr = valid_time?(h, min, s)
      raise ArgumentError, 'invalid date' unless jd && fr
      __new_at(jd, fr, of, sg)
    end
    alias new civil

    def jd(jd = 0, h = 0, min = 0, s = 0, of = 0, sg = Date::ITALY)
      jd = valid_jd?(jd, sg)
      fr = valid_time?(h, min, s)
      raise ArgumentError, 'invalid date' unless jd && fr
      __new_at(jd, fr, of, sg)
    end

    def ordinal(y = -4712, d = 1, h = 0, min = 0, s = 0, of = 0, sg = Date::ITALY)
      jd = valid_ordinal?(y, d, sg)
      fr = valid_time?(h, min, s)
      raise ArgumentError, 'invalid date' unless jd && fr
      __new_at(jd, fr, of, sg)
    end

    def commercial(y = 1582, w = 41, d = 5, h = 0, min = 0, s = 0, of = 0, sg = Date::ITALY)
      jd = valid_commercial?(y, w, d, sg)
      fr = valid_time?(h, min, s)
      raise ArgumentError, 'invalid date' unless jd && fr
      __new_at(jd, fr, of, sg)
    end

    def now(sg = Date::ITALY)
      t = Time.now
      jd = civil_to_jd(t.year, t.mon, t.mday, Date::ITALY)
      fr = time_to_day_fraction(t.hour, t.min, [t.sec, 59].min) + Rational(t.usec, 86400000000)
      of = Rational(t.utc_offset, 86400)
      new!(jd_to_ajd(jd, fr, of), of, sg)
    end

    def parse(str = '-4712-01-01T00:00:00+00:00', comp = true, sg = Date::ITALY)
      new_by_frags(_parse(str, comp), sg)
    end

    def strptime(str = '-4712-01-01T00:00:00+00:00', fmt = '%FT%T%z', sg = Date::ITALY)
      new_by_frags(_strptime(str, fmt), sg)
    end

    private

    def __new_at(jd, fr, of, sg)
      of = Rational(zone_to_diff(of) || 0, 86400) if of.kind_of?(String)
      new!(jd_to_ajd(jd, fr, of), of, sg)
    end

    def new_by_frags(elem, sg)
      raise ArgumentError, 'invalid date' if elem.nil? || elem.key?(:leftover)
      elem = rewrite_frags(elem)
      elem = complete_frags(elem)
      jd = valid_date_frags?(elem, sg)
      fr = valid_time_frags?(elem)
      raise ArgumentError, 'invalid date' unless jd && fr
      fr += (elem[:sec_fraction] || 0) / 86400
      of = Rational(elem[:offset] || 0, 86400)
      new!(jd_to_ajd(jd, fr, of), of, sg)
    end
  end

  public :hour, :min, :sec, :sec_fraction, :zone, :offset, :new_offset
  alias minute min
  alias second sec
  alias second_fraction sec_fraction

  def to_s
    strftime('%Y-%m-%dT%H:%M:%S%:z')
  end

  def to_time
    d = new_offset(0)
    usec = (d.sec_fraction * 86400000000).to_i
    Time.utc(d.year, d.mon, d.mday, d.hour, d.min, d.sec, usec).getlocal
  end

  def to_date
    Date.new!(self.class.jd_to_ajd(jd, 0, 0), 0, @sg)
  end

  def to_datetime
    self
  end
  private :to_time, :to_date, :to_datetime
end

class Time
  def to_time
    getlocal
  end

  def to_date
    jd = Date.civil_to_jd(year, mon, mday, Date::ITALY)
    Date.new!(Date.jd_to_ajd(jd, 0, 0), 0, Date::ITALY)
  end

  def to_datetime
    jd = DateTime.civil_to_jd(year, mon, mday, DateTime::ITALY)
    fr = DateTime.time_to_day_fraction(hour, min, [sec, 59].min) + Rational(usec, 86400000000)
    of = Rational(utc_offset, 86400)
    DateTime.new!(DateTime.jd_to_ajd(jd, fr, of), of, DateTime::ITALY)
  end
  private :to_date, :to_datetime
end
