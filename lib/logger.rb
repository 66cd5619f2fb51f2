# logger.rb: Logger, a simple logging utility, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's logger.rb (1.2.6):
#   Logger.new(logdev, shift_age = 0, shift_size = 1048576) where logdev is
#   a file name (opened for append, created with a "# Logfile created on
#   ..." header), an IO or anything with write and close, or nil (logs
#   nothing); level/level= (DEBUG by default), debug?/info?/warn?/error?/
#   fatal?, add/log(severity, message = nil, progname = nil) { message },
#   debug/info/warn/error/fatal/unknown(message_or_progname = nil) { },
#   <<, close, progname, datetime_format/datetime_format=, formatter/
#   formatter= (anything with call(severity, time, progname, msg)),
#   Logger::Severity (DEBUG INFO WARN ERROR FATAL UNKNOWN),
#   Logger::Formatter (the line "I, [2001-02-03T04:05:06.123456 #1234]
#   INFO -- prog: message"; exceptions shown with their class and
#   backtrace, other objects with inspect), Logger::LogDevice (rotation:
#   shift_age files of shift_size bytes, or 'daily'/'weekly'/'monthly'
#   with the old file renamed NAME.YYYYMMDD), Logger::Error,
#   Logger::ShiftingError and Logger::Application (start, run, log,
#   log=, set_log, level=).
# Left out: nothing of 1.8.7's API.

require 'thread'

