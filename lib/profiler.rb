# profiler.rb: a method profiler on set_trace_func (Profiler__), for
# miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's profiler.rb:
#   Profiler__.start_profile (installs Profiler__::PROFILE_PROC with
#   set_trace_func), Profiler__.stop_profile, Profiler__.print_profile(io)
#   (stops, then prints 1.8.7's table: per method, sorted by self time,
#   "  %   cumulative   self              self     total" /
#   " time   seconds   seconds    calls  ms/call  ms/call  name", one row
#   each ("Klass#meth" for a method of a class, "Mod.meth" for one of a
#   module), and a last "#toplevel" row with the whole time).  Times are
#   the process's user CPU time (Process.times).  PROFILE_PROC takes
#   1.8.7's trace events: "call"/"c-call" start a frame, "return"/
#   "c-return" end it, charging its time to [klass, id].
# Needs Kernel#set_trace_func: without it start_profile, stop_profile and
# print_profile raise NoMethodError.
# Left out: nothing of 1.8.7's public API.

module Profiler__
  @start = nil
  @stack = []
  @map = {}

  class << self
    # [start time, time of the callees] per active call; per [klass, id]
    # the row [calls, total seconds, self seconds, [klass, id]].
    attr_reader :stack, :map
  end

  PROFILE_PROC = proc do |event, file, line, id, binding, klass|
    case event
    when "call", "c-call"
      Profiler__.stack.push([Process.times[0], 0.0])
    when "return", "c-return"
      now = Process.times[0]
      if (frame = Profiler__.stack.pop)
        key = [klass, id]
        row = (Profiler__.map[key] ||= [0, 0.0, 0.0, key])
        cost = now - frame[0]
        row[0] += 1
        row[1] += cost
        row[2] += cost - frame[1]
        caller_frame = Profiler__.stack[-1]
        caller_frame[1] += cost if caller_frame
      end
    end
  end

  module_function

  def start_profile
    Profiler__.instance_eval do
      @start = Process.times[0]
      @stack = []
      @map = {}
    end
    set_trace_func(PROFILE_PROC)
  end

  def stop_profile
    set_trace_func(nil)
  end

  def print_profile(f)
    stop_profile
    total = Process.times[0] - (Profiler__.instance_eval { @start } || Process.times[0])
    print_table(f, Profiler__.map.values, total)
  end

  # The table for rows of PROFILE_PROC's map, total seconds in all.
  def print_table(f, rows, total)
    total = 0.01 if total == 0
    rows = rows.sort { |a, b| b[2] <=> a[2] }
    f.printf "  %%   cumulative   self              self     total\n"
    f.printf " time   seconds   seconds    calls  ms/call  ms/call  name\n"
    sum = 0.0
    rows.each do |calls, all, own, key|
      sum += own
      f.printf "%6.2f %8.2f  %8.2f %8d ", own / total * 100, sum, own, calls
      f.printf "%8.2f %8.2f  %s\n", own * 1000 / calls, all * 1000 / calls, profile_name(*key)
    end
    f.printf "%6.2f %8.2f  %8.2f %8d ", 0.0, total, 0.0, 1
    f.printf "%8.2f %8.2f  %s\n", 0.0, total * 1000, "#toplevel"
  end

  # "Klass#meth" or "Mod.meth".
  def profile_name(klass, id)
    name = klass.to_s
    name += klass.kind_of?(Class) ? "#" : "."
    name + (id.respond_to?(:id2name) ? id.id2name : id.to_s)
  end

  private_class_method :print_table, :profile_name
end
