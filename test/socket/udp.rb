# UDPSocket on the loopback.
require 'assert'
require 'socket'

test "bind, send to a host and port, recvfrom" do
  a = UDPSocket.new
  assert_equal 0, a.bind("127.0.0.1", 0)
  port = a.addr[1]
  assert_equal ["AF_INET", port, "localhost", "127.0.0.1"], a.addr
  b = UDPSocket.new(Socket::AF_INET)
  assert_equal 5, b.send("hello", 0, "127.0.0.1", port)
  data, from = a.recvfrom(100)
  assert_equal "hello", data
  assert_equal "AF_INET", from[0]
  assert_equal "127.0.0.1", from[3]
  assert_equal b.addr[1], from[1]
  a.send("back", 0, from[3], from[1])
  assert_equal "back", b.recv(100)
  [a, b].each { |x| x.close }
end

test "connect, then send without an address" do
  a = UDPSocket.new
  a.bind("127.0.0.1", 0)
  b = UDPSocket.new
  assert_equal 0, b.connect("127.0.0.1", a.addr[1])
  assert_equal a.addr[1], b.peeraddr[1]
  assert_equal 3, b.send("one", 0)
  assert_equal 3, b.send("two", 0, Socket.pack_sockaddr_in(a.addr[1], "127.0.0.1"))
  assert_equal "one", a.recv(10)
  assert_equal "two", a.recv(10)
  [a, b].each { |x| x.close }
end

test "datagrams keep their boundaries; a short recv truncates" do
  a = UDPSocket.new
  a.bind("127.0.0.1", 0)
  b = UDPSocket.new
  b.send("abcdef", 0, "127.0.0.1", a.addr[1])
  b.send("gh", 0, "127.0.0.1", a.addr[1])
  assert_equal "abc", a.recv(3)
  assert_equal "gh", a.recv(10)
  b.send("", 0, "127.0.0.1", a.addr[1])
  assert_equal "", a.recv(10)
  [a, b].each { |x| x.close }
end

test "recvfrom_nonblock" do
  a = UDPSocket.new
  a.bind("127.0.0.1", 0)
  e = assert_raise(Errno::EAGAIN) { a.recvfrom_nonblock(10) }
  assert_equal "Resource temporarily unavailable - recvfrom(2)", e.message
  assert_raise(Errno::EAGAIN) { a.recv_nonblock(10) }
  b = UDPSocket.new
  b.send("nb", 0, "127.0.0.1", a.addr[1])
  IO.select([a])
  data, from = a.recvfrom_nonblock(10)
  assert_equal "nb", data
  assert_equal "127.0.0.1", from[3]
  [a, b].each { |x| x.close }
end

test "recv waits in its thread" do
  a = UDPSocket.new
  a.bind("127.0.0.1", 0)
  t = Thread.new { a.recvfrom(10)[0] }
  Thread.pass until t.status == "sleep"
  UDPSocket.new.send("late", 0, "127.0.0.1", a.addr[1])
  assert_equal "late", t.value
  a.close
end

test "errors" do
  a = UDPSocket.new
  a.bind("127.0.0.1", 0)
  b = UDPSocket.new
  assert_raise(Errno::EADDRINUSE, "Address already in use - bind(2)") { b.bind("127.0.0.1", a.addr[1]) }
  assert_raise(SocketError) { b.send("x", 0, "no.such.host.invalid", 9) }
  assert_raise(Errno::EDESTADDRREQ, "Destination address required - send(2)") { b.send("x", 0) }
  assert_raise(Errno::EAFNOSUPPORT, "Address family not supported by protocol - socket(2) - udp") { UDPSocket.new(12345) }
  assert_raise(Errno::EMSGSIZE) { b.send("x" * 70000, 0, "127.0.0.1", a.addr[1]) }
  [a, b].each { |x| x.close }
end
