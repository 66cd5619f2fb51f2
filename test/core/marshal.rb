# marshal.rb: Marshal as Ruby 1.8.7 has it (format 4.8): the bytes it
# writes for each type, round trips (shared references, cycles, Struct,
# user classes, _dump/_load, marshal_dump/marshal_load, extended modules,
# instance variables, Time), bytes written by 1.8.7 and later Rubies, the errors,
# IO sources and destinations, the depth limit and load's proc.  Deep
# nesting (SystemStackError) is in test/hardening/deep_nesting.rb.
require 'assert'

def dump(x) Marshal.dump(x) end
def copy(x) Marshal.load(Marshal.dump(x)) end
def float_bits(f) [f].pack("D") end

Point = Struct.new(:x, :y)

class Pair
  attr_accessor :a, :b
  def initialize(a = nil, b = nil) @a, @b = a, b end
end

class UserDump                        # _dump / self._load
  attr_reader :v, :limit
  def initialize(v, limit = nil) @v, @limit = v, limit end
  def _dump(limit) "#{@v}:#{limit}" end
  def self._load(s) v, l = s.split(":"); new(v.to_i, l.to_i) end
end

class UserMarshal                     # marshal_dump / marshal_load
  attr_reader :v, :loaded
  def initialize(v) @v = v end
  def marshal_dump() [@v, :extra] end
  def marshal_load(a) @v = a[0]; @loaded = a end
end

class MyString < String; end
class MyArray < Array; end
class MyHash < Hash; end
class MyRegexp < Regexp; end
module Tag; end
module Mark; end
module Outer; class Inner; end; end

test "version constants" do
  assert_equal 4, Marshal::MAJOR_VERSION
  assert_equal 8, Marshal::MINOR_VERSION
  assert_equal "\004\b", dump(nil)[0, 2]
end

test "nil, true, false and Fixnums: bytes" do
  assert_equal "\004\b0", dump(nil)
  assert_equal "\004\bT", dump(true)
  assert_equal "\004\bF", dump(false)
  { 0 => "\004\bi\000", 1 => "\004\bi\006", -1 => "\004\bi\372", 122 => "\004\bi\177",
    123 => "\004\bi\001{", -123 => "\004\bi\200", -124 => "\004\bi\377\204",
    255 => "\004\bi\001\377", 256 => "\004\bi\002\000\001", -256 => "\004\bi\377\000",
    -257 => "\004\bi\376\377\376", 65536 => "\004\bi\003\000\000\001",
    2**30 - 1 => "\004\bi\004\377\377\377?", -(2**30) => "\004\bi\374\000\000\000\300",
  }.each { |n, bytes| assert_equal bytes, dump(n), "dump(#{n})" }
end

test "Fixnums beyond 31 bits and Bignums are written as 'l'" do
  assert_equal "\004\bl+\a\000\000\000@", dump(2**30)
  assert_equal "\004\bl-\a\001\000\000@", dump(-(2**30) - 1)
  assert_equal "\004\bl+\a\000\000\000\200", dump(2**31)
  assert_equal "\004\bl+\b\000\000\000\000\001\000", dump(2**32)
  assert_equal "\004\bl-\b\000\000\000\000\001\000", dump(-(2**32))
  assert_equal "\004\bl+\n\000\000\000\000\000\000\000\000\001\000", dump(2**64)
  assert_equal "\004\bl-\n\377\377\377\377\377\377\377\377?\000", dump(-(2**70) + 1)
  [2**30, -(2**30) - 1, 2**62, -(2**62), 2**64, -(2**64), 3**100, -(7**77), 2**1000 + 1].each do |n|
    assert_equal n, copy(n)
    assert_equal n.class, copy(n).class
  end
end

test "Symbols and symbol links" do
  assert_equal "\004\b:\bfoo", dump(:foo)
  assert_equal "\004\b[\a:\bfoo;\000", dump([:foo, :foo])
  assert_equal "\004\b[\b:\006a:\006b;\000", dump([:a, :b, :a])
  assert_equal [:a, :b, :a, :"with space"], copy([:a, :b, :a, :"with space"])
