# base64.rb: lib/base64.rb (Base64.encode64, decode64, b64encode, decode_b).
require 'assert'
require 'base64'

test "encode64" do
  assert_equal "", Base64.encode64("")
  assert_equal "YQ==\n", Base64.encode64("a")
  assert_equal "YWI=\n", Base64.encode64("ab")
  assert_equal "YWJj\n", Base64.encode64("abc")
  assert_equal "AP8Q\n", Base64.encode64("\000\377\020")
  assert_equal "Pz8/\n", Base64.encode64("???")
  assert_equal "Pj4+\n", Base64.encode64(">>>")
  # 45 bytes make one line of 60 characters
  assert_equal "YWFh" * 15 + "\n", Base64.encode64("a" * 45)
  assert_equal "YWFh" * 15 + "\nYQ==\n", Base64.encode64("a" * 46)
  long = Base64.encode64("x" * 200)
  lines = long.split("\n")
  assert_equal [60, 60, 60, 60, 28], lines.map { |l| l.length }
  assert_equal "\n", long[-1, 1]
  assert_raise(TypeError) { Base64.encode64(nil) }
  assert_raise(TypeError) { Base64.encode64(12) }
end

test "decode64" do
  assert_equal "", Base64.decode64("")
  assert_equal "a", Base64.decode64("YQ==")
  assert_equal "a", Base64.decode64("YQ==\n")
  assert_equal "ab", Base64.decode64("YWI=")
  assert_equal "abc", Base64.decode64("YWJj")
  assert_equal "\000\377\020", Base64.decode64("AP8Q")
  assert_equal "abcdef", Base64.decode64("YWJj\nZGVm\n")
  assert_equal "abc", Base64.decode64("!!YW Jj**")     # characters outside the alphabet are skipped
  assert_equal "a", Base64.decode64("YQ==YWJj")        # stops at the padding
  assert_equal "", Base64.decode64("Y")                # an incomplete group gives nothing
  assert_equal "", Base64.decode64("YQ")
  assert_raise(NoMethodError) { Base64.decode64(nil) }
  s = (0..255).map { |i| i.chr }.join * 3
  assert_equal s, Base64.decode64(Base64.encode64(s))
end

test "b64encode prints lines of len characters" do
  require 'stringio'
  saved = $stdout
  begin
    $stdout = StringIO.new
    r = Base64.b64encode("abcdefghij", 4)
    out = $stdout.string
  ensure
    $stdout = saved
  end
  assert_equal "YWJj\nZGVm\nZ2hp\nag==\n", out
  assert_equal "YWJjZGVmZ2hpag==\n", r
  begin
    $stdout = StringIO.new
    Base64.b64encode("a" * 50)
    out = $stdout.string
  ensure
    $stdout = saved
  end
  assert_equal Base64.encode64("a" * 50), out
end

test "decode_b" do
  s = "Subject: =?ISO-2022-JP?B?GyRCJCIbKEI=?= x"    # ESC $ B 0x24 0x22 ESC ( B
  r = Base64.decode_b(s)
  assert_equal "Subject: \244\242 x", r
  assert_same s, r                                  # changed in place, as 1.8.7
  assert_equal "\244\242", Base64.decode_b("=?iso-2022-jp?b?GyRCJCIbKEI=?=")
  # half-width katakana after ESC ( I
  assert_equal "\216\261", Base64.decode_b("=?ISO-2022-JP?B?#{Base64.encode64("\e(I1\e(B").chomp}?=")
  # Shift_JIS: 0x82A0 is JIS 0x2422; 0x8140 is 0x2121; 0x889F is 0x3021; 0xE040 is 0x5F21
  sj = Base64.encode64("\202\240\201\100\210\237\340\100\261").chomp
  assert_equal "\244\242\241\241\260\241\337\241\216\261", Base64.decode_b("=?SHIFT_JIS?B?#{sj}?=")
  assert_equal "a b c", Base64.decode_b("a\nb\000 c")
  assert_equal "plain", Base64.decode_b("plain")
end

test "module functions and Deprecated" do
  assert_equal ["b64encode", "decode64", "decode_b", "encode64"],
               Base64.private_instance_methods(false).sort
  assert_equal [], Base64.public_instance_methods(false)
  assert_true Object.include?(Base64::Deprecated)
  assert_true Base64::Deprecated.include?(Base64)
  require 'stringio'
  saved = $stderr
  begin
    $stderr = StringIO.new
    r = encode64("a")
    err = $stderr.string
  ensure
    $stderr = saved
  end
  assert_equal "YQ==\n", r
  assert_match(/base64\.rb:\d+: encode64 is deprecated; use Base64\.encode64 instead\n\z/, err)
  assert_false Base64.respond_to?(:strict_encode64)
  assert_false Base64.respond_to?(:urlsafe_encode64)
  assert_false Base64.respond_to?(:jis_to_euc)
end
