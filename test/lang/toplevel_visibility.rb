# toplevel_visibility.rb: `public` and `private` at the top level (public
# singleton methods of main acting on Object, as in 1.8.7), and eval
# sharing the default visibility of the code that calls it.
require 'assert'

def tv_default; :d; end              # the top level's default: private
eval("def tv_evaled; end")           # eval shares it

public
def tv_public; :pub; end

private
def tv_private; :priv; end

r_public = public
def tv_public2; end
r_private = private(:tv_public2)

class TvEvalPriv
  eval("private")
  def after_eval; end
  eval("def in_eval; end")
end

class TvEvalPub
  private
  eval("def in_eval; end")
  eval("public; def in_eval2; end")
  def after; end
end


test "top-level def is private on Object by default" do
  assert_true Object.private_method_defined?(:tv_default)
  assert_raise(NoMethodError) { Object.new.tv_default }
end

test "public at the top level makes later defs public" do
  assert_true Object.public_method_defined?(:tv_public)
  assert_equal :pub, Object.new.tv_public
  assert_equal :pub, 3.tv_public
end

test "private at the top level makes later defs private" do
  assert_true Object.private_method_defined?(:tv_private)
  assert_false Object.public_method_defined?(:tv_private)
  e = assert_raise(NoMethodError) { Object.new.tv_private }
  assert_match(/\Aprivate method `tv_private' called for /, e.message)
  assert_equal :priv, tv_private
end

test "public and private return Object; with names they act on Object" do
  assert_same Object, r_public
  assert_same Object, r_private
  assert_true Object.private_method_defined?(:tv_public2)
  assert_same Object, self.public(:tv_public2)
  assert_true Object.public_method_defined?(:tv_public2)
  assert_true self.singleton_methods.include?("public")
  assert_true self.singleton_methods.include?("private")
  assert_raise(NameError) { private :tv_no_such_method }
end

test "public is not a method of other objects" do
  assert_raise(NoMethodError) { Object.new.send(:public) }
end

test "eval shares the caller's default visibility" do
  assert_true TvEvalPriv.private_method_defined?(:after_eval)
  assert_true TvEvalPriv.private_method_defined?(:in_eval)
  assert_true TvEvalPub.private_method_defined?(:in_eval)
  assert_true TvEvalPub.public_method_defined?(:in_eval2)
  assert_true TvEvalPub.public_method_defined?(:after)
  assert_true Object.private_method_defined?(:tv_evaled)
end

test "main is \"main\" until it has instance variables, as 1.8.7 inspects it" do
  assert_equal "main", self.inspect
  assert_equal "main", self.to_s
  @tv_ivar = 1
  assert_match(/\A#<Object:0x[0-9a-f]+ @tv_ivar=1>\z/, self.inspect)
  remove_instance_variable(:@tv_ivar)
  assert_equal "main", self.inspect
end
