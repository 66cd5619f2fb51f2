# sprintf.rb: Kernel#sprintf, Kernel#format and String#% as in 1.8.7:
# every directive, flags, width and precision (also from arguments),
# positional arguments, Bignums, two's complement for negative numbers in
# %x %o %b %B %u, Inf/NaN, nil as 0, and the error messages.
require 'assert'

test "%s %p %c %%" do
  assert_equal "abc", sprintf("%s", "abc")
  assert_equal "1", sprintf("%s", 1)
  assert_equal "", sprintf("%s", nil)
  assert_equal "[1, 2]", sprintf("%p", [1, 2])
  assert_equal '"a"', sprintf("%p", "a")
  assert_equal "nil", sprintf("%p", nil)
  assert_equal "   ab", sprintf("%5s", "ab")
  assert_equal "ab   |", sprintf("%-5s|", "ab")
  assert_equal "ab", sprintf("%.2s", "abcd")
  assert_equal "   ab", sprintf("%5.2s", "abcd")
  assert_equal "A", sprintf("%c", 65)
  assert_equal "A", sprintf("%c", 321)
  assert_raise(TypeError, "can't convert String into Integer") { sprintf("%c", "a") }
  assert_raise(TypeError, "no implicit conversion from nil to integer") { sprintf("%c", nil) }
  assert_equal "\003", sprintf("%c", 3.7)
  assert_equal "\377", sprintf("%c", -1)
  assert_equal "  A", sprintf("%3c", 65)
  assert_equal "A  |", sprintf("%-3c|", 65)
  assert_equal "100%", sprintf("%d%%", 100)
  assert_equal "%", sprintf("%")
  assert_equal "a%\n", sprintf("a%\n")
  assert_equal "no directives", sprintf("no directives")
end

test "%d %i %u" do
  assert_equal "42", sprintf("%d", 42)
  assert_equal "-42", sprintf("%i", -42)
  assert_equal "+42", sprintf("%+d", 42)
  assert_equal " 42", sprintf("% d", 42)
  assert_equal "-42", sprintf("% d", -42)
  assert_equal "   42", sprintf("%5d", 42)
  assert_equal "42   |", sprintf("%-5d|", 42)
  assert_equal "00042", sprintf("%05d", 42)
  assert_equal "-0042", sprintf("%05d", -42)
  assert_equal "+0042", sprintf("%+05d", 42)
  assert_equal "00042", sprintf("%.5d", 42)
  assert_equal "  00042", sprintf("%7.5d", 42)
  assert_equal "3", sprintf("%d", 3.99)
  assert_equal "-3", sprintf("%d", -3.99)
  assert_equal "31", sprintf("%d", "0x1f")
  assert_equal "12345678901234567890", sprintf("%d", 12345678901234567890)
  assert_equal "-12345678901234567890", sprintf("%d", -12345678901234567890)
  assert_equal "  12345678901234567890", sprintf("%22d", 12345678901234567890)
  assert_equal "100000000000000000000", sprintf("%d", 1e20)
  assert_equal "..18446744073709551611", sprintf("%u", -5)
  assert_equal "0", sprintf("%d", nil)
  assert_raise(ArgumentError) { sprintf("%d", "abc") }
end

test "%x %X %o %b" do
  assert_equal "ff", sprintf("%x", 255)
  assert_equal "FF", sprintf("%X", 255)
  assert_equal "0xff", sprintf("%#x", 255)
  assert_equal "0XFF", sprintf("%#X", 255)
  assert_equal "377", sprintf("%o", 255)
  assert_equal "0377", sprintf("%#o", 255)
  assert_equal "101", sprintf("%b", 5)
  assert_equal "0b101", sprintf("%#b", 5)
  assert_equal "00000101", sprintf("%08b", 5)
  assert_equal "  101", sprintf("%5b", 5)
  assert_equal "ffffffffffffffffffff", sprintf("%x", 2 ** 80 - 1)
  assert_equal "1" + "0" * 70, sprintf("%b", 2 ** 70)
  assert_equal "-ff", sprintf("%+x", -255)
  assert_equal "-ff", sprintf("% x", -255)
  assert_equal "-101", sprintf("%+b", -5)
