# timeout: 60
# Net::HTTP against a GServer HTTP server in the same process.
require 'assert'
require 'gserver'
require 'net/http'
require 'stringio'

# A small HTTP/1.1 server: each request is recorded, the path chooses
# the answer.
class TestWeb < GServer
  attr_reader :requests

  def initialize(*args)
    super
    @requests = []
  end

  def read_request(io)
    line = io.gets or return nil
    method, path, version = line.split(" ")
    headers = {}
    while (h = io.gets) && h != "\r\n"
      k, v = h.chomp("\r\n").split(/:\s*/, 2)
      headers[k.downcase] = v
    end
    body = ""
    if headers["transfer-encoding"] == "chunked"
      while (size = io.gets.to_i(16)) > 0
        body << io.read(size)
        io.read(2)
      end
      io.gets
    elsif headers["content-length"]
      body = io.read(headers["content-length"].to_i)
    end
    { :method => method, :path => path, :version => version, :headers => headers, :body => body }
  end

  def reply(io, status, headers, body)
    head = "HTTP/1.1 #{status}\r\n"
    headers.each { |k, v| head << "#{k}: #{v}\r\n" }
    io.write head + "\r\n" + body
  end

  def serve(io)
    count = 0
    while (req = read_request(io))
      count += 1
      req[:count] = count
      @requests << req
      break unless answer(io, req)
      break if req[:headers]["connection"] == "close"
    end
  end

  # false: close the connection after this answer
  def answer(io, req)
    body = "#{req[:method]} #{req[:path]} ##{req[:count]}"
    body << " " << req[:body] unless req[:body].empty?
    case req[:path]
    when "/chunked"
      io.write "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n"
      ["Hello", ", ", "chunked ", "world", "!" * 20].each { |c| io.write "#{c.size.to_s(16)}\r\n#{c}\r\n" }
      io.write "0\r\nX-Trailer: yes\r\n\r\n"
    when "/big"
      data = "0123456789" * 100_000
      reply(io, "200 OK", { "Content-Length" => data.size }, data)
    when "/to-eof"
      io.write "HTTP/1.0 200 OK\r\nContent-Type: text/html\r\n\r\nuntil the end"
      return false
    when "/close"
      reply(io, "200 OK", { "Content-Length" => body.size, "Connection" => "close" }, body)
      return false
    when "/missing"
      reply(io, "404 Not Found", { "Content-Length" => 9 }, "not found")
    when "/moved"
      reply(io, "302 Found", { "Location" => "/elsewhere", "Content-Length" => 0 }, "")
    when "/error"
      reply(io, "500 Internal Server Error", { "Content-Length" => 4 }, "oops")
    when "/nocontent"
      io.write "HTTP/1.1 204 No Content\r\n\r\n"
    when "/continue"
      io.write "HTTP/1.1 100 Continue\r\n\r\n"
      reply(io, "200 OK", { "Content-Length" => body.size }, body)
    when "/bad-status"
      io.write "HTTQ/1.1 two hundred\r\n\r\n"
      return false
    when "/bad-header"
      io.write "HTTP/1.1 200 OK\r\nno colon here\r\n\r\n"
      return false
    when "/bad-chunk"
      io.write "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"
      return false
    when "/slow"
      sleep 5
      reply(io, "200 OK", { "Content-Length" => 4 }, "late")
    when "/headers"
      text = req[:headers].keys.sort.map { |k| "#{k}=#{req[:headers][k]}" }.join("\n")
      reply(io, "200 OK", { "Content-Length" => text.size, "Set-Cookie" => "a=1", "X-Multi" => "one" }, text)
    when "/range"
      reply(io, "206 Partial Content", { "Content-Range" => "bytes 2-5/10", "Content-Length" => 4 }, "2345")
    else
      if req[:method] == "HEAD"
        reply(io, "200 OK", { "Content-Length" => 42 }, "")
      elsif req[:method] == "OPTIONS"
        reply(io, "200 OK", { "Allow" => "GET" }, "")
      else
        reply(io, "200 OK", { "Content-Length" => body.size, "Content-Type" => "text/plain" }, body)
      end
    end
    true
  end
end

$web = TestWeb.new(0, "127.0.0.1", 20, nil).start
PORT = $web.port

