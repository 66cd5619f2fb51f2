# Bad input and failures: each raises 1.8.7's exception, nothing hangs.
require 'assert'
require 'socket'
require 'timeout'

def free_port
  s = TCPServer.new("127.0.0.1", 0)
  port = s.addr[1]
  s.close
  port
end

def pair_tcp
  server = TCPServer.new("127.0.0.1", 0)
  client = TCPSocket.new("127.0.0.1", server.addr[1])
  [server, client, server.accept]
end

test "connection refused" do
  port = free_port
  e = assert_raise(Errno::ECONNREFUSED) { TCPSocket.new("127.0.0.1", port) }
  assert_equal "Connection refused - connect(2)", e.message
  assert_raise(Errno::ECONNREFUSED, "Connection refused - connect(2)") { TCPSocket.new("localhost", port) }
  s = Socket.new(Socket::AF_INET, Socket::SOCK_STREAM, 0)
  assert_raise(Errno::ECONNREFUSED, "Connection refused - connect(2)") { s.connect(Socket.sockaddr_in(port, "127.0.0.1")) }
  s.close
end

test "connection reset" do
  server, c, s = pair_tcp
  # SO_LINGER with a zero time: close sends a reset
  c.setsockopt(Socket::SOL_SOCKET, Socket::SO_LINGER, [1, 0].pack("ii"))
  c.close
  e = assert_raise(Errno::ECONNRESET) { s.read }
  assert_equal "Connection reset by peer", e.message
  s.close
  server, c, s = pair_tcp
  c.setsockopt(Socket::SOL_SOCKET, Socket::SO_LINGER, [1, 0].pack("ii"))
  c.close
  assert_raise(Errno::ECONNRESET, "Connection reset by peer - recvfrom(2)") { s.recv(10) }
  [s, server].each { |x| x.close }
end

test "writing to a socket the peer closed" do
  server, c, s = pair_tcp
  s.close
  e = assert_raise(SystemCallError) do
    Timeout.timeout(10) { loop { c.write "x" * 65536 } }
  end
  # a reset may come back before the write that sees the pipe broken
  assert_true [Errno::EPIPE, Errno::ECONNRESET].include?(e.class), "got #{e.class}"
  c.close
  server.close
end

test "closed sockets" do
  server, c, s = pair_tcp
  c.close
  assert_raise(IOError, "closed stream") { c.gets }
  assert_raise(IOError, "closed stream") { c.write "x" }
  assert_raise(IOError, "closed stream") { c.recv(1) }
  assert_raise(IOError, "closed stream") { c.send("x", 0) }
  assert_raise(IOError, "closed stream") { c.peeraddr }
  assert_raise(IOError, "closed stream") { c.addr }
  assert_raise(IOError, "closed stream") { c.setsockopt(Socket::SOL_SOCKET, Socket::SO_KEEPALIVE, 1) }
  assert_raise(IOError, "closed stream") { c.getsockopt(Socket::SOL_SOCKET, Socket::SO_KEEPALIVE) }
  assert_raise(IOError, "closed stream") { c.shutdown }
  assert_raise(IOError, "closed stream") { c.close }
  assert_raise(IOError, "closed stream") { c.close_read }
  assert_raise(IOError, "closed stream") { c.getsockname }
  server.close
  assert_raise(IOError, "closed stream") { server.accept }
  assert_raise(IOError, "closed stream") { server.accept_nonblock }
  assert_raise(IOError, "closed stream") { server.sysaccept }
  s.close
end

test "half-closed reads and writes" do
  server, c, s = pair_tcp
  c.write "last words"
  c.shutdown(Socket::SHUT_WR)
  assert_equal "last words", s.read
  assert_nil s.gets
  assert_equal "", s.recv(10)
  assert_raise(EOFError) { s.readpartial(1) }
  assert_raise(EOFError) { s.read_nonblock(1) }
  s.write "reply"
  assert_equal "reply", c.readpartial(10)
  assert_raise(Errno::EPIPE, "Broken pipe - send(2)") { c.send("more", 0) }
  assert_raise(Errno::EPIPE) { c.syswrite("more") }
  s.close
  assert_equal "", c.recv(10)
  assert_nil c.read(1)
  c.close
  server.close
