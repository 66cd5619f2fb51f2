# test/unit/autorunner.rb: Test::Unit::AutoRunner, for miniruby after Ruby
# 1.8.7's API: AutoRunner.run(force_standalone = false, default_dir = nil,
# argv = ARGV) collects every TestCase subclass (in a suite named after $0,
# less ".rb"), runs it with the console runner and returns true when all
# passed.  Its command line, parsed from argv as 1.8.7's OptionParser did:
#   -n, --name=NAME          only tests named NAME (/regexp/ for a pattern)
#   -t, --testcase=TESTCASE  only tests of TestCases named TESTCASE (or /re/)
#   -v, --verbose[=LEVEL]    output level: silent, progress, normal, verbose
#                            (a prefix is enough; -v alone is verbose)
#   -r, --runner=RUNNER      console (the only runner there is)
#   -I, --load-path=DIR[:DIR...]  prepended to $LOAD_PATH
#   -h, --help               the usage text, then exit
#   --                       stop processing options
# -n and -t may be given several times: a test runs when any of them
# matches.  Other arguments are left in to_run.  A bad option prints
# "invalid option: -x" (or "missing argument: -n", "invalid argument: ...")
# and the usage, and aborts with status 1.
# Left out: the GUI runners (gtk, gtk2, fox, tk) and the directory
# collector of testrb (-b, -w, -a, -p, -x): tests are always collected
# from the classes defined.

require 'test/unit'
require 'test/unit/ui/testrunnerutilities'