end

test "Strings, Arrays, Hashes: bytes" do
  assert_equal "\004\b\"\babc", dump("abc")
  assert_equal "\004\b\"\000", dump("")
  assert_equal "\004\b[\000", dump([])
  assert_equal "\004\b[\ai\006[\006i\a", dump([1, [2]])
  assert_equal "\004\b{\006i\006i\a", dump({1 => 2})
  h = Hash.new(5)
  h[1] = 2
  assert_equal "\004\b}\006i\006i\ai\n", dump(h)
  s = "x"
  assert_equal "\004\b[\a\"\006x@\006", dump([s, s])
end

test "Floats: bytes as 1.8.7 writes them" do
  assert_equal "\004\bf\0061", dump(1.0)
  assert_equal "\004\bf\0060", dump(0.0)
  assert_equal "\004\bf\a-0", dump(-0.0)
  assert_equal "\004\bf\binf", dump(1.0 / 0)
  assert_equal "\004\bf\t-inf", dump(-1.0 / 0)
  assert_equal "\004\bf\bnan", dump(0.0 / 0)
  assert_equal "\004\bf\b2.5", dump(2.5)
  assert_equal "\004\bf\v1.1\000\231\232", dump(1.1)
  assert_equal "\004\bf\r1e+20\000\214@", dump(1.0e20)
  assert_equal "\004\bf\0320.3333333333333333\000UU", dump(1 / 3.0)
end

test "Floats round trip exactly" do
  [0.0, 1.0, -1.5, 1.0e20, 1 / 3.0, 0.1, 1.1, -2.5e-300, 123456.789, 4.9e-324,
   1.7976931348623157e308, 2.0**-1074, 1.0 / 0, -1.0 / 0].each do |f|
    assert_equal float_bits(f), float_bits(copy(f)), "round trip of #{f}"
  end
  assert_equal "-0.0", copy(-0.0).to_s
  assert copy(0.0 / 0).nan?
  srand(1234)
  bad = 0
  2000.times do
    f = [rand(2**32), rand(2**32)].pack("LL").unpack("D")[0]
    next if f.nan?
    bad += 1 unless float_bits(copy(f)) == float_bits(f)
  end
  assert_equal 0, bad
end

test "Regexps with options and kcode" do
  assert_equal "\004\b/\aab\000", dump(/ab/)
  assert_equal "\004\b/\aab\001", dump(/ab/i)
  assert_equal "\004\b/\aab\a", dump(/ab/mix)
  assert_equal "\004\b/\aab@", dump(/ab/u)
  assert_equal "\004\b/\aab\020", dump(/ab/n)
  [/ab/, /a.b/mix, /x/u, /x/n, /x/e, /x/s, /[a-z]+\d*/].each do |re|
    r = copy(re)
    assert_equal re.source, r.source
    assert_equal re.options, r.options
  end
  assert_equal 0, copy(/a(b)c/) =~ "abc"
end

test "Struct: bytes and round trip" do
  assert_equal "\004\bS:\nPoint\a:\006xi\006:\006yi\a", dump(Point.new(1, 2))
  pt = copy(Point.new(1, "two"))
  assert_equal Point, pt.class
  assert_equal 1, pt.x
  assert_equal "two", pt.y
  assert_equal Point.new(nil, [3]), copy(Point.new(nil, [3]))
end

test "objects with instance variables" do
  assert_equal "\004\bo:\tPair\a:\a@ai\006:\a@b\"\006s", dump(Pair.new(1, "s"))
  assert_equal "\004\bo:\vObject\000", dump(Object.new)
  p2 = copy(Pair.new([1, 2], { :k => "v" }))
  assert_equal Pair, p2.class
  assert_equal [1, 2], p2.a
  assert_equal({ :k => "v" }, p2.b)
  assert_equal "\004\bo:\021Outer::Inner\000", dump(Outer::Inner.new)
  assert_equal Outer::Inner, copy(Outer::Inner.new).class
