#!/usr/bin/env python3
"""Net::HTTP against Python's http.server on the loopback: keep-alive on
HTTP/1.1, Content-Length and chunked bodies, a POST, a 404, headers."""
import http.server
import os
import subprocess
import sys
import threading


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    connections = set()

    def log_message(self, *args):
        pass

    def send_body(self, code, body, ctype="text/plain"):
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("X-Client-Port", str(self.client_address[1]))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        Handler.connections.add(self.client_address[1])
        if self.path == "/chunked":
            self.send_response(200)
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            for piece in [b"py", b"thon ", b"chunks"]:
                self.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece))
            self.wfile.write(b"0\r\n\r\n")
        elif self.path == "/missing":
            self.send_body(404, b"no such page")
        elif self.path == "/agent":
            self.send_body(200, (self.headers.get("Accept") or "none").encode())
        else:
            self.send_body(200, ("hello from python " + self.path).encode())

    def do_HEAD(self):
        self.send_response(200)
        self.send_header("Content-Length", "123")
        self.end_headers()

    def do_POST(self):
        n = int(self.headers.get("Content-Length", "0"))
        data = self.rfile.read(n)
        self.send_body(201, b"posted " + data + b" as " + self.headers.get("Content-Type", "").encode())


SCRIPT = r'''
require 'net/http'
port = Integer(ARGV[0])
puts Net::HTTP.get("127.0.0.1", "/one", port)
Net::HTTP.start("127.0.0.1", port) do |h|
  a = h.get("/a")
  b = h.get("/b")
  puts a.body, b.body
  puts(a["x-client-port"] == b["x-client-port"] ? "same connection" : "new connection")
  c = h.get("/chunked")
  puts c.body, c.chunked?
  m = h.get("/missing")
  puts m.class, m.code, m.body
  r = h.head("/head")
  puts r.content_length, r.body.inspect
  p = h.post("/post", "k=v", "Content-Type" => "application/x-www-form-urlencoded")
  puts p.class, p.body
  puts h.get("/agent").body
end
'''

EXPECTED = """hello from python /one
hello from python /a
hello from python /b
same connection
python chunks
true
Net::HTTPNotFound
404
no such page
123
nil
Net::HTTPCreated
posted k=v as application/x-www-form-urlencoded
*/*
"""


def main():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    port = server.server_address[1]
    t = threading.Thread(target=server.serve_forever, daemon=True)
    t.start()
    try:
        p = subprocess.run([os.environ["MINIRUBY"], "-e", SCRIPT, str(port)],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    finally:
        server.shutdown()
    out = p.stdout.decode()
    if p.returncode != 0 or out != EXPECTED:
        print("status %d\nstdout:\n%s\nstderr:\n%s" % (p.returncode, out, p.stderr.decode()))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
