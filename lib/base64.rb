# base64.rb: Base64 encoding and decoding (RFC 2045), for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's base64.rb:
#   Base64.encode64(bin): the encoding, in lines of 60 characters each
#   ended by "\n" ("" for ""); Base64.decode64(str): the bytes, skipping
#   characters outside the alphabet and stopping at the padding;
#   Base64.b64encode(bin, len = 60): prints the encoding to $stdout in
#   lines of len characters and returns it; Base64.decode_b(str): decodes
#   the MIME encoded words =?ISO-2022-JP?B?...?= and =?SHIFT_JIS?B?...?=
#   of str in place (it is changed, as in 1.8.7), gives the Japanese
#   text in EUC-JP, turns newlines into spaces and drops NULs.  All four
#   are module functions (private instance methods when Base64 is
#   included), and, as in 1.8.7, Base64::Deprecated is included in
#   Object, so a bare encode64(...) still works with a warning
#   "FILE:LINE: encode64 is deprecated; use Base64.encode64 instead".
# 1.8.7 had no strict_encode64/urlsafe_encode64 (they came with 1.9), so
# neither is here.
# Left out: 1.8.7's decode_b converted with Kconv (nkf), which guesses the
# input's encoding.  Here decoded ISO-2022-JP is converted to EUC-JP by
# its escape sequences (ASCII, JIS X 0201 Roman and katakana, JIS X 0208)
# and Shift_JIS by arithmetic; text outside encoded words is left as it
# is, where nkf would have converted it too.

module Base64
  module_function

  # The Base64 encoding of bin, 60 characters a line.
  def encode64(bin)
    [bin].pack("m")
  end

  # The bytes that str encodes.
  def decode64(str)
    str.unpack("m")[0]
  end

  # Prints the encoding of bin to $stdout, len characters a line.
  def b64encode(bin, len = 60)
    encoded = encode64(bin)
    encoded.scan(/.{1,#{len}}/) { |line| print line, "\n" }
    encoded
  end

  # Decodes the MIME "B" encoded words of str (changing str) to EUC-JP.
  def decode_b(str)
    str.gsub!(/=\?ISO-2022-JP\?B\?([!->@-~]+)\?=/i) { Base64.__send__(:jis_to_euc, decode64($1)) }
    str.gsub!(/=\?SHIFT_JIS\?B\?([!->@-~]+)\?=/i) { Base64.__send__(:sjis_to_euc, decode64($1)) }
    str.gsub!(/\n/, ' ')
    str.gsub!(/\0/, '')
    str
  end

  # ISO-2022-JP (7-bit JIS with escape sequences) to EUC-JP.
  def self.jis_to_euc(s)
    out = ""
    mode = :ascii
    i = 0
    while i < s.length
      c = s[i]
      if c == 0x1b && (m = /\A\e(\$@|\$B|\$\(B|\(B|\(J|\(I)/.match(s[i..-1]))
        mode = case m[1]
               when "(B", "(J" then :ascii
               when "(I" then :kana
               else :kanji
               end
        i += m[0].length
        next
      end
      if c == 0x0e || c == 0x0f        # SO / SI: katakana shift
        mode = c == 0x0e ? :kana : :ascii
      elsif mode == :kanji && c > 0x20 && c < 0x7f && i + 1 < s.length
        out << (c | 0x80) << (s[i + 1] | 0x80)
        i += 1
      elsif mode == :kana && c > 0x20 && c < 0x60
        out << 0x8e << (c | 0x80)
      else
        out << c
      end
      i += 1
    end
    out
  end

  # Shift_JIS to EUC-JP.
  def self.sjis_to_euc(s)
    out = ""
    i = 0
    while i < s.length
      c = s[i]
      if c >= 0xa1 && c <= 0xdf                      # half-width katakana
        out << 0x8e << c
      elsif ((c >= 0x81 && c <= 0x9f) || (c >= 0xe0 && c <= 0xef)) && i + 1 < s.length
        d = s[i + 1]
        j1 = (c - (c < 0xa0 ? 0x70 : 0xb0)) << 1
        if d < 0x9f
          j1 -= 1
          j2 = d - 0x1f
          j2 -= 1 if d >= 0x80
        else
          j2 = d - 0x7e
        end
        out << (j1 | 0x80) << (j2 | 0x80)
        i += 1
      else
        out << c
      end
      i += 1
    end
    out
  end
  private_class_method :jis_to_euc, :sjis_to_euc

  # The old top-level functions, with a warning: included in Object.
  module Deprecated
    include Base64

    ["encode64", "decode64", "b64encode", "decode_b"].each do |m|
      module_eval <<-EOS, __FILE__, __LINE__ + 1
        def #{m}(*args)
          warn("\#{caller(1)[0]}: #{m} is deprecated; use Base64.#{m} instead")
          super
        end
      EOS
    end
  end
end

# 1.8.7 says `include Base64::Deprecated` at the top level, which includes
# it in Object.
Object.__send__(:include, Base64::Deprecated)
