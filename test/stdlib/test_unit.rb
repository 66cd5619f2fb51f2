# test_unit.rb: lib/test/unit (Test::Unit of 1.8.7): every assertion's pass
# and failure message, assertion counts, setup/teardown, the order of
# tests, failures against errors, suites, the console runner's output at
# each level, the AutoRunner's options, and the backtrace filter.  The
# at-exit runner is turned off here (Test::Unit.run = true); the driver
# unit/sample_suite_test.py runs whole scripts through it.
require 'assert'
require 'test/unit'
require 'test/unit/testresult'
require 'test/unit/ui/console/testrunner'
require 'test/unit/collector/objectspace'
require 'stringio'
Test::Unit.run = true

# Runs a suite (or a TestCase class) into a new result; returns it and the
# faults in the order they came.
def run_suite(suite)
  suite = suite.suite if suite.respond_to?(:suite)
  result = Test::Unit::TestResult.new
  faults = []
  result.add_listener(Test::Unit::TestResult::FAULT) { |f| faults << f }
  suite.run(result) { |channel, name| }
  [result, faults]
end

class Probe < Test::Unit::TestCase
  @@body = nil
  def self.body=(b)
    @@body = b
  end

  def test_probe
    instance_eval(&@@body)
  end
end

# The faults of one test whose body is the block.
def faults_of(&body)
  Probe.body = body
  run_suite(Probe)[1]
end

# The failure message of the block, which must fail.
def message_of(&body)
  faults = faults_of(&body)
  return "no fault" if faults.empty?
  return "error: #{faults[0].message}" unless faults[0].kind_of?(Test::Unit::Failure)
  faults[0].message
end

def passes(&body)
  faults_of(&body).empty?
end

test "assert and assert_block" do
  assert_true passes { assert true; assert 1; assert_block { true } }
  assert_equal "<false> is not true.", message_of { assert false }
  assert_equal "<nil> is not true.", message_of { assert nil }
  assert_equal "Hello.\n<false> is not true.", message_of { assert false, "Hello" }
  assert_equal "Done.\n<false> is not true.", message_of { assert false, "Done." }
  assert_equal "assert should not be called with a block.", message_of { assert(true) { true } }
  assert_equal "assert_block failed.", message_of { assert_block { false } }
  assert_equal "mine", message_of { assert_block("mine") { nil } }
end

test "assert_equal and assert_not_equal" do
  assert_true passes { assert_equal 1, 1; assert_equal "a", "a"; assert_equal [1, [2]], [1, [2]] }
  assert_equal "<1> expected but was\n<2>.", message_of { assert_equal 1, 2 }
  assert_equal "<\"a\"> expected but was\n<\"b\">.", message_of { assert_equal "a", "b" }
  assert_equal "numbers.\n<1> expected but was\n<2>.", message_of { assert_equal 1, 2, "numbers" }
  assert_equal "<[1, {:a=>2}]> expected but was\n<nil>.", message_of { assert_equal [1, {:a => 2}], nil }
  assert_equal "<1> expected but was\n<1.0>.", message_of { assert_equal 1, 1.0 } if 1 != 1.0
  assert_true passes { assert_equal 1, 1.0 }         # == , not eql?
  assert_true passes { assert_not_equal 1, 2 }
  assert_equal "<1> expected to be != to\n<1>.", message_of { assert_not_equal 1, 1 }
  assert_equal "no.\n<:a> expected to be != to\n<:a>.", message_of { assert_not_equal :a, :a, "no" }
end

test "assert_nil and assert_not_nil" do
  assert_true passes { assert_nil nil; assert_not_nil false }
  assert_equal "<nil> expected but was\n<3>.", message_of { assert_nil 3 }
  assert_equal "x.\n<nil> expected but was\n<\"s\">.", message_of { assert_nil "s", "x" }
  assert_equal "<nil> expected to not be nil.", message_of { assert_not_nil nil }
end

test "assert_same and assert_not_same" do
  s = "str"
  assert_true passes { assert_same s, s; assert_same :a, :a; assert_not_same "a", "a" }
  t = "str"
  assert_equal "<\"str\">\nwith id <#{s.__id__}> expected to be equal? to\n<\"str\">\nwith id <#{t.__id__}>.",
               message_of { assert_same s, t }
  assert_equal "<\"str\">\nwith id <#{s.__id__}> expected to not be equal? to\n<\"str\">\nwith id <#{s.__id__}>.",
               message_of { assert_not_same s, s }
