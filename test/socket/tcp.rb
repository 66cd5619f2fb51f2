# TCPServer and TCPSocket on the loopback: a client and a server in one
# process, the IO methods on sockets, addresses, options, shutdown.
require 'assert'
require 'socket'

class IncludesConstants
  include Socket::Constants
  def af_inet; AF_INET; end
end

def pair_tcp
  server = TCPServer.new("127.0.0.1", 0)
  client = TCPSocket.new("127.0.0.1", server.addr[1])
  peer = server.accept
  [server, client, peer]
end

test "classes" do
  assert_equal IO, BasicSocket.superclass
  assert_equal BasicSocket, IPSocket.superclass
  assert_equal IPSocket, TCPSocket.superclass
  assert_equal TCPSocket, TCPServer.superclass
  assert_equal IPSocket, UDPSocket.superclass
  assert_equal BasicSocket, UNIXSocket.superclass
  assert_equal UNIXSocket, UNIXServer.superclass
  assert_equal BasicSocket, Socket.superclass
  assert_equal StandardError, SocketError.superclass
  assert_raise(NoMethodError) { BasicSocket.new }
  assert_raise(NoMethodError) { IPSocket.new }
end

test "constants on Socket and Socket::Constants" do
  assert_equal 2, Socket::AF_INET
  assert_equal 10, Socket::AF_INET6
  assert_equal 1, Socket::AF_UNIX
  assert_equal 0, Socket::AF_UNSPEC
  assert_equal 2, Socket::PF_INET
  assert_equal 1, Socket::SOCK_STREAM
  assert_equal 2, Socket::SOCK_DGRAM
  assert_equal 1, Socket::SOL_SOCKET
  assert_equal 2, Socket::SO_REUSEADDR
  assert_equal 6, Socket::IPPROTO_TCP
  assert_equal 1, Socket::TCP_NODELAY
  assert_equal 2, Socket::MSG_PEEK
  assert_equal 0, Socket::SHUT_RD
  assert_equal 2, Socket::SHUT_RDWR
  assert_equal 0, Socket::INADDR_ANY
  assert_equal 0x7f000001, Socket::INADDR_LOOPBACK
  assert_equal 1, Socket::AI_PASSIVE
  assert_equal 1, Socket::NI_NUMERICHOST
  assert_equal Socket::SO_KEEPALIVE, Socket::Constants::SO_KEEPALIVE
  assert_equal 2, IncludesConstants.new.af_inet
end


test "a client and a server in one process" do
  server = TCPServer.new("127.0.0.1", 0)
  port = server.addr[1]
  assert_kind_of Integer, port
  assert_true port > 0
  t = Thread.new do
    s = server.accept
    assert_kind_of TCPSocket, s
    line = s.gets
    s.write "you said: #{line}"
    s.close
  end
  c = TCPSocket.new("127.0.0.1", port)
  c.puts "hello"
  assert_equal "you said: hello\n", c.gets
  assert_nil c.gets
  assert_true c.eof?
  t.join
  c.close
  assert_true c.closed?
  server.close
end

test "TCPSocket.open with a block and TCPServer.new(port)" do
  server = TCPServer.new(0)
  port = server.addr[1]
  assert_equal "0.0.0.0", server.addr[3]
  t = Thread.new { s = server.accept; s.print "x", "y"; s.close }
  got = TCPSocket.open("localhost", port) { |c| c.read }
  assert_equal "xy", got
  t.join
  server.close
end

test "IO methods on sockets" do
  server, c, s = pair_tcp
  assert_true c.sync
  c.write "one\ntwo\nthree\n"
  c.print "four", "\n"
  c.syswrite "five\n"
  c << "six\n"
  c.printf("%d\n", 7)
  c.close_write
  assert_equal "one\n", s.gets
  assert_equal "two\n", s.readline
  lines = []
  s.each_line { |l| lines << l }
  assert_equal ["three\n", "four\n", "five\n", "six\n", "7\n"], lines
  assert_true s.eof?
  assert_raise(EOFError) { s.readpartial(10) }
  assert_raise(EOFError) { s.sysread(10) }
  assert_nil s.read(10)
  assert_equal "", s.read
  [c, s, server].each { |x| x.close }
end

