# test/unit/assertionfailederror.rb: Test::Unit::AssertionFailedError, for
# miniruby after Ruby 1.8.7's API: the exception a failed assertion raises
# (a StandardError, so a bare rescue in the code under test can catch it,
# as in 1.8.7).  Left out: nothing.

module Test
  module Unit
    class AssertionFailedError < StandardError
    end
  end
end
