# huge_formats.rb: sprintf widths and precisions at the ends of the int
# range, and flatten of an object whose to_ary holds it again, end in an
# exception or the right result, never in an overflow or an endless loop
# (issue "Green threads you can trust", hazards).  The 2 GB outputs
# themselves are in huge_formats_test.py, under a memory limit.
# timeout: 60
require 'assert'

test "a width of -2**31 from * is too big, not an int overflow" do
  assert_raise(ArgumentError, "width too big") { sprintf("%*d", -2**31, 1) }
  assert_raise(ArgumentError, "width too big") { sprintf("%*s", -2**31, "a") }
  assert_raise(ArgumentError, "width too big") { sprintf("%*f", -2**31, 1.0) }
  assert_raise(ArgumentError, "width too big") { sprintf("%1$*2$d", 1, -2**31) }
  assert_raise(RangeError) { sprintf("%*d", 2**31, 1) }
  assert_raise(RangeError) { sprintf("%*d", -2**31 - 1, 1) }
  assert_raise(RangeError) { sprintf("%.*f", 2**31, 1.0) }
  assert_equal "1  |", sprintf("%*d|", -3, 1)
end

test "widths and precisions written in the format" do
  assert_raise(ArgumentError, "width too big") { "%2147483648d" % 1 }
  assert_raise(ArgumentError, "width too big") { "%99999999999d" % 1 }
  assert_raise(ArgumentError, "precision too big") { "%.2147483648d" % 1 }
  assert_raise(ArgumentError, "precision too big") { "%.2147483648f" % 1.0 }
  assert_equal 12, ("%12d" % 1).size
end

test "floats at precisions beyond a double's exact expansion" do
  tiny = 2.0 ** -1074                    # 5**1074 / 10**1074 exactly
  exact = "0." + "0" * (1074 - (5 ** 1074).to_s.size) + (5 ** 1074).to_s
  assert_equal exact, "%.1074f" % tiny
  assert_equal exact + "0" * 926, "%.2000f" % tiny
  assert_equal "1." + "0" * 5000, "%.5000f" % 1.0
  assert_equal "-0.5" + "0" * 1999, "%.2000f" % -0.5
  assert_equal "1." + "0" * 3000 + "e+00", "%.3000e" % 1.0
  assert_equal "1." + "0" * 3000 + "E+20", "%.3000E" % 1e20
  point1 = "0." + (3602879701896397 * 5 ** 55).to_s.rjust(55, "0")    # 0.1 is that / 2**55
  assert_equal point1, "%.3000g" % 0.1
  assert_equal point1 + "0" * 2945, "%.3000f" % 0.1
  assert_equal "100000000000000000000", "%.3000g" % 1e20
  assert_equal "1." + "0" * 2999, "%#.3000g" % 1.0
  assert_equal 2**20 + 2, sprintf("%.*f", 2**20, 1.0).size
  assert_equal "3." + "0" * 2**20, sprintf("%.*f", 2**20, 3.0)
end

test "float widths and flags are padded as before" do
  assert_equal "    1.50", "%8.2f" % 1.5
  assert_equal "1.50    |", "%-8.2f|" % 1.5
  assert_equal "-0001.50", "%08.2f" % -1.5
  assert_equal "+0001.50", "%+08.2f" % 1.5
  assert_equal " 0001.50", "% 08.2f" % 1.5
  assert_equal "1.50    |", "%-08.2f|" % 1.5
  assert_equal "0001.e+00", "%#09.0e" % 1.0
  assert_equal "  1.00000", "%#9g" % 1.0
  assert_equal "      inf", "%9f" % (1.0 / 0)      # 1.8.7 lets printf spell it
  assert_equal " " * 1995 + "1.500", "%2000.3f" % 1.5
  assert_equal "-" + "0" * 1996 + "1.5", "%02000.1f" % -1.5
end

test "flatten of an object whose to_ary contains it again" do
  o = Object.new
  def o.to_ary; [self]; end
  assert_raise(ArgumentError, "tried to flatten recursive array") { [1, o].flatten }
  a = [1, o]
  assert_raise(ArgumentError, "tried to flatten recursive array") { a.flatten! }
  assert_equal 2, a.size
  b = Object.new
  def b.to_ary; [1, [self]]; end
  assert_raise(ArgumentError, "tried to flatten recursive array") { [b].flatten }
  assert_equal [1, o], [1, o].flatten(0)
  assert_equal [1, o], [1, o].flatten(1)
end

test "flatten still accepts shared and converted elements" do
  x = [1]
  assert_equal [1, 1, 1], [x, x, [x]].flatten
  q = Object.new
  def q.to_ary; [1, [2]]; end
  assert_equal [1, 2, 1, 2], [q, q].flatten
  r = []
  r << r
  assert_raise(ArgumentError, "tried to flatten recursive array") { r.flatten }
  assert_equal [[1]], [[[1]]].flatten!(1)
end
