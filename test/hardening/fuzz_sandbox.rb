# fuzz_sandbox.rb: test/fuzz/sandbox.rb, which every fuzzed program runs
# under, takes away what could reach the machine or end the fuzzer.  The
# sandbox runs in a child (it takes exit! away, which this file's summary
# needs); the child prints what each attempt raised.
require 'assert'

RUBY = File.readlink("/proc/self/exe")
SANDBOX = File.expand_path(File.join(File.dirname(__FILE__), "..", "fuzz", "sandbox.rb"))

def in_sandbox(attempts)
  code = attempts.map { |a| "begin; #{a}; puts 'allowed'; rescue Exception => e; puts e.class; end" }.join("\n")
  path = "#{ENV["TMPDIR"] || "/tmp"}/miniruby_fuzz_sandbox_#{$$}.rb"
  File.open(path, "w") { |f| f.puts code }
  out = IO.popen("env -u MINIRUBY_SCHED #{RUBY} -r #{SANDBOX} #{path} 2>&1") { |io| io.read }
  File.delete(path)
  out.split("\n")
end

test "no processes, no system calls by number, no ioctl" do
  got = in_sandbox(['system("true")', 'fork()', 'exit!(0)', 'syscall(39)', 'STDIN.ioctl(0x541B, 0)',
                    'IO.popen("true")', 'Process.kill("TERM", 1)'])
  assert_equal(%w(NoMethodError NoMethodError NoMethodError NoMethodError NoMethodError NoMethodError SecurityError),
               got)
end

test "files only to read; reading stays" do
  got = in_sandbox(['File.open("/tmp/miniruby_fuzz_sandbox_w", "w")', 'open("|true")',
                    "File.open(#{__FILE__.inspect}) { |f| f.gets }", 'STDIN.fcntl(3)'])
  assert_equal(%w(SecurityError SecurityError allowed allowed), got)
end

test "a continuation is good only in the program that made it" do
  # fuzz_run runs every program in one VM: a continuation called by a
  # later one would put back the fuzzer's own frames of the earlier input
  got = in_sandbox(['$k = nil; n = callcc { |c| $k = c; 0 }; $k.call(1) if n == 0; raise "n" unless n == 1',
                    'FuzzSandbox.next_input; $k.call(3)'])
  assert_equal(%w(allowed SecurityError), got)
end
