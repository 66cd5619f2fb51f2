# redefinition.rb: the evaluator's fast paths (Fixnum operators, Thread.pass)
# step aside once the methods they stand for are redefined.
require 'assert'

test "a redefined Fixnum#+ is called" do
  assert_equal 3, 1 + 2
  class Fixnum
    alias_method :orig_plus, :+
    def +(o) 42 end
  end
  assert_equal 42, 1 + 2
  class Fixnum
    alias_method :+, :orig_plus
  end
  assert_equal 3, 1 + 2
end

test "a redefined Fixnum#< is called" do
  class Fixnum
    alias_method :orig_lt, :<
    def <(o) :custom end
  end
  assert_equal :custom, (1 < 2)
  class Fixnum
    alias_method :<, :orig_lt
  end
  assert_equal true, (1 < 2)
end

test "a redefined Thread.pass is called" do
  calls = 0
  class << Thread
    alias_method :orig_pass, :pass
  end
  Thread.singleton_class.send(:define_method, :pass) { calls += 1 }
  Thread.pass
  Thread.pass
  assert_equal 2, calls
  class << Thread
    alias_method :pass, :orig_pass
  end
  Thread.pass
  assert_equal 2, calls
end
