# Socket: the BSD calls with packed addresses, and the name functions.
require 'assert'
require 'socket'

test "new, bind, listen, accept, connect" do
  server = Socket.new(Socket::AF_INET, Socket::SOCK_STREAM, 0)
  assert_equal 0, server.setsockopt(Socket::SOL_SOCKET, Socket::SO_REUSEADDR, true)
  assert_equal 0, server.bind(Socket.pack_sockaddr_in(0, "127.0.0.1"))
  assert_equal 0, server.listen(5)
  port, host = Socket.unpack_sockaddr_in(server.getsockname)
  assert_equal "127.0.0.1", host
  client = Socket.new("AF_INET", "SOCK_STREAM", 0)
  t = Thread.new { server.accept }
  assert_equal 0, client.connect(Socket.sockaddr_in(port, "localhost"))
  s, addr = t.value
  assert_kind_of Socket, s
  assert_equal client.getsockname, addr
  assert_equal "127.0.0.1", Socket.unpack_sockaddr_in(addr)[1]
  client.write "via Socket"
  client.close
  assert_equal "via Socket", s.read
  s.close
  server.close
end

test "connect_nonblock, accept_nonblock and sysaccept" do
  server = Socket.new(Socket::AF_INET, Socket::SOCK_STREAM, 0)
  server.bind(Socket.sockaddr_in(0, "127.0.0.1"))
  server.listen(5)
  e = assert_raise(Errno::EAGAIN) { server.accept_nonblock }
  assert_equal "Resource temporarily unavailable - accept(2)", e.message
  c = Socket.new(Socket::AF_INET, Socket::SOCK_STREAM, 0)
  begin
    c.connect_nonblock(server.getsockname)
  rescue Errno::EINPROGRESS => e
    assert_equal "Operation now in progress - connect(2)", e.message
    IO.select(nil, [c])
    begin
      c.connect_nonblock(server.getsockname)
    rescue Errno::EISCONN
    end
  end
  IO.select([server])
  s, addr = server.accept_nonblock
  assert_kind_of Socket, s
  assert_equal c.getsockname, addr
  c2 = Socket.new(Socket::AF_INET, Socket::SOCK_STREAM, 0)
  c2.connect(server.getsockname)
  fd, addr2 = server.sysaccept
  assert_kind_of Integer, fd
  assert_equal c2.getsockname, addr2
  IO.for_fd(fd).close
  [c, c2, s, server].each { |x| x.close }
end

test "recvfrom and recvfrom_nonblock give packed addresses" do
  a = Socket.new(Socket::AF_INET, Socket::SOCK_DGRAM, 0)
  a.bind(Socket.sockaddr_in(0, "127.0.0.1"))
  b = Socket.new(Socket::AF_INET, Socket::SOCK_DGRAM, 0)
  b.bind(Socket.sockaddr_in(0, "127.0.0.1"))
  assert_raise(Errno::EAGAIN, "Resource temporarily unavailable - recvfrom(2)") { a.recvfrom_nonblock(10) }
  b.send("dgram", 0, a.getsockname)
  data, from = a.recvfrom(10)
  assert_equal "dgram", data
  assert_equal b.getsockname, from
  b.send("again", 0, a.getsockname)
  IO.select([a])
  data, from = a.recvfrom_nonblock(10)
  assert_equal "again", data
  assert_equal Socket.unpack_sockaddr_in(b.getsockname), Socket.unpack_sockaddr_in(from)
  [a, b].each { |x| x.close }
end

test "Socket.pair" do
  a, b = Socket.pair(Socket::AF_UNIX, Socket::SOCK_STREAM, 0)
  assert_kind_of Socket, a
  a.write "p"
  assert_equal "p", b.readpartial(1)
  [a, b].each { |x| x.close }
  a, b = Socket.socketpair("AF_UNIX", "SOCK_DGRAM", 0)
  a.send("d", 0)
  assert_equal "d", b.recv(5)
  [a, b].each { |x| x.close }
  assert_raise(SocketError, "unknown socket domain AF_NOPE") { Socket.pair("AF_NOPE", "SOCK_STREAM", 0) }
  assert_raise(SocketError, "unknown socket type SOCK_NOPE") { Socket.new("AF_INET", "SOCK_NOPE", 0) }
  assert_raise(ArgumentError) { Socket.new(Socket::AF_INET, Socket::SOCK_STREAM) }
end

