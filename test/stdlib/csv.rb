# csv.rb: lib/csv.rb (1.8.7's CSV: Reader, Writer, parse, generate ...).
require 'assert'
require 'csv'
require 'stringio'

def rm_rf(path)
  if File.directory?(path)
    Dir.entries(path).each { |e| rm_rf(File.join(path, e)) unless e == "." || e == ".." }
    Dir.rmdir(path)
  elsif File.exist?(path)
    File.unlink(path)
  end
end

TMP = File.join(ENV["TMPDIR"] || "/tmp", "miniruby-csv-#{$$}")
Dir.mkdir(TMP)
at_exit { rm_rf(TMP) }

# Each row and its line, both ways (1.8.7's own table).
SIMPLE = [
  [[nil], ''],
  [[''], '""'],
  [[nil, nil], ','],
  [[nil, nil, nil], ',,'],
  [['foo'], 'foo'],
  [[','], '","'],
  [[',', ','], '",",","'],
  [[';'], ';'],
  [[';', ';'], ';,;'],
  [["\"\r", "\"\r"], "\"\"\"\r\",\"\"\"\r\""],
  [["\"\n", "\"\n"], "\"\"\"\n\",\"\"\"\n\""],
  [["\t"], "\t"],
  [["\t", "\t"], "\t,\t"],
  [['foo', 'bar'], 'foo,bar'],
  [['foo', '"bar"', 'baz'], 'foo,"""bar""",baz'],
  [['foo', 'foo,bar', 'baz'], 'foo,"foo,bar",baz'],
  [['foo', '""', 'baz'], 'foo,"""""",baz'],
  [['foo', '', 'baz'], 'foo,"",baz'],
  [['foo', nil, 'baz'], 'foo,,baz'],
  [[nil, 'foo', 'bar'], ',foo,bar'],
  [['foo', 'bar', nil], 'foo,bar,'],
  [['foo', "\r", 'baz'], "foo,\"\r\",baz"],
  [['foo', "\n", 'baz'], "foo,\"\n\",baz"],
  [['foo', "\r\n\r", 'baz'], "foo,\"\r\n\r\",baz"],
  [['foo', "\r\n", 'baz'], "foo,\"\r\n\",baz"],
  [['foo', "\r.\n", 'baz'], "foo,\"\r.\n\",baz"],
  [['foo', "\r\n\n", 'baz'], "foo,\"\r\n\n\",baz"],
  [['foo', '"', 'baz'], 'foo,"""",baz'],
  [[' a ', 'b c'], ' a ,b c'],
]

test "parse_line and generate_line" do
  SIMPLE.each do |row, line|
    assert_equal row, CSV.parse_line(line), "parse_line(#{line.inspect})"
    assert_equal line, CSV.generate_line(row), "generate_line(#{row.inspect})"
  end
  assert_equal '', CSV.generate_line([])
  assert_equal ["a", "b"], CSV.parse_line("a,b\r\nc,d")         # one line only
  assert_equal ["a", "b"], CSV.parse_line("a,b\nc,d")
  assert_equal "1,2.5,sym,", CSV.generate_line([1, 2.5, :sym, nil])
end

test "null and empty fields, Cell and Row" do
  row = CSV.parse_line('a,,"",b')
  assert_equal ["a", nil, "", "b"], row
  assert_nil row[1]
  assert_equal "", row[2]
  assert_kind_of CSV::Cell, row[0]
  assert_kind_of CSV::Cell, row[2]
  assert_kind_of String, row[0]
  assert_equal "a", row[0].data
  assert_equal "x", CSV::Cell.new("x").data
  assert_equal "", CSV::Cell.new("x", true)
  assert_equal "", CSV::Cell.new
  assert CSV::Row < Array
  r = CSV::Row.new
  r << 1
  assert_equal [1], r
  assert CSV::IllegalFormatError < RuntimeError
end

