# finalizer.rb: ObjectSpace.define_finalizer and undefine_finalizer, as
# Ruby 1.8.7 has them (the outputs were checked against 1.8.7).
#
# The collector scans C stacks conservatively: a dropped object may live
# on through a stale stack word.  So objects are made in a method that
# returns, a deep call goes over the stack it used, and the tests ask for
# most of N objects, never for one given object.
require 'assert'

RUBY = File.readlink("/proc/self/exe")
DIR = File.join(ENV['TMPDIR'] || '/tmp', "mr-finalizer-#{$$}")
MAIN = $$
Dir.mkdir DIR
at_exit { system("rm", "-rf", DIR) if $$ == MAIN }

# Runs code in a new interpreter: [stdout and stderr, exit status].
def run_script(code, *args)
  path = File.join(DIR, "script.rb")
  File.open(path, "w") { |f| f.write code }
  out = IO.popen("#{RUBY} #{path} #{args.join(' ')} 2>&1") { |io| io.read }
  [out, $?.exitstatus]
end

def clobber(n) n == 0 ? [0] * 64 : clobber(n - 1) end

def collect
  clobber(300)
  4.times { GC.start }
end

$log = []

# A finalizer must not see its object (a proc made where a local holds
# it would keep it alive): they are made here.
def logger(*what) proc { |id| $log << what + [id] } end

# n objects, each with k finalizers that log [tag, i, j, id]; their ids.
def make_finalized(tag, n, k = 1)
  (0...n).map do |i|
    o = Object.new
    k.times { |j| ObjectSpace.define_finalizer(o, logger(tag, i, j)) }
    o.object_id
  end
end

def logged(tag) $log.select { |e| e[0] == tag } end

test "define_finalizer returns [$SAFE, callable]" do
  o = Object.new
  pr = proc { |id| }
  r = ObjectSpace.define_finalizer(o, pr)
  assert_equal Array, r.class
  assert_equal 2, r.size
  assert_equal 0, r[0]
  assert_same pr, r[1]
  r = ObjectSpace.define_finalizer(o) { |id| }
  assert_equal 0, r[0]
  assert_kind_of Proc, r[1]
  r = proc { $SAFE = 1; ObjectSpace.define_finalizer(Object.new, pr) }.call
  assert_equal [1, pr], r
  callable = Object.new
  def callable.call(id) end
  assert_same callable, ObjectSpace.define_finalizer(Object.new, callable)[1]
  m = 1.method(:+)
  assert_same m, ObjectSpace.define_finalizer(Object.new, m)[1]
  ObjectSpace.undefine_finalizer(o)
end

test "define_finalizer: what 1.8.7 refuses and accepts" do
  o = Object.new
  assert_raise(ArgumentError, "wrong type argument Fixnum (should be callable)") { ObjectSpace.define_finalizer(o, 3) }
  assert_raise(ArgumentError, "wrong type argument NilClass (should be callable)") { ObjectSpace.define_finalizer(o, nil) }
  assert_raise(ArgumentError, "wrong type argument NilClass (should be callable)") { ObjectSpace.define_finalizer(o, nil) { } }
  assert_raise(ArgumentError, "wrong type argument String (should be callable)") { ObjectSpace.define_finalizer(1, "x") }
  assert_raise(ArgumentError, "tried to create Proc object without a block") { ObjectSpace.define_finalizer(o) }
  assert_raise(ArgumentError, "cannot define finalizer for Fixnum") { ObjectSpace.define_finalizer(1, proc { }) }
  assert_raise(ArgumentError, "cannot define finalizer for Symbol") { ObjectSpace.define_finalizer(:a, proc { }) }
  assert_raise(ArgumentError, "cannot define finalizer for NilClass") { ObjectSpace.define_finalizer(nil, proc { }) }
  assert_raise(ArgumentError, "cannot define finalizer for TrueClass") { ObjectSpace.define_finalizer(true, proc { }) }
  assert_raise(ArgumentError, "wrong number of arguments (0 for 1)") { ObjectSpace.define_finalizer }
  assert_raise(ArgumentError, "wrong number of arguments (3 for 2)") { ObjectSpace.define_finalizer(1, 2, 3) }
  assert_raise(ArgumentError, "wrong number of arguments (2 for 1)") { ObjectSpace.undefine_finalizer(o, 1) }
  # frozen objects and Floats are fine, as in 1.8.7
  s = "frozen".freeze
  assert_equal 0, ObjectSpace.define_finalizer(s, proc { })[0]
  f = 1.5
  assert_equal 0, ObjectSpace.define_finalizer(f, proc { })[0]
  [s, f].each { |x| ObjectSpace.undefine_finalizer(x) }
