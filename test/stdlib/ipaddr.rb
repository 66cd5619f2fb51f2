# ipaddr.rb: lib/ipaddr.rb (IPAddr for IPv4 and IPv6).
require 'assert'
require 'ipaddr'

test "IPv4 from text" do
  a = IPAddr.new("192.168.2.1")
  assert_true a.ipv4?
  assert_false a.ipv6?
  assert_equal Socket::AF_INET, a.family
  assert_equal 0xc0a80201, a.to_i
  assert_equal "192.168.2.1", a.to_s
  assert_equal "192.168.2.1", a.to_string
  assert_equal "#<IPAddr: IPv4:192.168.2.1/255.255.255.255>", a.inspect
  assert_equal "0.0.0.0", IPAddr.new("0.0.0.0").to_s
  assert_equal 0xffffffff, IPAddr.new("255.255.255.255").to_i
  assert_equal "1.2.3.4", IPAddr.new("001.02.3.004").to_s
end

test "IPv6 from text" do
  a = IPAddr.new("3ffe:505:2::1")
  assert_true a.ipv6?
  assert_false a.ipv4?
  assert_equal Socket::AF_INET6, a.family
  assert_equal 0x3ffe0505000200000000000000000001, a.to_i
  assert_equal "3ffe:505:2::1", a.to_s
  assert_equal "3ffe:0505:0002:0000:0000:0000:0000:0001", a.to_string
  assert_equal "#<IPAddr: IPv6:3ffe:0505:0002:0000:0000:0000:0000:0001/ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff>", a.inspect
  assert_equal "::", IPAddr.new.to_s
  assert_equal 0, IPAddr.new.to_i
  assert_true IPAddr.new.ipv6?
  assert_equal "::1", IPAddr.new("::1").to_s
  assert_equal "::1", IPAddr.new("[::1]").to_s
  assert_equal "1::", IPAddr.new("1::").to_s
  assert_equal "1::8", IPAddr.new("1:0:0:0:0:0:0:8").to_s
  assert_equal "1:2:3:4:5:6:7:8", IPAddr.new("1:2:3:4:5:6:7:8").to_s
  assert_equal "1:0:2:0:3:0:4:0", IPAddr.new("1:0:2:0:3:0:4:0").to_s     # no run of two
  assert_equal "1:0:0:2::3", IPAddr.new("1:0:0:2:0:0:0:3").to_s            # the longest run
  assert_equal "1::2:0:0:3:0", IPAddr.new("1:0:0:2:0:0:3:0").to_s          # the first of equal runs
  assert_equal "abcd:ef01::", IPAddr.new("ABCD:EF01::").to_s
  assert_equal "fe80::1:2", IPAddr.new("fe80:0000:0000::0001:0002").to_s
  assert_equal "1:2:3:4:5:6:7:0", IPAddr.new("1:2:3:4:5:6:7::").to_s
end

test "IPv4-mapped and -compatible" do
  m = IPAddr.new("::ffff:192.168.1.2")
  assert_equal 0xffffc0a80102, m.to_i
  assert_equal "::ffff:192.168.1.2", m.to_s
  assert_true m.ipv4_mapped?
  assert_false m.ipv4_compat?
  c = IPAddr.new("::192.168.1.2")
  assert_equal "::192.168.1.2", c.to_s
  assert_true c.ipv4_compat?
  assert_false c.ipv4_mapped?
  assert_false IPAddr.new("::1").ipv4_compat?
  assert_false IPAddr.new("::").ipv4_compat?
  assert_false IPAddr.new("1.2.3.4").ipv4_mapped?
  assert_false IPAddr.new("1.2.3.4").ipv4_compat?
  assert_equal "::0.2.0.3", IPAddr.new("::2:3").to_s      # as 1.8.7 prints it
  a = IPAddr.new("192.168.1.2")
  assert_equal "::ffff:192.168.1.2", a.ipv4_mapped.to_s
  assert_true a.ipv4_mapped.ipv6?
  assert_equal "::192.168.1.2", a.ipv4_compat.to_s
  assert_equal "192.168.1.2", m.native.to_s
  assert_true m.native.ipv4?
  assert_equal "192.168.1.2", c.native.to_s
  v6 = IPAddr.new("3ffe::1")
  assert_same v6, v6.native
  assert_same a, a.native
  assert_raise(ArgumentError, "not an IPv4 address") { v6.ipv4_mapped }
  assert_raise(ArgumentError, "not an IPv4 address") { v6.ipv4_compat }
  assert_equal "1:2:3:4:5:6:102:304", IPAddr.new("1:2:3:4:5:6:1.2.3.4").to_s
  assert_equal "2001:db8::102:304", IPAddr.new("2001:db8::1.2.3.4").to_s
