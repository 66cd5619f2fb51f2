# securerandom.rb: random numbers for keys and session ids, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's securerandom.rb:
#   SecureRandom.random_bytes(n = nil): n random bytes (16 when n is nil),
#   SecureRandom.hex(n = nil): 2n lower-case hex digits of n bytes,
#   SecureRandom.base64(n = nil): n bytes in Base64, without newlines,
#   SecureRandom.random_number(n = 0): an Integer 0 <= x < n when n is a
#   positive Integer (Bignums too), else a Float 0.0 <= x < 1.0.
# The bytes come from /dev/urandom, read anew for each call; with no such
# character device NotImplementedError "No random device" is raised, as
# 1.8.7 did.  n is converted with to_int; a negative n raises
# ArgumentError "negative length -1 given" (IO#readpartial's), as in
# 1.8.7.  A positive Float n raises ArgumentError, as 1.8.7's did (it
# called n.to_s(16)).
# Left out: 1.8.7 used OpenSSL::Random when the openssl extension could be
# loaded, and CryptGenRandom on Windows; miniruby has neither.

module SecureRandom
  # n random bytes from the system's random device.
  def self.random_bytes(n = nil)
    n = n ? n.to_int : 16
    flags = File::RDONLY
    flags |= File::NONBLOCK if defined?(File::NONBLOCK)
    flags |= File::NOCTTY if defined?(File::NOCTTY)
    flags |= File::NOFOLLOW if defined?(File::NOFOLLOW)
    begin
      File.open("/dev/urandom", flags) do |f|
        raise Errno::ENOENT unless f.stat.chardev?
        bytes = f.readpartial(n)
        if bytes.length != n
          raise NotImplementedError, "Unexpected partial read from random device"
        end
        return bytes
      end
    rescue Errno::ENOENT
    end
    raise NotImplementedError, "No random device"
  end

  # A random hex string of 2n characters.
  def self.hex(n = nil)
    random_bytes(n).unpack("H*")[0]
  end

  # The Base64 encoding of n random bytes, on one line.
  def self.base64(n = nil)
    [random_bytes(n)].pack("m*").delete("\n")
  end

  # A random Integer in 0...n for a positive n, else a Float in 0.0...1.0.
  def self.random_number(n = 0)
    if 0 < n
      digits = n.to_s(16)
      digits = "0" + digits if digits.length.odd?
      limit = [digits].pack("H*")
      top = limit[0]
      mask = top
      mask |= mask >> 1
      mask |= mask >> 2
      mask |= mask >> 4
      # Draw as many bytes as n has, the first masked to n's top bits,
      # until the number is below n: each try succeeds at least half the time.
      loop do
        r = random_bytes(limit.length)
        r[0] = r[0] & mask
        return r.unpack("H*")[0].hex if r < limit
      end
    else
      bits = random_bytes(8).unpack("Q")[0] >> (64 - Float::MANT_DIG)
      Math.ldexp(bits, -Float::MANT_DIG)
    end
  end
end
