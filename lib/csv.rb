# csv.rb: reading and writing comma-separated values, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's csv.rb (NaHi's CSV,
# not FasterCSV, which became 1.9's):
#   CSV.open(path, mode, fs = nil, rs = nil) with mode 'r', 'rb', 'w' or
#   'wb' (else ArgumentError "'mode' must be 'r', 'rb', 'w', or 'wb'"):
#   with a block it yields each row (reading) or a writer (writing) and
#   closes the file, returning nil; without, it returns a CSV::Reader or
#   CSV::Writer that closes the file on close.  CSV.foreach(path, rs),
#   CSV.read(path, length, offset), CSV.readlines(path, rs),
#   CSV.generate(path, fs, rs) { |writer| }, CSV.parse(str_or_io, fs, rs)
#   (rows, or each row to a block), CSV.parse_line(str, fs, rs) (the first
#   row only; [] when it is malformed), CSV.parse_row(src, idx, out, fs,
#   rs) -> [cells, next idx] ([0, 0] at the end or when malformed),
#   CSV.generate_line(row, fs, rs), CSV.generate_row(src, cells, out, fs,
#   rs) -> cells written.  CSV::Reader.parse/create (a CSV::StringReader
#   or CSV::IOReader) with each (Enumerable), shift, close;
#   CSV::Writer.generate/create (a CSV::BasicWriter) with <<, add_row,
#   close.  CSV::Cell (a String), CSV::Row (an Array), and
#   CSV::IllegalFormatError < RuntimeError.
# Format: fs separates fields (',' by default; a Fixnum is taken as a
# character code), rs rows (nil: "\n" or "\r\n"; a lone "\r" is then
# malformed).  A field in double quotes may hold separators, "\r", "\n",
# and "" for one quote.  An empty field is nil and an empty quoted field
# is "" (so ',' is [nil, nil] and '""' is [""]); the other fields are
# CSV::Cells.  A quote inside an unquoted field, a character after a
# closing quote, and an unclosed quote are malformed: readers raise
# CSV::IllegalFormatError (with 1.8.7's message, the class name).
# Writing quotes a field holding the separators, '"', "\r" or "\n", and the
# empty String; nil is written as nothing, other objects with to_s; rows
# end with rs or "\n".  A UTF-8 byte order mark at the start is skipped.
# CSV.parse given the name of an existing file warns "CSV.parse(filename)
# is deprecated.  Use CSV.open(filename, 'r') instead." and reads it.
# An empty fs or rs raises ArgumentError (1.8.7 looped or misparsed).
# Left out: 1.8.7's CSV::IOBuf and CSV::StreamBuf buffering classes (an
# IOReader reads its IO a line at a time with gets, or read).