test "one-shot class methods" do
  assert_equal "GET /hello #1", Net::HTTP.get("127.0.0.1", "/hello", PORT)
  assert_equal "GET /q?a=1 #1", Net::HTTP.get(URI.parse("http://127.0.0.1:#{PORT}/q?a=1"))
  res = Net::HTTP.get_response(URI.parse("http://127.0.0.1:#{PORT}/r"))
  assert_kind_of Net::HTTPOK, res
  assert_equal "GET /r #1", res.body
  res = Net::HTTP.get_response("127.0.0.1", "/missing", PORT)
  assert_kind_of Net::HTTPNotFound, res
  assert_equal "not found", res.body
  res = Net::HTTP.post_form(URI.parse("http://127.0.0.1:#{PORT}/form"), "name" => "a b", "x" => "&=")
  method, path, count, form = res.body.split(" ")
  assert_equal ["POST", "/form", "#1"], [method, path, count]
  assert_equal ["name=a%20b", "x=%26%3d"], form.split("&").sort
  assert_equal "application/x-www-form-urlencoded", $web.requests.last[:headers]["content-type"]
  res = Net::HTTP.post_form(URI.parse("http://user:pw@127.0.0.1:#{PORT}/auth"), {})
  assert_equal "Basic " + ["user:pw"].pack("m").chomp, $web.requests.last[:headers]["authorization"]
  old = $stdout
  $stdout = StringIO.new
  begin
    assert_nil Net::HTTP.get_print("127.0.0.1", "/printed", PORT)
    printed = $stdout.string
  ensure
    $stdout = old
  end
  assert_equal "GET /printed #1", printed
end

test "a session keeps its connection alive" do
  Net::HTTP.start("127.0.0.1", PORT) do |http|
    assert_true http.started?
    assert_true http.active?
    assert_equal "GET /a #1", http.get("/a").body
    assert_equal "GET /b #2", http.get("/b").body
    assert_equal "POST /c #3 payload", http.post("/c", "payload").body
    assert_equal "PUT /d #4 put-data", http.put("/d", "put-data").body
    assert_equal "DELETE /e #5", http.delete("/e").body
    assert_equal "Infinity", $web.requests.last[:headers]["depth"]
    res = http.head("/f")
    assert_kind_of Net::HTTPOK, res
    assert_nil res.body
    assert_equal 42, res.content_length
    assert_equal "GET /g #7", http.request_get("/g").body
    assert_equal "POST /h #8 x", http.request_post("/h", "x").body
    res = http.options("/i")
    assert_kind_of Net::HTTPOK, res
    assert_nil res.body
    assert_equal "OPTIONS", $web.requests.last[:method]
    assert_equal "GET /j #10", http.send_request("GET", "/j").body
    assert_equal "PATCHY /k #11 z", http.send_request("PATCHY", "/k", "z").body
  end
end

test "a response that closes, a 1.0 server that reads to EOF" do
  Net::HTTP.start("127.0.0.1", PORT) do |http|
    assert_equal "GET /close #1", http.get("/close").body
    assert_equal "GET /after #1", http.get("/after").body      # a new connection
    res = http.get("/to-eof")
    assert_equal "1.0", res.http_version
    assert_equal "until the end", res.body
    assert_equal "text/html", res.content_type
    assert_equal "GET /again #1", http.get("/again").body
  end
end

test "a kept-alive connection the server closed is opened again" do
  Net::HTTP.start("127.0.0.1", PORT) do |http|
    assert_equal "GET /x #1", http.get("/x").body
    # the server ends the connection behind the client's back
    http.instance_variable_get(:@socket).io.shutdown(Socket::SHUT_WR) rescue nil
    sleep 0.05
    assert_equal "GET /y #1", http.get("/y").body
  end
end

test "chunked responses, read_body with a block, dest" do
  Net::HTTP.start("127.0.0.1", PORT) do |http|
    res = http.get("/chunked")
    assert_true res.chunked?
    assert_equal "Hello, chunked world" + "!" * 20, res.body
    assert_equal "text/plain", res.content_type
    assert_equal "text", res.main_type
    assert_equal "plain", res.sub_type
    assert_equal({ "charset" => "utf-8" }, res.type_params)
    pieces = []
    http.request_get("/chunked") do |r|
      r.read_body { |s| pieces << s }
    end
    assert_equal "Hello, chunked world" + "!" * 20, pieces.join
    assert_true pieces.size >= 1
    pieces = []
    res = http.get("/big") { |s| pieces << s }
    assert_equal 1_000_000, pieces.join.size
    dest = "so far: "
    http.get("/dest", nil, dest)
    assert_equal "so far: GET /dest #4", dest
    assert_equal "GET /after-chunks #5", http.get("/after-chunks").body
  end
