# yaml/node.rb: YAML.parse and the node tree, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's yaml.rb (Syck):
#   YAML.parse(str_or_io)   the first document as a node tree (false if
#                           there is none), YAML.parse_file(path),
#   YAML.parse_documents(io) { |node| ... }, YAML.each_node (the same);
#   YAML::Syck::Scalar, Seq and Map (< YAML::Syck::Node), with
#     kind        :scalar, :seq or :map
#     type_id     the tag, as load reads it ("tag:yaml.org,2002:int" for
#                 a plain 1, "tag:ruby.yaml.org,2002:object:Foo" ...);
#                 an untagged collection's is "tag:yaml.org,2002:seq" or
#                 "tag:yaml.org,2002:map"
#     value       a Scalar's String; a Seq's Array of nodes; a Map's Hash
#                 of key node => value node
#     transform   the Ruby object YAML.load would have made of the node
#     [](key)     a Seq's node at index key; a Map's value node for the
#                 key whose transform is key (nil if none)
#     children    a Seq's or Map's value nodes (nil for a Scalar)
#   An alias is the node of its anchor (the same object).
# Left out: ypath (select, select!, search, at, match_path), emit and the
# Syck node setters (add, style=, type_id=).
# yaml.rb requires this file.

module YAML
  module Syck
    class Node
      attr_reader :kind, :type_id, :value

      def initialize(kind, type_id, value)
        @kind, @type_id, @value = kind, type_id, value
      end

      # events[first..last] are the node's; anchors the stream's nodes.
      def record(events, first, last, anchors)
        @events, @first, @last, @anchors = events, first, last, anchors
        self
      end

      def transform
        evs = @events[@first..@last]
        seeds = {}
        inner = {}
        evs.each do |e|
          if e[0] == :alias
            name = e[1]
            seeds[name] = @anchors[name].transform if !inner[name] && !seeds.has_key?(name)
          else
            a = e[0] == :scalar ? e[2] : e[1]
            inner[a] = true if a && [:scalar, :sequence_start, :mapping_start].include?(e[0])
          end
        end
        YAML::Loader.replay(evs, seeds)
      end

      def children
        nil
      end
    end

    class Scalar < Node
      def initialize(type_id, value)
        super(:scalar, type_id, value)
      end

      def [](*key)
        nil
      end
    end

    class Seq < Node
      def initialize(type_id)
        super(:seq, type_id, [])
      end

      def [](*key)
        @value[*key]
      end

      def children
        @value
      end
    end

    class Map < Node
      def initialize(type_id)
        super(:map, type_id, {})
      end

      def [](key)
        pair = @value.find { |k, v| k.transform == key }
        pair && pair[1]
      end

      def children
        @value.values
      end
    end
  end

  class Loader
    # The object of one node's events, aliases to anchors outside them
    # resolved by seeds (name => object).
    def self.replay(events, seeds)
      l = allocate
      l.instance_variable_set(:@parser, EventList.new(events[1..-1]))
      l.instance_variable_set(:@anchors, seeds)
      l.send(:node, events[0])
    end

    class EventList
      def initialize(events)
        @events = events
        @i = 0
      end

      def next_event
        e = @events[@i]
        @i += 1
        e
      end
    end
  end

  # Builds the node trees of a stream's documents from libyaml's events.
  class NodeBuilder
    def initialize(str)
      @parser = YAML::LibYAML::Parser.new(YAML::Loader.verbatim_domain_tags(str))
      ev = @parser.next_event
      raise YAML::Error, "not a YAML stream" unless ev && ev[0] == :stream_start
    end

    def next_document
      ev = @parser.next_event
      return nil if ev.nil? || ev[0] == :stream_end
      @events = []
      @anchors = {}
      node = build(take)
      @parser.next_event          # document_end
      node
    end

    private

    def take
      e = @parser.next_event
      @events << e
      e
    end

    def build(ev)
      first = @events.size - 1
      case ev[0]
      when :alias
        node = @anchors[ev[1]]
        raise ArgumentError, "syntax error on line #{ev[2]}: undefined alias *#{ev[1]}" unless node
        return node
      when :scalar
        value = ev[8] ? YAML::Loader.syck_double_quoted(ev[8]) : ev[1]
        node = YAML::Syck::Scalar.new(scalar_tag(ev, value), value)
        anchor = ev[2]
      when :sequence_start
        node = YAML::Syck::Seq.new(collection_tag(ev[2], "seq"))
        anchor = ev[1]
        @anchors[anchor] = node if anchor
        node.value << build(@events.last) while peek_not(:sequence_end)
      when :mapping_start
        node = YAML::Syck::Map.new(collection_tag(ev[2], "map"))
        anchor = ev[1]
        @anchors[anchor] = node if anchor
        while peek_not(:mapping_end)
          k = build(@events.last)
          node.value[k] = build(take)
        end
      else
        raise YAML::ParseError, "unexpected #{ev[0]}"
      end
      @anchors[anchor] = node if anchor
      node.record(@events, first, @events.size - 1, @anchors)
    end

    # Takes the next event; false if it is the one that ends the
    # collection.
    def peek_not(type)
      take[0] != type
    end

    def scalar_tag(ev, value)
      tag = ev[3]
      return YAML::Loader.normalize(tag) if tag && tag != "!"
      return YAML::Loader.implicit_tag(value) if tag.nil? && ev[6] == :plain
      YAML::Loader::YAML_ORG + "str"
    end

    def collection_tag(tag, kind)
      tag ? YAML::Loader.normalize(tag) : YAML::Loader::YAML_ORG + kind
    end
  end

  class << self
    def parse(io)
      NodeBuilder.new(text_of(io)).next_document || false
    end

    def parse_file(path)
      File.open(path) { |f| parse(f) }
    end

    def parse_documents(io)
      b = NodeBuilder.new(text_of(io))
      while (node = b.next_document)
        yield node
      end
    end

    def each_node(io, &block)
      parse_documents(io, &block)
    end
  end
end
