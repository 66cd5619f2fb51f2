# net/protocol.rb: what the network protocol clients share, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's net/protocol.rb:
#   Net::Protocol (the base class of Net::HTTP, with protocol_param),
#   the exceptions ProtocolError, ProtoSyntaxError, ProtoFatalError,
#   ProtoUnknownError, ProtoServerError, ProtoAuthError,
#   ProtoCommandError, ProtoRetriableError (old name ProtocRetryError);
#   Net::BufferedIO (new(io), io, read_timeout(=), debug_output(=),
#   read(len, dest = '', ignore_eof = false), read_all, readuntil,
#   readline, write, <<, writeline, closed?, close, inspect);
#   Net::InternetMessageIO, a BufferedIO for the dot-terminated messages
#   of SMTP and POP3 (each_message_chunk / each_crlf_line, each_list_item,
#   write_message, write_message_by_block);
#   Net::WriteAdapter and Net::ReadAdapter.
# read_timeout: a read that waits longer raises Timeout::Error "execution
# expired", as in 1.8.7; on an IO the wait is one IO.select through the
# scheduler (other objects are read with sysread inside Timeout.timeout).
# debug_output gets what 1.8.7 wrote there: "<- " and the dumped bytes
# written, "-> " and the dumped bytes read.
# Left out: InternetMessageIO.old_open.

require 'socket'
require 'timeout'