test "getaddrinfo" do
  r = Socket.getaddrinfo("localhost", 80, Socket::AF_INET, Socket::SOCK_STREAM)
  assert_equal [["AF_INET", 80, "localhost", "127.0.0.1", Socket::AF_INET, Socket::SOCK_STREAM, Socket::IPPROTO_TCP]], r
  r = Socket.getaddrinfo("127.0.0.1", "domain", "AF_INET", Socket::SOCK_DGRAM)
  assert_equal [["AF_INET", 53, "localhost", "127.0.0.1", 2, 2, 17]], r
  r = Socket.getaddrinfo("127.0.0.1", "http", "AF_INET", "SOCK_STREAM")
  assert_equal [["AF_INET", 80, "localhost", "127.0.0.1", 2, 1, 6]], r
  r = Socket.getaddrinfo(nil, 8080, Socket::AF_INET, Socket::SOCK_STREAM, nil, Socket::AI_PASSIVE)
  assert_equal "0.0.0.0", r[0][3]
  assert_equal 8080, r[0][1]
  all = Socket.getaddrinfo("127.0.0.1", nil)
  assert_true all.size >= 2
  assert_equal [0], all.map { |a| a[1] }.uniq
  e = assert_raise(SocketError) { Socket.getaddrinfo("no.such.host.invalid", 80) }
  assert_equal "getaddrinfo: Name or service not known", e.message
  assert_raise(SocketError) { Socket.getaddrinfo("127.0.0.1", "no-such-service") }
  assert_raise(SocketError, "getaddrinfo: Servname not supported for ai_socktype") { Socket.getaddrinfo("127.0.0.1", 65536) }
  assert_raise(SocketError, "getaddrinfo: Servname not supported for ai_socktype") { Socket.getaddrinfo("127.0.0.1", -1) }
  assert_raise(TypeError) { Socket.getaddrinfo(12, 80) }
  assert_raise(ArgumentError) { Socket.getaddrinfo("local\0host", 80) }
end

test "getnameinfo" do
  sa = Socket.sockaddr_in(80, "127.0.0.1")
  assert_equal ["localhost", "http"], Socket.getnameinfo(sa)
  assert_equal ["127.0.0.1", "80"], Socket.getnameinfo(sa, Socket::NI_NUMERICHOST | Socket::NI_NUMERICSERV)
  assert_equal ["localhost", "http"], Socket.getnameinfo(["AF_INET", 80, "127.0.0.1"])
  assert_equal ["localhost", "80"], Socket.getnameinfo(["AF_INET", 80, "localhost", "127.0.0.1"], Socket::NI_NUMERICSERV)
  assert_raise(ArgumentError, "array size should be 3 or 4, 2 given") { Socket.getnameinfo(["AF_INET", 80]) }
  assert_raise(TypeError, "expecting String or Array") { Socket.getnameinfo(80) }
  assert_raise(SocketError) { Socket.getnameinfo("\0\0") }
end

test "pack and unpack sockaddrs" do
  sa = Socket.pack_sockaddr_in(8080, "127.0.0.1")
  assert_equal 16, sa.size
  assert_equal [Socket::AF_INET].pack("S") + [8080].pack("n") + [127, 0, 0, 1].pack("C4") + "\0" * 8, sa
  assert_equal sa, Socket.sockaddr_in(8080, "127.0.0.1")
  assert_equal sa, Socket.sockaddr_in("8080", "localhost")
  assert_equal [8080, "127.0.0.1"], Socket.unpack_sockaddr_in(sa)
  assert_equal [0, "0.0.0.0"], Socket.unpack_sockaddr_in(Socket.sockaddr_in(0, ""))
  assert_equal [1, "255.255.255.255"], Socket.unpack_sockaddr_in(Socket.sockaddr_in(1, "<broadcast>"))
  assert_equal [2, "127.0.0.1"], Socket.unpack_sockaddr_in(Socket.sockaddr_in(2, 0x7f000001))
  six = Socket.sockaddr_in(443, "::1")
  assert_equal [443, "::1"], Socket.unpack_sockaddr_in(six)
  un = Socket.pack_sockaddr_un("/tmp/sock")
  assert_equal 110, un.size
  assert_equal "/tmp/sock", Socket.unpack_sockaddr_un(un)
  assert_equal un, Socket.sockaddr_un("/tmp/sock")
  assert_raise(ArgumentError, "not an AF_INET/AF_INET6 sockaddr") { Socket.unpack_sockaddr_in(un) }
  assert_raise(ArgumentError, "not an AF_UNIX sockaddr") { Socket.unpack_sockaddr_un(sa) }
  assert_raise(ArgumentError, "too short sockaddr") { Socket.unpack_sockaddr_in(sa[0, 6]) }
  assert_raise(TypeError) { Socket.unpack_sockaddr_un("x" * 200) }
  assert_raise(SocketError, "getaddrinfo: Servname not supported for ai_socktype") { Socket.sockaddr_in(70000, "127.0.0.1") }
  assert_raise(SocketError, "getaddrinfo: Servname not supported for ai_socktype") { Socket.sockaddr_in("99999", "127.0.0.1") }
  assert_raise(SocketError, "getaddrinfo: Name or service not known") { Socket.sockaddr_in(80, "999.0.0.1.invalid") }
end

test "gethostname, gethostbyname, getservbyname" do
  name = Socket.gethostname
  assert_kind_of String, name
  assert_true name.size > 0
  assert_equal ["localhost", [], Socket::AF_INET, "\177\0\0\1"], Socket.gethostbyname("localhost")
  assert_equal 80, Socket.getservbyname("http")
  assert_equal 80, Socket.getservbyname("http", "tcp")
  assert_equal 53, Socket.getservbyname("domain", "udp")
  assert_equal 8080, Socket.getservbyname("8080")
  assert_raise(SocketError, "no such service nosuchservice/tcp") { Socket.getservbyname("nosuchservice") }
  assert_raise(SocketError) { Socket.gethostbyname("no.such.host.invalid") }
end