end

test "undefine_finalizer returns its argument" do
  o = Object.new
  assert_same o, ObjectSpace.undefine_finalizer(o)
  ObjectSpace.define_finalizer(o, proc { })
  assert_same o, ObjectSpace.undefine_finalizer(o)
  assert_same o, ObjectSpace.undefine_finalizer(o)
  assert_equal 1, ObjectSpace.undefine_finalizer(1)
  assert_nil ObjectSpace.undefine_finalizer(nil)
end

test "collected objects' finalizers run with the id, in the order defined" do
  ids = make_finalized(:order, 20, 3)
  collect
  log = logged(:order)
  ran = log.map { |e| e[1] }.uniq
  assert_true ran.size >= 15, "only #{ran.size} of 20 finalized"
  ran.each do |i|
    mine = log.select { |e| e[1] == i }
    assert_equal [0, 1, 2], mine.map { |e| e[2] }
    assert_equal [ids[i]] * 3, mine.map { |e| e[3] }
  end
  collect
  # each ran once: a later collection may finalize an object the
  # conservative stack scan kept alive before, but none twice
  again = logged(:order)
  assert_equal log, again[0, log.size]
  assert_equal again.size, again.uniq.size
end

test "undefined finalizers do not run" do
  def make_undefined(n)
    n.times { o = Object.new; ObjectSpace.define_finalizer(o, logger(:undef)); ObjectSpace.undefine_finalizer(o) }
    nil
  end
  make_undefined(20)
  make_finalized(:control, 20)
  collect
  assert_equal [], logged(:undef)
  assert_true logged(:control).size >= 15
end

test "an error in a finalizer is ignored; $! stays" do
  def raising
    [proc { raise "in finalizer" }, proc { exit 9 }, proc { throw :nowhere },
     lambda { |a, b| }]             # the last, of the wrong arity
  end
  def make_raising(n)
    n.times do |i|
      o = Object.new
      raising.each { |pr| ObjectSpace.define_finalizer(o, pr) }
      ObjectSpace.define_finalizer(o, logger(:after, i))
    end
    nil
  end
  begin
    raise IndexError, "outer"
  rescue IndexError
    make_raising(20)
    collect
    assert_equal "outer", $!.message
  end
  assert_true logged(:after).size >= 15
  # nothing is printed, the exit status stays (1.8.7 leaked $! there and
  # ended with status 1: not copied)
  out, status = run_script(<<-'EOS')
    def mk; 20.times { ObjectSpace.define_finalizer(Object.new, proc { $n += 1; raise "x" }) }; nil; end
    def deep(n) n == 0 ? 0 : deep(n - 1) end
    $n = 0
    mk
    deep(300)
    4.times { GC.start }
    puts($n >= 15 ? "enough" : "only #{$n}")
  EOS
  assert_equal "enough\n", out
  assert_equal 0, status
end

test "a finalizer may allocate, collect and define finalizers" do
  def make_busy(n)
    n.times do |i|
      ObjectSpace.define_finalizer(Object.new, proc do |id|
        junk = (1..300).map { |k| "s#{k}" * 4 }
        GC.start
        ObjectSpace.define_finalizer(Object.new, proc { |id2| $log << [:second, id2] })
        $log << [:busy, junk.size]
      end)
    end
    nil
  end
  make_busy(20)
  collect
  busy = logged(:busy)
  assert_true busy.size >= 15
  assert_equal [300], busy.map { |e| e[1] }.uniq
  collect
  assert_true logged(:second).size >= busy.size / 2
end

test "finalizers with threads" do
  threads = (0...4).map do |t|
    Thread.new do
      make_finalized("thread#{t}", 10)
      clobber(200)
      3.times { GC.start; Thread.pass }
    end
  end
  threads.each { |t| t.join }
  collect
  counts = (0...4).map { |t| logged("thread#{t}").size }
  assert_true counts.inject(0) { |a, b| a + b } >= 30, counts.inspect
end