end

test "classes and modules" do
  assert_equal "\004\bc\tPair", dump(Pair)
  assert_equal "\004\bm\bTag", dump(Tag)
  assert_equal "\004\bc\021Outer::Inner", dump(Outer::Inner)
  assert_same Pair, copy(Pair)
  assert_same Tag, copy(Tag)
  assert_same Comparable, copy(Comparable)
  assert_same Outer::Inner, copy(Outer::Inner)
  assert_equal [String, Kernel], copy([String, Kernel])
end

test "Ranges as 1.8.7's plain objects" do
  assert_equal "\004\bo:\nRange\b:\texclF:\nbegini\006:\bendi\a", dump(1..2)
  assert_equal "\004\bo:\nRange\b:\texclT:\nbegini\006:\bendi\a", dump(1...2)
  assert_equal 1...2, copy(1...2)
  assert_equal "a".."z", copy("a".."z")
end

test "exceptions keep message and backtrace" do
  assert_equal "\004\bo:\021RuntimeError\006:\tmesg\"\bboo", dump(RuntimeError.new("boo"))
  e = begin; raise ArgumentError, "bad"; rescue => x; x; end
  c = copy(e)
  assert_equal ArgumentError, c.class
  assert_equal "bad", c.message
  assert_equal e.backtrace, c.backtrace
end

test "shared references and cycles are preserved" do
  s = "shared"
  a = copy([s, s, [s]])
  assert_same a[0], a[1]
  assert_same a[0], a[2][0]
  cyc = []
  cyc << cyc
  assert_equal "\004\b[\006@\000", dump(cyc)
  c = copy(cyc)
  assert_same c, c[0]
  h = {}
  h[:self] = h
  h2 = copy(h)
  assert_same h2, h2[:self]
  pr = Pair.new
  pr.a = pr
  pr.b = [pr]
  p2 = copy(pr)
  assert_same p2, p2.a
  assert_same p2, p2.b[0]
  f = 1.5
  assert_equal "\004\b[\af\b1.5@\006", dump([f, f])
end

test "Hash with a default value; a default proc cannot be dumped" do
  h = Hash.new("dflt")
  h[:a] = 1
  h2 = copy(h)
  assert_equal 1, h2[:a]
  assert_equal "dflt", h2[:missing]
  assert_equal "dflt", h2.default
  assert_nil copy({ 1 => 2 }).default
  assert_raise(TypeError, "can't dump hash with default proc") { dump(Hash.new { |hh, k| k }) }
end

test "user subclasses of String, Array, Hash and Regexp: 'C'" do
  assert_equal "\004\bC:\rMyString\"\006a", dump(MyString.new("a"))
  assert_equal "\004\bC:\fMyArray[\006i\006", dump(MyArray[1])
  assert_equal "\004\bC:\vMyHash{\000", dump(MyHash.new)
  assert_equal "\004\bC:\rMyRegexp/\006a\000", dump(MyRegexp.new("a"))
  assert_equal MyString, copy(MyString.new("a")).class
  assert_equal "a", copy(MyString.new("a"))
  assert_equal MyArray, copy(MyArray[1, 2]).class
  assert_equal [1, 2], copy(MyArray[1, 2]).to_a
  mh = MyHash.new
  mh[:k] = 1
  assert_equal MyHash, copy(mh).class
  assert_equal 1, copy(mh)[:k]
  assert_equal MyRegexp, copy(MyRegexp.new("a")).class
end

