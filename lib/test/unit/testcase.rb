# test/unit/testcase.rb: Test::Unit::TestCase, for miniruby after Ruby
# 1.8.7's API: subclass it and define test* methods (each run on a fresh
# instance, between setup and teardown, in alphabetical order of name);
# TestCase.suite (a class without tests gets default_test, which fails
# "No tests were specified."), new(method_name) (throws :invalid_test for a
# method that is not there or takes arguments), run(result) { |channel,
# name| }, method_name, name ("test_foo(FooTest)"), size, passed?, to_s,
# ==, STARTED/FINISHED, and the assertions of Test::Unit::Assertions.  A
# failed assertion is a failure; any other exception is an error, except
# NoMemoryError, SignalException, Interrupt and SystemExit, which pass
# through as in 1.8.7.  Left out: nothing.

require 'test/unit/assertions'
require 'test/unit/failure'
require 'test/unit/error'
require 'test/unit/testsuite'
require 'test/unit/util/backtracefilter'

module Test
  module Unit
    class TestCase
      include Assertions
      include Util::BacktraceFilter

      attr_reader :method_name

      STARTED = name + "::STARTED"
      FINISHED = name + "::FINISHED"

      PASSTHROUGH_EXCEPTIONS = [NoMemoryError, SignalException, Interrupt, SystemExit]

      def initialize(test_method_name)
        test_method_name = test_method_name.to_s
        unless respond_to?(test_method_name) &&
            [0, -1].include?(method(test_method_name).arity)
          throw :invalid_test
        end
        @method_name = test_method_name
        @test_passed = true
      end

      def self.suite
        method_names = public_instance_methods(true).collect { |m| m.to_s }
        tests = method_names.select { |m| m =~ /^test./ }
        suite = TestSuite.new(name)
        tests.sort.each do |test|
          catch(:invalid_test) { suite << new(test) }
        end
        if suite.empty?
          catch(:invalid_test) { suite << new("default_test") }
        end
        suite
      end

      def run(result)
        yield(STARTED, name)
        @_result = result
        begin
          setup
          __send__(@method_name)
        rescue AssertionFailedError => e
          add_failure(e.message, e.backtrace)
        rescue Exception
          raise if PASSTHROUGH_EXCEPTIONS.include?($!.class)
          add_error($!)
        ensure
          begin
            teardown
          rescue AssertionFailedError => e
            add_failure(e.message, e.backtrace)
          rescue Exception
            raise if PASSTHROUGH_EXCEPTIONS.include?($!.class)
            add_error($!)
          end
        end
        result.add_run
        yield(FINISHED, name)
      end

      def setup
      end

      def teardown
      end

      def default_test
        flunk("No tests were specified")
      end

      def passed?
        @test_passed
      end

      def size
        1
      end

      def add_assertion
        @_result.add_assertion
      end
      private :add_assertion

      def name
        "#{@method_name}(#{self.class.name})"
      end

      def to_s
        name
      end

      def ==(other)
        return false unless other.kind_of?(self.class)
        return false unless @method_name == other.method_name
        self.class == other.class
      end

      private

      def add_failure(message, all_locations = caller)
        @test_passed = false
        @_result.add_failure(Failure.new(name, filter_backtrace(all_locations), message))
      end

      def add_error(exception)
        @test_passed = false
        @_result.add_error(Error.new(name, exception))
      end
    end
  end
end
