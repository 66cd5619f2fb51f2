# shared_objects.rb: the extensions that need a library of their own
# (readline, zlib, digest, yaml) are shared objects, opened by the first
# require of one of their names: until then their libraries are not in
# the process; after it they work, and a second require is false.
require 'assert'

def mapped
  File.read("/proc/self/maps").scan(%r{/([^/\s]+)\.so[.\d]*$}).flatten.uniq
end

LIBRARIES = { "zlib" => "libz", "digest/md5" => "libnettle", "yaml" => "libyaml-0", "readline" => "libreadline" }

test "no library of a shared extension is mapped before its require" do
  at_start = mapped
  LIBRARIES.each_value { |lib| assert_equal false, at_start.include?(lib), lib }
  %w(zlib digest yaml readline).each { |so| assert_equal false, at_start.include?(so), so }
end

test "require opens the shared object and its library" do
  assert_equal true, require('zlib')
  assert_equal true, mapped.include?("zlib")
  assert_equal true, mapped.include?("libz")
  assert_equal false, mapped.include?("libnettle")
  assert_equal "x\234K\004\000\000b\000b", Zlib::Deflate.deflate("a")
  assert_equal false, require('zlib')
  assert_equal true, $".include?("zlib.so")
end

test "one shared object serves several names" do
  assert_equal true, require('digest/md5')
  assert_equal true, require('digest/sha1')
  assert_equal "0cc175b9c0f1b6a831c399e269772661", Digest::MD5.hexdigest("a")
  assert_equal "86f7e437faa5a7fce15d1ddcb9eaeaea377667b8", Digest::SHA1.hexdigest("a")
  assert_equal 1, File.read("/proc/self/maps").scan(%r{/digest\.so$}).uniq.size
end

test "yaml and readline the same way" do
  require 'yaml'
  assert_equal({ "a" => [1, 2] }, YAML.load("a: [1, 2]\n"))
  require 'readline'
  assert_equal true, Readline.respond_to?(:readline)
  LIBRARIES.each_value { |lib| assert_equal true, mapped.include?(lib), lib }
end
