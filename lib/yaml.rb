# yaml.rb: YAML for miniruby, on libyaml.
#
# Written for miniruby after the API of Ruby 1.8.7's yaml.rb (Syck):
#   YAML.load(str_or_io)         the first document (false if there is none)
#   YAML.load_file(path)
#   YAML.load_documents(io) { |doc| ... }, YAML.each_document (the same)
#   YAML.load_stream(io)         a YAML::Stream of every document
#   YAML.dump(obj, io = nil)     the YAML text (or io, written to)
#   YAML.dump_stream(*objs)      several documents
#   obj.to_yaml(opts = {})       for every core class (see yaml/rubytypes.rb)
#   YAML.quick_emit, YAML.object_maker(klass, hash), YAML.read_type_class,
#   YAML.tagurize, YAML.tag_class, yaml_as (see yaml/tag.rb),
#   YAML.add_domain_type(domain, type_re) { |type, val| ... },
#   YAML.add_private_type(type_re), YAML.add_ruby_type(type_re),
#   YAML.add_builtin_type(type_re), YAML::Stream, YAML::Object,
#   YAML::DomainType, YAML::PrivateType, YAML::Omap, YAML::Pairs,
#   YAML::Set, the errors (yaml/error.rb), and Kernel#y, which prints;
#   require 'yaml/store' for YAML::Store (a PStore in a YAML file).
# A syntax error raises ArgumentError "syntax error on line N, col M:
# `the line'", as 1.8.7 did; here the line is counted from 1 (libyaml's
# position of the problem, which can differ from Syck's by a line).
#
# Compatibility with 1.8.7: what Syck writes loads here to equal objects,
# and what this writes loads in 1.8.7 to equal objects, but the text is
# libyaml's, not Syck's: "---" has no trailing space, nil is written as
# an empty value ("~" as a key), quoted strings use single quotes where
# Syck used double ones, multi-line strings are literal blocks (|-), and
# the order of anchors (id001 ...) can differ; text that is not UTF-8
# is written as !binary; non-ASCII UTF-8 is written as it is (Syck wrote
# "\xC3\xA9" escapes, which are read here as the bytes Syck meant).
# libyaml reads YAML 1.1: a document Syck accepted only as YAML 1.0 (a
# tab in the indentation, "key:value" without a space, [:sym] with a
# Symbol first in a flow sequence) may be a syntax error here.
# YAML.parse, parse_file, parse_documents/each_node and the node tree
# (YAML::Syck::Node: kind, type_id, value, transform, [], children) are
# in yaml/node.rb.
# Left out: ypath (Node#select, search), YAML::DBM, the
# emitter options (:Indent, :UseHeader, :SortKeys ... are ignored), and
# YAML::SpecialHash.

require 'yaml/libyaml'
require 'yaml/error'
require 'yaml/tag'
require 'yaml/emitter'
require 'yaml/loader'
require 'yaml/types'
require 'yaml/stream'
require 'yaml/rubytypes'

