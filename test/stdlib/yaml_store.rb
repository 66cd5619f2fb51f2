# yaml_store.rb: lib/yaml/store.rb, YAML::Store (a PStore in a YAML file).
require 'assert'
require 'yaml/store'

TMP = File.join(ENV['TMPDIR'] || '/tmp', "mr-yaml-store-#{$$}")
Dir.mkdir(TMP)
at_exit do
  Dir[File.join(TMP, "*")].each { |f| File.unlink(f) }
  Dir.rmdir(TMP)
end

Point = Struct.new(:x, :y)

test "a YAML::Store is a PStore whose file is YAML" do
  path = File.join(TMP, "a.yml")
  s = YAML::Store.new(path)
  assert_kind_of PStore, s
  assert_equal path, s.path
  s.transaction do
    s["list"] = [1, "two", :three]
    s[:point] = Point.new(1, 2)
    s["nested"] = { "k" => 1.5, "n" => nil }
  end
  text = File.read(path)
  assert_match(/\A---\s*\n/, text)
  assert_match(/^list:\n- 1\n- two\n- :three\n/, text)
  plain = YAML.load_file(path)
  assert_equal [1, "two", :three], plain["list"]
  assert_equal Point.new(1, 2), plain[:point]
  s.transaction(true) do
    assert_equal ["list", :point, "nested"].sort_by { |k| k.to_s }, s.roots.sort_by { |k| k.to_s }
    assert_equal({ "k" => 1.5, "n" => nil }, s["nested"])
    assert_equal Point.new(1, 2), s.fetch(:point)
    assert_true s.root?("list")
  end
end

test "a file written by hand is read" do
  path = File.join(TMP, "hand.yml")
  File.open(path, "w") { |f| f.write("name: miniruby\nversions: [1.8, 1.8.7]\n") }
  s = YAML::Store.new(path)
  assert_equal "miniruby", s.transaction(true) { s["name"] }
  assert_equal [1.8, "1.8.7"], s.transaction(true) { s["versions"] }
  s.transaction { s["name"] = "mr" }
  assert_equal({ "name" => "mr", "versions" => [1.8, "1.8.7"] }, YAML.load_file(path))
end

test "abort, read-only transactions and errors are PStore's" do
  path = File.join(TMP, "b.yml")
  s = YAML::Store.new(path)
  s.transaction { s["a"] = 1 }
  s.transaction { s["a"] = 2; s.abort }
  assert_equal 1, s.transaction(true) { s["a"] }
  e = assert_raise(PStore::Error) { s.transaction(true) { s["a"] = 3 } }
  assert_equal "in read-only transaction", e.message
  e = assert_raise(PStore::Error) { s["a"] }
  assert_equal "not in transaction", e.message
  e = assert_raise(PStore::Error) { s.transaction(true) { s.fetch("zz") } }
  assert_equal "undefined root name `zz'", e.message
  e = assert_raise(PStore::Error) { YAML::Store.new(File.join(TMP, "no", "c.yml")) }
  assert_equal "directory #{File.join(TMP, 'no')} does not exist", e.message
end

test "an unchanged table is not rewritten; options are accepted" do
  path = File.join(TMP, "c.yml")
  s = YAML::Store.new(path, :Indent => 4)
  s.transaction { s["a"] = [1] }
  File.utime(0, 0, path)
  s.transaction { s["a"] }
  assert_equal 0, File.mtime(path).to_i
  s.transaction { s["a"] << 2 }
  assert_not_equal 0, File.mtime(path).to_i
  assert_equal({ "a" => [1, 2] }, YAML.load_file(path))
end

test "a file that is not a mapping, or not YAML" do
  path = File.join(TMP, "d.yml")
  File.open(path, "w") { |f| f.write("- just\n- a list\n") }
  e = assert_raise(PStore::Error) { YAML::Store.new(path).transaction { } }
  assert_equal "PStore file seems to be corrupted.", e.message
  File.open(path, "w") { |f| f.write("a: [1, 2\n") }
  e = assert_raise(ArgumentError) { YAML::Store.new(path).transaction(true) { } }
  assert_match(/\Asyntax error on line \d+, col \d+/, e.message)
  assert_equal "a: [1, 2\n", File.read(path)
end
