# optparse/date.rb: the Date and DateTime argument types for
# OptionParser, for miniruby, after 1.8.7's optparse/date.rb: the
# argument is read by Date.parse or DateTime.parse; a bad date raises
# OptionParser::InvalidArgument.
# Left out: nothing.
require 'optparse'
require 'date'

[Date, DateTime].each do |klass|
  OptionParser.accept(klass) do |s, *|
    begin
      klass.parse(s) if s
    rescue ArgumentError
      raise OptionParser::InvalidArgument, s
    end
  end
end
