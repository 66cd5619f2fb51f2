# yaml/tag.rb: type tags for YAML, for miniruby.
#
# Written for miniruby after Ruby 1.8.7's yaml/tag.rb:
#   YAML.tag_class(tag, klass), YAML.tagged_classes, and on every class
#   and module yaml_as(tag, subclasses = true), which registers the class
#   for tag (YAML.load builds its objects from values with that tag) and
#   gives its instances #taguri (the tag to_yaml writes: tag, or
#   "tag:Name" for a subclass) and #taguri=; yaml_tag_subclasses?,
#   yaml_tag_class_name (the name written after the tag) and
#   yaml_tag_read_class (the constant a name read back stands for).
# Tags are kept in their long form ("tag:ruby.yaml.org,2002:object");
# YAML.tagurize and YAML.shorten_tag convert to and from the short form
# Syck writes ("!ruby/object", "!str").
# Left out: nothing of 1.8.7's API.

module YAML
  @tagged_classes = {}

  class << self
    # tag => class (or a Proc given to add_domain_type & co)
    def tagged_classes
      @tagged_classes
    end

    def tag_class(tag, klass)
      @tagged_classes[tag] = klass
    end

    # "!ruby/object:Foo" => "tag:ruby.yaml.org,2002:object:Foo",
    # "!str" => "tag:yaml.org,2002:str", "!foo.com,2005/bar" =>
    # "tag:foo.com,2005:bar"; long forms and "x-private:..." stay.
    def tagurize(tag)
      return tag unless tag.is_a?(String)
      case tag
      when /\A(tag|x-private):/ then tag
      when /\A!!(.*)\z/m then "x-private:#{$1}"
      when /\A!ruby\/(.*)\z/m then "tag:ruby.yaml.org,2002:#{$1}"
      when /\A!([^\/!:]+,\d{4}(?:-\d\d){0,2})\/(.*)\z/m then "tag:#{$1}:#{$2}"
      when /\A!(.*)\z/m then "tag:yaml.org,2002:#{$1}"
      when /\A[\w\/.-]+\z/ then "tag:yaml.org,2002:#{tag}"
      else tag
      end
    end

    # The short form of a long tag, as Syck writes it.
    def shorten_tag(tag)
      case tag
      when /\Atag:yaml\.org,2002:(.*)\z/m then "!#{$1}"
      when /\Atag:ruby\.yaml\.org,2002:(.*)\z/m then "!ruby/#{$1}"
      when /\Ax-private:(.*)\z/m then "!!#{$1}"
      when /\Atag:([^:]+):(.*)\z/m then "!#{$1}/#{$2}"
      else tag
      end
    end
  end
end

class Module
  # Instances of this class are written with tag, and values tagged so
  # are read back as instances of it (or of the subclass named after
  # the tag, when sc).
  def yaml_as(tag, sc = true)
    klass = self
    attr_writer :taguri
    define_method(:taguri) do
      return YAML.tagurize(to_yaml_type[1..-1]) if respond_to?(:to_yaml_type)
      return @taguri if defined?(@taguri) && @taguri
      if self.class.yaml_tag_subclasses? && self.class != YAML.tagged_classes[tag]
        "#{tag}:#{self.class.yaml_tag_class_name}"
      else
        tag
      end
    end
    subclasses = sc ? true : false
    (class << self; self; end).send(:define_method, :yaml_tag_subclasses?) { subclasses }
    YAML.tag_class(tag, klass)
  end

  def yaml_tag_class_name
    name
  end

  def yaml_tag_read_class(name)
    name
  end
end
