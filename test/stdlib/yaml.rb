# yaml.rb: lib/yaml.rb on ext/yaml (libyaml): loading, dumping, round
# trips of every core type, and texts as Ruby 1.8.7's Syck writes them.
require 'assert'
require 'yaml'
require 'stringio'

class YFoo
  attr_accessor :a, :b
  def initialize(a = 1, b = "x"); @a, @b = a, b; end
  def ==(o); o.class == self.class && o.a == a && o.b == b; end
end

class YSub < YFoo; end
class YHash < Hash; end
class YArray < Array; end
class YStr < String; end
class YError < StandardError; end
YPoint = Struct.new(:x, :y)
Struct.new("YPair", :left, :right)

def round(obj)
  YAML.load(YAML.dump(obj))
end

test "plain scalars are typed as Syck typed them" do
  { "1" => 1, "-12" => -12, "+3" => 3, "0" => 0, "1_000" => 1000, "1,000" => 1000, "0x1f" => 31,
    "017" => 15, "0b101" => 5, "1:30" => 90, "12345678901234567890" => 12345678901234567890,
    "1.5" => 1.5, "-0.25" => -0.25, "1.0e+20" => 1.0e+20, "1.0e-05" => 1.0e-05, ".5" => 0.5,
    "1." => 1.0, "1:30.5" => 90.5, "~" => nil, "null" => nil, "NULL" => nil, "" => nil,
    "true" => true, "True" => true, "yes" => true, "on" => true, "ON" => true, "false" => false,
    "no" => false, "Off" => false, ":sym" => :sym, ':"a b"' => :"a b",
    "abc" => "abc", "1e5" => "1e5", "y" => "y", "n" => "n", "0o17" => "0o17", "1.2.3" => "1.2.3",
    "12:60" => "12:60", "hello world" => "hello world" }.each do |text, want|
    got = YAML.load("--- #{text}\n")
    assert_equal want, got, "#{text.inspect} loads as #{want.inspect}, got #{got.inspect}"
    assert_equal want.class, got.class, "#{text.inspect} is a #{want.class}"
  end
  assert_equal 1.0 / 0, YAML.load("--- .inf")
  assert_equal(-1.0 / 0, YAML.load("--- -.Inf"))
  assert_true YAML.load("--- .NaN").nan?
end

test "quoted and block scalars are Strings" do
  assert_equal "1", YAML.load("--- '1'")
  assert_equal "true", YAML.load('--- "true"')
  assert_equal ":sym", YAML.load('--- ":sym"')
  assert_equal "", YAML.load("--- ''")
  assert_equal "it's", YAML.load("--- 'it''s'")
  assert_equal "a\tb\n\e\0", YAML.load('--- "a\tb\n\e\0"')
  assert_equal "line 1\nline 2\n", YAML.load("--- |\n  line 1\n  line 2\n")
  assert_equal "line 1\nline 2", YAML.load("--- |-\n  line 1\n  line 2\n")
  assert_equal "folded text\n", YAML.load("--- >\n  folded\n  text\n")
  assert_equal "a b", YAML.load("--- a\n  b\n")
end

test "timestamps" do
  t = YAML.load("--- 2001-12-14 21:59:43.10 -05:00")
  assert_kind_of Time, t
  assert_equal Time.utc(2001, 12, 15, 2, 59, 43, 100000), t
  assert_equal Time.utc(2001, 12, 14, 21, 59, 43), YAML.load("--- 2001-12-14t21:59:43Z")
  assert_true YAML.load("--- 2001-12-14 21:59:43Z").utc?
  assert_equal Time.utc(2001, 12, 14, 21, 59, 43), YAML.load("--- 2001-12-14 21:59:43")
  assert_equal Time.utc(2001, 12, 14, 12, 29, 43), YAML.load("--- 2001-12-14 21:59:43 +09:30")
  d = YAML.load("--- 2001-12-14")
  if YAML.date_class
    assert_equal YAML.date_class.new(2001, 12, 14), d
  else
    assert_equal "2001-12-14", d        # no Date class to make
  end
  assert_equal "2001-12-14", YAML.load(YAML.dump("2001-12-14"))
end

