# uri.rb: URIs after RFC 2396 (with RFC 2732's IPv6 hosts), for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's uri.rb, which loads
# uri/common (URI.parse, split, join, extract, regexp, escape ...,
# Kernel#URI), uri/generic (URI::Generic), uri/http, uri/https, uri/ftp,
# uri/mailto and uri/ldap.  See each file for what it covers.

require 'uri/common'
require 'uri/generic'
require 'uri/ftp'
require 'uri/http'
require 'uri/https'
require 'uri/ldap'
require 'uri/mailto'
