# abbrev.rb: the unambiguous abbreviations of a list of words, for
# miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's abbrev.rb:
#   Abbrev.abbrev(words, pattern = nil) (also a private method when
#   Abbrev is included) and Array#abbrev(pattern = nil) return a Hash from
#   each abbreviation that only one word starts with (and from each word
#   itself, even when it begins another word) to that word.  With a
#   pattern (a Regexp, or a String meaning "begins with"), only the
#   abbreviations that match it are kept.
# Nothing of 1.8.7's API is left out.

module Abbrev
  def abbrev(words, pattern = nil)
    pattern = /\A#{Regexp.quote(pattern)}/ if pattern.is_a?(String)
    counts = Hash.new(0)
    words = words.uniq
    words.each do |word|
      (1...word.length).each { |n| counts[word[0, n]] += 1 }
    end
    table = {}
    words.each do |word|
      (1...word.length).each do |n|
        abbr = word[0, n]
        next unless counts[abbr] == 1
        next if pattern && pattern !~ abbr
        table[abbr] = word
      end
    end
    words.each do |word|
      next if pattern && pattern !~ word
      table[word] = word
    end
    table
  end
  module_function :abbrev
end

class Array
  def abbrev(pattern = nil)
    Abbrev.abbrev(self, pattern)
  end
end
