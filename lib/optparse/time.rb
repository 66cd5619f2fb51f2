# optparse/time.rb: the Time argument type for OptionParser, for
# miniruby, after 1.8.7's optparse/time.rb: an option declared with Time
# gets its argument read as an HTTP date (Time.httpdate) or else by
# Time.parse; text that is neither raises OptionParser::InvalidArgument.
# Left out: nothing.
require 'optparse'
require 'time'

OptionParser.accept(Time) do |s, *|
  next unless s
  begin
    Time.httpdate(s)
  rescue ArgumentError
    begin
      Time.parse(s)
    rescue ArgumentError
      raise OptionParser::InvalidArgument, s
    end
  end
end
