# ipaddr.rb: IPv4 and IPv6 addresses and networks, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's ipaddr.rb:
#   IPAddr.new(addr = '::', family = Socket::AF_UNSPEC): from a String
#   "192.168.1.2", "3ffe:505:2::1", "[::1]", with a prefix "10.0.0.0/8"
#   or a mask "10.0.0.0/255.0.0.0" (the address is masked), or from an
#   Integer with a family; IPAddr.ntop(packed), IPAddr.new_ntoh(packed);
#   family, to_i, to_s (IPv6 with the longest run of zero groups as "::",
#   "::ffff:1.2.3.4" and "::1.2.3.4" for the IPv4-mapped and -compatible
#   forms), to_string (in full), inspect "#<IPAddr: IPv4:10.0.0.0/255.0.0.0>",
#   hton, ipv4?, ipv6?, ipv4_mapped?, ipv4_compat?, ipv4_mapped,
#   ipv4_compat, native, mask(prefixlen or mask String), include?/===,
#   to_range, reverse, ip6_arpa, ip6_int, succ, <=> (nil for another
#   family) and Comparable, ==, hash/eql? (usable as Hash keys), &, |, ~,
#   <<, >>.  An operand of &, |, ==, <=> and include? may be an IPAddr, a
#   String (parsed) or an Integer (of the receiver's family).
# Errors are 1.8.7's ArgumentErrors: "invalid address", "invalid length",
# "address family mismatch", "address family must be specified",
# "unsupported address family: N", "address family is not same", "not an
# IPv4 address", "not an IPv6 address".
# 1.8.7 checked the text with IPSocket.getaddress; here it is checked
# without the resolver: four decimal numbers 0-255 for IPv4, RFC 4291
# text for IPv6 (one "::" at most, groups of 1-4 hex digits, an IPv4
# dotted quad in the last 32 bits).  Host names, zone ids ("fe80::1%eth0")
# and inet_aton's short or octal forms ("10.1", "010.0.0.1" as 8.0.0.1)
# are "invalid address"; unlike 1.8.7, an IPv4 tail is taken after any
# IPv6 prefix, not only after "::" and "::ffff:".
# The family constants are Socket's (AF_INET 2, AF_INET6 10 as on Linux).
# Should `require 'socket'` fail (miniruby links its socket extension in,
# so it does not), a class Socket holding just AF_UNSPEC, AF_INET and
# AF_INET6 is defined so that 1.8.7 code naming Socket::AF_INET runs.
# Left out: nothing of 1.8.7's API.

begin
  require 'socket'
rescue LoadError
end

unless defined?(::Socket)
  # Only the address families, without the socket extension.
  class Socket
    AF_UNSPEC = 0
    AF_INET = 2
    AF_INET6 = 10
  end
end