class CSV
  class IllegalFormatError < RuntimeError
  end

  # A parsed field: a String.  Cell.new(data, true) is the null cell "".
  class Cell < String
    def initialize(data = "", is_null = false)
      super(is_null ? "" : data)
    end

    def data
      to_s
    end
  end

  # A row: an Array.
  class Row < Array
  end

  def CSV.open(path, mode, fs = nil, rs = nil, &block)
    if mode == 'r' || mode == 'rb'
      open_reader(path, mode, fs, rs, &block)
    elsif mode == 'w' || mode == 'wb'
      open_writer(path, mode, fs, rs, &block)
    else
      raise ArgumentError.new("'mode' must be 'r', 'rb', 'w', or 'wb'")
    end
  end

  def CSV.foreach(path, rs = nil, &block)
    open_reader(path, 'r', ',', rs, &block)
  end

  def CSV.read(path, length = nil, offset = nil)
    CSV.parse(IO.read(path, length, offset))
  end

  def CSV.readlines(path, rs = nil)
    reader = open_reader(path, 'r', ',', rs)
    begin
      reader.collect { |row| row }
    ensure
      reader.close
    end
  end

  def CSV.generate(path, fs = nil, rs = nil, &block)
    open_writer(path, 'w', fs, rs, &block)
  end

  # The rows of a String or IO; with a block, each row to it, and nil.
  def CSV.parse(str_or_readable, fs = nil, rs = nil, &block)
    if str_or_readable.is_a?(String) && File.exist?(str_or_readable)
      STDERR.puts("CSV.parse(filename) is deprecated." +
                  "  Use CSV.open(filename, 'r') instead.")
      return open_reader(str_or_readable, 'r', fs, rs, &block)
    end
    if block
      CSV::Reader.parse(str_or_readable, fs, rs) { |row| yield(row) }
      nil
    else
      CSV::Reader.create(str_or_readable, fs, rs).collect { |row| row }
    end
  end

  # The first row of src ([] if it is malformed); the rest is ignored.
  def CSV.parse_line(src, fs = nil, rs = nil)
    fs, rs = separators(fs, rs)
    status, cells, = scan_row(src, 0, fs, rs, true)
    return [] if status == :error
    return [nil] if status == :none
    cells
  end

  # The row of cells as a line, without a row separator.
  def CSV.generate_line(row, fs = nil, rs = nil)
    return '' if row.size == 0
    fs, rs = separators(fs, rs)
    out = ''
    row.each_with_index do |cell, i|
      out << fs if i > 0
      generate_body(cell, out, fs, rs)
    end
    out
  end

  # Parses the row of src at idx, appending its cells to out_dev; returns
  # [cells parsed, index of the next row], [0, 0] at the end or on a
  # malformed row.
  def CSV.parse_row(src, idx, out_dev, fs = nil, rs = nil)
    fs, rs = separators(fs, rs)
    status, cells, next_idx = scan_row(src, idx, fs, rs, true)
    return [0, 0] if status == :error || status == :none
    cells.each { |c| out_dev << c }
    [cells.size, next_idx]
  end

  # Writes the first cells of src to out_dev, with a row separator after
  # them when there were that many, else a field separator; returns the
  # number written.
  def CSV.generate_row(src, cells, out_dev, fs = nil, rs = nil)
    fs, rs = separators(fs, rs)
    if src.size == 0
      out_dev << (rs || "\n") if cells == 0
      return 0
    end
    done = 0
    generate_body(src[done], out_dev, fs, rs)
    done += 1
    while done < cells && done != src.size
      out_dev << fs
      generate_body(src[done], out_dev, fs, rs)
      done += 1
    end
    out_dev << (done == cells ? (rs || "\n") : fs)
    done
  end

  # Reads rows: CSV::Reader.parse(str_or_io, fs, rs) { |row| },
  # CSV::Reader.create(str_or_io, fs, rs).
  class Reader
    include Enumerable

    def Reader.parse(str_or_readable, fs = ',', rs = nil)
      reader = Reader.create(str_or_readable, fs, rs)
      return reader unless block_given?
      reader.each { |row| yield(row) }
      reader.close
      nil
    end

    def Reader.create(str_or_readable, fs = ',', rs = nil)
      case str_or_readable
      when String
        StringReader.new(str_or_readable, fs, rs)
      else
        IOReader.new(str_or_readable, fs, rs)
      end
    end

    def initialize(dev)
      raise RuntimeError.new('Do not instanciate this class directly.')
    end

    def each
      loop do
        row = []
        break if get_row(row) == 0
        yield(row)
      end
      nil
    end

    # The next row ([] at the end).
    def shift
      row = []
      get_row(row)
      row
    end

    def close
      terminate
    end

    private

    def get_row(row)
      raise NotImplementedError.new('Method get_row must be defined in a derived class.')
    end

    def terminate
    end
  end

  # Reads the rows of a String.
  class StringReader < Reader
    def initialize(string, fs = ',', rs = nil)
      @fs, @rs = CSV.__send__(:separators, fs, rs)
      @dev = string
      @idx = @dev[0, 3] == "\xef\xbb\xbf" ? 3 : 0
    end

    private

    def get_row(row)
      status, cells, next_idx = CSV.__send__(:scan_row, @dev, @idx, @fs, @rs, true)
      raise IllegalFormatError.new if status == :error
      return 0 if status == :none
      row.concat(cells)
      @idx = next_idx
      cells.size
    end
  end

  # Reads the rows of an IO (or anything with gets or read).
  class IOReader < Reader
    def initialize(io, fs = ',', rs = nil)
      @io = io
      @fs, @rs = CSV.__send__(:separators, fs, rs)
      @buf = ""
      @eof = false
      @close_on_terminate = false
      fill while @buf.size < 3 && !@eof
      @buf[0, 3] = "" if @buf[0, 3] == "\xef\xbb\xbf"
    end

    # close will close the IO too.
    def close_on_terminate
      @close_on_terminate = true
    end

    private

    def fill
      data = @io.respond_to?(:gets) ? @io.gets : @io.read(4096)
      if data.nil? || data.empty?
        @eof = true
      else
        @buf << data
      end
    end

    def get_row(row)
      loop do
        status, cells, next_idx = CSV.__send__(:scan_row, @buf, 0, @fs, @rs, @eof)
        if status == :more
          fill
          next
        end
        raise IllegalFormatError.new if status == :error
        return 0 if status == :none
        row.concat(cells)
        @buf = @buf[next_idx..-1] || ""
        return cells.size
      end
    end

    def terminate
      @io.close if @close_on_terminate && !@io.closed?
    end
  end

  # Writes rows: CSV::Writer.generate(str_or_io, fs, rs) { |writer| },
  # CSV::Writer.create(str_or_io, fs, rs).
  class Writer
    def Writer.generate(str_or_writable, fs = ',', rs = nil)
      writer = Writer.create(str_or_writable, fs, rs)
      return writer unless block_given?
      yield(writer)
      writer.close
      nil
    end

    def Writer.create(str_or_writable, fs = ',', rs = nil)
      BasicWriter.new(str_or_writable, fs, rs)
    end

    def initialize(dev)
      raise RuntimeError.new('Do not instanciate this class directly.')
    end

    # Writes a row (an Array of cells) and its row separator.
    def <<(row)
      CSV.generate_row(row, row.size, @dev, @fs, @rs)
      self
    end
    alias add_row <<

    def close
      terminate
    end

    private

    def terminate
    end
  end

  # Writes rows with << to a String or IO.
  class BasicWriter < Writer
    def initialize(str_or_writable, fs = ',', rs = nil)
      @fs = fs
      @rs = rs
      @dev = str_or_writable
      @close_on_terminate = false
    end

    # close will close the IO too.
    def close_on_terminate
      @close_on_terminate = true
    end

    private

    def terminate
      @dev.close if @close_on_terminate
    end
  end

  class << self
    private

    def open_reader(path, mode, fs, rs)
      file = File.open(path, mode)
      if block_given?
        begin
          CSV::Reader.parse(file, fs, rs) { |row| yield(row) }
        ensure
          file.close
        end
        nil
      else
        reader = CSV::Reader.create(file, fs, rs)
        reader.close_on_terminate
        reader
      end
    end

    def open_writer(path, mode, fs, rs)
      file = File.open(path, mode)
      if block_given?
        begin
          CSV::Writer.generate(file, fs, rs) { |writer| yield(writer) }
        ensure
          file.close
        end
        nil
      else
        writer = CSV::Writer.create(file, fs, rs)
        writer.close_on_terminate
        writer
      end
    end

    # fs and rs as Strings (fs ',' by default, rs nil for "\n" or "\r\n").
    def separators(fs, rs)
      fs ||= ','
      fs = fs.chr if fs.is_a?(Fixnum)
      rs = rs.chr if rs.is_a?(Fixnum)
      raise ArgumentError, "empty field separator" if fs.empty?
      raise ArgumentError, "empty row separator" if rs && rs.empty?
      [fs, rs]
    end

    def generate_body(cell, out_dev, fs, rs)
      return if cell.nil?
      text = cell.to_s
      data = text.gsub('"', '""')
      if data != text || text.empty? || data.index(fs) || (rs && data.index(rs)) || data =~ /[\r\n]/
        out_dev << '"' << data << '"'
      else
        out_dev << data
      end
    end

    # The row at idx of src: [:row, cells, next idx], [:none] at the end,
    # [:error] when malformed, [:more] when src may be cut short (final
    # false) and more of it could change the row.
    def scan_row(src, idx, fs, rs, final)
      start = idx
      cells = []
      loop do
        status, after, cell = scan_field(src, idx, fs, rs, final)
        return [status] if status == :more || status == :error
        if status == :eos
          return [:none] if after == start
          cells << cell
          return [:row, cells, after]
        end
        cells << cell
        return [:row, cells, after] if status == :rowsep
        idx = after
      end
    end

    # [:colsep / :rowsep / :eos, index after the separator, cell], or
    # [:more] or [:error].
    def scan_field(src, idx, fs, rs, final)
      if src[idx] == ?"
        cell = Cell.new
        i = idx + 1
        loop do
          j = src.index('"', i)
          unless j
            return [final ? :error : :more]
          end
          cell << src[i...j]
          if src[j + 1] == ?"
            cell << '"'
            i = j + 2
          elsif j + 1 >= src.size && !final
            return [:more]
          else
            i = j + 1
            break
          end
        end
        sep, after = separator_at(src, i, fs, rs, final)
        return [:more] if sep == :more
        return [:error] unless sep
        return [sep, after, cell]
      end
      i = idx
      loop do
        sep, after = separator_at(src, i, fs, rs, final)
        return [:more] if sep == :more
        if sep
          return [sep, after, i == idx ? nil : Cell.new(src[idx...i])]
        end
        c = src[i]
        return [:error] if c == ?" || (rs.nil? && c == ?\r)
        i += 1
      end
    end

    # The separator at i: [:colsep / :rowsep / :eos, index after it],
    # [:more] if src ends inside what could be one, or [nil].
    def separator_at(src, i, fs, rs, final)
      rest = src.size - i
      return final ? [:eos, i] : [:more] if rest <= 0
      return [:colsep, i + fs.size] if src[i, fs.size] == fs
      if rs
        return [:rowsep, i + rs.size] if src[i, rs.size] == rs
        return [:more] if !final && (rest < fs.size && fs[0, rest] == src[i, rest] ||
                                     rest < rs.size && rs[0, rest] == src[i, rest])
      else
        return [:rowsep, i + 1] if src[i] == ?\n
        return [:rowsep, i + 2] if src[i, 2] == "\r\n"
        return [:more] if !final && (rest < fs.size && fs[0, rest] == src[i, rest] ||
                                     rest == 1 && src[i] == ?\r)
      end
      [nil]
    end
  end
end
