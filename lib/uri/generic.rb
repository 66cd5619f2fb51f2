# uri/generic.rb: URI::Generic, the URI of any scheme, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's uri/generic.rb:
#   URI::Generic.new(scheme, userinfo, host, port, registry, path, opaque,
#   query, fragment, arg_check = false) (with arg_check each component is
#   checked as by its setter), Generic.build(Array or Hash) (checked),
#   Generic.build2 (escapes the components when build rejects them),
#   Generic.default_port, Generic.component, Generic.use_registry
#   (DEFAULT_PORT nil, COMPONENT, USE_REGISTRY false);
#   readers scheme, userinfo, user, password, host, port, registry, path,
#   query, opaque, fragment, and a setter for each that checks its value
#   (URI::InvalidComponentError "bad component(expected host component):
#   x y", URI::InvalidURIError "can not set host with registry or opaque",
#   "password component depends user component", "path conflicts with
#   opaque", "query conflicts with opaque", "can not set opaque with host,
#   port, userinfo or path", "can not set registry with host, port, or
#   userinfo" ...); a port is kept as an Integer.  default_port,
#   component, hierarchical?, absolute?/absolute, relative?,
#   merge/+ (RFC 2396 section 5.2), merge!, route_from/-, route_to,
#   normalize/normalize! (an empty path becomes "/", the host lower case),
#   to_s (the default port left out), ==, hash, eql?, select(*components),
#   inspect "#<URI::Generic:0x... URL:...>", coerce.  As in 1.8.7 no scheme
#   accepts a registry (an authority that is not a host): such a URI
#   raises InvalidURIError "the scheme http does not accept registry part:
#   foo_bar (or bad hostname?)".
# Left out: nothing of 1.8.7's API.  The set_* methods are protected and
# the check_* ones private, as in 1.8.7.  Unlike 1.8.7's aliases, + and -
# call merge and route_from, so a subclass's merge counts; merging and
# routing work on the path as kept, not on URI::FTP#path's view of it.

require 'uri/common'