end

test "prefixes and masks" do
  n = IPAddr.new("192.168.2.77/24")
  assert_equal "192.168.2.0", n.to_s
  assert_equal "#<IPAddr: IPv4:192.168.2.0/255.255.255.0>", n.inspect
  assert_equal "192.168.0.0", IPAddr.new("192.168.2.77/255.255.0.0").to_s
  assert_equal "#<IPAddr: IPv4:192.168.0.0/255.255.0.0>", IPAddr.new("192.168.2.77/255.255.0.0").inspect
  assert_equal "0.0.0.0", IPAddr.new("1.2.3.4/0").to_s
  assert_equal "1.2.3.4", IPAddr.new("1.2.3.4/32").to_s
  assert_equal "1.2.3.4", IPAddr.new("1.2.3.4/").to_s
  a = IPAddr.new("192.168.2.77")
  assert_equal "192.168.0.0", a.mask(16).to_s
  assert_equal "192.168.2.64", a.mask(26).to_s
  assert_equal "192.168.2.77", a.to_s                 # mask makes a copy
  assert_equal "192.168.2.0", a.mask("24").to_s
  assert_equal "192.168.2.0", a.mask("255.255.255.0").to_s
  assert_equal "3ffe:505::", IPAddr.new("3ffe:505:2::1/32").to_s
  assert_equal "#<IPAddr: IPv6:3ffe:0505:0000:0000:0000:0000:0000:0000/ffff:ffff:0000:0000:0000:0000:0000:0000>",
               IPAddr.new("3ffe:505:2::1/32").inspect
  assert_equal "3ffe:505:2::", IPAddr.new("3ffe:505:2::1").mask(48).to_s
  assert_equal "3ffe:505:2::1", IPAddr.new("[3ffe:505:2::1]/128").to_s
  assert_raise(ArgumentError, "invalid length") { IPAddr.new("1.2.3.4/33") }
  assert_raise(ArgumentError, "invalid length") { IPAddr.new("::1/129") }
  assert_raise(ArgumentError, "invalid length") { a.mask(-1) }
  assert_raise(ArgumentError, "invalid length") { a.mask(40) }
  assert_raise(ArgumentError, "invalid address") { IPAddr.new("1.2.3.4/-1") }
  assert_raise(ArgumentError, "invalid address") { IPAddr.new("1.2.3.4/abc") }
  assert_raise(ArgumentError, "address family is not same") { a.mask("ffff::") }
end

test "from an Integer" do
  a = IPAddr.new(0xc0a80001, Socket::AF_INET)
  assert_equal "192.168.0.1", a.to_s
  assert_equal "#<IPAddr: IPv4:192.168.0.1/255.255.255.255>", a.inspect
  assert_equal "::1", IPAddr.new(1, Socket::AF_INET6).to_s
  assert_equal "::ffff:1.2.3.4", IPAddr.new(0xffff01020304, Socket::AF_INET6).to_s
  assert_raise(ArgumentError, "address family must be specified") { IPAddr.new(1) }
  assert_raise(ArgumentError, "unsupported address family: 99") { IPAddr.new(1, 99) }
  assert_raise(ArgumentError, "invalid address") { IPAddr.new(2 ** 32, Socket::AF_INET) }
  assert_raise(ArgumentError, "invalid address") { IPAddr.new(-1, Socket::AF_INET) }
  assert_raise(ArgumentError, "invalid address") { IPAddr.new(2 ** 128, Socket::AF_INET6) }
  assert_equal "255.255.255.255", IPAddr.new(2 ** 32 - 1, Socket::AF_INET).to_s
end

