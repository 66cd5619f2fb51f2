# tracer_format.rb: the parts of lib/tracer.rb that do not need
# Kernel#set_trace_func: the lines Tracer#trace_func prints for each
# event (called here with made-up events), filters, get_line and its
# procs and SCRIPT_LINES__, thread numbers, the class-level settings.
require 'assert'
require 'stringio'
require 'tracer'

def capture
  out = StringIO.new
  saved = Tracer.stdout
  Tracer.stdout = out
  yield
  out.string
ensure
  Tracer.stdout = saved
end

test "settings" do
  assert_false Tracer.verbose
  assert_false Tracer.verbose?
  assert_same STDOUT, Tracer.stdout
  Tracer.verbose = true
  assert_true Tracer.verbose?
  Tracer.verbose = false
  assert_kind_of Tracer, Tracer::Single
  assert_equal({ "line" => "-", "call" => ">", "return" => "<", "class" => "C",
                 "end" => "E", "c-call" => ">", "c-return" => "<" }, Tracer::EVENT_SYMBOL)
  assert_kind_of Hash, SCRIPT_LINES__
end

test "the line for each event" do
  t = Tracer.new
  t.set_get_line_procs("prog.rb") { |n| "source of #{n}\n" }
  out = capture do
    t.trace_func("line", "prog.rb", 3, nil, nil, false)
    t.trace_func("call", "prog.rb", 7, :foo, nil, String)
    t.trace_func("return", "prog.rb", 9, :foo, nil, String)
    t.trace_func("c-call", "prog.rb", 4, :puts, nil, Kernel)
    t.trace_func("c-return", "prog.rb", 4, :puts, nil, Kernel)
    t.trace_func("class", "prog.rb", 1, nil, nil, false)
    t.trace_func("end", "prog.rb", 2, nil, nil, false)
    t.trace_func("raise", "prog.rb", 5, :foo, nil, String)
    t.trace_func("line", "prog.rb", 6, nil, nil, nil)
  end
  assert_equal ["#0:prog.rb:3::-: source of 3",
                "#0:prog.rb:7:String:>: source of 7",
                "#0:prog.rb:9:String:<: source of 9",
                "#0:prog.rb:4:Kernel:>: source of 4",
                "#0:prog.rb:4:Kernel:<: source of 4",
                "#0:prog.rb:1::C: source of 1",
                "#0:prog.rb:2::E: source of 2",
                "#0:prog.rb:5:String:: source of 5",
                "#0:prog.rb:6::-: source of 6"], out.split("\n")
end

test "events in tracer.rb itself are not printed" do
  t = Tracer.new
  tracer_rb = $:.map { |d| File.join(d, "tracer.rb") }.find { |f| File.exist?(f) }
  out = capture { t.trace_func("line", tracer_rb, 1, nil, nil, false) }
  assert_equal "", out
end

test "filters" do
  t = Tracer.new
  t.set_get_line_procs("a.rb", proc { |n| "x\n" })
  seen = []
  t.add_filter { |event, file, line, id, binding, klass| seen << [event, file, line, id, klass]; event != "line" }
  t.add_filter(proc { |event, *rest| event != "return" })
  out = capture do
    t.trace_func("line", "a.rb", 1, nil, nil, false)
    t.trace_func("call", "a.rb", 2, :m, nil, Array)
    t.trace_func("return", "a.rb", 3, :m, nil, Array)
  end
  assert_equal "#0:a.rb:2:Array:>: x\n", out
  assert_equal [["line", "a.rb", 1, nil, false], ["call", "a.rb", 2, :m, Array],
                ["return", "a.rb", 3, :m, Array]], seen
end

test "get_line from a file, cached in SCRIPT_LINES__" do
  dir = File.join(ENV['TMPDIR'] || '/tmp', "mr-tracer-#{$$}")
  Dir.mkdir(dir)
  begin
    path = File.join(dir, "src.rb")
    File.open(path, "w") { |f| f.print "a = 1\nb = 2\n" }
    t = Tracer.new
    assert_equal "b = 2\n", t.get_line(path, 2)
    assert_equal ["a = 1\n", "b = 2\n"], SCRIPT_LINES__[path]
    File.open(path, "w") { |f| f.print "changed\n" }
    assert_equal "a = 1\n", t.get_line(path, 1)        # from the cache
    assert_equal "-\n", t.get_line(path, 3)            # past the end
    missing = File.join(dir, "none.rb")
    assert_equal "-\n", t.get_line(missing, 1)
    assert_equal [], SCRIPT_LINES__[missing]
    out = capture { t.trace_func("line", path, 2, nil, nil, false) }
    assert_equal "#0:#{path}:2::-: b = 2\n", out
  ensure
    Dir.glob(File.join(dir, "*")).each { |f| File.delete(f) }
    Dir.rmdir(dir)
  end
end

test "thread numbers" do
  t = Tracer.new
  t.set_get_line_procs("t.rb") { |n| "l\n" }
  out = capture do
    t.trace_func("line", "t.rb", 1, nil, nil, false)
    a = Thread.new { t.trace_func("line", "t.rb", 2, nil, nil, false) }
    a.join
    b = Thread.new { t.trace_func("line", "t.rb", 3, nil, nil, false); t.trace_func("line", "t.rb", 4, nil, nil, false) }
    b.join
    t.trace_func("line", "t.rb", 5, nil, nil, false)
  end
  assert_equal ["#0:t.rb:1::-: l", "#1:t.rb:2::-: l", "#2:t.rb:3::-: l",
                "#2:t.rb:4::-: l", "#0:t.rb:5::-: l"], out.split("\n")
  assert_equal 0, t.get_thread_no
end

test "class-level filters and line procs go to Single" do
  Tracer.set_get_line_procs("single.rb") { |n| "single #{n}\n" }
  Tracer.add_filter { |event, *rest| event == "call" }
  out = capture do
    Tracer::Single.trace_func("line", "single.rb", 1, nil, nil, false)
    Tracer::Single.trace_func("call", "single.rb", 2, :x, nil, Object)
  end
  assert_equal "#0:single.rb:2:Object:>: single 2\n", out
end
