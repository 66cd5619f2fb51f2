# singleton.rb: lib/singleton.rb (the Singleton mixin).
require 'assert'
require 'singleton'

class OnlyOne
  include Singleton
  attr_accessor :value
  @@made = 0
  def initialize; @@made += 1; @value = 0; end
  def self.made; @@made; end
end

class OnlyOneChild < OnlyOne
end

test "instance" do
  assert_equal 0, OnlyOne.made
  a = OnlyOne.instance
  assert_kind_of OnlyOne, a
  assert_same a, OnlyOne.instance
  assert_equal 1, OnlyOne.made
  a.value = 42
  assert_equal 42, OnlyOne.instance.value
  assert_true OnlyOne.include?(Singleton)
end

test "new and allocate are private" do
  e = assert_raise(NoMethodError) { OnlyOne.new }
  assert_match(/private method `new' called for OnlyOne/, e.message)
  assert_raise(NoMethodError) { OnlyOne.allocate }
  assert_kind_of OnlyOne, OnlyOne.send(:new)      # still there, privately
end

test "dup and clone raise" do
  e = assert_raise(TypeError) { OnlyOne.instance.dup }
  assert_equal "can't dup instance of singleton OnlyOne", e.message
  e = assert_raise(TypeError) { OnlyOne.instance.clone }
  assert_equal "can't clone instance of singleton OnlyOne", e.message
end

test "subclasses and clones have their own instance" do
  c = OnlyOneChild.instance
  assert_kind_of OnlyOneChild, c
  assert_not_equal OnlyOne.instance.object_id, c.object_id
  assert_same c, OnlyOneChild.instance
  assert_raise(NoMethodError) { OnlyOneChild.new }
  copy = OnlyOne.clone
  assert_kind_of copy, copy.instance
  assert_not_equal OnlyOne.instance.object_id, copy.instance.object_id
end

test "_dump, _load" do
  assert_equal '', OnlyOne.instance._dump
  assert_same OnlyOne.instance, OnlyOne._load('')
end

test "__init__ forgets the instance" do
  klass = Class.new { include Singleton }
  first = klass.instance
  Singleton.__init__(klass)
  assert_not_equal first.object_id, klass.instance.object_id
end

test "one instance across threads" do
  klass = Class.new do
    include Singleton
    def initialize; sleep 0.02; end
  end
  got = []
  threads = (1..5).map { Thread.new { got << klass.instance } }
  threads.each { |t| t.join }
  assert_equal 5, got.size
  assert_equal 1, got.map { |o| o.object_id }.uniq.size
end

test "only in classes" do
  assert_raise(TypeError) { Module.new { include Singleton } }
end