end

test "assert_match and assert_no_match" do
  assert_true passes { assert_match(/b/, "abc"); assert_match("a.c", "xa.cx"); assert_no_match(/z/, "abc") }
  assert_equal "<\"abc\"> expected to be =~\n</z/>.", message_of { assert_match(/z/, "abc") }
  # a String pattern is taken literally
  assert_equal "<\"abc\"> expected to be =~\n</a\\.c/>.", message_of { assert_match("a.c", "abc") }
  assert_equal "</b/> expected to not match\n<\"abc\">.", message_of { assert_no_match(/b/, "abc") }
  assert_equal "The first argument to assert_no_match should be a Regexp.\n<\"b\"> expected to be an instance of\n<Regexp> but was\n<String>.",
               message_of { assert_no_match("b", "abc") }
end

test "assert_raise and assert_raises" do
  assert_true passes { assert_raise(RuntimeError) { raise "x" } }
  assert_true passes { assert_raises(ArgumentError, TypeError) { raise TypeError } }
  assert_true passes { assert_raise(Comparable) { raise Class.new(StandardError) { include Comparable } } }
  e = nil
  assert_true passes { e = assert_raise(ZeroDivisionError) { 1 / 0 } }
  assert_kind_of ZeroDivisionError, e                        # returns the exception
  assert_equal "<RuntimeError> exception expected but none was thrown.",
               message_of { assert_raise(RuntimeError) { 1 } }
  assert_equal "wanted.\n<RuntimeError> exception expected but none was thrown.",
               message_of { assert_raise(RuntimeError, "wanted") { 1 } }
  assert_equal "<[ArgumentError, TypeError]> exception expected but none was thrown.",
               message_of { assert_raise(ArgumentError, TypeError) { } }
  # the class must be the exact one: a subclass is not enough
  m = message_of { assert_raise(StandardError) { raise ArgumentError, "sub" } }
  assert_match(/\A<StandardError> exception expected but was\nClass: <ArgumentError>\nMessage: <"sub">\n---Backtrace---\n.*test_unit\.rb:\d+/m, m)
  assert_match(/\n---------------\z/, m)
  assert_equal "Should expect a class of exception, String.\n<nil> is not true.",
               message_of { assert_raise(String) { } }
end

test "assert_nothing_raised" do
  assert_true passes { assert_nothing_raised { 1 } }
  assert_true passes { assert_nothing_raised(ArgumentError) { 1 } }
  m = message_of { assert_nothing_raised { raise "oops" } }
  assert_match(/\AException raised:\nClass: <RuntimeError>\nMessage: <"oops">\n---Backtrace---\n/, m)
  m = message_of { assert_nothing_raised("note") { raise ArgumentError, "a" } }
  assert_match(/\Anote\.\nException raised:\nClass: <ArgumentError>/, m)
  # an exception of another class than those named passes through: an error
  faults = faults_of { assert_nothing_raised(ArgumentError) { raise TypeError, "t" } }
  assert_kind_of Test::Unit::Error, faults[0]
  assert_equal "TypeError: t", faults[0].message
  # a failed assertion inside is reported as itself
  assert_equal "<1> expected but was\n<2>.", message_of { assert_nothing_raised { assert_equal 1, 2 } }
end

test "assert_instance_of and assert_kind_of" do
  assert_true passes { assert_instance_of String, "a"; assert_kind_of Numeric, 1; assert_kind_of Comparable, 1 }
  assert_equal "<1> expected to be an instance of\n<Numeric> but was\n<Fixnum>.",
               message_of { assert_instance_of Numeric, 1 }
  assert_equal "assert_instance_of takes a Class as its first argument.\n<Class> expected but was\n<Module>.",
               message_of { assert_instance_of Comparable, 1 }
  assert_equal "<\"a\">\nexpected to be kind_of?\n<Numeric> but was\n<String>.",
               message_of { assert_kind_of Numeric, "a" }
  assert_equal "The first parameter to assert_kind_of should be a kind_of Module.\n<false> is not true.",
               message_of { assert_kind_of 3, 1 }
end

