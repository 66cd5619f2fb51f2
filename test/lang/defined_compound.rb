# defined_compound.rb: defined? of compound expressions, as 1.8.7 does it:
# variables, constants, calls, yield, super, $1... are looked into; any
# other expression (!x, a && b, "#{x}", [x], begin ... end, a call with a
# block...) is run, and is "expression" if it runs to its end; an error
# or a jump out of it (break, next, return) gives nil and is dropped.
require 'assert'

class DcBase
  def m(*a) :base end
end

class DcKid < DcBase
  def m(*a) [defined?(super), defined?(super()), defined?(super(1)), defined?(super(dc_nope))] end
  def n; defined?(super) end
  def priv_self; [defined?(self.dc_priv), defined?(dc_priv), defined?(self.dc_set = 1)] end
  def prot_other; defined?(DcKid.new.dc_prot) end
  private
  def dc_priv; end
  def dc_set=(v); end
  protected
  def dc_prot; end
end

def dc_yield; [defined?(yield), defined?(yield(dc_nope))] end

test "compound expressions with undefined parts are nil" do
  assert_equal [nil, nil, nil], [defined?(!zz), defined?(a && b), defined?("#{zz}")]
  assert_nil defined?(not zz)
  assert_nil defined?(!!zz)
  assert_nil defined?(zz || 1)
  assert_nil defined?(1 and zz)
  assert_nil defined?(1 != zz)
  assert_nil defined?(zz !~ /x/)
  assert_nil defined?([1, zz])
  assert_nil defined?({1 => zz})
  assert_nil defined?(1..zz)
  assert_nil defined?(zz ? 1 : 2)
  assert_nil defined?(:"#{zz}")
  assert_nil defined?(/#{zz}/)
  assert_nil defined?(`#{zz}`)
  assert_nil defined?((zz; 2))
  assert_nil defined?([*zz])
  assert_nil defined?(p(*zz))
end

test "compound expressions that run are expression" do
  assert_equal "expression", defined?(!1)
  assert_equal "expression", defined?(1 && 2)
  assert_equal "expression", defined?("#{1}")
  assert_equal "expression", defined?(1 || zz)          # zz is not reached
  assert_equal "expression", defined?(true or zz)
  assert_equal "expression", defined?(1 != 2)
  assert_equal "expression", defined?([1, 2])
  assert_equal "expression", defined?(1 ? 2 : 3)
  assert_equal "expression", defined?(begin; zz; rescue NameError; 1; end)
  assert_equal "expression", defined?(__FILE__)
  assert_equal "expression", defined?(defined?(zz))
  assert_equal "expression", defined?(lambda { zz })
  assert_equal "expression", defined?([1].each { })
  assert_nil defined?(dc_nope.each { })
  assert_nil defined?(for i in dc_nope do end)
end

test "the expression runs, with its side effects" do
  log = []
  assert_equal "expression", defined?(!log.push(1))
  assert_equal "expression", defined?(begin log.push(2) end)
  assert_equal "method", defined?((log.push(3)))       # parentheses: looked into
  assert_nil defined?(log.push(4) && zz)                 # runs up to the error
  assert_equal [1, 2, 4], log
end

test "break, next and return inside defined? are dropped" do
  x = 0
  while x < 3
    x += 1
    assert_nil defined?(break)
  end
  assert_equal 3, x
  assert_equal [nil, nil], [1, 2].map { |v| defined?(next) }
  def dc_ret; defined?(return 5); 7; end
  assert_equal 7, dc_ret
  assert_nil defined?(redo)
  assert_nil defined?(retry)
end

test "$! is nil after a failed run, kept after a good one" do
  begin
    raise "kept"
  rescue
    defined?(!1)
    assert_equal "kept", $!.message
    defined?(!zz)
    assert_nil $!
  end
end

test "calls" do
  assert_equal "method", defined?(puts)
  assert_equal "method", defined?(String.new)
  assert_equal "method", defined?(String.new(1))
  assert_equal "method", defined?(p(*[1]))
  assert_equal "method", defined?(1 + 2)
  assert_equal "method", defined?(Kernel::puts)
  assert_equal "method", defined?(String::new)
  assert_nil defined?(String.new(zz))
  assert_nil defined?(puts(zz))
  assert_nil defined?(1 + zz)
  assert_nil defined?(zz.foo)
  assert_nil defined?(1.foo)
  assert_nil defined?(1.to_s.zork)
  assert_nil defined?(a.b.c)
  assert_nil defined?(self.puts)              # private, through self.
  assert_equal "method", defined?(self.to_s)
  assert_equal "method", defined?(zz =~ /x/)  # a literal regexp: not looked into
  assert_equal "method", defined?(/#{zz}/ =~ 1)
  assert_nil defined?(zz =~ 1)
end

test "private and protected methods" do
  assert_equal [nil, "method", "assignment"], DcKid.new.priv_self
  assert_equal "method", DcKid.new.prot_other
  assert_nil defined?(DcKid.new.dc_prot)
  assert_nil defined?(DcKid.new.dc_priv)
end

test "assignments" do
  h = {}
  o = Object.new
  def o.x=(v); end
  assert_equal "assignment", defined?(a = 1)
  assert_equal "assignment", defined?(@dc = 1)
  assert_equal "assignment", defined?($dc = 2)
  assert_equal "assignment", defined?(DC_NOT_SET = 3)
  assert_equal "assignment", defined?(@dc ||= 1)
  assert_equal "assignment", defined?((x, y = 1, 2))
  assert_equal "assignment", defined?(h[1] = 2)
  assert_equal "assignment", defined?(o.x = 1)
  assert_equal "assignment", defined?(DcKid.new.dc_set = 1)   # a private setter
  assert_nil defined?(o.y = 1)
  assert_nil defined?(zz.y = 1)
  assert_nil defined?(h[zz] = 1)
  assert_nil defined?(o.x = zz)
  assert_nil @dc
  assert_nil $dc
  assert_false Object.const_defined?(:DC_NOT_SET)
end

test "yield, super, variables, constants, $1" do
  assert_equal ["yield", "yield"], dc_yield { }
  assert_equal [nil, nil], dc_yield
  assert_equal ["super", "super", "super", nil], DcKid.new.m
  assert_nil DcKid.new.n
  assert_nil defined?(@@dc_x)
  assert_nil defined?(A::B)
  assert_nil defined?(String::Zz)
  assert_nil defined?(zz::String)
  assert_nil defined?(1::String)
  assert_equal "constant", defined?(File::SEPARATOR)
  assert_equal "constant", defined?(::String)
  "ab" =~ /(a)/
  assert_equal ["$1", nil, "$&", "$+"], [defined?($1), defined?($2), defined?($&), defined?($+)]
  "ab" =~ /z/
  assert_equal [nil, nil], [defined?($1), defined?($&)]
end
