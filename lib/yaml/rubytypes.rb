# yaml/rubytypes.rb: to_yaml and the YAML constructors of Ruby's core
# classes, for miniruby.
#
# Written for miniruby after Ruby 1.8.7's yaml/rubytypes.rb, with the
# same tags, so that what either writes the other reads:
#   Object      !ruby/object:Class, the instance variables (to_yaml_properties,
#               sorted) without their @; to_yaml_style
#   Hash        a mapping; a subclass !map:Class
#   Array       a sequence; a subclass !seq:Class
#   String      plain, quoted or literal as needed; !binary (base64) for
#               binary data or bytes that are not UTF-8; with instance
#               variables a !str mapping of str: and the @variables
#   Symbol      :sym, :"with space"
#   Integer, Float (.Inf -.Inf .NaN), true, false, nil
#   Range       !ruby/range with begin, end, excl (also read: "1..5")
#   Regexp      !ruby/regexp /source/mods (also read: a regexp, mods map)
#   Time        2001-12-14 21:59:43.100000 -05:00 (Z in UTC)
#   Date        2001-12-14 (when 'date' is loaded)
#   Struct      !ruby/struct:Name with the members (and @variables); read
#               back into Struct::Name or Name, made when missing
#   Exception   !ruby/exception:Class with message: and the variables
#   Class, Module  TypeError "can't dump anonymous class ...", as 1.8.7
# Left out: nothing of these classes' 1.8.7 YAML API.

class Object
  yaml_as "tag:ruby.yaml.org,2002:object"

  def to_yaml_style; end

  def to_yaml_properties
    instance_variables.sort
  end

  def to_yaml(opts = {})
    YAML.quick_emit(self, opts) do |out|
      out.map(taguri, to_yaml_style) do |map|
        to_yaml_properties.each { |m| map.add(m[1..-1], instance_variable_get(m)) }
      end
    end
  end
end

class Hash
  yaml_as "tag:ruby.yaml.org,2002:hash"
  yaml_as "tag:yaml.org,2002:map"

  def yaml_initialize(tag, val)
    if Array === val
      update(Hash[*val])
    elsif Hash === val
      update(val)
    else
      raise YAML::TypeError, "Invalid map explicitly tagged #{tag}: " + val.inspect
    end
  end

  def to_yaml(opts = {})
    YAML.quick_emit(self, opts) do |out|
      out.map(taguri, to_yaml_style) do |map|
        each { |k, v| map.add(k, v) }
      end
    end
  end
end

class Array
  yaml_as "tag:ruby.yaml.org,2002:array"
  yaml_as "tag:yaml.org,2002:seq"

  def yaml_initialize(tag, val)
    raise YAML::TypeError, "Invalid seq explicitly tagged #{tag}: " + val.inspect unless Array === val
    concat(val)
  end

  def to_yaml(opts = {})
    YAML.quick_emit(self, opts) do |out|
      out.seq(taguri, to_yaml_style) do |seq|
        each { |v| seq.add(v) }
      end
    end
  end
end

class String
  yaml_as "tag:ruby.yaml.org,2002:string"
  yaml_as "tag:yaml.org,2002:binary"
  yaml_as "tag:yaml.org,2002:str"

  def is_complex_yaml?
    to_yaml_style || !to_yaml_properties.empty? || self =~ /\n.+/ ? true : false
  end

  # Syck's test: NUL, or more than 30% bytes outside printable ASCII.
  def is_binary_data?
    return false if empty?
    index("\0") || count("^ -~", "^\r\n").fdiv(size) > 0.3 ? true : false
  end

  def self.yaml_new(klass, tag, val)
    val = val.unpack("m")[0] if tag == "tag:yaml.org,2002:binary"
    val = { "str" => val } if String === val
    raise YAML::TypeError, "Invalid String: " + val.inspect unless Hash === val
    s = klass.allocate
    s.replace(val.delete("str").to_s)
    val.each { |k, v| s.instance_variable_set(k, v) }
    s
  end

  def to_yaml(opts = {})
    YAML.quick_emit(is_complex_yaml? ? self : nil, opts) do |out|
      if is_binary_data? || !YAML::Loader.utf8?(self)
        out.scalar("tag:yaml.org,2002:binary", [self].pack("m"), :literal)
      elsif to_yaml_properties.empty?
        out.scalar(taguri, self, self =~ /\A:/ ? :quote2 : to_yaml_style)
      else
        out.map(taguri, to_yaml_style) do |map|
          map.add("str", "#{self}")
          to_yaml_properties.each { |m| map.add(m, instance_variable_get(m)) }
        end
      end
    end
  end
