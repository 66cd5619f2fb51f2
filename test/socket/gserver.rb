# timeout: 60
# GServer: a thread per connection, limits, stop, shutdown, the log.
require 'assert'
require 'gserver'
require 'stringio'
require 'thread'

class EchoServer < GServer
  def serve(io)
    while line = io.gets
      io.write "echo: #{line}"
    end
  end
end

# Serves until told to go on: for connection counts and limits.
class HoldServer < GServer
  attr_reader :gate, :entered
  def initialize(*args)
    super
    @gate = Queue.new
    @entered = Queue.new
  end

  def serve(io)
    @entered << Thread.current
    @gate.pop
    io.puts "released"
  end
end

class FailingServer < GServer
  def serve(io)
    raise ArgumentError, "serve failed"
  end
end

class PickyServer < GServer
  def connecting(client)
    super
    false
  end

  def serve(io)
    io.puts "never"
  end
end

test "serve each client in its own thread" do
  server = EchoServer.new(0, "127.0.0.1", 10, nil)
  assert_true server.stopped?
  assert_equal server, server.start
  assert_false server.stopped?
  port = server.port
  assert_true port > 0
  assert_true GServer.in_service?(port)
  assert_true GServer.in_service?(port, "127.0.0.1")
  assert_equal "127.0.0.1", server.host
  assert_equal 10, server.maxConnections
  clients = (1..5).map { TCPSocket.new("127.0.0.1", port) }
  clients.each_with_index { |c, i| c.puts "line #{i}" }
  clients.each_with_index { |c, i| assert_equal "echo: line #{i}\n", c.gets }
  clients.each { |c| c.close }
  assert_raise(RuntimeError, "running") { server.start }
  server.stop
  server.join
  assert_true server.stopped?
  assert_false GServer.in_service?(port)
  assert_raise(Errno::ECONNREFUSED) { TCPSocket.new("127.0.0.1", port) }
end

test "connections and maxConnections" do
  server = HoldServer.new(0, "127.0.0.1", 2, nil).start
  c1 = TCPSocket.new("127.0.0.1", server.port)
  c2 = TCPSocket.new("127.0.0.1", server.port)
  server.entered.pop
  server.entered.pop
  assert_equal 2, server.connections
  c3 = TCPSocket.new("127.0.0.1", server.port)   # waits in the listen queue
  20.times { Thread.pass }
  assert_equal 2, server.connections
  server.gate << :go
  ready, = IO.select([c1, c2])
  assert_equal "released\n", ready[0].gets
  server.entered.pop                               # the third is served now
  server.gate << :go
  server.gate << :go
  assert_equal "released\n", c3.gets
  [c1, c2, c3].each { |c| c.close }
  Thread.pass while server.connections > 0
  assert_equal 0, server.connections
  server.stop
  server.join
end

test "stop raises in the connections; shutdown lets them finish" do
  server = HoldServer.new(0, "127.0.0.1", 4, nil).start
  c = TCPSocket.new("127.0.0.1", server.port)
  served = server.entered.pop
  server.stop
  server.join
  Thread.pass while served.alive?
  assert_nil c.gets       # the connection was closed
  c.close

  server = HoldServer.new(0, "127.0.0.1", 4, nil).start
  c = TCPSocket.new("127.0.0.1", server.port)
  server.entered.pop
  server.shutdown
  sleep 0.05
  assert_raise(Errno::ECONNREFUSED) { TCPSocket.new("127.0.0.1", server.port) }
  assert_false server.stopped?                     # still serving c
  server.gate << :go
  assert_equal "released\n", c.gets
  server.join
  assert_true server.stopped?
  c.close
end

test "GServer.stop, in_service? and a port in use" do
  server = EchoServer.new(0, "127.0.0.1", 4, nil).start
  other = EchoServer.new(server.port, "127.0.0.1", 4, nil)
  assert_raise(RuntimeError, "Port already in use: 127.0.0.1:#{server.port}!") { other.start }
  GServer.stop(server.port, "127.0.0.1")
  server.join
  assert_true server.stopped?
  assert_false GServer.in_service?(server.port)
end

test "audit and debug logging" do
  log = StringIO.new
  server = EchoServer.new(0, "127.0.0.1", 4, log, true).start
  c = TCPSocket.new("127.0.0.1", server.port)
  local = c.addr[1]
  c.puts "hi"
  assert_equal "echo: hi\n", c.gets
  c.close
  Thread.pass until log.string.include?("disconnect")
  server.stop
  server.join
  lines = log.string.split("\n")
  stamp = /\A\[\w{3} \w{3} [ \d]\d \d\d:\d\d:\d\d \d{4}\] /
  lines.each { |l| assert_match(stamp, l) }
  texts = lines.map { |l| l.sub(stamp, "") }
  p = server.port
  assert_equal "EchoServer 127.0.0.1:#{p} start", texts[0]
  assert_equal "EchoServer 127.0.0.1:#{p} client:#{local} localhost<127.0.0.1> connect", texts[1]
  assert_equal "EchoServer 127.0.0.1:#{p} client:#{local} disconnect", texts[2]
  assert_equal "EchoServer 127.0.0.1:#{p} stop", texts.last

  log = StringIO.new
  server = FailingServer.new(0, "127.0.0.1", 4, log, false, true).start
  c = TCPSocket.new("127.0.0.1", server.port)
  assert_nil c.gets
  c.close
  Thread.pass until log.string.include?("serve")
  assert_match(/in `serve'/, log.string)
  server.stop
  server.join

  log = StringIO.new
  server = PickyServer.new(0, "127.0.0.1", 4, log, true).start
  c = TCPSocket.new("127.0.0.1", server.port)
  assert_nil c.gets                                # refused by connecting
  c.close
  server.stop
  server.join
  assert_match(/connect$/, log.string.split("\n")[1])
end

test "a default serve and the defaults" do
  server = GServer.new(0)
  assert_equal GServer::DEFAULT_HOST, server.host
  assert_equal "127.0.0.1", GServer::DEFAULT_HOST
  assert_equal 4, server.maxConnections
  assert_same $stderr, server.stdlog
  assert_false server.audit
  assert_false server.debug
  server.stdlog = nil
  server.start(7)
  assert_equal 7, server.maxConnections
  c = TCPSocket.new("127.0.0.1", server.port)
  assert_nil c.gets
  c.close
  server.stop
  server.join
end
