# exit_ensure.rb: when the program ends, the other threads are killed and
# their ensure clauses run: after at_exit, before the error report and the
# finalizers, as 1.8.7's ruby_cleanup.  Each case runs in a child process.
require 'assert'

RUBY = File.readlink("/proc/self/exe")
# The pid in a fixed width: the child's error report names the script,
# and test/thread/schedule_test.py replays this file, reading exactly the
# bytes its recording read; a pid of another length in the replay (9,999
# recorded, 10,000 replayed) cut the report short.
SCRIPT = "#{ENV["TMPDIR"] || "/tmp"}/miniruby_exit_ensure_#{"%010d" % $$}.rb"

# Each child waits until its threads are asleep inside their begin: one
# Thread.pass is not enough when a timer tick is pending, as a new thread
# can then be preempted where its block starts, before its begin, and
# killed at exit without an ensure to run (a CI run's replay of this file
# diverged where an assertion failed that its recording had passed).
#
# [output (stdout and stderr), exit status] of the program `source`.  The
# child neither records nor replays a schedule (test/thread/schedule_test.py
# replays this file): its output does not depend on one.
def run_child(source)
  File.open(SCRIPT, "w") { |f| f.write(source) }
  out = IO.popen("env -u MINIRUBY_SCHED #{RUBY} #{SCRIPT} 2>&1") { |io| io.read }
  [out, $?.exitstatus]
ensure
  File.delete(SCRIPT) if File.exist?(SCRIPT)
end

test "a sleeping thread's ensure runs after at_exit" do
  out, status = run_child(<<-'EOS')
    t = Thread.new { begin; sleep; ensure; puts "ensure ran"; end }
    Thread.pass until t.stop?
    at_exit { puts "at_exit" }
    puts "main done"
  EOS
  assert_equal("main done\nat_exit\nensure ran\n", out)
  assert_equal(0, status)
end

test "after at_exit, before the error report and the finalizers" do
  out, status = run_child(<<-'EOS')
    t = Thread.new { begin; sleep; ensure; $stderr.puts "ensure"; end }
    Thread.pass until t.stop?
    at_exit { $stderr.puts "at_exit" }
    ObjectSpace.define_finalizer("x", proc { $stderr.puts "finalizer" })
    raise "main fails"
  EOS
  assert_equal("at_exit\nensure\n#{SCRIPT}:5: main fails (RuntimeError)\nfinalizer\n", out)
  assert_equal(1, status)
end

test "every thread's ensure runs, a running one's too" do
  out, status = run_child(<<-'EOS')
    s = (0..2).map { |i| Thread.new { begin; sleep; ensure; puts "sleeper #{i}"; end } }
    Thread.new { begin; $running = true; loop { Thread.pass }; ensure; puts "runner"; end }
    Thread.pass until $running && s.all? { |t| t.stop? }
    puts "main"
  EOS
  lines = out.split("\n")
  assert_equal("main", lines.shift)
  assert_equal(["runner", "sleeper 0", "sleeper 1", "sleeper 2"], lines.sort)
  assert_equal(0, status)
end

test "an ensure clause that sleeps is waited for" do
  out, status = run_child(<<-'EOS')
    t = Thread.new { begin; sleep; ensure; puts "start"; sleep 0.05; puts "after sleep"; end }
    Thread.pass until t.stop?
  EOS
  assert_equal("start\nafter sleep\n", out)
  assert_equal(0, status)
end

test "what an ensure clause raises goes nowhere: exit, abort_on_exception" do
  out, status = run_child(<<-'EOS')
    Thread.abort_on_exception = true
    a = Thread.new { begin; sleep; ensure; puts "raising"; raise "in ensure"; end }
    b = Thread.new { begin; sleep; ensure; puts "exiting"; exit 7; end }
    Thread.pass until a.stop? && b.stop?
  EOS
  assert_equal(["exiting", "raising"], out.split("\n").sort)
  assert_equal(0, status)
end

test "an ensure clause blocked for ever on a Queue ends the wait, silently" do
  out, status = run_child(<<-'EOS')
    require 'thread'
    q = Queue.new
    t = Thread.new { begin; sleep; ensure; puts "ensure"; q.pop; puts "never"; end }
    Thread.pass until t.stop?
    puts "main"
  EOS
  assert_equal("main\nensure\n", out)
  assert_equal(0, status)
end

test "exit in another thread: the sleeping thread's ensure runs" do
  out, status = run_child(<<-'EOS')
    t = Thread.new { begin; sleep; ensure; puts "ensure"; end }
    Thread.pass until t.stop?
    Thread.new { exit 3 }.join
    puts "not reached"
  EOS
  assert_equal("ensure\n", out)
  assert_equal(3, status)
end

test "a thread started by an ensure clause runs to its end" do
  out, status = run_child(<<-'EOS')
    outer = Thread.new do
      begin
        sleep
      ensure
        t = Thread.new { puts "new thread"; sleep 0.01; puts "new thread end" }
        t.join
        puts "ensure end"
      end
    end
    Thread.pass until outer.stop?
  EOS
  assert_equal("new thread\nnew thread end\nensure end\n", out)
  assert_equal(0, status)
end

test "a killed thread is aborting in its ensure clause" do
  out, status = run_child(<<-'EOS')
    t = Thread.new { begin; sleep; ensure; p Thread.current.status; end }
    Thread.pass until t.stop?
    t.kill
    t.join
    t = Thread.new { begin; sleep; ensure; p Thread.current.status; end }
    Thread.pass until t.stop?
  EOS
  assert_equal("\"aborting\"\n\"aborting\"\n", out)
  assert_equal(0, status)
end

test "exit! runs no ensure clause" do
  out, status = run_child(<<-'EOS')
    t = Thread.new { begin; sleep; ensure; puts "ensure"; end }
    Thread.pass until t.stop?
    exit! 4
  EOS
  assert_equal("", out)
  assert_equal(4, status)
end