test "Thread.exit in a finalizer: its thread ends once the others ran" do
  def exiting(i) proc { |id| $log << [:exiting, i, Thread.current == Thread.main]; Thread.exit } end
  def make_exiting(n)
    GC.disable                  # all made before the first one runs
    n.times { |i| ObjectSpace.define_finalizer(Object.new, exiting(i)) }
    GC.enable
    nil
  end
  t = Thread.new { make_exiting(20); collect; $log << [:not_reached] }
  t.join
  assert_false t.status
  assert_equal [], logged(:not_reached)
  in_thread = logged(:exiting)
  ran_in_t = in_thread.take_while { |e| !e[2] }
  assert_true ran_in_t.size >= 15, in_thread.inspect
  # what a stale stack word kept alive past t's end runs later, in main
  assert_equal [], in_thread[ran_in_t.size..-1].reject { |e| e[2] }
  # in the main thread it is exit, and ignored as the rest
  make_exiting(20)
  collect
  $log << [:reached]
  assert_equal [[:reached]], logged(:reached)
  assert_true logged(:exiting).size - in_thread.size >= 15
end

test "dup and clone share the original's finalizers" do
  out, status = run_script(<<-'EOS')
    a = Object.new
    ObjectSpace.define_finalizer(a, proc { |id| puts "a1 #{id == $aid}" })
    c = a.dup
    ObjectSpace.define_finalizer(a, proc { |id| puts "a2 #{id == $aid}" })
    ObjectSpace.define_finalizer(c, proc { |id| puts "c3 #{id == $cid}" })
    s = "str"
    ObjectSpace.define_finalizer(s, proc { |id| puts "s" })
    ObjectSpace.undefine_finalizer(s.clone)
    $aid, $cid = a.object_id, c.object_id
  EOS
  assert_equal "s\na1 false\na2 false\nc3 true\na1 true\na2 true\nc3 false\n", out
  assert_equal 0, status
end

test "at exit: after at_exit, every finalizer left, errors ignored" do
  out, status = run_script(<<-'EOS')
    a = Object.new
    b = Object.new
    ObjectSpace.define_finalizer(a, proc { |id| puts "a1 #{id == $aid}" })
    ObjectSpace.define_finalizer(b, proc { |id| puts "b1"; raise "ignored" })
    ObjectSpace.define_finalizer(b, proc { |id| puts "b2 #{$!.message}"; exit 7 })
    ObjectSpace.define_finalizer(a, proc { |id| puts "a2" })
    ObjectSpace.define_finalizer(b, proc { |id| puts "b3"; ObjectSpace.define_finalizer(Object.new, proc { puts "never" }) })
    u = Object.new
    ObjectSpace.define_finalizer(u, proc { puts "undefined" })
    ObjectSpace.undefine_finalizer(u)
    $aid = a.object_id
    at_exit { puts "at_exit 1" }
    at_exit { puts "at_exit 2" }
    puts "end"
    exit 3
  EOS
  assert_equal "end\nat_exit 2\nat_exit 1\nb1\nb2 ignored\nb3\na1 true\na2\n", out
  assert_equal 3, status
end

test "at exit: after the error report, in the main thread" do
  out, status = run_script(<<-'EOS')
    o = Object.new
    ObjectSpace.define_finalizer(o, proc { |id| $stderr.puts "fin main=#{Thread.current == Thread.main}" })
    t = Thread.new { kept = Object.new; ObjectSpace.define_finalizer(kept, proc { |id| $stderr.puts "thread's" }); sleep }
    Thread.pass
    at_exit { $stderr.puts "at_exit" }
    raise "uncaught"
  EOS
  assert_equal "at_exit\n#{DIR}/script.rb:6: uncaught (RuntimeError)\nthread's\nfin main=true\n", out
  assert_equal 1, status
end

test "at exit: a forked child runs them too; exit! runs none" do
  out, status = run_script(<<-'EOS', "bang")
    o = Object.new
    ObjectSpace.define_finalizer(o, proc { |id| puts "fin #{$$ == $parent ? 'parent' : 'child'}" })
    $parent = $$
    pid = fork { puts "child" }
    Process.wait(pid)
    pid = fork { exit! 0 }
    Process.wait(pid)
    puts "parent end"
    $stdout.flush
    exit!(4) if ARGV[0]
  EOS
  assert_equal "child\nfin child\nparent end\n", out
  assert_equal 4, status
  out, status = run_script(<<-'EOS')
    GC.disable
    ObjectSpace.define_finalizer(Object.new, proc { puts "fin" })
    puts "end"
  EOS
  assert_equal "end\nfin\n", out
  assert_equal 0, status
end