test "bad addresses" do
  ["", "1.2.3", "1.2.3.4.5", "1.2.3.256", "256.0.0.0", "1.2.3.4a", "a.b.c.d", "localhost",
   "10.1", "1.2.3.-4", " 1.2.3.4", "1.2.3.4 ", "1:2", "1:2:3:4:5:6:7:8:9", "::1:2:3:4:5:6:7:8",
   "1::2::3", ":::", ":1::2", "1::2:", "12345::", "g::", "fe80::1%eth0", "::1.2.3", "::1.2.3.256",
   "1.2.3.4::", "[1.2.3.4]", "[::1", "::1]"].each do |bad|
    assert_raise(ArgumentError, "invalid address") { IPAddr.new(bad) }
  end
  assert_raise(ArgumentError, "invalid address") { IPAddr.new("1.2.3.4", Socket::AF_INET6) }
  assert_raise(ArgumentError, "address family mismatch") { IPAddr.new("::1", Socket::AF_INET) }
  assert_equal "1.2.3.4", IPAddr.new("1.2.3.4", Socket::AF_INET).to_s
  assert_equal "::1", IPAddr.new("::1", Socket::AF_INET6).to_s
end

test "include?" do
  net = IPAddr.new("192.168.2.0/24")
  assert_true net.include?(IPAddr.new("192.168.2.0"))
  assert_true net.include?(IPAddr.new("192.168.2.255"))
  assert_false net.include?(IPAddr.new("192.168.3.0"))
  assert_true net.include?("192.168.2.100")
  assert_true net.include?(0xc0a80205)
  assert_false net.include?(IPAddr.new("::ffff:192.168.3.1"))
  assert_true net.include?(IPAddr.new("::ffff:192.168.2.1"))   # mapped counts as IPv4
  assert_false net.include?(IPAddr.new("::192.168.2.1"))
  assert_true net === "192.168.2.9"
  v6 = IPAddr.new("3ffe:505:2::/48")
  assert_true v6.include?("3ffe:505:2::1234")
  assert_false v6.include?("3ffe:505:3::1")
  assert_false v6.include?("1.2.3.4")
  mapped = IPAddr.new("::ffff:192.168.2.0/120")
  assert_true mapped.include?("192.168.2.7")
  assert_false mapped.include?("192.168.3.7")
  assert_false IPAddr.new("::ffff:192.168.2.0/64").include?("192.168.2.7")
  assert_raise(ArgumentError, "invalid address") { net.include?("bogus") }
  r = case "192.168.2.3"
      when IPAddr.new("10.0.0.0/8") then :ten
      when net then :net
      end
  assert_equal :net, r
end

test "to_range and succ" do
  r = IPAddr.new("192.168.2.0/30").to_range
  assert_equal "192.168.2.0", r.first.to_s
  assert_equal "192.168.2.3", r.last.to_s
  assert_equal ["192.168.2.0", "192.168.2.1", "192.168.2.2", "192.168.2.3"], r.map { |x| x.to_s }
  assert_equal "1.2.3.5", IPAddr.new("1.2.3.4").succ.to_s
  assert_equal "1.2.4.0", IPAddr.new("1.2.3.255").succ.to_s
  assert_equal "::2", IPAddr.new("::1").succ.to_s
  assert_raise(ArgumentError, "invalid address") { IPAddr.new("255.255.255.255").succ }
  r6 = IPAddr.new("3ffe:505:2::/120").to_range
  assert_equal "3ffe:505:2::", r6.first.to_s
  assert_equal "3ffe:505:2::ff", r6.last.to_s
  # the range of an address keeps the address's own mask
  r1 = IPAddr.new("10.1.2.3").to_range
  assert_equal ["10.1.2.3", "10.1.2.3"], [r1.first.to_s, r1.last.to_s]
end

