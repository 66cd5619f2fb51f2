# net/http.rb: an HTTP/1.1 client, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's net/http.rb:
#   Net::HTTP.get(uri_or_host, path = nil, port = nil), get_print,
#   get_response (with a block: the response before its body is read),
#   post_form(url, params), start(address, port, proxy...) { |http| },
#   new(address, port = nil, p_addr = nil, p_port = nil, p_user = nil,
#   p_pass = nil), Proxy(p_addr, p_port, p_user, p_pass) (a subclass
#   that talks to the proxy: absolute URIs, Proxy-Authorization),
#   version_1_1 / version_1_2 (1.2, the default: get returns the response;
#   1.1: [response, body] and non-2xx raise), default_port,
#   http_default_port, https_default_port;
#   instances: start, finish, started?/active?, address, port,
#   open_timeout(=), read_timeout(=), close_on_empty_response(=),
#   set_debug_output, proxy?, proxy_address & co., use_ssl? (false),
#   get, head, post, put, delete, options, trace, propfind, proppatch,
#   mkcol, copy, move, lock, unlock, request_get/get2, request_head/head2,
#   request_post/post2, request_put/put2, send_request, request(req, body);
#   Net::HTTPHeader ([], []=, add_field, get_fields, fetch, key?, delete,
#   each_header/each, each_name/each_key, each_capitalized_name,
#   each_value, each_capitalized/canonical_each, to_hash, size/length,
#   range, set_range/range=, content_length(=), chunked?, content_range,
#   range_length, content_type, main_type, sub_type, type_params,
#   set_content_type/content_type=, set_form_data/form_data=,
#   basic_auth, proxy_basic_auth);
#   Net::HTTPGenericRequest, Net::HTTPRequest and Net::HTTP::Get, Head,
#   Post, Put, Delete, Options, Trace, Propfind, Proppatch, Mkcol, Copy,
#   Move, Lock, Unlock (body, body=, body_stream=, method, path,
#   request_body_permitted?, response_body_permitted?);
#   Net::HTTPResponse (code, message/msg, http_version, body/entity,
#   read_body(dest) { |fragment| }, value, error!, error_type, header,
#   response, inspect "#<Net::HTTPOK 200 OK readbody=true>", to_ary for
#   the 1.1-style `res, body = http.get(...)`) and every response class
#   of 1.8.7 (HTTPInformation, HTTPSuccess, HTTPOK, HTTPCreated ...
#   HTTPRedirection, HTTPFound ... HTTPClientError, HTTPNotFound ...
#   HTTPServerError, HTTPUnknownResponse), CODE_TO_OBJ and
#   CODE_CLASS_TO_OBJ; HTTPBadResponse, HTTPHeaderSyntaxError, HTTPError,
#   HTTPRetriableError, HTTPServerException, HTTPFatalError (each with
#   #response); Net::HTTPSession (= Net::HTTP).
# Bodies: Content-Length, chunked transfer coding (trailers skipped), a
# byte range, or up to the end of the connection; request bodies from a
# String or a stream (body_stream, with Content-Length or chunked).
# Connections: kept alive between the requests of a start block as 1.8.7
# decided (HTTP/1.1 unless either side says close, a 1.0 server that
# closes is remembered); a request outside start sends Connection: close.
# One deliberate difference: when a kept-alive connection turns out to
# have been closed by the server before any byte of the response came,
# an idempotent request (GET, HEAD, PUT, DELETE, OPTIONS, TRACE) is sent
# again once on a new connection, where 1.8.7 raised EOFError.
# Timeouts: open_timeout through Timeout, read_timeout through the
# scheduler (net/protocol); both raise Timeout::Error.
# Left out: HTTPS (net/https: there is no OpenSSL) and the 1.1-era
# Net::NetPrivate module.

require 'net/protocol'
require 'uri'

