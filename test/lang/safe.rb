# $SAFE as in 1.8.7: 0 by default, raised per thread (never lowered), a
# Proc runs at the level it was made at, and levels 1 to 4 refuse what
# 1.8.7 refuses with its SecurityError messages.  Each case runs in its
# own thread so the level of the main thread stays 0.
require 'assert'

# a pid is reused: a name of its own, removed however the test ends
TMP = "/tmp/miniruby_safe_#{$$}_#{rand(1 << 30)}"
Dir.mkdir(TMP)
at_exit { system("rm", "-rf", TMP) }
File.open("#{TMP}/x.rb", "w") { |f| f.puts "$safe_loaded = true" }
File.chmod(0755, TMP)

# the value of the block at level, or the exception it raised
def at(level)
  Thread.new {
    $SAFE = level
    begin
      yield
    rescue Exception => e
      e
    end
  }.value
end

def assert_insecure(message, value)
  assert_kind_of SecurityError, value
  assert_equal message, value.message if value.is_a?(Exception)
end

test "$SAFE is 0 by default and an Integer" do
  assert_equal 0, $SAFE
  assert_kind_of Fixnum, $SAFE
  assert_equal 0, Thread.new { $SAFE }.value
end

test "levels go up, never down, and belong to the thread" do
  assert_equal 1, at(1) { $SAFE }
  assert_equal 2, at(1) { $SAFE = 2; $SAFE }
  assert_equal 2, at(2) { $SAFE = 2; $SAFE }
  assert_insecure "tried to downgrade safe level from 1 to 0", at(1) { $SAFE = 0 }
  assert_insecure "tried to downgrade safe level from 3 to 2", at(3) { $SAFE = 2 }
  assert_equal 5, at(5) { $SAFE }            # accepted; acts as 4
  assert_equal 0, $SAFE
  assert_equal 2, at(2) { Thread.new { $SAFE }.value }   # a new thread inherits
  assert_raise(TypeError, "can't convert String into Integer") { at(0) { $SAFE = "1" }.tap { |e| raise e } }
end

test "a proc runs at the level it was made at" do
  pr = proc { $SAFE }
  assert_equal 0, at(1) { pr.call }
  assert_equal 0, Thread.new { pr = proc { $SAFE }; $SAFE = 1; pr.call }.value
  made = nil
  Thread.new { $SAFE = 1; made = proc { $SAFE } }.join
  assert_equal 1, made.call
  assert_equal 0, $SAFE
  assert_equal 0, at(0) { proc { $SAFE = 1 }.call; $SAFE }
  assert_equal 0, at(0) { lambda { $SAFE = 1 }.call; $SAFE }
  assert_equal [0, 1], at(0) {
    pr = proc { $SAFE }
    $SAFE = 1
    begin; proc { raise "x" }.call; rescue; end
    [pr.call, $SAFE]
  }
end

test "define_method bodies keep the level of their block" do
  k = Class.new { define_method(:lvl) { $SAFE } }
  assert_equal 0, at(1) { k.new.lvl }
  assert_equal 1, at(1) { Class.new { define_method(:lvl) { $SAFE } }.new.lvl }
end

test "level 1: tainted strings cannot be evaluated, loaded or used as paths" do
  t = "1 + 1".taint
  f = "#{TMP}/x.rb".taint
  assert_insecure "Insecure operation - eval", at(1) { eval(t) }
  assert_equal 2, at(1) { eval("1 + 1") }
  assert_insecure "Insecure operation - instance_eval", at(1) { Object.new.instance_eval(t) }
  assert_insecure "Insecure operation - class_eval", at(1) { Object.class_eval(t) }
  assert_insecure "Insecure operation - require", at(1) { require f }
  assert_insecure "Insecure operation - load", at(1) { load f }
  assert_insecure "Insecure operation - initialize", at(1) { File.open(f) { } }
  assert_insecure "Insecure operation - read", at(1) { File.read(f) }
  assert_insecure "Insecure operation - exist?", at(1) { File.exist?(f) }
  assert_insecure "Insecure operation - unlink", at(1) { File.unlink(f + "none") }
  assert_insecure "Insecure operation - open", at(1) { Dir.entries("/".taint) }
  assert_insecure "Insecure operation - system", at(1) { system("true".taint) }
  assert_insecure "Insecure operation - exec", at(1) { exec("true".taint) }
  assert_insecure "Insecure operation - popen", at(1) { IO.popen("true".taint) { } }
  assert_insecure "Insecure operation - test", at(1) { Kernel.test(?e, f) }
  assert_equal "$safe_loaded = true\n", at(1) { File.read("#{TMP}/x.rb") }
  assert_equal true, at(1) { system("true") }
  assert_equal 1, at(1) { Dir.chdir("/") { 1 } }
  assert_equal "abcd", at(1) { "abc".taint << "d" }
