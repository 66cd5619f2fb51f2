# uri/https.rb: URI::HTTPS, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's uri/https.rb:
#   URI::HTTPS, a URI::HTTP with DEFAULT_PORT 443.
# Left out: nothing of 1.8.7's API.

require 'uri/http'

module URI
  class HTTPS < HTTP
    DEFAULT_PORT = 443
  end

  @@schemes['HTTPS'] = HTTPS
end
