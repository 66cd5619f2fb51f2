# shellwords.rb: splitting and quoting words as the Bourne shell does,
# for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's shellwords.rb:
#   Shellwords.shellwords(line) alias shellsplit alias Shellwords.split,
#   Shellwords.shellescape(str) alias Shellwords.escape,
#   Shellwords.shelljoin(array) alias Shellwords.join (also as private
#   methods when Shellwords is included), String#shellsplit,
#   String#shellescape, Array#shelljoin.
# Splitting: blanks separate words; '...' keeps everything literally;
# in "..." a backslash keeps the next character; outside quotes a
# backslash keeps the next character (a trailing one stays); pieces next
# to each other make one word.  An unclosed quote raises ArgumentError
# ("Unmatched double quote: ..." / "Unmatched single quote: ...").
# Escaping puts a backslash before every byte but A-Z a-z 0-9 _ - . , : /
# @, writes a newline as '\n' in single quotes, and an empty String as ''.
# Nothing of 1.8.7's API is left out.

module Shellwords
  # The words of line, as a shell would split them.
  def shellsplit(line)
    raise ArgumentError, "Argument must be a String" unless line.kind_of?(String)
    words = []
    word = nil
    rest = line
    until rest.empty?
      if m = /\A\s+/.match(rest)
        words << word if word
        word = nil
      elsif m = /\A"((?:[^"\\]|\\.)*)"/m.match(rest)
        word = (word || '') + m[1].gsub(/\\(.)/m, '\1')
      elsif rest[0] == ?"
        raise ArgumentError, "Unmatched double quote: #{rest}"
      elsif m = /\A'([^']*)'/.match(rest)
        word = (word || '') + m[1]
      elsif rest[0] == ?'
        raise ArgumentError, "Unmatched single quote: #{rest}"
      elsif m = /\A\\(.?)/m.match(rest)
        word = (word || '') + (m[1].empty? ? '\\' : m[1])
      else
        m = /\A[^\s\\'"]+/.match(rest)
        word = (word || '') + m[0]
      end
      rest = m.post_match
    end
    words << word if word
    words
  end
  alias shellwords shellsplit

  # str quoted so that a shell reads it back as one word.
  def shellescape(str)
    str = str.to_s
    return "''" if str.empty?
    str.gsub(/[^A-Za-z0-9_\-.,:\/@\n]/n) { "\\" + $& }.gsub(/\n/, "'\n'")
  end

  # The words quoted and joined with spaces.
  def shelljoin(array)
    array.map { |word| shellescape(word) }.join(' ')
  end

  module_function :shellsplit, :shellwords, :shellescape, :shelljoin

  class << self
    alias split shellsplit
    alias escape shellescape
    alias join shelljoin
  end
end

class String
  def shellsplit
    Shellwords.split(self)
  end

  def shellescape
    Shellwords.escape(self)
  end
end

class Array
  def shelljoin
    Shellwords.join(self)
  end
end