module URI
  class Generic
    include URI
    include REGEXP

    DEFAULT_PORT = nil
    COMPONENT = [:scheme, :userinfo, :host, :port, :registry, :path,
                 :opaque, :query, :fragment].freeze
    USE_REGISTRY = false

    def self.default_port
      self::DEFAULT_PORT
    end

    def self.component
      self::COMPONENT
    end

    def self.use_registry
      self::USE_REGISTRY
    end

    # A checked URI from its components: an Array of Generic::COMPONENT's
    # nine, or a Hash of them.
    def self.build(args)
      if args.kind_of?(Array) && args.size == ::URI::Generic::COMPONENT.size
        tmp = args.dup
      elsif args.kind_of?(Hash)
        tmp = ::URI::Generic::COMPONENT.map { |c| args.include?(c) ? args[c] : nil }
      else
        raise ArgumentError,
              "expected Array of or Hash of components of #{self.class} (#{component.join(', ')})"
      end
      tmp << true
      new(*tmp)
    end

    # build, escaping the components if they are rejected as they are.
    def self.build2(args)
      build(args)
    rescue InvalidComponentError
      esc = lambda { |v| v ? URI.escape(v) : v }
      if args.kind_of?(Array)
        build(args.map { |v| esc.call(v) })
      elsif args.kind_of?(Hash)
        tmp = {}
        args.each { |k, v| tmp[k] = esc.call(v) }
        build(tmp)
      end
    end

    def initialize(scheme, userinfo, host, port, registry, path, opaque,
                   query, fragment, arg_check = false)
      @scheme = @user = @password = @host = @port = @path = nil
      @query = @opaque = @registry = @fragment = nil
      if arg_check
        self.scheme = scheme
        self.userinfo = userinfo
        self.host = host
        self.port = port
        self.path = path
        self.query = query
        self.opaque = opaque
        self.registry = registry
        self.fragment = fragment
      else
        set_scheme(scheme)
        set_userinfo(userinfo)
        set_host(host)
        set_port(port)
        set_path(path)
        set_query(query)
        set_opaque(opaque)
        set_registry(registry)
        set_fragment(fragment)
      end
      if @registry && !self.class.use_registry
        raise InvalidURIError,
              "the scheme #{@scheme} does not accept registry part: #{@registry} (or bad hostname?)"
      end
      @scheme.freeze if @scheme
      set_path('') if !@path && !@opaque
      set_port(default_port) if default_port && !@port
    end

    attr_reader :scheme, :host, :port, :registry, :path, :query, :opaque, :fragment

    def default_port
      self.class.default_port
    end

    def component
      self.class.component
    end

    # ------------------------------------------------------------ scheme
    def scheme=(v)
      check_scheme(v)
      set_scheme(v)
      v
    end

    # ------------------------------------------------------------ userinfo
    # "user" or "user:password", or nil.
    def userinfo
      return nil if @user.nil?
      @password.nil? ? @user : @user + ':' + @password
    end

    def user
      @user
    end

    def password
      @password
    end

    # "user:password", or [user, password].
    def userinfo=(userinfo)
      return nil if userinfo.nil?
      check_userinfo(*userinfo)
      set_userinfo(*userinfo)
    end

    def user=(user)
      check_user(user)
      set_user(user)
    end

    def password=(password)
      check_password(password)
      set_password(password)
    end

    # ------------------------------------------------------------ the others
    def host=(v)
      check_host(v)
      set_host(v)
      v
    end

    def port=(v)
      check_port(v)
      set_port(v)
      port
    end

    def registry=(v)
      check_registry(v)
      set_registry(v)
      v
    end

    def path=(v)
      check_path(v)
      set_path(v)
      v
    end

    def query=(v)
      check_query(v)
      set_query(v)
      v
    end

    def opaque=(v)
      check_opaque(v)
      set_opaque(v)
      v
    end

    def fragment=(v)
      check_fragment(v)
      set_fragment(v)
      v
    end

    def hierarchical?
      @path ? true : false
    end

    def absolute?
      @scheme ? true : false
    end
    alias absolute absolute?

    def relative?
      !absolute?
    end

    # ------------------------------------------------------------ merging
    # oth (a URI or a String) resolved against self, after RFC 2396 5.2.
    def merge(oth)
      base, rel = merge_operands(oth)
      return base if base.equal?(rel)
      authority = rel.userinfo || rel.host || rel.port
      if (rel.raw_path.nil? || rel.raw_path.empty?) && !authority && !rel.query
        base.set_fragment(rel.fragment) if rel.fragment
        return base
      end
      base.set_query(nil)
      base.set_fragment(nil)
      if authority
        base.set_path(rel.raw_path) if rel.raw_path
      elsif base.raw_path && rel.raw_path
        base.set_path(merge_path(base.raw_path, rel.raw_path))
      end
      base.set_userinfo(rel.userinfo) if rel.userinfo
      base.set_host(rel.host) if rel.host
      base.set_port(rel.port) if rel.port
      base.set_query(rel.query) if rel.query
      base.set_fragment(rel.fragment) if rel.fragment
      base
    end

    # merge (a subclass's too, so URI::FTP's + keeps typecodes right).
    def +(oth)
      merge(oth)
    end

    # merge in place: self, or nil if nothing changed.
    def merge!(oth)
      t = merge(oth)
      return nil if self == t
      replace!(t)
      self
    end

    # The relative URI that leads from oth to self.
    def route_from(oth)
      oth, rel = route_operands(oth)
      return rel if oth == rel
      rel.set_path(route_from_path(oth.raw_path, @path))
      rel.set_path('') if rel.path == './' && query      # "./?q" is "?q"
      rel
    end

    def -(oth)
      route_from(oth)
    end

    # The relative URI that leads from self to oth.
    def route_to(oth)
      to_uri(oth).route_from(self)
    end

    def normalize
      uri = dup
      uri.normalize!
      uri
    end

    def normalize!
      set_path('/') if path && path == ''
      set_host(host.downcase) if host && host != host.downcase
    end

    def to_s
      str = ''
      if @scheme
        str << @scheme << ':'
      end
      if @opaque
        str << @opaque
      else
        if @registry
          str << @registry
        else
          str << '//' if @host
          if (ui = userinfo)
            str << ui << '@'
          end
          str << @host if @host
          str << ':' << @port.to_s if @port && @port != default_port
        end
        str << path_query
      end
      str << '#' << @fragment if @fragment
      str
    end

    def ==(oth)
      self.class == oth.class && normalize.component_ary == oth.normalize.component_ary
    end

    def hash
      component_ary.hash
    end

    def eql?(oth)
      oth.is_a?(Generic) && component_ary.eql?(oth.component_ary)
    end

    # The values of the named components.
    def select(*components)
      components.map do |c|
        unless component.include?(c)
          raise ArgumentError,
                "expected of components of #{self.class} (#{self.class.component.join(', ')})"
        end
        __send__(c)
      end
    end

    def inspect
      sprintf("#<%s:%#0x URL:%s>", self.class.to_s, object_id, to_s)
    end

    def coerce(oth)
      case oth
      when String
        [URI.parse(oth), self]
      else
        super
      end
    end

    protected

    # The path as kept (URI::FTP#path shows it otherwise).
    def raw_path
      @path
    end

    def component_ary
      self.class.component.map { |c| __send__(c) }
    end

    def set_scheme(v)
      @scheme = v
    end

    def set_userinfo(user, password = nil)
      user, password = split_userinfo(user) unless password
      @user = user
      @password = password if password
      [@user, @password]
    end

    def set_user(v)
      set_userinfo(v, @password)
      v
    end

    def set_password(v)
      @password = v
    end

    def set_host(v)
      @host = v
    end

    def set_port(v)
      v = v.to_i if v && !v.kind_of?(Fixnum)
      @port = v
    end

    def set_registry(v)
      @registry = v
    end

    def set_path(v)
      @path = v
    end

    def set_query(v)
      @query = v
    end

    def set_opaque(v)
      @opaque = v
    end

    def set_fragment(v)
      @fragment = v
    end

    private

    def replace!(oth)
      unless self.class == oth.class
        raise ArgumentError, "expected #{self.class} object"
      end
      component.each { |c| __send__("set_#{c}", oth.__send__(c)) }
    end

    def check_scheme(v)
      if v && SCHEME !~ v
        raise InvalidComponentError, "bad component(expected scheme component): #{v}"
      end
      true
    end

    def check_userinfo(user, password = nil)
      user, password = split_userinfo(user) unless password
      check_user(user)
      check_password(password, user)
      true
    end

    def check_user(v)
      if @registry || @opaque
        raise InvalidURIError, "can not set user with registry or opaque"
      end
      return v unless v
      if USERINFO !~ v
        raise InvalidComponentError,
              "bad component(expected userinfo component or user component): #{v}"
      end
      true
    end

    def check_password(v, user = @user)
      if @registry || @opaque
        raise InvalidURIError, "can not set password with registry or opaque"
      end
      return v unless v
      raise InvalidURIError, "password component depends user component" unless user
      if USERINFO !~ v
        raise InvalidComponentError, "bad component(expected user component): #{v}"
      end
      true
    end

    def split_userinfo(ui)
      return nil, nil unless ui
      ui.split(/:/, 2)
    end

    # RFC 1738 section 3.1: @ : / in a user or password are escaped.
    def escape_userpass(v)
      URI.escape(v, /[@:\/]/)
    end

    def check_host(v)
      return v unless v
      if @registry || @opaque
        raise InvalidURIError, "can not set host with registry or opaque"
      elsif HOST !~ v
        raise InvalidComponentError, "bad component(expected host component): #{v}"
      end
      true
    end

    def check_port(v)
      return v unless v
      if @registry || @opaque
        raise InvalidURIError, "can not set port with registry or opaque"
      elsif !v.kind_of?(Fixnum) && PORT !~ v
        raise InvalidComponentError, "bad component(expected port component): #{v}"
      end
      true
    end

    def check_registry(v)
      return v unless v
      if @host || @port || @user
        raise InvalidURIError, "can not set registry with host, port, or userinfo"
      elsif REGISTRY !~ v
        raise InvalidComponentError, "bad component(expected registry component): #{v}"
      end
      true
    end

    def check_path(v)
      raise InvalidURIError, "path conflicts with opaque" if v && @opaque
      if v && v != ''
        if @scheme
          if ABS_PATH !~ v
            raise InvalidComponentError,
                  "bad component(expected absolute path component): #{v}"
          end
        elsif ABS_PATH !~ v && REL_PATH !~ v
          raise InvalidComponentError,
                "bad component(expected relative path component): #{v}"
        end
      end
      true
    end

    def check_query(v)
      return v unless v
      raise InvalidURIError, "query conflicts with opaque" if @opaque
      if v != '' && QUERY !~ v
        raise InvalidComponentError, "bad component(expected query component): #{v}"
      end
      true
    end

    def check_opaque(v)
      return v unless v
      if @host || @port || @user || @path
        raise InvalidURIError, "can not set opaque with host, port, userinfo or path"
      elsif OPAQUE !~ v
        raise InvalidComponentError, "bad component(expected opaque component): #{v}"
      end
      true
    end

    def check_fragment(v)
      return v unless v
      if v != '' && FRAGMENT !~ v
        raise InvalidComponentError, "bad component(expected fragment component): #{v}"
      end
      true
    end

    def path_query
      @query ? @path + '?' + @query : @path
    end

    def to_uri(oth)
      case oth
      when Generic then oth
      when String then URI.parse(oth)
      else raise ArgumentError, "bad argument(expected URI object or URI string)"
      end
    end

    def split_path(path)
      path.split(%r{/+}, -1)
    end

    # [base, rel] for merge: base may be changed, rel not; the same
    # object when the result is rel itself.
    def merge_operands(oth)
      oth = to_uri(oth)
      raise BadURIError, "both URI are relative" if relative? && oth.relative?
      return [oth, oth] if oth.absolute?
      return [dup, oth] if absolute?
      [oth, oth]
    end

    # RFC 2396 5.2 step 6: the path of rel taken from base's directory.
    def merge_path(base, rel)
      return rel if rel[0] == ?/
      dir = split_path(base)
      dir << '' if dir.last == '..'
      while (i = dir.index('..'))
        dir.slice!(i - 1, 2)
      end
      if dir.empty?
        dir = ['']                                # keep the root's "/"
      else
        dir.pop                                   # the last segment is not the directory
      end
      segs = split_path(rel)
      segs << '' if segs.last == '.' || segs.last == '..'
      segs.delete('.')
      # "x/.." pairs within rel cancel out
      kept = []
      segs.each do |s|
        if s == '..' && !kept.empty? && kept.last != '..'
          kept.pop
        else
          kept << s
        end
      end
      # leading ".." climb out of base's directory while it has a segment
      trailing_slash = true
      until kept.empty?
        s = kept.shift
        if s == '..' && dir.size > 1
          dir.pop
        else
          dir << s
          dir.concat(kept)
          kept = []
          trailing_slash = false
        end
      end
      dir << '' if trailing_slash
      dir.join('/')
    end

    # [oth, rel] for route_from: rel is returned when oth == rel.
    def route_operands(oth)
      oth = to_uri(oth)
      raise BadURIError, "relative URI: #{self}" if relative?
      raise BadURIError, "relative URI: #{oth}" if oth.relative?
      return [self, dup] if scheme != oth.scheme
      rel = URI::Generic.new(nil, userinfo, host, port, registry, @path,
                             opaque, query, fragment)
      if rel.userinfo != oth.userinfo ||
          rel.host.to_s.downcase != oth.host.to_s.downcase ||
          rel.port != oth.port
        return [self, dup] if userinfo.nil? && host.nil?
        rel.set_port(nil) if rel.port == oth.default_port
        return [rel, rel]
      end
      rel.set_userinfo(nil)
      rel.set_host(nil)
      rel.set_port(nil)
      if rel.path && rel.path == oth.raw_path
        rel.set_path('')
        rel.set_query(nil) if rel.query == oth.query
        return [rel, rel]
      elsif rel.opaque && rel.opaque == oth.opaque
        rel.set_opaque('')
        rel.set_query(nil) if rel.query == oth.query
        return [rel, rel]
      end
      [oth, rel]
    end

    # The relative path from the document at src to dst (RFC 2396 4.2).
    def route_from_path(src, dst)
      return '' if src == dst
      src_path = split_path(src)
      dst_path = split_path(dst)
      return dst.dup if dst_path.include?('..') || dst_path.include?('.')
      src_path.pop
      while !dst_path.empty? && dst_path.first == src_path.first
        src_path.shift
        dst_path.shift
      end
      tmp = dst_path.join('/')
      if src_path.empty?
        return './' if tmp.empty?
        return './' + tmp if dst_path.first.include?(':')   # not to look like a scheme
        return tmp
      end
      '../' * src_path.size + tmp
    end
  end
end
