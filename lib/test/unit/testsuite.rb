# test/unit/testsuite.rb: Test::Unit::TestSuite, for miniruby after Ruby
# 1.8.7's API: new(name = "Unnamed TestSuite"), name, tests, <<, delete,
# size (the number of test cases in it and its sub-suites), empty?, run
# (result) { |channel, name| } (yields STARTED and FINISHED around its
# tests), to_s and ==.  Left out: nothing.

module Test
  module Unit
    class TestSuite
      attr_reader :name, :tests

      STARTED = name + "::STARTED"
      FINISHED = name + "::FINISHED"

      def initialize(name = "Unnamed TestSuite")
        @name = name
        @tests = []
      end

      def run(result, &progress_block)
        yield(STARTED, name)
        @tests.each { |test| test.run(result, &progress_block) }
        yield(FINISHED, name)
      end

      def <<(test)
        @tests << test
        self
      end

      def delete(test)
        @tests.delete(test)
      end

      def size
        total = 0
        @tests.each { |test| total += test.size }
        total
      end

      def empty?
        tests.empty?
      end

      def to_s
        @name
      end

      def ==(other)
        return false unless other.kind_of?(self.class)
        return false unless @name == other.name
        @tests == other.tests
      end
    end
  end
end