test "assert_respond_to" do
  assert_true passes { assert_respond_to "a", :size; assert_respond_to [], "each" }
  assert_equal "<1>\nof type <Fixnum>\nexpected to respond_to?<:nope>.", message_of { assert_respond_to 1, :nope }
  assert_equal "<1>\ngiven as the method name argument to #assert_respond_to must be a Symbol or #respond_to?(:to_str).",
               message_of { assert_respond_to "a", 1 }
end

test "assert_in_delta" do
  assert_true passes { assert_in_delta 1.0, 1.05, 0.1; assert_in_delta 1, 2, 1 }
  assert_equal "<1.0> and\n<1.5> expected to be within\n<0.1> of each other.",
               message_of { assert_in_delta 1.0, 1.5, 0.1 }
  assert_equal "The delta should not be negative.\n<-1> expected to be\n>=\n<0.0>.",
               message_of { assert_in_delta 1, 1, -1 }
  assert_equal "The arguments must respond to to_f; the first float did not.\n<nil>\nof type <NilClass>\nexpected to respond_to?<:to_f>.",
               message_of { assert_in_delta nil, 1, 1 } unless nil.respond_to?(:to_f)
end

test "assert_operator and assert_send" do
  assert_true passes { assert_operator 1, :<, 2; assert_operator 5, "==", 5 }
  assert_equal "<3> expected to be\n<\n<2>.", message_of { assert_operator 3, :<, 2 }
  assert_equal "<1>\ngiven as the operator for #assert_operator must be a Symbol or #respond_to?(:to_str).",
               message_of { assert_operator 1, 1, 2 }
  assert_true passes { assert_send [[1, 2], :include?, 2] }
  assert_equal "<[1, 2]> expected to respond to\n<include?([3])> with a true value.",
               message_of { assert_send [[1, 2], :include?, 3] }
  assert_equal "assert_send requires at least a receiver and a message name.\n<false> is not true.",
               message_of { assert_send [1] }
end

test "assert_throws and assert_nothing_thrown" do
  assert_true passes { assert_throws(:done) { throw :done } }
  assert_equal "<:done> should have been thrown.", message_of { assert_throws(:done) { } }
  assert_equal "<:done> expected to be thrown but\n<:other> was thrown.",
               message_of { assert_throws(:done) { throw :other } }
  assert_equal "assert_throws expects the symbol that should be thrown for its first argument.\n<\"x\"> expected to be an instance of\n<Symbol> but was\n<String>.",
               message_of { assert_throws("x") { } }
  assert_true passes { assert_nothing_thrown { 1 } }
  assert_equal "<:oops> was thrown when nothing was expected.", message_of { assert_nothing_thrown { throw :oops } }
  # other NameErrors are errors, not failures
  faults = faults_of { assert_nothing_thrown { no_such_method_here } }
  assert_kind_of Test::Unit::Error, faults[0]
  assert_equal "NameError", faults[0].exception.class.name
end

test "flunk and build_message" do
  assert_equal "Flunked.", message_of { flunk }
  assert_equal "Go away.", message_of { flunk "Go away" }
  # an AssertionMessage given to flunk is its head, so it gets a period
  assert_equal "head.\n<1> and <\"two\">.", message_of { flunk build_message("head", "<?> and <?>", 1, "two") }
  tc = Test::Unit::TestCase.new("default_test")
  assert_equal "head.\n<1> and <\"two\">", tc.build_message("head", "<?> and <?>", 1, "two").to_s
  assert_equal "a ? b <[1]>", tc.build_message(nil, "a \\? b <?>", [1]).to_s
  assert_equal "lit: raw", tc.build_message(nil, "lit: ?", Test::Unit::AssertionMessage.literal("raw")).to_s
  assert_equal "", tc.build_message(nil).to_s
  assert_equal "", tc.build_message("").to_s
  assert_equal "ok.", tc.build_message("ok.").to_s
  m = Test::Unit::TestCase.new("default_test").build_message("h", "?\n", :x)
  assert_kind_of Test::Unit::AssertionMessage, m
  assert_equal "h.\n:x", m.to_s                          # the template loses its last newline
  assert_raise(RuntimeError, "The number of parameters does not match the number of substitutions.") do
    Test::Unit::TestCase.new("default_test").build_message(nil, "? ?", 1).to_s
  end
end

