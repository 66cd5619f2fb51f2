# visibility.rb: public/private/protected with and without arguments,
# private methods called with a receiver (and 1.8's exception for setters
# on self), protected access between instances, visibility in subclasses,
# the private top level, messages of the errors.
require 'assert'

class Account
  attr_reader :id
  def initialize(balance, id = 1); @balance = balance; @id = id; end
  def >(other); balance > other.balance; end
  def peek(other); other.secret; end
  def via_self_private; self.secret; end
  def via_implicit; secret; end
  def set_through_self(v); self.hidden_value = v; hidden_value; end
  def inspect; "#<Account #{@id}>"; end
  protected
  def balance; @balance; end
  private
  def secret; :secret; end
  attr_accessor :hidden_value
  public
  def open_again; :public_again; end
end

test "private and protected" do
  a = Account.new(10)
  b = Account.new(5, 2)
  assert_true a > b
  e = assert_raise(NoMethodError) { a.balance }
  assert_equal "protected method `balance' called for #<Account 1>", e.message
  e = assert_raise(NoMethodError) { a.secret }
  assert_equal "private method `secret' called for #<Account 1>", e.message
  assert_equal :secret, a.via_implicit
  assert_raise(NoMethodError) { a.via_self_private }   # even self. is refused
  assert_raise(NoMethodError) { a.peek(b) }
  assert_equal :public_again, a.open_again
  assert_equal 7, a.set_through_self(7)                 # setters may use self.
  assert_raise(NoMethodError) { a.hidden_value = 1 }
  assert_true a.respond_to?(:open_again)
  assert_false a.respond_to?(:secret)
  assert_true a.respond_to?(:balance)     # 1.8: only private methods are hidden
  assert_true a.respond_to?(:secret, true)
end

class SubAccount < Account
  def compare_balance(o); o.balance; end
  def call_secret; secret; end
  public :secret
end

test "visibility in subclasses" do
  s = SubAccount.new(3)
  assert_equal 10, s.compare_balance(Account.new(10))  # protected: same family
  assert_equal :secret, s.call_secret
  assert_equal :secret, s.secret                       # made public here
  assert_raise(NoMethodError) { Account.new(1).secret } # still private there
  other = Class.new { def try(acct); acct.balance; end }
  assert_raise(NoMethodError) { other.new.try(Account.new(1)) }
end

class WithArgs
  def a; :a; end
  def b; :b; end
  def c; :c; end
  private :a, :b
  protected :c
  def d; :d; end              # still public: the arguments form changes no default
  def call_all; [a, b, c]; end
end

test "visibility with arguments" do
  w = WithArgs.new
  assert_raise(NoMethodError) { w.a }
  assert_raise(NoMethodError) { w.b }
  assert_raise(NoMethodError) { w.c }
  assert_equal :d, w.d
  assert_equal [:a, :b, :c], w.call_all
  WithArgs.send(:public, :a)
  assert_equal :a, w.a
  assert_raise(NameError) { WithArgs.send(:private, :nope) }
  assert_same WithArgs, WithArgs.send(:private, :a)
end

class ClassSideVisibility
  class << self
    def open; hidden; end
    private
    def hidden; :hidden; end
  end
end

test "private in class << self" do
  assert_equal :hidden, ClassSideVisibility.open
  assert_raise(NoMethodError) { ClassSideVisibility.hidden }
end

def toplevel_helper; :top; end

test "top-level methods are private methods of Object" do
  assert_equal :top, toplevel_helper
  assert_true Object.private_method_defined?(:toplevel_helper)
  e = assert_raise(NoMethodError) { "str".toplevel_helper }
  assert_equal "private method `toplevel_helper' called for \"str\":String", e.message
  assert_equal :top, "str".send(:toplevel_helper)
  assert_equal :top, 5.instance_eval { toplevel_helper }
end

# 1.8: a block runs with the visibility of the scope that wrote it, so a
# def in a block at the top level is private too.
test "def in a block at the top level is private" do
  def block_top_def; :x; end
  assert_equal :x, block_top_def
  assert_true Object.private_method_defined?(:block_top_def)
  assert_raise(NoMethodError) { Object.new.block_top_def }
end

test "private does not leak out of a class body" do
  k = Class.new do
    private
    def p1; end
  end
  k.class_eval { def p2; :p2; end }          # class_eval blocks define public
  assert_equal :p2, k.new.p2
  eval "class VisLeak; private; def x; end; end; class VisLeak; def y; :y; end; end"
  assert_equal :y, VisLeak.new.y             # a reopened body starts public
end

test "protected methods and respond_to?, send" do
  a = Account.new(4)
  assert_equal 4, a.send(:balance)
  assert_equal :secret, a.send(:secret)
  assert_true Account.protected_instance_methods.include?("balance")
  assert_true Account.private_instance_methods(false).include?("secret")
  assert_true a.protected_methods.include?("balance")
end

test "initialize is always private" do
  k = Class.new { public; def initialize; end }
  assert_true k.private_instance_methods(false).include?("initialize")
  assert_raise(NoMethodError) { k.new.initialize }
end

test "method_missing sees private calls too" do
  k = Class.new do
    def method_missing(n, *a); "missing #{n}"; end
    private
    def priv; end
  end
  assert_equal "missing priv", k.new.priv
  assert_equal "missing zz", k.new.zz
end
