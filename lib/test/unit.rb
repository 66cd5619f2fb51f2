# test/unit.rb: Test::Unit, Ruby 1.8.7's unit testing framework, for
# miniruby.  `require 'test/unit'`, subclass Test::Unit::TestCase, define
# test* methods: when the script ends (without an uncaught exception) the
# tests of every TestCase subclass run through Test::Unit::AutoRunner and
# the console runner, and the exit status is 0 if all passed, 1 otherwise,
# as in 1.8.7.  Test::Unit.run = true (or running a suite yourself with
# Test::Unit::UI::Console::TestRunner.run) turns that off.
# What the parts cover and leave out is said in test/unit/*.rb.  Left out
# here: nothing (the GUI runners and testrb's directory collector are not
# there: see test/unit/autorunner.rb).

require 'test/unit/testcase'
require 'test/unit/autorunner'

module Test
  module Unit
    @run = false

    def self.run=(flag)
      @run = flag
    end

    def self.run?
      @run
    end
  end
end

at_exit do
  unless $! || Test::Unit.run?
    exit Test::Unit::AutoRunner.run
  end
end