test "values are shown with pp, or inspect when use_pp is off" do
  big = (1..30).to_a
  m = message_of { assert_equal big, nil }
  assert_match(/\A<\[1,\n 2,\n 3,\n/, m)                      # pp breaks long arrays
  Test::Unit::Assertions.use_pp = false
  begin
    m = message_of { assert_equal big, nil }
    assert_equal "<#{big.inspect}> expected but was\n<nil>.", m
  ensure
    Test::Unit::Assertions.use_pp = true
  end
end

class OrderCase < Test::Unit::TestCase
  LOG = []
  def setup; LOG << :setup; end
  def teardown; LOG << :teardown; end
  def test_b; LOG << :b; assert true; assert true; end
  def test_a; LOG << :a; assert_equal 1, 1; end
  def test_c_fails; LOG << :c; assert_equal 1, 2; LOG << :not_here; end
  def test_d_errs; LOG << :d; raise ArgumentError, "bad"; end
  def testing_counts_too; LOG << :t; end
  def test; LOG << :not_a_test; end
  def test_with_arg(x); LOG << :not_a_test; end
  def helper_not_a_test; end
  private
  def test_private; LOG << :not_a_test; end
end

test "tests run in alphabetical order, each between setup and teardown" do
  names = OrderCase.suite.tests.collect { |t| t.method_name }
  assert_equal %w(test_a test_b test_c_fails test_d_errs testing_counts_too), names
  assert_equal "OrderCase", OrderCase.suite.name
  assert_equal 5, OrderCase.suite.size
  OrderCase::LOG.clear
  result, faults = run_suite(OrderCase)
  assert_equal [:setup, :a, :teardown, :setup, :b, :teardown, :setup, :c, :teardown,
                :setup, :d, :teardown, :setup, :t, :teardown], OrderCase::LOG
  assert_equal "5 tests, 4 assertions, 1 failures, 1 errors", result.to_s
  assert_equal [5, 4, 1, 1], [result.run_count, result.assertion_count, result.failure_count, result.error_count]
  assert_false result.passed?
  assert_equal [Test::Unit::Failure, Test::Unit::Error], faults.collect { |f| f.class }
  assert_equal "test_c_fails(OrderCase)", faults[0].test_name
  assert_equal "ArgumentError: bad", faults[1].message
  assert_kind_of ArgumentError, faults[1].exception
end

class FaultyTeardown < Test::Unit::TestCase
  def test_one; end
  def teardown; assert false, "in teardown"; end
end

class ErrorInSetup < Test::Unit::TestCase
  RAN = []
  def setup; raise "no setup"; end
  def test_one; RAN << :test; end
  def teardown; RAN << :teardown; end
end

test "failures and errors in setup and teardown" do
  result, faults = run_suite(FaultyTeardown)
  assert_equal "1 tests, 1 assertions, 1 failures, 0 errors", result.to_s
  assert_equal "in teardown.\n<false> is not true.", faults[0].message
  result, faults = run_suite(ErrorInSetup)
  assert_equal "1 tests, 0 assertions, 0 failures, 1 errors", result.to_s
  assert_equal [:teardown], ErrorInSetup::RAN          # teardown runs even so
  assert_equal "RuntimeError: no setup", faults[0].message
end

class Exits < Test::Unit::TestCase
  def test_exit; exit 3; end
end

test "SystemExit passes through a test" do
  e = assert_raise(SystemExit) { run_suite(Exits) }
  assert_equal 3, e.status
end

class Empty < Test::Unit::TestCase
end

test "a TestCase without tests gets default_test, which fails" do
  suite = Empty.suite
  assert_equal ["default_test"], suite.tests.collect { |t| t.method_name }
  result, faults = run_suite(Empty)
  assert_equal "1 tests, 1 assertions, 1 failures, 0 errors", result.to_s
  assert_equal "No tests were specified.", faults[0].message
  assert_equal "default_test(Empty)", faults[0].test_name
end

test "TestCase instances" do
  t = OrderCase.new("test_a")
  assert_equal "test_a", t.method_name
  assert_equal "test_a(OrderCase)", t.name
  assert_equal "test_a(OrderCase)", t.to_s
  assert_equal 1, t.size
  assert_true t.passed?
  assert_true t == OrderCase.new(:test_a)
  assert_false t == OrderCase.new("test_b")
  assert_equal :invalid, catch(:invalid_test) { OrderCase.new("test_nope"); :valid } || :invalid
  assert_equal :invalid, catch(:invalid_test) { OrderCase.new("test_with_arg"); :valid } || :invalid
  assert_equal "Test::Unit::TestCase::STARTED", Test::Unit::TestCase::STARTED
  assert_equal "Test::Unit::TestSuite::FINISHED", Test::Unit::TestSuite::FINISHED
  assert_true Test::Unit::AssertionFailedError < StandardError
end

test "TestSuite" do
  s = Test::Unit::TestSuite.new
  assert_equal "Unnamed TestSuite", s.name
  assert_true s.empty?
  assert_equal 0, s.size
  s << OrderCase.suite << Test::Unit::TestSuite.new("inner")
  assert_equal 5, s.size
  s.tests[1] << OrderCase.new("test_a")
  assert_equal 6, s.size
  assert_equal "Unnamed TestSuite", s.to_s
  seen = []
  s.run(Test::Unit::TestResult.new) { |channel, name| seen << [channel[/\w+\z/], name] }
  assert_equal ["STARTED", "Unnamed TestSuite"], seen.first
  assert_equal ["STARTED", "OrderCase"], seen[1]
  assert_equal ["STARTED", "test_a(OrderCase)"], seen[2]
  assert_equal ["FINISHED", "test_a(OrderCase)"], seen[3]
  assert_equal ["FINISHED", "Unnamed TestSuite"], seen.last
  assert_equal 2 + 2 * 5 + 2 + 2 + 2, seen.size
  assert_true Test::Unit::TestSuite.new("x") == Test::Unit::TestSuite.new("x")
  s.delete(s.tests[1])
  assert_equal 5, s.size
end

test "Failure and Error displays" do
  f = Test::Unit::Failure.new("test_x(T)", ["a.rb:3:in `test_x'"], "line one\nline two")
  assert_equal "F", f.single_character_display
  assert_equal "test_x(T): line one", f.short_display
  assert_equal "Failure:\ntest_x(T) [a.rb:3]:\nline one\nline two", f.long_display
  assert_equal f.long_display, f.to_s
  f = Test::Unit::Failure.new("test_x(T)", ["a.rb:3:in `h'", "a.rb:7:in `test_x'"], "m")
  assert_equal "Failure:\ntest_x(T)\n    [a.rb:3:in `h'\n     a.rb:7:in `test_x']:\nm", f.long_display
  ex = RuntimeError.new("boom")
  ex.set_backtrace(["a.rb:8:in `test_y'", "a.rb:1"])
  e = Test::Unit::Error.new("test_y(T)", ex)
  assert_equal "E", e.single_character_display
  assert_equal "RuntimeError: boom", e.message
  assert_equal "test_y(T): RuntimeError: boom", e.short_display
  assert_equal "Error:\ntest_y(T):\nRuntimeError: boom\n    a.rb:8:in `test_y'\n    a.rb:1", e.long_display
end

test "the backtrace filter drops test/unit's frames and the runner below them" do
  f = Object.new.extend(Test::Unit::Util::BacktraceFilter)
  lib = "/usr/lib/ruby/1.8/test/unit"
  bt = ["x.rb:3:in `helper'", "x.rb:9:in `test_a'", "#{lib}/testcase.rb:70:in `run'",
        "#{lib}/autorunner.rb:5:in `run'", "#{lib}.rb:278"]
  assert_equal ["x.rb:3:in `helper'", "x.rb:9:in `test_a'"], f.__send__(:filter_backtrace, bt, lib)
  bt2 = ["#{lib}/assertions.rb:48:in `assert_block'", "x.rb:9:in `test_a'", "#{lib}/testcase.rb:70:in `run'"]
  assert_equal ["x.rb:9:in `test_a'"], f.__send__(:filter_backtrace, bt2, lib)
  assert_equal ["y.rb:1", "y.rb:2"], f.__send__(:filter_backtrace, ["y.rb:1", "y.rb:2"], lib)
  only_lib = ["#{lib}/testcase.rb:70:in `run'", "#{lib}.rb:278"]
  assert_equal only_lib, f.__send__(:filter_backtrace, only_lib, lib)
  assert_equal ["No backtrace"], f.__send__(:filter_backtrace, nil)
  # by default, the frames of this very library are the ones dropped
  lib_frame = caller(0).find { |c| c =~ /test\/unit\/assertions\.rb/ }
  assert_nil lib_frame
  own = Test::Unit::Util::BacktraceFilter::TESTUNIT_PREFIX.join("/")
  assert_equal ["x.rb:1"], f.__send__(:filter_backtrace, ["#{own}/assertions.rb:48:in `assert_block'", "x.rb:1", "#{own}/testcase.rb:1"])
  assert_equal ["x.rb:1"], f.__send__(:filter_backtrace, ["x.rb:1", "#{own}.rb:200"])
end

def console(suite, level = Test::Unit::UI::NORMAL)
  io = StringIO.new
  result = Test::Unit::UI::Console::TestRunner.new(suite, level, io).start
  [io.string.sub(/^Finished in \d+(\.\d+)?(e-?\d+)? seconds\.$/, "Finished in N seconds."), result]
end

class TwoCase < Test::Unit::TestCase
  FAIL_LINE = __LINE__ + 1
  def test_fail; assert_equal 1, 2; end
  def test_pass; assert true; end
end

test "the console runner's output" do
  out, result = console(TwoCase)
  assert_kind_of Test::Unit::TestResult, result
  line = TwoCase::FAIL_LINE
  expected = "Loaded suite TwoCase\nStarted\nF.\nFinished in N seconds.\n\n" \
             "  1) Failure:\ntest_fail(TwoCase) [#{__FILE__}:#{line}]:\n<1> expected but was\n<2>.\n\n" \
             "2 tests, 2 assertions, 1 failures, 0 errors\n"
  assert_equal expected, out
  out, = console(TwoCase, Test::Unit::UI::VERBOSE)
  assert_match(/\AStarted\ntest_fail\(TwoCase\): F\ntest_pass\(TwoCase\): \.\n\nFinished in N seconds\.\n\n  1\) Failure:\n/,
               out.sub(/\ALoaded suite TwoCase\n/, ''))
  out, = console(TwoCase, Test::Unit::UI::PROGRESS_ONLY)
  assert_equal "F.", out
  out, = console(TwoCase, Test::Unit::UI::SILENT)
  assert_equal "", out
  suite = Test::Unit::TestSuite.new("mine")
  suite << TwoCase.new("test_pass")
  out, result = console(suite)
  assert_equal "Loaded suite mine\nStarted\n.\nFinished in N seconds.\n\n1 tests, 1 assertions, 0 failures, 0 errors\n", out
  assert_true result.passed?
