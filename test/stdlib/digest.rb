# digest.rb: ext/digest (Digest::MD5, SHA1, SHA256, SHA384, SHA512,
# RMD160, SHA2, the Instance/Class/Base framework) and lib/md5.rb,
# lib/sha1.rb; digests checked against coreutils' *sum commands.
require 'assert'
require 'digest/md5'
require 'digest/sha1'
require 'digest/sha2'
require 'digest/rmd160'

TMP = File.join(ENV['TMPDIR'] || '/tmp', "mr-digest-#{$$}")
Dir.mkdir(TMP)
at_exit do
  Dir[File.join(TMP, "*")].each { |f| File.unlink(f) }
  Dir.rmdir(TMP)
end

def tmpfile(name, content)
  path = File.join(TMP, name)
  File.open(path, "wb") { |f| f.write(content) }
  path
end

SAMPLES = ["", "abc", "The quick brown fox jumps over the lazy dog",
           (0..255).map { |i| i.chr }.join * 3, "x" * 100000]
TOOLS = { Digest::MD5 => "md5sum", Digest::SHA1 => "sha1sum", Digest::SHA256 => "sha256sum",
          Digest::SHA384 => "sha384sum", Digest::SHA512 => "sha512sum" }

test "hexdigests match the coreutils commands" do
  SAMPLES.each_with_index do |data, i|
    path = tmpfile("sample#{i}", data)
    TOOLS.each do |klass, tool|
      expected = `#{tool} #{path}`.split.first
      assert_equal expected, klass.hexdigest(data), "#{klass} of sample #{i}"
      assert_equal expected, klass.file(path).hexdigest, "#{klass}.file of sample #{i}"
      assert_equal [expected].pack("H*"), klass.digest(data)
    end
  end
end

test "known vectors, RMD160 among them" do
  assert_equal "900150983cd24fb0d6963f7d28e17f72", Digest::MD5.hexdigest("abc")
  assert_equal "d41d8cd98f00b204e9800998ecf8427e", Digest::MD5.hexdigest("")
  assert_equal "a9993e364706816aba3e25717850c26c9cd0d89d", Digest::SHA1.hexdigest("abc")
  assert_equal "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
               Digest::SHA256.hexdigest("abc")
  assert_equal "9c1185a5c5e9fc54612808977ee8f548b2258d31", Digest::RMD160.hexdigest("")
  assert_equal "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc", Digest::RMD160.hexdigest("abc")
  assert_equal "37f332f68db77bd9d7edd4969571ad671cf9dd3b",
               Digest::RMD160.hexdigest("The quick brown fox jumps over the lazy dog")
  assert_equal "52783243c1697bdbe16d37f97f68f08325dc1528", Digest::RMD160.hexdigest("a" * 1000000)
end

test "lengths" do
  { Digest::MD5 => [16, 64], Digest::SHA1 => [20, 64], Digest::SHA256 => [32, 64],
    Digest::SHA384 => [48, 128], Digest::SHA512 => [64, 128], Digest::RMD160 => [20, 64] }.each do |k, (dl, bl)|
    d = k.new
    assert_equal dl, d.digest_length, "#{k} digest_length"
    assert_equal dl, d.length
    assert_equal dl, d.size
    assert_equal bl, d.block_length, "#{k} block_length"
    assert_equal dl, d.digest.size
    assert_equal dl * 2, d.hexdigest.size
  end
end

test "update, <<, digest keeps the state, digest! resets it" do
  d = Digest::SHA1.new
  assert_same d, d.update("a")
  assert_same d, d << "b" << "c"
  assert_equal Digest::SHA1.hexdigest("abc"), d.hexdigest
  assert_equal Digest::SHA1.hexdigest("abc"), d.hexdigest        # still there
  assert_equal Digest::SHA1.digest("abc"), d.digest
  d << "d"
  assert_equal Digest::SHA1.hexdigest("abcd"), d.to_s
  assert_equal Digest::SHA1.hexdigest("abcd"), d.hexdigest!
  assert_equal Digest::SHA1.hexdigest(""), d.hexdigest           # reset by the !
  d << "xyz"
  assert_equal Digest::SHA1.digest("xyz"), d.digest!
  assert_equal Digest::SHA1.digest(""), d.digest
  d << "junk"
  assert_same d, d.reset
  assert_equal Digest::SHA1.hexdigest(""), d.hexdigest
  d << "junk"
  assert_equal Digest::SHA1.hexdigest("other"), d.hexdigest("other")   # of the argument alone
  assert_equal Digest::SHA1.hexdigest(""), d.hexdigest                 # and reset after
  assert_equal Digest::SHA1.digest("x"), d.digest("x")
  assert_raise(TypeError) { d.update(1) }
  assert_raise(TypeError) { d << nil }
end

test "new, clone, dup" do
  d = Digest::MD5.new
  d << "abc"
  e = d.clone
  e << "def"
  assert_equal Digest::MD5.hexdigest("abc"), d.hexdigest
  assert_equal Digest::MD5.hexdigest("abcdef"), e.hexdigest
  f = d.new                                         # Instance#new: a fresh one
  assert_kind_of Digest::MD5, f
  assert_equal Digest::MD5.hexdigest(""), f.hexdigest
  assert_equal Digest::MD5.hexdigest("abc"), d.dup.hexdigest
end

test "==, inspect" do
  a = Digest::MD5.new << "abc"
  b = Digest::MD5.new << "ab"
  assert_false a == b
  b << "c"
  assert_true a == b
  assert_true a == Digest::MD5.hexdigest("abc")
  assert_false a == Digest::MD5.hexdigest("abd")
  assert_false a == Digest::MD5.digest("abc")        # 1.8.7 compares Strings with the hex form
  assert_false a == Digest::SHA1.new
  assert_raise(TypeError) { a == 1 }
  assert_equal "#<Digest::MD5: 900150983cd24fb0d6963f7d28e17f72>", a.inspect
  assert_equal "#<Digest::SHA1: da39a3ee5e6b4b0d3255bfef95601890afd80709>", Digest::SHA1.new.inspect
