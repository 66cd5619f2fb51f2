# optparse/uri.rb: the URI argument type for OptionParser, for miniruby,
# after 1.8.7's optparse/uri.rb: the argument is read by URI.parse (so a
# bad one raises URI::InvalidURIError, as in 1.8.7).
# Left out: nothing.
require 'optparse'
require 'uri'

OptionParser.accept(URI) { |s, *| URI.parse(s) if s }
