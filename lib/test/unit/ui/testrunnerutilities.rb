# test/unit/ui/testrunnerutilities.rb: the output levels of Ruby 1.8.7's
# Test::Unit::UI (SILENT, PROGRESS_ONLY, NORMAL, VERBOSE) and
# Test::Unit::UI::TestRunnerUtilities, for miniruby: a runner class that
# extends it gets run(suite, output_level = NORMAL) and
# start_command_line_test (runs the suite named by ARGV[0], exits 0 or 1).
# Left out: nothing.

module Test
  module Unit
    module UI
      SILENT = 0
      PROGRESS_ONLY = 1
      NORMAL = 2
      VERBOSE = 3

      module TestRunnerUtilities
        def run(suite, output_level = NORMAL)
          new(suite, output_level).start
        end

        def start_command_line_test
          if ARGV.empty?
            puts "You should supply the name of a test suite file to the runner"
            exit
          end
          require ARGV[0].gsub(/.+::/, '')
          suite = eval(ARGV[0])
          exit new(suite).start.passed? ? 0 : 1
        end
      end
    end
  end
end