end

test "Digest.hexencode" do
  assert_equal "", Digest.hexencode("")
  assert_equal "00ff10ab", Digest.hexencode("\x00\xff\x10\xab")
  assert_raise(TypeError) { Digest.hexencode(1) }
end

test "the class hierarchy as 1.8.7 arranged it" do
  assert_equal Digest::Base, Digest::MD5.superclass
  assert_equal Digest::Base, Digest::SHA256.superclass
  assert_equal Digest::Class, Digest::Base.superclass
  assert_equal Object, Digest::Class.superclass
  assert Digest::Class.include?(Digest::Instance)
  assert_equal Digest::Class, Digest::SHA2.superclass
  assert_kind_of Module, Digest::Instance
  assert_false Digest::Instance.is_a?(Class)
  assert_true Digest::MD5.private_method_defined?(:finish)
end

test "Digest::SHA2" do
  assert_equal Digest::SHA256.hexdigest("abc"), Digest::SHA2.hexdigest("abc")
  assert_equal Digest::SHA384.hexdigest("abc"), Digest::SHA2.new(384).update("abc").hexdigest
  d = Digest::SHA2.new(512)
  d << "a" << "bc"
  assert_equal Digest::SHA512.hexdigest("abc"), d.to_s
  assert_equal 64, d.digest_length
  assert_equal 128, d.block_length
  c = d.clone
  c << "d"
  assert_equal Digest::SHA512.hexdigest("abc"), d.hexdigest
  assert_equal Digest::SHA512.hexdigest("abcd"), c.hexdigest
  assert_equal "#<Digest::SHA2:256 #{Digest::SHA256.hexdigest('')}>", Digest::SHA2.new.inspect
  e = assert_raise(ArgumentError) { Digest::SHA2.new(128) }
  assert_equal "unsupported bit length: 128", e.message
  assert_raise(ArgumentError) { Digest::SHA2.new("256") }
end

test "errors of the framework" do
  e = assert_raise(NotImplementedError) { Digest::Base.new }
  assert_equal "Digest::Base is an abstract class", e.message
  bare = Class.new(Digest::Base)
  e = assert_raise(RuntimeError) { bare.new }
  assert_equal "Digest::Base cannot be directly inherited in Ruby", e.message
  klass = Class.new(Digest::Class)
  e = assert_raise(RuntimeError) { klass.new.update("x") }
  assert_match(/does not implement update\(\)\z/, e.message)
  assert_raise(RuntimeError) { klass.new.reset }
  assert_raise(RuntimeError) { klass.new.block_length }
  e = assert_raise(ArgumentError) { Digest::MD5.digest }
  assert_equal "no data given", e.message
  assert_raise(ArgumentError) { Digest::MD5.hexdigest }
  assert_raise(Errno::ENOENT) { Digest::MD5.file(File.join(TMP, "missing")) }
end

test "subclasses" do
  sub = Class.new(Digest::MD5)
  assert_equal Digest::MD5.hexdigest("abc"), sub.hexdigest("abc")
  assert_kind_of sub, sub.new.new
end

# A digest written in Ruby on Digest::Class: a byte sum.
class ByteSum < Digest::Class
  def initialize; reset; end
  def reset; @sum = 0; self; end
  def update(s); s.each_byte { |b| @sum = (@sum + b) & 0xffff }; self; end
  alias << update
  def block_length; 1; end
  private
  def finish; [@sum].pack("n"); end
end

test "a digest written in Ruby" do
  assert_equal "0126", ByteSum.hexdigest("abc")
  d = ByteSum.new
  d << "ab" << "c"
  assert_equal "0126", d.hexdigest
  assert_equal "\x01\x26", d.digest
  assert_equal 2, d.digest_length
  assert_equal 1, d.block_length
  assert_equal "#<ByteSum: 0126>", d.inspect
  assert_true d == "0126"
  path = tmpfile("sum", "abc")
  assert_equal "0126", ByteSum.file(path).hexdigest
  assert_equal "0126", ByteSum.new.file(path).to_s
end

test "autoloading from require 'digest'" do
  ruby = File.readlink("/proc/self/exe")
  script = 'require "digest"; print Digest::SHA384.hexdigest(""), " ", Digest::RMD160.new.size; ' +
           'begin; Digest::Nope; rescue LoadError => e; print " ", e.message; end'
  out = IO.popen("#{ruby} -e '#{script}' 2>&1") { |io| io.read }
  assert_equal Digest::SHA384.hexdigest("") + " 20 library not found for class Digest::Nope -- digest/nope", out
  assert_equal Digest::RMD160, Digest.const_missing(:RMD160)
end

test "the old md5 and sha1 libraries" do
  require 'md5'
  require 'sha1'
  assert_equal "900150983cd24fb0d6963f7d28e17f72", MD5.new("abc").hexdigest
  assert_equal "900150983cd24fb0d6963f7d28e17f72", MD5.hexdigest("abc")
  assert_equal "900150983cd24fb0d6963f7d28e17f72", MD5.md5("abc").to_s
  m = MD5.new
  m << "abc"
  assert_equal MD5.new("abc"), m
  assert_equal Digest::MD5, MD5.superclass
  assert_equal "a9993e364706816aba3e25717850c26c9cd0d89d", SHA1.new("abc").hexdigest
  assert_equal "a9993e364706816aba3e25717850c26c9cd0d89d", SHA1.sha1("abc").hexdigest
end