end

test "level 1: tainted paths for Dir, IO.sysopen and File::Stat" do
  d = TMP.dup.taint
  assert_insecure "Insecure operation - chdir", at(1) { Dir.chdir(d) }
  assert_insecure "Insecure operation - chdir", at(1) { Dir.chdir(d) { } }
  pid = fork do          # in a child: a chroot that succeeds must not spoil the rest
    r = at(1) { Dir.chroot(d) }
    exit!(r.is_a?(SecurityError) && r.message == "Insecure operation - chroot" ? 0 : 1)
  end
  Process.wait(pid)
  assert_equal 0, $?.exitstatus
  assert_insecure "Insecure operation - glob", at(1) { Dir.glob("#{d}/*") }
  assert_insecure "Insecure operation - glob", at(1) { Dir.glob(["/", "#{d}/*"]) }
  assert_insecure "Insecure operation - []", at(1) { Dir["#{d}/*"] }
  assert_insecure "Insecure operation - sysopen", at(1) { IO.sysopen("#{d}/x.rb") }
  assert_insecure "Insecure operation - initialize", at(1) { File::Stat.new("#{d}/x.rb") }
  assert_equal ["#{TMP}/x.rb"], at(1) { Dir.glob("#{TMP}/*") }
  assert_equal ["#{TMP}/x.rb"], at(1) { Dir["#{TMP}/*"] }
  assert_kind_of File::Stat, at(1) { File::Stat.new("#{TMP}/x.rb") }
  assert_equal ["#{TMP}/x.rb"], Dir.glob("#{d}/*")
end

test "level 2: processes, ids, limits and open files" do
  u, g = Process.uid, Process.gid
  rl = Process.getrlimit(Process::RLIMIT_CORE)
  checks = {
    "pid" => lambda { Process.pid }, "ppid" => lambda { Process.ppid }, "wait" => lambda { Process.wait },
    "waitpid" => lambda { Process.waitpid(-1) }, "wait2" => lambda { Process.wait2 },
    "waitpid2" => lambda { Process.waitpid2 }, "waitall" => lambda { Process.waitall },
    "detach" => lambda { Process.detach(0) }, "fork" => lambda { fork { exit! } },
    "getpgrp" => lambda { Process.getpgrp }, "getpgid" => lambda { Process.getpgid(0) },
    "setpgid" => lambda { Process.setpgid(0, 0) }, "setsid" => lambda { Process.setsid },
    "setpgrp" => lambda { Process.setpgrp }, "getpriority" => lambda { Process.getpriority(0, 0) },
    "setpriority" => lambda { Process.setpriority(0, 0, 0) },
    "getrlimit" => lambda { Process.getrlimit(Process::RLIMIT_CORE) },
    "setrlimit" => lambda { Process.setrlimit(Process::RLIMIT_CORE, *rl) },
    "uid=" => lambda { Process.uid = u }, "gid=" => lambda { Process.gid = g },
    "euid=" => lambda { Process.euid = u }, "egid=" => lambda { Process.egid = g },
    "setuid" => lambda { Process::Sys.setuid(u) }, "seteuid" => lambda { Process::Sys.seteuid(u) },
    "setgid" => lambda { Process::Sys.setgid(g) }, "setegid" => lambda { Process::Sys.setegid(g) },
    "setreuid" => lambda { Process::Sys.setreuid(u, u) }, "setregid" => lambda { Process::Sys.setregid(g, g) },
    "setresuid" => lambda { Process::Sys.setresuid(u, u, u) },
    "setresgid" => lambda { Process::Sys.setresgid(g, g, g) },
    "change_privilege" => lambda { Process::UID.change_privilege(u) },
    "grant_privilege" => lambda { Process::GID.grant_privilege(g) }, "eid=" => lambda { Process::UID.eid = u },
    "re_exchange" => lambda { Process::GID.re_exchange }, "switch" => lambda { Process::UID.switch },
    "umask" => lambda { File.umask }, "lchown" => lambda { File.lchown(nil, nil, "#{TMP}/x.rb") },
  }
  checks.each { |name, body| assert_insecure "Insecure operation `#{name}' at level 2", at(2, &body) }
  File.open("#{TMP}/x.rb") do |f|
    assert_insecure "Insecure operation `flock' at level 2", at(2) { f.flock(File::LOCK_SH) }
    assert_insecure "Insecure operation `chmod' at level 2", at(2) { f.chmod(0644) }
    assert_insecure "Insecure operation `chown' at level 2", at(2) { f.chown(nil, nil) }
    assert_insecure "Insecure operation `fcntl' at level 2", at(2) { f.fcntl(1) }
  end
  File.open("#{TMP}/w", "w") do |f|
    assert_insecure "Insecure operation `truncate' at level 2", at(2) { f.truncate(0) }
  end
  File.unlink("#{TMP}/w")
  assert_insecure "Insecure operation at level 2", at(2) { Process.kill(0, $$) }
  assert_equal [u, g], at(2) { [Process.uid, Process.gid] }
  assert_equal 0, at(2) { File.symlink("#{TMP}/x.rb", "#{TMP}/sym") }   # not refused at 2 (1.8.7)
  assert_equal 0, at(2) { File.rename("#{TMP}/sym", "#{TMP}/sym2") }
  assert_equal 0, at(2) { File.link("#{TMP}/x.rb", "#{TMP}/hard") }
  assert_insecure "Insecure operation - rename", at(3) { File.rename("#{TMP}/sym2", "#{TMP}/sym3") }
  File.unlink("#{TMP}/sym2", "#{TMP}/hard")
