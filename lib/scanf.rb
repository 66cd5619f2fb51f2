# scanf.rb: C-style formatted input, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's scanf.rb:
#   String#scanf(format) -> the converted values, in order; with a block
#   the format is applied again and again to what is left of the string,
#   and the block's values are returned.  IO#scanf(format) reads what it
#   needs from the IO, a line at a time, and gives back (with ungetc)
#   what the format did not use; with a block it goes on until the format
#   no longer matches.  Kernel#scanf(format) is STDIN.scanf(format).
#   Scanf::FormatString.new(format): match(string), string_left,
#   spec_count, matched_count; String#scanf takes one too.
# Directives, as in C:
#   %d %u     a decimal Integer, with an optional sign
#   %i        an Integer in C's notation: 0x1f hex, 017 octal, else decimal
#   %o %x %X  an octal, a hex Integer (%x takes an optional 0x)
#   %f %e %E %g %G %a %A  a Float: 1, 1., 1.5, .5, 1e-3, -1.5E+3
#   %s        a String of non-blanks
#   %c        one character (%5c: five, newlines included), no blank skipped
#   %[abc] %[^abc] %[a-z] %[]x] %[[:alpha:]]  a String of those characters,
#             no blank skipped
#   %%        a "%"
# a width (%3d, %10s) limits the characters a directive takes, and * (%*d)
# converts without returning the value.  Blanks in the format match any
# number of blanks (none too); other characters match themselves.  All
# directives but %c and %[ skip the blanks before them.  Matching stops
# at the first directive that does not match, and the values converted
# until then are returned ([] when none).
# An unknown directive (%q) stops the matching there, as in C.
# Left out: 1.8.7's FormatSpecifier objects and FormatString's other
# internals (prune, last_spec_tried...).  A trailing blank in the format
# takes the blanks already read, without waiting for more input.

