# echo_server.rb: a line echo server with a thread per connection, for
# the network benchmark.   usage: echo_server.rb [PORT [HOST]]
# Listens on HOST (default 127.0.0.1) and PORT (default 0: a free one),
# prints "LISTENING <port>" on stdout once it accepts, then serves each
# client in a thread of its own: every line read is written back as it
# came, until the client closes.  It runs until it is killed, or until a
# client sends the line "SHUTDOWN" (the server then prints
# "RESULT connections <n>" and exits).
require 'socket'

port = Integer(ARGV[0] || 0)
host = ARGV[1] || "127.0.0.1"
server = TCPServer.new(host, port)
$stdout.puts "LISTENING #{server.addr[1]}"
$stdout.flush

connections = 0
loop do
  begin
    client = server.accept
  rescue IOError
    break                         # closed by a SHUTDOWN
  end
  connections += 1
  Thread.new(client) do |io|
    begin
      while (line = io.gets)
        if line.chomp == "SHUTDOWN"
          server.close
          break
        end
        io.write(line)
      end
    rescue Errno::ECONNRESET, Errno::EPIPE
      # the client went away mid-line
    ensure
      io.close unless io.closed?
    end
  end
end
$stdout.puts "RESULT connections #{connections}"