module Test
  module Unit
    class AutoRunner
      def self.run(force_standalone = false, default_dir = nil, argv = ARGV, &block)
        r = new(force_standalone || standalone?, &block)
        r.base = default_dir
        r.process_args(argv)
        r.run
      end

      def self.standalone?
        return false unless $0 == "-e"
        ::ObjectSpace.each_object(Class) { |klass| return false if klass < TestCase }
        true
      end

      RUNNERS = {
        :console => proc do |r|
          require 'test/unit/ui/console/testrunner'
          Test::Unit::UI::Console::TestRunner
        end
      }

      OUTPUT_LEVELS = [
        [:silent, UI::SILENT],
        [:progress, UI::PROGRESS_ONLY],
        [:normal, UI::NORMAL],
        [:verbose, UI::VERBOSE]
      ]

      COLLECTORS = {
        :objectspace => proc do |r|
          require 'test/unit/collector/objectspace'
          c = Collector::ObjectSpace.new
          c.filter = r.filters
          c.collect($0.sub(/\.rb\Z/, ''))
        end
      }

      # The errors of the command line, as OptionParser names them.
      class OptionError < StandardError
      end

      attr_reader :suite
      attr_accessor :output_level, :filters, :to_run, :pattern, :exclude, :base, :workdir
      attr_writer :runner, :collector

      def initialize(standalone)
        Unit.run = true
        @standalone = standalone
        @runner = RUNNERS[:console]
        @collector = COLLECTORS[:objectspace]
        @filters = []
        @to_run = []
        @output_level = UI::NORMAL
        @workdir = nil
        yield(self) if block_given?
      end

      def process_args(args = ARGV)
        begin
          parse_options(args)
        rescue OptionError => e
          puts e.message
          puts options
          $! = nil
          abort
        else
          @filters << proc { false } unless @filters.empty?
        end
        !@to_run.empty?
      end

      # The usage text.
      def options
        [
          "Test::Unit automatic runner.",
          "Usage: #{$0} [options] [-- untouched arguments]",
          "",
          "    -r, --runner=RUNNER              Use the given RUNNER.",
          "                                     (c[onsole])",
          "    -n, --name=NAME                  Runs tests matching NAME.",
          "                                     (patterns may be used).",
          "    -t, --testcase=TESTCASE          Runs tests in TestCases matching TESTCASE.",
          "                                     (patterns may be used).",
          "    -I, --load-path=DIR[#{File::PATH_SEPARATOR}DIR...]     Appends directory list to $LOAD_PATH.",
          "    -v, --verbose=[LEVEL]            Set the output level (default is verbose).",
          "                                     (s[ilent], p[rogress], n[ormal], v[erbose])",
          "        --                           Stop processing options so that the",
          "                                     remaining options will be passed to the",
          "                                     test.",
          "    -h, --help                       Display this help.",
          "",
          "Deprecated options:",
          "        --console                    Console runner (use --runner)."
        ].join("\n")
      end

      def keyword_display(array)
        array.collect { |k, v| k.to_s.sub(/^(.)(.+)$/, '\\1[\\2]') }.join(", ")
      end

      def run
        @suite = @collector[self]
        result = @runner[self] or return false
        Dir.chdir(@workdir) if @workdir
        result.run(@suite, @output_level).passed?
      end

      private

      LONG = {
        "runner" => "-r", "name" => "-n", "testcase" => "-t",
        "load-path" => "-I", "verbose" => "-v", "help" => "-h"
      }
      TAKES_ARGUMENT = %w(-r -n -t -I)

      def parse_options(args)
        rest = []
        until args.empty?
          arg = args.shift
          if arg == "--"
            rest.concat(args)
            args.clear
          elsif arg =~ /\A--([^=]+)(?:=(.*))?\z/m
            long_option($1, $2, args)
          elsif arg =~ /\A-(.)(.*)\z/m
            short_option($1, $2, arg, args)
          else
            rest << arg
          end
        end
        @to_run.concat(rest)
        args.concat(rest)
      end

      def long_option(name, value, args)
        if name == "console"
          raise OptionError, "needless argument: --#{name}=#{value}" if value
          @runner = RUNNERS[:console]
          return
        end
        candidates = LONG.keys.select { |k| k[0, name.size] == name }
        candidates = [name] if LONG[name]
        raise OptionError, "ambiguous option: --#{name}" if candidates.size > 1
        raise OptionError, "invalid option: --#{name}" if candidates.empty?
        switch = LONG[candidates[0]]
        if TAKES_ARGUMENT.include?(switch) && value.nil?
          raise OptionError, "missing argument: --#{candidates[0]}" if args.empty?
          value = args.shift
        end
        if switch == "-h" && value
          raise OptionError, "needless argument: --#{candidates[0]}=#{value}"
        end
        apply(switch, value, "--#{candidates[0]}")
      end

      def short_option(letter, attached, arg, args)
        switch = "-#{letter}"
        unless LONG.values.include?(switch)
          raise OptionError, "invalid option: #{arg}"
        end
        value = attached.empty? ? nil : attached
        if TAKES_ARGUMENT.include?(switch) && value.nil?
          raise OptionError, "missing argument: #{switch}" if args.empty?
          value = args.shift
        end
        if switch == "-h" && value
          # like OptionParser, the rest are more short switches
          apply(switch, nil, switch)
        end
        apply(switch, value, switch)
      end

      def apply(switch, value, shown)
        case switch
        when "-r"
          key = RUNNERS.keys.find { |k| k.to_s[0, value.size] == value } unless value.empty?
          raise OptionError, "invalid argument: #{shown} #{value}" unless key
          @runner = RUNNERS[key]
        when "-n"
          add_filter(value) { |t| t.method_name }
        when "-t"
          add_filter(value) { |t| t.class.name }
        when "-I"
          $LOAD_PATH.unshift(*value.split(File::PATH_SEPARATOR))
        when "-v"
          @output_level = value ? level_named(value, shown) : UI::VERBOSE
        when "-h"
          puts options
          exit
        end
      end

      def level_named(value, shown)
        found = OUTPUT_LEVELS.find { |name, level| !value.empty? && name.to_s[0, value.size] == value }
        raise OptionError, "invalid argument: #{shown} #{value}" unless found
        found[1]
      end

      def add_filter(value, &field)
        if value =~ %r{\A/(.*)/\Z}m
          re = Regexp.new($1)
          @filters << proc { |t| re =~ field.call(t) ? true : nil }
        else
          @filters << proc { |t| value == field.call(t) ? true : nil }
        end
      end
    end
  end
end
