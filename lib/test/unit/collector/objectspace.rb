# test/unit/collector/objectspace.rb: Test::Unit::Collector::ObjectSpace,
# for miniruby after Ruby 1.8.7's API: new(source = ::ObjectSpace).collect
# (name) gathers the suite of every TestCase subclass that exists, filtered
# and sorted by name, into one TestSuite.  Left out: nothing.

require 'test/unit/collector'
require 'test/unit/testcase'

module Test
  module Unit
    module Collector
      class ObjectSpace
        include Collector

        NAME = 'collected from the ObjectSpace'

        def initialize(source = ::ObjectSpace)
          super()
          @source = source
        end

        def collect(name = NAME)
          suite = TestSuite.new(name)
          sub_suites = []
          @source.each_object(Class) do |klass|
            add_suite(sub_suites, klass.suite) if Test::Unit::TestCase > klass
          end
          sort(sub_suites).each { |s| suite << s }
          suite
        end
      end
    end
  end
end