module Net

  class HTTPBadResponse < StandardError; end
  class HTTPHeaderSyntaxError < StandardError; end

  # What the HTTP exceptions share: the response that caused them.
  module HTTPExceptions
    def initialize(msg, res)
      super(msg)
      @response = res
    end
    attr_reader :response
    alias data response
  end

  class HTTPError < ProtocolError
    include HTTPExceptions
  end

  class HTTPRetriableError < ProtoRetriableError
    include HTTPExceptions
  end

  class HTTPServerException < ProtoServerError
    include HTTPExceptions
  end

  class HTTPFatalError < ProtoFatalError
    include HTTPExceptions
  end

  # ------------------------------------------------------------ headers
  # Header fields of a request or a response: names are case-insensitive
  # (kept downcased), a field may have several values.
  module HTTPHeader
    def initialize_http_header(initheader)
      @header = {}
      return unless initheader
      initheader.each do |key, value|
        warn "net/http: warning: duplicated HTTP header: #{key}" if key?(key) && $VERBOSE
        @header[key.downcase] = [value.strip]
      end
    end

    def size
      @header.size
    end

    alias length size

    def [](key)
      values = @header[key.downcase]
      values && values.join(', ')
    end

    def []=(key, val)
      if val.nil?
        @header.delete(key.downcase)
      else
        @header[key.downcase] = [val]
      end
      val
    end

    def add_field(key, val)
      (@header[key.downcase] ||= []) << val
    end

    def get_fields(key)
      values = @header[key.downcase]
      values && values.dup
    end

    # The field's values joined, or the default (argument or block).
    def fetch(key, *args, &block)
      v = @header.fetch(key.downcase, *args, &block)
      v.is_a?(Array) ? v.join(', ') : v
    end

    def key?(key)
      @header.key?(key.downcase)
    end

    def delete(key)
      @header.delete(key.downcase)
    end

    def each_header
      @header.each { |k, values| yield k, values.join(', ') }
    end

    alias each each_header

    def each_name(&block)
      @header.each_key(&block)
    end

    alias each_key each_name

    def each_capitalized_name
      @header.each_key { |k| yield capitalize(k) }
    end

    def each_value
      @header.each_value { |values| yield values.join(', ') }
    end

    def each_capitalized
      @header.each { |k, values| yield capitalize(k), values.join(', ') }
    end

    alias canonical_each each_capitalized

    def to_hash
      @header.dup
    end

    # The Range field as an Array of Ranges (nil when absent).
    def range
      return nil unless @header['range']
      spec = self['Range']
      m = /\Abytes=(.*)\z/i.match(spec) or raise HTTPHeaderSyntaxError, 'wrong Range header format'
      m[1].split(',').map do |part|
        pm = /\A\s*(\d*)\s*-\s*(\d*)\s*\z/.match(part) or raise HTTPHeaderSyntaxError, "wrong Range header format"
        first, last = pm[1], pm[2]
        if first.empty?
          raise HTTPHeaderSyntaxError, 'wrong Range header format' if last.empty?
          -last.to_i..-1
        elsif last.empty?
          first.to_i..-1
        else
          raise HTTPHeaderSyntaxError, 'invalid Range header' if first.to_i > last.to_i
          first.to_i..last.to_i
        end
      end
    end

    # set_range(range), set_range(start, length), set_range(nil).
    def set_range(r, e = nil)
      unless r
        @header.delete('range')
        return r
      end
      r = (r...(r + e)) if e
      case r
      when Numeric
        spec = r < 0 ? r.to_s : "#{r}-"
      when Range
        first, last = r.first, r.last
        last -= 1 if r.exclude_end?
        if last == -1
          spec = first >= 0 ? "#{first}-" : first.to_s
        elsif first < 0
          raise HTTPHeaderSyntaxError, 'range.first is negative'
        elsif last < 0
          raise HTTPHeaderSyntaxError, 'range.last is negative'
        elsif first > last
          raise HTTPHeaderSyntaxError, 'must be .first < .last'
        else
          spec = "#{first}-#{last}"
        end
      else
        raise TypeError, 'Range/Integer is required'
      end
      @header['range'] = ["bytes=#{spec}"]
      r
    end

    alias range= set_range

    def content_length
      return nil unless key?('Content-Length')
      digits = self['Content-Length'].slice(/\d+/) or raise HTTPHeaderSyntaxError, 'wrong Content-Length format'
      digits.to_i
    end

    def content_length=(len)
      if len.nil?
        @header.delete('content-length')
        return nil
      end
      @header['content-length'] = [len.to_i.to_s]
    end

    def chunked?
      field = self['Transfer-Encoding']
      return false unless field
      (/(?:\A|[^\-\w])chunked(?![\-\w])/i =~ field) ? true : false
    end

    # The Content-Range field as a Range (nil when absent).
    def content_range
      return nil unless @header['content-range']
      m = %r{\A\s*(\w+)\s+(\d+)-(\d+)/(\d+|\*)}.match(self['Content-Range']) or
        raise HTTPHeaderSyntaxError, 'wrong Content-Range format'
      m[2].to_i..m[3].to_i
    end

    def range_length
      r = content_range or return nil
      r.last - r.first + 1
    end

    def content_type
      main = main_type or return nil
      sub = sub_type
      sub ? "#{main}/#{sub}" : main
    end

    def main_type
      return nil unless @header['content-type']
      self['Content-Type'].split(';').first.to_s.split('/')[0].to_s.strip
    end

    def sub_type
      return nil unless @header['content-type']
      sub = self['Content-Type'].split(';').first.to_s.split('/')[1]
      sub && sub.strip
    end

    def type_params
      params = {}
      fields = self['Content-Type'].to_s.split(';')
      fields.shift
      fields.each do |param|
        k, v = param.split('=', 2)
        params[k.strip] = v.to_s.strip
      end
      params
    end

    def set_content_type(type, params = {})
      @header['content-type'] = [type + params.map { |k, v| "; #{k}=#{v}" }.join('')]
    end

    alias content_type= set_content_type

    # The body becomes params url-encoded, the type a form's.
    def set_form_data(params, sep = '&')
      self.body = params.map { |k, v| "#{urlencode(k.to_s)}=#{urlencode(v.to_s)}" }.join(sep)
      self.content_type = 'application/x-www-form-urlencoded'
    end

    alias form_data= set_form_data

    def basic_auth(account, password)
      @header['authorization'] = [basic_encode(account, password)]
    end

    def proxy_basic_auth(account, password)
      @header['proxy-authorization'] = [basic_encode(account, password)]
    end

    private

    def capitalize(name)
      name.split(/-/).map { |s| s.capitalize }.join('-')
    end

    def urlencode(str)
      str.gsub(/[^a-zA-Z0-9_\.\-]/n) { |s| sprintf('%%%02x', s[0]) }
    end

    def basic_encode(account, password)
      'Basic ' + ["#{account}:#{password}"].pack('m').delete("\r\n")
    end
  end

  # ------------------------------------------------------------ requests
  class HTTPGenericRequest
    include HTTPHeader

    def initialize(m, reqbody, resbody, path, initheader = nil)
      @method = m
      @request_has_body = reqbody
      @response_has_body = resbody
      raise ArgumentError, "HTTP request path is empty" if path.empty?
      @path = path
      initialize_http_header(initheader)
      self['Accept'] ||= '*/*'
      @body = nil
      @body_stream = nil
    end

    attr_reader :method
    attr_reader :path
    attr_reader :body
    attr_reader :body_stream

    def inspect
      "\#<#{self.class} #{@method}>"
    end

    def request_body_permitted?
      @request_has_body
    end

    def response_body_permitted?
      @response_has_body
    end

    def body_exist?
      warn "Net::HTTPRequest#body_exist? is obsolete; use response_body_permitted?" if $VERBOSE
      response_body_permitted?
    end

    def body=(str)
      @body_stream = nil
      @body = str
    end

    def body_stream=(input)
      @body = nil
      @body_stream = input
    end

    # The body given to HTTP#request / post (internal).
    def set_body_internal(str)
      if str && (@body || @body_stream)
        raise ArgumentError, "both of body argument and HTTPRequest#body set"
      end
      self.body = str if str
    end

    # Sends the request line, the header and the body to sock (internal).
    def exec(sock, ver, path)
      if @body
        self.content_length = @body.size
        delete('Transfer-Encoding')
        default_content_type
        send_header(sock, ver, path)
        sock.write(@body)
      elsif @body_stream
        unless content_length || chunked?
          raise ArgumentError, "Content-Length not given and Transfer-Encoding is not `chunked'"
        end
        default_content_type
        send_header(sock, ver, path)
        send_stream(sock, @body_stream)
      else
        send_header(sock, ver, path)
      end
    end

    private

    def default_content_type
      return if content_type
      warn 'net/http: warning: Content-Type did not set; using application/x-www-form-urlencoded' if $VERBOSE
      set_content_type('application/x-www-form-urlencoded')
    end

    def send_header(sock, ver, path)
      head = "#{@method} #{path} HTTP/#{ver}\r\n"
      each_capitalized { |k, v| head << "#{k}: #{v}\r\n" }
      head << "\r\n"
      sock.write(head)
    end

    def send_stream(sock, input)
      chunked = chunked?
      while (piece = input.read(1024))
        if chunked
          sock.write("#{piece.size.to_s(16)}\r\n#{piece}\r\n")
        else
          sock.write(piece)
        end
      end
      sock.write("0\r\n\r\n") if chunked
    end
  end

  # A request whose method and body rules come from its class's constants.
  class HTTPRequest < HTTPGenericRequest
    def initialize(path, initheader = nil)
      super(self.class::METHOD, self.class::REQUEST_HAS_BODY, self.class::RESPONSE_HAS_BODY, path, initheader)
    end
  end

  # ------------------------------------------------------------ responses
  class HTTPResponse
    include HTTPHeader

    def self.body_permitted?
      self::HAS_BODY
    end

    def self.exception_type
      self::EXCEPTION_TYPE
    end

    # Reads a status line and the header from sock (a BufferedIO).
    def self.read_new(sock)
      line = sock.readline
      m = /\AHTTP(?:\/(\d+\.\d+))?\s+(\d\d\d)\s*(.*)\z/in.match(line) or
        raise HTTPBadResponse, "wrong status line: #{line.dump}"
      version, code, message = m.captures
      res = response_class(code).new(version, code, message)
      loop do
        field = sock.readuntil("\n", true).sub(/\s+\z/, '')
        break if field.empty?
        fm = /\A([^:]+):\s*/.match(field) or raise HTTPBadResponse, 'wrong header line format'
        res.add_field(fm[1], fm.post_match)
      end
      res
    end

    def self.response_class(code)
      CODE_TO_OBJ[code] || CODE_CLASS_TO_OBJ[code[0, 1]] || HTTPUnknownResponse
    end

    def initialize(httpv, code, msg)
      @http_version = httpv
      @code = code
      @message = msg
      initialize_http_header(nil)
      @body = nil
      @read = false
      @socket = nil
      @body_exist = false
    end

    attr_reader :http_version
    attr_reader :code
    attr_reader :message
    alias msg message

    def inspect
      "#<#{self.class} #{@code} #{@message} readbody=#{@read}>"
    end

    def response
      self
    end

    def header
      self
    end

    def read_header
      self
    end

    # 1.1-style `res, body = http.get(path)`.
    def to_ary
      warn "net/http.rb: warning: Net::HTTP v1.1 style assignment found at #{caller(1)[0]}; use `response = http.get(...)' instead." if $VERBOSE
      copy = dup
      class << copy
        undef to_ary
      end
      [copy, copy.body]
    end

    # Raises error_type unless the response is a success.
    def value
      error! unless kind_of?(HTTPSuccess)
    end

    def error!
      raise error_type.new(@code + ' ' + @message.dump, self)
    end

    def error_type
      self.class::EXCEPTION_TYPE
    end

    # Runs the block with the body still unread, then reads what the
    # block left (internal: HTTP#request).
    def reading_body(sock, reqmethodallowbody)
      @socket = sock
      @body_exist = reqmethodallowbody && self.class.body_permitted?
      begin
        yield
        body
      ensure
        @socket = nil
      end
    end

    # The body: into dest (dest << fragment), or each fragment to the
    # block, or a new String.  Once read it is kept.
    def read_body(dest = nil, &block)
      if @read
        raise IOError, "#{self.class}\#read_body called twice" if dest || block
        return @body
      end
      raise ArgumentError, 'both arg and block given for HTTP method' if dest && block
      to = block ? ReadAdapter.new(block) : (dest || '')
      raise IOError, 'attempt to read body out of block' if @socket.nil? || @socket.closed?
      @body = @body_exist ? read_entity(to) : nil
      @read = true
      @body
    end

    def body
      read_body
    end

    alias entity body

    private

    def read_entity(dest)
      if chunked?
        read_chunks(dest)
      elsif (len = content_length)
        @socket.read(len, dest, true)
      elsif (len = range_length)
        @socket.read(len, dest)
      else
        @socket.read_all(dest)
      end
      dest
    end

    def read_chunks(dest)
      loop do
        line = @socket.readline
        hex = line.slice(/[0-9a-fA-F]+/) or raise HTTPBadResponse, "wrong chunk size line: #{line}"
        len = hex.hex
        break if len == 0
        @socket.read(len, dest)
        @socket.read(2)
      end
      # the trailer, up to an empty line
      loop { break if @socket.readline.empty? }
    end
  end

  # The families of responses; the classes of each code follow.
  class HTTPUnknownResponse < HTTPResponse
    HAS_BODY = true
    EXCEPTION_TYPE = HTTPError
  end

  class HTTPInformation < HTTPResponse
    HAS_BODY = false
    EXCEPTION_TYPE = HTTPError
  end

  class HTTPSuccess < HTTPResponse
    HAS_BODY = true
    EXCEPTION_TYPE = HTTPError
  end

  class HTTPRedirection < HTTPResponse
    HAS_BODY = true
    EXCEPTION_TYPE = HTTPRetriableError
  end

  class HTTPClientError < HTTPResponse
    HAS_BODY = true
    EXCEPTION_TYPE = HTTPServerException
  end

  class HTTPServerError < HTTPResponse
    HAS_BODY = true
    EXCEPTION_TYPE = HTTPFatalError
  end

  class HTTPResponse
    CODE_CLASS_TO_OBJ = {
      '1' => HTTPInformation,
      '2' => HTTPSuccess,
      '3' => HTTPRedirection,
      '4' => HTTPClientError,
      '5' => HTTPServerError,
    }
    CODE_TO_OBJ = {}
  end

  # [name, code, family, HAS_BODY]: the response classes of 1.8.7.
  [
    ['HTTPContinue', '100', HTTPInformation, false],
    ['HTTPSwitchProtocol', '101', HTTPInformation, false],
    ['HTTPOK', '200', HTTPSuccess, true],
    ['HTTPCreated', '201', HTTPSuccess, true],
    ['HTTPAccepted', '202', HTTPSuccess, true],
    ['HTTPNonAuthoritativeInformation', '203', HTTPSuccess, true],
    ['HTTPNoContent', '204', HTTPSuccess, false],
    ['HTTPResetContent', '205', HTTPSuccess, false],
    ['HTTPPartialContent', '206', HTTPSuccess, true],
    ['HTTPMultipleChoice', '300', HTTPRedirection, true],
    ['HTTPMovedPermanently', '301', HTTPRedirection, true],
    ['HTTPFound', '302', HTTPRedirection, true],
    ['HTTPSeeOther', '303', HTTPRedirection, true],
    ['HTTPNotModified', '304', HTTPRedirection, false],
    ['HTTPUseProxy', '305', HTTPRedirection, false],
    ['HTTPTemporaryRedirect', '307', HTTPRedirection, true],
    ['HTTPBadRequest', '400', HTTPClientError, true],
    ['HTTPUnauthorized', '401', HTTPClientError, true],
    ['HTTPPaymentRequired', '402', HTTPClientError, true],
    ['HTTPForbidden', '403', HTTPClientError, true],
    ['HTTPNotFound', '404', HTTPClientError, true],
    ['HTTPMethodNotAllowed', '405', HTTPClientError, true],
    ['HTTPNotAcceptable', '406', HTTPClientError, true],
    ['HTTPProxyAuthenticationRequired', '407', HTTPClientError, true],
    ['HTTPRequestTimeOut', '408', HTTPClientError, true],
    ['HTTPConflict', '409', HTTPClientError, true],
    ['HTTPGone', '410', HTTPClientError, true],
    ['HTTPLengthRequired', '411', HTTPClientError, true],
    ['HTTPPreconditionFailed', '412', HTTPClientError, true],
    ['HTTPRequestEntityTooLarge', '413', HTTPClientError, true],
    ['HTTPRequestURITooLong', '414', HTTPClientError, true],
    ['HTTPUnsupportedMediaType', '415', HTTPClientError, true],
    ['HTTPRequestedRangeNotSatisfiable', '416', HTTPClientError, true],
    ['HTTPExpectationFailed', '417', HTTPClientError, true],
    ['HTTPInternalServerError', '500', HTTPServerError, true],
    ['HTTPNotImplemented', '501', HTTPServerError, true],
    ['HTTPBadGateway', '502', HTTPServerError, true],
    ['HTTPServiceUnavailable', '503', HTTPServerError, true],
    ['HTTPGatewayTimeOut', '504', HTTPServerError, true],
    ['HTTPVersionNotSupported', '505', HTTPServerError, true],
  ].each do |name, code, family, has_body|
    klass = Class.new(family)
    klass.const_set(:HAS_BODY, has_body)
    const_set(name, klass)
    HTTPResponse::CODE_TO_OBJ[code] = klass
  end
  HTTPMovedTemporarily = HTTPFound
  HTTPResponceReceiver = HTTPResponse

  # ------------------------------------------------------------ the client
  class HTTP < Protocol
    HTTPVersion = '1.1'

    @@newimpl = true

    def self.version_1_2
      @@newimpl = true
    end

    def self.version_1_1
      @@newimpl = false
    end

    def self.version_1_2?
      @@newimpl
    end

    def self.version_1_1?
      !@@newimpl
    end

    class << self
      alias is_version_1_1? version_1_1?
      alias is_version_1_2? version_1_2?
    end

    def self.default_port
      http_default_port
    end

    def self.http_default_port
      80
    end

    def self.https_default_port
      443
    end

    def self.socket_type
      InternetMessageIO
    end

    # ---- one-shot class methods
    def self.get_print(uri_or_host, path = nil, port = nil)
      get_response(uri_or_host, path, port) do |res|
        res.read_body { |chunk| $stdout.print chunk }
      end
      nil
    end

    def self.get(uri_or_host, path = nil, port = nil)
      get_response(uri_or_host, path, port).body
    end

    def self.get_response(uri_or_host, path = nil, port = nil, &block)
      if path
        host, target = uri_or_host, path
      else
        uri = uri_or_host
        host, port, target = uri.host, uri.port, uri.request_uri
      end
      new(host, port || HTTP.default_port).start { |http| http.request_get(target, &block) }
    end

    def self.post_form(url, params)
      req = Post.new(url.path.empty? ? '/' : url.path)
      req.form_data = params
      req.basic_auth(url.user, url.password) if url.user
      new(url.host, url.port).start { |http| http.request(req) }
    end

    def self.start(address, port = nil, p_addr = nil, p_port = nil, p_user = nil, p_pass = nil, &block)
      new(address, port, p_addr, p_port, p_user, p_pass).start(&block)
    end

    class << self
      alias newobj new
    end

    def self.new(address, port = nil, p_addr = nil, p_port = nil, p_user = nil, p_pass = nil)
      Proxy(p_addr, p_port, p_user, p_pass).newobj(address, port)
    end

    # ---- proxies
    @is_proxy_class = false
    @proxy_address = nil
    @proxy_port = nil
    @proxy_user = nil
    @proxy_pass = nil

    # A subclass of this class that goes through the proxy (self when
    # p_addr is nil).
    def self.Proxy(p_addr, p_port = nil, p_user = nil, p_pass = nil)
      return self unless p_addr
      klass = Class.new(self)
      klass.instance_eval do
        @is_proxy_class = true
        @proxy_address = p_addr
        @proxy_port = p_port || default_port
        @proxy_user = p_user
        @proxy_pass = p_pass
      end
      klass
    end

    class << self
      def proxy_class?
        @is_proxy_class ? true : false
      end

      attr_reader :proxy_address, :proxy_port, :proxy_user, :proxy_pass
    end

    def initialize(address, port = nil)
      @address = address
      @port = port || HTTP.default_port
      @curr_http_version = HTTPVersion
      @seems_1_0_server = false
      @close_on_empty_response = false
      @socket = nil
      @started = false
      @open_timeout = nil
      @read_timeout = 60
      @debug_output = nil
      @newimpl = @@newimpl
      @reused = false
    end

    attr_reader :address
    attr_reader :port
    attr_accessor :open_timeout
    attr_reader :read_timeout
    attr_accessor :close_on_empty_response

    def inspect
      "#<#{self.class} #{@address}:#{@port} open=#{started?}>"
    end

    def set_debug_output(output)
      warn 'Net::HTTP#set_debug_output called after HTTP started' if started?
      @debug_output = output
    end

    def read_timeout=(sec)
      @socket.read_timeout = sec if @socket
      @read_timeout = sec
    end

    def started?
      @started
    end

    alias active? started?

    def use_ssl?
      false
    end

    def proxy?
      self.class.proxy_class?
    end

    def proxy_address
      self.class.proxy_address
    end

    def proxy_port
      self.class.proxy_port
    end

    def proxy_user
      self.class.proxy_user
    end

    def proxy_pass
      self.class.proxy_pass
    end

    alias proxyaddr proxy_address
    alias proxyport proxy_port

    # Opens the connection; with a block, yields self and closes it after
    # (the block's value is returned).
    def start
      raise IOError, 'HTTP session already opened' if @started
      if block_given?
        begin
          do_start
          return yield(self)
        ensure
          do_finish
        end
      end
      do_start
      self
    end

    def finish
      raise IOError, 'HTTP session not yet started' unless started?
      do_finish
    end

    # ---- requests
    def get(path, initheader = nil, dest = nil, &block)
      res = nil
      request(Get.new(path, initheader)) do |r|
        r.read_body(dest, &block)
        res = r
      end
      old_style(res, true)
    end

    def head(path, initheader = nil)
      old_style(request(Head.new(path, initheader)), false)
    end

    def post(path, data, initheader = nil, dest = nil, &block)
      res = nil
      request(Post.new(path, initheader), data) do |r|
        r.read_body(dest, &block)
        res = r
      end
      old_style(res, true)
    end

    def put(path, data, initheader = nil)
      old_style(request(Put.new(path, initheader), data), false)
    end

    def proppatch(path, body, initheader = nil)
      request(Proppatch.new(path, initheader), body)
    end

    def lock(path, body, initheader = nil)
      request(Lock.new(path, initheader), body)
    end

    def unlock(path, body, initheader = nil)
      request(Unlock.new(path, initheader), body)
    end

    def options(path, initheader = nil)
      request(Options.new(path, initheader))
    end

    def propfind(path, body = nil, initheader = {'Depth' => '0'})
      request(Propfind.new(path, initheader), body)
    end

    def delete(path, initheader = {'Depth' => 'Infinity'})
      request(Delete.new(path, initheader))
    end

    def move(path, initheader = nil)
      request(Move.new(path, initheader))
    end

    def copy(path, initheader = nil)
      request(Copy.new(path, initheader))
    end

    def mkcol(path, body = nil, initheader = nil)
      request(Mkcol.new(path, initheader), body)
    end

    def trace(path, initheader = nil)
      request(Trace.new(path, initheader))
    end

    def request_get(path, initheader = nil, &block)
      request(Get.new(path, initheader), &block)
    end

    def request_head(path, initheader = nil, &block)
      request(Head.new(path, initheader), &block)
    end

    def request_post(path, data, initheader = nil, &block)
      request(Post.new(path, initheader), data, &block)
    end

    def request_put(path, data, initheader = nil, &block)
      request(Put.new(path, initheader), data, &block)
    end

    alias get2 request_get
    alias head2 request_head
    alias post2 request_post
    alias put2 request_put

    # A request of any method name.
    def send_request(name, path, data = nil, header = nil)
      request(HTTPGenericRequest.new(name, data ? true : false, true, path, header), data)
    end

    # Sends req (with body, if given) and reads the response; the block
    # gets the response before its body is read (read_body streams it).
    # Outside start, a connection is opened for this one request.
    def request(req, body = nil, &block)
      unless started?
        req['connection'] ||= 'close'
        return start { request(req, body, &block) }
      end
      req.proxy_basic_auth(proxy_user, proxy_pass) if proxy_user && !use_ssl?
      req.set_body_internal(body)
      res = transport(req, &block)
      finish_transport(req, res)
      res
    end

    private

    IDEMPOTENT = %w(GET HEAD PUT DELETE OPTIONS TRACE)

    # Sends req, reads the response and its body; a reused connection that
    # the server had closed is opened again once for idempotent methods.
    def transport(req)
      reused = @reused && !@socket.closed?
      begin
        prepare_transport(req)
        req.exec(@socket, @curr_http_version, edit_path(req.path))
        res = HTTPResponse.read_new(@socket)
        res = HTTPResponse.read_new(@socket) while res.kind_of?(HTTPContinue)
      rescue EOFError, Errno::ECONNRESET, Errno::EPIPE, Errno::ECONNABORTED
        raise unless reused && IDEMPOTENT.include?(req.method) && !req.body_stream
        reused = false
        @socket.close unless @socket.closed?
        retry
      end
      res.reading_body(@socket, req.response_body_permitted?) { yield res if block_given? }
      @reused = true
      res
    end

    def prepare_transport(req)
      connect if @socket.closed?
      req['connection'] ||= 'close' if @seems_1_0_server
      req['connection'] ||= 'close' if @close_on_empty_response && !req.response_body_permitted?
      req['host'] ||= addr_port
    end

    def finish_transport(req, res)
      @curr_http_version = res.http_version
      if !res.body && @close_on_empty_response
        debug 'Conn close'
        @socket.close
      elsif keep_alive?(req, res)
        debug 'Conn keep-alive'
        if @socket.closed?
          debug 'Conn (but seems 1.0 server)'
          @seems_1_0_server = true
        end
      else
        debug 'Conn close'
        @socket.close
      end
    end

    def keep_alive?(req, res)
      return false if /close/i =~ req['connection'].to_s
      return false if @seems_1_0_server
      [res['connection'], res['proxy-connection']].each do |field|
        return true if /keep-alive/i =~ field.to_s
        return false if /close/i =~ field.to_s
      end
      @curr_http_version == '1.1'
    end

    def old_style(res, with_body)
      return res if @newimpl
      res.value
      with_body ? [res, res.body] : res
    end

    def do_start
      connect
      @started = true
    end

    def connect
      debug "opening connection to #{conn_address}..."
      sock = Timeout.timeout(@open_timeout) { TCPSocket.open(conn_address, conn_port) }
      debug 'opened'
      @socket = BufferedIO.new(sock)
      @reused = false
      @socket.read_timeout = @read_timeout
      @socket.debug_output = @debug_output
      on_connect
    end

    def on_connect
    end

    def do_finish
      @started = false
      @socket.close if @socket && !@socket.closed?
      @socket = nil
    end

    def conn_address
      proxy? ? proxy_address : address
    end

    def conn_port
      proxy? ? proxy_port : port
    end

    def edit_path(path)
      proxy? && !use_ssl? ? "http://#{addr_port}#{path}" : path
    end

    def addr_port
      default = use_ssl? ? HTTP.https_default_port : HTTP.http_default_port
      port == default ? address : "#{address}:#{port}"
    end

    def debug(msg)
      return unless @debug_output
      @debug_output << msg
      @debug_output << "\n"
    end
  end

  HTTPSession = HTTP

  # The request classes: [name, method, request body, response body].
  [
    ['Get', 'GET', false, true],
    ['Head', 'HEAD', false, false],
    ['Post', 'POST', true, true],
    ['Put', 'PUT', true, true],
    ['Delete', 'DELETE', false, true],
    ['Options', 'OPTIONS', false, false],
    ['Trace', 'TRACE', false, true],
    ['Propfind', 'PROPFIND', true, true],
    ['Proppatch', 'PROPPATCH', true, true],
    ['Mkcol', 'MKCOL', true, true],
    ['Copy', 'COPY', false, true],
    ['Move', 'MOVE', false, true],
    ['Lock', 'LOCK', true, true],
    ['Unlock', 'UNLOCK', true, true],
  ].each do |name, meth, reqbody, resbody|
    klass = Class.new(HTTPRequest)
    klass.const_set(:METHOD, meth)
    klass.const_set(:REQUEST_HAS_BODY, reqbody)
    klass.const_set(:RESPONSE_HAS_BODY, resbody)
    HTTP.const_set(name, klass)
  end

end
