# uri/common.rb: the module URI, its patterns, errors and functions, for
# miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's uri/common.rb:
#   URI::REGEXP::PATTERN, RFC 2396's grammar as Strings (ALPHA, ALNUM,
#   HEX, ESCAPED, UNRESERVED, RESERVED, DOMLABEL, TOPLABEL, HOSTNAME,
#   IPV4ADDR, IPV6ADDR, IPV6REF, HOST, PORT, HOSTPORT, USERINFO, SCHEME,
#   REG_NAME, ABS_PATH, REL_PATH, REL_SEGMENT, QUERY, FRAGMENT, OPAQUE_PART,
#   X_ABS_URI, X_REL_URI ...); URI::REGEXP's Regexps (ABS_URI, REL_URI,
#   URI_REF, ABS_URI_REF, REL_URI_REF, ESCAPED, UNSAFE, SCHEME, USERINFO,
#   HOST, PORT, OPAQUE, REGISTRY, ABS_PATH, REL_PATH, QUERY, FRAGMENT),
#   also seen as URI::ABS_URI ...; URI::Error and its InvalidURIError,
#   InvalidComponentError and BadURIError; URI.split(uri) -> [scheme,
#   userinfo, host, port, registry, path, opaque, query, fragment],
#   URI.parse(uri) (an instance of the scheme's class from
#   URI.scheme_list, else URI::Generic), URI.join(uri, *rels),
#   URI.extract(str, schemes = nil) (with a block: each URI, nil),
#   URI.regexp(schemes = nil); URI::Escape (also URI.escape/encode,
#   URI.unescape/decode), URI::Util.make_components_hash, and
#   Kernel#URI(str) (URI.parse, as since 1.8.2).
# Errors are 1.8.7's: InvalidURIError "bad URI(is not URI?): ...", "bad
# URI(absolute but no path): ...".
# Differs from 1.8.7: ABS_URI and REL_URI are anchored at the start and
# end of the String (\A, \z); 1.8.7's ^ and $ let "junk\nhttp://x/" parse
# as its second line.