end

test "level 1: no loading from a world-writable place" do
  # /tmp itself is world-writable, so nothing below it may be loaded
  $safe_loaded = nil
  assert_insecure "loading from unsafe file #{TMP}/x.rb", at(1) { load "#{TMP}/x.rb" }
  assert_insecure "loading from unsafe file #{TMP}/x.rb", at(1) { require "#{TMP}/x.rb" }
  assert_nil $safe_loaded
  assert_equal false, at(1) { require "assert" }           # already loaded
end

test "level 2: file system changes and signals" do
  assert_insecure "Insecure operation `chmod' at level 2", at(2) { File.chmod(0644, "#{TMP}/x.rb") }
  assert_insecure "Insecure operation `unlink' at level 2", at(2) { File.unlink("#{TMP}/none") }
  assert_insecure "Insecure operation `chdir' at level 2", at(2) { Dir.chdir("/") }
  assert_insecure "Insecure operation `mkdir' at level 2", at(2) { Dir.mkdir("#{TMP}/d") }
  assert_insecure "Insecure operation `trap' at level 2", at(2) { trap("USR1") { } }
  assert_kind_of SecurityError, at(2) { Process.kill(0, $$) }
  assert_equal true, at(2) { system("true") }
  assert_equal "$safe_loaded = true\n", at(2) { File.read("#{TMP}/x.rb") }
end

test "level 3: new objects are tainted; no eval, no commands, no untaint" do
  assert_true at(3) { "abc".dup.tainted? }
  assert_true at(3) { Object.new.tainted? }
  assert_true at(3) { [1].tainted? }
  assert_false "abc".dup.tainted?
  assert_false Object.new.tainted?
  assert_insecure "Insecure operation - eval", at(3) { eval("1") }
  assert_insecure "Insecure operation - system", at(3) { system("true") }
  assert_insecure "Insecure operation - `", at(3) { `true` }
  assert_insecure "Insecure operation `untaint' at level 3", at(3) { "a".taint.untaint }
  assert_equal "abcd", at(3) { "abc" << "d" }
  assert_equal 3, at(3) { proc { $SAFE }.call }
end

test "level 4: untainted objects cannot be changed" do
  s = "abc"
  a = [1]
  h = {}
  o = Object.new
  t = "abc".taint
  assert_insecure "Insecure: can't modify string", at(4) { s << "d" }
  assert_insecure "Insecure: can't modify array", at(4) { a << 2 }
  assert_insecure "Insecure: can't modify hash", at(4) { h[1] = 2 }
  assert_insecure "Insecure: can't modify instance variable", at(4) { o.instance_variable_set(:@a, 1) }
  assert_insecure "Insecure: can't change global variable value", at(4) { $safe_global = 1 }
  assert_insecure "Insecure: can't define method", at(4) { o.instance_eval { def zz; end } }
  assert_insecure "Insecure: can't set constant", at(4) { Object.const_set(:SAFE_QQ, 1) }
  assert_insecure "Insecure operation `write' at level 4", at(4) { $stdout.write("") }
  assert_insecure "Insecure operation `exit' at level 4", at(4) { exit }
  assert_insecure "Insecure operation `taint' at level 4", at(4) { "a".taint }
  assert_insecure "Insecure operation `fork' at level 4", at(4) { fork { } }
  assert_insecure "Insecure operation `each_object' at level 4", at(4) { ObjectSpace.each_object(Class) { } }
  assert_insecure "Insecure operation `set_trace_func' at level 4", at(4) { set_trace_func(nil) }
  assert_equal "abcd", at(4) { t << "d" }                  # a tainted object can
  assert_equal "xy", at(4) { x = "x"; x << "y" }           # objects made at 4 are tainted
  assert_equal "abc", s
  assert_equal [1], a
  assert_nil $safe_global
