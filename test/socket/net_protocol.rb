# Net::BufferedIO, Net::InternetMessageIO and the adapters over a
# socketpair.
require 'assert'
require 'net/protocol'

def buffered(klass = Net::BufferedIO)
  a, b = UNIXSocket.pair
  [klass.new(a), b]
end

test "the exceptions" do
  assert_equal StandardError, Net::ProtocolError.superclass
  [Net::ProtoSyntaxError, Net::ProtoFatalError, Net::ProtoUnknownError, Net::ProtoServerError,
   Net::ProtoAuthError, Net::ProtoCommandError, Net::ProtoRetriableError].each do |k|
    assert_equal Net::ProtocolError, k.superclass
  end
  assert_same Net::ProtoRetriableError, Net::ProtocRetryError
end

test "read, readuntil, readline, read_all" do
  io, peer = buffered
  assert_equal 60, io.read_timeout
  peer.write "first line\r\nsecond\nfixed12345rest of it"
  peer.close_write
  assert_equal "first line", io.readline
  assert_equal "second\n", io.readuntil("\n")
  assert_equal "fixed", io.read(5)
  dest = "got:"
  assert_same dest, io.read(5, dest)
  assert_equal "got:12345", dest
  assert_equal "rest of it", io.read_all
  assert_raise(EOFError) { io.readline }
  assert_equal "", io.readuntil("\n", true)
  assert_raise(EOFError) { io.read(1) }
  assert_equal "", io.read(3, "", true)
  assert_false io.closed?
  io.close
  assert_true io.closed?
  peer.close
end

test "read waits for bytes that come later" do
  io, peer = buffered
  t = Thread.new { io.read(6) }
  Thread.pass until t.status == "sleep"
  peer.write "abc"
  20.times { Thread.pass }
  peer.write "def"
  assert_equal "abcdef", t.value
  io.close
  peer.close
end

test "read_timeout" do
  io, peer = buffered
  io.read_timeout = 0.1
  e = assert_raise(Timeout::Error) { io.readline }
  assert_equal "execution expired", e.message
  peer.puts "now"
  assert_equal "now", io.readline
  io.close
  peer.close
end

test "write, <<, writeline and the debug output" do
  io, peer = buffered
  log = ""
  io.debug_output = log
  assert_equal 3, io.write("abc")
  io << "def"
  assert_equal 6, io.writeline("line")
  peer.write "in\n"
  io.readline
  assert_equal "abcdefline\r\n", peer.readpartial(100)
  assert_equal "<- \"abc\"\n<- \"def\"\n<- \"line\\r\\n\"\n-> \"in\\n\"\n", log
  assert_match(/\A#<Net::BufferedIO io=#<UNIXSocket:0x[0-9a-f]+>>\z/, io.inspect)
  io.close
  peer.close
end

test "InternetMessageIO" do
  io, peer = buffered(Net::InternetMessageIO)
  peer.write "line one\r\n..dotted\r\n.\r\nitem 1\r\nitem 2\r\n.\r\n"
  lines = []
  io.each_message_chunk { |l| lines << l }
  assert_equal ["line one\r\n", ".dotted\r\n"], lines
  items = []
  io.each_list_item { |l| items << l }
  assert_equal ["item 1", "item 2"], items
  n = io.write_message("a\n.b\r\nc")
  assert_equal "a\r\n..b\r\nc\r\n.\r\n", peer.readpartial(100)
  assert_equal 14, n
  io.write_message(["x\n", "y\n"])
  assert_equal "x\r\ny\r\n.\r\n", peer.readpartial(100)
  io.write_message_by_block { |f| f.puts "from"; f << "a block\n"; f.print ".end\n" }
  assert_equal "from\r\na block\r\n..end\r\n.\r\n", peer.readpartial(100)
  io.close
  peer.close
end

test "adapters" do
  got = []
  r = Net::ReadAdapter.new(proc { |s| got << s })
  assert_same r, r << "a"
  r << "b"
  assert_equal ["a", "b"], got
  out = []
  sink = Object.new
  sink.instance_variable_set(:@out, out)
  def sink.put(s); @out << s; s.size; end
  w = Net::WriteAdapter.new(sink, :put)
  assert_equal 1, w.write("1")
  w.print "2"
  w << "3" << "4"
  w.puts "5"
  w.puts "6\n"
  w.printf("%02d", 7)
  assert_equal ["1", "2", "3", "4", "5\n", "6\n", "07"], out
end

test "protocol_param" do
  klass = Class.new(Net::Protocol) { protocol_param :default_port, '25' }
  assert_equal 25, klass.new.default_port
  assert_raise(NoMethodError) { Net::Protocol.protocol_param(:x, '1') }
end
