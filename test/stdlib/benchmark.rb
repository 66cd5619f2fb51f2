# benchmark.rb: lib/benchmark.rb (Benchmark, Benchmark::Tms).  No
# assertion depends on how long anything takes.
require 'assert'
require 'benchmark'

class BenchCapture
  attr_reader :text
  def initialize; @text = ""; end
  def write(s); @text << s.to_s; s.to_s.length; end
  def <<(s); write(s); self; end
  def sync; true; end
  def sync=(v); end
end

def bench_output
  saved = $stdout
  $stdout = BenchCapture.new
  begin
    yield
    $stdout.text
  ensure
    $stdout = saved
  end
end

TIMES = '\s+\d+\.\d{6}\s+\d+\.\d{6}\s+\d+\.\d{6}\s+\(\s*\d+\.\d{6}\)\n'

test "constants" do
  assert_equal "      user     system      total        real\n", Benchmark::CAPTION
  assert_equal "%10.6u %10.6y %10.6t %10.6r\n", Benchmark::FORMAT
  assert_same Benchmark::Tms::CAPTION, Benchmark::CAPTION
  assert_kind_of String, Benchmark::BENCHMARK_VERSION
end

test "measure" do
  ran = false
  t = Benchmark.measure { ran = true; 1000.times { |i| i * i } }
  assert_true ran
  assert_kind_of Benchmark::Tms, t
  [t.utime, t.stime, t.cutime, t.cstime, t.real, t.total].each do |v|
    assert_kind_of Float, v
    assert v >= 0.0, "negative time #{v}"
  end
  assert_in_delta t.utime + t.stime + t.cutime + t.cstime, t.total, 1e-9
  assert_equal "", t.label
  assert_equal "lbl", Benchmark.measure("lbl") { }.label
  t = Benchmark.measure { sleep 0.02 }
  assert t.real >= 0.015, "real #{t.real} after sleep 0.02"
  t = Benchmark.measure { system("true") }
  assert t.cutime >= 0.0
end

test "realtime" do
  r = Benchmark.realtime { sleep 0.02 }
  assert_kind_of Float, r
  assert r >= 0.015, "realtime #{r}"
  assert_raise(LocalJumpError) { Benchmark.realtime }
end

test "Tms arithmetic" do
  a = Benchmark::Tms.new(1.0, 2.0, 3.0, 4.0, 5.0, "a")
  b = Benchmark::Tms.new(0.5, 0.5, 0.5, 0.5, 1.0)
  assert_equal 10.0, a.total
  assert_equal [1.5, 2.5, 3.5, 4.5, 6.0, 12.0], (a + b).to_a[1..-1] + [(a + b).total]
  assert_equal [0.5, 1.5, 2.5, 3.5, 4.0], (a - b).to_a[1..-1]
  assert_equal [2.0, 4.0, 6.0, 8.0, 10.0], (a * 2).to_a[1..-1]
  assert_equal [0.5, 1.0, 1.5, 2.0, 2.5], (a / 2).to_a[1..-1]
  assert_equal 5.0, (a / 2).total
  assert_equal ["a", 1.0, 2.0, 3.0, 4.0, 5.0], a.to_a
  z = Benchmark::Tms.new
  assert_equal [nil, 0.0, 0.0, 0.0, 0.0, 0.0], z.to_a
  s = z.add { }
  assert_kind_of Benchmark::Tms, s
  assert_equal 0.0, z.real                     # add makes a new Tms
  assert_same z, z.add! { sleep 0.01 }
  assert z.real > 0.0
end

test "Tms#format" do
  t = Benchmark::Tms.new(1.5, 0.25, 0.125, 0.0625, 2.0, "job")
  assert_equal "  1.500000   0.250000   1.937500 (  2.000000)\n", t.format
  assert_equal t.format, t.to_s
  assert_equal "1.50 0.25 0.125000 0.062500 1.94 (2.0)", t.format("%.2u %.2y %U %Y %.2t %.1r")
  assert_equal "[job  ]", t.format("[%-5n]")
  assert_equal "total: 1.937500sec", t.format("total: %tsec")
  assert_equal "job: 1.5 x", t.format("%n: %.1u %s", "x")
  assert_equal "100%%", t.format("100%%")     # String#% only with arguments
  assert_equal "100% x", t.format("100%% %s", "x")
end

test "bm" do
  result = nil
  out = bench_output do
    result = Benchmark.bm(7) do |x|
      x.report("first:") { 10.times { } }
      x.report("second:") { }
    end
  end
  lines = out.split("\n")
  assert_equal 3, lines.size
  assert_equal "       " + Benchmark::CAPTION.chomp, lines[0]
  assert_match(/\Afirst: #{TIMES}\z/, lines[1] + "\n")
  assert_match(/\Asecond:#{TIMES}\z/, lines[2] + "\n")
  assert_equal 2, result.size
  assert_equal ["first:", "second:"], result.map { |t| t.label }
end

test "benchmark with a caption, a format and labels" do
  out = bench_output do
    Benchmark.benchmark("CAP\n", 4, "%n|\n", ">one", ">two") do |x|
      a = x.report("aa") { }
      b = x.report("bb") { }
      [a + b, a]
    end
  end
  assert_equal "CAP\naa  aa|\nbb  bb|\n>oneaa|\n>twoaa|\n", out
end

test "include Benchmark" do
  klass = Class.new do
    include Benchmark
    def run; measure { }.class; end
  end
  assert_equal Benchmark::Tms, klass.new.run
  assert_raise(NoMethodError) { klass.new.measure { } }   # private
end

test "bmbm" do
  runs = Hash.new(0)
  result = nil
  out = bench_output do
    result = Benchmark.bmbm do |x|
      x.report("sort") { runs[:sort] += 1; [3, 1, 2].sort }
      x.report("long label") { runs[:long] += 1 }
    end
  end
  assert_equal({:sort => 2, :long => 2}, runs)
  lines = out.split("\n")
  width = "long label ".length
  assert_equal 8, lines.size
  assert_equal "Rehearsal " + "-" * (width + Benchmark::CAPTION.length - 10), lines[0]
  assert_match(/\Asort       #{TIMES}\z/, lines[1] + "\n")
  assert_match(/\Along label #{TIMES}\z/, lines[2] + "\n")
  assert_match(/\A-+ total: \d+\.\d{6}sec\z/, lines[3])
  assert_equal lines[0].length, lines[3].length
  assert_equal "", lines[4]
  assert_equal " " * width + Benchmark::CAPTION.chomp, lines[5]
  assert_match(/\Asort       #{TIMES}\z/, lines[6] + "\n")
  assert_equal 2, result.size
  assert_kind_of Benchmark::Tms, result[0]
  assert_raise(ArgumentError) { bench_output { Benchmark.bmbm { |x| x.report("no block") } } }
end
