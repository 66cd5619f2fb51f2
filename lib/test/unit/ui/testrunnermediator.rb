# test/unit/ui/testrunnermediator.rb: Test::Unit::UI::TestRunnerMediator,
# for miniruby after Ruby 1.8.7's API: new(suite).run_suite runs the suite
# into a new TestResult and tells its listeners (RESET with the number of
# tests, STARTED with the result, every TestResult::CHANGED and FAULT, the
# suites' and cases' STARTED/FINISHED, and FINISHED with the elapsed
# seconds); it also marks Test::Unit as run, so the at_exit runner does not
# run the tests a second time.  Left out: nothing.

require 'test/unit'
require 'test/unit/testresult'
require 'test/unit/util/observable'

module Test
  module Unit
    module UI
      class TestRunnerMediator
        RESET = name + "::RESET"
        STARTED = name + "::STARTED"
        FINISHED = name + "::FINISHED"

        include Util::Observable

        def initialize(suite)
          @suite = suite
        end

        def run_suite
          Unit.run = true
          begin_time = Time.now
          notify_listeners(RESET, @suite.size)
          result = create_result
          notify_listeners(STARTED, result)
          changed = result.add_listener(TestResult::CHANGED) { |r| notify_listeners(TestResult::CHANGED, r) }
          fault = result.add_listener(TestResult::FAULT) { |f| notify_listeners(TestResult::FAULT, f) }
          @suite.run(result) { |channel, value| notify_listeners(channel, value) }
          result.remove_listener(TestResult::FAULT, fault)
          result.remove_listener(TestResult::CHANGED, changed)
          notify_listeners(FINISHED, Time.now - begin_time)
          result
        end

        private

        def create_result
          TestResult.new
        end
      end
    end
  end
end
