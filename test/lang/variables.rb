# variables.rb: locals, instance, class and global variables, the special
# globals ($0 $: $; $, $/ $! $@ $stdout ...), constants and A::B, ARGV, ENV.
require 'assert'

test "locals" do
  a = 1
  b = a + 1
  assert_equal 2, b
  c = d = 3
  assert_equal [3, 3], [c, d]
  # a local comes into existence at its assignment, even one not run
  if false
    never = 1
  end
  assert_nil never
  assert_equal "local-variable(in-block)", defined?(never)   # a test's body is a block
  assert_raise(NameError) { eval("undefined_thing_here") }
  x = 10
  [1].each { x += 1 }
  assert_equal 11, x
  [1].each { y = 1 }
  assert_equal nil, defined?(y)
end

test "locals are per method" do
  z = 1
  def no_z; defined?(z); end
  assert_nil no_z
end

class IvarHolder
  def initialize; @a = 1; end
  def a; @a; end
  def b; @b; end
  def set_b(v); @b = v; end
end

test "instance variables" do
  o = IvarHolder.new
  assert_equal 1, o.a
  assert_nil o.b
  o.set_b 5
  assert_equal 5, o.b
  assert_equal ["@a", "@b"], o.instance_variables.sort
  assert_nil @never_set_ivar
  assert_equal 1, o.instance_variable_get(:@a)
  o.instance_variable_set("@c", 3)
  assert_equal 3, o.instance_variable_get("@c")
  assert_true o.instance_variable_defined?(:@c)
  assert_raise(NameError) { o.instance_variable_get("bad") }
end

# One @x site in a superclass's method, run for objects of three
# subclasses whose @x sits in a different slot each (the site caches two
# classes' slots): every read and write finds its own object's slot.
class IvarBase
  def x; @x; end
  def x_plus(n); @x = @x + n; end
  def bare; @never; end
end
class IvarFirst < IvarBase; def initialize; @x = 1; end; end
class IvarThird < IvarBase; def initialize; @a = :a; @b = :b; @x = 3; end; end
class IvarSecond < IvarBase; def initialize; @c = :c; @x = 2; @d = :d; end; end

test "instance variables at one site for several classes" do
  two = [IvarFirst.new, IvarThird.new]
  assert_equal [1, 3, 1, 3], (0...4).map { |i| two[i % 2].x }
  three = [IvarFirst.new, IvarThird.new, IvarSecond.new]
  assert_equal [1, 3, 2] * 3, (0...9).map { |i| three[i % 3].x }
  6.times { |i| three[i % 3].x_plus(10) }
  assert_equal [21, 23, 22], three.map { |o| o.x }
  assert_equal [:a, :b, 23], [:@a, :@b, :@x].map { |n| three[1].instance_variable_get(n) }
  assert_equal [:c, 22, :d], [:@c, :@x, :@d].map { |n| three[2].instance_variable_get(n) }
  assert_equal [nil, nil, nil], three.map { |o| o.bare }
  assert_equal ["@x"], three[0].instance_variables
end

class CvarBase
  @@count = 0
  def self.bump; @@count += 1; end
  def count; @@count; end
  def self.count=(v); @@count = v; end
end
class CvarSub < CvarBase
  def sub_count; @@count; end
end

test "class variables" do
  CvarBase.bump
  CvarBase.bump
  assert_equal 2, CvarBase.new.count
  assert_equal 2, CvarSub.new.sub_count
  CvarSub.bump
  assert_equal 3, CvarBase.new.count
  assert_true CvarBase.class_variable_defined?(:@@count)
  assert_equal ["@@count"], CvarBase.class_variables
  assert_equal 3, CvarBase.send(:class_variable_get, :@@count)
  CvarBase.send(:class_variable_set, :@@count, 7)
  assert_equal 7, CvarSub.new.sub_count
  assert_raise(NameError) { CvarBase.class_eval { def bad_cv; @@nope; end }; CvarBase.new.bad_cv }
end

test "class variables of modules and the toplevel" do
  m = Module.new
  m.module_eval "@@mv = 4; def self.mv; @@mv; end"
  assert_equal 4, m.mv
end

$g_counter = 0
def bump_global; $g_counter += 1; end

test "globals" do
  assert_nil $never_assigned_global
  bump_global
  bump_global
  assert_equal 2, $g_counter
  assert_equal "global-variable", defined?($g_counter)
  assert_nil defined?($no_such_global_xyz)
  assert_true global_variables.include?("$g_counter")
  $g_alias_target = 5
  eval "alias $g_alias_new $g_alias_target"
  assert_equal 5, $g_alias_new
  $g_alias_new = 6
  assert_equal 6, $g_alias_target
end

def match_in_method
  "xyz" =~ /(y)/
  [$g_pre, $g_match, $g_post, $g_lparen, $g_md[1]]
end