end

test "negative numbers in two's complement" do
  assert_equal "..f01", sprintf("%x", -255)
  assert_equal "..F01", sprintf("%X", -255)
  assert_equal "..f", sprintf("%x", -1)
  assert_equal "..f0", sprintf("%x", -16)
  assert_equal "..70", sprintf("%o", -8)
  assert_equal "..74", sprintf("%o", -4)
  assert_equal "..7401", sprintf("%o", -255)
  assert_equal "..1011", sprintf("%b", -5)
  assert_equal "..10", sprintf("%b", -2)
  assert_equal "..1", sprintf("%b", -1)
  assert_equal "0x..f01", sprintf("%#x", -255)
  assert_equal "ffffff01", sprintf("%08x", -255)
  assert_equal "ffffffffff", sprintf("%.10x", -1)
  assert_equal "   ..f01", sprintf("%8x", -255)
  assert_equal "..f01   |", sprintf("%-8x|", -255)
  assert_equal "..f" + "0" * 20, sprintf("%x", -(16 ** 20))
  assert_equal "..f01", "%x" % -255
end

test "%f %e %g" do
  assert_equal "3.141593", sprintf("%f", 3.1415926)
  assert_equal "3.14", sprintf("%.2f", 3.14159)
  assert_equal "03.14", sprintf("%05.2f", 3.14159)
  assert_equal " 3.14", sprintf("%5.2f", 3.14159)
  assert_equal "3.14 |", sprintf("%-5.2f|", 3.14159)
  assert_equal "+3.1", sprintf("%+.1f", 3.14159)
  assert_equal "3", sprintf("%.0f", 3.14159)
  assert_equal "3.", sprintf("%#.0f", 3.14159)
  assert_equal "1.234568e+04", sprintf("%e", 12345.678)
  assert_equal "1.23E+04", sprintf("%.2E", 12345.678)
  assert_equal "0.0001", sprintf("%g", 0.0001)
  assert_equal "1e-05", sprintf("%g", 0.00001)
  assert_equal "1E+20", sprintf("%G", 1e20)
  assert_equal "12345.7", sprintf("%g", 12345.678)
  assert_equal "42.000000", sprintf("%f", 42)
  assert_equal "1.500000", sprintf("%f", "1.5")
  assert_equal "100000000000000000000.000000", sprintf("%f", 10 ** 20)
  assert_raise(TypeError) { sprintf("%f", nil) }
  assert_raise(ArgumentError) { sprintf("%f", "abc") }
end

test "Inf and NaN: the C library's spelling, padded with spaces" do
  inf = 1.0 / 0
  nan = -(0.0 / 0).abs
  nan = -nan if sprintf("%f", nan)[0] == ?-
  assert_equal "inf", sprintf("%f", inf)
  assert_equal "-inf", sprintf("%f", -inf)
  assert_equal "nan", sprintf("%f", nan)
  assert_equal "-nan", sprintf("%f", -nan)
  assert_equal "NAN", sprintf("%E", nan)
  assert_equal "-INF", sprintf("%G", -inf)
  assert_equal "inf", sprintf("%e", inf)
  assert_equal "+inf", sprintf("%+f", inf)
  assert_equal " inf", sprintf("% f", inf)
  assert_equal "  inf", sprintf("%5f", inf)
  assert_equal "  inf", sprintf("%05f", inf)
  assert_equal "inf  |", sprintf("%-5f|", inf)
  assert_equal " -inf", sprintf("%5.2f", -inf)
  assert_equal " inf      |", sprintf("% -10f|", inf)
end

test "width and precision from arguments" do
  assert_equal "   ab", sprintf("%*s", 5, "ab")
  assert_equal "ab   |", sprintf("%*s|", -5, "ab")
  assert_equal "3.14", sprintf("%.*f", 2, 3.14159)
  assert_equal "  3.14", sprintf("%*.*f", 6, 2, 3.14159)
end