test "instance variables of Strings, Arrays, Hashes, Structs: 'I'" do
  s = "str"
  s.instance_variable_set(:@a, 1)
  assert_equal "\004\bI\"\bstr\006:\a@ai\006", dump(s)
  assert_equal 1, copy(s).instance_variable_get(:@a)
  a = [1]
  a.instance_variable_set(:@tag, "t")
  assert_equal "\004\bI[\006i\006\006:\t@tag\"\006t", dump(a)
  assert_equal "t", copy(a).instance_variable_get(:@tag)
  h = {}
  h.instance_variable_set(:@x, [1])
  assert_equal [1], copy(h).instance_variable_get(:@x)
  pt = Point.new(1, 2)
  pt.instance_variable_set(:@z, 3)
  assert_equal "\004\bIS:\nPoint\a:\006xi\006:\006yi\a\006:\a@zi\b", dump(pt)
  assert_equal 3, copy(pt).instance_variable_get(:@z)
  ms = MyString.new("m")
  ms.instance_variable_set(:@q, :r)
  c = copy(ms)
  assert_equal MyString, c.class
  assert_equal :r, c.instance_variable_get(:@q)
end

test "_dump and self._load: 'u'" do
  assert_equal "\004\bu:\rUserDump\t5:-2", dump(UserDump.new(5))
  u = copy(UserDump.new(5))
  assert_equal UserDump, u.class
  assert_equal 5, u.v
  assert_equal 2, Marshal.load(Marshal.dump(UserDump.new(5), 3)).limit   # _dump gets the limit left
  x = UserDump.new(1)
  y = copy([x, x])
  assert_same y[0], y[1]
end

test "marshal_dump and marshal_load: 'U'" do
  assert_equal "\004\bU:\020UserMarshal[\ai\n:\nextra", dump(UserMarshal.new(5))
  u = copy(UserMarshal.new([1, 2]))
  assert_equal UserMarshal, u.class
  assert_equal [1, 2], u.v
  assert_equal [[1, 2], :extra], u.loaded
  x = UserMarshal.new(1)
  y = copy([x, x])
  assert_same y[0], y[1]
end

test "modules an object was extended with: 'e'" do
  o = Pair.new(1)
  o.extend(Tag)
  assert_equal "\004\be:\bTago:\tPair\a:\a@ai\006:\a@b0", dump(o)
  c = copy(o)
  assert_kind_of Tag, c
  assert_equal 1, c.a
  s = "s"
  s.extend(Tag)
  s.extend(Mark)
  assert_equal "\004\be:\tMarke:\bTag\"\006s", dump(s)
  c = copy(s)
  assert_kind_of Tag, c
  assert_kind_of Mark, c
  assert_equal [Mark, Tag, String], (class << c; self; end).ancestors[0, 3]
  assert !copy("plain").kind_of?(Tag)
end

test "Time: 1.8.7's _dump format" do
  t = Time.at(1700000000, 123456)
  assert_equal "\004\bu:\tTime\r\326\351\036\200@\342A5", dump(t)
  c = copy(t)
  assert_equal t, c
  assert_equal 123456, c.usec
  assert !c.utc?
  assert copy(Time.at(0).utc).utc?
  t.instance_variable_set(:@note, "n")
  assert_equal "n", copy(t).instance_variable_get(:@note)
end

test "deep copy: Marshal.load(Marshal.dump(x))" do
  orig = { "list" => [1, "two", [3]], "pt" => Point.new("x", [4]) }
  dup = copy(orig)
  assert_equal orig, dup
  dup["list"][1] << "!"
  dup["list"][2] << 5
  dup["pt"].y << 6
  assert_equal "two", orig["list"][1]
  assert_equal [3], orig["list"][2]
  assert_equal [4], orig["pt"].y
  assert !dup["list"].equal?(orig["list"])
end