end

test "request objects with headers" do
  Net::HTTP.start("127.0.0.1", PORT) do |http|
    req = Net::HTTP::Get.new("/headers", "X-Custom" => "value ")
    req["User-Agent"] = "miniruby-test"
    req.add_field("X-List", "a")
    req.add_field("X-List", "b")
    req.basic_auth("me", "secret")
    res = http.request(req)
    got = {}
    res.body.split("\n").each { |l| k, v = l.split("=", 2); got[k] = v }
    assert_equal "value", got["x-custom"]
    assert_equal "miniruby-test", got["user-agent"]
    assert_equal "a, b", got["x-list"]
    assert_equal "*/*", got["accept"]
    assert_equal "127.0.0.1:#{PORT}", got["host"]
    assert_equal "Basic bWU6c2VjcmV0", got["authorization"]
    assert_equal "a=1", res["set-cookie"]
    assert_equal "a=1", res["Set-Cookie"]
    names = []
    res.each_header { |k, v| names << k }
    assert_equal ["content-length", "set-cookie", "x-multi"], names.sort
    caps = []
    res.each_capitalized_name { |k| caps << k }
    assert_equal ["Content-Length", "Set-Cookie", "X-Multi"], caps.sort
    post = Net::HTTP::Post.new("/posted")
    post.body = "abc"
    post.content_type = "text/plain"
    assert_equal "POST /posted #2 abc", http.request(post).body
    assert_equal "3", $web.requests.last[:headers]["content-length"]
    assert_equal "text/plain", $web.requests.last[:headers]["content-type"]
    stream = Net::HTTP::Put.new("/stream")
    stream.body_stream = StringIO.new("x" * 3000)
    stream["Transfer-Encoding"] = "chunked"
    assert_equal "PUT /stream #3 " + "x" * 3000, http.request(stream).body
    sized = Net::HTTP::Post.new("/sized")
    sized.body_stream = StringIO.new("12345")
    sized.content_length = 5
    assert_equal "POST /sized #4 12345", http.request(sized).body
    bad = Net::HTTP::Post.new("/nolength")
    bad.body_stream = StringIO.new("?")
    assert_raise(ArgumentError, "Content-Length not given and Transfer-Encoding is not `chunked'") { http.request(bad) }
    both = Net::HTTP::Post.new("/both")
    both.body = "x"
    assert_raise(ArgumentError, "both of body argument and HTTPRequest#body set") { http.request(both, "y") }
  end
  assert_raise(ArgumentError, "HTTP request path is empty") { Net::HTTP::Get.new("") }
  assert_equal "#<Net::HTTP::Get GET>", Net::HTTP::Get.new("/").inspect
  assert_false Net::HTTP::Get.new("/").request_body_permitted?
  assert_true Net::HTTP::Post.new("/").request_body_permitted?
  assert_false Net::HTTP::Head.new("/").response_body_permitted?
end

