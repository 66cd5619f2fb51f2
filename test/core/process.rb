# Process, Process::Status, $?, system, backquotes, exec, fork.
require 'assert'

TMP = File.join(ENV['TMPDIR'] || '/tmp', "mr-proc-#{$$}")
Dir.mkdir(TMP)
MAIN = $$
at_exit { system("rm", "-rf", TMP) if $$ == MAIN }   # forked children run at_exit too
RUBY = File.readlink("/proc/self/exe")

test "pid ppid ids" do
  assert_equal $$, Process.pid
  assert_kind_of Fixnum, Process.ppid
  assert_true Process.ppid != Process.pid
  assert_kind_of Fixnum, Process.uid
  assert_kind_of Fixnum, Process.gid
  assert_kind_of Fixnum, Process.euid
  assert_kind_of Fixnum, Process.egid
  assert_kind_of Fixnum, Process.getpgrp
  assert_equal Process.getpgrp, Process.getpgid(0)
  assert_kind_of Fixnum, Process::WNOHANG
end

test "system" do
  assert_true system("true")
  assert_equal 0, $?.exitstatus
  assert_false system("false")
  assert_equal 1, $?.exitstatus
  assert_false $?.success?
  assert_true system("exit 0")
  assert_false system("exit 5")
  assert_equal 5, $?.exitstatus
  assert_true system("test", "a", "=", "a")
  assert_false system("test", "a", "=", "b")
  assert_false system("/nonexistent/program")   # 1.8.7: false, not nil
  assert_equal 127, $?.exitstatus
  out = File.join(TMP, "sys.txt")
  assert_true system("echo 'with shell' > #{out}")
  assert_equal "with shell\n", File.read(out)
  assert_true system("true", "; exit 1")      # arguments: no shell
  assert_true system("exit 0")                # a shell built-in: through sh
  assert_raise(ArgumentError) { system }
  assert_raise(TypeError) { system(nil) }
end

test "backquotes" do
  assert_equal "hello\n", `echo hello`
  assert_true $?.success?
  assert_equal "", `true`
  assert_equal "a\nb\n", %x{printf 'a\\nb\\n'}
  x = "in"
  assert_equal "interp\n", `echo #{x}terp`
  `exit 4`
  assert_equal 4, $?.exitstatus
  assert_equal "12345", `#{RUBY} -e 'print 12345'`
  big = `#{RUBY} -e 'print "x" * 200000'`
  assert_equal 200000, big.size
  assert_raise(Errno::ENOENT) { `/nonexistent/program` }
end

test "Process::Status" do
  system("exit 3")
  st = $?
  assert_kind_of Process::Status, st
  assert_equal 3 << 8, st.to_i
  assert_equal 3, st.exitstatus
  assert_true st.exited?
  assert_false st.signaled?
  assert_false st.stopped?
  assert_nil st.termsig
  assert_false st.success?
  assert_kind_of Fixnum, st.pid
  assert_equal "768", st.to_s
  assert_equal "#<Process::Status: pid=#{st.pid},exited(3)>", st.inspect
  assert_true st == 768
  assert_false st == 0
  assert_equal 3, st >> 8
  assert_equal 0, st & 0xff
  assert_raise(NoMethodError) { Process::Status.new }
  system("kill -TERM $$")
  st = $?
  assert_true st.signaled?
  assert_equal 15, st.termsig
  assert_nil st.exitstatus
  assert_nil st.success?
  assert_equal "#<Process::Status: pid=#{st.pid},signaled(SIGTERM=15)>", st.inspect
  assert_raise(NameError) { $? = nil }
end

test "fork and wait" do
  pid = fork { exit! 7 }
  assert_kind_of Fixnum, pid
  assert_equal pid, Process.wait
  assert_equal 7, $?.exitstatus
  assert_equal pid, $?.pid
  pid = fork { exit! 9 }
  r = Process.wait2(pid)
  assert_equal pid, r[0]
  assert_equal 9, r[1].exitstatus
  pid = fork { $stdout.reopen("/dev/null") }  # the child runs at_exit (assert.rb prints)
  assert_equal pid, Process.waitpid(pid, 0)
  assert_equal 0, $?.exitstatus
  pid = fork { $stderr.reopen("/dev/null"); $stdout.reopen("/dev/null"); raise "child" }
  Process.wait(pid)
  assert_equal 1, $?.exitstatus
  rd, wr = IO.pipe
  pid = fork do
    rd.close
    wr.write "from child #{Process.pid}"
    wr.close
    exit! 0
  end
  wr.close
  assert_equal "from child #{pid}", rd.read
  rd.close
  Process.wait(pid)
  out = File.join(TMP, "atexit.txt")
  pid = fork { $stdout.reopen("/dev/null"); at_exit { File.open(out, "w") { |f| f.write "ran" } } }
  Process.wait(pid)
  assert_equal "ran", File.read(out)
  r, w = IO.pipe
  pid = fork
  if pid.nil?
    w.write "nil in child"
    exit! 0
  end
  w.close
  assert_equal "nil in child", r.read
  Process.wait(pid)
  assert_raise(Errno::ECHILD) { Process.wait }
  rd, wr = IO.pipe
  pid = fork { $stdout.reopen("/dev/null"); wr.write "."; sleep 5 }
  rd.read(1)       # the child is quiet now (its at_exit prints a summary)
  assert_nil Process.wait(pid, Process::WNOHANG)
  assert_equal 1, Process.kill("TERM", pid)
  Process.wait(pid)
  assert_equal 15, $?.termsig
  rd.close; wr.close
  pids = (1..3).map { |i| fork { exit! i } }
  all = Process.waitall
  assert_equal pids.sort, all.map { |p, s| p }.sort
  assert_equal [1, 2, 3], all.map { |p, s| s.exitstatus }.sort