test "loading bytes written by Ruby 1.8.7" do
  h = Marshal.load("\004\b{\a\"\006a[\ni\006f\b2.5:\bsym;\0000:\006b@\006")
  assert_equal({ "a" => [1, 2.5, :sym, :sym, nil], :b => "a" }, h)
  o = Marshal.load("\004\bo:\tPair\a:\a@af\v1.1\000\231\232:\a@b[\a\"\006xi\372")
  assert_equal 1.1, o.a
  assert_equal ["x", -1], o.b
  assert_equal Point.new(1, 2), Marshal.load("\004\bS:\nPoint\a:\006xi\006:\006yi\a")
  assert_equal 1...10, Marshal.load("\004\bo:\nRange\b:\texclT:\nbegini\006:\bendi\017")
  e = Marshal.load("\004\bo:\021RuntimeError\a:\tmesg\"\bboo:\abt0")
  assert_equal [RuntimeError, "boo", nil], [e.class, e.message, e.backtrace]
  d = Marshal.load("\004\b}\000i\n")
  assert_equal [{}, 5], [d, d[:none]]
  assert_equal 2**64, Marshal.load("\004\bl+\n\000\000\000\000\000\000\000\000\001\000")
  assert_equal(-(2**30), Marshal.load("\004\bl-\a\000\000\000@"))
  a = Marshal.load("\004\b[\a[\006@\000@\006")
  assert_same a[0], a[1]
  assert_same a, a[0][0]
  assert_equal 1.0e20, Marshal.load("\004\bf\r1e+20\000\214@")
  assert_equal Time.at(1700000000, 123456), Marshal.load("\004\bu:\tTime\r\326\351\036\200@\342A5")
  assert_kind_of Tag, Marshal.load("\004\be:\bTago:\vObject\000")
  assert_equal MyString, Marshal.load("\004\bC:\rMyString\"\006a").class
end

test "loading Floats written by later Rubies" do
  assert_equal 1.0e20, Marshal.load("\004\bf\t1e20")
  assert_equal 1 / 3.0, Marshal.load("\004\bf\0270.3333333333333333")
  assert_equal 0.1, Marshal.load("\004\bf\b0.1")
  assert_equal 1.1, Marshal.load("\004\bf\b1.1")
  assert_equal(-1.0 / 0, Marshal.load("\004\bf\t-inf"))
  assert Marshal.load("\004\bf\bnan").nan?
end