test "read with a length, getc, sysread and read_nonblock" do
  server, c, s = pair_tcp
  c.write "abcdefgh"
  assert_equal "abc", s.read(3)
  assert_equal ?d, s.getc
  assert_equal "efgh", s.readpartial(100)
  assert_raise(Errno::EAGAIN) { s.read_nonblock(10) }
  c.write "xyz"
  IO.select([s])
  assert_equal "xyz", s.read_nonblock(10)
  c.write "12"
  IO.select([s], nil, nil, 5)
  assert_equal "12", s.sysread(10)
  [c, s, server].each { |x| x.close }
end

test "IO.select on sockets" do
  server, c, s = pair_tcp
  assert_nil IO.select([s], nil, nil, 0)
  r, w, = IO.select([s], [c], nil, 1)
  assert_equal [], r
  assert_equal [c], w
  c.write "!"
  r, = IO.select([s, server], nil, nil, 5)
  assert_equal [s], r
  t = TCPSocket.new("127.0.0.1", server.addr[1])
  r, = IO.select([server], nil, nil, 5)
  assert_equal [server], r
  server.accept.close
  [t, c, s, server].each { |x| x.close }
end

test "addr and peeraddr, reverse lookups" do
  assert_false BasicSocket.do_not_reverse_lookup
  server, c, s = pair_tcp
  port = server.addr[1]
  assert_equal ["AF_INET", port, "localhost", "127.0.0.1"], server.addr
  assert_equal ["AF_INET", port, "localhost", "127.0.0.1"], c.peeraddr
  assert_equal c.addr[1], s.peeraddr[1]
  assert_equal "localhost", s.peeraddr[2]
  assert_false c.do_not_reverse_lookup
  c.do_not_reverse_lookup = true
  assert_true c.do_not_reverse_lookup
  assert_equal ["AF_INET", port, "127.0.0.1", "127.0.0.1"], c.peeraddr
  assert_equal "localhost", s.peeraddr[2]
  begin
    BasicSocket.do_not_reverse_lookup = true
    assert_true BasicSocket.do_not_reverse_lookup
    c2 = TCPSocket.new("127.0.0.1", port)
    assert_true c2.do_not_reverse_lookup
    assert_equal "127.0.0.1", c2.peeraddr[2]
    assert_equal "127.0.0.1", Socket.getaddrinfo("127.0.0.1", 80, nil, Socket::SOCK_STREAM)[0][2]
    server.accept.close
    c2.close
  ensure
    BasicSocket.do_not_reverse_lookup = false
  end
  assert_equal Socket.pack_sockaddr_in(port, "127.0.0.1"), c.getpeername
  assert_equal Socket.pack_sockaddr_in(port, "127.0.0.1"), s.getsockname
  [c, s, server].each { |x| x.close }
end

test "local host and port of a client" do
  server = TCPServer.new("127.0.0.1", 0)
  probe = TCPServer.new("127.0.0.1", 0)
  local_port = probe.addr[1]
  probe.close
  c = TCPSocket.new("127.0.0.1", server.addr[1], "127.0.0.1", local_port)
  assert_equal local_port, c.addr[1]
  s = server.accept
  assert_equal local_port, s.peeraddr[1]
  [c, s, server].each { |x| x.close }
end

test "setsockopt and getsockopt with packed values" do
  server, c, s = pair_tcp
  assert_equal 0, c.setsockopt(Socket::IPPROTO_TCP, Socket::TCP_NODELAY, 1)
  assert_equal [1], c.getsockopt(Socket::IPPROTO_TCP, Socket::TCP_NODELAY).unpack("i")
  c.setsockopt(Socket::IPPROTO_TCP, Socket::TCP_NODELAY, false)
  assert_equal [0], c.getsockopt(Socket::IPPROTO_TCP, Socket::TCP_NODELAY).unpack("i")
  c.setsockopt(Socket::SOL_SOCKET, Socket::SO_KEEPALIVE, true)
  assert_equal [1], c.getsockopt(Socket::SOL_SOCKET, Socket::SO_KEEPALIVE).unpack("i")
  c.setsockopt(Socket::SOL_SOCKET, Socket::SO_KEEPALIVE, [0].pack("i"))
  assert_equal [0], c.getsockopt(Socket::SOL_SOCKET, Socket::SO_KEEPALIVE).unpack("i")
  assert_equal [1], server.getsockopt(Socket::SOL_SOCKET, Socket::SO_REUSEADDR).unpack("i")
  assert_equal [Socket::SOCK_STREAM], c.getsockopt(Socket::SOL_SOCKET, Socket::SO_TYPE).unpack("i")
  assert_equal 4, c.getsockopt(Socket::SOL_SOCKET, Socket::SO_TYPE).size
  assert_raise(TypeError) { c.setsockopt(Socket::SOL_SOCKET, Socket::SO_KEEPALIVE, nil) }
  assert_raise(Errno::ENOPROTOOPT) { c.getsockopt(Socket::SOL_SOCKET, 12345) }
  [c, s, server].each { |x| x.close }
