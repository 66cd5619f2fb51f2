# defined.rb: defined? on every kind of expression, with the strings
# Ruby 1.8.7 returns, and that it does not evaluate (or raise).
require 'assert'

class DefTarget
  def pub; end
  def self.cm; end
  CONST = 1
  attr_accessor :acc
  private
  def priv; end
end

$def_global = 1
@def_ivar = 1

test "variables and constants" do
  local = 1
  assert_equal "local-variable(in-block)", defined?(local)   # a test's body is a block
  assert_nil defined?(no_local_here)
  assert_equal "global-variable", defined?($def_global)
  assert_nil defined?($def_never_set)
  assert_equal "instance-variable", defined?(@def_ivar)
  assert_nil defined?(@def_never_set)
  assert_equal "constant", defined?(DefTarget)
  assert_equal "constant", defined?(DefTarget::CONST)
  assert_equal "constant", defined?(::DefTarget)
  assert_nil defined?(NoSuchConst)
  assert_nil defined?(DefTarget::Nope)
  assert_nil defined?(NoSuch::Deeper)
  assert_equal "nil", defined?(nil)          # 1.8.7's words (1.9: "expression")
  assert_equal "true", defined?(true)
  assert_equal "false", defined?(false)
  assert_equal "self", defined?(self)
  assert_equal "expression", defined?(1)
  assert_equal "expression", defined?("str")
  assert_equal "expression", defined?([1])
  assert_equal "expression", defined?({})
  assert_equal "expression", defined?(1..2)
  assert_equal "expression", defined?(:sym)
  assert_equal "expression", defined?(/re/)
end

class CvarDef
  @@cv = 1
  def self.check; [defined?(@@cv), defined?(@@nope)]; end
end

test "class variables" do
  assert_equal ["class variable", nil], CvarDef.check
end

test "methods" do
  o = DefTarget.new
  assert_equal "method", defined?(puts)
  assert_equal "method", defined?(o.pub)
  assert_nil defined?(o.priv)                 # private with a receiver: nil
  assert_nil defined?(o.nope)
  assert_equal "method", defined?(DefTarget.cm)
  assert_equal "method", defined?(String.new)
  assert_nil defined?(zzz_undefined_method)
  assert_equal "method", defined?(o.acc)
  assert_equal "method", defined?(1 + 1)
  assert_equal "method", defined?([1].size)
  assert_nil defined?(nil.foo)
  assert_nil defined?(o.pub(undefined_arg_here))   # arguments are checked too
  assert_nil defined?(no_recv.pub)
end

test "assignments and operators" do
  assert_equal "assignment", defined?(a = 1)
  assert_equal "assignment", defined?(@x = 1)
  assert_equal "assignment", defined?($x = 1)
  assert_equal "assignment", defined?(a += 1)
  assert_equal "assignment", defined?(a ||= 1)
  assert_equal "assignment", defined?(A_DEF_CONST = 1)
  assert_equal "expression", defined?(1 && 2)
  assert_equal "expression", defined?(1 || 2)
  assert_equal "expression", defined?(!1)
  assert_equal "expression", defined?(begin; 1; end)
end

def def_yield_check; defined?(yield); end
def def_super_check; defined?(super); end

class SupBase; def sm; end; end
class SupSub < SupBase
  def sm; defined?(super); end
  def other; defined?(super); end
end

test "yield and super" do
  assert_equal "yield", def_yield_check { }
  assert_nil def_yield_check
  assert_nil def_super_check
  assert_equal "super", SupSub.new.sm
  assert_nil SupSub.new.other
end

test "special variables" do
  "abc" =~ /(b)/
  assert_equal "$1", defined?($1)
  assert_nil defined?($2)
  assert_equal "$&", defined?($&)
  assert_equal "$`", defined?($`)
  "zzz" =~ /nomatch/
  assert_nil defined?($&)
  assert_nil defined?($1)
  assert_equal "global-variable", defined?($stdout)
  assert_equal "global-variable", defined?($0)
end

test "defined? does not evaluate" do
  count = 0
  inc = lambda { count += 1; DefTarget.new }
  defined?(inc.call.pub)
  assert_equal 1, count          # 1.8.7 evaluates the receiver to ask it
  defined?(count += 100)
  assert_true count < 100
  assert_nil defined?(raise_if_called.pub)
  assert_equal "expression", defined?(defined?(x))
end

test "defined? with parenthesis-less forms" do
  x = defined? String
  assert_equal "constant", x
  assert_equal "constant", (defined? String)
  assert_true(defined?(String) && true)
end

# 1.8.7 calls a block's own locals (parameters too) "local-variable(in-block)"
# and those of the method, class body, program or eval around it
# "local-variable", wherever they are asked for.
def defined_locals
  m = 1
  found = [defined?(m), eval("defined?(m)"), eval("e = 2; defined?(e)")]
  [1].each do |param|
    b = 1
    found << defined?(m) << defined?(param) << defined?(b)
    [2].each { found << defined?(b) }
  end
  for f in [1]; found << defined?(f); end
  found << lambda { |*rest| defined?(rest) }.call
  found
end

test "defined? of a method's and a block's locals" do
  assert_equal ["local-variable"] * 4 + ["local-variable(in-block)"] * 3 +
               ["local-variable", "local-variable(in-block)"], defined_locals
  assert_equal "local-variable", eval("x = 1; defined?(x)", TOPLEVEL_BINDING)
end
