# test/unit/error.rb: Test::Unit::Error, for miniruby after Ruby 1.8.7's
# API: an exception raised by a test (not a failed assertion): test_name,
# exception, message ("Class: message"), single_character_display "E",
# short_display, long_display ("Error:\nNAME:\nClass: message\n    frames",
# the test/unit frames filtered out) and to_s.  Left out: nothing.

require 'test/unit/util/backtracefilter'

module Test
  module Unit
    class Error
      include Util::BacktraceFilter

      attr_reader :test_name, :exception

      SINGLE_CHARACTER = 'E'

      def initialize(test_name, exception)
        @test_name = test_name
        @exception = exception
      end

      def single_character_display
        SINGLE_CHARACTER
      end

      def message
        "#{@exception.class.name}: #{@exception.message}"
      end

      def short_display
        "#@test_name: #{message.split("\n")[0]}"
      end

      def long_display
        backtrace = filter_backtrace(@exception.backtrace).join("\n    ")
        "Error:\n#@test_name:\n#{message}\n    #{backtrace}"
      end

      def to_s
        long_display
      end
    end
  end
end
