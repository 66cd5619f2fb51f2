# test/unit/collector.rb: Test::Unit::Collector, for miniruby after Ruby
# 1.8.7's API: the filtering that collectors share.  filter = a proc or an
# array of procs, each called with a test and answering true (keep), false
# (drop) or nil (no opinion: ask the next); add_suite keeps a suite only if
# tests remain in it; sort orders suites by name.  Left out: nothing.

module Test
  module Unit
    module Collector
      def initialize
        @filters = []
      end

      def filter=(filters)
        @filters = case filters
                   when Proc then [filters]
                   when Array then filters
                   end
      end

      def add_suite(destination, suite)
        suite.tests.find_all { |t| !include?(t) }.each { |t| suite.delete(t) }
        destination << suite unless suite.size == 0
      end

      def include?(test)
        return true if @filters.empty?
        @filters.each do |filter|
          result = filter[test]
          next if result.nil?
          return result ? true : false
        end
        true
      end

      def sort(suites)
        suites.sort_by { |s| s.name }
      end
    end
  end
end
