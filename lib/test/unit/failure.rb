# test/unit/failure.rb: Test::Unit::Failure, for miniruby after Ruby
# 1.8.7's API: a failed assertion's test name, location (a filtered
# backtrace) and message; single_character_display "F", short_display,
# long_display ("Failure:\nNAME [file:line]:\nmessage", the location on
# lines of its own when it has several frames) and to_s.  Left out: nothing.

module Test
  module Unit
    class Failure
      attr_reader :test_name, :location, :message

      SINGLE_CHARACTER = 'F'

      def initialize(test_name, location, message)
        @test_name = test_name
        @location = location
        @message = message
      end

      def single_character_display
        SINGLE_CHARACTER
      end

      def short_display
        "#@test_name: #{@message.split("\n")[0]}"
      end

      def long_display
        where = if @location.size == 1
                  @location[0].sub(/\A(.+:\d+).*/, ' [\\1]')
                else
                  "\n    [#{@location.join("\n     ")}]"
                end
        "Failure:\n#@test_name#{where}:\n#@message"
      end

      def to_s
        long_display
      end
    end
  end
end