test "aliases of the match variables" do
  eval "alias $g_pre $`; alias $g_post $'; alias $g_match $&; alias $g_lparen $+; alias $g_md $~"
  "abcd" =~ /(b)(c)/
  assert_equal ["a", "bc", "d", "c"], [$g_pre, $g_match, $g_post, $g_lparen]
  assert_equal "b", $g_md[1]
  assert_equal ["x", "y", "z", "y", "y"], match_in_method
  assert_equal "bc", $g_match             # the caller's match is untouched
  "q" =~ /z/
  assert_nil $g_pre
  assert_nil $g_match
  assert_true global_variables.include?("$g_match")
  assert_raise(NameError) { eval "$g_match = 1" }
end

test "special globals" do
  assert_equal "test/lang/variables.rb", $0
  assert_same $0, $PROGRAM_NAME
  assert_kind_of Array, $:
  assert_same $:, $LOAD_PATH
  assert_true $:.include?("test")
  assert_kind_of Array, $"
  assert_same $", $LOADED_FEATURES
  assert_true $".any? { |f| f =~ /assert/ }
  assert_nil $;
  assert_nil $,
  assert_equal "\n", $/
  assert_nil $\
  assert_same STDOUT, $stdout
  assert_same STDERR, $stderr
  assert_same STDIN, $stdin
  assert_same $stdout, $>
  assert_kind_of Fixnum, $$
  assert_equal Process.pid, $$
  assert_nil $!
  begin
    raise "x"
  rescue
    assert_equal "x", $!.message
    assert_kind_of Array, $@
    assert_match(/variables\.rb:\d+/, $@[0])
  end
  assert_nil $!
  "abc" =~ /b(c)/
  assert_equal "bc", $~[0]
  assert_equal "bc", $&
  assert_equal "a", $`
  assert_equal "", $'
  assert_equal "c", $1
  assert_nil $2
  assert_equal "c", $+
  assert_equal false, $DEBUG
  assert_equal false, $VERBOSE
  assert_match(/linux|darwin|bsd/, RUBY_PLATFORM)
  assert_equal "1.8.7", RUBY_VERSION
end

test "$, and $; as defaults" do
  begin
    $, = "-"
    assert_equal "a-b", ["a", "b"].join
    $; = ","
    assert_equal ["a", "b"], "a,b".split
  ensure
    $, = nil
    $; = nil
  end
  assert_equal "ab", ["a", "b"].join
end

test "$stdout reassigned" do
  out = Object.new
  def out.buf; @buf ||= ""; end
  def out.write(s); buf << s.to_s; s.to_s.size; end
  saved = $stdout
  begin
    $stdout = out
    puts "captured"
    print "x"
  ensure
    $stdout = saved
  end
  assert_equal "captured\nx", out.buf
  assert_raise(TypeError) { $stdout = 5 }
end

X_TOP = 1
module Outer
  X_OUT = 2
  class Inner
    X_IN = 3
    def get; [X_TOP, X_OUT, X_IN]; end
  end
  def self.lookup; Inner::X_IN; end
end

test "constants" do
  assert_equal [1, 2, 3], Outer::Inner.new.get
  assert_equal 3, Outer::Inner::X_IN
  assert_equal 3, Outer.lookup
  assert_equal 1, ::X_TOP
  assert_equal "constant", defined?(X_TOP)
  assert_equal "constant", defined?(Outer::Inner)
  assert_nil defined?(Outer::Nope)
  assert_raise(NameError) { Outer::Nope }
  e = assert_raise(NameError) { NoSuchConstantAnywhere }
  assert_equal "uninitialized constant NoSuchConstantAnywhere", e.message
  e = assert_raise(NameError) { Outer::Nope2 }
  assert_equal "uninitialized constant Outer::Nope2", e.message
  assert_true Outer.const_defined?(:X_OUT)
  assert_equal 2, Outer.const_get(:X_OUT)
  Outer.const_set(:X_NEW, 9)
  assert_equal 9, Outer::X_NEW
  assert_true Outer.constants.include?("X_OUT")
  assert_equal "Outer::Inner", Outer::Inner.name
  Outer::X_SET = 10
  assert_equal 10, Outer::X_SET
end

test "constant lookup is lexical then ancestors" do
  eval <<-EOS
    class CBase; CB = :base; end
    module CMod; CM = :mod; end
    class CSub < CBase
      include CMod
      def both; [CB, CM]; end
    end
  EOS
  assert_equal [:base, :mod], CSub.new.both
end

test "const_missing" do
  klass = Class.new do
    def self.const_missing(n); "missing #{n}"; end
  end
  assert_equal "missing Foo", klass::Foo
end

test "ARGV and ENV" do
  assert_kind_of Array, ARGV
  assert_equal [], ARGV
  assert_same ARGV, $*
  assert_kind_of String, ENV["PATH"]
  ENV["MINIRUBY_LANG_TEST"] = "v"
  assert_equal "v", ENV["MINIRUBY_LANG_TEST"]
  ENV.delete("MINIRUBY_LANG_TEST")
  assert_nil ENV["MINIRUBY_LANG_TEST"]
end