test "what cannot be dumped" do
  assert_raise(TypeError, "no marshal_dump is defined for class Proc") { dump(proc { 1 }) }
  assert_raise(TypeError, "no marshal_dump is defined for class Method") { dump(1.method(:+)) }
  assert_raise(TypeError, "no marshal_dump is defined for class Thread") { dump(Thread.current) }
  assert_raise(TypeError, "no marshal_dump is defined for class Binding") { dump(binding) }
  assert_raise(TypeError, "can't dump IO") { dump($stdout) }
  assert_raise(TypeError, "can't dump File") { File.open(__FILE__) { |f| dump(f) } }
  "a" =~ /a/
  assert_raise(TypeError, "can't dump MatchData") { dump($~) }
  o = Object.new
  def o.hello; end
  assert_raise(TypeError, "singleton can't be dumped") { dump(o) }
  s = "s"
  def s.hello; end
  assert_raise(TypeError, "singleton can't be dumped") { dump([s]) }
  assert_raise(TypeError, "singleton class can't be dumped") { dump(class << Object.new; self; end) }
  assert_raise(TypeError, /\Acan't dump anonymous class #<Class:0x[0-9a-f]+>\z/) { dump(Class.new.new) }
  assert_raise(TypeError, /\Acan't dump anonymous class #<Class:0x[0-9a-f]+>\z/) { dump(Class.new) }
  assert_raise(TypeError, /\Acan't dump anonymous module #<Module:0x[0-9a-f]+>\z/) { dump(Module.new) }
  assert_raise(TypeError, "_dump() must return string") do
    k = Class.new { def _dump(l) 1 end }
    dump(k.new)
  end
end

test "the depth limit" do
  assert_raise(ArgumentError, "exceed depth limit") { Marshal.dump([[1]], 2) }
  assert_equal "\004\b[\006[\006i\006", Marshal.dump([[1]], 3)
  assert_raise(ArgumentError, "exceed depth limit") { Marshal.dump(1, 0) }
  assert_equal "\004\bi\006", Marshal.dump(1, 1)
  assert_equal "\004\bi\006", Marshal.dump(1, -1)
  assert_raise(ArgumentError, "exceed depth limit") { Marshal.dump(2**40, 1) }  # a Bignum one level down
  assert_raise(ArgumentError, "exceed depth limit") { Marshal.dump({ 1 => [2] }, 2) }
  assert_raise(ArgumentError, "exceed depth limit") { Marshal.dump(Pair.new([1]), 2) }
end

test "bad input" do
  assert_raise(ArgumentError, "marshal data too short") { Marshal.load("") }
  assert_raise(ArgumentError, "marshal data too short") { Marshal.load("\004") }
  assert_raise(ArgumentError, "marshal data too short") { Marshal.load("\004\b[\a") }
  assert_raise(ArgumentError, "marshal data too short") { Marshal.load("\004\b\"\nab") }
  assert_raise(ArgumentError, "marshal data too short") { Marshal.load(dump([1, "abc", 2**70])[0..-2]) }
  assert_raise(TypeError, "incompatible marshal file format (can't be read)\n\tformat version 4.8 required; 4.9 given") do
    Marshal.load("\004\ti\006")
  end
  assert_raise(TypeError, "incompatible marshal file format (can't be read)\n\tformat version 4.8 required; 3.8 given") do
    Marshal.load("\003\bi\006")
  end
  assert_equal 1, Marshal.load("\004\ai\006")   # an older minor version is read
  assert_raise(ArgumentError, "undefined class/module NoSuch") { Marshal.load("\004\bo:\vNoSuch\000") }
  assert_raise(ArgumentError, "undefined class/module Outer::Nope") { Marshal.load("\004\bo:\020Outer::Nope\000") }
  assert_raise(ArgumentError, "undefined class/module Nope") { Marshal.load("\004\bc\tNope") }
  assert_raise(ArgumentError, "Tag does not refer class") { Marshal.load("\004\bc\bTag") }
  assert_raise(ArgumentError, "Pair does not refer module") { Marshal.load("\004\bm\tPair") }
  assert_raise(ArgumentError, "dump format error(0x58)") { Marshal.load("\004\bX") }
  assert_raise(ArgumentError, "dump format error (unlinked)") { Marshal.load("\004\b@\006") }
  assert_raise(ArgumentError, "bad symbol") { Marshal.load("\004\b;\006") }
  assert_raise(TypeError, "struct Point not compatible (:z for :y)") do
    Marshal.load("\004\bS:\nPoint\a:\006xi\006:\006zi\a")
  end
  assert_raise(TypeError, "instance of Pair needs to have method `marshal_load'") do
    Marshal.load("\004\bU:\tPair0")
  end
  assert_raise(TypeError, "class Pair needs to have method `_load'") { Marshal.load("\004\bu:\tPair\000") }
end

test "arguments that are not IO" do
  assert_raise(TypeError, "instance of IO needed") { Marshal.load(12) }
  assert_raise(TypeError, "instance of IO needed") { Marshal.load(Object.new) }
  assert_raise(TypeError, "instance of IO needed") { Marshal.dump(1, Object.new) }
  assert_raise(TypeError, "instance of IO needed") { Marshal.dump(1, nil) }
  assert_raise(TypeError, "instance of IO needed") { Marshal.dump(1, nil, 5) }
  assert_raise(ArgumentError) { Marshal.dump }
  assert_raise(ArgumentError) { Marshal.load }
end

test "dump to an IO and load from it: pipe and file" do
  r, w = IO.pipe
  assert_same w, Marshal.dump({ :a => [1, 2] }, w)
  Marshal.dump("second", w)
  w.close
  assert_equal({ :a => [1, 2] }, Marshal.load(r))
  assert_equal "second", Marshal.load(r)     # load reads no further than its object
  r.close
  path = "/tmp/miniruby_marshal_#{$$}.bin"
  big = ["x" * 20000, (1..3000).to_a, "y"]
  File.open(path, "w") { |f| assert_equal f, Marshal.dump(big, f) }
  assert_equal dump(big), File.open(path, "rb") { |f| f.read }
  assert_equal big, File.open(path) { |f| Marshal.load(f) }
  File.open(path, "w") { |f| Marshal.dump([[1]], f, 3) }
  assert_equal [[1]], File.open(path) { |f| Marshal.restore(f) }
  File.open(path, "w") { |f| f.write(dump([1, 2])[0..-2]) }
  assert_raise(EOFError) { File.open(path) { |f| Marshal.load(f) } }
  File.delete(path)
end

class ByteSource                      # anything with getc and read
  def initialize(s) @s, @i = s, 0 end
  def getc() c = @s[@i]; @i += 1; c end
  def read(n) r = @s[@i, n]; @i += n; r end
end

class ByteSink
  attr_reader :data
  def initialize() @data = "" end
  def write(s) @data << s; s.size end
end

test "any object with getc and read, or write" do
  assert_equal [1, "two", :three], Marshal.load(ByteSource.new(dump([1, "two", :three])))
  sink = ByteSink.new
  assert_same sink, Marshal.dump({ "k" => 2.5 }, sink)
  assert_equal dump({ "k" => 2.5 }), sink.data
  assert_raise(ArgumentError, "marshal data too short") { Marshal.load(ByteSource.new(dump("abcdef")[0..-2])) }
end

test "load calls the proc with each object, children first" do
  seen = []
  r = Marshal.load(dump([1, "a", [:b, nil]]), proc { |o| seen << o })
  assert_equal [1, "a", [:b, nil]], r
  assert_equal [1, "a", :b, nil, [:b, nil], [1, "a", [:b, nil]]], seen
  seen = []
  Marshal.load(dump({ :k => Point.new(2, 3) }), lambda { |o| seen << o.class })
  assert_equal [Symbol, Fixnum, Fixnum, Point, Hash], seen
  count = 0
  Marshal.restore(dump([1, 1]), proc { count += 1 })
  assert_equal 3, count
end

test "taint follows the source" do
  assert copy("a".taint).tainted?
  assert !copy("a").tainted?
  assert dump(["a".taint]).tainted?
  assert Marshal.load(dump(["x"]).taint)[0].tainted?
  assert !Marshal.load(dump(["x"]))[0].tainted?
end

test "Marshal.dump of objects whose marshal_dump returns shared data" do
  class ShareDump
    def initialize(d) @d = d end
    def marshal_dump() @d end
    def marshal_load(d) @d = d end
    attr_reader :d
  end
  data = ["shared"]
  a = copy([ShareDump.new(data), ShareDump.new(data), data])
  assert_same a[0].d, a[1].d
  assert_same a[0].d, a[2]
end

class MarshalStr < String; end
MarshalStrCopy = String.clone
MarshalAryCopy = Array.clone
MarshalSubCopy = MarshalStr.clone

test "user classes that are clones of String or Array, and clones of instances" do
  d = Marshal.dump(MarshalStrCopy.new("y"))
  assert_equal "\004\bC:\023MarshalStrCopy\"\006y", d
  v = Marshal.load(d)
  assert_equal MarshalStrCopy, v.class
  assert_equal "y", v
  assert_equal MarshalAryCopy, Marshal.load(Marshal.dump(MarshalAryCopy.new([1]))).class
  assert_equal MarshalSubCopy, Marshal.load(Marshal.dump(MarshalSubCopy.new("s"))).class
  s = MarshalStr.new("abc")
  s.instance_variable_set(:@iv, 1)
  c = Marshal.load(Marshal.dump(s.clone))
  assert_equal MarshalStr, c.class
  assert_equal 1, c.instance_variable_get(:@iv)
  assert_equal [MarshalStr, MarshalStr], Marshal.load(Marshal.dump([s.clone, s.dup])).map { |x| x.class }
  assert_raise(ArgumentError, "dump format error (user class)") { Marshal.load("\004\bC:\023MarshalStrCopy[\006i\006") }
  assert_raise(ArgumentError, "dump format error (user class)") { Marshal.load("\004\bC:\vObject\"\006x") }
  assert_raise(TypeError, "allocator undefined for Fixnum") { Marshal.load("\004\bC:\vFixnum\"\006x") }
end