module YAML
  VERSION = "0.60"
  SUPPORTED_YAML_VERSIONS = ["1.0"]

  class << self
    # ------------------------------------------------------------ loading
    def load(io)
      doc = Loader.new(text_of(io)).next_document
      doc ? doc[0] : false
    end

    def load_file(path)
      File.open(path) { |f| load(f) }
    end

    def load_documents(io)
      loader = Loader.new(text_of(io))
      while (doc = loader.next_document)
        yield doc[0]
      end
    end

    def each_document(io, &block)
      load_documents(io, &block)
    end

    def load_stream(io)
      s = Stream.new
      load_documents(io) { |doc| s.add(doc) }
      s
    end

    def text_of(io)
      return io.read.to_s if io.respond_to?(:read)
      return io.to_str if io.respond_to?(:to_str)
      raise ::TypeError, "can't convert #{io.nil? ? 'nil' : io.class} into String"
    end
    private :text_of

    # ------------------------------------------------------------ dumping
    def dump(obj, io = nil)
      text = Emitter.write([emitter.reset.node_for(obj)])
      return text unless io
      io.write(text)
      io
    end

    def dump_stream(*objs)
      s = Stream.new
      objs.each { |o| s.add(o) }
      s.emit
    end

    def emitter
      Emitter.new
    end

    # The node of oid built by the block (nested in a to_yaml), or the
    # YAML text of it (at the top).
    def quick_emit(oid, opts = {}, &block)
      oid = oid.object_id unless oid.nil? || oid.is_a?(Fixnum)
      return opts.emit(oid, &block) if opts.is_a?(Emitter)
      e = Emitter.new(opts)
      node = e.emit(oid, &block)
      text = Emitter.write([node])
      return text unless opts.respond_to?(:write)
      opts.write(text)
      opts
    end

    # ------------------------------------------------------------ types
    def object_maker(obj_class, val)
      raise YAML::Error, "Invalid object explicitly tagged !ruby/Object: " + val.inspect unless Hash === val
      o = obj_class.allocate
      val.each_pair { |k, v| o.instance_variable_set("@#{k}", v) }
      o
    end

    # "tag:ruby.yaml.org,2002:object:Foo::Bar" => ["object", Foo::Bar]
    def read_type_class(type, obj_class)
      scheme, domain, type, tclass = type.split(":", 4)
      tclass.split("::").each { |c| obj_class = obj_class.const_get(c) } if tclass
      [type, obj_class]
    end

    def add_domain_type(domain, type_tag, &block)
      key = type_tag.is_a?(Regexp) ? type_tag : "tag:#{domain}:#{type_tag}"
      type_procs << [key, domain, block]
    end

    def add_builtin_type(type_tag, &block)
      add_domain_type("yaml.org,2002", type_tag, &block)
    end

    def add_ruby_type(type_tag, &block)
      add_domain_type("ruby.yaml.org,2002", type_tag, &block)
    end

    def add_private_type(type_re, &block)
      key = type_re.is_a?(Regexp) ? type_re : "x-private:#{type_re}"
      type_procs << [key, nil, block]
    end

    def type_procs
      @type_procs ||= []
    end

    # Date, if 'date' can be loaded.
    def date_class
      return @date_class if defined?(@date_class)
      begin
        require 'date' unless defined?(::Date)
      rescue LoadError
      end
      @date_class = defined?(::Date) ? ::Date : nil
    end

    # ------------------------------------------------------------ building
    # The object for val (a String, Array or Hash) tagged tag (long form).
    def transfer(tag, val)
      type_procs.each do |key, domain, block|
        next unless key.is_a?(Regexp) ? key =~ tag : key == tag
        type = domain ? tag.sub(/\Atag:#{Regexp.quote(domain)}:/, "") : tag.sub(/\Ax-private:/, "")
        return block.call(type, val)
      end
      base, klass, sub = resolve_tag(tag)
      return foreign(tag, val) unless base
      return base.call(tag, val) if base.respond_to?(:call)
      return klass.yaml_new(klass, tag, val) if klass.respond_to?(:yaml_new)
      o = klass.allocate
      if o.respond_to?(:yaml_initialize)
        o.yaml_initialize(tag, val)
        return o
      end
      fill_object(o, val)
    end

    # An object of a plain !ruby/object class, made before its mapping
    # is read so that the mapping can refer to it.
    def preallocate(tag)
      return nil if type_procs.any? { |key, _, _| key.is_a?(Regexp) ? key =~ tag : key == tag }
      base, klass, sub = resolve_tag(tag)
      return nil unless base == ::Object && klass && !klass.respond_to?(:yaml_new)
      o = klass.allocate
      o.respond_to?(:yaml_initialize) ? nil : o
    end

    def fill_object(o, val)
      return o unless Hash === val
      val.each_pair { |k, v| o.instance_variable_set("@#{k}", v) }
      o
    end

    # [registered class, class to build, subclass name] for tag.
    def resolve_tag(tag)
      if (k = tagged_classes[tag])
        return [k, k, nil]
      end
      parts = tag.split(":")
      sub = []
      while parts.size > 1
        sub.unshift(parts.pop)
        base = tagged_classes[parts.join(":")]
        next unless base
        return [base, base, nil] unless base.respond_to?(:yaml_tag_read_class)
        name = base.yaml_tag_read_class(sub.join(":"))
        klass = find_constant(name)
        return [base, klass, name] if klass
        return [nil, nil, name] if base == ::Object
        return [base, base, name] if base == ::Struct
        raise ::TypeError, "invalid subclass"
      end
      [nil, nil, nil]
    end

    # The constant "A::B" names (looked up as const_get does, so
    # "Struct::Point" finds a top-level Point too, as in 1.8.7), or nil.
    def find_constant(name)
      name.to_s.split("::").inject(::Object) do |mod, c|
        return nil unless c =~ /\A[A-Z]\w*\z/ && mod.is_a?(Module)
        mod.const_get(c)
      end
    rescue NameError
      nil
    end

    # An unknown !ruby/object class, an unknown domain or private type.
    def foreign(tag, val)
      if tag =~ /\Atag:ruby\.yaml\.org,2002:object:(.*)\z/m
        return YAML::Object.new($1, val)
      end
      if tag =~ /\Ax-private:(.*)\z/m
        return PrivateType.new($1, val)
      end
      domain, type = tag.sub(/\Atag:/, "").split(":", 2)
      DomainType.new(domain, type, val)
    end
  end
end

if YAML.date_class
  class Date
    yaml_as "tag:yaml.org,2002:timestamp#ymd"

    def to_yaml(opts = {})
      YAML.quick_emit(self, opts) do |out|
        out.scalar("tag:yaml.org,2002:timestamp", to_s, :plain)
      end
    end
  end
end

require 'yaml/node'

module Kernel
  # Prints obj (and objs, as a stream) as YAML.
  def y(obj, *objs)
    objs.unshift(obj)
    puts(objs.size == 1 ? YAML.dump(objs[0]) : YAML.dump_stream(*objs))
  end
  private :y
end
