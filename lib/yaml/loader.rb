# yaml/loader.rb: how YAML.load turns YAML text into Ruby objects, for
# miniruby.
#
# Written for miniruby after the behaviour of Ruby 1.8.7's Syck loader:
# libyaml (YAML::LibYAML::Parser) parses, YAML::Loader builds the objects
# from its events.
#   Plain scalars are typed as Syck typed them (YAML 1.0): ~ null Null
#   NULL and empty are nil; true/false, yes/no, on/off (in three cases)
#   are booleans; integers (1_000, 1,000, 0x1f, 017, 0b101, 1:30:00);
#   floats (1.5, 1.0e+20, .inf, -.Inf, .nan, 1:30.5); timestamps
#   (2001-12-14 21:59:43.10 -05:00 is a Time, 2001-12-14 a Date when
#   'date' can be loaded); :sym and :"a b" are Symbols; the rest Strings.
#   Quoted and block scalars are Strings.
#   Tags: Syck's short forms (!str !int !float !binary !timestamp !seq
#   !map !omap !pairs !set !null !bool, !ruby/...), YAML 1.1's !!str
#   and the long tag: forms; the << merge key; anchors and aliases,
#   recursive Arrays and Hashes and objects included.
#   Other tags go to the classes registered with yaml_as (their
#   yaml_new(klass, tag, val), or allocate plus yaml_initialize(tag,
#   val), or allocate plus instance variables from the mapping) and the
#   blocks of YAML.add_domain_type & co; unknown ones become
#   YAML::DomainType / YAML::PrivateType, an unknown !ruby/object class a
#   YAML::Object.