class IPAddr
  IN4MASK = 0xffffffff
  IN6MASK = 0xffffffffffffffffffffffffffffffff
  IN6FORMAT = (["%.4x"] * 8).join(':')

  attr_reader :family

  # The text of a packed address of 4 or 16 bytes.
  def IPAddr.ntop(addr)
    case addr.size
    when 4
      addr.unpack('C4').join('.')
    when 16
      IN6FORMAT % addr.unpack('n8')
    else
      raise ArgumentError, "unsupported address family"
    end
  end

  # An IPAddr from a packed address in network byte order.
  def IPAddr.new_ntoh(addr)
    IPAddr.new(IPAddr.ntop(addr))
  end

  def initialize(addr = '::', family = Socket::AF_UNSPEC)
    unless addr.kind_of?(String)
      case family
      when Socket::AF_INET, Socket::AF_INET6
        set(addr.to_i, family)
        @mask_addr = family == Socket::AF_INET ? IN4MASK : IN6MASK
        return
      when Socket::AF_UNSPEC
        raise ArgumentError, "address family must be specified"
      else
        raise ArgumentError, "unsupported address family: #{family}"
      end
    end
    prefix, prefixlen = addr.split('/')
    if prefix =~ /\A\[(.*)\]\z/
      prefix = $1
      family = Socket::AF_INET6
    end
    @addr = @family = nil
    v4 = in_addr(prefix)
    v6 = v4 ? nil : in6_addr(prefix)
    raise ArgumentError, "invalid address" unless v4 || v6
    if family == Socket::AF_UNSPEC || family == Socket::AF_INET
      if v4
        @addr = v4
        @family = Socket::AF_INET
      end
    end
    if !@addr && (family == Socket::AF_UNSPEC || family == Socket::AF_INET6)
      raise ArgumentError, "invalid address" unless v6
      @addr = v6
      @family = Socket::AF_INET6
    end
    if family != Socket::AF_UNSPEC && @family != family
      raise ArgumentError, "address family mismatch"
    end
    if prefixlen
      mask!(prefixlen)
    else
      @mask_addr = @family == Socket::AF_INET ? IN4MASK : IN6MASK
    end
  end

  def &(other)
    clone.set(@addr & coerce_other(other).to_i)
  end

  def |(other)
    clone.set(@addr | coerce_other(other).to_i)
  end

  def >>(num)
    clone.set(@addr >> num)
  end

  def <<(num)
    clone.set(addr_mask(@addr << num))
  end

  def ~
    clone.set(addr_mask(~@addr))
  end

  def ==(other)
    other = coerce_other(other)
    @family == other.family && @addr == other.to_i
  end

  # A copy masked to prefixlen bits (or by a mask given as a String).
  def mask(prefixlen)
    clone.mask!(prefixlen)
  end

  # Whether other is in the network self stands for.
  def include?(other)
    other = coerce_other(other)
    if ipv4_mapped?
      return false if (@mask_addr >> 32) != 0xffffffffffffffffffffffff
      mask_addr = @mask_addr & IN4MASK
      addr = @addr & IN4MASK
      family = Socket::AF_INET
    else
      mask_addr = @mask_addr
      addr = @addr
      family = @family
    end
    if other.ipv4_mapped?
      other_addr = other.to_i & IN4MASK
      other_family = Socket::AF_INET
    else
      other_addr = other.to_i
      other_family = other.family
    end
    return false if family != other_family
    (addr & mask_addr) == (other_addr & mask_addr)
  end
  alias === include?

  def to_i
    @addr
  end

  # The address as text, IPv6 compressed.
  def to_s
    return to_string if ipv4?
    groups = (0..7).map { |i| (@addr >> (112 - 16 * i)) & 0xffff }
    best_at = best_len = 0
    i = 0
    while i < 8
      if groups[i] == 0
        j = i
        j += 1 while j < 8 && groups[j] == 0
        if j - i > best_len
          best_at = i
          best_len = j - i
        end
        i = j
      else
        i += 1
      end
    end
    hex = groups.map { |g| g.to_s(16) }
    str = if best_len >= 2
            hex[0, best_at].join(':') + '::' + hex[best_at + best_len..-1].join(':')
          else
            hex.join(':')
          end
    if /\A::(ffff:)?([\da-f]{1,4}):([\da-f]{1,4})\z/ =~ str
      str = sprintf('::%s%d.%d.%d.%d', $1, $2.hex / 256, $2.hex % 256,
                    $3.hex / 256, $3.hex % 256)
    end
    str
  end

  # The address as text, in full.
  def to_string
    _to_string(@addr)
  end

  # The address packed in network byte order.
  def hton
    case @family
    when Socket::AF_INET
      [@addr].pack('N')
    when Socket::AF_INET6
      (0..7).map { |i| (@addr >> (112 - 16 * i)) & 0xffff }.pack('n8')
    else
      raise "unsupported address family"
    end
  end

  def ipv4?
    @family == Socket::AF_INET
  end

  def ipv6?
    @family == Socket::AF_INET6
  end

  # ::ffff:a.b.c.d
  def ipv4_mapped?
    ipv6? && (@addr >> 32) == 0xffff
  end

  # ::a.b.c.d, but :: and ::1
  def ipv4_compat?
    return false if !ipv6? || (@addr >> 32) != 0
    a = @addr & IN4MASK
    a != 0 && a != 1
  end

  def ipv4_mapped
    raise ArgumentError, "not an IPv4 address" unless ipv4?
    clone.set(@addr | 0xffff00000000, Socket::AF_INET6)
  end

  def ipv4_compat
    raise ArgumentError, "not an IPv4 address" unless ipv4?
    clone.set(@addr, Socket::AF_INET6)
  end

  # The IPv4 address of an IPv4-mapped or -compatible one, else self.
  def native
    return self if !ipv4_mapped? && !ipv4_compat?
    clone.set(@addr & IN4MASK, Socket::AF_INET)
  end

  # The name for a reverse DNS lookup.
  def reverse
    case @family
    when Socket::AF_INET
      _reverse + ".in-addr.arpa"
    when Socket::AF_INET6
      ip6_arpa
    else
      raise "unsupported address family"
    end
  end

  def ip6_arpa
    raise ArgumentError, "not an IPv6 address" unless ipv6?
    _reverse + ".ip6.arpa"
  end

  def ip6_int
    raise ArgumentError, "not an IPv6 address" unless ipv6?
    _reverse + ".ip6.int"
  end

  def succ
    clone.set(@addr + 1, @family)
  end

  def <=>(other)
    other = coerce_other(other)
    return nil if other.family != @family
    @addr <=> other.to_i
  end
  include Comparable

  def hash
    ([@addr, @mask_addr].hash << 1) | (ipv4? ? 0 : 1)
  end

  def eql?(other)
    self.class == other.class && hash == other.hash && self == other
  end

  # The first through the last address of the network.
  def to_range
    begin_addr = @addr & @mask_addr
    case @family
    when Socket::AF_INET
      end_addr = @addr | (IN4MASK ^ @mask_addr)
    when Socket::AF_INET6
      end_addr = @addr | (IN6MASK ^ @mask_addr)
    else
      raise "unsupported address family"
    end
    clone.set(begin_addr, @family)..clone.set(end_addr, @family)
  end

  def inspect
    case @family
    when Socket::AF_INET
      af = "IPv4"
    when Socket::AF_INET6
      af = "IPv6"
    else
      raise "unsupported address family"
    end
    sprintf("#<%s: %s:%s/%s>", self.class.name, af, _to_string(@addr), _to_string(@mask_addr))
  end

  protected

  def set(addr, *family)
    case family[0] ? family[0] : @family
    when Socket::AF_INET
      raise ArgumentError, "invalid address" if addr < 0 || addr > IN4MASK
    when Socket::AF_INET6
      raise ArgumentError, "invalid address" if addr < 0 || addr > IN6MASK
    else
      raise ArgumentError, "unsupported address family"
    end
    @addr = addr
    @family = family[0] if family[0]
    self
  end

  def mask!(mask)
    if mask.kind_of?(String)
      if mask =~ /\A\d+\z/
        prefixlen = mask.to_i
      else
        m = IPAddr.new(mask)
        raise ArgumentError, "address family is not same" if m.family != @family
        @mask_addr = m.to_i
        @addr &= @mask_addr
        return self
      end
    else
      prefixlen = mask
    end
    case @family
    when Socket::AF_INET
      raise ArgumentError, "invalid length" if prefixlen < 0 || prefixlen > 32
      masklen = 32 - prefixlen
      @mask_addr = (IN4MASK >> masklen) << masklen
    when Socket::AF_INET6
      raise ArgumentError, "invalid length" if prefixlen < 0 || prefixlen > 128
      masklen = 128 - prefixlen
      @mask_addr = (IN6MASK >> masklen) << masklen
    else
      raise "unsupported address family"
    end
    @addr = (@addr >> masklen) << masklen
    self
  end

  private

  # The Integer of a dotted quad, or nil.
  def in_addr(addr)
    return nil unless addr =~ /\A(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\z/
    parts = [$1, $2, $3, $4].map { |s| s.to_i }
    return nil if parts.any? { |n| n > 255 }
    parts.inject(0) { |i, n| (i << 8) | n }
  end

  # The Integer of an IPv6 address in RFC 4291 text, or nil.
  def in6_addr(text)
    return nil unless text =~ /\A[\da-fA-F:.]+\z/
    tail = []
    if text =~ /\A(.*:)(\d+\.\d+\.\d+\.\d+)\z/
      v4 = in_addr($2)
      return nil unless v4
      head = $1
      text = head =~ /::\z/ ? head : head[0..-2]   # "::" before the quad stays
      tail = [v4 >> 16, v4 & 0xffff]
    end
    halves = text.split('::', -1)
    halves = [""] if halves.empty?
    return nil if halves.size > 2
    left = groups_of(halves[0])
    right = halves.size == 2 ? groups_of(halves[1]) : []
    return nil unless left && right
    right += tail
    if halves.size == 2
      return nil if left.size + right.size > 7
      all = left + [0] * (8 - left.size - right.size) + right
    else
      all = left + right
      return nil if all.size != 8
    end
    all.inject(0) { |i, g| (i << 16) | g }
  end

  # The groups of "a:b:c" ("" for none), or nil if one is not 1-4 hex digits.
  def groups_of(s)
    return [] if s.empty?
    parts = s.split(':', -1)
    return nil unless parts.all? { |g| g =~ /\A[\da-fA-F]{1,4}\z/ }
    parts.map { |g| g.hex }
  end

  def addr_mask(addr)
    case @family
    when Socket::AF_INET
      addr & IN4MASK
    when Socket::AF_INET6
      addr & IN6MASK
    else
      raise "unsupported address family"
    end
  end

  def _reverse
    case @family
    when Socket::AF_INET
      (0..3).map { |i| (@addr >> (8 * i)) & 0xff }.join('.')
    when Socket::AF_INET6
      ("%.32x" % @addr).reverse.split(//).join('.')
    else
      raise "unsupported address family"
    end
  end

  def _to_string(addr)
    case @family
    when Socket::AF_INET
      (0..3).map { |i| (addr >> (24 - 8 * i)) & 0xff }.join('.')
    when Socket::AF_INET6
      ("%.32x" % addr).gsub(/.{4}(?!\z)/, '\&:')
    else
      raise "unsupported address family"
    end
  end

  def coerce_other(other)
    case other
    when IPAddr
      other
    when String
      self.class.new(other)
    else
      self.class.new(other, @family)
    end
  end
end
