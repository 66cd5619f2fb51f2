# jumps_outside.rb: break, next, redo and retry where 1.8.7 puts them: a
# class body inside a loop or block belongs to it; in a method body (no
# loop, block or rescue clause around) they are a LocalJumpError raised
# there, never a jump into the caller's loop or block; code given to eval
# goes to the loop, block or rescue clause around the eval.
require 'assert'

RUBY = File.readlink("/proc/self/exe")

def jo_run(code)
  IO.popen("#{RUBY} -e '#{code}' 2>&1") { |io| io.read }
end

test "next and break in a class body go to the loop or block around it" do
  x = 0
  while x < 2
    x += 1
    class JoC1; next; end
    flunk_here = true
  end
  assert_equal 2, x
  assert_nil defined?(flunk_here) && flunk_here
  x = 0
  while x < 2
    x += 1
    class JoC1; break; end
  end
  assert_equal 1, x
  assert_equal [5, 5], [1, 2].map { |v| class JoC1; next 5; end }
  assert_equal 7, [1, 2].each { |v| class JoC1; break 7; end }
  x = 0
  until x == 2
    x += 1
    module JoM1; next; end
  end
  assert_equal 2, x
  x = 0
  while x < 2
    x += 1
    class << self; next; end
  end
  assert_equal 2, x
  assert_equal 9, lambda { class JoC2; next 9; end }.call
end

def jo_redo; redo; end
def jo_next; next; end
def jo_next5; next 5; end
def jo_retry; retry; end
def jo_break5; break 5; end
def jo_in_rescue
  n = 0
  begin
    n += 1
    raise "x"
  rescue
    retry if n < 3
  end
  n
end

test "in a method body: LocalJumpError, raised where the jump is" do
  e = assert_raise(LocalJumpError) { lambda { jo_redo }.call }
  assert_equal ["unexpected redo", :redo, nil], [e.message, e.reason, e.exit_value]
  e = assert_raise(LocalJumpError) { lambda { jo_next; :after }.call }
  assert_equal ["unexpected next", :next], [e.message, e.reason]
  e = assert_raise(LocalJumpError) { jo_next5 }
  assert_nil e.exit_value
  e = assert_raise(LocalJumpError) { jo_retry }
  assert_equal ["retry outside of rescue clause", :retry], [e.message, e.reason]
  r = begin; jo_retry; rescue LocalJumpError; :rescued; end
  assert_equal :rescued, r
  e = assert_raise(LocalJumpError) { jo_break5 }
  assert_equal ["unexpected break", :break, 5], [e.message, e.reason, e.exit_value]
  e = assert_raise(LocalJumpError) { [1].each { jo_next } }
  assert_equal :next, e.reason
  x = 0
  assert_raise(LocalJumpError) { while x < 2; x += 1; jo_next; end }
  assert_equal 1, x
  assert_raise(LocalJumpError) { [1, 2].map { jo_next5 } }
  e = assert_raise(LocalJumpError) { jo_next }
  assert_match(/\A#{Regexp.quote(__FILE__)}:\d+:in `jo_next'\z/, e.backtrace[0])
  assert_equal 3, jo_in_rescue
end

def jo_eval(s) eval(s) end

test "code given to eval goes to the loop, block or rescue around the eval" do
  x = 0
  while x < 3
    x += 1
    eval("next")
    flunk_here = true
  end
  assert_equal 3, x
  assert_nil flunk_here
  assert_equal [3, 3], [1, 2].map { eval("next 3") }
  x = 0
  while true
    x += 1
    eval("break") if x == 2
  end
  assert_equal 2, x
  n = 0
  begin
    n += 1
    raise "a"
  rescue
    eval("retry") if n < 3
  end
  assert_equal 3, n
  x = 0
  while x < 2; x += 1; eval("eval('next')"); end
  assert_equal 2, x
  e = assert_raise(LocalJumpError) { jo_eval("next") }
  assert_equal "unexpected next", e.message
  e = assert_raise(LocalJumpError) { jo_eval("redo") }
  assert_equal "unexpected redo", e.message
  e = assert_raise(LocalJumpError) { jo_eval("retry") }
  assert_equal "retry outside of rescue clause", e.message
  e = assert_raise(LocalJumpError) { jo_eval("break") }
  assert_equal "(eval):1:in `jo_eval': unexpected break", e.message
end

test "at the top level" do
  assert_equal "-e:1: unexpected next (LocalJumpError)\n", jo_run('next')
  assert_equal "-e:1: unexpected break (LocalJumpError)\n", jo_run('class C; break; end')
  assert_match(/\ALocalJumpError\n-e:1: unexpected redo/, jo_run('def m; redo; end; m rescue p $!.class; redo'))
end

test "a class body shows in backtraces in place of where it was opened" do
  line = __LINE__; c = class JoC3; caller(0); end
  assert_equal "#{__FILE__}:#{line}", c[0]
  assert_match(/assert\.rb:\d+:in `test'\z/, c[1])
  e = assert_raise(RuntimeError) { module JoM2; class << self; raise "x"; end; end }
  assert_equal "#{__FILE__}:#{__LINE__ - 1}", e.backtrace[0]
  assert_match(/assert\.rb:\d+:in `assert_raise'\z/, e.backtrace[1])
end
