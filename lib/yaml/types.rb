# yaml/types.rb: YAML's own value classes, for miniruby.
#
# Written for miniruby after Ruby 1.8.7's yaml/types.rb:
#   YAML::Object      a !ruby/object whose class is not defined here:
#                     #class (the name) and #ivars (a Hash); written back
#                     with the same tag
#   YAML::DomainType  a value with an unknown tag of a domain
#                     ("!clarkevans.com,2002/graph"): domain, type_id, value
#   YAML::PrivateType a value with an unknown private tag ("!!foo"):
#                     type_id, value
#   YAML::Omap        !omap, an ordered Hash (a Hash here, kept in order)
#   YAML::Pairs       !pairs, an Array of [key, value] pairs
#   YAML::Set         !set, a Hash whose values are nil
# Left out: YAML::SpecialHash (the "=" default-value key).

module YAML
  class Object
    attr_accessor :class, :ivars

    def initialize(klass, ivars)
      @class, @ivars = klass, ivars
    end

    def to_yaml(opts = {})
      YAML.quick_emit(self, opts) do |out|
        out.map("tag:ruby.yaml.org,2002:object:#{@class}", to_yaml_style) do |map|
          @ivars.each { |k, v| map.add(k, v) }
        end
      end
    end
  end

  class DomainType
    attr_accessor :domain, :type_id, :value

    def initialize(domain, type, val)
      @domain, @type_id, @value = domain, type, val
    end

    def self.tag_subclasses?
      false
    end

    def to_yaml(opts = {})
      YAML.quick_emit(self, opts) do |out|
        out.node_export("tag:#{@domain}:#{@type_id}", nil, @value)
      end
    end
  end

  class PrivateType
    attr_accessor :type_id, :value

    def initialize(type, val)
      @type_id, @value = type, val
    end

    def self.tag_subclasses?
      false
    end

    def to_yaml(opts = {})
      YAML.quick_emit(self, opts) do |out|
        out.node_export("x-private:#{@type_id}", nil, @value)
      end
    end
  end

  class Omap < ::Hash
    yaml_as "tag:yaml.org,2002:omap"

    def yaml_initialize(tag, val)
      raise YAML::TypeError, "Invalid omap: " + val.inspect unless Array === val
      val.each do |pair|
        raise YAML::TypeError, "Invalid omap entry: " + pair.inspect unless Hash === pair && pair.size == 1
        pair.each { |k, v| self[k] = v }
      end
    end

    def to_yaml(opts = {})
      YAML.quick_emit(self, opts) do |out|
        out.seq(taguri, to_yaml_style) do |seq|
          each { |k, v| seq.add(k => v) }
        end
      end
    end
  end

  class Pairs < ::Array
    yaml_as "tag:yaml.org,2002:pairs"

    def yaml_initialize(tag, val)
      raise YAML::TypeError, "Invalid pairs: " + val.inspect unless Array === val
      val.each do |pair|
        raise YAML::TypeError, "Invalid pairs entry: " + pair.inspect unless Hash === pair && pair.size == 1
        pair.each { |k, v| push([k, v]) }
      end
    end

    def to_yaml(opts = {})
      YAML.quick_emit(self, opts) do |out|
        out.seq(taguri, to_yaml_style) do |seq|
          each { |k, v| seq.add(k => v) }
        end
      end
    end
  end

  class Set < ::Hash
    yaml_as "tag:yaml.org,2002:set"

    def yaml_initialize(tag, val)
      raise YAML::TypeError, "Invalid set: " + val.inspect unless Hash === val
      update(val)
    end
  end
end
