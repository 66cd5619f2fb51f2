# assert.rb: the assertion library of the test suite.
#
# A test file does `require 'assert'` (the runner passes -I test) and calls
# the assertions below, grouped in named `test` blocks.  Each failure prints
# where it happened; at exit a summary line is printed and the exit status
# is 1 if anything failed, so the runner sees the result.

module Assert
  @count = 0
  @failures = 0
  @current = nil

  class << self
    attr_accessor :count, :failures, :current
  end

  def self.fail(message)
    Assert.failures += 1
    where = caller.find { |c| c !~ /assert\.rb/ } || "?"
    name = Assert.current ? "[#{Assert.current}] " : ""
    $stderr.puts "FAIL #{name}#{where}: #{message}"
  end

  def self.check(ok, message)
    Assert.count += 1
    fail(message) unless ok
    ok
  end
end

# Named group of assertions; an exception inside counts as one failure.
def test(name)
  saved = Assert.current
  Assert.current = name
  begin
    yield
  rescue Exception => e
    raise if e.is_a?(SystemExit)
    Assert.count += 1
    Assert.fail("unexpected #{e.class}: #{e.message}\n    " + (e.backtrace || [])[0, 4].join("\n    "))
  ensure
    Assert.current = saved
  end
end

def assert(ok = nil, message = "assertion failed")
  ok = yield if block_given?
  Assert.check(ok, message)
end

def assert_equal(expected, actual, message = nil)
  Assert.check(expected == actual,
               message || "expected #{expected.inspect}, got #{actual.inspect}")
end

def assert_not_equal(unexpected, actual, message = nil)
  Assert.check(unexpected != actual, message || "expected anything but #{unexpected.inspect}")
end

def assert_same(expected, actual, message = nil)
  Assert.check(expected.equal?(actual),
               message || "expected the same object as #{expected.inspect}, got #{actual.inspect}")
end

def assert_nil(actual, message = nil)
  Assert.check(actual.nil?, message || "expected nil, got #{actual.inspect}")
end

def assert_true(actual, message = nil)
  Assert.check(actual == true, message || "expected true, got #{actual.inspect}")
end

def assert_false(actual, message = nil)
  Assert.check(actual == false, message || "expected false, got #{actual.inspect}")
end

def assert_kind_of(klass, obj, message = nil)
  Assert.check(obj.kind_of?(klass), message || "expected a #{klass}, got #{obj.inspect} (#{obj.class})")
end

def assert_match(pattern, string, message = nil)
  Assert.check(pattern =~ string, message || "expected #{string.inspect} to match #{pattern.inspect}")
end

def assert_in_delta(expected, actual, delta = 0.001, message = nil)
  Assert.check((expected - actual).abs <= delta,
               message || "expected #{expected} +/- #{delta}, got #{actual}")
end

# assert_raise(Klass) { ... } or assert_raise(Klass, "message") { ... };
# returns the exception so more can be checked.
def assert_raise(klass = StandardError, message = nil)
  begin
    yield
  rescue Exception => e
    ok = e.kind_of?(klass)
    if ok && message && !(message === e.message)
      Assert.check(false, "expected #{klass} with message #{message.inspect}, got #{e.message.inspect}")
      return e
    end
    Assert.check(ok, "expected #{klass}, got #{e.class}: #{e.message}")
    return e
  end
  Assert.check(false, "expected #{klass}, nothing was raised")
  nil
end

def assert_nothing_raised
  begin
    yield
    Assert.check(true, "")
  rescue Exception => e
    Assert.check(false, "unexpected #{e.class}: #{e.message}")
  end
end

at_exit do
  puts "#{Assert.count} assertions, #{Assert.failures} failures"
  $stdout.flush
  exit!(1) if Assert.failures > 0
end
