# syntax_187.rb: forms 1.8.7's parser accepts: alias and undef of dynamic
# symbols, `print (42), 1` as the first command of a block or of a loop's
# `do`, and BEGIN anywhere but in a def (inside an if, a class, a block,
# another BEGIN, eval), with local variables of its own.
require 'assert'

RUBY = File.readlink("/proc/self/exe")

def sx_run(code)
  IO.popen("#{RUBY} -e '#{code}' 2>&1") { |io| io.read }
end

class SxAlias
  def foobar; :fb; end
  def foo_bar; :f_b; end
  n = 1
  alias :"x#{n}" foobar
  alias :"y#{2}" :"foo#{:bar}"
  alias z3 :"foo_bar"
  def gone1; end
  def gone2; end
  undef :"gone#{1}"
  undef :"gone#{2}", :"z#{3}"
end

test "alias and undef take dynamic symbols" do
  o = SxAlias.new
  assert_equal :fb, o.x1
  assert_equal :fb, o.y2
  assert_false o.respond_to?(:gone1)
  assert_false o.respond_to?(:gone2)
  assert_false o.respond_to?(:z3)
  assert_equal :f_b, o.foo_bar
  e = assert_raise(NameError) { SxAlias.class_eval { undef :"no#{:such}" } }
  assert_match(/undefined method `nosuch' for class `SxAlias'/, e.message)
  e = assert_raise(NameError) { SxAlias.class_eval { alias :"a#{1}" :"no#{:such}" } }
  assert_match(/undefined method `nosuch' for class `SxAlias'/, e.message)
end

test "a block's body starts a command: print (42), 1" do
  assert_equal "421", sx_run('1.times { |i| print (42), 1; }')
  assert_equal "421", sx_run('1.times { print (42), 1 }')
  assert_equal "421", sx_run('1.times do print (42), 1 end')
  assert_equal "421", sx_run('1.times do |i| print (42), 1 end')
  assert_equal "421", sx_run('lambda { || print (42), 1 }.call')
  assert_equal "421", sx_run('[1].each { |i,| print (42), 1 }')
  assert_equal "421", sx_run('while true do print (42), 1; break end')
  assert_equal "421", sx_run('for i in [1] do print (42), 1 end')
  assert_equal "421", sx_run('BEGIN { print (42), 1 }')
  assert_equal "421", sx_run('def m; print (42), 1; end; m')
  assert_equal "3\n", sx_run('[1].each { |i| p (i) + 2 }')
  # not after `then`, as in 1.8.7: there (42) is the whole argument list
  assert_match(/syntax error/, sx_run('if true then print (42), 1 end'))
end

test "BEGIN anywhere but in a def" do
  assert_equal "1\n2\n3\n", sx_run('BEGIN { BEGIN { p 1 }; p 2 }; p 3')
  assert_equal "0\n1\n", sx_run('p 1; if true; BEGIN { p 0 }; end')
  assert_equal "1\n", sx_run('1.times { BEGIN { p 1 } }')
  assert_equal "main\n", sx_run('class Foo; BEGIN { p self }; end')
  assert_match(/BEGIN in method/, sx_run('def m; 1.times { BEGIN { } }; end'))
end

test "BEGIN has local variables of its own" do
  assert_match(/undefined local variable or method `y'/, sx_run('BEGIN { y = 3 }; p y'))
  assert_equal "nil\n", sx_run('x = 1; BEGIN { p defined?(x) }')
  assert_equal "nil\n", sx_run('BEGIN { a = 1 }; BEGIN { p defined?(a) }')
  assert_equal "1\n", sx_run('BEGIN { a = 1; [1].each { p a } }')
  assert_equal "[\"q\"]\n", sx_run('BEGIN { q = 1; p local_variables }')
end

test "BEGIN inside eval" do
  log = []
  $sx_log = log
  eval("$sx_log << 0; BEGIN { $sx_log << 1 }; $sx_log << 2")
  assert_equal [1, 0, 2], log
  eval("if true; BEGIN { $sx_log << 3 }; end")
  eval("BEGIN { BEGIN { $sx_log << 4 } }")
  assert_equal [1, 0, 2, 3, 4], log
  x = 5
  assert_raise(NameError) { eval("BEGIN { x }") }
  assert_raise(NameError) { eval("BEGIN { sx_y = 3 }; sx_y") }
  assert_equal String, String.class_eval("BEGIN { $sx_self = self }; 1") && $sx_self
  assert_equal 10, eval("BEGIN { $sx_line = __LINE__ }\n1", nil, "f", 10) && $sx_line
end
