# differences.rb: one test for each deliberate difference from MRI 1.8.7
# that README.md's "Compatibility notes" lists.  If one of these starts
# failing, either the behaviour or the README is wrong.
require 'assert'
require 'thread'

test "Hash iterates in insertion order" do
  h = {}
  %w[z a m b y].each_with_index { |k, i| h[k] = i }
  assert_equal %w[z a m b y], h.keys
  h.delete("a")
  h["a"] = 9
  assert_equal %w[z m b y a], h.keys
end

test "keys added while a Hash is iterated are not visited by that iteration" do
  h = { 1 => 1, 2 => 2 }
  seen = []
  h.each { |k, v| seen << k; h[k * 10] = v }
  assert_equal [1, 2], seen
  assert_equal [1, 2, 10, 20], h.keys
end

test "Mutex: relocking from the owner and unlocking an unlocked mutex raise" do
  m = Mutex.new
  m.lock
  assert_raise(ThreadError, "deadlock; recursive locking") { m.lock }
  m.unlock
  assert_raise(ThreadError) { m.unlock }
end

test "thread priorities beyond -32..31 act as the nearest bound" do
  log = []
  a = Thread.new { Thread.stop; log << :a }
  b = Thread.new { Thread.stop; log << :b }
  Thread.pass until a.stop? && b.stop?
  a.priority = 100
  b.priority = 50          # both act as 31: equal, so the order of waking decides
  b.wakeup
  a.wakeup
  Thread.current.priority = -100
  Thread.pass until log.size == 2
  Thread.current.priority = 0
  assert_equal [:b, :a], log
  assert_equal 100, a.priority
end

test "Integer and Float compare exactly" do
  assert_false 2**53 + 1 == 2.0**53
  assert_true 2**53 == 2.0**53
end

test "Bignum#div(Float) floors to an Integer" do
  assert_equal 2**63, (2**64).div(2.0)
end

test "Math.log(0) is -Infinity instead of an error" do
  assert_equal(-1.0 / 0, Math.log(0))
end

test "Dir.glob results are sorted" do
  dir = "/tmp/mr-compat-#{$$}"
  Dir.mkdir(dir)
  %w[c a b].each { |n| File.open("#{dir}/#{n}.txt", "w") { } }
  assert_equal %w[a.txt b.txt c.txt], Dir.glob("#{dir}/*.txt").map { |f| File.basename(f) }
  Dir.glob("#{dir}/*").each { |f| File.delete(f) }
  Dir.rmdir(dir)
end

test "backquotes raise Errno::ENOENT for a missing program" do
  assert_raise(Errno::ENOENT) { `/no/such/program-#{$$}` }
end

test "ENV refuses names with =" do
  assert_raise(Errno::EINVAL) { ENV["A=B"] = "x" }
end

test "Regexp accepts named groups (Oniguruma)" do
  assert_equal "ab", /(?<x>a)b/.match("ab")[0]
end

test "Benchmark.bm and benchmark return the Tms measured" do
  require 'benchmark'
  saved = $stdout
  sink = Object.new
  def sink.write(s); s.to_s.length; end
  $stdout = sink
  begin
    r = Benchmark.bm { |x| x.report("a") { }; x.report("b") { } }
  ensure
    $stdout = saved
  end
  assert_equal 2, r.size
  assert_kind_of Benchmark::Tms, r[0]
end

test "Marshal writes a Float as %.17g where 1.8.7's form would lose a bit" do
  f = ["000058fc25fd28eb"].pack("H*").unpack("D")[0]   # -1.6045508322794497e+208
  assert_equal "\004\bf\035-1.6045508322794497e+208", Marshal.dump(f)
  assert_equal [f].pack("D"), [Marshal.load(Marshal.dump(f))].pack("D")
  assert_equal "\004\bf\v1.1\000\231\232", Marshal.dump(1.1)   # the usual 1.8.7 form
end

class DumpWithIvar
  attr_reader :x
  def initialize(x) @x = x end
  def _dump(limit) s = "d"; s.instance_variable_set(:@x, @x); s end
  def self._load(s) new(s.instance_variable_get(:@x)) end
end

test "Marshal.load numbers a _load object before the ivars of its string" do
  shared = "shared"
  r = Marshal.load(Marshal.dump([DumpWithIvar.new(shared), shared]))
  assert_equal DumpWithIvar, r[0].class
  assert_equal "shared", r[1]
  assert_same r[0].x, r[1]
end

class TaintProbe; end

test "Marshal.load taints the objects it makes, not the classes it names" do
  v = Marshal.load(Marshal.dump([TaintProbe, "s"]).taint)
  assert v[1].tainted?
  assert !TaintProbe.tainted?
end
