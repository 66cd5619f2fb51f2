# yaml_parse.rb: lib/yaml/node.rb, YAML.parse and the node tree
# (YAML::Syck::Scalar, Seq, Map: kind, type_id, value, transform, [],
# children), YAML.parse_documents, parse_file.
require 'assert'
require 'yaml'

Pair = Struct.new(:a, :b)

DOC = <<'YAML'
name: miniruby
list: [x, 2.5, ~, 7]
base: &b {k: v}
again: *b
pair: !ruby/struct:Pair {a: 1, b: two}
'quoted': "1"
sym: :s
YAML

test "the tree: kinds, tags and values" do
  n = YAML.parse(DOC)
  assert_kind_of YAML::Syck::Node, n
  assert_kind_of YAML::Syck::Map, n
  assert_equal :map, n.kind
  assert_equal "tag:yaml.org,2002:map", n.type_id
  assert_equal 7, n.value.size
  assert_equal %w[again base list name pair quoted sym], n.value.keys.map { |k| k.value }.sort
  name = n["name"]
  assert_kind_of YAML::Syck::Scalar, name
  assert_equal [:scalar, "tag:yaml.org,2002:str", "miniruby"], [name.kind, name.type_id, name.value]
  list = n["list"]
  assert_kind_of YAML::Syck::Seq, list
  assert_equal :seq, list.kind
  assert_equal "tag:yaml.org,2002:seq", list.type_id
  assert_equal ["x", "2.5", "~", "7"], list.value.map { |c| c.value }
  assert_equal %w[str float null int].map { |t| "tag:yaml.org,2002:#{t}" }, list.children.map { |c| c.type_id }
  assert_equal "7", list[3].value
  assert_equal "tag:ruby.yaml.org,2002:struct:Pair", n["pair"].type_id
  assert_equal "tag:yaml.org,2002:str", n["quoted"].type_id     # quoted: a String
  assert_equal "tag:ruby.yaml.org,2002:sym", n["sym"].type_id
  assert_same n["base"], n["again"]                               # an alias is its anchor's node
  assert_nil n["no such key"]
  assert_nil name.children
  assert_equal 7, n.children.size
end

test "transform is what load makes" do
  n = YAML.parse(DOC)
  assert_equal YAML.load(DOC), n.transform
  all = n.transform
  assert_same all["base"], all["again"]
  assert_equal Pair.new(1, "two"), n["pair"].transform
  assert_equal ["x", 2.5, nil, 7], n["list"].transform
  assert_equal 2.5, n["list"][1].transform
  assert_equal "1", n["quoted"].transform
  assert_equal :s, n["sym"].transform
  assert_equal({ "k" => "v" }, n["again"].transform)   # alias to an anchor outside the node
  merged = YAML.parse("base: &b {x: 1}\nder:\n  <<: *b\n  y: 2\n")
  assert_equal({ "x" => 1, "y" => 2 }, merged["der"].transform)
  r = YAML.parse("--- &a\n- 1\n- *a\n").transform
  assert_same r, r[1]
end

test "empty input, documents, files" do
  assert_false YAML.parse("")
  assert_equal 3, YAML.parse("--- 3\n").transform
  got = []
  YAML.parse_documents("--- 1\n--- [2]\n--- {a: b}\n") { |d| got << [d.kind, d.transform] }
  assert_equal [[:scalar, 1], [:seq, [2]], [:map, { "a" => "b" }]], got
  got = []
  YAML.each_node("--- x\n") { |d| got << d.value }
  assert_equal ["x"], got
  path = File.join(ENV['TMPDIR'] || '/tmp', "mr-yaml-parse-#{$$}.yml")
  begin
    File.open(path, "w") { |f| f.write("a: [1, 2]\n") }
    assert_equal({ "a" => [1, 2] }, YAML.parse_file(path).transform)
  ensure
    File.unlink(path)
  end
end

test "bad input" do
  e = assert_raise(ArgumentError) { YAML.parse("a: [1, 2\n") }
  assert_match(/\Asyntax error on line 2, col \d+/, e.message)
  e = assert_raise(ArgumentError) { YAML.parse("a: *nope\n") }
  assert_equal "syntax error on line 1: undefined alias *nope", e.message
  e = assert_raise(TypeError) { YAML.parse(nil) }
  assert_equal "can't convert nil into String", e.message
end
