# instance_eval_def.rb: def, alias and undef inside instance_eval act on the
# receiver's singleton class; as in 1.8.7, an object that has none (a
# Fixnum, a Symbol, nil, true, false) raises TypeError, and a Float or a
# Bignum takes no singleton method.  `class << 0` has no virtual class.
require 'assert'

test "def in instance_eval of an object: a singleton method" do
  o = Object.new
  o.instance_eval { def ie_sing; 3; end }
  assert_equal 3, o.ie_sing
  assert_equal ["ie_sing"], o.singleton_methods
  o.instance_eval("def ie_sing2; 4; end")
  assert_equal 4, o.ie_sing2
  assert_false Object.new.respond_to?(:ie_sing)
end

test "def in instance_eval of an immediate is a TypeError" do
  [0, :sym, nil, true, false].each do |v|
    e = assert_raise(TypeError) { v.instance_eval { def ie_m() :m end } }
    assert_equal "no class/module to add method", e.message
    e = assert_raise(TypeError) { v.instance_exec { def ie_m() :m end } }
    assert_equal "no class/module to add method", e.message
  end
  assert_false 1.respond_to?(:ie_m)
  assert_false NilClass.method_defined?(:ie_m)
  e = assert_raise(TypeError) { 0.instance_eval("def ie_m() :m end") }
  assert_equal "(eval):1: no class/module to add method", e.message
  e = assert_raise(TypeError) { 0.instance_eval { [1].each { def ie_q; end } } }
  assert_equal "no class/module to add method", e.message
  e = assert_raise(TypeError) { 0.instance_eval { alias ie_a to_s } }
  assert_equal "no class to make alias", e.message
  e = assert_raise(TypeError) { nil.instance_eval { undef to_s } }
  assert_equal "no class to undef method", e.message
  assert_equal "", nil.to_s
end

test "a Float or a Bignum takes no singleton method" do
  e = assert_raise(TypeError) { 1.5.instance_eval { def ie_a; end } }
  assert_equal 'can\'t define singleton method "ie_a" for Float', e.message
  e = assert_raise(TypeError) { (2**70).instance_eval { def ie_a; end } }
  assert_equal 'can\'t define singleton method "ie_a" for Bignum', e.message
  e = assert_raise(TypeError) { 1.5.instance_eval { alias ie_b to_s } }
  assert_equal 'can\'t define singleton method "ie_b" for Float', e.message
end

test "instance_eval on immediates and Floats still runs" do
  assert_equal 1.5, 1.5.instance_eval { self }
  assert_equal 2**70, (2**70).instance_eval { self }
  assert_equal [0, Fixnum], 0.instance_eval { [self, Fixnum] }
  assert_equal "3.0", 1.5.instance_eval("(self * 2).to_s")
  assert_same NilClass, nil.instance_eval { self.class }
end

test "class << an immediate" do
  e = assert_raise(TypeError) { eval("class << 0; end") }
  assert_equal "(eval):1: no virtual class for Fixnum", e.message
  e = assert_raise(TypeError) { eval("class << :s; end") }
  assert_equal "(eval):1: no virtual class for Symbol", e.message
  assert_same NilClass, (class << nil; self; end)
end