end

test "TestRunner.run and the mediator mark the tests as run" do
  Test::Unit.run = false
  saved = $stdout
  begin
    $stdout = StringIO.new
    runner = Class.new(Test::Unit::UI::Console::TestRunner) do
      def initialize(suite, level = Test::Unit::UI::NORMAL)
        super(suite, level, $stdout)
      end
    end
    result = runner.run(TwoCase)
    assert_equal "2 tests, 2 assertions, 1 failures, 0 errors", result.to_s
    assert_match(/\ALoaded suite TwoCase\nStarted\nF\.\n/, $stdout.string)
  ensure
    $stdout = saved
  end
  assert_true Test::Unit.run?
end

# Runs the AutoRunner with argv over the given classes; returns what it
# printed (time masked) and its answer.
def autorun(argv, *classes)
  io = StringIO.new
  runner_class = Class.new(Test::Unit::UI::Console::TestRunner)
  runner_class.instance_eval do
    define_method(:initialize) { |suite, level| super(suite, level, io) }
  end
  source = Object.new
  source.instance_eval { @classes = classes }
  def source.each_object(kind)
    @classes.each { |c| yield c }
  end
  passed = Test::Unit::AutoRunner.run(false, nil, argv) do |r|
    r.runner = proc { runner_class }
    r.collector = proc do |ar|
      c = Test::Unit::Collector::ObjectSpace.new(source)
      c.filter = ar.filters
      c.collect("suite")
    end
  end
  [io.string.sub(/^Finished in \S+ seconds\.$/, "Finished in N seconds."), passed]
