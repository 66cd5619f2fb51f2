# yaml/emitter.rb: how to_yaml writes YAML, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's Syck emitter, which
# custom to_yaml methods use:
#   YAML.quick_emit(oid, opts) { |out| ... }, where out answers
#     out.map(tag, style = nil) { |map| map.add(key, value) }
#     out.seq(tag, style = nil) { |seq| seq.add(value) }
#     out.scalar(tag, string, style = nil)
#     out.node_export(tag, style, value)
#   (styles as Syck's: nil, :plain, :quote1, :quote2, :literal, :fold,
#   :inline), and nested values are written with value.to_yaml(emitter).
# to_yaml builds a tree of nodes first: an object met again (same oid)
# becomes an alias (&id001 / *id001, as Syck names them), which also
# writes recursive structures.  The tree is then written through libyaml
# (YAML::LibYAML::Emitter); a scalar whose plain form would read back as
# another type is quoted, text that is not UTF-8 is written as !binary.
# Left out: the emitter options (:Indent, :UseHeader, :BestWidth ...)
# are accepted and ignored; the output is libyaml's block style with an
# indent of 2, not Syck's byte for byte (see lib/yaml.rb).

module YAML
  # The nodes of the tree to_yaml builds.
  class EmitNode
    attr_accessor :tag, :style, :anchor
  end

  class ScalarNode < EmitNode
    attr_accessor :value

    def initialize(tag, value, style)
      @tag, @value, @style = tag, value, style
    end
  end

  class SeqNode < EmitNode
    attr_reader :items

    def initialize(tag, style)
      @tag, @style, @items = tag, style, []
    end
  end

  class MapNode < EmitNode
    attr_reader :pairs

    def initialize(tag, style)
      @tag, @style, @pairs = tag, style, []
    end
  end

  class AliasNode < EmitNode
    attr_reader :target

    def initialize(target)
      @target = target
    end
  end

  # map.add and seq.add in a to_yaml method.
  class MapBuilder
    def initialize(emitter, node)
      @emitter, @node = emitter, node
    end

    def add(key, value)
      @node.pairs << [@emitter.node_for(key), @emitter.node_for(value)]
    end
  end

  class SeqBuilder
    def initialize(emitter, node)
      @emitter, @node = emitter, node
    end

    def add(value)
      @node.items << @emitter.node_for(value)
    end
  end

  # The out of quick_emit: makes the node of one object.
  class Out
    attr_reader :node

    def initialize(emitter, oid)
      @emitter, @oid = emitter, oid
    end

    def map(tag, style = nil)
      @node = @emitter.register(@oid, MapNode.new(tag, style))
      yield MapBuilder.new(@emitter, @node) if block_given?
      @node
    end

    def seq(tag, style = nil)
      @node = @emitter.register(@oid, SeqNode.new(tag, style))
      yield SeqBuilder.new(@emitter, @node) if block_given?
      @node
    end

    def scalar(tag, value, style = nil)
      @node = @emitter.register(@oid, ScalarNode.new(tag, value.to_s, style))
    end

    # value's own node, with tag instead of its own
    def node_export(tag, style, value)
      @node = @emitter.node_for(value)
      @node.tag = tag
      @node.style = style if style
      @node
    end
  end

  class Emitter
    attr_reader :options

    def initialize(opts = {})
      reset(opts)
    end

    def reset(opts = {})
      @options = opts.is_a?(Hash) ? opts : {}
      @by_oid = {}
      @anchors = 0
      @last = nil
      self
    end

    # quick_emit's work: the node of the object oid (an alias if it was
    # met before), made by the block.
    def emit(oid)
      if oid && (seen = @by_oid[oid])
        seen.anchor ||= format("id%03d", @anchors += 1)
        return @last = AliasNode.new(seen)
      end
      out = Out.new(self, oid)
      yield out
      raise YAML::Error, "to_yaml made no node" unless out.node
      @last = out.node
    end

    def register(oid, node)
      @by_oid[oid] = node if oid
      node
    end

    # The node of obj: obj.to_yaml(self) makes it.
    def node_for(obj)
      r = obj.to_yaml(self)
      r.is_a?(EmitNode) ? r : @last
    end

    # ------------------------------------------------------------ writing
    # The YAML text of the documents whose root nodes are given.
    def self.write(roots)
      w = Writer.new
      roots.each { |node| w.document(node) }
      w.finish
    end
  end

  # Writes node trees through libyaml.
  class Writer
    STR = "tag:yaml.org,2002:str"
    SEQ = "tag:yaml.org,2002:seq"
    MAP = "tag:yaml.org,2002:map"
    BINARY = "tag:yaml.org,2002:binary"

    def initialize
      @e = YAML::LibYAML::Emitter.new
      @e.stream_start
    end

    def document(node)
      @e.document_start(false)
      write(node, false)
      @e.document_end(true)
    end

    def finish
      @e.stream_end
      @e.output
    end

    def write(node, key)
      case node
      when AliasNode then @e.alias(node.target.anchor)
      when ScalarNode then scalar(node, key)
      when SeqNode then sequence(node)
      when MapNode then mapping(node)
      else raise YAML::Error, "not a YAML node: #{node.inspect}"
      end
    end

    STYLES = { :plain => :plain, :quote1 => :single_quoted, :quote2 => :double_quoted,
               :literal => :literal, :fold => :folded }

    def scalar(node, key)
      tag = YAML.tagurize(node.tag) || STR
      value = node.value
      style = STYLES[node.style] || :any
      unless YAML::Loader.utf8?(value)
        tag, style, value = BINARY, :literal, [value].pack("m") if tag == STR
        raise YAML::Error, "not UTF-8 and not a String: #{value.inspect}" unless YAML::Loader.utf8?(value)
      end
      value = "~" if key && value.empty? && tag == "tag:yaml.org,2002:null"
      plain = YAML::Loader.implicit_tag(value) == tag
      quoted = tag == STR
      style = :any if style == :plain && !plain
      style = :literal if style == :any && quoted && value =~ /\n./ && value !~ /[ \t]\n|\A\s/
      @e.scalar(value, node.anchor, plain || quoted ? nil : YAML.shorten_tag(tag), plain, quoted, style)
    end

    def collection_tag(node, implicit_tag)
      tag = YAML.tagurize(node.tag)
      tag.nil? || tag == implicit_tag ? nil : YAML.shorten_tag(tag)
    end

    def flow?(node, items)
      node.style == :inline || items.empty?
    end

    def sequence(node)
      tag = collection_tag(node, SEQ)
      @e.sequence_start(node.anchor, tag, tag.nil?, flow?(node, node.items) ? :flow : :block)
      node.items.each { |n| write(n, false) }
      @e.sequence_end
    end

    def mapping(node)
      tag = collection_tag(node, MAP)
      @e.mapping_start(node.anchor, tag, tag.nil?, flow?(node, node.pairs) ? :flow : :block)
      node.pairs.each do |k, v|
        write(k, true)
        write(v, false)
      end
      @e.mapping_end
    end
  end
end
