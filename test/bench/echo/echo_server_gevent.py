"""echo_server_gevent.py: the Python gevent server of the echo benchmark
(test/bench/echo/run), a greenlet per connection, as test/bench/echo_server.rb
has a thread per connection.   usage: echo_server_gevent.py [PORT [HOST]]
Listens on HOST (default 127.0.0.1) and PORT (default 0: a free one), prints
"LISTENING <port>" once it accepts, and writes every line it reads back as it
came, until the client closes.  A client line "SHUTDOWN" makes it print
"RESULT connections <n>" and exit."""
import sys

from gevent import monkey
monkey.patch_all()
import gevent  # noqa: E402
from gevent.server import StreamServer  # noqa: E402

count = 0


def serve(sock, _addr):
    global count
    count += 1
    f = sock.makefile("rb")
    try:
        for line in f:
            if line == b"SHUTDOWN\n":
                gevent.spawn(server.stop)
                return
            sock.sendall(line)
    except (ConnectionResetError, BrokenPipeError):
        pass
    finally:
        f.close()
        sock.close()


port = int(sys.argv[1]) if len(sys.argv) > 1 else 0
host = sys.argv[2] if len(sys.argv) > 2 else "127.0.0.1"
server = StreamServer((host, port), serve, backlog=4096)
server.init_socket()
print("LISTENING %d" % server.address[1], flush=True)
server.serve_forever()
print("RESULT connections %d" % count, flush=True)