module URI
  module REGEXP
    # RFC 2396's grammar (and RFC 2732's IPv6 references) as Strings.
    module PATTERN
      ALPHA = "a-zA-Z"
      ALNUM = "#{ALPHA}\\d"
      HEX = "a-fA-F\\d"
      ESCAPED = "%[#{HEX}]{2}"
      UNRESERVED = "-_.!~*'()#{ALNUM}"
      RESERVED = ";/?:@&=+$,\\[\\]"

      # uric = reserved | unreserved | escaped
      URIC = "(?:[#{UNRESERVED}#{RESERVED}]|#{ESCAPED})"
      URIC_NO_SLASH = "(?:[#{UNRESERVED};?:@&=+$,]|#{ESCAPED})"
      QUERY = "#{URIC}*"
      FRAGMENT = "#{URIC}*"

      DOMLABEL = "(?:[#{ALNUM}](?:[-#{ALNUM}]*[#{ALNUM}])?)"
      TOPLABEL = "(?:[#{ALPHA}](?:[-#{ALNUM}]*[#{ALNUM}])?)"
      HOSTNAME = "(?:#{DOMLABEL}\\.)*#{TOPLABEL}\\.?"
      IPV4ADDR = "\\d+\\.\\d+\\.\\d+\\.\\d+"
      HEX4 = "[#{HEX}]{1,4}"
      LASTPART = "(?:#{HEX4}|#{IPV4ADDR})"
      HEXSEQ1 = "(?:#{HEX4}:)*#{HEX4}"
      HEXSEQ2 = "(?:#{HEX4}:)*#{LASTPART}"
      IPV6ADDR = "(?:#{HEXSEQ2}|(?:#{HEXSEQ1})?::(?:#{HEXSEQ2})?)"
      IPV6REF = "\\[#{IPV6ADDR}\\]"
      HOST = "(?:#{HOSTNAME}|#{IPV4ADDR}|#{IPV6REF})"
      PORT = "\\d*"
      HOSTPORT = "#{HOST}(?::#{PORT})?"
      USERINFO = "(?:[#{UNRESERVED};:&=+$,]|#{ESCAPED})*"

      PCHAR = "(?:[#{UNRESERVED}:@&=+$,]|#{ESCAPED})"
      PARAM = "#{PCHAR}*"
      SEGMENT = "#{PCHAR}*(?:;#{PARAM})*"
      PATH_SEGMENTS = "#{SEGMENT}(?:/#{SEGMENT})*"
      ABS_PATH = "/#{PATH_SEGMENTS}"
      REL_SEGMENT = "(?:[#{UNRESERVED};@&=+$,]|#{ESCAPED})+"
      REL_PATH = "#{REL_SEGMENT}(?:#{ABS_PATH})?"

      SCHEME = "[#{ALPHA}][-+.#{ALPHA}\\d]*"
      REG_NAME = "(?:[#{UNRESERVED}$,;:@&=+]|#{ESCAPED})+"
      SERVER = "(?:#{USERINFO}@)?#{HOSTPORT}"
      AUTHORITY = "(?:#{SERVER}|#{REG_NAME})"
      NET_PATH = "//#{AUTHORITY}(?:#{ABS_PATH})?"
      OPAQUE_PART = "#{URIC_NO_SLASH}#{URIC}*"
      HIER_PART = "(?:#{NET_PATH}|#{ABS_PATH})(?:\\?(?:#{QUERY}))?"
      ABS_URI = "#{SCHEME}:(?:#{HIER_PART}|#{OPAQUE_PART})"
      REL_URI = "(?:#{NET_PATH}|#{ABS_PATH}|#{REL_PATH})(?:\\?#{QUERY})?"
      URI_REF = "(?:#{ABS_URI}|#{REL_URI})?(?:##{FRAGMENT})?"

      # An absolute URI with its parts in groups: 1 scheme, 2 opaque,
      # 3 userinfo, 4 host, 5 port, 6 registry, 7 path, 8 query, 9 fragment.
      X_ABS_URI = "
        (#{SCHEME}):
        (?:
           (#{OPAQUE_PART})
         |
           (?:(?:
             //(?:
                 (?:(?:(#{USERINFO})@)?
                   (?:(#{HOST})(?::(\\d*))?))?
               |
                 (#{REG_NAME})
               )
             |
             (?!//))
             (#{ABS_PATH})?
           )(?:\\?(#{QUERY}))?
        )
        (?:\\#(#{FRAGMENT}))?
      "

      # A relative URI: 1 userinfo, 2 host, 3 port, 4 registry,
      # 5 rel_segment, 6 abs_path, 7 query, 8 fragment.
      X_REL_URI = "
        (?:
          (?:
            //
            (?:
              (?:(#{USERINFO})@)?
                (#{HOST})?(?::(\\d*))?
            |
              (#{REG_NAME})
            )
          )
        |
          (#{REL_SEGMENT})
        )?
        (#{ABS_PATH})?
        (?:\\?(#{QUERY}))?
        (?:\\#(#{FRAGMENT}))?
      "
    end

    ABS_URI = Regexp.new('\A' + PATTERN::X_ABS_URI + '\z', Regexp::EXTENDED)
    REL_URI = Regexp.new('\A' + PATTERN::X_REL_URI + '\z', Regexp::EXTENDED)
    URI_REF = Regexp.new(PATTERN::URI_REF)
    ABS_URI_REF = Regexp.new(PATTERN::X_ABS_URI, Regexp::EXTENDED)
    REL_URI_REF = Regexp.new(PATTERN::X_REL_URI, Regexp::EXTENDED)
    ESCAPED = Regexp.new(PATTERN::ESCAPED)
    UNSAFE = Regexp.new("[^#{PATTERN::UNRESERVED}#{PATTERN::RESERVED}]")
    SCHEME = Regexp.new("\\A#{PATTERN::SCHEME}\\z")
    USERINFO = Regexp.new("\\A#{PATTERN::USERINFO}\\z")
    HOST = Regexp.new("\\A#{PATTERN::HOST}\\z")
    PORT = Regexp.new("\\A#{PATTERN::PORT}\\z")
    OPAQUE = Regexp.new("\\A#{PATTERN::OPAQUE_PART}\\z")
    REGISTRY = Regexp.new("\\A#{PATTERN::REG_NAME}\\z")
    ABS_PATH = Regexp.new("\\A#{PATTERN::ABS_PATH}\\z")
    REL_PATH = Regexp.new("\\A#{PATTERN::REL_PATH}\\z")
    QUERY = Regexp.new("\\A#{PATTERN::QUERY}\\z")
    FRAGMENT = Regexp.new("\\A#{PATTERN::FRAGMENT}\\z")
  end

  include REGEXP

  class Error < StandardError; end
  class InvalidURIError < Error; end
  class InvalidComponentError < Error; end
  class BadURIError < Error; end

  module Util
    # The components of a URI given as an Array (without the scheme) or a
    # Hash, as a Hash with :scheme from klass's name.
    def make_components_hash(klass, array_hash)
      names = klass.component[1..-1]
      tmp = {}
      if array_hash.kind_of?(Array) && array_hash.size == names.size
        names.each_with_index { |name, i| tmp[name] = Util.copy(array_hash[i]) }
      elsif array_hash.kind_of?(Hash)
        array_hash.each { |key, value| tmp[key] = Util.copy(value) }
      else
        raise ArgumentError,
              "expected Array of or Hash of components of #{klass} (#{names.join(', ')})"
      end
      tmp[:scheme] = klass.to_s.sub(/\A.*::/, '').downcase
      tmp
    end
    module_function :make_components_hash

    def self.copy(v)
      v.clone
    rescue TypeError
      v
    end
  end

  module Escape
    include REGEXP

    # str with the characters unsafe matches (by default those neither
    # reserved nor unreserved) as %XX; unsafe may be a Regexp or a String
    # of the characters to escape.
    def escape(str, unsafe = UNSAFE)
      unless unsafe.kind_of?(Regexp)
        unsafe = Regexp.new("[#{Regexp.quote(unsafe)}]")
      end
      str.gsub(unsafe) do |chars|
        out = ''
        chars.each_byte { |b| out << sprintf('%%%02X', b) }
        out
      end
    end
    alias encode escape

    # str with each %XX as its byte.
    def unescape(str)
      str.gsub(ESCAPED) { |esc| esc[1, 2].hex.chr }
    end
    alias decode unescape
  end

  extend Escape

  @@schemes = {}

  # The classes of the schemes URI.parse knows, by upper-case name.
  def self.scheme_list
    @@schemes
  end

  # [scheme, userinfo, host, port, registry, path, opaque, query, fragment]
  def self.split(uri)
    case uri
    when ''
      path = ''
    when ABS_URI
      scheme, opaque, userinfo, host, port, registry, path, query, fragment = $~[1..-1]
      if !opaque && !path && !host && !registry
        raise InvalidURIError, "bad URI(absolute but no path): #{uri}"
      end
    when REL_URI
      userinfo, host, port, registry, rel_segment, abs_path, query, fragment = $~[1..-1]
      path = rel_segment ? rel_segment + (abs_path || '') : abs_path
    else
      raise InvalidURIError, "bad URI(is not URI?): #{uri}"
    end
    path = '' if !path && !opaque
    [scheme, userinfo, host, port, registry, path, opaque, query, fragment]
  end

  # The URI object of uri: of its scheme's class if URI knows the scheme.
  def self.parse(uri)
    scheme, userinfo, host, port, registry, path, opaque, query, fragment = split(uri)
    klass = (scheme && @@schemes[scheme.upcase]) || Generic
    klass.new(scheme, userinfo, host, port, registry, path, opaque, query, fragment)
  end

  # The first URI merged with each of the others in turn.
  def self.join(*str)
    u = parse(str[0])
    str[1..-1].each { |x| u = u.merge(x) }
    u
  end

  # The URIs in str (of the given schemes only, if any).
  def self.extract(str, schemes = nil)
    found = []
    str.scan(regexp(schemes)) do
      if block_given?
        yield $~[0]
      else
        found << $~[0]
      end
    end
    block_given? ? nil : found
  end

  # A Regexp matching absolute URIs (of the given schemes, if any).
  def self.regexp(schemes = nil)
    return ABS_URI_REF unless schemes
    Regexp.new("(?=(?:#{Regexp.union(*schemes).source}):)#{PATTERN::X_ABS_URI}",
               Regexp::EXTENDED | Regexp::IGNORECASE)
  end
end

module Kernel
  # URI.parse(uri_str).
  def URI(uri_str)
    URI.parse(uri_str)
  end
  module_function :URI
end