module Net

  class Protocol
    # Defines an instance method name returning val (a Ruby expression).
    def self.protocol_param(name, val)
      module_eval "def #{name}\n#{val}\nend\n", __FILE__, __LINE__
    end
    class << self
      private :protocol_param
    end
  end

  class ProtocolError < StandardError; end
  class ProtoSyntaxError < ProtocolError; end
  class ProtoFatalError < ProtocolError; end
  class ProtoUnknownError < ProtocolError; end
  class ProtoServerError < ProtocolError; end
  class ProtoAuthError < ProtocolError; end
  class ProtoCommandError < ProtocolError; end
  class ProtoRetriableError < ProtocolError; end
  ProtocRetryError = ProtoRetriableError

  # An IO with a read buffer, timeouts and a debug log: what the protocol
  # clients read lines and bodies through.
  class BufferedIO
    BUFSIZE = 1024 * 16

    def initialize(io)
      @io = io
      @read_timeout = 60
      @debug_output = nil
      @rbuf = ''
      @written_bytes = nil
    end

    attr_reader :io
    attr_accessor :read_timeout
    attr_accessor :debug_output

    def inspect
      "#<#{self.class} io=#{@io}>"
    end

    def closed?
      @io.closed?
    end

    def close
      @io.close
    end

    # Appends len bytes to dest and returns it; EOFError if the stream
    # ends first (unless ignore_eof: then what there was).
    def read(len, dest = '', ignore_eof = false)
      log "reading #{len} bytes..."
      count = 0
      begin
        while count + @rbuf.size < len
          count += move_to(dest, @rbuf.size)
          fill_buffer
        end
        count += move_to(dest, len - count)
      rescue EOFError
        raise unless ignore_eof
      end
      log "read #{count} bytes"
      dest
    end

    # Appends everything up to the end of the stream to dest.
    def read_all(dest = '')
      log 'reading all...'
      count = 0
      begin
        loop do
          count += move_to(dest, @rbuf.size)
          fill_buffer
        end
      rescue EOFError
      end
      log "read #{count} bytes"
      dest
    end

    # The bytes up to and including terminator; at the end of the stream
    # EOFError, or (ignore_eof) what is left.
    def readuntil(terminator, ignore_eof = false)
      pos = nil
      begin
        fill_buffer until (pos = @rbuf.index(terminator))
      rescue EOFError
        raise unless ignore_eof
        return consume(@rbuf.size)
      end
      consume(pos + terminator.size)
    end

    # A line without its "\n" (and the byte before it, as chop does).
    def readline
      readuntil("\n").chop
    end

    def write(str)
      writing { write0(str) }
    end

    alias << write

    def writeline(str)
      writing { write0(str + "\r\n") }
    end

    private

    def move_to(dest, n)
      s = consume(n)
      dest << s
      s.size
    end

    def consume(n)
      s = @rbuf.slice!(0, n)
      @debug_output << "-> #{s.dump}\n" if @debug_output
      s
    end

    # More bytes into the buffer, or EOFError; Timeout::Error when none
    # come within read_timeout seconds.
    def fill_buffer
      if @io.is_a?(IO)
        begin
          @rbuf << @io.read_nonblock(BUFSIZE)
        rescue Errno::EAGAIN
          raise Timeout::Error, "execution expired" unless IO.select([@io], nil, nil, @read_timeout)
          retry
        end
      else
        Timeout.timeout(@read_timeout) { @rbuf << @io.sysread(BUFSIZE) }
      end
    end

    # Counts what the block writes (with write0); the debug log gets one
    # "<- ..." line for it.
    def writing
      @written_bytes = 0
      @debug_output << '<- ' if @debug_output
      yield
      @debug_output << "\n" if @debug_output
      n = @written_bytes
      @written_bytes = nil
      n
    end

    def write0(str)
      @debug_output << str.dump if @debug_output
      n = @io.write(str)
      @written_bytes += n if @written_bytes
      n
    end

    def log(msg)
      @debug_output << msg + "\n" if @debug_output
    end

    def quiet
      saved = @debug_output
      @debug_output = nil
      begin
        yield
      ensure
        @debug_output = saved
      end
    end
  end

  # A BufferedIO for messages that end with a line holding a lone dot,
  # lines starting with a dot doubled (SMTP, POP3).
  class InternetMessageIO < BufferedIO
    def initialize(io)
      super
      @wbuf = nil
    end

    # Yields each line of the message (with its CRLF), undotted.
    def each_message_chunk
      log 'reading message...'
      count = 0
      quiet do
        while (line = readuntil("\r\n")) != ".\r\n"
          count += line.size
          yield line.sub(/\A\./, '')
        end
      end
      log "read message (#{count} bytes)"
    end

    alias each_crlf_line each_message_chunk

    # Yields each line of a dot-terminated list, without its CRLF.
    def each_list_item
      while (line = readuntil("\r\n")) != ".\r\n"
        yield line.chop
      end
    end

    # Writes src (a String, or anything with each yielding strings) as a
    # message: line ends made CRLF, leading dots doubled, the final dot
    # line added.  Returns the bytes written.
    def write_message(src)
      log "writing message from #{src.class}"
      n = quiet { writing { write_message_0(src); write0(".\r\n") } }
      log "wrote #{n} bytes"
      n
    end

    # The same, with what the block writes to the adapter it is given.
    def write_message_by_block(&block)
      log 'writing message from block'
      n = quiet do
        writing do
          @wbuf = ''
          block.call(WriteAdapter.new(self, :buffer_message))
          write_message_0(@wbuf)
          @wbuf = nil
          write0(".\r\n")
        end
      end
      log "wrote #{n} bytes"
      n
    end

    private

    def buffer_message(str)
      @wbuf << str
      str.size
    end

    def write_message_0(src)
      text = ''
      if src.respond_to?(:each) && !src.is_a?(String)
        src.each { |s| text << s }
      else
        text << src.to_s
      end
      return if text.empty?
      lines = text.gsub(/\r\n|\r|\n/, "\n").split(/\n/, -1)
      lines.pop if lines.last == ''
      lines.each { |l| write0(l.sub(/\A\./, '..') + "\r\n") }
    end
  end

  # Gives an object with write/<</print/puts/printf that sends what it is
  # given to socket.method_id(str).
  class WriteAdapter
    def initialize(socket, method_id)
      @socket = socket
      @method_id = method_id
    end

    def inspect
      "#<#{self.class} socket=#{@socket.inspect}>"
    end

    def write(str)
      @socket.__send__(@method_id, str)
    end

    alias print write

    def <<(str)
      write(str)
      self
    end

    def puts(str = '')
      write(str.chomp("\n") + "\n")
    end

    def printf(*args)
      write(sprintf(*args))
    end
  end

  # A destination (dest << str) that calls a block with each piece.
  class ReadAdapter
    def initialize(block)
      @block = block
    end

    def inspect
      "#<#{self.class}>"
    end

    def <<(str)
      @block.call(str) if @block
      self
    end
  end

end
