# logger.rb: lib/logger.rb (Logger): levels, the messages' forms, the
# default line format, datetime_format, formatters, progname, log devices
# (IO, file with header, nil), rotation by size and by period, and
# Logger::Application.  Files live in a temporary directory removed at
# the end.
require 'assert'
require 'logger'
require 'stringio'

LINE = /\A([DIWEFA]), \[(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}) #(\d+)\] +(\w+) -- (.*?): (.*)\n\z/m

def logger_on(level = nil)
  io = StringIO.new
  log = Logger.new(io)
  log.level = level if level
  [log, io]
end

test "severities and labels" do
  assert_equal [0, 1, 2, 3, 4, 5], [Logger::DEBUG, Logger::INFO, Logger::WARN, Logger::ERROR, Logger::FATAL, Logger::UNKNOWN]
  assert_equal Logger::WARN, Logger::Severity::WARN
  assert_true Logger::ShiftingError < Logger::Error
  assert_true Logger::Error < RuntimeError
  log, io = logger_on
  assert_equal Logger::DEBUG, log.level
  assert_nil log.progname
  assert_nil log.datetime_format
  assert_nil log.formatter
  %w(debug info warn error fatal unknown).each { |m| log.__send__(m, m) }
  labels = io.string.split("\n").collect { |l| l[/\] +(\w+) --/, 1] }
  assert_equal %w(DEBUG INFO WARN ERROR FATAL ANY), labels
  assert_equal %w(D I W E F A), io.string.split("\n").collect { |l| l[0, 1] }
end

