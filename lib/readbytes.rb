# readbytes.rb: IO#readbytes and TruncatedDataError, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's readbytes.rb:
#   IO#readbytes(n) reads exactly n bytes; at the end of the stream it
#   raises EOFError "End of file reached", and when fewer than n bytes are
#   left, TruncatedDataError "data truncated" whose #data holds them.
#   Any object with #read (StringIO, a Socket) gets it by including or
#   defining readbytes the same way.
# Left out: nothing of 1.8.7's API.

# Raised by IO#readbytes when the stream ends before n bytes were read.
class TruncatedDataError < IOError
  attr_reader :data

  def initialize(mesg, data)
    @data = data
    super(mesg)
  end
end

class IO
  # The next n bytes, exactly.
  def readbytes(n)
    got = read(n)
    raise EOFError, "End of file reached" if got.nil?
    raise TruncatedDataError.new("data truncated", got) if got.size < n
    got
  end
end
