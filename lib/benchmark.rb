# benchmark.rb: timing of Ruby code, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's benchmark.rb:
#   Benchmark.measure(label = "") { }, Benchmark.realtime { },
#   Benchmark.benchmark(caption, label_width, fmtstr, *labels) { |x| },
#   Benchmark.bm(label_width = 0, *labels) { |x| x.report(label) { } },
#   Benchmark.bmbm(width = 0) { |x| x.report(label) { } } (a rehearsal,
#   then the real run), the same as private methods when Benchmark is
#   included, Benchmark::CAPTION, Benchmark::FORMAT,
#   Benchmark::BENCHMARK_VERSION, and Benchmark::Tms (utime stime cutime
#   cstime real total label, format with %u %y %U %Y %t %r %n, to_s, to_a,
#   +, -, *, / by a Tms or a number, add, add!).
# The times come from Process.times (user and system CPU time of the
# process and its children) and Time.now (real time).
# Difference: benchmark, bm and bmbm return the Array of the Tms
# measured (1.8.7 returned the old value of STDOUT.sync from benchmark and
# bm).

module Benchmark
  BENCHMARK_VERSION = "2002-04-25"

  # The times of a piece of code.
  class Tms
    CAPTION = "      user     system      total        real\n"
    FORMAT = "%10.6u %10.6y %10.6t %10.6r\n"

    attr_reader :utime, :stime, :cutime, :cstime, :real, :total, :label

    def initialize(utime = 0.0, stime = 0.0, cutime = 0.0, cstime = 0.0, real = 0.0, label = nil)
      @utime = utime
      @stime = stime
      @cutime = cutime
      @cstime = cstime
      @real = real
      @label = label
      @total = utime + stime + cutime + cstime
    end

    # A Tms with the times of the block added.
    def add(&block)
      self + Benchmark.measure(&block)
    end

    # Adds the times of the block to self.
    def add!(&block)
      t = Benchmark.measure(&block)
      @utime += t.utime
      @stime += t.stime
      @cutime += t.cutime
      @cstime += t.cstime
      @real += t.real
      @total = @utime + @stime + @cutime + @cstime
      self
    end

    def +(other); combine(:+, other); end
    def -(other); combine(:-, other); end
    def *(other); combine(:*, other); end
    def /(other); combine(:/, other); end

    # The times in fmtstr's form: %u user, %y system, %U children's
    # user, %Y children's system, %t total, %r real (in parentheses),
    # %n label; flags and width as in sprintf ("%10.6u").  More arguments
    # are then formatted into the result with String#%.
    def format(fmtstr = nil, *args)
      fmtstr ||= FORMAT
      str = fmtstr.gsub(/(%[-+ 0#]*\d*(?:\.\d+)?)([uyUYtrn])/) do
        spec, conv = $1, $2
        case conv
        when 'u' then "#{spec}f" % utime
        when 'y' then "#{spec}f" % stime
        when 'U' then "#{spec}f" % cutime
        when 'Y' then "#{spec}f" % cstime
        when 't' then "#{spec}f" % total
        when 'r' then "(#{spec}f)" % real
        when 'n' then "#{spec}s" % label.to_s
        end
      end
      args.empty? ? str : str % args
    end

    def to_s
      format
    end

    def to_a
      [label, utime, stime, cutime, cstime, real]
    end

    private

    def combine(op, other)
      if other.is_a?(Tms)
        Tms.new(utime.__send__(op, other.utime), stime.__send__(op, other.stime),
                cutime.__send__(op, other.cutime), cstime.__send__(op, other.cstime),
                real.__send__(op, other.real), label)
      else
        Tms.new(utime.__send__(op, other), stime.__send__(op, other),
                cutime.__send__(op, other), cstime.__send__(op, other),
                real.__send__(op, other), label)
      end
    end
  end

  CAPTION = Tms::CAPTION
  FORMAT = Tms::FORMAT

  # What bm and benchmark yield: report prints a label and the times of
  # its block.
  class Report
    attr_reader :list

    def initialize(width = 0, fmtstr = nil)
      @width = width
      @fmtstr = fmtstr
      @list = []
    end

    def item(label = "", *fmt, &block)
      print label.to_s.ljust(@width)
      t = Benchmark.measure(label, &block)
      print t.format(@fmtstr, *fmt)
      @list << t
      t
    end
    alias report item
  end

  # What bmbm yields: report only records the label and the block.
  class Job
    attr_reader :list, :width

    def initialize(width)
      @width = width
      @list = []
    end

    def item(label = "", &block)
      raise ArgumentError, "no block" unless block
      label = label.to_s + " "
      @width = label.length if label.length > @width
      @list << [label, block]
      self
    end
    alias report item
  end

  # The times of the block.
  def measure(label = "")
    t0 = Process.times
    r0 = Time.now.to_f
    yield
    t1 = Process.times
    r1 = Time.now.to_f
    Tms.new(t1.utime - t0.utime, t1.stime - t0.stime,
            t1.cutime - t0.cutime, t1.cstime - t0.cstime,
            r1 - r0, label)
  end

  # The real time the block took, in seconds.
  def realtime
    r0 = Time.now.to_f
    yield
    Time.now.to_f - r0
  end

  # Prints caption, yields a Report whose report method prints each
  # measure, then, if the block returns an Array of Tms, prints each with
  # a label from labels (or its own).
  def benchmark(caption = "", label_width = nil, fmtstr = nil, *labels)
    raise ArgumentError, "no block" unless block_given?
    label_width ||= 0
    sync = STDOUT.sync
    STDOUT.sync = true
    begin
      print caption
      report = Report.new(label_width, fmtstr)
      results = yield(report)
      if results.is_a?(Array)
        results.each do |t|
          next unless t.is_a?(Tms)
          print((labels.shift || t.label || "").ljust(label_width), t.format(fmtstr))
        end
      end
      report.list
    ensure
      STDOUT.sync = sync
    end
  end

  # benchmark with the CAPTION over the columns of the times.
  def bm(label_width = 0, *labels, &block)
    benchmark(" " * label_width + CAPTION, label_width, FORMAT, *labels, &block)
  end

  # Runs the jobs twice, a rehearsal then the measure, so that memory and
  # caches are in the same state for all; prints both.
  def bmbm(width = 0)
    job = Job.new(width)
    yield job
    width = job.width
    sync = STDOUT.sync
    STDOUT.sync = true
    begin
      head = "Rehearsal "
      puts head + "-" * (width + CAPTION.length - head.length)
      sum = Tms.new
      job.list.each do |label, block|
        print label.ljust(width)
        t = measure(label, &block)
        print t.format
        sum += t
      end
      total = sum.format("total: %tsec")
      puts "-" * (width + CAPTION.length - total.length - 1) + " " + total
      puts
      print " " * width + CAPTION
      job.list.map do |label, block|
        GC.start
        print label.ljust(width)
        t = measure(label, &block)
        print t.format
        t
      end
    ensure
      STDOUT.sync = sync
    end
  end

  module_function :measure, :realtime, :benchmark, :bm, :bmbm
end