class Logger
  ProgName = "logger.rb/31641"

  class Error < RuntimeError; end
  class ShiftingError < Error; end

  module Severity
    DEBUG = 0
    INFO = 1
    WARN = 2
    ERROR = 3
    FATAL = 4
    UNKNOWN = 5
  end
  include Severity

  SEV_LABEL = %w(DEBUG INFO WARN ERROR FATAL ANY)

  attr_accessor :level, :progname, :formatter

  def initialize(logdev, shift_age = 0, shift_size = 1048576)
    @progname = nil
    @level = DEBUG
    @default_formatter = Formatter.new
    @formatter = nil
    @logdev = nil
    if logdev
      @logdev = LogDevice.new(logdev, :shift_age => shift_age, :shift_size => shift_size)
    end
  end

  def datetime_format=(datetime_format)
    @default_formatter.datetime_format = datetime_format
  end

  def datetime_format
    @default_formatter.datetime_format
  end

  def debug?; @level <= DEBUG; end
  def info?; @level <= INFO; end
  def warn?; @level <= WARN; end
  def error?; @level <= ERROR; end
  def fatal?; @level <= FATAL; end

  # Logs message (or the block's value, or progname when there is
  # neither) if severity is at least the level.  Always true.
  def add(severity, message = nil, progname = nil, &block)
    severity ||= UNKNOWN
    return true if @logdev.nil? || severity < @level
    progname ||= @progname
    if message.nil?
      if block_given?
        message = yield
      else
        message = progname
        progname = @progname
      end
    end
    @logdev.write(format_message(format_severity(severity), Time.now, progname, message))
    true
  end
  alias log add

  def <<(msg)
    @logdev.write(msg) unless @logdev.nil?
  end

  def debug(progname = nil, &block); add(DEBUG, nil, progname, &block); end
  def info(progname = nil, &block); add(INFO, nil, progname, &block); end
  def warn(progname = nil, &block); add(WARN, nil, progname, &block); end
  def error(progname = nil, &block); add(ERROR, nil, progname, &block); end
  def fatal(progname = nil, &block); add(FATAL, nil, progname, &block); end
  def unknown(progname = nil, &block); add(UNKNOWN, nil, progname, &block); end

  def close
    @logdev.close if @logdev
  end

  private

  def format_severity(severity)
    SEV_LABEL[severity] || 'ANY'
  end

  def format_message(severity, datetime, progname, msg)
    (@formatter || @default_formatter).call(severity, datetime, progname, msg)
  end

  # The default formatter.
  class Formatter
    Format = "%s, [%s#%d] %5s -- %s: %s\n"

    attr_accessor :datetime_format

    def initialize
      @datetime_format = nil
    end

    def call(severity, time, progname, msg)
      Format % [severity[0, 1], format_datetime(time), $$, severity, progname, msg2str(msg)]
    end

    private

    def format_datetime(time)
      if @datetime_format.nil?
        time.strftime("%Y-%m-%dT%H:%M:%S.") << "%06d " % time.usec
      else
        time.strftime(@datetime_format)
      end
    end

    def msg2str(msg)
      case msg
      when ::String
        msg
      when ::Exception
        "#{msg.message} (#{msg.class})\n" << (msg.backtrace || []).join("\n")
      else
        msg.inspect
      end
    end
  end

  # Where the lines go: an IO, or a file that may be rotated.
  class LogDevice
    attr_reader :dev, :filename

    SiD = 24 * 60 * 60

    def initialize(log = nil, opt = {})
      @dev = @filename = @shift_age = @shift_size = nil
      @mutex = Mutex.new
      if log.respond_to?(:write) && log.respond_to?(:close)
        @dev = log
      else
        @dev = open_logfile(log)
        @dev.sync = true
        @filename = log
        @shift_age = opt[:shift_age] || 7
        @shift_size = opt[:shift_size] || 1048576
      end
    end

    def write(message)
      @mutex.synchronize do
        if @shift_age && @dev.respond_to?(:stat)
          begin
            check_shift_log
          rescue
            raise Logger::ShiftingError.new("Shifting failed. #{$!}")
          end
        end
        @dev.write(message)
      end
    end

    def close
      @mutex.synchronize { @dev.close }
    end

    private

    def open_logfile(filename)
      if FileTest.exist?(filename)
        f = File.open(filename, File::WRONLY | File::APPEND)
        f.sync = true
        f
      else
        create_logfile(filename)
      end
    end

    def create_logfile(filename)
      logdev = File.open(filename, File::WRONLY | File::APPEND | File::CREAT)
      logdev.sync = true
      add_log_header(logdev)
      logdev
    end

    def add_log_header(file)
      file.write("# Logfile created on %s by %s\n" % [Time.now.to_s, Logger::ProgName])
    end

    def check_shift_log
      if @shift_age.is_a?(Integer)
        # 0 (the default) never rotates
        shift_log_age if @filename && @shift_age > 0 && @dev.stat.size > @shift_size
      else
        now = Time.now
        period_end = previous_period_end(now)
        shift_log_period(period_end) if @dev.stat.mtime <= period_end
      end
    end

    def shift_log_age
      (@shift_age - 3).downto(0) do |i|
        File.rename("#{@filename}.#{i}", "#{@filename}.#{i + 1}") if FileTest.exist?("#{@filename}.#{i}")
      end
      @dev.close
      File.rename(@filename, "#{@filename}.0")
      @dev = create_logfile(@filename)
      true
    end

    def shift_log_period(period_end)
      age_file = "#{@filename}.#{period_end.strftime('%Y%m%d')}"
      raise RuntimeError.new("'#{age_file}' already exists.") if FileTest.exist?(age_file)
      @dev.close
      File.rename(@filename, age_file)
      @dev = create_logfile(@filename)
      true
    end

    def previous_period_end(now)
      case @shift_age
      when /^daily$/ then eod(now - 1 * SiD)
      when /^weekly$/ then eod(now - ((now.wday + 1) * SiD))
      when /^monthly$/ then eod(now - now.mday * SiD)
      else now
      end
    end

    def eod(t)
      Time.mktime(t.year, t.month, t.mday, 23, 59, 59)
    end
  end

  # An application that logs its start, its end and what killed it.
  class Application
    include Logger::Severity

    attr_reader :appname, :logdev

    def initialize(appname = nil)
      @appname = appname
      @log = Logger.new(STDERR)
      @log.progname = @appname
      @level = @log.level
    end

    def start
      status = nil
      begin
        log(INFO, "Start of #{@appname}.")
        status = run
      rescue
        log(FATAL, "Detected an exception. Stopping ... #{$!} (#{$!.class})\n" << $@.join("\n"))
      ensure
        log(INFO, "End of #{@appname}. (status: #{status.to_s})")
      end
      status
    end

    def set_log(logdev, shift_age = 0, shift_size = 1024000)
      @log = Logger.new(logdev, shift_age, shift_size)
      @log.progname = @appname
      @log.level = @level
    end

    def log=(logdev)
      set_log(logdev)
    end

    def level=(level)
      @level = level
      @log.level = @level
    end

    def log(severity, message = nil, &block)
      @log.add(severity, message, @appname, &block) if @log
    end

    private

    def run
      raise RuntimeError.new('Method run must be defined in the derived class.')
    end
  end
end