test "positional arguments" do
  assert_equal "b a", sprintf("%2$s %1$s", "a", "b")
  assert_equal "a a", sprintf("%1$s %1$s", "a")
  assert_equal "   ab", sprintf("%1$*2$s", "ab", 5)
  assert_raise(ArgumentError, "unnumbered(1) mixed with numbered") { sprintf("%1$s %s", "a", "b") }
  assert_raise(ArgumentError, "numbered(1) after unnumbered(1)") { sprintf("%s %1$s", "a", "b") }
  assert_raise(ArgumentError, "too few arguments") { sprintf("%3$s", "a") }
end

test "errors" do
  assert_raise(ArgumentError, "too few arguments") { sprintf("%s %s", "a") }
  assert_raise(ArgumentError, "too few arguments") { sprintf("%d") }
  assert_raise(ArgumentError, "malformed format string - %y") { sprintf("%y", 1) }
  assert_raise(ArgumentError, "malformed format string - %a") { sprintf("%a", 1.0) }
  assert_raise(ArgumentError, "width given twice") { sprintf("%5*d", 1, 2) }
  assert_raise(ArgumentError, "flag after width") { sprintf("%5-d", 1) }
  assert_raise(ArgumentError, "flag after precision") { sprintf("%.5-d", 1) }
  assert_raise(ArgumentError, "precision given twice") { sprintf("%.5.5d", 1) }
  assert_raise(ArgumentError) { sprintf("%-%") }
  assert_raise(ArgumentError) { sprintf() }
  assert_raise(TypeError) { sprintf(1) }
end

test "String#% and format" do
  assert_equal "a-b", "%s-%s" % ["a", "b"]
  assert_equal "5", "%d" % 5
  assert_equal "[1, 2]", "%p" % [[1, 2]]
  assert_equal "x: 3.00", "x: %.2f" % 3
  assert_equal "1 2", format("%d %d", 1, 2)
  assert_equal "nil", "%p" % nil
  assert_raise(ArgumentError, "too few arguments") { "%s" % [] }
  assert_raise(ArgumentError) { "%s %s" % ["a"] }
end

test "nil, Floats, Strings and to_i objects as integers" do
  assert_equal "0", sprintf("%d", nil)
  assert_equal "00000", sprintf("%.5d", nil)
  assert_equal " 0x0", sprintf("%# .0x", nil)
  assert_equal "0", sprintf("%b", nil)
  assert_equal "3", sprintf("%d", 3.99)
  assert_equal "-3", sprintf("%d", -3.99)
  assert_equal "250000000000000000000", sprintf("%d", 2.5e20)
  assert_equal "1f", sprintf("%x", "0x1f")
  assert_equal "3", sprintf("%d", "0b11")
  assert_equal "1000", sprintf("%d", "1_000")
  assert_raise(ArgumentError, 'invalid value for Integer: "12abc"') { sprintf("%d", "12abc") }
  assert_raise(FloatDomainError, "NaN") { sprintf("%d", 0.0 / 0) }
  assert_raise(FloatDomainError, "-Infinity") { sprintf("%B", -1.0 / 0) }
  assert_raise(TypeError, "can't convert Object into Integer") { sprintf("%d", Object.new) }
  assert_raise(TypeError, "can't convert Array into Integer") { sprintf("%d", [1]) }
  o = Object.new
  def o.to_i; 7; end
  assert_equal "7", sprintf("%d", o)
  def o.to_int; 8; end
  assert_equal "8", sprintf("%d", o)
  bad = Object.new
  def bad.to_i; "x"; end
  assert_raise(TypeError, "Object#to_i should return Integer") { sprintf("%d", bad) }
  assert_equal :a.to_i.to_s, sprintf("%d", :a)
end

test "%B: binary with 0B" do
  assert_equal "101", "%B" % 5
  assert_equal "0B101", "%#B" % 5
  assert_equal "..1011", "%B" % -5
  assert_equal "0B..1011", "%#B" % -5
  assert_equal "-0B101", "%#+B" % -5
  assert_equal " 0B00101", "%# .5B" % 5
  assert_equal "0B0", "%#B" % 0