end

class Alpha < Test::Unit::TestCase
  def test_one; end
  def test_two; end
end

class Beta < Test::Unit::TestCase
  def test_one; end
  FLUNK_LINE = __LINE__ + 1
  def test_three; flunk; end
end

test "AutoRunner runs every TestCase, in suites sorted by name" do
  require 'test/unit/collector/objectspace'
  out, passed = autorun([], Beta, Alpha)
  assert_equal "Loaded suite suite\nStarted\n...F\nFinished in N seconds.\n\n" \
               "  1) Failure:\ntest_three(Beta) [#{__FILE__}:#{Beta::FLUNK_LINE}]:\nFlunked.\n\n" \
               "4 tests, 1 assertions, 1 failures, 0 errors\n", out
  assert_false passed
  out, passed = autorun([], Alpha)
  assert_true passed
  assert_match(/^2 tests, 0 assertions, 0 failures, 0 errors$/, out)
end

test "AutoRunner -n, --name, -t, --testcase and -v" do
  verbose_names = lambda { |argv| autorun(argv, Alpha, Beta)[0].scan(/^(\w+\(\w+\)): /).flatten }
  assert_equal %w(test_one(Alpha) test_two(Alpha) test_one(Beta) test_three(Beta)), verbose_names.call(["-v"])
  assert_equal %w(test_one(Alpha) test_one(Beta)), verbose_names.call(["-v", "-n", "test_one"])
  assert_equal %w(test_one(Alpha) test_one(Beta)), verbose_names.call(["-v", "--name=test_one"])
  assert_equal %w(test_one(Alpha) test_one(Beta)), verbose_names.call(["--verbose", "--name", "test_one"])
  assert_equal %w(test_two(Alpha) test_three(Beta)), verbose_names.call(["-v", "-n", "/t[wh]/"])
  assert_equal %w(test_two(Alpha) test_three(Beta)), verbose_names.call(["-v", "-ntest_two", "-ntest_three"])
  assert_equal %w(test_one(Beta) test_three(Beta)), verbose_names.call(["-v", "-t", "Beta"])
  assert_equal %w(test_one(Alpha) test_two(Alpha)), verbose_names.call(["-v", "--testcase=/^Al/"])
  assert_equal %w(test_one(Alpha) test_two(Alpha) test_three(Beta)), verbose_names.call(["-v", "-t", "Alpha", "-n", "test_three"])
  assert_equal [], verbose_names.call(["-v", "-n", "test_none"])
  out, passed = autorun(["-n", "test_none"], Alpha, Beta)
  assert_equal "Loaded suite suite\nStarted\n\nFinished in N seconds.\n\n0 tests, 0 assertions, 0 failures, 0 errors\n", out
  assert_true passed
  out, = autorun(["--verbose=progress"], Alpha)
  assert_equal "..", out
  out, = autorun(["-vs"], Alpha)
  assert_equal "", out
  out, = autorun(["-v", "normal"], Alpha)                 # an option's argument is not taken from the next word
  assert_match(/\ALoaded suite suite\nStarted\ntest_one\(Alpha\): \.\n/, out)
