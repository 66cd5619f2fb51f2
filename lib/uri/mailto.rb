# uri/mailto.rb: URI::MAILTO (RFC 2368), for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's uri/mailto.rb:
#   URI::MAILTO (COMPONENT scheme, to, headers; HEADER_PATTERN,
#   HEADER_REGEXP, MAILBOX_PATTERN, MAILTO_REGEXP), URI::MAILTO.build with
#   [to, headers] or {:to, :headers} where headers is a String
#   "a=b&c=d", an Array of [name, value] or of Strings, or a Hash; to,
#   to=, headers (an Array of [name, value]), headers=, to_s, to_mailtext
#   alias to_rfc822text ("To: ...\nSubject: ...\n\nbody\n", unescaped,
#   header names capitalized, a "to" header added to the To: line).
#   Characters reserved in a mailto URL ("(", ")", ",", "%" but in %XX,
#   "?", "=", "&") must be escaped in to: parsing "mailto:a@b,c@d" raises
#   URI::InvalidComponentError "unrecognised opaque part for mailtoURL:
#   a@b,c@d", as in 1.8.7.  to= and headers= raise
#   URI::InvalidComponentError "bad component(expected opaque component):
#   ...".
# Left out: nothing of 1.8.7's API.

require 'uri/generic'

module URI
  class MAILTO < Generic
    include REGEXP

    DEFAULT_PORT = nil

    COMPONENT = [:scheme, :to, :headers].freeze

    # header = hname "=" hvalue, headers = "?" header *("&" header)
    HEADER_PATTERN = "(?:[^?=&]*=[^?=&]*)".freeze
    HEADER_REGEXP = Regexp.new(HEADER_PATTERN).freeze
    # a character of "to": an escape, or anything not reserved in mailto
    MAILBOX_PATTERN = "(?:#{PATTERN::ESCAPED}|[^(),%?=&])".freeze

    MAILTO_REGEXP = Regexp.new("
      \\A
      (#{MAILBOX_PATTERN}*?)
      (?:
        \\?
        (#{HEADER_PATTERN}(?:\\&#{HEADER_PATTERN})*)
      )?
      (?:
        \\#
        (#{PATTERN::FRAGMENT})
      )?
      \\z
    ", Regexp::EXTENDED).freeze

    def self.build(args)
      tmp = Util.make_components_hash(self, args)
      tmp[:opaque] = tmp[:to] ? tmp[:to].dup : ''
      if (headers = tmp[:headers])
        tmp[:opaque] << '?'
        tmp[:opaque] << case headers
                        when Array
                          headers.map { |x| x.kind_of?(Array) ? x[0] + '=' + x[1..-1].join : x.to_s }.join('&')
                        when Hash
                          headers.map { |h, v| h + '=' + v }.join('&')
                        else
                          headers.to_s
                        end
      end
      super(tmp)
    end

    def initialize(*arg)
      super(*arg)
      @to = nil
      @headers = []
      md = MAILTO_REGEXP.match(@opaque.to_s)
      unless md
        raise InvalidComponentError, "unrecognised opaque part for mailtoURL: #{@opaque}"
      end
      if arg[-1] == true
        self.to = md[1]
        self.headers = md[2]
      else
        set_to(md[1])
        set_headers(md[2])
      end
    end

    attr_reader :to, :headers

    def to=(v)
      check_to(v)
      set_to(v)
      v
    end

    def headers=(v)
      check_headers(v)
      set_headers(v)
      v
    end

    def to_s
      str = @scheme + ':' + (@to || '')
      str += '?' + @headers.map { |x| x.join('=') }.join('&') unless @headers.empty?
      str += '#' + @fragment if @fragment
      str
    end

    # The mail as text: To:, the other headers, an empty line, the body.
    def to_mailtext
      to = URI.unescape(@to.to_s)
      head = ''
      body = ''
      @headers.each do |name, value|
        case name
        when 'body'
          body = URI.unescape(value.to_s)
        when 'to'
          to << ', ' + URI.unescape(value.to_s)
        else
          head << URI.unescape(name).capitalize + ': ' + URI.unescape(value.to_s) + "\n"
        end
      end
      "To: #{to}\n#{head}\n#{body}\n"
    end
    alias to_rfc822text to_mailtext

    protected

    def set_to(v)
      @to = v
    end

    def set_headers(v)
      @headers = []
      v.scan(HEADER_REGEXP) { |x| @headers << x.split(/=/, 2) } if v
    end

    private

    def check_to(v)
      return true if v.nil? || v.empty?
      if OPAQUE !~ v || /\A#{MAILBOX_PATTERN}*\z/ !~ v
        raise InvalidComponentError, "bad component(expected opaque component): #{v}"
      end
      true
    end

    def check_headers(v)
      return true if v.nil? || v.empty?
      if OPAQUE !~ v || /\A(#{HEADER_PATTERN}(?:\&#{HEADER_PATTERN})*)\z/ !~ v
        raise InvalidComponentError, "bad component(expected opaque component): #{v}"
      end
      true
    end
  end

  @@schemes['MAILTO'] = MAILTO
end