test "collections, nesting, flow style" do
  assert_equal [1, [2, 3], {"a" => "b"}], YAML.load("- 1\n- - 2\n  - 3\n- a: b\n")
  assert_equal({"a" => [1, 2], "b" => {"c" => nil}}, YAML.load("a: [1, 2]\nb: {c: ~}\n"))
  assert_equal [], YAML.load("--- []")
  assert_equal({}, YAML.load("--- {}"))
  assert_equal({[1, 2] => "pair", 3 => 4}, YAML.load("? - 1\n  - 2\n: pair\n3: 4\n"))
  assert_equal({"k" => [1, 2]}, YAML.load("k:\n- 1\n- 2\n"))
end

test "anchors, aliases, recursion, merge keys" do
  a = YAML.load("- &x [1, 2]\n- *x\n")
  assert_equal [[1, 2], [1, 2]], a
  assert_same a[0], a[1]
  r = YAML.load("--- &id001\n- *id001\n")
  assert_same r, r[0]
  h = YAML.load("--- &h\nself: *h\n")
  assert_same h, h["self"]
  m = YAML.load("base: &b\n  a: 1\n  b: 2\nchild:\n  <<: *b\n  b: 3\n  c: 4\n")
  assert_equal({"a" => 1, "b" => 3, "c" => 4}, m["child"])
  m = YAML.load("x: &x {a: 1}\ny: &y {a: 2, b: 2}\nz:\n  <<: [*x, *y]\n")
  assert_equal({"a" => 1, "b" => 2}, m["z"])
  e = assert_raise(ArgumentError) { YAML.load("- *nope\n") }
  assert_match(/line 1/, e.message)
end

