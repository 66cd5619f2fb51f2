# yaml/error.rb: the exception classes of YAML, for miniruby.
#
# Written for miniruby after Ruby 1.8.7's yaml/error.rb: YAML::Error
# (< StandardError), YAML::ParseError (< YAML::Error) and YAML::TypeError
# (< StandardError), raised by type constructors for values of the wrong
# kind ("Invalid Range: ...").  As in 1.8.7, a syntax error in the YAML
# text itself raises ArgumentError ("syntax error on line 3, col 2:
# `...'"), not YAML::ParseError.
# Left out: the ERROR_* message constants of 1.8.7, which Syck used.

module YAML
  class Error < StandardError; end
  class ParseError < Error; end
  class TypeError < StandardError; end
end