end

test "%u of a negative number" do
  assert_equal "..18446744073709551611", "%u" % -5
  assert_equal "..18446744073709551615", "%u" % -1
  assert_equal "18446744073709551611", "%.0u" % -5
  assert_equal "18446744073709551611", "%0u" % -5
  assert_equal "        ..18446744073709551611", "%30u" % -5
  assert_equal "..18446744073709551611        ", "%-30u" % -5
  assert_equal "..........18446744073709551611", "%030u" % -5
  assert_equal ".....18446744073709551611", "%.25u" % -5
  assert_equal "     .....18446744073709551611", "%30.25u" % -5
  assert_equal "-5", "%+u" % -5
  assert_equal "-005", "% .3u" % -5
  # Bignums: 2**(32n) + v for the 32-bit words of |v|, as wide as 2**(32n)
  assert_equal "..09223372036854775808", "%u" % -(2**63)
  assert_equal "..00000000000000000001", "%u" % (1 - 2**64)
  assert_equal "..79228162495817593519834398720", "%u" % -(2**64)
  assert_equal ".79228162495817593519834398720", "%030u" % -(2**64)
  assert_equal "..00000000000000000000000000001", "%u" % (1 - 2**96)
  assert_equal "..340282366841710300949110269838224261120", "%u" % -(2**96)
end

test "two's complement forms" do
  assert_equal "..fb", "%x" % -5
  assert_equal "..FB", "%X" % -5
  assert_equal "..73", "%o" % -5
  assert_equal "..1011", "%b" % -5
  assert_equal "0x..f01", "%#x" % -255
  assert_equal "0..73", "%#o" % -5
  assert_equal "                         0..73", "%#30o" % -5
  assert_equal "fffffffb", "%08x" % -5
  assert_equal "fffffffb", "%.8x" % -5
  assert_equal "FFFFFFFB", "%.8X" % -5
  assert_equal "0xfffffffffffffffffffffffffffb", "%#030x" % -5
  assert_equal "0777777777777777777777777777773", "%#.30o" % -5
  assert_equal "ffffffffffffff0000000000000000", "%.30x" % -(2**64)
  assert_equal "..f0000000000000000", "%x" % -(2**64)
  assert_equal "..76000000000000000000000", "%o" % -(2**64)
  assert_equal "-5", "% x" % -5
  assert_equal "-0x5", "%+#x" % -5
end

test "'0' pads to the width even with '-'" do
  assert_equal "00000005", "%-08d" % 5
  assert_equal "00000005", "%0-8d" % 5
  assert_equal "+0000005", "%-0+8d" % 5
  assert_equal " 0000005", "%- 08d" % 5
  assert_equal "-0000255", "%-08d" % -255
  assert_equal "fffffffb", "%-08x" % -5
  assert_equal "005     ", "%-08.3d" % 5
  assert_equal "a       ", "%-08s" % "a"
  assert_equal "1.500000", "%-08f" % 1.5
end

test "directive errors" do
  assert_raise(ArgumentError, "malformed format string - %z") { "%z" % [1] }
  assert_raise(ArgumentError, "malformed format string - %a") { "%a" % [1.0] }
  assert_raise(ArgumentError, "illegal format character - %") { "%-5%" % [] }
  assert_raise(ArgumentError, "illegal format character - %") { "%.3%" % [] }
  assert_raise(ArgumentError, "malformed format string - %$") { "%0$s" % [1] }
  assert_raise(ArgumentError, "value given twice - 1$") { "%1$1$s" % [1] }
  assert_raise(ArgumentError, "width given twice") { "%**d" % [1, 2, 3] }
  assert_raise(ArgumentError, "precision given twice") { "%5.5.5d" % [1] }
  assert_raise(ArgumentError, "flag after precision") { "%.5 d" % [1] }
  assert_raise(ArgumentError, "flag after width") { "%5 d" % [1] }
  assert_raise(ArgumentError, "malformed format string - %*[0-9]") { "%5" % [] }
end
