# singleton.rb: the Singleton pattern as a mixin, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's singleton.rb:
#   class Klass; include Singleton; end makes Klass.new and
#   Klass.allocate private and adds Klass.instance, which makes the one
#   instance at its first call (one thread at a time); dup and clone of
#   the instance raise TypeError; _dump and Klass._load (so Marshal gives
#   back the instance); a subclass or a clone of Klass has an instance of
#   its own; Singleton.__init__(klass) forgets klass's instance.
# Including Singleton in a module that is not a class raises TypeError.
# Nothing of 1.8.7's API is left out.

require 'thread'

module Singleton
  def clone
    raise TypeError, "can't clone instance of singleton #{self.class}"
  end

  def dup
    raise TypeError, "can't dup instance of singleton #{self.class}"
  end

  # Marshal writes nothing of the instance ...
  def _dump(depth = -1)
    ''
  end

  module SingletonClassMethods
    # The one instance, made at the first call.
    def instance
      @singleton__instance__ ||
        @singleton__mutex__.synchronize { @singleton__instance__ ||= new }
    end

    # ... and reads it back as the instance.
    def _load(str)
      instance
    end

    def clone
      Singleton.__init__(super)
    end

    private

    def inherited(subclass)
      super
      Singleton.__init__(subclass)
    end
  end

  # Makes klass's next instance call build a new instance.
  def self.__init__(klass)
    klass.instance_eval do
      @singleton__instance__ = nil
      @singleton__mutex__ = Mutex.new
    end
    klass
  end

  def self.append_features(mod)
    unless mod.instance_of?(Class)
      raise TypeError, "Inclusion of the OO-Singleton module in module #{mod}"
    end
    super
  end

  def self.included(klass)
    super
    class << klass
      private :new, :allocate
    end
    klass.extend(SingletonClassMethods)
    Singleton.__init__(klass)
  end
end