end

test "kill" do
  assert_equal 1, Process.kill(0, Process.pid)
  assert_equal 1, Process.kill("SIGCONT", Process.pid)
  assert_equal 1, Process.kill(:CONT, Process.pid)
  assert_raise(ArgumentError, "unsupported name `SIGFOO'") { Process.kill("FOO", Process.pid) }
  assert_raise(Errno::ESRCH) { Process.kill(0, 999999) }
  assert_raise(ArgumentError) { Process.kill(0) }
end

test "exec" do
  out = File.join(TMP, "exec.txt")
  pid = fork { exec("echo execd > #{out}") }
  Process.wait(pid)
  assert_equal "execd\n", File.read(out)
  pid = fork { exec("sh", "-c", "exit 6") }
  Process.wait(pid)
  assert_equal 6, $?.exitstatus
  e = assert_raise(Errno::ENOENT) { exec("/nonexistent/program") }
  assert_equal "No such file or directory - /nonexistent/program", e.message
end

test "Process.exec is exec" do
  out = File.join(TMP, "pexec.txt")
  pid = fork { Process.exec("sh", "-c", "echo pexecd > #{out}") }
  Process.wait(pid)
  assert_equal "pexecd\n", File.read(out)
  assert_true Process.respond_to?(:exec)
  assert_raise(Errno::ENOENT) { Process.exec("/nonexistent/program") }
end

test "popen $?" do
  IO.popen("exit 2") { |io| io.read }
  assert_equal 2, $?.exitstatus
  io = IO.popen("-")
  if io.nil?
    print "forked popen"
    $stdout.flush
    exit! 0
  end
  assert_equal "forked popen", io.read
  io.close
end

test "times" do
  t = Process.times
  assert_kind_of Float, t.utime
  assert_kind_of Float, t.stime
  assert_kind_of Float, t.cutime
  assert_kind_of Float, t.cstime
end

# what a forked child computes, as a String on a pipe (the child may
# change limits and priorities without touching this process)
def in_child
  r, w = IO.pipe
  pid = fork do
    r.close
    begin
      w.write(yield.inspect)
    rescue Exception => e
      w.write("#{e.class}: #{e.message}")
    end
    w.close
    exit! 0
  end
  w.close
  out = r.read
  r.close
  Process.wait(pid)
  out
end

test "[program, argv0] as the first argument of system and exec" do
  out = File.join(TMP, "argv0.txt")
  assert_true system(["sh", "zero"], "-c", "echo $0 $1 > #{out}", "x", "one")
  assert_equal "x one\n", File.read(out)
  assert_true system(["sh", "-alone-"], "-c", "echo $0 > #{out}")
  assert_equal "-alone-\n", File.read(out)
  assert_true system(["true", "x"])
  pid = fork { exec(["sh", "EX"], "-c", "echo $0 > #{out}") }
  Process.wait(pid)
  assert_equal "EX\n", File.read(out)
  assert_raise(ArgumentError, "wrong first argument") { system(["a"]) }
  assert_raise(ArgumentError, "wrong first argument") { system(["a", "b", "c"]) }
  assert_raise(ArgumentError, "wrong first argument") { exec(["a"]) }
  assert_raise(TypeError, "can't convert Fixnum into String") { system([1, "b"]) }
  assert_false system(["/nonexistent/program", "b"])
  assert_equal 127, $?.exitstatus
  assert_raise(Errno::ENOENT, "No such file or directory - b") { exec(["/nonexistent/program", "b"]) }
end

