# class_path.rb: the name after `class` and `module` is `Name`, `::Name`
# or `primary::Name` (as in 1.8.7, any primary: a local, nil, a literal,
# a parenthesised expression); a scope that is not a class or module is a
# TypeError "X is not a class/module" at run time, X being its to_s.
require 'assert'

test "module and class under a local holding a Module" do
  m = Module.new
  module m::N
    def self.hi; :hi; end
  end
  assert_equal :hi, m::N.hi
  assert_equal ["N"], m.constants
  class m::C < String; end
  assert_same String, m::C.superclass
  class (m)::D; end
  assert_equal "D", m::D.name.split("::").last
  k = Class.new
  class k::Inner; def x; 1; end; end
  assert_equal 1, k::Inner.new.x
end

test "reopening under a local scope" do
  m = Module.new
  module m::R; def self.a; 1; end; end
  module m::R; def self.b; 2; end; end
  assert_equal [1, 2], [m::R.a, m::R.b]
end

test "a scope that is not a class/module raises TypeError" do
  e = assert_raise(TypeError) { class nil::Foo; end }
  assert_equal " is not a class/module", e.message
  e = assert_raise(TypeError) { module 1::X; end }
  assert_equal "1 is not a class/module", e.message
  e = assert_raise(TypeError) { class "a"::X; end }
  assert_equal "a is not a class/module", e.message
  e = assert_raise(TypeError) { class [1, 2]::X; end }
  assert_equal "12 is not a class/module", e.message
  o = Object.new
  def o.to_s; "custom"; end
  e = assert_raise(TypeError) { module o::Y; end }
  assert_equal "custom is not a class/module", e.message
end

test "a lower-case name is still a syntax error" do
  e = assert_raise(SyntaxError) { eval("class foo; end") }
  assert_match(/class\/module name must be CONSTANT/, e.message)
  e = assert_raise(SyntaxError) { eval("m = Module.new; class m::n; end") }
  assert_match(/class\/module name must be CONSTANT/, e.message)
  e = assert_raise(SyntaxError) { eval("module Object::foo; end") }
  assert_match(/class\/module name must be CONSTANT/, e.message)
  assert_raise(SyntaxError) { eval("class 1; end") }
end