test "malformed input" do
  ["a\"b", "\"a\"b", "\"abc", "a\rb", "a,\"b\" ,c", "a\r", "\"a\"\rb", "x\ny\"z\n"].each do |bad|
    assert_raise(CSV::IllegalFormatError, "CSV::IllegalFormatError") { CSV.parse(bad) }
    assert_raise(CSV::IllegalFormatError) { CSV::Reader.create(StringIO.new(bad)).to_a }
    assert_equal [], CSV.parse_line(bad) unless bad == "x\ny\"z\n"
  end
  assert_equal ["x"], CSV.parse_line("x\ny\"z\n")              # the malformed row is not the first
  assert_equal [], CSV.parse_line("a,b,\"c\"\ra")
  # rows before a malformed one are yielded first
  got = []
  assert_raise(CSV::IllegalFormatError) { CSV.parse("a\nb\nc\"\nd") { |r| got << r } }
  assert_equal [["a"], ["b"]], got
  assert_raise(ArgumentError, "empty field separator") { CSV.parse_line("a", "") }
  assert_raise(ArgumentError, "empty row separator") { CSV.parse("a", ",", "") }
end

test "parse" do
  assert_equal [["a", "b"], ["c", "d"], [nil], ["e"]], CSV.parse("a,b\r\nc,d\n\ne")
  assert_equal [["a", "b"], ["c", "d"]], CSV.parse("a,b\nc,d\n")
  assert_equal [], CSV.parse("")
  assert_equal [[nil]], CSV.parse("\n")
  assert_equal [["multi\nline", "x"], ["y"]], CSV.parse("\"multi\nline\",x\ny")
  assert_equal [["a", "b"], ["c", "d"]], CSV.parse("a;b|c;d", ?;, ?|)
  assert_equal [["a", "b"], ["c", "d"]], CSV.parse("a;b|c;d", ";", "|")
  assert_equal [["a", "b", "c"]], CSV.parse("a::b::c", "::")
  assert_equal [["a\r", "b"]], CSV.parse("a\r,b", ",", "\n")    # with rs given \r is data
  assert_equal [["a", "b"], ["c"]], CSV.parse("a,b\r\nc", ",", "\r\n")
  assert_equal [["x"]], CSV.parse("\xef\xbb\xbfx")                # a byte order mark is skipped
  rows = []
  assert_nil CSV.parse("1,2\n3,4") { |r| rows << r }
  assert_equal [["1", "2"], ["3", "4"]], rows
  assert_equal [["a", "b"], ["c"]], CSV.parse(StringIO.new("a,b\nc\n"))
end

test "parse_row and generate_row" do
  src = "a,b\r\nc,d\r\ne,f"
  idx = 0
  all = []
  counts = []
  loop do
    parsed = []
    n, idx = CSV.parse_row(src, idx, parsed)
    counts << n
    break if n == 0
    all << parsed
  end
  assert_equal [2, 2, 2, 0], counts
  assert_equal [["a", "b"], ["c", "d"], ["e", "f"]], all
  assert_equal [0, 0], CSV.parse_row("a\"b", 0, [])
  assert_equal [2, 6], CSV.parse_row("x\na;b\n", 2, [], ?;)
  buf = ''
  assert_equal 2, CSV.generate_row(['a', 'b'], 2, buf)
  assert_equal 1, CSV.generate_row(['c'], 2, buf)             # fewer cells: a field separator
  assert_equal 2, CSV.generate_row(['d', 'e', 'f'], 2, buf)
  assert_equal 0, CSV.generate_row([], 0, buf)
  assert_equal 0, CSV.generate_row([], 3, buf)
  assert_equal "a,b\nc,d,e\n\n", buf
  out = ''
  CSV.generate_row(['x y', 'a|b'], 2, out, ?;, ?|)
  assert_equal "x y;\"a|b\"|", out
end

test "Reader" do
  r = CSV::Reader.create("a,b\nc,d")
  assert_kind_of CSV::StringReader, r
  assert_kind_of Enumerable, r
  assert_equal ["a", "b"], r.shift
  assert_equal ["c", "d"], r.shift
  assert_equal [], r.shift
  r.close
  assert_equal [["1"], ["2"]], CSV::Reader.create("1\n2").to_a
  assert_equal ["1", "2"], CSV::Reader.create("1\n2").map { |row| row[0] }
  io = StringIO.new("x;y\n")
  r = CSV::Reader.create(io, ";")
  assert_kind_of CSV::IOReader, r
  assert_equal [["x", "y"]], r.to_a
  got = []
  assert_nil CSV::Reader.parse("p,q\nr") { |row| got << row }
  assert_equal [["p", "q"], ["r"]], got
  assert_kind_of CSV::Reader, CSV::Reader.parse("p")
  assert_raise(RuntimeError, "Do not instanciate this class directly.") { CSV::Reader.new(nil) }
