# UNIXSocket and UNIXServer: paths, pairs, passing descriptors.
require 'assert'
require 'socket'
require 'tmpdir'
require 'fileutils'

dir = File.join(Dir.tmpdir, "mr_unix_#{$$}")
Dir.mkdir(dir)
at_exit { FileUtils.rm_rf(dir) }

test "a server and a client on a path" do
  path = File.join(dir, "sock")
  server = UNIXServer.new(path)
  assert_true File.socket?(path)
  assert_equal path, server.path
  assert_equal ["AF_UNIX", path], server.addr
  t = Thread.new do
    s = server.accept
    assert_kind_of UNIXSocket, s
    assert_equal ["AF_UNIX", path], s.addr
    l = s.gets
    s.puts l.reverse
    s.close
  end
  c = UNIXSocket.new(path)
  assert_equal "", c.path
  assert_equal ["AF_UNIX", path], c.peeraddr
  assert_equal ["AF_UNIX", ""], c.addr
  c.write "abc\n"
  assert_equal "\ncba\n", c.read
  t.join
  c.close
  server.close
  File.unlink(path)
end

test "UNIXSocket.open with a block, accept_nonblock, sysaccept, listen" do
  path = File.join(dir, "sock2")
  server = UNIXServer.open(path)
  assert_equal 0, server.listen(3)
  assert_raise(Errno::EAGAIN, "Resource temporarily unavailable - accept(2)") { server.accept_nonblock }
  t = Thread.new { UNIXSocket.open(path) { |c| c.write "hi" } }
  IO.select([server])
  s = server.accept_nonblock
  assert_equal "hi", s.read
  t.join
  t = Thread.new { UNIXSocket.open(path) { |c| c.write "fd" } }
  fd = server.sysaccept
  assert_kind_of Integer, fd
  s2 = UNIXSocket.for_fd(fd)
  assert_equal "fd", s2.read
  t.join
  [s, s2, server].each { |x| x.close }
  File.unlink(path)
end

test "errors carry the path" do
  path = File.join(dir, "missing")
  assert_raise(Errno::ENOENT, "No such file or directory - #{path}") { UNIXSocket.new(path) }
  taken = File.join(dir, "taken")
  server = UNIXServer.new(taken)
  assert_raise(Errno::EADDRINUSE, "Address already in use - #{taken}") { UNIXServer.new(taken) }
  server.close
  File.unlink(taken)
  plain = File.join(dir, "plain")
  File.open(plain, "w") {}
  assert_raise(Errno::ECONNREFUSED, "Connection refused - #{plain}") { UNIXSocket.new(plain) }
  assert_raise(ArgumentError, "too long unix socket path (max: 107bytes)") { UNIXSocket.new("x" * 200) }
  assert_raise(ArgumentError, "too long unix socket path (max: 107bytes)") { UNIXServer.new("/" + "y" * 108) }
  assert_raise(TypeError) { UNIXSocket.new(nil) }
end

test "pair and socketpair" do
  a, b = UNIXSocket.pair
  assert_kind_of UNIXSocket, a
  assert_kind_of UNIXSocket, b
  a.puts "ping"
  assert_equal "ping\n", b.gets
  b.write "pong"
  assert_equal "pong", a.readpartial(10)
  assert_equal ["AF_UNIX", ""], a.addr
  assert_equal ["AF_UNIX", ""], a.peeraddr
  a.send("dat", 0)
  data, from = b.recvfrom(10)
  assert_equal "dat", data
  assert_equal ["AF_UNIX", ""], from
  a.close
  b.close
  x, y = UNIXSocket.socketpair(Socket::SOCK_DGRAM)
  x.send("one", 0)
  x.send("two", 0)
  assert_equal "one", y.recv(10)
  assert_equal "two", y.recv(10)
  x.close
  y.close
  p1, p2 = UNIXSocket.pair("SOCK_STREAM", 0)
  p1.close
  assert_nil p2.gets
  p2.close
end

test "send_io and recv_io" do
  a, b = UNIXSocket.pair
  r, w = IO.pipe
  assert_nil a.send_io(w)
  w2 = b.recv_io
  assert_kind_of IO, w2
  assert_not_equal w.fileno, w2.fileno
  w.close
  w2.write "through a passed descriptor"
  w2.close
  assert_equal "through a passed descriptor", r.read
  r.close
  f = File.join(dir, "passed.txt")
  File.open(f, "w") { |io| io.write "file contents" }
  File.open(f) { |io| a.send_io(io) }
  got = b.recv_io(File)
  assert_kind_of File, got
  assert_equal "file contents", got.read
  got.close
  File.open(f) { |io| a.send_io(io.fileno) }
  fd = b.recv_io(nil)
  assert_kind_of Integer, fd
  io = IO.for_fd(fd)
  assert_equal "file contents", io.read
  io.close
  assert_raise(TypeError, "neither IO nor file descriptor") { a.send_io("x") }
  a.write "z"
  assert_raise(SocketError) { b.recv_io }
  a.close
  b.close
end