end

test "ENV: tainted names from level 1, reading and changing it at level 4" do
  k = "HOME".taint
  %w[[] fetch delete values_at].each do |m|
    assert_insecure "Insecure operation - #{m}", at(1) { ENV.send(m, k) }
  end
  assert_equal true, at(1) { ENV.has_key?(k) }
  ENV["MINIRUBY_SAFE_ENV"] = "1"
  reads = %w[[] fetch has_key? include? key? member? values_at index value? has_value?]
  reads.each do |m|
    assert_insecure "Insecure operation `#{m}' at level 4", at(4) { ENV.send(m, "MINIRUBY_SAFE_ENV") }
  end
  whole = %w[keys values to_a to_hash size length empty? inspect invert shift clear
             each each_pair each_key each_value select reject reject! delete_if]
  whole.each do |m|
    assert_insecure "Insecure operation `#{m}' at level 4", at(4) { ENV.send(m) { false } }
  end
  assert_insecure "Insecure operation `update' at level 4", at(4) { ENV.update("MINIRUBY_SAFE_ENV" => "2") }
  assert_insecure "Insecure operation `replace' at level 4", at(4) { ENV.replace({}) }
  assert_insecure "Insecure operation `delete' at level 4", at(4) { ENV.delete("MINIRUBY_SAFE_ENV") }
  assert_insecure "can't change environment variable", at(4) { ENV["MINIRUBY_SAFE_ENV"] = "3" }
  assert_equal "ENV", at(4) { ENV.to_s }
  assert_equal "1", ENV["MINIRUBY_SAFE_ENV"]
  assert_true ENV.size > 1
  ENV.delete("MINIRUBY_SAFE_ENV")
end

class SafeCvar; @@cv = 1; def self.cv; @@cv; end; def self.cv=(v); @@cv = v; end; end

test "level 4: class variables, visibility, extend, _id2ref and trace_var as 1.8.7" do
  assert_insecure "Insecure: can't modify class variable", at(4) { SafeCvar.cv = 2 }
  assert_equal 1, at(4) { SafeCvar.cv }
  assert_insecure "Insecure: can't change method visibility", at(4) { SafeCvar.send(:private, :to_s) }
  assert_insecure "Insecure: can't change method visibility", at(4) { SafeCvar.send(:public, :to_s) }
  assert_equal 1, at(4) { o = Object.new; class << o; private :to_s; end; 1 }    # a new object is tainted
  assert_kind_of Comparable, at(4) { Object.new.extend(Comparable) }
  assert_insecure "Insecure operation `extend_object' at level 4", at(4) { SafeCvar.extend(Comparable) }
  assert_insecure "Insecure operation `append_features' at level 4", at(4) { SafeCvar.send(:include, Comparable) }
  assert_equal true, at(4) { c = Class.new; c.send(:include, Comparable); c < Comparable }
  o = Object.new
  assert_insecure "Insecure operation `_id2ref' at level 4", at(4) { ObjectSpace._id2ref(o.object_id) }
  assert_insecure "Insecure operation `trace_var' at level 4", at(4) { trace_var(:$safe_tv) { } }
  assert_insecure "Insecure: tainted variable trace", at(3) { trace_var(:$safe_tv) { } }
  assert_insecure "Insecure: tainted variable trace", at(1) { trace_var(:$safe_tv, "1".taint) }
  e = assert_raise(NameError) { trace_var(:$safe_untraced, nil) }   # nil untraces
  assert_equal "undefined global variable $safe_untraced", e.message
end

test "level 4: eval takes any string, but not a trusted binding" do
  code = "1".taint
  b = binding
  assert_equal 1, at(4) { eval("1") }
  assert_equal 1, at(4) { eval(code) }
  assert_insecure "Insecure: can't modify trusted binding", at(4) { eval("1", b) }
  assert_insecure "Insecure operation - eval", at(3) { eval(code) }
end