test "comparison, ==, hash and eql?" do
  a = IPAddr.new("1.2.3.4")
  b = IPAddr.new("1.2.3.5")
  assert_equal(-1, a <=> b)
  assert_equal 1, b <=> a
  assert_equal 0, a <=> IPAddr.new("1.2.3.4")
  assert_equal 0, a <=> "1.2.3.4"
  assert_nil a <=> IPAddr.new("::1")
  assert_true a < b
  assert_true b >= a
  assert_true a.between?(IPAddr.new("1.0.0.0"), b)
  assert_true a == IPAddr.new("1.2.3.4")
  assert_true a == "1.2.3.4"
  assert_true a == 0x01020304
  assert_false a == b
  assert_false a == IPAddr.new("::1.2.3.4")
  assert_raise(ArgumentError, "invalid address") { a == "bogus" }
  assert_equal [a, b], [b, a].sort
  assert_true a.eql?(IPAddr.new("1.2.3.4"))
  assert_false a.eql?(b)
  assert_false a.eql?("1.2.3.4")
  assert_equal a.hash, IPAddr.new("1.2.3.4").hash
  h = { a => :a }
  assert_equal :a, h[IPAddr.new("1.2.3.4")]
  assert_nil h[IPAddr.new("1.2.3.4/31")]   # another mask: another key
  assert_equal 2, [a, b, IPAddr.new("1.2.3.4")].uniq.size
end

test "bit operations" do
  a = IPAddr.new("192.168.2.77")
  assert_equal "192.168.2.0", (a & IPAddr.new("255.255.255.0")).to_s
  assert_equal "192.168.2.0", (a & "255.255.255.0").to_s
  assert_equal "192.168.2.0", (a & 0xffffff00).to_s
  assert_equal "192.168.2.255", (a | "0.0.0.255").to_s
  assert_equal "63.87.253.178", (~a).to_s
  assert_equal "168.2.77.0", (a << 8).to_s
  assert_equal "0.192.168.2", (a >> 8).to_s
  assert_equal "192.168.2.77", a.to_s
  v6 = IPAddr.new("::1")
  assert_equal "::0.1.0.0", (v6 << 16).to_s           # two groups after "::": 1.8.7 prints a quad
  assert_equal "::1:0:0", (v6 << 32).to_s
  assert_equal "::", (v6 >> 1).to_s
  assert_equal "ffff:ffff:ffff:ffff:ffff:ffff:ffff:fffe", (~v6).to_s
  assert_equal "8000::", (v6 << 127).to_s
  assert_equal "::", (v6 << 128).to_s
end

test "hton, ntop, new_ntoh" do
  assert_equal "\300\250\002\001", IPAddr.new("192.168.2.1").hton
  packed = IPAddr.new("3ffe:505:2::1").hton
  assert_equal 16, packed.size
  assert_equal "?\376\005\005\000\002" + "\000" * 9 + "\001", packed
  assert_equal "192.168.2.1", IPAddr.ntop("\300\250\002\001")
  assert_equal "3ffe:0505:0002:0000:0000:0000:0000:0001", IPAddr.ntop(packed)
  assert_equal "3ffe:505:2::1", IPAddr.new_ntoh(packed).to_s
  assert_equal "1.2.3.4", IPAddr.new_ntoh("\1\2\3\4").to_s
  assert_raise(ArgumentError, "unsupported address family") { IPAddr.ntop("\1\2\3") }
end

test "reverse, ip6_arpa, ip6_int" do
  assert_equal "1.2.168.192.in-addr.arpa", IPAddr.new("192.168.2.1").reverse
  a6 = IPAddr.new("3ffe:505:2::f")
  want = "f.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.2.0.0.0.5.0.5.0.e.f.f.3"
  assert_equal want + ".ip6.arpa", a6.reverse
  assert_equal want + ".ip6.arpa", a6.ip6_arpa
  assert_equal want + ".ip6.int", a6.ip6_int
  assert_raise(ArgumentError, "not an IPv6 address") { IPAddr.new("1.2.3.4").ip6_arpa }
  assert_raise(ArgumentError, "not an IPv6 address") { IPAddr.new("1.2.3.4").ip6_int }
end

test "constants" do
  assert_equal 0xffffffff, IPAddr::IN4MASK
  assert_equal 2 ** 128 - 1, IPAddr::IN6MASK
  assert_equal "%.4x:%.4x:%.4x:%.4x:%.4x:%.4x:%.4x:%.4x", IPAddr::IN6FORMAT
  assert_equal 2, Socket::AF_INET
  assert_equal 10, Socket::AF_INET6
  assert_equal 0, Socket::AF_UNSPEC
  assert_raise(NoMethodError) { IPAddr.new("1.2.3.4").set(1) }     # protected
  assert_raise(NoMethodError) { IPAddr.new("1.2.3.4").in_addr("1.2.3.4") }
end
