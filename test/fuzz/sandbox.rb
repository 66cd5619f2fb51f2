# sandbox.rb: loaded before every fuzzed program (fuzz_run, and
# `miniruby -r test/fuzz/sandbox.rb` under AFL++).  Fuzzers write random
# programs; a random `system`, `File.delete` or `Process.kill` must not reach
# the machine, and a random `fork` or `exit!` must not end the fuzzer.  So:
# no processes, no writes to the file system, no closing or reopening the
# standard streams, and signals only among the program's own trap handlers.
# Everything else stays (reading files, pipes, threads, sleep, select...).
# Run the fuzzers as an unprivileged user in a scratch folder as well.

module FuzzSandbox
  def self.deny(*) raise SecurityError, "not in the fuzzing sandbox" end
  def self.read_mode?(mode) mode.nil? || (mode.is_a?(String) && mode =~ /\Ar[bt]?\z/) end
  TRAPPED = {}
  TRAPPABLE = %w(INT HUP USR1 USR2 TERM ALRM CHLD)
  def self.signame(sig)
    s = sig.is_a?(Integer) ? Signal.list.index(sig) : sig.to_s.sub(/\ASIG/, "")
    s.to_s
  end
end

module Kernel
  [:`, :exec, :exit!, :fork, :system, :syscall].each do |m|
    undef_method m if private_method_defined?(m) || method_defined?(m)
  end
  alias_method :__fuzz_trap, :trap
  # trap: only the harmless signals, and only with a handler (no DEFAULT,
  # SYSTEM_DEFAULT, IGNORE: a later kill must not end or stall the fuzzer)
  def trap(sig, cmd = nil, &blk)
    name = FuzzSandbox.signame(sig)
    FuzzSandbox.deny unless FuzzSandbox::TRAPPABLE.include?(name)
    FuzzSandbox.deny if cmd.is_a?(String) && cmd != "EXIT"
    FuzzSandbox::TRAPPED[name] = true
    cmd.nil? ? __fuzz_trap(sig, &blk) : __fuzz_trap(sig, cmd, &blk)
  end
  private :trap
  def open(name, mode = nil, *rest, &blk)
    FuzzSandbox.deny unless FuzzSandbox.read_mode?(mode) && name.to_s[0, 1] != "|"
    File.open(name, mode || "r", *rest, &blk)
  end
  private :open
end

class << Signal
  def trap(*a, &b) Kernel.send(:trap, *a, &b) end
end

class << Process
  [:exit!, :fork, :setsid, :setpgid].each { |m| undef_method m if method_defined?(m) }
  alias_method :__fuzz_kill, :kill
  # kill: only this process, only with a signal it traps
  def kill(sig, *pids)
    FuzzSandbox.deny unless FuzzSandbox::TRAPPED[FuzzSandbox.signame(sig)] && pids.all? { |p| p == Process.pid }
    __fuzz_kill(sig, *pids)
  end
end

class << IO
  [:popen, :sysopen, :for_fd].each { |m| undef_method m if method_defined?(m) }
  # IO.new(fd) would reach the fuzzer's own files; File.new only to read
  def new(*a, &b)
    FuzzSandbox.deny unless self <= File && a[0].is_a?(String) && FuzzSandbox.read_mode?(a[1])
    super
  end
end

class << File
  [:chmod, :chown, :lchmod, :lchown, :delete, :unlink, :link, :symlink, :rename,
   :truncate, :utime, :umask, :popen, :sysopen, :for_fd].each { |m| undef_method m if method_defined?(m) }
  alias_method :__fuzz_open, :open
  def open(name, mode = nil, *rest, &blk)
    FuzzSandbox.deny unless name.is_a?(String) && FuzzSandbox.read_mode?(mode)
    __fuzz_open(name, mode || "r", *rest, &blk)
  end
end

class << Dir
  [:chdir, :chroot, :mkdir, :rmdir, :delete, :unlink].each { |m| undef_method m if method_defined?(m) }
end

class IO
  # ioctl: a readable terminal could be handed input (TIOCSTI)
  [:reopen, :ioctl].each { |m| undef_method m if method_defined?(m) }
end

# the standard streams stay open for the next program
[STDIN, STDOUT, STDERR].each do |io|
  def io.close() nil end
  def io.close_read() nil end
  def io.close_write() nil end
end

# A continuation puts back the C stack from its callcc up.  fuzz_run runs
# every program in one VM: called by a later program (kept in a global,
# a constant, a method), it would put back the fuzzer's own frames of an
# earlier input, and the fuzzer ran that input's rest again, for ever.
# The harness counts the programs (FuzzSandbox.next_input).
module FuzzSandbox
  @input = 0
  def self.input() @input end
  def self.next_input() @input += 1 end
end

module Kernel
  alias_method :__fuzz_callcc, :callcc
  def callcc
    input = FuzzSandbox.input
    __fuzz_callcc { |k| k.instance_variable_set(:@__fuzz_input, input); yield k }
  end
  private :callcc
end

class Continuation
  alias_method :__fuzz_call, :call
  def call(*args)
    FuzzSandbox.deny unless @__fuzz_input == FuzzSandbox.input
    __fuzz_call(*args)
  end
  alias_method :[], :call
end
