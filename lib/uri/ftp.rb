# uri/ftp.rb: URI::FTP, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's uri/ftp.rb:
#   URI::FTP (DEFAULT_PORT 21; COMPONENT scheme, userinfo, host, port,
#   path, typecode; TYPECODE ['a', 'i', 'd']; TYPECODE_PREFIX ';type='),
#   URI::FTP.build(Array or Hash) (a path not starting with "/" is
#   relative to the login directory; one starting with "/" is written
#   "/%2F..."), URI::FTP.new2(user, password, host, port, path, typecode),
#   typecode, typecode= (URI::InvalidComponentError "bad typecode(expected
#   a, i, d): x"), merge and + (the typecode of the other URI, none if it is not
#   an FTP one; 1.8.7 raised NoMethodError for a String), path (RFC 1738:
#   without the "/" after the host, so "ftp://h/%2Fpub" has the path
#   "/pub"), to_s (with ";type=X").  A ";type=" in the path of a parsed
#   URI becomes its typecode.
# Left out: nothing of 1.8.7's API.

require 'uri/generic'

module URI
  class FTP < Generic
    DEFAULT_PORT = 21

    COMPONENT = [:scheme, :userinfo, :host, :port, :path, :typecode].freeze

    TYPECODE = ['a', 'i', 'd'].freeze
    TYPECODE_PREFIX = ';type='.freeze

    def self.new2(user, password, host, port, path, typecode = nil, arg_check = true)
      typecode = nil if typecode && typecode.size == 0
      if typecode && !TYPECODE.include?(typecode)
        raise ArgumentError, "bad typecode is specified: #{typecode}"
      end
      new('ftp', [user, password], host, port, nil,
          typecode ? path + TYPECODE_PREFIX + typecode : path,
          nil, nil, nil, arg_check)
    end

    def self.build(args)
      # an FTP path is relative to the login directory: "/" + path in the
      # URL, and a leading "/" of an absolute one escaped as %2F
      if args.kind_of?(Array)
        args = args.dup
        args[3] = '/' + args[3].sub(/\A\//, '%2F')
      else
        args = args.dup
        args[:path] = '/' + args[:path].sub(/\A\//, '%2F')
      end
      tmp = Util.make_components_hash(self, args)
      if tmp[:typecode]
        tmp[:typecode] = TYPECODE_PREFIX + tmp[:typecode] if tmp[:typecode].size == 1
        tmp[:path] << tmp[:typecode]
      end
      super(tmp)
    end

    def initialize(*arg)
      super(*arg)
      @typecode = nil
      at = @path.index(TYPECODE_PREFIX)
      if at
        typecode = @path[at + TYPECODE_PREFIX.size..-1]
        set_path(@path[0, at])
        if arg[-1]
          self.typecode = typecode
        else
          set_typecode(typecode)
        end
      end
    end

    attr_reader :typecode

    def typecode=(typecode)
      check_typecode(typecode)
      set_typecode(typecode)
      typecode
    end

    # The merged URI has oth's typecode (none if oth is not an FTP URI).
    def merge(oth)
      oth = URI.parse(oth) if oth.kind_of?(String)
      tmp = super(oth)
      if self != tmp && tmp.kind_of?(FTP)
        tmp.set_typecode(oth.respond_to?(:typecode) ? oth.typecode : nil)
      end
      tmp
    end

    # The path as RFC 1738 means it: without the "/" after the host, and
    # "/" for a leading %2F.
    def path
      @path.sub(/\A\//, '').sub(/\A%2F/i, '/')
    end

    def to_s
      return super unless @typecode
      saved = @path
      begin
        @path = @path + TYPECODE_PREFIX + @typecode
        super
      ensure
        @path = saved
      end
    end

    protected

    def set_typecode(v)
      @typecode = v
    end

    private

    def check_typecode(v)
      return true if TYPECODE.include?(v)
      raise InvalidComponentError, "bad typecode(expected #{TYPECODE.join(', ')}): #{v}"
    end
  end

  @@schemes['FTP'] = FTP
end