end

test "AutoRunner keeps other arguments and stops at --" do
  argv = ["file", "-v", "--", "-n", "x"]
  r = Test::Unit::AutoRunner.new(false)
  assert_true r.process_args(argv)
  assert_equal ["file", "-n", "x"], r.to_run
  assert_equal Test::Unit::UI::VERBOSE, r.output_level
  assert_equal [], r.filters
  r = Test::Unit::AutoRunner.new(false)
  assert_false r.process_args([])
  assert_equal Test::Unit::UI::NORMAL, r.output_level
  r = Test::Unit::AutoRunner.new(false)
  r.process_args(["-n", "a"])
  assert_equal 2, r.filters.size                          # and the one that says no to the rest
  r = Test::Unit::AutoRunner.new(false)
  dir = "/nonexistent-#{$$}"
  r.process_args(["-I", dir])
  assert_equal dir, $LOAD_PATH.first
  $LOAD_PATH.shift
end

test "AutoRunner's bad options abort with OptionParser's messages" do
  saved = $stdout
  ["-x", "--bogus", "-n", "--verbose=loud"].zip(
    ["invalid option: -x", "invalid option: --bogus", "missing argument: -n", "invalid argument: --verbose loud"]) do |arg, msg|
    $stdout = StringIO.new
    begin
      e = assert_raise(SystemExit) { Test::Unit::AutoRunner.new(false).process_args([arg]) }
      assert_equal 1, e.status
      lines = $stdout.string.split("\n")
      printed = lines[0]
      banner = lines[1]
    ensure
      $stdout = saved
    end
    assert_equal msg, printed
    assert_equal "Test::Unit automatic runner.", banner
  end
end