end

test "shutdown, close_read and close_write" do
  server, c, s = pair_tcp
  assert_equal 0, c.shutdown(Socket::SHUT_WR)
  assert_nil s.gets
  s.write "still open\n"
  assert_equal "still open\n", c.gets
  assert_raise(ArgumentError, "`how' should be either 0, 1, 2") { c.shutdown(3) }
  s.close_write
  assert_false s.closed?
  assert_raise(IOError, "not opened for writing") { s.write "x" }
  s.close_read
  assert_true s.closed?
  assert_raise(IOError, "not opened for reading") { c.close_read; c.gets }
  assert_false c.closed?
  c.close_write
  assert_true c.closed?
  c2 = TCPSocket.new("127.0.0.1", server.addr[1])
  s2 = server.accept
  assert_equal 0, c2.shutdown
  assert_nil s2.gets
  [c2, s2, server].each { |x| x.close }
end

test "send and recv with flags" do
  server, c, s = pair_tcp
  assert_equal 5, c.send("hello", 0)
  assert_equal "hel", s.recv(3, Socket::MSG_PEEK)
  assert_equal "hello", s.recv(10)
  c.send("more", 0)
  data, from = s.recvfrom(10)
  assert_equal "more", data
  assert_nil from
  c.close
  assert_equal "", s.recv(10)
  assert_raise(ArgumentError) { s.send("x") }
  [s, server].each { |x| x.close }
end

test "recv after gets has read ahead" do
  server, c, s = pair_tcp
  c.write "line\nrest"
  assert_equal "line\n", s.gets
  assert_raise(IOError, "recv for buffered IO") { s.recv(10) }
  assert_raise(IOError, "recvfrom for buffered IO") { s.recv_nonblock(10) }
  assert_equal "rest", s.readpartial(10)
  [c, s, server].each { |x| x.close }
end

test "listen, sysaccept and for_fd" do
  server = TCPServer.new("127.0.0.1", 0)
  assert_equal 0, server.listen(10)
  c = TCPSocket.new("127.0.0.1", server.addr[1])
  fd = server.sysaccept
  assert_kind_of Integer, fd
  s = TCPSocket.for_fd(fd)
  assert_kind_of TCPSocket, s
  assert_equal fd, s.fileno
  c.write "via for_fd"
  c.close
  assert_equal "via for_fd", s.read
  [s, server].each { |x| x.close }
end

test "accept_nonblock" do
  server = TCPServer.new("127.0.0.1", 0)
  e = assert_raise(Errno::EAGAIN) { server.accept_nonblock }
  assert_equal "Resource temporarily unavailable - accept(2)", e.message
  c = TCPSocket.new("127.0.0.1", server.addr[1])
  IO.select([server])
  s = server.accept_nonblock
  assert_kind_of TCPSocket, s
  [c, s, server].each { |x| x.close }
end

test "IPSocket.getaddress and gethostbyname" do
  assert_equal "127.0.0.1", IPSocket.getaddress("localhost")
  assert_equal "127.0.0.1", IPSocket.getaddress("127.0.0.1")
  assert_equal ["localhost", [], Socket::AF_INET, "127.0.0.1"], TCPSocket.gethostbyname("localhost")
  assert_equal ["localhost", [], Socket::AF_INET, [127, 0, 0, 1].pack("C4")], Socket.gethostbyname("localhost")
  assert_equal "127.0.0.1", TCPSocket.gethostbyname("127.0.0.1")[3]
end

test "IPv6 loopback" do
  begin
    server = TCPServer.new("::1", 0)
  rescue SocketError, Errno::EADDRNOTAVAIL, Errno::EAFNOSUPPORT
    server = nil   # no IPv6 here
  end
  if server
    assert_equal "AF_INET6", server.addr[0]
    assert_equal "::1", server.addr[3]
    c = TCPSocket.new("::1", server.addr[1])
    s = server.accept
    c.write "six"
    c.close
    assert_equal "six", s.read
    port, host = Socket.unpack_sockaddr_in(s.getsockname)
    assert_equal server.addr[1], port
    assert_equal "::1", host
    [s, server].each { |x| x.close }
  end
end