module Scanf
  # A parsed format: the directives, and the matching of a string.
  class FormatString
    # What the last match left of its string; the directives it matched.
    attr_reader :string_left, :matched_count

    def initialize(str)
      @format = str.to_s
      @directives = parse(@format)
      @string_left = ""
      @matched_count = 0
    end

    def to_s
      @format
    end

    # The number of directives that convert (or skip) a value: not %%.
    def spec_count
      @directives.select { |d| d[0] == :conv && d[1] != "%" }.size
    end

    # The values the format converts from str.
    def match(str)
      values, pos, = scan(str, false)
      @string_left = str[pos..-1] || ""
      values
    end

    # [values, characters used, whether more input could have changed the
    # result]: IO#scanf reads more while the last is true.
    def scan(str, more_input)
      values = []
      pos = 0
      hit_end = false
      @matched_count = 0
      @directives.each do |d|
        case d[0]
        when :space
          pos += 1 while pos < str.length && blank?(str[pos])
          hit_end = pos == str.length && !d[1]
        when :literal
          text = d[1]
          if str[pos, text.length] == text
            pos += text.length
            hit_end = false
          else
            hit_end = text[0, str.length - pos] == str[pos..-1]
            return [values, pos, hit_end]
          end
        when :conv
          type, width, suppress, klass = d[1], d[2], d[3], d[4]
          unless type == "c" || type == "["
            pos += 1 while pos < str.length && blank?(str[pos])
          end
          field = width ? str[pos, width] : str[pos..-1]
          field ||= ""
          text = take(type, field, klass, width)
          limited = width && field.length == width
          if text.nil? || text.empty?
            hit_end = pos + field.length == str.length && !limited
            return [values, pos, hit_end]
          end
          hit_end = pos + text.length == str.length && !(width && text.length == width)
          pos += text.length
          @matched_count += 1 unless type == "%"
          values << convert(type, text) unless suppress
        when :bad
          return [values, pos, false]
        end
      end
      [values, pos, hit_end]
    end

    private

    SPACE = [?\s, ?\t, ?\n, ?\v, ?\f, ?\r]

    def blank?(c)
      SPACE.include?(c)
    end

    INT = /\A[-+]?\d+/
    OCT = /\A[-+]?[0-7]+/
    HEX = /\A[-+]?(?:0[xX](?=[\da-fA-F]))?[\da-fA-F]+/
    CINT = /\A[-+]?(?:0[xX][\da-fA-F]+|0[0-7]*|[1-9]\d*)/
    FLOAT = /\A[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/
    WORD = /\A\S+/

    # The part of field that the directive takes, or nil.
    def take(type, field, klass, width)
      md = case type
           when "d", "u" then INT.match(field)
           when "o" then OCT.match(field)
           when "x", "X" then HEX.match(field)
           when "i" then CINT.match(field)
           when "f", "e", "E", "g", "G", "a", "A" then FLOAT.match(field)
           when "s" then WORD.match(field)
           when "c" then return field[0, width || 1]
           when "[" then klass.match(field)
           when "%" then /\A%/.match(field)
           end
      md && md[0]
    end

    def convert(type, text)
      case type
      when "d", "u" then text.to_i
      when "o" then text.oct
      when "x", "X" then text.hex
      when "i" then c_integer(text)
      when "f", "e", "E", "g", "G", "a", "A" then text.to_f
      else text
      end
    end

    def c_integer(text)
      sign = text[0] == ?- ? -1 : 1
      digits = text.sub(/\A[-+]/, '')
      sign * case digits
             when /\A0[xX]/ then digits.hex
             when /\A0/ then digits.oct
             else digits.to_i
             end
    end

    # The directives of a format: [:space, last?], [:literal, text],
    # [:conv, type, width, suppress, class_regexp], [:bad].
    def parse(fmt)
      list = []
      i = 0
      while i < fmt.length
        c = fmt[i]
        if blank?(c)
          i += 1 while i < fmt.length && blank?(fmt[i])
          list << [:space, i == fmt.length]
        elsif c == ?%
          i = parse_directive(fmt, i + 1, list)
        else
          j = i
          j += 1 while j < fmt.length && fmt[j] != ?% && !blank?(fmt[j])
          list << [:literal, fmt[i...j]]
          i = j
        end
      end
      list
    end

    # Adds the directive after a "%" at i; returns where the next begins.
    def parse_directive(fmt, i, list)
      if fmt[i] == ?%
        list << [:conv, "%", nil, true, nil]
        return i + 1
      end
      suppress = false
      if fmt[i] == ?*
        suppress = true
        i += 1
      end
      width = nil
      if fmt[i, 1] =~ /\d/
        j = i
        j += 1 while fmt[j, 1] =~ /\d/
        width = fmt[i...j].to_i
        i = j
      end
      width = nil if width == 0
      type = fmt[i, 1]
      if type == "["
        klass, i = parse_class(fmt, i + 1)
        if klass
          list << [:conv, "[", width, suppress, klass]
          return i
        end
      elsif type =~ /\A[diuoxXfeEgGaAsc]\z/
        list << [:conv, type, width, suppress, nil]
        return i + 1
      end
      list << [:bad]
      fmt.length
    end

    # The Regexp of a %[...] set whose text starts at i, and where the
    # format goes on; [nil, i] if the set is not closed.
    def parse_class(fmt, i)
      negate = false
      if fmt[i] == ?^
        negate = true
        i += 1
      end
      chars = ""
      first = true
      while i < fmt.length
        if fmt[i, 2] == "[:" && (close = fmt.index(":]", i + 2))
          chars << fmt[i..close + 1]
          i = close + 2
        elsif fmt[i] == ?] && !first
          re = Regexp.new("\\A[#{negate ? '^' : ''}#{chars}]+", Regexp::MULTILINE)
          return [re, i + 1]
        else
          c = fmt[i, 1]
          chars << (c =~ /[\\\[\]^&]/ ? "\\" + c : c)
          i += 1
        end
        first = false
      end
      [nil, i]
    end
  end
end

class String
  # The values format converts from the string; with a block, the values
  # of the block for each match, applying format to what is left.
  def scanf(fstr, &block)
    return block_scanf(fstr, &block) if block
    fs = fstr.is_a?(Scanf::FormatString) ? fstr : Scanf::FormatString.new(fstr)
    fs.match(self)
  end

  def block_scanf(fstr)
    fs = Scanf::FormatString.new(fstr)
    str = dup
    final = []
    loop do
      current = fs.match(str)
      break if current.empty?
      final << yield(current)
      str = fs.string_left
      break if str.empty?
    end
    final
  end
end

class IO
  # The values format converts from what is read; with a block, the
  # values of the block for each match while the format matches.
  def scanf(str, &block)
    return block_scanf(str, &block) if block
    return [] if str.to_s.empty?
    fs = Scanf::FormatString.new(str)
    buffer = ""
    loop do
      values, used, more = fs.scan(buffer, true)
      if more && !eof?
        line = gets
        buffer << line if line
        next if line
      end
      rest = buffer[used..-1] || ""
      (rest.length - 1).downto(0) { |k| ungetc(rest[k]) }
      return values
    end
  end

  def block_scanf(str)
    final = []
    loop do
      current = scanf(str)
      break if current.empty?
      final << yield(current)
      break if eof?
    end
    final
  end
end

module Kernel
  private

  # STDIN.scanf(format).
  def scanf(fs, &block)
    STDIN.scanf(fs, &block)
  end
end
