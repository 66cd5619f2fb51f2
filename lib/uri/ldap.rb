# uri/ldap.rb: URI::LDAP (RFC 2255), for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's uri/ldap.rb:
#   URI::LDAP (DEFAULT_PORT 389; COMPONENT scheme, host, port, dn,
#   attributes, scope, filter, extensions; SCOPE with SCOPE_ONE 'one',
#   SCOPE_SUB 'sub', SCOPE_BASE 'base'), URI::LDAP.build(Array or Hash),
#   dn, attributes, scope, filter, extensions and their setters (each
#   rebuilds the path and query), hierarchical? (false).  The query is
#   attributes?scope?filter?extensions, empty parts at its end left out.
#   A fragment raises URI::InvalidURIError "bad LDAP URL".
# Left out: nothing of 1.8.7's API (URI::LDAPS came with 1.9).

require 'uri/generic'

module URI
  class LDAP < Generic
    DEFAULT_PORT = 389

    COMPONENT = [:scheme, :host, :port, :dn, :attributes, :scope, :filter,
                 :extensions].freeze

    SCOPE = [
      SCOPE_ONE = 'one',
      SCOPE_SUB = 'sub',
      SCOPE_BASE = 'base',
    ].freeze

    def self.build(args)
      tmp = Util.make_components_hash(self, args)
      tmp[:path] = tmp[:dn] if tmp[:dn]
      tmp[:query] = LDAP.join_query([tmp[:attributes], tmp[:scope], tmp[:filter], tmp[:extensions]])
      super(tmp)
    end

    # "a?b?c?d" with the nil parts at the end left out.
    def self.join_query(parts)
      parts = parts.dup
      parts.pop while !parts.empty? && parts.last.nil?
      parts.join('?')
    end

    def initialize(*arg)
      super(*arg)
      raise InvalidURIError, 'bad LDAP URL' if @fragment
      @dn = @path[1..-1]
      @attributes = @scope = @filter = @extensions = nil
      if @query
        attrs, scope, filter, extensions = @query.split('?')
        @attributes = attrs if attrs && attrs.size > 0
        @scope = scope if scope && scope.size > 0
        @filter = filter if filter && filter.size > 0
        @extensions = extensions if extensions && extensions.size > 0
      end
    end

    attr_reader :dn, :attributes, :scope, :filter, :extensions

    def dn=(val)
      set_dn(val)
      val
    end

    def attributes=(val)
      set_attributes(val)
      val
    end

    def scope=(val)
      set_scope(val)
      val
    end

    def filter=(val)
      set_filter(val)
      val
    end

    def extensions=(val)
      set_extensions(val)
      val
    end

    def hierarchical?
      false
    end

    protected

    def set_dn(val)
      @dn = val
      build_path_query
      @dn
    end

    def set_attributes(val)
      @attributes = val
      build_path_query
      @attributes
    end

    def set_scope(val)
      @scope = val
      build_path_query
      @scope
    end

    def set_filter(val)
      @filter = val
      build_path_query
      @filter
    end

    def set_extensions(val)
      @extensions = val
      build_path_query
      @extensions
    end

    private

    def build_path_query
      @path = '/' + @dn.to_s
      @query = LDAP.join_query([@attributes, @scope, @filter, @extensions])
    end
  end

  @@schemes['LDAP'] = LDAP
end
