# stringio.rb: StringIO, an IO-like object reading and writing a String,
# for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's stringio extension:
#   StringIO.new(string = "", mode) and StringIO.open (closing after the
#   block, which leaves string nil, as in 1.8.7), string, string=, pos/tell,
#   pos=, seek(offset, whence) with IO::SEEK_SET/CUR/END, rewind, eof?/eof,
#   lineno/lineno=, read([length [, buffer]]), sysread/readpartial/
#   read_nonblock, gets(separator = $/) (nil separator: the rest; "": a
#   paragraph), readline, readlines, each/each_line/lines, each_byte/bytes,
#   each_char/chars (characters of $KCODE), getc and getbyte (an Integer,
#   as in 1.8), readchar and readbyte, ungetc (an Integer, inserted at
#   position 0),
#   write/syswrite, <<, print, puts, printf, putc, truncate, size/length,
#   close, close_read, close_write, closed?, closed_read?, closed_write?,
#   sync, sync=, fsync, flush, isatty/tty?, fileno/pid (nil), fcntl
#   (NotImplementedError), binmode, reopen, and the modes "r", "w", "a",
#   "r+", "w+", "a+" (with "b"), or File::RDONLY... flags.  A frozen string
#   is opened read-only.  Positions and lengths count bytes; writing past
#   the end pads the string with "\0".
# Left out: gets does not set the caller's $_, and print with no argument
# prints nil instead of the caller's $_ ($_ is local to each method's frame
# and a method written in Ruby cannot reach its caller's); a dup does not
# share its position with the original (1.8.7's dup shares one state);
# taint is not carried from the string to what is read.