test "the default line format" do
  log, io = logger_on
  before = Time.now
  assert_true log.info("hello")
  m = LINE.match(io.string)
  assert_true !m.nil?, io.string.inspect
  assert_equal "I", m[1]
  assert_equal $$.to_s, m[3]
  assert_equal "INFO", m[4]
  assert_equal "", m[5]
  assert_equal "hello", m[6]
  # the label is right-aligned in 5 columns
  assert_match(/#\d+\]  INFO -- : hello\n\z/, io.string)
  io.string = ""
  log.warn("w")
  assert_match(/#\d+\]  WARN -- : w\n\z/, io.string)
  io.string = ""
  log.error("e")
  assert_match(/#\d+\] ERROR -- : e\n\z/, io.string)
  f = Logger::Formatter.new
  t = Time.mktime(2001, 2, 3, 4, 5, 6, 123456)
  assert_equal "I, [2001-02-03T04:05:06.123456 ##{$$}]  INFO -- prog: message\n", f.call("INFO", t, "prog", "message")
  assert_equal "W, [2001-02-03T04:05:06.000007 ##{$$}]  WARN -- : x\n", f.call("WARN", Time.mktime(2001, 2, 3, 4, 5, 6, 7), nil, "x")
  f.datetime_format = "%H:%M"
  assert_equal "D, [04:05##{$$}] DEBUG -- p: [1, 2]\n", f.call("DEBUG", t, "p", [1, 2])
end

test "messages: strings, blocks, objects and exceptions" do
  log, io = logger_on
  log.info { "from a block" }
  assert_match(/ INFO -- : from a block\n\z/, io.string)
  io.string = ""
  log.progname = "app"
  log.info("text")                         # one argument is the message
  assert_match(/ INFO -- app: text\n\z/, io.string)
  io.string = ""
  log.info("other") { "block wins" }       # with a block it is the progname
  assert_match(/ INFO -- other: block wins\n\z/, io.string)
  io.string = ""
  log.add(Logger::WARN, "msg", "prog")
  assert_match(/ WARN -- prog: msg\n\z/, io.string)
  io.string = ""
  log.log(Logger::WARN, nil, "only progname")
  assert_match(/ WARN -- app: only progname\n\z/, io.string)
  io.string = ""
  log.debug(:sym)
  assert_match(/DEBUG -- app: :sym\n\z/, io.string)
  io.string = ""
  log.debug(nil)
  assert_match(/DEBUG -- app: app\n\z/, io.string)   # nil message: the progname
  io.string = ""
  e = ArgumentError.new("bad arg")
  e.set_backtrace(["a.rb:1:in `f'", "a.rb:2"])
  log.error(e)
  assert_match(/ERROR -- app: bad arg \(ArgumentError\)\na\.rb:1:in `f'\na\.rb:2\n\z/, io.string)
  io.string = ""
  log.error(RuntimeError.new("no trace"))
  assert_match(/ERROR -- app: no trace \(RuntimeError\)\n\n\z/, io.string)
  io.string = ""
  log.add(nil, "nil severity")
  assert_match(/\AA, .*  ANY -- app: nil severity\n\z/, io.string)
  io.string = ""
  log.add(17, "odd")
  assert_match(/  ANY -- app: odd\n\z/, io.string)
  io.string = ""
  log << "raw text"
  assert_equal "raw text", io.string
end

test "levels filter, and the query methods" do
  log, io = logger_on(Logger::WARN)
  ran = false
  assert_true log.info { ran = true; "x" }
  assert_false ran                           # the block is not called below the level
  log.debug("no")
  assert_equal "", io.string
  log.warn("yes")
  log.fatal("yes")
  assert_equal 2, io.string.split("\n").size
  assert_equal [false, false, true, true, true], [log.debug?, log.info?, log.warn?, log.error?, log.fatal?]
  log.level = Logger::UNKNOWN
  log.fatal("no")
  log.unknown("yes")
  assert_equal 3, io.string.split("\n").size
  log.level = Logger::DEBUG
  assert_true log.debug?
end

test "datetime_format and formatter" do
  log, io = logger_on
  log.datetime_format = "%Y-%m-%d"
  assert_equal "%Y-%m-%d", log.datetime_format
  log.info("dated")
  assert_match(/\AI, \[\d{4}-\d\d-\d\d#\d+\]  INFO -- : dated\n\z/, io.string)
  io.string = ""
  seen = nil
  log.formatter = proc { |sev, time, prog, msg| seen = [sev, time.class, prog, msg]; "#{sev}:#{msg}\n" }
  log.progname = "p"
  log.warn("custom")
  assert_equal "WARN:custom\n", io.string
  assert_equal ["WARN", Time, "p", "custom"], seen
  log.formatter = nil
  io.string = ""
  log.warn("back")
  assert_match(/ WARN -- p: back\n\z/, io.string)
end

test "nil device logs nothing; close closes the device" do
  log = Logger.new(nil)
  assert_true log.info("nothing")
  assert_nil log << "x"
  assert_nil log.close
  io = StringIO.new
  log = Logger.new(io)
  log.close
  assert_true io.closed?
  assert_raise(IOError) { log.info("after close") }
end

TMP = File.join(ENV["TMPDIR"] || "/tmp", "logger_test_#{$$}")
Dir.mkdir(TMP)

def in_tmp(name)
  path = File.join(TMP, name)
  yield path
ensure
  Dir.entries(TMP).each { |f| File.delete(File.join(TMP, f)) unless f == "." || f == ".." }
end

test "a file name: created with a header, appended to" do
  in_tmp("app.log") do |path|
    log = Logger.new(path)
    log.info("first")
    log.close
    lines = File.readlines(path)
    assert_match(/\A# Logfile created on .* by logger\.rb\/\d+\n\z/, lines[0])
    assert_match(/ INFO -- : first\n\z/, lines[1])
    log = Logger.new(path)                  # an existing file gets no new header
    log.warn("second")
    log.close
    lines = File.readlines(path)
    assert_equal 3, lines.size
    assert_match(/ WARN -- : second\n\z/, lines[2])
    dev = Logger::LogDevice.new(path)
    assert_equal path, dev.filename
    assert_kind_of File, dev.dev
    dev.close
    dev = Logger::LogDevice.new($stderr)
    assert_nil dev.filename
    assert_same $stderr, dev.dev
  end
end

test "rotation by size keeps shift_age files" do
  in_tmp("size.log") do |path|
    log = Logger.new(path, 3, 100)
    log.formatter = proc { |s, t, p, m| m + "\n" }
    20.times { |i| log.info("line %02d %s" % [i, "x" * 20]) }
    log.close
    names = Dir.entries(TMP).reject { |f| f =~ /\A\./ }.sort
    assert_equal ["size.log", "size.log.0", "size.log.1"], names
    # each file was rotated once it grew past 100 bytes, so none is much longer
    names.each { |n| assert_true File.size(File.join(TMP, n)) <= 100 + 30 + 60 }
    current = File.read(path)
    assert_match(/\A# Logfile created on /, current)
    assert_match(/line 19/, current)
    old = File.read(path + ".0")
    last_old = old.scan(/line (\d\d)/).flatten.last.to_i
    first_now = current.scan(/line (\d\d)/).flatten.first.to_i
    assert_equal last_old + 1, first_now          # nothing lost between them
  end
end

test "shift_age 0 never rotates" do
  in_tmp("keep.log") do |path|
    log = Logger.new(path, 0, 10)
    10.times { log.info("a long enough line") }
    log.close
    assert_equal ["keep.log"], Dir.entries(TMP).reject { |f| f =~ /\A\./ }
    assert_equal 11, File.readlines(path).size
  end
end

test "rotation by period renames the old file NAME.YYYYMMDD" do
  in_tmp("daily.log") do |path|
    log = Logger.new(path, 'daily')
    log.info("old")
    old_time = Time.now - 3 * 24 * 60 * 60
    File.utime(old_time, old_time, path)
    log.info("new")
    log.close
    yesterday = Time.now - 24 * 60 * 60
    aged = "#{path}.#{yesterday.strftime('%Y%m%d')}"
    assert_true File.exist?(aged)
    assert_match(/ INFO -- : old\n\z/, File.read(aged))
    assert_match(/\A# Logfile created on .*\n.* INFO -- : new\n\z/, File.read(path))
    # today's file is not rotated again
    log = Logger.new(path, 'daily')
    log.info("again")
    log.close
    assert_equal 3, File.readlines(path).size
    # and an aged file that already exists stops the shift
    File.utime(old_time, old_time, path)
    log = Logger.new(path, 'daily')
    e = assert_raise(Logger::ShiftingError) { log.info("clash") }
    assert_equal "Shifting failed. '#{aged}' already exists.", e.message
    log.close
  end
end

test "weekly and monthly periods end on Saturday and on the last of the month" do
  dev = Logger::LogDevice.new(StringIO.new)
  now = Time.mktime(2001, 2, 14, 12, 0, 0)             # a Wednesday
  dev.instance_variable_set(:@shift_age, 'weekly')
  assert_equal Time.mktime(2001, 2, 10, 23, 59, 59), dev.__send__(:previous_period_end, now)
  dev.instance_variable_set(:@shift_age, 'monthly')
  assert_equal Time.mktime(2001, 1, 31, 23, 59, 59), dev.__send__(:previous_period_end, now)
  dev.instance_variable_set(:@shift_age, 'daily')
  assert_equal Time.mktime(2001, 2, 13, 23, 59, 59), dev.__send__(:previous_period_end, now)
end

class CountApp < Logger::Application
  def initialize(result)
    super('counter')
    @result = result
  end

  def run
    raise ArgumentError, "gave up" if @result == :fail
    @result
  end
end

test "Logger::Application" do
  io = StringIO.new
  app = CountApp.new(42)
  assert_equal 'counter', app.appname
  app.log = io
  assert_equal 42, app.start
  lines = io.string.split("\n")
  assert_match(/ INFO -- counter: Start of counter\.\z/, lines[0])
  assert_match(/ INFO -- counter: End of counter\. \(status: 42\)\z/, lines[1])
  io = StringIO.new
  app = CountApp.new(:fail)
  app.set_log(io)
  assert_nil app.start
  assert_match(/FATAL -- counter: Detected an exception\. Stopping \.\.\. gave up \(ArgumentError\)\n.*logger\.rb:\d+/, io.string)
  assert_match(/End of counter\. \(status: \)\n\z/, io.string)
  io = StringIO.new
  app = CountApp.new(1)
  app.log = io
  app.level = Logger::WARN
  app.start
  assert_equal "", io.string
  app.log(Logger::ERROR, "direct")
  assert_match(/ERROR -- counter: direct\n\z/, io.string)
  io = StringIO.new
  plain = Logger::Application.new('plain')
  plain.log = io
  plain.start
  assert_match(/Stopping \.\.\. Method run must be defined in the derived class\. \(RuntimeError\)/, io.string)
end

Dir.rmdir(TMP)
