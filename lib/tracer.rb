# tracer.rb: printing each line, call and return as the program runs
# (Tracer), for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's tracer.rb:
#   Tracer.on (or Tracer.on { ... }: only inside the block), Tracer.off,
#   Tracer.add_filter { |event, file, line, id, binding, klass| ... }
#   (an event is printed only if every filter returns true),
#   Tracer.set_get_line_procs(file) { |line| source } (where the source
#   of file's lines comes from; else the file is read, and cached in
#   SCRIPT_LINES__), Tracer.verbose/verbose=/verbose? ("Trace on" and
#   "Trace off" lines), Tracer.stdout/stdout= (where it prints: $stdout
#   at load time), Tracer::EVENT_SYMBOL, Tracer::Single (the tracer the
#   class methods use), Tracer.new and its instance methods on, off,
#   add_filter, set_get_line_procs, get_line, get_thread_no, trace_func.
#   Each event is one line "#0:file:line:klass:-: source": the thread's
#   number (the main thread is 0, others numbered as they are first
#   seen), the file and line, the class (empty at the top level), the
#   event ("-" line, ">" call and c-call, "<" return and c-return, "C"
#   class, "E" end; nothing for raise), and the source line ("-" when it
#   is not known).  Events in tracer.rb itself are not printed.
#   `ruby -rtracer script.rb` and `ruby tracer.rb script.rb` trace the
#   whole script.
# Needs Kernel#set_trace_func: without it Tracer.on and Tracer.off raise
# NoMethodError.
# Left out: nothing of 1.8.7's public API.

class Tracer
  class << self
    attr_accessor :verbose, :stdout
    alias verbose? verbose
  end
  @verbose = false
  @stdout = STDOUT

  EVENT_SYMBOL = {
    "line" => "-",
    "call" => ">",
    "return" => "<",
    "class" => "C",
    "end" => "E",
    "c-call" => ">",
    "c-return" => "<",
  }

  def initialize
    @threads = { Thread.main.object_id => 0 }
    @get_line_procs = {}
    @filters = []
  end

  def stdout
    Tracer.stdout
  end

  def on
    if block_given?
      on
      begin
        yield
      ensure
        off
      end
    else
      set_trace_func(method(:trace_func).to_proc)
      stdout.print "Trace on\n" if Tracer.verbose?
    end
  end

  def off
    set_trace_func(nil)
    stdout.print "Trace off\n" if Tracer.verbose?
  end

  def add_filter(p = nil, &block)
    @filters.push(p || block)
  end

  def set_get_line_procs(file, p = nil, &block)
    @get_line_procs[file] = p || block
  end

  # The source of line in file, with its newline; "-\n" if unknown.
  def get_line(file, line)
    if (p = @get_line_procs[file])
      return p.call(line)
    end
    list = SCRIPT_LINES__[file]
    unless list
      begin
        list = File.open(file) { |f| f.readlines }
      rescue StandardError
        list = []
      end
      SCRIPT_LINES__[file] = list
    end
    list[line - 1] || "-\n"
  end

  # The number of the current thread: 0 for the main one, then in order.
  def get_thread_no
    key = Thread.current.object_id
    @threads[key] ||= @threads.size
  end

  def trace_func(event, file, line, id, binding, klass, *rest)
    return if file == __FILE__
    @filters.each do |p|
      return unless p.call(event, file, line, id, binding, klass)
    end
    saved = Thread.critical
    Thread.critical = true
    begin
      stdout.printf("#%d:%s:%d:%s:%s: %s", get_thread_no, file, line,
                    klass || "", EVENT_SYMBOL[event], get_line(file, line))
    ensure
      Thread.critical = saved
    end
  end

  Single = new

  def Tracer.on(&block)
    Single.on(&block)
  end

  def Tracer.off
    Single.off
  end

  def Tracer.set_get_line_procs(file, p = nil, &block)
    Single.set_get_line_procs(file, p || block)
  end

  def Tracer.add_filter(p = nil, &block)
    Single.add_filter(p || block)
  end
end

SCRIPT_LINES__ = {} unless defined? SCRIPT_LINES__

if $0 == __FILE__
  # ruby tracer.rb script.rb args: trace the script
  $0 = ARGV.shift
  Tracer.on
  require $0
elsif caller(0).size == 1
  # ruby -rtracer script.rb: trace from here on
  Tracer.on
end
