# timeout: 60
# Sockets and green threads: a blocking call blocks only its thread,
# several threads accept on one server, Timeout and Thread#raise/kill end
# blocked calls, big transfers go through full buffers.
require 'assert'
require 'socket'
require 'timeout'
require 'thread'

# Runs the block while a counter thread spins; returns how far it got.
def counting
  count = 0
  t = Thread.new { loop { count += 1; Thread.pass } }
  yield
  t.kill
  t.join
  count
end

test "accept blocks only its thread" do
  server = TCPServer.new("127.0.0.1", 0)
  acceptor = Thread.new { server.accept }
  n = counting do
    Thread.pass until acceptor.status == "sleep"
    20.times { Thread.pass }
    TCPSocket.new("127.0.0.1", server.addr[1]).close
    acceptor.join
  end
  assert_true n > 0, "the counter thread never ran"
  assert_kind_of TCPSocket, acceptor.value
  server.close
end

# Runs the block in a thread, waits until it blocks, writes data, and
# returns what the block returned; the counter must have advanced.
def blocked_until_written(writer, data)
  result = nil
  n = counting do
    t = Thread.new { yield }
    Thread.pass until t.status == "sleep" || !t.alive?
    writer.write data
    result = t.value
  end
  assert_true n > 0, "the counter thread never ran"
  result
end

test "gets, read, recv, readpartial and connect block only their thread" do
  server = TCPServer.new("127.0.0.1", 0)
  c = TCPSocket.new("127.0.0.1", server.addr[1])
  s = server.accept
  assert_equal "line\n", blocked_until_written(c, "line\n") { s.gets }
  assert_equal "abc", blocked_until_written(c, "abc") { s.read(3) }
  assert_equal "recv", blocked_until_written(c, "recv") { s.recv(10) }
  assert_equal "part", blocked_until_written(c, "part") { s.readpartial(10) }
  assert_equal "sys", blocked_until_written(c, "sys") { s.sysread(10) }
  data, from = blocked_until_written(c, "from") { s.recvfrom(10) }
  assert_equal "from", data
  [c, s, server].each { |x| x.close }
end

# A server whose backlog is full: the next connect waits for ever.
def full_server
  s = Socket.new(Socket::AF_INET, Socket::SOCK_STREAM, 0)
  s.bind(Socket.sockaddr_in(0, "127.0.0.1"))
  s.listen(0)
  port = Socket.unpack_sockaddr_in(s.getsockname)[0]
  clients = []
  10.times do
    begin
      Timeout.timeout(0.2) { clients << TCPSocket.new("127.0.0.1", port) }
    rescue Timeout::Error
      return [s, port, clients]
    end
  end
  raise "the backlog never filled"
end

test "a connect that waits blocks only its thread; Timeout ends it" do
  server, port, clients = full_server
  n = counting do
    assert_raise(Timeout::Error) { Timeout.timeout(0.2) { TCPSocket.new("127.0.0.1", port) } }
  end
  assert_true n > 0, "the counter thread never ran"
  sock = Socket.new(Socket::AF_INET, Socket::SOCK_STREAM, 0)
  assert_raise(Timeout::Error) do
    Timeout.timeout(0.2) { sock.connect(Socket.sockaddr_in(port, "127.0.0.1")) }
  end
  sock.close
  clients.each { |c| c.close }
  server.close
end

test "several threads accept on one server" do
  server = TCPServer.new("127.0.0.1", 0)
  got = Queue.new
  acceptors = (1..4).map do |i|
    Thread.new do
      s = server.accept
      got << [i, s.gets]
      s.close
    end
  end
  clients = (1..4).map do |i|
    c = TCPSocket.new("127.0.0.1", server.addr[1])
    c.puts "client #{i}"
    c
  end
  acceptors.each { |t| t.join }
  results = []
  4.times { results << got.pop }
  assert_equal [1, 2, 3, 4], results.map { |r| r[0] }.sort
  assert_equal ["client 1\n", "client 2\n", "client 3\n", "client 4\n"], results.map { |r| r[1] }.sort
  clients.each { |c| c.close }
  server.close
end

