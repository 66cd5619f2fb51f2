#!/usr/bin/env python3
"""2,000 TCP connections open at once in one miniruby process, a green
thread serving each: the descriptor limit is raised first (miniruby has
no Process.setrlimit), then every client sends a line and reads its
answer while all the connections stay open."""
import os
import resource
import subprocess
import sys

N = 2000
SCRIPT = r'''
require 'socket'
n = Integer(ARGV[0])
server = TCPServer.new("127.0.0.1", 0)
port = server.addr[1]
served = 0
acceptor = Thread.new do
  n.times do
    s = server.accept
    Thread.new(s) do |io|
      line = io.gets
      io.write "ok #{line}"
      served += 1
      io.gets        # EOF: the client closed
      io.close
    end
  end
end
clients = (0...n).map { TCPSocket.new("127.0.0.1", port) }
clients.each_with_index { |c, i| c.puts i }
bad = 0
clients.each_with_index { |c, i| bad += 1 unless c.gets == "ok #{i}\n" }
clients.each { |c| c.close }
acceptor.join
Thread.pass while Thread.list.size > 1
server.close
puts "#{n} #{served} #{bad}"
'''


def main():
    need = 2 * N + 100
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < need:
        if hard != resource.RLIM_INFINITY and hard < need:
            print("descriptor limit %d is below %d: cannot run" % (hard, need))
            return 1
        resource.setrlimit(resource.RLIMIT_NOFILE, (need, hard))
    p = subprocess.run([os.environ["MINIRUBY"], "-e", SCRIPT, str(N)],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=240)
    out = p.stdout.decode().strip()
    if p.returncode != 0 or out != "%d %d 0" % (N, N):
        print("status %d, stdout %r, stderr %s" % (p.returncode, out, p.stderr.decode()[-2000:]))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
