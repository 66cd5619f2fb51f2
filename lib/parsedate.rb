# parsedate.rb: ParseDate, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's parsedate.rb:
#   ParseDate.parsedate(str, comp = false) (also as a method of objects
#   that include ParseDate) answers the 8-element array [year, mon, mday,
#   hour, min, sec, zone, wday] of what Date._parse (date/format.rb) found
#   in str, nil for what it did not; with comp true a two-digit year is
#   completed (69..99 to 19xx, 00..68 to 20xx).
# Left out: nothing.

require 'date/format'

module ParseDate
  def parsedate(str, comp = false)
    Date._parse(str, comp).values_at(:year, :mon, :mday, :hour, :min, :sec, :zone, :wday)
  end
  module_function :parsedate
end