test "response classes and errors" do
  Net::HTTP.start("127.0.0.1", PORT) do |http|
    res = http.get("/ok")
    assert_equal "200", res.code
    assert_equal "OK", res.message
    assert_equal "OK", res.msg
    assert_equal "1.1", res.http_version
    assert_equal "#<Net::HTTPOK 200 OK readbody=true>", res.inspect
    assert_nil res.value
    assert_same res, res.header
    assert_same res, res.response
    res = http.get("/missing")
    assert_kind_of Net::HTTPClientError, res
    e = assert_raise(Net::HTTPServerException, '404 "Not Found"') { res.value }
    assert_same res, e.response
    assert_equal Net::HTTPServerException, res.error_type
    res = http.get("/moved")
    assert_kind_of Net::HTTPFound, res
    assert_kind_of Net::HTTPRedirection, res
    assert_equal "/elsewhere", res["location"]
    assert_raise(Net::HTTPRetriableError) { res.value }
    res = http.get("/error")
    assert_kind_of Net::HTTPInternalServerError, res
    assert_raise(Net::HTTPFatalError, '500 "Internal Server Error"') { res.error! }
    res = http.get("/nocontent")
    assert_kind_of Net::HTTPNoContent, res
    assert_nil res.body
    res = http.get("/continue")
    assert_kind_of Net::HTTPOK, res
    assert_equal "GET /continue #6", res.body
    res = http.get("/range")
    assert_kind_of Net::HTTPPartialContent, res
    assert_equal 2..5, res.content_range
    assert_equal 4, res.range_length
    assert_equal "2345", res.body
  end
  assert_equal Net::HTTPOK, Net::HTTPResponse::CODE_TO_OBJ["200"]
  assert_equal Net::HTTPNotFound, Net::HTTPResponse::CODE_TO_OBJ["404"]
  assert_equal Net::HTTPSuccess, Net::HTTPResponse::CODE_CLASS_TO_OBJ["2"]
  assert_same Net::HTTPFound, Net::HTTPMovedTemporarily
  assert_equal Net::HTTPSuccess, Net::HTTPOK.superclass
  assert_equal Net::HTTPResponse, Net::HTTPSuccess.superclass
  assert_true Net::HTTPOK.body_permitted?
  assert_false Net::HTTPNotModified.body_permitted?
  assert_equal Net::ProtocolError, Net::HTTPError.superclass
  assert_equal Net::ProtoServerError, Net::HTTPServerException.superclass
  assert_same Net::HTTP, Net::HTTPSession
end

test "bad responses" do
  Net::HTTP.start("127.0.0.1", PORT) do |http|
    assert_raise(Net::HTTPBadResponse, 'wrong status line: "HTTQ/1.1 two hundred"') { http.get("/bad-status") }
  end
  Net::HTTP.start("127.0.0.1", PORT) do |http|
    assert_raise(Net::HTTPBadResponse, "wrong header line format") { http.get("/bad-header") }
  end
  Net::HTTP.start("127.0.0.1", PORT) do |http|
    assert_raise(Net::HTTPBadResponse, "wrong chunk size line: zz") { http.get("/bad-chunk") }
  end
end

test "read_timeout and open_timeout" do
  http = Net::HTTP.new("127.0.0.1", PORT)
  http.read_timeout = 0.2
  assert_equal 0.2, http.read_timeout
  http.start do
    count = 0
    counter = Thread.new { loop { count += 1; Thread.pass } }
    assert_raise(Timeout::Error) { http.get("/slow") }
    counter.kill
    assert_true count > 0
  end
  # a listener whose backlog is full never completes a connect
  full = Socket.new(Socket::AF_INET, Socket::SOCK_STREAM, 0)
  full.bind(Socket.sockaddr_in(0, "127.0.0.1"))
  full.listen(0)
  port = Socket.unpack_sockaddr_in(full.getsockname)[0]
  fillers = []
  begin
    loop { Timeout.timeout(0.2) { fillers << TCPSocket.new("127.0.0.1", port) } }
  rescue Timeout::Error
  end
  slow = Net::HTTP.new("127.0.0.1", port)
  slow.open_timeout = 0.2
  assert_raise(Timeout::Error) { slow.start }
  assert_false slow.started?
  fillers.each { |f| f.close }
  full.close
end

test "connection errors" do
  probe = TCPServer.new("127.0.0.1", 0)
  port = probe.addr[1]
  probe.close
  assert_raise(Errno::ECONNREFUSED, "Connection refused - connect(2)") { Net::HTTP.get("127.0.0.1", "/", port) }
  assert_raise(SocketError) { Net::HTTP.get("no.such.host.invalid", "/", 80) }
  http = Net::HTTP.new("127.0.0.1", PORT)
  assert_raise(IOError, "HTTP session not yet started") { http.finish }
  http.start
  assert_raise(IOError, "HTTP session already opened") { http.start }
  http.finish
  assert_false http.started?
end