test "resource limits" do
  %w[AS CORE CPU DATA FSIZE MEMLOCK NOFILE NPROC RSS STACK].each do |r|
    assert_kind_of Fixnum, Process.const_get("RLIMIT_#{r}")
  end
  assert_equal 2 ** 64 - 1, Process::RLIM_INFINITY
  assert_equal 2 ** 64 - 1, Process::RLIM_SAVED_CUR
  cur, max = Process.getrlimit(Process::RLIMIT_NOFILE)
  assert_kind_of Integer, cur
  assert_true cur <= max
  assert_equal [7, 7].inspect, in_child { Process.setrlimit(Process::RLIMIT_CORE, 7); Process.getrlimit(Process::RLIMIT_CORE) }
  assert_equal [3, 5].inspect, in_child { Process.setrlimit(Process::RLIMIT_CORE, 3, 5); Process.getrlimit(Process::RLIMIT_CORE) }
  assert_equal "nil", in_child { Process.setrlimit(Process::RLIMIT_CORE, 1.5) }
  assert_equal "Errno::EINVAL: Invalid argument - setrlimit", in_child { Process.setrlimit(Process::RLIMIT_CORE, 2, 1) }
  assert_raise(Errno::EINVAL, "Invalid argument - getrlimit") { Process.getrlimit(99) }
  assert_raise(TypeError, "no implicit conversion from nil to integer") { Process.setrlimit(Process::RLIMIT_CORE, nil) }
  assert_raise(ArgumentError, "wrong number of arguments (1 for 2)") { Process.setrlimit(Process::RLIMIT_CORE) }
end

test "priorities and process groups" do
  prio = Process.getpriority(Process::PRIO_PROCESS, 0)
  want = prio < 19 ? prio + 1 : 19
  assert_equal want.inspect, in_child {
    Process.setpriority(Process::PRIO_PROCESS, 0, want)
    Process.getpriority(Process::PRIO_PROCESS, 0)
  }
  assert_raise(Errno::EINVAL, "Invalid argument") { Process.setpriority(99, 0, 1) }
  assert_equal [0, true].inspect, in_child { [Process.setpgrp, Process.getpgrp == Process.pid] }
end

test "groups and maxgroups" do
  assert_true Process.groups.all? { |g| g.kind_of?(Integer) }
  assert_equal 32, Process.maxgroups
  begin
    assert_equal 100, (Process.maxgroups = 100)
    assert_equal 100, Process.maxgroups
    Process.maxgroups = 100_000
    assert_equal 4096, Process.maxgroups
  ensure
    Process.maxgroups = 32
  end
  assert_raise(ArgumentError, "too many groups, 32 max") { Process.groups = [0] * 33 }
  assert_raise(ArgumentError, "can't find group for no-such-group-x") { Process.groups = ["no-such-group-x"] }
end

test "Process::Sys" do
  assert_equal Process.uid, Process::Sys.getuid
  assert_equal Process.euid, Process::Sys.geteuid
  assert_equal Process.gid, Process::Sys.getgid
  assert_equal Process.egid, Process::Sys.getegid
  assert_nil Process::Sys.seteuid(Process.euid)
  assert_nil Process::Sys.setreuid(-1, -1)
  assert_nil Process::Sys.setresuid(-1, -1, -1)
  assert_nil Process::Sys.setregid(-1, -1)
  assert_nil Process::Sys.setresgid(-1, -1, -1)
  assert_raise(NotImplementedError, "setruid() function is unimplemented on this machine") { Process::Sys.setruid(0) }
  assert_raise(NotImplementedError, "setrgid() function is unimplemented on this machine") { Process::Sys.setrgid(0) }
  assert_raise(NotImplementedError, "issetugid() function is unimplemented on this machine") { Process::Sys.issetugid }
end

test "Process::UID and Process::GID" do
  assert_equal Process.uid, Process::UID.rid
  assert_equal Process.euid, Process::UID.eid
  assert_equal Process.gid, Process::GID.rid
  assert_equal Process.egid, Process::GID.eid
  [Process::UID, Process::GID].each do |m|
    assert_true m.re_exchangeable?
    assert_true m.sid_available?
  end
  assert_equal Process.euid, (Process::UID.eid = Process.euid)
  assert_equal Process.euid, Process::UID.grant_privilege(Process.euid)
  assert_equal Process.egid, Process::GID.grant_privilege(Process.egid)
  assert_equal Process.uid.inspect, in_child { Process::UID.change_privilege(Process.uid) }
  assert_equal 0, Process::UID.re_exchange if Process.uid == Process.euid
  if Process.uid == Process.euid
    assert_raise(Errno::EPERM, "Operation not permitted") { Process::UID.switch }
    assert_raise(Errno::EPERM, "Operation not permitted") { Process::GID.switch { } }
  end
  assert_equal Process.uid, (Process.uid = Process.uid)
  assert_equal Process.egid, (Process.egid = Process.egid)
  assert_raise(TypeError, "can't convert String into Integer") { Process::UID.change_privilege("x") }
end