module YAML
  class Loader
    YAML_ORG = "tag:yaml.org,2002:"
    RUBY_ORG = "tag:ruby.yaml.org,2002:"
    YAML_ORG_TYPES = %w[str int float bool null binary timestamp seq map omap pairs set merge value yaml]

    # ------------------------------------------------------------ typing
    INT_RE = /\A[-+]?(?:0|[1-9][0-9_,]*|0[0-7_]+|0x[0-9a-fA-F_]+|0b[01_]+|[1-9][0-9_]*(?::[0-5]?[0-9])+)\z/
    FLOAT_RE = /\A[-+]?(?:(?:[0-9][0-9_,]*)?\.[0-9_]*(?:[eE][-+]?[0-9]+)?|[0-9][0-9_]*[eE][-+][0-9]+|[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*)\z/
    INF_RE = /\A[-+]?\.(?:inf|Inf|INF)\z/
    NAN_RE = /\A\.(?:nan|NaN|NAN)\z/
    DATE_RE = /\A(\d{4})-(\d\d?)-(\d\d?)\z/
    TIME_RE = /\A(\d{4})-(\d\d?)-(\d\d?)(?:[Tt]|[ \t]+)(\d\d?):(\d\d):(\d\d)(\.\d*)?(?:[ \t]*(Z|[-+]\d\d?(?::?\d\d)?))?\z/
    BOOLS = { "true" => true, "True" => true, "TRUE" => true, "yes" => true, "Yes" => true, "YES" => true,
              "on" => true, "On" => true, "ON" => true, "false" => false, "False" => false,
              "FALSE" => false, "no" => false, "No" => false, "NO" => false, "off" => false,
              "Off" => false, "OFF" => false }
    NULLS = { "" => true, "~" => true, "null" => true, "Null" => true, "NULL" => true }
    UTF8_RE = /\A(?:[\x00-\x7f]|[\xc2-\xdf][\x80-\xbf]|\xe0[\xa0-\xbf][\x80-\xbf]|[\xe1-\xef][\x80-\xbf]{2}|\xf0[\x90-\xbf][\x80-\xbf]{2}|[\xf1-\xf3][\x80-\xbf]{3}|\xf4[\x80-\x8f][\x80-\xbf]{2})*\z/n

    def self.utf8?(str)
      str !~ /[\x80-\xff]/n || UTF8_RE =~ str ? true : false
    end

    # The tag Syck gives a plain scalar.
    def self.implicit_tag(s)
      return YAML_ORG + "null" if NULLS[s]
      return YAML_ORG + "bool" if BOOLS.has_key?(s)
      c = s[0]
      if c && (c == ?- || c == ?+ || c == ?. || (c >= ?0 && c <= ?9))
        return YAML_ORG + "int" if INT_RE =~ s
        return YAML_ORG + "float" if (FLOAT_RE =~ s && s =~ /\d/) || INF_RE =~ s || NAN_RE =~ s
        return YAML_ORG + "timestamp" if DATE_RE =~ s || TIME_RE =~ s
      end
      return RUBY_ORG + "sym" if c == ?: && s.size > 1
      return YAML_ORG + "merge" if s == "<<"
      return YAML_ORG + "value" if s == "="
      YAML_ORG + "str"
    end

    def self.to_int(s)
      sign = s[0] == ?- ? -1 : 1
      t = s.sub(/\A[-+]/, "").delete("_,")
      n = case t
          when /\A0x/ then t[2..-1].to_i(16)
          when /\A0b/ then t[2..-1].to_i(2)
          when /:/ then t.split(":").inject(0) { |a, d| a * 60 + d.to_i }
          when /\A0./ then t.to_i(8)
          else t.to_i
          end
      sign * n
    end

    def self.to_float(s)
      return 0.0 / 0.0 if NAN_RE =~ s
      return (s[0] == ?- ? -1.0 : 1.0) / 0.0 if INF_RE =~ s
      t = s.delete("_,")
      return t.to_f unless t =~ /\A([-+]?)(.*):([0-9.]+)\z/
      sign = $1 == "-" ? -1 : 1
      sign * ($2.split(":").inject(0) { |a, d| a * 60 + d.to_i } * 60 + $3.to_f)
    end

    def self.to_time(s)
      m = TIME_RE.match(s)
      return nil unless m
      args = (1..6).map { |i| m[i].to_i }
      usec = m[7] ? (m[7][1..-1] + "000000")[0, 6].to_i : 0
      tz = m[8]
      return Time.utc(*(args + [usec])) if tz.nil? || tz == "Z"
      hours, mins = tz.sub(/\A[-+]/, "").split(":")
      mins ||= hours.size > 2 ? hours[-2, 2] : "0"
      hours = hours.size > 2 ? hours[0...-2] : hours
      offset = hours.to_i * 3600 + mins.to_i * 60
      offset = -offset if tz[0] == ?-
      Time.at(Time.utc(*args).to_i - offset, usec)
    end

    def self.to_date(s)
      m = DATE_RE.match(s)
      return s unless m && YAML.date_class
      YAML.date_class.new(m[1].to_i, m[2].to_i, m[3].to_i)
    end

    # The Ruby value of a scalar with a yaml.org tag (or its implicit one).
    def self.yaml_org_scalar(type, s)
      case type
      when "str", "value", "merge" then s
      when "null" then nil
      when "bool" then BOOLS.has_key?(s) ? BOOLS[s] : raise(YAML::TypeError, "Invalid boolean: #{s.inspect}")
      when /\Aint/ then INT_RE =~ s ? to_int(s) : Integer(s)
      when /\Afloat/ then to_float(s)
      when /\Atimestamp/ then DATE_RE =~ s ? to_date(s) : (to_time(s) || s)
      when "binary" then s.unpack("m")[0]
      else :unknown
      end
    end

    ESCAPES = { "0" => "\0", "a" => "\a", "b" => "\b", "t" => "\t", "\t" => "\t", "n" => "\n",
                "v" => "\v", "f" => "\f", "r" => "\r", "e" => "\e", " " => " ", '"' => '"',
                "/" => "/", "\\" => "\\", "N" => "\302\205", "_" => "\302\240",
                "L" => "\342\200\250", "P" => "\342\200\251" }
    HEX = { "x" => 2, "u" => 4, "U" => 8 }

    # A double-quoted scalar from its source text, \xNN being the byte
    # NN as Syck wrote and read it (libyaml reads the character U+00NN).
    def self.syck_double_quoted(raw)
      s = raw[1...-1].gsub(/\r\n?/, "\n")
      out, ws, i = "", "", 0
      while i < s.size
        c = s[i, 1]
        if c == "\\"
          out << ws; ws = ""
          n = s[i + 1, 1]
          if n == "\n"
            i += 2
            i += 1 while s[i, 1] == " " || s[i, 1] == "\t"
          elsif HEX[n]
            code = s[i + 2, HEX[n]].hex
            out << (n == "x" ? code.chr : [code].pack("U"))
            i += 2 + HEX[n]
          else
            out << (ESCAPES[n] || n)
            i += 2
          end
        elsif c == " " || c == "\t"
          ws << c
          i += 1
        elsif c == "\n"
          ws, breaks = "", 0
          while i < s.size && (s[i, 1] == "\n" || s[i, 1] == " " || s[i, 1] == "\t")
            breaks += 1 if s[i, 1] == "\n"
            i += 1
          end
          out << (breaks == 1 ? " " : "\n" * (breaks - 1))
        else
          out << ws << c
          ws = ""
          i += 1
        end
      end
      out << ws
    end

    # Syck's domain tags ("!clarkevans.com,2002/graph") have a comma,
    # which libyaml no longer takes in a local tag: each one it stops at
    # is rewritten in the verbatim form "!<tag:clarkevans.com,2002:graph>"
    # and the text parsed again.
    def self.verbatim_domain_tags(str)
      return str unless str =~ /![^\s!<]*,/
      100.times do
        parser = YAML::LibYAML::Parser.new(str)
        begin
          nil while parser.next_event
          return str
        rescue ArgumentError
          fixed = verbatim_tag_at(str, parser.error_offset)
          return str unless fixed
          str = fixed
        end
      end
      str
    end

    def self.verbatim_tag_at(str, off)
      return nil unless off
      start = str.rindex("!", off)
      return nil unless start
      tag = str[start..-1][/\A![^\s]+/]
      return nil unless tag && tag.include?(",") && start + tag.size > off
      str[0...start] + "!<" + YAML.tagurize(tag) + ">" + str[start + tag.size..-1]
    end

    # ------------------------------------------------------------ events
    def initialize(str)
      @parser = YAML::LibYAML::Parser.new(YAML::Loader.verbatim_domain_tags(str))
      @anchors = {}
      ev = @parser.next_event
      raise YAML::Error, "not a YAML stream" unless ev && ev[0] == :stream_start
    end

    # The next document: [value] or nil at the end of the stream.
    def next_document
      ev = @parser.next_event
      return nil if ev.nil? || ev[0] == :stream_end
      @anchors = {}
      value = node(@parser.next_event)
      @parser.next_event          # document_end
      [value]
    end

    def node(ev)
      case ev[0]
      when :scalar then scalar(ev)
      when :sequence_start then sequence(ev)
      when :mapping_start then mapping(ev)
      when :alias
        raise ArgumentError, "syntax error on line #{ev[2]}: undefined alias *#{ev[1]}" unless @anchors.has_key?(ev[1])
        @anchors[ev[1]]
      else raise YAML::ParseError, "unexpected #{ev[0]}"
      end
    end

    def anchor(name, obj)
      @anchors[name] = obj if name
      obj
    end

    # ------------------------------------------------------------ scalars
    def scalar(ev)
      value, anchor_name, tag, style = ev[1], ev[2], ev[3], ev[6]
      value = YAML::Loader.syck_double_quoted(ev[8]) if ev[8]
      obj = if tag.nil? || tag == "!"
              style == :plain && tag.nil? ? plain(value) : value
            else
              tagged_scalar(YAML::Loader.normalize(tag), value)
            end
      anchor(anchor_name, obj)
    end

    def plain(s)
      tag = YAML::Loader.implicit_tag(s)
      return symbol(s[1..-1]) if tag == RUBY_ORG + "sym"
      YAML::Loader.yaml_org_scalar(tag[YAML_ORG.size..-1], s)
    end

    def symbol(s)
      s = YAML.load(s) if s =~ /\A(["']).*\1\z/m
      s.to_s.intern
    end

    def tagged_scalar(tag, s)
      if tag.index(YAML_ORG) == 0
        v = YAML::Loader.yaml_org_scalar(tag[YAML_ORG.size..-1], s)
        return v unless v == :unknown
      end
      return symbol(s) if tag == RUBY_ORG + "sym" || tag == RUBY_ORG + "symbol"
      YAML.transfer(tag, s)
    end

    # Syck's reading of a tag as libyaml reports it.
    def self.normalize(tag)
      t = YAML.tagurize(tag)
      if t.index(YAML_ORG) == 0
        type = t[YAML_ORG.size..-1][/\A[^#:]*/]
        t = "x-private:" + t[YAML_ORG.size..-1] unless YAML_ORG_TYPES.include?(type) || YAML.tagged_classes[t]
      end
      t
    end

    # ------------------------------------------------------------ collections
    def sequence(ev)
      anchor_name, tag = ev[1], ev[2]
      tag = tag && YAML::Loader.normalize(tag)
      plain = tag.nil? || tag == YAML_ORG + "seq"
      ary = plain ? anchor(anchor_name, []) : []
      while (e = @parser.next_event)[0] != :sequence_end
        ary << node(e)
      end
      plain ? ary : anchor(anchor_name, YAML.transfer(tag, ary))
    end

    def mapping(ev)
      anchor_name, tag = ev[1], ev[2]
      tag = tag && YAML::Loader.normalize(tag)
      plain = tag.nil? || tag == YAML_ORG + "map"
      early = plain ? nil : YAML.preallocate(tag)
      hash = {}
      anchor(anchor_name, plain ? hash : early) if plain || early
      read_pairs(hash)
      return hash if plain
      return YAML.fill_object(early, hash) if early
      anchor(anchor_name, YAML.transfer(tag, hash))
    end

    def read_pairs(hash)
      while (e = @parser.next_event)[0] != :mapping_end
        if e[0] == :scalar && e[1] == "<<" && e[3].nil? && e[6] == :plain
          merge(hash, node(@parser.next_event))
        else
          k = node(e)
          hash[k] = node(@parser.next_event)
        end
      end
      hash
    end

    # << adds the keys of the mapping(s) that are not there yet; keys
    # written after it still override them.
    def merge(hash, value)
      (value.is_a?(Array) ? value : [value]).each do |h|
        raise YAML::TypeError, "Invalid merge: #{h.inspect}" unless h.is_a?(Hash)
        h.each { |k, v| hash[k] = v unless hash.has_key?(k) }
      end
    end
  end
end