class StringIO
  include Enumerable

  # StringIO.open(string, mode) { |io| ... }: the block's value, io closed
  # afterwards; without a block, StringIO.new.
  def self.open(*args)
    io = new(*args)
    return io unless block_given?
    begin
      yield io
    ensure
      io.instance_eval do
        @string = nil
        @readable = @writable = false
      end
    end
  end

  def initialize(*args)
    open_string(*args)
  end

  # reopen(other_stringio) takes other's string, position and mode (other
  # may be anything with to_strio); reopen(string, mode) starts over on
  # string.
  def reopen(*args)
    if args.size == 1 && !args[0].instance_of?(String)
      other = args[0]
      unless other.kind_of?(StringIO)
        converted = other.respond_to?(:to_strio) ? other.to_strio : nil
        unless converted.kind_of?(StringIO)
          name = other.nil? ? "nil" : other == true ? "true" : other == false ? "false" : other.class.to_s
          raise TypeError, "can't convert #{name} into StringIO"
        end
        other = converted
      end
      @string = other.string
      @pos = other.pos
      @lineno = other.lineno
      @readable = !other.closed_read?
      @writable = !other.closed_write?
      @append = other.instance_eval { @append }
    else
      open_string(*args)
    end
    self
  end

  # ------------------------------------------------------------ the string

  attr_reader :string

  # Replaces the string; the position and line number go back to 0.
  def string=(str)
    str = string_value(str)
    @string = str
    @readable = true
    @writable = !str.frozen?
    @append = false
    @pos = 0
    @lineno = 0
    str
  end

  def size
    raise IOError, "not opened" if @string.nil?
    @string.size
  end
  alias length size

  # Cuts (or pads with "\0") the string to length bytes; the position
  # stays.
  def truncate(length)
    check_writable
    length = length.to_int
    raise Errno::EINVAL, "negative legnth" if length < 0   # sic, 1.8.7's words
    size = @string.size
    if length < size
      @string[length, size - length] = ""
    elsif length > size
      @string << "\0" * (length - size)
    end
    0
  end

  # ------------------------------------------------------------ position

  attr_reader :pos
  alias tell pos

  def pos=(pos)
    pos = pos.to_int
    raise Errno::EINVAL if pos < 0
    @pos = pos
  end

  def seek(offset, whence = IO::SEEK_SET)
    raise IOError, "closed stream" if closed?
    offset = offset.to_int
    case whence
    when IO::SEEK_SET then
    when IO::SEEK_CUR then offset += @pos
    when IO::SEEK_END then offset += @string.size
    else raise Errno::EINVAL, "invalid whence"
    end
    raise Errno::EINVAL if offset < 0
    @pos = offset
    0
  end

  def rewind
    @pos = 0
    @lineno = 0
    0
  end

  def eof?
    check_readable
    @pos >= @string.size
  end
  alias eof eof?

  attr_accessor :lineno

  # ------------------------------------------------------------ reading

  # read: the rest ("" at the end); read(length): at most length bytes, nil
  # at the end; with buffer, the bytes are put in it (and it is returned).
  def read(length = nil, buffer = nil)
    check_readable
    buffer = string_value(buffer) unless buffer.nil?
    size = @string.size
    if length.nil?
      length = size - @pos
      length = 0 if length < 0
    else
      length = length.to_int
      raise ArgumentError, "negative length #{length} given" if length < 0
      if length > 0 && @pos >= size
        buffer.replace("") if buffer
        return nil
      end
    end
    data = @pos < size ? @string[@pos, length] : ""
    @pos += data.size
    return data if buffer.nil?
    buffer.replace(data)
  end

  # As read, but EOFError at the end.
  def sysread(*args)
    data = read(*args)
    raise EOFError, "end of file reached" if data.nil? ||
                                             (data.empty? && args[0].nil? && eof?)
    data
  end
  alias readpartial sysread
  alias read_nonblock sysread

  # The next line, up to and including separator; nil at the end.
  # separator nil reads the rest; "" reads a paragraph (newlines before it
  # are skipped, it ends after two newlines).
  def gets(separator = $/)
    check_readable
    string = @string
    size = string.size
    return nil if @pos >= size
    start = @pos
    if separator.nil?
      stop = size
    else
      separator = string_value(separator)
      if separator.empty?
        start += 1 while start < size && string[start] == 10
        return nil if start >= size
        found = string.index("\n\n", start)
        stop = found ? found + 2 : size
      else
        found = string.index(separator, start)
        stop = found ? found + separator.size : size
      end
    end
    line = string[start, stop - start]
    @pos = stop
    @lineno += 1
    line
  end

  def readline(separator = $/)
    line = gets(separator)
    raise EOFError, "end of file reached" if line.nil?
    line
  end

  def readlines(separator = $/)
    lines = []
    while line = gets(separator)
      lines << line
    end
    lines
  end

  def each(separator = $/)
    return enum_for(:each, separator) unless block_given?
    check_readable
    while line = gets(separator)
      yield line
    end
    self
  end
  alias each_line each

  def lines(separator = $/, &block)
    return each(separator, &block) if block
    enum_for(:each, separator)
  end

  # The next byte as an Integer; nil at the end.
  def getc
    check_readable
    return nil if @pos >= @string.size
    byte = @string[@pos]
    @pos += 1
    byte
  end

  alias getbyte getc

  def readchar
    byte = getc
    raise EOFError, "end of file reached" if byte.nil?
    byte
  end
  alias readbyte readchar

  # Puts the byte (an Integer; -1 is nothing) back before the position:
  # it is read next.  At the start of the string, it is inserted.
  def ungetc(byte)
    check_readable
    byte = num2int(byte)
    return nil if byte == -1
    byte &= 0xff
    if @pos == 0
      @string[0, 0] = byte.chr
    elsif @pos > @string.size
      @pos -= 1
      @string << "\0" * (@pos - @string.size) << byte.chr
    else
      @pos -= 1
      @string[@pos] = byte unless @string[@pos] == byte
    end
    nil
  end

  def each_byte
    return enum_for(:each_byte) unless block_given?
    check_readable
    while @pos < @string.size
      byte = @string[@pos]
      @pos += 1
      yield byte
    end
    self
  end

  def bytes
    return each_byte { |b| yield b } if block_given?
    enum_for(:each_byte)
  end

  # Yields the characters ($KCODE's, as String#each_char) as Strings.
  def each_char
    return enum_for(:each_char) unless block_given?
    check_readable
    while @pos < @string.size
      char = @string[@pos, 6][/\A./m]
      @pos += char.size
      yield char
    end
    self
  end

  def chars
    return each_char { |c| yield c } if block_given?
    enum_for(:each_char)
  end

  # ------------------------------------------------------------ writing

  # Writes obj.to_s at the position (at the end in append mode); returns
  # the number of bytes written.
  def write(obj)
    check_writable
    data = obj.to_s
    return 0 if data.empty?
    string = @string
    raise IOError, "not modifiable string" if string.frozen?
    size = string.size
    @pos = size if @append
    if @pos == size
      string << data
    elsif @pos > size
      string << "\0" * (@pos - size) << data
    else
      length = data.size
      length = size - @pos if @pos + length > size
      string[@pos, length] = data
    end
    @pos += data.size
    data.size
  end
  alias syswrite write

  def <<(obj)
    write(obj)
    self
  end

  # print(obj, ...): each obj (nil as "nil"), $, between them, $\ after.
  def print(*objs)
    objs = [nil] if objs.empty?
    objs.each_with_index do |obj, i|
      write($,) if i > 0 && !$,.nil?
      write(obj.nil? ? "nil" : obj)
    end
    write($\) unless $\.nil?
    nil
  end

  # puts(obj, ...): each obj on its line; Arrays are written element by
  # element ([...] where one contains itself); no argument writes "\n".
  def puts(*objs)
    if objs.empty?
      write("\n")
    else
      objs.each { |obj| puts_one(obj, []) }
    end
    nil
  end

  def printf(format, *args)
    write(Kernel.format(format, *args))
    nil
  end

  # putc(65) and putc("A") write "A"; returns its argument.
  def putc(char)
    if char.respond_to?(:to_str)
      write(char.to_str[0, 1])
    else
      write((char.to_int & 0xff).chr)
    end
    char
  end

  # ------------------------------------------------------------ closing

  def close
    raise IOError, "closed stream" if closed?
    @readable = @writable = false
    nil
  end

  def close_read
    raise IOError, "closing non-duplex IO for reading" unless @readable
    @readable = false
    nil
  end

  def close_write
    raise IOError, "closing non-duplex IO for writing" unless @writable
    @writable = false
    nil
  end

  def closed?
    !@readable && !@writable
  end

  def closed_read?
    !@readable
  end

  def closed_write?
    !@writable
  end

  # ------------------------------------------------------------ IO's rest

  def sync
    true
  end

  def sync=(value)
    value
  end

  def fsync
    0
  end

  def flush
    self
  end

  def isatty
    false
  end
  alias tty? isatty

  def fileno
    nil
  end

  def pid
    nil
  end

  def fcntl(*args)
    raise NotImplementedError, "fcntl() function is unimplemented on this machine"
  end

  def binmode
    self
  end

  private

  # The work of new and reopen: string and mode as StringIO.new takes them.
  def open_string(*args)
    if args.size > 2
      raise ArgumentError, "wrong number of arguments (#{args.size} for 2)"
    end
    string = args.empty? ? "" : string_value(args[0])
    mode = args[1]
    if args.size < 2
      @readable = true
      @writable = !string.frozen?
      @append = false
      truncate = false
    else
      @readable, @writable, @append, truncate = parse_mode(mode)
      if @writable && string.frozen?
        raise Errno::EACCES
      end
    end
    string.replace("") if truncate
    @string = string
    @pos = 0
    @lineno = 0
  end

  # [readable, writable, append, truncate] for a mode String or Integer.
  def parse_mode(mode)
    if mode.kind_of?(Integer)
      access = mode & 3
      readable = access == File::RDONLY || access == File::RDWR
      writable = access == File::WRONLY || access == File::RDWR
      return [readable, writable, mode & File::APPEND != 0,
              mode & File::TRUNC != 0]
    end
    text = mode.to_str
    unless text =~ /\A([rwa])(\+?)[bt]?(\+?)\z/ && !($2 == "+" && $3 == "+")
      raise ArgumentError, "illegal access mode #{text}"
    end
    plus = $2 == "+" || $3 == "+"
    case $1
    when "r" then [true, plus, false, false]
    when "w" then [plus, true, false, true]
    else          [plus, true, true, false]
    end
  end

  # obj as a C int, with the errors of 1.8.7's NUM2INT.
  def num2int(obj)
    raise TypeError, "no implicit conversion from nil to integer" if obj.nil?
    obj = obj.to_i if obj.kind_of?(Float)
    unless obj.kind_of?(Integer)
      unless obj.respond_to?(:to_int)
        name = obj == true ? "true" : obj == false ? "false" : obj.class.to_s
        raise TypeError, "can't convert #{name} into Integer"
      end
      obj = obj.to_int
    end
    if obj > 2147483647
      raise RangeError, "integer #{obj} too big to convert to `int'"
    elsif obj < -2147483648
      raise RangeError, "integer #{obj} too small to convert to `int'"
    end
    obj
  end

  # obj itself if a String, else obj.to_str; TypeError if it has none.
  def string_value(obj)
    return obj if obj.kind_of?(String)
    unless obj.respond_to?(:to_str)
      name = obj.nil? ? "nil" : obj == true ? "true" : obj == false ? "false" : obj.class.to_s
      raise TypeError, "can't convert #{name} into String"
    end
    obj.to_str
  end

  def check_readable
    raise IOError, "not opened for reading" unless @readable
  end

  def check_writable
    raise IOError, "not opened for writing" unless @writable
  end

  # One argument of puts; seen holds the ids of the Arrays being written.
  def puts_one(obj, seen)
    if obj.nil?
      line = "nil"
    elsif obj.kind_of?(Array) || obj.respond_to?(:to_ary)
      array = obj.kind_of?(Array) ? obj : obj.to_ary
      if array.kind_of?(Array)
        if seen.include?(array.__id__)
          line = "[...]"
        else
          seen.push(array.__id__)
          array.each { |element| puts_one(element, seen) }
          seen.pop
          return
        end
      else
        line = obj.to_s
      end
    else
      line = obj.to_s
    end
    write(line)
    write("\n") unless line[-1] == 10
  end
end