test "round trips of every core type" do
  [nil, true, false, 0, 1, -42, 2 ** 70, -(2 ** 64), 1.5, -0.0, 1.0e+20, 3.14159, 1.0e-05,
   "", "plain", "with: colon", "- dash", "#hash", "  leading", "trailing  ", "tab\there",
   "123", "1.5", "true", "no", "~", "null", ":notsym", "2001-12-14", "0x1f", "<<", "=", "a'b\"c",
   "multi\nline", "multi\nline\n", "\nstarts with newline", "ends\n\n", "caf\303\251",
   "caf\351", "\000\001\002binary", "\377\376", "x" * 500,
   :sym, :"with space", :"quoted\"sym", :+, :[]=, :Const,
   [], [1, [2, [3]]], {}, {"a" => 1, :b => [nil], 3 => {4 => 5.5}}, {nil => 1, true => false},
   1..5, 1...5, "a".."z", 1.5..2.5,
   /ab+c/, /a b/ix, /a\/b/m, /[:#]/, /\n/,
   Time.utc(2001, 12, 14, 21, 59, 43, 100000), Time.at(1000000000), Time.utc(2000, 1, 1),
   YPoint.new(1, "two"), Struct::YPair.new([1], {:k => :v}),
   YFoo.new, YFoo.new([1, 2], {"h" => nil}), YSub.new(:s, 1..2),
  ].each do |v|
    got = round(v)
    assert_equal v, got, "round trip of #{v.inspect}: #{YAML.dump(v).inspect} gave #{got.inspect}"
    assert_equal v.class, got.class, "class of #{v.inspect}"
  end
  nan = round(0.0 / 0)
  assert_true nan.nan?
  assert_equal 1.0 / 0, round(1.0 / 0)
  assert_equal(-1.0 / 0, round(-1.0 / 0))
  assert_false round(1...5).exclude_end? == false
end

test "round trips of subclasses, ivars, exceptions" do
  h = YHash.new
  h["a"] = 1
  assert_equal YHash, round(h).class
  assert_equal({"a" => 1}, round(h))
  a = YArray.new
  a << 1 << 2
  assert_equal YArray, round(a).class
  assert_equal [1, 2], round(a)
  s = YStr.new("sub string")
  assert_equal YStr, round(s).class
  assert_equal "sub string", round(s)
  str = "ivars"
  str.instance_variable_set(:@note, [1])
  got = round(str)
  assert_equal "ivars", got
  assert_equal [1], got.instance_variable_get(:@note)
  e = RuntimeError.new("boom")
  got = round(e)
  assert_equal RuntimeError, got.class
  assert_equal "boom", got.message
  e = YError.new("mine")
  e.instance_variable_set(:@code, 7)
  got = round(e)
  assert_equal YError, got.class
  assert_equal "mine", got.message
  assert_equal 7, got.instance_variable_get(:@code)
  t = Time.utc(2001, 2, 3)
  t.instance_variable_set(:@zone_note, "utc")
  got = round(t)
  assert_equal t, got
  assert_equal "utc", got.instance_variable_get(:@zone_note)
end

test "shared and recursive structures round trip" do
  inner = [1, 2]
  outer = [inner, inner, {"k" => inner}]
  got = round(outer)
  assert_equal outer, got
  assert_same got[0], got[1]
  assert_same got[0], got[2]["k"]
  rec = []
  rec << rec << 1
  got = round(rec)
  assert_same got, got[0]
  assert_equal 1, got[1]
  h = {}
  h["me"] = h
  got = round(h)
  assert_same got, got["me"]
  f = YFoo.new
  f.a = f
  got = round(f)
  assert_same got, got.a
  text = YAML.dump(outer)
  assert_match(/&id001/, text)
  assert_match(/\*id001/, text)
end

test "what the dumps look like" do
  assert_equal "--- 1\n", 1.to_yaml
  assert_equal "--- abc\n", "abc".to_yaml
  assert_equal "--- :sym\n", :sym.to_yaml
  assert_equal "---\n- 1\n- two\n", [1, "two"].to_yaml
  assert_equal "---\na: 1\n", {"a" => 1}.to_yaml
  assert_equal "--- []\n", [].to_yaml
  assert_equal "--- {}\n", {}.to_yaml
  assert_equal "--- '123'\n", "123".to_yaml
  assert_equal "--- \":sym\"\n", ":sym".to_yaml
  assert_equal "--- |-\n  a\n  b\n", "a\nb".to_yaml
  assert_equal "--- !ruby/object:YFoo\na: 1\nb: x\n", YFoo.new.to_yaml
  assert_equal "--- !ruby/range\nbegin: 1\nend: 5\nexcl: true\n", (1...5).to_yaml
  assert_equal "--- !ruby/regexp /ab+c/i\n", /ab+c/i.to_yaml
  assert_equal "--- 2001-12-14 21:59:43.100000 Z\n", Time.utc(2001, 12, 14, 21, 59, 43, 100000).to_yaml
  assert_equal "--- !ruby/struct:YPoint\nx: 1\ny: 2\n", YPoint.new(1, 2).to_yaml
  assert_equal "--- !ruby/struct:YPair\nleft: 1\nright: 2\n", Struct::YPair.new(1, 2).to_yaml
  assert_equal "--- !ruby/exception:RuntimeError\nmessage: boom\n", RuntimeError.new("boom").to_yaml
  assert_equal "--- !map:YHash {}\n", YHash.new.to_yaml
  assert_equal "--- !binary |\n  AAECAw==\n", "\000\001\002\003".to_yaml
  assert_equal "--- .NaN\n", (0.0 / 0).to_yaml
  assert_equal "--- -.Inf\n", (-1.0 / 0).to_yaml
  assert_equal "---\na:\nb: true\n", {"a" => nil, "b" => true}.to_yaml
end

test "texts as Ruby 1.8.7's Syck writes them" do
  assert_equal YFoo.new, YAML.load("--- !ruby/object:YFoo \na: 1\nb: x\n")
  assert_equal({"a" => 1, "b" => [1, 2]}, YAML.load("--- \na: 1\nb: \n- 1\n- 2\n"))
  assert_equal [1, "two", :three, nil], YAML.load("--- \n- 1\n- two\n- :three\n- \n")
  assert_equal [], YAML.load("--- []\n\n")
  assert_equal({}, YAML.load("--- {}\n\n"))
  assert_nil YAML.load("--- \n")
  assert_equal "123", YAML.load("--- \"123\"\n")
  assert_equal "multi\nline", YAML.load("--- |-\n  multi\n  line\n")
  assert_equal "caf\303\251", YAML.load("--- \"caf\\xC3\\xA9\"\n")          # Syck's escapes are bytes
  assert_equal "caf\351 ok", YAML.load("--- \"caf\\xE9 ok\"\n")
  assert_equal "\000\001bin", YAML.load("--- !binary |\n  AAFiaW4=\n\n")
  assert_equal 1..5, YAML.load("--- !ruby/range \nbegin: 1\nend: 5\nexcl: false\n")
  assert_equal 1...5, YAML.load("--- !ruby/range 1...5\n")
  assert_equal "a".."b", YAML.load("--- !ruby/range a..b\n")
  assert_equal(/ab+c/i, YAML.load("--- !ruby/regexp /ab+c/i\n"))
  assert_equal YPoint.new(1, 2), YAML.load("--- !ruby/struct:YPoint \nx: 1\ny: 2\n")
  assert_equal Struct::YPair.new(3, 4), YAML.load("--- !ruby/struct:YPair \nleft: 3\nright: 4\n")
  e = YAML.load("--- !ruby/exception:RuntimeError \nmessage: boom\n")
  assert_equal RuntimeError, e.class
  assert_equal "boom", e.message
  assert_equal :sym, YAML.load("--- :sym\n")
  assert_equal :"a b", YAML.load("--- :\"a b\"\n")
  assert_equal Time.utc(2001, 9, 9, 1, 46, 40), YAML.load("--- 2001-09-09 01:46:40 +00:00\n")
  assert_equal Time.utc(2001, 12, 14, 21, 59, 43, 100000), YAML.load("--- 2001-12-14 21:59:43.100000 Z\n")
  a = YAML.load("--- \n- &id001 \n  - 1\n- *id001\n")
  assert_equal [[1], [1]], a
  assert_same a[0], a[1]
  r = YAML.load("--- &id001 \n- *id001\n")
  assert_same r, r[0]
  h = YAML.load("--- !map:YHash \na: 1\n")
  assert_equal YHash, h.class
  assert_equal({"a" => 1}, h)
  assert_equal YArray, YAML.load("--- !seq:YArray \n- 1\n").class
  s = YAML.load("--- !str:YStr sub\n")
  assert_equal YStr, s.class
  assert_equal "sub", s
  s = YAML.load("--- !str \nstr: abc\n\"@foo\": 1\n")
  assert_equal "abc", s
  assert_equal 1, s.instance_variable_get(:@foo)
  assert_equal 1.5, YAML.load("--- 1.5\n")
  assert_true YAML.load("--- .NaN\n").nan?
  assert_equal 1.0 / 0, YAML.load("--- .Inf\n")
  assert_equal [1, 2], YAML.load_stream("--- 1\n--- 2\n").documents
  assert_equal({"t" => true, "f" => false}, YAML.load("--- \nt: true\nf: false\n"))
  assert_equal "x", YAML.load("--- !str x\n")
  assert_equal 12, YAML.load("--- !int '12'\n")
  assert_equal 2.5, YAML.load("--- !float 2.5\n")
  assert_equal "5", YAML.load("--- !!str 5\n")
end

test "unknown classes and tags" do
  o = YAML.load("--- !ruby/object:NoSuchClass \na: 1\nb: two\n")
  assert_kind_of YAML::Object, o
  assert_equal "NoSuchClass", o.class
  assert_equal({"a" => 1, "b" => "two"}, o.ivars)
  assert_equal "--- !ruby/object:NoSuchClass\na: 1\nb: two\n", o.to_yaml
  d = YAML.load("--- !clarkevans.com,2002/graph \nshape: circle\n")
  assert_kind_of YAML::DomainType, d
  assert_equal "clarkevans.com,2002", d.domain
  assert_equal "graph", d.type_id
  assert_equal({"shape" => "circle"}, d.value)
  p = YAML.load("--- !!private 1\n")
  assert_kind_of YAML::PrivateType, p
  assert_equal "private", p.type_id
  assert_equal "1", p.value
  assert_raise(TypeError) { YAML.load("--- !ruby/exception:NoSuchError \nmessage: x\n") }
end

test "!omap, !pairs, !set" do
  o = YAML.load("--- !omap\n- a: 1\n- b: 2\n")
  assert_kind_of YAML::Omap, o
  assert_equal [["a", 1], ["b", 2]], o.to_a
  assert_equal o, round(o)
  assert_kind_of YAML::Omap, round(o)
  pr = YAML.load("--- !pairs\n- a: 1\n- a: 2\n")
  assert_kind_of YAML::Pairs, pr
  assert_equal [["a", 1], ["a", 2]], pr.to_a
  st = YAML.load("--- !set\n? a\n? b\n")
  assert_kind_of YAML::Set, st
  assert_equal ["a", "b"], st.keys.sort
end

test "syntax errors: ArgumentError with the line" do
  e = assert_raise(ArgumentError) { YAML.load("a: 1\nb: [1, 2\nc: 3\n") }
  assert_match(/\Asyntax error on line 3, col \d+: `c: 3'\z/, e.message)
  e = assert_raise(ArgumentError) { YAML.load("a: 1\n  b: 2\n") }
  assert_match(/\Asyntax error on line 2, col \d+: `  b: 2'/, e.message)
  e = assert_raise(ArgumentError) { YAML.load("- a\nb: c\n") }
  assert_match(/syntax error on line 2/, e.message)
  e = assert_raise(ArgumentError) { YAML.load("x: \"unterminated\n") }
  assert_match(/syntax error on line \d/, e.message)
  e = assert_raise(ArgumentError) { YAML.load("ok: 1\nbad: \001\n") }
  assert_match(/syntax error on line 2, col 5/, e.message)
  assert_raise(ArgumentError) { YAML.load("--- !ruby/object:YFoo\n- [\n") }
  assert_kind_of Class, YAML::ParseError
  assert_equal YAML::Error, YAML::ParseError.superclass
  assert_equal StandardError, YAML::Error.superclass
  assert_equal StandardError, YAML::TypeError.superclass
  e = assert_raise(YAML::TypeError) { YAML.load("--- !ruby/range [1, 2]\n") }
  assert_match(/\AInvalid Range: /, e.message)
  assert_raise(TypeError) { YAML.load(nil) }
end

test "load, load_file, documents, streams" do
  assert_false YAML.load("")
  assert_false YAML.load("# only a comment\n")
  assert_equal 1, YAML.load("--- 1\n--- 2\n")
  assert_equal({"a" => 1}, YAML.load(StringIO.new("a: 1\n")))
  docs = []
  YAML.load_documents("--- 1\n--- [2]\n--- {a: 3}\n") { |d| docs << d }
  assert_equal [1, [2], {"a" => 3}], docs
  docs = []
  YAML.each_document(StringIO.new("--- x\n...\n--- y\n")) { |d| docs << d }
  assert_equal ["x", "y"], docs
  s = YAML.load_stream("--- 1\n--- 2\n")
  assert_kind_of YAML::Stream, s
  assert_equal [1, 2], s.documents
  assert_equal 2, s[1]
  text = YAML.dump_stream(1, [2], "three")
  assert_equal "--- 1\n---\n- 2\n--- three\n", text
  assert_equal [1, [2], "three"], YAML.load_stream(text).documents
  s = YAML::Stream.new
  s.add({"a" => 1})
  s.add(:b)
  s.edit(1, :c)
  assert_equal "---\na: 1\n--- :c\n", s.emit
  dir = File.join(ENV['TMPDIR'] || '/tmp', "mr-yaml-#{$$}")
  Dir.mkdir(dir)
  begin
    path = File.join(dir, "t.yml")
    File.open(path, "w") { |f| YAML.dump({"k" => [1, 2]}, f) }
    assert_equal({"k" => [1, 2]}, YAML.load_file(path))
  ensure
    File.unlink(path) if File.exist?(path)
    Dir.rmdir(dir)
  end
  io = StringIO.new
  assert_same io, YAML.dump([1], io)
  assert_equal "---\n- 1\n", io.string
end

test "custom to_yaml, yaml_as, to_yaml_properties, add_domain_type" do
  klass = Class.new do
    attr_accessor :x, :secret
    def to_yaml_properties; ["@x"]; end
  end
  Object.const_set(:YHidden, klass)
  h = YHidden.new
  h.x = 1
  h.secret = "no"
  assert_equal "--- !ruby/object:YHidden\nx: 1\n", h.to_yaml
  got = round(h)
  assert_equal 1, got.x
  assert_nil got.secret
  c = Class.new do
    yaml_as "tag:example.com,2009:celsius"
    attr_accessor :deg
    def initialize(d = 0); @deg = d; end
    def to_yaml(opts = {})
      YAML.quick_emit(self, opts) { |out| out.scalar(taguri, "#{@deg}C", :plain) }
    end
    def self.yaml_new(klass, tag, val)
      klass.new(val.to_i)
    end
  end
  Object.const_set(:YCelsius, c)
  assert_equal "--- !example.com,2009/celsius 21C\n", YCelsius.new(21).to_yaml
  got = YAML.load("--- !example.com,2009/celsius 21C\n")
  assert_kind_of YCelsius, got
  assert_equal 21, got.deg
  assert_equal [21], round([YCelsius.new(21)]).map { |t| t.deg }
  YAML.add_domain_type("example.com,2009", "point") { |type, val| [type, val["x"], val["y"]] }
  assert_equal ["point", 1, 2], YAML.load("--- !example.com,2009/point\nx: 1\ny: 2\n")
  YAML.add_private_type("dice") { |type, val| val.split("d").map { |n| n.to_i } }
  assert_equal [3, 6], YAML.load("--- !!dice 3d6\n")
  init = Class.new do
    attr_reader :got
    def yaml_initialize(tag, val); @got = [tag, val]; end
  end
  Object.const_set(:YInit, init)
  o = YAML.load("--- !ruby/object:YInit\na: 1\n")
  assert_equal ["tag:ruby.yaml.org,2002:object:YInit", {"a" => 1}], o.got
  m = Class.new do
    def to_yaml(opts = {})
      YAML.quick_emit(self, opts) do |out|
        out.map("tag:yaml.org,2002:map") { |map| map.add("custom", [1, 2]) }
      end
    end
  end
  assert_equal({"wrapped" => {"custom" => [1, 2]}}, round({"wrapped" => m.new}))
  assert_equal "tag:ruby.yaml.org,2002:object:YFoo", YFoo.new.taguri
  assert_equal "tag:yaml.org,2002:map", {}.taguri
  assert_equal "tag:yaml.org,2002:map:YHash", YHash.new.taguri
end

test "classes cannot be dumped, as in 1.8.7" do
  e = assert_raise(TypeError) { String.to_yaml }
  assert_equal "can't dump anonymous class Class", e.message
  assert_raise(TypeError) { YAML.dump(Kernel) }
end

test "object_maker, read_type_class, tagurize" do
  o = YAML.object_maker(YFoo, "a" => 5, "b" => 6)
  assert_equal YFoo.new(5, 6), o
  assert_raise(YAML::Error) { YAML.object_maker(YFoo, [1]) }
  assert_equal ["struct", Struct::YPair], YAML.read_type_class("tag:ruby.yaml.org,2002:struct:YPair", Struct)
  assert_equal "tag:ruby.yaml.org,2002:object:Foo", YAML.tagurize("!ruby/object:Foo")
  assert_equal "tag:yaml.org,2002:str", YAML.tagurize("!str")
  assert_equal "tag:yaml.org,2002:str", YAML.tagurize("str")
  assert_equal "tag:a.com,2000:x", YAML.tagurize("!a.com,2000/x")
end

test "Kernel#y" do
  saved = $stdout
  $stdout = StringIO.new
  begin
    y({"a" => 1})
    y 1, 2
    out = $stdout.string
  ensure
    $stdout = saved
  end
  assert_equal "---\na: 1\n--- 1\n--- 2\n", out
end

test "the libyaml binding" do
  assert_match(/\A\d+\.\d+/, YAML::LibYAML::VERSION)
  p = YAML::LibYAML::Parser.new("a: [1]\n")
  events = []
  while (e = p.next_event)
    events << e[0]
  end
  assert_equal [:stream_start, :document_start, :mapping_start, :scalar, :sequence_start, :scalar,
                :sequence_end, :mapping_end, :document_end, :stream_end], events
  assert_nil p.next_event
  em = YAML::LibYAML::Emitter.new
  em.stream_start
  em.document_start(true)
  assert_raise(ArgumentError) { em.scalar("\377", nil, nil, true, true, :plain) }   # not UTF-8
  e = assert_raise(RuntimeError) { em.mapping_end }
  assert_match(/\AYAML emitter: /, e.message)
  assert_raise(RuntimeError) { em.stream_end }        # broken for good
end
