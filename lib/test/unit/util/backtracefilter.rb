# test/unit/util/backtracefilter.rb: Test::Unit::Util::BacktraceFilter, for
# miniruby after Ruby 1.8.7's API: filter_backtrace(backtrace, prefix = nil)
# drops the frames of test/unit itself (test/unit.rb and test/unit/*), and
# the frames below the last of them (the runner and the at_exit hook), so a
# report shows the test's own lines.  A backtrace that would come out empty
# is kept whole; nil gives ["No backtrace"].  Left out: nothing.

module Test
  module Unit
    module Util
      module BacktraceFilter
        TESTUNIT_FILE_SEPARATORS = %r{[\\/:]}
        TESTUNIT_PREFIX = __FILE__.split(TESTUNIT_FILE_SEPARATORS)[0..-3]
        TESTUNIT_RB_FILE = /\.rb\Z/

        def filter_backtrace(backtrace, prefix = nil)
          return ["No backtrace"] unless backtrace
          split_p = prefix ? prefix.split(TESTUNIT_FILE_SEPARATORS) : TESTUNIT_PREFIX
          match = lambda do |e|
            split_e = e.split(TESTUNIT_FILE_SEPARATORS)[0, split_p.size]
            split_e[0..-2] == split_p[0..-2] &&
              split_e[-1].to_s.sub(TESTUNIT_RB_FILE, '') == split_p[-1]
          end
          return backtrace unless backtrace.detect(&match)
          # keep what lies above the innermost runner frame ...
          found = false
          kept = backtrace.reverse.reject do |e|
            if match.call(e)
              found = true
            else
              !found
            end
          end.reverse
          kept = backtrace if kept.empty?
          # ... less the test/unit frames among them
          kept = kept.reject(&match)
          kept.empty? ? backtrace : kept
        end
        module_function :filter_backtrace
      end
    end
  end
end
