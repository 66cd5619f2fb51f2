# tracer.rb: lib/tracer.rb and lib/profile.rb end to end, on the
# interpreter's Kernel#set_trace_func (tracer_format.rb and
# profiler_table.rb test their printing with made-up events).
require 'assert'
require 'stringio'
require 'tracer'

RUBY = File.readlink("/proc/self/exe")
TMP = File.join(ENV['TMPDIR'] || '/tmp', "mr-tracer-#{$$}")
Dir.mkdir(TMP)
at_exit do
  Dir[File.join(TMP, "*")].each { |f| File.unlink(f) }
  Dir.rmdir(TMP)
end

def twice(x)
  x * 2
end

def traced
  out = StringIO.new
  saved = Tracer.stdout
  Tracer.stdout = out
  yield
  out.string
ensure
  Tracer.stdout = saved
end

test "Tracer.on with a block traces only the block" do
  here = __LINE__
  text = traced do
    Tracer.on do
      a = twice(3)
    end
    twice(4)
  end
  f = __FILE__
  assert_equal ["#0:#{f}:#{here + 3}::-:       a = twice(3)\n",
                "#0:#{f}:16:Object:>: def twice(x)\n",
                "#0:#{f}:17:Object:-:   x * 2\n",
                "#0:#{f}:17:Fixnum:>:   x * 2\n",
                "#0:#{f}:17:Fixnum:<:   x * 2\n",
                "#0:#{f}:17:Object:<:   x * 2\n"], text.to_a
end

test "Tracer.on and off, filters, a second thread" do
  here = __LINE__
  text = traced do
    Tracer.add_filter { |event, file, line, id, binding, klass| event == "line" }
    Tracer.on
    b = 1
    Thread.new { c = 2 }.join
    Tracer.off
  end
  Tracer::Single.instance_variable_get(:@filters).clear
  f = __FILE__
  assert_equal ["#0:#{f}:#{here + 4}::-:     b = 1\n",
                "#0:#{f}:#{here + 5}::-:     Thread.new { c = 2 }.join\n",
                "#1:#{f}:#{here + 5}::-:     Thread.new { c = 2 }.join\n",
                "#0:#{f}:#{here + 6}::-:     Tracer.off\n"], text.to_a
end

def run_child(flag, source, redirect = "2>&1")
  script = File.join(TMP, "child.rb")
  File.open(script, "w") { |f| f.write(source) }
  out = IO.popen("#{RUBY} #{flag} #{script} #{redirect}") { |io| io.read }
  [out, $?.exitstatus, script]
end

test "ruby -rtracer traces the whole script" do
  out, status, script = run_child("-rtracer", "x = 1\ny = [x].map { |v| v + 1 }\n")
  assert_equal 0, status
  assert_equal ["#0:#{script}:1::-: x = 1\n",
                "#0:#{script}:2::-: y = [x].map { |v| v + 1 }\n",
                "#0:#{script}:2:Array:>: y = [x].map { |v| v + 1 }\n",
                "#0:#{script}:2::-: y = [x].map { |v| v + 1 }\n",
                "#0:#{script}:2:Fixnum:>: y = [x].map { |v| v + 1 }\n",
                "#0:#{script}:2:Fixnum:<: y = [x].map { |v| v + 1 }\n",
                "#0:#{script}:2:Array:<: y = [x].map { |v| v + 1 }\n"].join, out
end

test "ruby -rprofile prints the table at exit, to stderr" do
  src = "def fib(n) n < 2 ? n : fib(n - 1) + fib(n - 2) end\nputs fib(12)\n"
  err = File.join(TMP, "stderr")
  out, status, script = run_child("-rprofile", src, "2>#{err}")
  assert_equal 0, status
  assert_equal "144\n", out
  lines = File.read(err).split("\n")
  assert_equal "  %   cumulative   self              self     total", lines[0]
  assert_equal " time   seconds   seconds    calls  ms/call  ms/call  name", lines[1]
  row = /\A +\d+\.\d\d +\d+\.\d\d +\d+\.\d\d +(\d+) +\d+\.\d\d +\d+\.\d\d  (\S+)\z/
  calls = {}
  lines[2..-1].each do |l|
    m = row.match(l)
    assert m, "a table row: #{l.inspect}"
    calls[m[2]] = m[1].to_i if m
  end
  assert_equal 465, calls["Object#fib"]
  assert_equal 465, calls["Fixnum#<"]
  assert_equal 464, calls["Fixnum#-"]
  assert_equal 232, calls["Fixnum#+"]
  assert_equal 1, calls["#toplevel"]
end
