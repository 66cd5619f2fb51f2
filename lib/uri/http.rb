# uri/http.rb: URI::HTTP, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's uri/http.rb:
#   URI::HTTP (DEFAULT_PORT 80; COMPONENT scheme, userinfo, host, port,
#   path, query, fragment), URI::HTTP.build(Array of those but the scheme,
#   or Hash) and request_uri (the path and query, "/" first).
# Left out: nothing of 1.8.7's API.

require 'uri/generic'

module URI
  class HTTP < Generic
    DEFAULT_PORT = 80

    COMPONENT = [:scheme, :userinfo, :host, :port, :path, :query, :fragment].freeze

    def self.build(args)
      super(Util.make_components_hash(self, args))
    end

    def initialize(*arg)
      super(*arg)
    end

    # What goes on an HTTP request line: "/path?query".
    def request_uri
      r = path_query
      r = '/' + r if r[0] != ?/
      r
    end
  end

  @@schemes['HTTP'] = HTTP
end
