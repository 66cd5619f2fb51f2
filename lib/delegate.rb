# delegate.rb: objects that pass method calls on to another object, for
# miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's delegate.rb:
#   Delegator, the abstract base (a subclass defines __getobj__ and
#   __setobj__): calls it does not answer itself go to __getobj__ through
#   method_missing, respond_to? answers for both, to_s, to_a, inspect, =~
#   and === are the delegate's, == is true for the delegator itself or what
#   the delegate equals (so != too), methods and public_methods add the
#   delegate's, marshal_dump/marshal_load dump and load the delegate, and
#   dup/clone copy the delegate (with clone) as well.
#   SimpleDelegator.new(obj), whose __setobj__ changes the delegate.
#   DelegateClass(superclass): a class to inherit from, whose instances
#   forward each public instance method of superclass (but those of
#   Kernel) through a method of their own, defined when the class is made.
# The methods every object has (class, hash, eql?, equal?, is_a?,
# instance_variables, freeze, send, object_id...) stay the delegator's, as
# in 1.8.7.  __setobj__(self) raises ArgumentError "cannot delegate to
# self".
# Left out: 1.8.7's Delegator defined a singleton method for each method
# of the delegate when made; here method_missing forwards them, so
# method(:name) does not find them.  DelegateClass's classes are
# subclasses of Delegator (1.8.7's were not), and their == is Delegator's.
# Backtraces are not trimmed.

class Delegator
  def initialize(obj)
    __setobj__(obj)
  end

  # A call the delegator does not answer goes to the delegate, if it has
  # such a public method.
  def method_missing(name, *args, &block)
    target = __getobj__
    if target.respond_to?(name)
      target.__send__(name, *args, &block)
    else
      super
    end
  end

  def respond_to?(name, include_private = false)
    super || __getobj__.respond_to?(name, include_private)
  end

  def ==(obj)
    equal?(obj) || __getobj__ == obj
  end

  def to_s
    __getobj__.to_s
  end

  def to_a
    __getobj__.to_a
  end

  def inspect
    __getobj__.inspect
  end

  def =~(obj)
    __getobj__ =~ obj
  end

  def ===(obj)
    __getobj__ === obj
  end

  def methods
    __getobj__.methods | super
  end

  def public_methods(all = true)
    __getobj__.public_methods(all) | super
  end

  # The object calls are passed on to; defined by subclasses.
  def __getobj__
    raise NotImplementedError, "need to define `__getobj__'"
  end

  # Sets the object calls are passed on to; defined by subclasses.
  def __setobj__(obj)
    raise NotImplementedError, "need to define `__setobj__'"
  end

  def marshal_dump
    __getobj__
  end

  def marshal_load(obj)
    __setobj__(obj)
  end

  # dup and clone copy the delegate too.
  def initialize_copy(orig)
    super
    __setobj__(orig.__getobj__.clone)
  end
end

# SimpleDelegator.new(obj): passes calls on to obj; __setobj__ changes it.
class SimpleDelegator < Delegator
  def __getobj__
    @delegate_sd_obj
  end

  def __setobj__(obj)
    raise ArgumentError, "cannot delegate to self" if equal?(obj)
    @delegate_sd_obj = obj
  end
end

# A Delegator subclass whose instances forward superclass's public
# instance methods through methods of their own:
#   class Tempfile < DelegateClass(File) ... end
def DelegateClass(superclass)
  klass = Class.new(Delegator)
  klass.class_eval do
    def __getobj__
      @delegate_dc_obj
    end

    def __setobj__(obj)
      raise ArgumentError, "cannot delegate to self" if equal?(obj)
      @delegate_dc_obj = obj
    end
  end
  names = superclass.public_instance_methods(true) -
          ::Kernel.public_instance_methods(false) -
          Delegator.public_instance_methods(false) -
          ["__getobj__", "__setobj__", "method_missing", "initialize",
           "initialize_copy"]
  names.each do |name|
    name = name.to_s
    begin
      klass.module_eval(<<-EOS, __FILE__, __LINE__ + 1)
        def #{name}(*args, &block)
          @delegate_dc_obj.__send__(:#{name}, *args, &block)
        end
      EOS
    rescue SyntaxError
      # a name def cannot spell: method_missing passes the call on
    end
  end
  klass
end
