# profiler_table.rb: the parts of lib/profiler.rb that do not need
# Kernel#set_trace_func: what Profiler__::PROFILE_PROC records for each
# event (called here with made-up events) and the table print_profile
# prints (through its private print_table, with made-up times).
require 'assert'
require 'stringio'
require 'profiler'

def reset
  Profiler__.stack.clear
  Profiler__.map.clear
end

test "PROFILE_PROC counts calls and charges time" do
  reset
  pr = Profiler__::PROFILE_PROC
  pr.call("call", "f.rb", 1, :outer, nil, String)
  pr.call("c-call", "f.rb", 2, :size, nil, String)
  pr.call("c-return", "f.rb", 2, :size, nil, String)
  pr.call("c-call", "f.rb", 2, :size, nil, String)
  pr.call("c-return", "f.rb", 2, :size, nil, String)
  pr.call("line", "f.rb", 3, nil, nil, String)          # ignored
  pr.call("return", "f.rb", 4, :outer, nil, String)
  pr.call("return", "f.rb", 5, :unmatched, nil, String) # no frame: ignored
  assert_equal [], Profiler__.stack
  assert_equal [[String, :outer], [String, :size]], Profiler__.map.keys.sort_by { |k| k[1].to_s }
  outer = Profiler__.map[[String, :outer]]
  size = Profiler__.map[[String, :size]]
  assert_equal 1, outer[0]
  assert_equal 2, size[0]
  assert_equal [String, :outer], outer[3]
  assert_true outer[1] >= size[1]                       # total includes the callees
  assert_true outer[2] >= 0.0 && size[2] >= 0.0
  assert_in_delta outer[1] - size[1], outer[2], 0.0000001   # self = total - callees
end

test "the table" do
  rows = [[2, 0.5, 0.25, [String, :size]],
          [1, 1.0, 0.75, [Array, :each]],
          [4, 0.02, 0.02, [Math, :sqrt]]]
  out = StringIO.new
  Profiler__.__send__(:print_table, out, rows, 2.0)
  expected = <<'TABLE'
  %   cumulative   self              self     total
 time   seconds   seconds    calls  ms/call  ms/call  name
 37.50     0.75      0.75        1   750.00  1000.00  Array#each
 12.50     1.00      0.25        2   125.00   250.00  String#size
  1.00     1.02      0.02        4     5.00     5.00  Math.sqrt
  0.00     2.00      0.00        1     0.00  2000.00  #toplevel
TABLE
  assert_equal expected, out.string
end

test "an empty table, and no time at all" do
  out = StringIO.new
  Profiler__.__send__(:print_table, out, [], 0)
  assert_equal "  %   cumulative   self              self     total\n" \
               " time   seconds   seconds    calls  ms/call  ms/call  name\n" \
               "  0.00     0.01      0.00        1     0.00    10.00  #toplevel\n", out.string
end

test "names" do
  assert_equal "String#upcase", Profiler__.__send__(:profile_name, String, :upcase)
  assert_equal "Kernel.puts", Profiler__.__send__(:profile_name, Kernel, :puts)
  assert_equal "#<Class:Math>#sqrt", Profiler__.__send__(:profile_name, (class << Math; self; end), :sqrt)
  assert_raise(NoMethodError) { Profiler__.print_table(StringIO.new, [], 1) }   # private
end
