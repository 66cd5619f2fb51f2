# gserver.rb: GServer, a generic TCP server with a thread per connection,
# for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's gserver.rb:
#   GServer.new(port, host = GServer::DEFAULT_HOST ("127.0.0.1"),
#   maxConnections = 4, stdlog = $stderr, audit = false, debug = false);
#   a subclass defines serve(io), run in a thread of its own for each
#   client (the socket is closed after it); start(maxConnections = -1)
#   (RuntimeError "running" if it is; "Port already in use: host:port!"),
#   stop (the server thread and the connections are stopped with a
#   RuntimeError "stop"), shutdown (no new connections; those running
#   finish), join, stopped?, connections (how many are served now),
#   port (the one bound: port 0 picks a free one), host, maxConnections,
#   stdlog, audit, debug (accessors); GServer.in_service?(port, host),
#   GServer.stop(port, host); the hooks connecting(client) (false refuses
#   the client), disconnecting(client_port), starting, stopping,
#   error(exception), log(msg).  With audit the hooks log, in 1.8.7's
#   format, "[<ctime>] MyServer 127.0.0.1:10001 client:33712
#   localhost<127.0.0.1> connect"; with debug, exceptions raised by serve
#   log their backtraces.
# Clients beyond maxConnections wait in the listen queue until a running
# connection ends.
# One difference: in 1.8.7, shutdown took effect when the next client
# connected; here it also stops the server from waiting in accept, so
# join returns once the running connections end.

require 'socket'
require 'thread'

class GServer
  DEFAULT_HOST = "127.0.0.1"

  @@services = {}                 # host => { port => server }
  @@services_lock = Mutex.new

  # What a subclass does with each client.
  def serve(io)
  end

  def self.in_service?(port, host = DEFAULT_HOST)
    @@services.key?(host) && @@services[host].key?(port)
  end

  def self.stop(port, host = DEFAULT_HOST)
    @@services_lock.synchronize { @@services[host][port] }.stop
  end

  attr_reader :port, :host, :maxConnections
  attr_accessor :stdlog, :audit, :debug

  def initialize(port, host = DEFAULT_HOST, maxConnections = 4, stdlog = $stderr, audit = false, debug = false)
    @port = port
    @host = host
    @maxConnections = maxConnections
    @stdlog = stdlog
    @audit = audit
    @debug = debug
    @tcpServer = nil
    @tcpServerThread = nil
    @shutdown = false
    @connections = []
    @running = false               # the server thread is in its loop
    @stop_requested = false
    @lock = Mutex.new
    @room = ConditionVariable.new    # signalled when a connection ends
  end

  def stopped?
    @tcpServerThread.nil?
  end

  def connections
    @connections.size
  end

  def join
    t = @tcpServerThread
    t.join if t
  end

  # Stops now: the server thread ends, and raises "stop" in each
  # connection's thread.
  def stop
    @lock.synchronize do
      if @running
        @tcpServerThread.raise("stop")
      elsif @tcpServerThread
        @stop_requested = true      # not started yet: it stops at once
      end
    end
  end

  # Stops accepting; the connections being served run to their end.
  def shutdown
    @shutdown = true
    server = @tcpServer
    begin
      server.close if server && !server.closed?
    rescue IOError
    end
  end

  # ---- the hooks
  def connecting(client)
    addr = client.peeraddr
    log("#{self.class} #{@host}:#{@port} client:#{addr[1]} #{addr[2]}<#{addr[3]}> connect")
    true
  end

  def disconnecting(clientPort)
    log("#{self.class} #{@host}:#{@port} client:#{clientPort} disconnect")
  end

  def starting
    log("#{self.class} #{@host}:#{@port} start")
  end

  def stopping
    log("#{self.class} #{@host}:#{@port} stop")
  end

  def error(detail)
    log(detail.backtrace.join("\n"))
  end

  # The line in one write: puts writes the newline apart, and another
  # thread's line could come between the two (a StringIO's write is Ruby).
  def log(msg)
    return unless @stdlog
    @stdlog.write("[#{Time.new.ctime}] %s\n" % msg)
    @stdlog.flush
  end

  protected :connecting, :disconnecting, :starting, :stopping, :error, :log

  # Binds and starts the server thread; returns self.
  def start(maxConnections = -1)
    raise "running" unless stopped?
    @shutdown = false
    @maxConnections = maxConnections if maxConnections > 0
    @@services_lock.synchronize do
      raise "Port already in use: #{host}:#{@port}!" if GServer.in_service?(@port, @host)
      @tcpServer = TCPServer.new(@host, @port)
      @port = @tcpServer.addr[1]
      (@@services[@host] ||= {})[@port] = self
    end
    @running = @stop_requested = false
    @lock.synchronize { @tcpServerThread = Thread.new { accept_loop } }
    self
  end

  private

  def accept_loop
    # under the lock: stop raises only once this thread is in here
    @lock.synchronize { @running = true }
    starting if @audit
    until @shutdown || @stop_requested
      @lock.synchronize do
        @room.wait(@lock) while @connections.size >= @maxConnections && !@shutdown
      end
      break if @shutdown
      client = @tcpServer.accept
      @lock.synchronize do
        @connections << Thread.new(client) { |c| serve_client(c) }
      end
    end
  rescue => detail
    error(detail) if @debug && !@shutdown
  ensure
    finish_server
  end

  def serve_client(client)
    # a new thread runs at once: wait until accept_loop has counted it
    @lock.synchronize {}
    client_port = nil
    begin
      client_port = client.peeraddr[1]
      serve(client) if !@audit || connecting(client)
    rescue => detail
      error(detail) if @debug
    ensure
      begin
        client.close
      rescue IOError
      end
      @lock.synchronize do
        @connections.delete(Thread.current)
        @room.signal
      end
      disconnecting(client_port) if @audit
    end
  end

  def finish_server
    begin
      @tcpServer.close unless @tcpServer.closed?
    rescue IOError
    end
    if @shutdown
      @lock.synchronize { @room.wait(@lock) until @connections.empty? }
    else
      @lock.synchronize { @connections.dup }.each { |t| t.raise("stop") if t.alive? }
    end
    @lock.synchronize { @tcpServerThread = nil; @running = false }
    @@services_lock.synchronize { @@services[@host].delete(@port) }
    stopping if @audit
  end
end