end

class Symbol
  yaml_as "tag:ruby.yaml.org,2002:symbol"
  yaml_as "tag:ruby.yaml.org,2002:sym"

  def self.yaml_new(klass, tag, val)
    raise YAML::TypeError, "Invalid Symbol: " + val.inspect unless String === val
    val = YAML.load(val) if val =~ /\A(["']).*\1\z/m
    val.intern
  end

  def to_yaml(opts = {})
    YAML.quick_emit(nil, opts) do |out|
      out.scalar("tag:ruby.yaml.org,2002:sym", inspect, :plain)
    end
  end
end

class Integer
  yaml_as "tag:yaml.org,2002:int"

  def to_yaml(opts = {})
    YAML.quick_emit(nil, opts) { |out| out.scalar("tag:yaml.org,2002:int", to_s, :plain) }
  end
end

class Float
  yaml_as "tag:yaml.org,2002:float"

  def to_yaml(opts = {})
    YAML.quick_emit(nil, opts) do |out|
      str = if nan? then ".NaN"
            elsif infinite? then self > 0 ? ".Inf" : "-.Inf"
            else to_s
            end
      out.scalar("tag:yaml.org,2002:float", str, :plain)
    end
  end
end

class TrueClass
  yaml_as "tag:yaml.org,2002:bool#yes"

  def to_yaml(opts = {})
    YAML.quick_emit(nil, opts) { |out| out.scalar("tag:yaml.org,2002:bool", "true", :plain) }
  end
end

class FalseClass
  yaml_as "tag:yaml.org,2002:bool#no"

  def to_yaml(opts = {})
    YAML.quick_emit(nil, opts) { |out| out.scalar("tag:yaml.org,2002:bool", "false", :plain) }
  end
end

class NilClass
  yaml_as "tag:yaml.org,2002:null"

  def to_yaml(opts = {})
    YAML.quick_emit(nil, opts) { |out| out.scalar("tag:yaml.org,2002:null", "", :plain) }
  end
end

class Range
  yaml_as "tag:ruby.yaml.org,2002:range"

  ENDPOINT = '(\w+|[+-]?\d+(?:\.\d+)?(?:e[+-]\d+)?|"(?:[^\\\\"]|\\\\.)*")'

  def self.yaml_new(klass, tag, val)
    ivars = {}
    if String === val && val =~ /\A#{ENDPOINT}(\.{2,3})#{ENDPOINT}\z/
      b, e, x = YAML.load("--- #{$1}"), YAML.load("--- #{$3}"), $2.size == 3
    elsif Hash === val
      b, e, x = val.delete("begin"), val.delete("end"), val.delete("excl")
      ivars = val
    else
      raise YAML::TypeError, "Invalid Range: " + val.inspect
    end
    r = klass.new(b, e, x)
    ivars.each { |k, v| r.instance_variable_set(k, v) }
    r
  end

  def to_yaml(opts = {})
    YAML.quick_emit(self, opts) do |out|
      out.map(taguri, to_yaml_style) do |map|
        map.add("begin", self.begin)
        map.add("end", self.end)
        map.add("excl", exclude_end?)
        to_yaml_properties.each { |m| map.add(m, instance_variable_get(m)) }
      end
    end
  end
end

class Regexp
  yaml_as "tag:ruby.yaml.org,2002:regexp"

  def self.yaml_new(klass, tag, val)
    if String === val && val =~ /\A\/(.*)\/([mixneus]*)\z/m
      val = { "regexp" => $1, "mods" => $2 }
    end
    raise YAML::TypeError, "Invalid Regular expression: " + val.inspect unless Hash === val
    mods = val["mods"].to_s
    opts = 0
    opts |= Regexp::IGNORECASE if mods.include?("i")
    opts |= Regexp::EXTENDED if mods.include?("x")
    opts |= Regexp::MULTILINE if mods.include?("m")
    kcode = mods[/[neus]/]
    kcode ? klass.new(val["regexp"], opts, kcode) : klass.new(val["regexp"], opts)
  end

  def to_yaml(opts = {})
    YAML.quick_emit(nil, opts) do |out|
      if to_yaml_properties.empty?
        out.scalar(taguri, inspect, :plain)
      else
        out.map(taguri, to_yaml_style) do |map|
          src = inspect
          map.add("regexp", src[1...src.rindex("/")])
          map.add("mods", src[src.rindex("/") + 1..-1])
          to_yaml_properties.each { |m| map.add(m, instance_variable_get(m)) }
        end
      end
    end
  end
end

class Time
  yaml_as "tag:ruby.yaml.org,2002:time"
  yaml_as "tag:yaml.org,2002:timestamp"

  def self.yaml_new(klass, tag, val)
    if Hash === val
      t = val.delete("at")
      t = YAML::Loader.to_time(t) if String === t
      val.each { |k, v| t.instance_variable_set(k, v) }
      t
    elsif String === val && (t = YAML::Loader.to_time(val))
      t
    else
      raise YAML::TypeError, "Invalid Time: " + val.inspect
    end
  end

  # "2001-12-14 21:59:43.100000 -05:00", or Z for a UTC time
  def yaml_timestamp
    tz = "Z"
    unless utc?
      off = utc_offset
      sign = off < 0 ? "-" : "+"
      mins = (off.abs / 60.0).round
      tz = format("%s%02d:%02d", sign, mins / 60, mins % 60)
    end
    s = strftime("%Y-%m-%d %H:%M:%S")
    s += format(".%06d", usec) if usec.nonzero?
    s + " " + tz
  end

  def to_yaml(opts = {})
    YAML.quick_emit(self, opts) do |out|
      if to_yaml_properties.empty?
        out.scalar("tag:yaml.org,2002:timestamp", yaml_timestamp, :plain)
      else
        out.map(taguri, to_yaml_style) do |map|
          map.add("at", yaml_timestamp)
          to_yaml_properties.each { |m| map.add(m, instance_variable_get(m)) }
        end
      end
    end
  end
end

class Struct
  yaml_as "tag:ruby.yaml.org,2002:struct"

  def self.yaml_tag_class_name
    name.sub(/\AStruct::/, "")
  end

  def self.yaml_tag_read_class(name)
    "Struct::#{name}"
  end

  def self.yaml_new(klass, tag, val)
    raise YAML::TypeError, "Invalid Struct: " + val.inspect unless Hash === val
    props = {}
    val.keys.each { |k| props[k] = val.delete(k) if k.to_s =~ /\A@/ }
    if klass == Struct
      name = tag.split(":", 4).last
      klass = Struct.new(*([name] + val.keys.map { |k| k.to_s.intern }))
    end
    st = klass.allocate
    st.members.each { |m| st.send("#{m}=", val[m.to_s]) }
    props.each { |k, v| st.instance_variable_set(k, v) }
    st
  end

  def to_yaml(opts = {})
    YAML.quick_emit(self, opts) do |out|
      out.map(taguri, to_yaml_style) do |map|
        members.each { |m| map.add(m.to_s, self[m]) }
        to_yaml_properties.each { |m| map.add(m, instance_variable_get(m)) }
      end
    end
  end
end

class Exception
  yaml_as "tag:ruby.yaml.org,2002:exception"

  def self.yaml_new(klass, tag, val)
    raise YAML::TypeError, "Invalid Exception: " + val.inspect unless Hash === val
    o = klass.allocate.exception(val.delete("message"))
    val.each { |k, v| o.instance_variable_set("@#{k}", v) }
    o
  end

  def to_yaml(opts = {})
    YAML.quick_emit(self, opts) do |out|
      out.map(taguri, to_yaml_style) do |map|
        map.add("message", message)
        to_yaml_properties.each { |m| map.add(m[1..-1], instance_variable_get(m)) }
      end
    end
  end
end

class Class
  def to_yaml(opts = {})
    raise TypeError, "can't dump anonymous class %s" % self.class
  end
end

class Module
  def to_yaml(opts = {})
    raise TypeError, "can't dump anonymous module %s" % self.class
  end
end