test "echo with a thread per connection" do
  server = TCPServer.new("127.0.0.1", 0)
  port = server.addr[1]
  Thread.new do
    loop do
      s = server.accept
      Thread.new(s) do |io|
        while line = io.gets
          io.write line.upcase
        end
        io.close
      end
    end
  end
  clients = (1..10).map { |i| Thread.new(i) { |k|
    c = TCPSocket.new("127.0.0.1", port)
    out = []
    3.times { |j| c.puts "c#{k} l#{j}"; out << c.gets }
    c.close
    out
  } }
  clients.each_with_index do |t, i|
    assert_equal ["C#{i + 1} L0\n", "C#{i + 1} L1\n", "C#{i + 1} L2\n"], t.value
  end
  server.close
end

test "Timeout interrupts a blocked read and accept" do
  server = TCPServer.new("127.0.0.1", 0)
  c = TCPSocket.new("127.0.0.1", server.addr[1])
  s = server.accept
  assert_raise(Timeout::Error) { Timeout.timeout(0.1) { s.gets } }
  assert_raise(Timeout::Error) { Timeout.timeout(0.1) { s.read(5) } }
  assert_raise(Timeout::Error) { Timeout.timeout(0.1) { s.recv(5) } }
  assert_raise(Timeout::Error) { Timeout.timeout(0.1) { server.accept } }
  # the socket still works after the interrupted reads
  c.write "after\n"
  assert_equal "after\n", s.gets
  [c, s, server].each { |x| x.close }
end

test "Thread#raise and Thread#kill end a blocked accept" do
  server = TCPServer.new("127.0.0.1", 0)
  t = Thread.new do
    begin
      server.accept
      :accepted
    rescue RuntimeError => e
      e.message
    end
  end
  Thread.pass until t.status == "sleep"
  t.raise("stop")
  assert_equal "stop", t.value
  k = Thread.new { server.accept }
  Thread.pass until k.status == "sleep"
  k.kill
  k.join
  assert_false k.alive?
  # the server still accepts
  c = TCPSocket.new("127.0.0.1", server.addr[1])
  s = server.accept
  [c, s, server].each { |x| x.close }
end

test "closing a socket another thread reads: IOError \"stream closed\" there, as 1.8.7" do
  server = TCPServer.new("127.0.0.1", 0)
  c = TCPSocket.new("127.0.0.1", server.addr[1])
  s = server.accept
  reader = Thread.new do
    begin
      s.gets
      :read
    rescue IOError => e
      e.message
    end
  end
  Thread.pass until reader.status == "sleep"
  s.close
  assert_equal "stream closed", reader.value
  acc = Thread.new { begin; server.accept; rescue IOError => e; e.message; end }
  Thread.pass until acc.status == "sleep"
  server.close
  assert_equal "stream closed", acc.value
  c.close
end

test "megabytes through a socketpair with a reader thread" do
  a, b = UNIXSocket.pair
  data = (0...256).map { |i| i.chr }.join * (4 * 4096 + 7)   # about 4 MB
  reader = Thread.new { b.read }
  n = counting do
    a.write data
    a.close
    reader.join
  end
  assert_true n > 0
  got = reader.value
  assert_equal data.size, got.size
  assert_true data == got, "the bytes differ"
  b.close
end

test "megabytes over TCP both ways" do
  server = TCPServer.new("127.0.0.1", 0)
  c = TCPSocket.new("127.0.0.1", server.addr[1])
  s = server.accept
  chunk = "0123456789abcdef" * 4096
  echo = Thread.new do
    total = 0
    while buf = (s.readpartial(65536) rescue nil)
      s.write buf
      total += buf.size
    end
    s.close
    total
  end
  sink = Thread.new { c.read }
  50.times { c.write chunk }
  c.close_write
  assert_equal 50 * chunk.size, echo.value
  back = sink.value
  assert_equal 50 * chunk.size, back.size
  assert_equal chunk, back[0, chunk.size]
  c.close
  server.close
end

test "DNS lookups do not stop other threads" do
  n = counting do
    5.times { assert_equal "127.0.0.1", IPSocket.getaddress("localhost") }
    assert_equal ["localhost", "80"], Socket.getnameinfo(Socket.sockaddr_in(80, "127.0.0.1"), Socket::NI_NUMERICSERV)
  end
  assert_true n > 0
  # a lookup interrupted by Timeout leaves nothing behind
  20.times do
    begin
      Timeout.timeout(0.0001) { IPSocket.getaddress("localhost") }
    rescue Timeout::Error
    end
  end
  assert_equal "127.0.0.1", IPSocket.getaddress("localhost")
end