test "version 1.1 style" do
  begin
    Net::HTTP.version_1_1
    assert_true Net::HTTP.version_1_1?
    Net::HTTP.start("127.0.0.1", PORT) do |http|
      res, body = http.get("/old")
      assert_kind_of Net::HTTPOK, res
      assert_equal "GET /old #1", body
      assert_raise(Net::HTTPServerException) { http.get("/missing") }
    end
  ensure
    Net::HTTP.version_1_2
  end
  assert_true Net::HTTP.version_1_2?
  Net::HTTP.start("127.0.0.1", PORT) do |http|
    res, body = http.get("/assign")        # HTTPResponse#to_ary
    assert_kind_of Net::HTTPOK, res
    assert_equal "GET /assign #1", body
  end
end

test "through a proxy" do
  proxy_class = Net::HTTP::Proxy("127.0.0.1", PORT, "pu", "pp")
  assert_true proxy_class.proxy_class?
  assert_false Net::HTTP.proxy_class?
  assert_same Net::HTTP, Net::HTTP::Proxy(nil)
  proxy_class.start("example.invalid", 8080) do |http|
    assert_true http.proxy?
    assert_equal "127.0.0.1", http.proxy_address
    assert_equal PORT, http.proxy_port
    assert_equal "GET http://example.invalid:8080/via #1", http.get("/via").body
    assert_equal "example.invalid:8080", $web.requests.last[:headers]["host"]
    assert_equal "Basic " + ["pu:pp"].pack("m").chomp, $web.requests.last[:headers]["proxy-authorization"]
  end
  Net::HTTP.start("example.invalid", nil, "127.0.0.1", PORT) do |http|
    assert_equal "GET http://example.invalid/plain #1", http.get("/plain").body
  end
end

test "debug output" do
  log = ""
  http = Net::HTTP.new("127.0.0.1", PORT)
  http.set_debug_output(log)
  http.start { |h| h.get("/logged") }
  assert_match(/opening connection to 127\.0\.0\.1\.\.\./, log)
  assert_match(/<- "GET \/logged HTTP\/1\.1\\r\\n/, log)
  assert_match(/-> "HTTP\/1\.1 200 OK\\r\\n"/, log)
  assert_match(/Conn keep-alive/, log)
  assert_equal "#<Net::HTTP 127.0.0.1:#{PORT} open=false>", http.inspect
end

test "HTTPHeader" do
  req = Net::HTTP::Get.new("/", "Content-Type" => "text/html; charset=x", "X-A" => "1")
  assert_true req.key?("content-type")
  assert_equal "text/html; charset=x", req["CONTENT-TYPE"]
  assert_equal ["1"], req.get_fields("x-a")
  assert_nil req.get_fields("x-none")
  assert_equal "1", req.fetch("X-A")
  assert_equal "dflt", req.fetch("x-none") { "dflt" }
  assert_raise(IndexError) { req.fetch("x-none") }
  req["X-A"] = nil
  assert_false req.key?("x-a")
  req.set_range(0, 10)
  assert_equal "bytes=0-9", req["range"]
  assert_equal [0..9], req.range
  req.range = 5..-1
  assert_equal "bytes=5-", req["range"]
  req.range = -3
  assert_equal "bytes=-3", req["range"]
  assert_equal [-3..-1], req.range
  req["range"] = "bytes=1-2,4-5"
  assert_equal [1..2, 4..5], req.range
  req["range"] = "pages=1"
  assert_raise(Net::HTTPHeaderSyntaxError, "wrong Range header format") { req.range }
  req["content-length"] = "abc"
  assert_raise(Net::HTTPHeaderSyntaxError, "wrong Content-Length format") { req.content_length }
  req.content_length = 12
  assert_equal 12, req.content_length
  req["transfer-encoding"] = "gzip, chunked"
  assert_true req.chunked?
  req["transfer-encoding"] = "chunked-not"
  assert_false req.chunked?
  req.set_form_data({ "q" => "a/b" }, ";")
  assert_equal "q=a%2fb", req.body
  assert_equal "application/x-www-form-urlencoded", req.content_type
  req.proxy_basic_auth("a", "b")
  assert_equal "Basic YTpi", req["proxy-authorization"]
  h = req.to_hash
  assert_equal ["Basic YTpi"], h["proxy-authorization"]
  assert_equal req.size, h.size
  req.delete("Proxy-Authorization")
  assert_nil req["proxy-authorization"]
end

$web.stop
$web.join
test "the server stopped" do
  assert_true $web.stopped?
  assert_false GServer.in_service?(PORT)
end