end

test "IOReader reads rows across lines and from a pipe" do
  r, w = IO.pipe
  writer = Thread.new do
    w.write "id,\"note\n"
    Thread.pass
    w.write "spans\",3\n"
    Thread.pass
    w.write "2,plain,\"\"\"q\"\"\"\n"
    w.close
  end
  rows = CSV::Reader.create(r).to_a
  writer.join
  r.close
  assert_equal [["id", "note\nspans", "3"], ["2", "plain", "\"q\""]], rows
end

test "Writer" do
  out = ''
  w = CSV::Writer.create(out)
  assert_kind_of CSV::BasicWriter, w
  assert_same w, w << ['a', nil, '', 'b,c']
  w.add_row [1, 2]
  w << []
  w.close
  assert_equal "a,,\"\",\"b,c\"\n1,2\n\n", out
  out = ''
  assert_nil CSV::Writer.generate(out, ?;, "\r\n") { |wr| wr << ['x', 'y;z'] << ['1'] }
  assert_equal "x;\"y;z\"\r\n1\r\n", out
  io = StringIO.new
  CSV::Writer.generate(io) { |wr| wr << ["q\"q"] }
  assert_equal "\"q\"\"q\"\n", io.string
  assert_raise(RuntimeError, "Do not instanciate this class directly.") { CSV::Writer.new(nil) }
end

test "files: open, foreach, read, readlines, generate" do
  path = File.join(TMP, "t.csv")
  assert_nil CSV.open(path, 'w') { |w| w << ['a', 'b'] << ['c', nil] << ["d\ne", '"'] }
  assert_equal "a,b\nc,\n\"d\ne\",\"\"\"\"\n", File.read(path)
  rows = []
  assert_nil CSV.open(path, 'r') { |row| rows << row }
  assert_equal [['a', 'b'], ['c', nil], ["d\ne", '"']], rows
  reader = CSV.open(path, 'rb')
  assert_kind_of CSV::IOReader, reader
  assert_equal ['a', 'b'], reader.shift
  reader.close
  w = CSV.open(path, 'wb', ?\t)
  w << ['x', 'y z']
  w.add_row ['1']
  w.close
  assert_equal "x\ty z\n1\n", File.read(path)
  assert_equal [['x', 'y z'], ['1']], CSV.open(path, 'r', ?\t).to_a
  assert_raise(ArgumentError, "'mode' must be 'r', 'rb', 'w', or 'wb'") { CSV.open(path, 'a') }
  assert_raise(Errno::ENOENT) { CSV.open(File.join(TMP, "none.csv"), 'r') }

  CSV.generate(path) { |wr| wr << [1, 2] << [3, 4] }
  assert_equal "1,2\n3,4\n", File.read(path)
  got = []
  assert_nil CSV.foreach(path) { |row| got << row }
  assert_equal [['1', '2'], ['3', '4']], got
  assert_equal [['1', '2'], ['3', '4']], CSV.read(path)
  assert_equal [['2'], ['3', '4']], CSV.read(path, 5, 2)
  assert_equal [['1', '2'], ['3', '4']], CSV.readlines(path)
  File.open(path, "w") { |f| f.write "a|b;c|d" }
  assert_equal [['a|b'], ['c|d']], CSV.readlines(path, ?;)
  wr = CSV.generate(path, ";")
  wr << ['p', 'q']
  wr.close
  assert_equal "p;q\n", File.read(path)
end

test "parse of a file name is deprecated" do
  path = File.join(TMP, "dep.csv")
  File.open(path, "w") { |f| f.write "a,b\n" }
  saved = $stderr
  err = StringIO.new
  begin
    $stderr = err
    saved_const = STDERR
    Object.__send__(:remove_const, :STDERR)
    Object.const_set(:STDERR, err)
    reader = CSV.parse(path)
  ensure
    Object.__send__(:remove_const, :STDERR)
    Object.const_set(:STDERR, saved_const)
    $stderr = saved
  end
  assert_equal "CSV.parse(filename) is deprecated.  Use CSV.open(filename, 'r') instead.\n", err.string
  assert_equal [['a', 'b']], reader.to_a
  reader.close
end
