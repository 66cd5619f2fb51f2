# forwardable.rb: delegation of methods to an object, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's forwardable.rb:
#   Forwardable (extend it in a class): def_instance_delegator(accessor,
#   method, ali = method) alias def_delegator,
#   def_instance_delegators(accessor, *methods) alias def_delegators,
#   instance_delegate(hash) alias delegate ({method or [methods] =>
#   accessor}); SingleForwardable (extend it in any object):
#   def_singleton_delegator(s) alias def_delegator(s), single_delegate
#   alias delegate; Forwardable.debug; FORWARDABLE_VERSION.
# The accessor is an expression in a String or Symbol: an instance
# variable (:@items), a method (:items) or a constant.  The delegating
# method passes its arguments and its block; when the target raises,
# the lines of the delegating method are removed from the backtrace unless
# Forwardable.debug is set.  def_delegators skips __send__ and __id__.
# Nothing of 1.8.7's API is left out.

module Forwardable
  FORWARDABLE_VERSION = "1.0.0"

  @debug = nil
  class << self
    attr_accessor :debug
  end

  # The source of a method named ali that calls method on accessor.
  def self.delegator_source(accessor, method, ali)
    accessor = accessor.id2name if accessor.kind_of?(Integer)
    method = method.id2name if method.kind_of?(Integer)
    ali = ali.id2name if ali.kind_of?(Integer)
    <<-EOS
      def #{ali}(*args, &block)
        begin
          #{accessor}.__send__(#{method.to_sym.inspect}, *args, &block)
        rescue Exception
          unless Forwardable.debug
            $@.delete_if { |line| line.index("(__FORWARDABLE__):") == 0 }
          end
          Kernel.raise
        end
      end
    EOS
  end

  # {method => accessor, [method, ...] => accessor}: each method
  # delegated to its accessor.
  def self.each_delegation(hash)
    hash.each do |methods, accessor|
      methods = [methods] unless methods.kind_of?(Array)
      methods.each { |m| yield accessor, m }
    end
  end

  def instance_delegate(hash)
    Forwardable.each_delegation(hash) { |accessor, m| def_instance_delegator(accessor, m) }
  end

  def def_instance_delegators(accessor, *methods)
    methods.each do |m|
      next if m.to_s == "__send__" || m.to_s == "__id__"
      def_instance_delegator(accessor, m)
    end
  end

  # Defines the instance method ali, which calls method on accessor.
  def def_instance_delegator(accessor, method, ali = method)
    module_eval(Forwardable.delegator_source(accessor, method, ali), "(__FORWARDABLE__)", 1)
  end

  alias delegate instance_delegate
  alias def_delegators def_instance_delegators
  alias def_delegator def_instance_delegator
end

module SingleForwardable
  def single_delegate(hash)
    Forwardable.each_delegation(hash) { |accessor, m| def_singleton_delegator(accessor, m) }
  end

  def def_singleton_delegators(accessor, *methods)
    methods.each do |m|
      next if m.to_s == "__send__" || m.to_s == "__id__"
      def_singleton_delegator(accessor, m)
    end
  end

  # Defines the singleton method ali, which calls method on accessor.
  def def_singleton_delegator(accessor, method, ali = method)
    instance_eval(Forwardable.delegator_source(accessor, method, ali), "(__FORWARDABLE__)", 1)
  end

  alias delegate single_delegate
  alias def_delegators def_singleton_delegators
  alias def_delegator def_singleton_delegator
end