end

test "recv of 0 bytes" do
  server, c, s = pair_tcp
  t = Thread.new { s.recv(0) }
  Thread.pass until t.status == "sleep" || !t.alive?
  c.write "d"
  assert_equal "", t.value
  assert_equal "d", s.recv(1)
  assert_equal "", s.read(0)
  assert_equal "", s.readpartial(0)
  assert_raise(ArgumentError, "negative string size (or size too big)") { s.recv(-1) }
  assert_raise(TypeError) { s.recv(nil) }
  [c, s, server].each { |x| x.close }
end

test "invalid addresses and ports" do
  assert_raise(SocketError, "getaddrinfo: Name or service not known") { TCPSocket.new("no.such.host.invalid", 80) }
  assert_raise(SocketError, "getaddrinfo: Name or service not known") { TCPSocket.new("256.1.1.1.1", 80) }
  assert_raise(SocketError, "getaddrinfo: Servname not supported for ai_socktype") { TCPSocket.new("127.0.0.1", 65536) }
  assert_raise(SocketError, "getaddrinfo: Servname not supported for ai_socktype") { TCPSocket.new("127.0.0.1", -1) }
  assert_raise(SocketError, "getaddrinfo: Servname not supported for ai_socktype") { TCPServer.new("127.0.0.1", 100000) }
  assert_raise(SocketError, "getaddrinfo: Servname not supported for ai_socktype") { TCPServer.new(2 ** 70) }
  assert_raise(SocketError) { TCPSocket.new("127.0.0.1", "no-such-service") }
  assert_raise(SocketError) { UDPSocket.new.connect("127.0.0.1", 70000) }
  assert_raise(TypeError) { TCPSocket.new("127.0.0.1", :http) }
  assert_raise(TypeError) { TCPSocket.new("127.0.0.1", 1.5) }
  assert_raise(TypeError) { TCPSocket.new([], 80) }
  assert_raise(ArgumentError) { TCPSocket.new("127.0.0.1") }
  assert_raise(ArgumentError) { TCPServer.new }
  assert_raise(ArgumentError, "hostname too long (2000)") { TCPSocket.new("h" * 2000, 80) }
  assert_raise(Errno::EADDRNOTAVAIL, "Cannot assign requested address - bind(2)") { TCPServer.new("192.0.2.1", 0) }
  used = TCPServer.new("127.0.0.1", 0)
  assert_raise(Errno::EADDRINUSE, "Address already in use - bind(2)") { TCPServer.new("127.0.0.1", used.addr[1]) }
  used.close
end

test "nonblocking variants raise Errno::EAGAIN" do
  server, c, s = pair_tcp
  assert_raise(Errno::EAGAIN, "Resource temporarily unavailable - accept(2)") { server.accept_nonblock }
  assert_raise(Errno::EAGAIN, "Resource temporarily unavailable - recvfrom(2)") { s.recv_nonblock(5) }
  assert_raise(Errno::EAGAIN, "Resource temporarily unavailable") { s.read_nonblock(5) }
  assert_raise(Errno::EWOULDBLOCK) { s.read_nonblock(5) }
  # fill the send buffer: write_nonblock runs out of room
  e = assert_raise(Errno::EAGAIN) { loop { c.write_nonblock("z" * 65536) } }
  assert_equal Errno::EAGAIN, e.class
  [c, s, server].each { |x| x.close }
end

test "timeouts on a server that never answers" do
  server, c, s = pair_tcp
  assert_raise(Timeout::Error) { Timeout.timeout(0.2) { c.gets } }
  assert_raise(Timeout::Error) { Timeout.timeout(0.2) { c.read(1) } }
  assert_raise(Timeout::Error) { Timeout.timeout(0.2) { c.recvfrom(1) } }
  [c, s, server].each { |x| x.close }
end
