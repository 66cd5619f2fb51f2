# weakref.rb: references that do not keep their object from being
# collected, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's weakref.rb:
#   WeakRef.new(obj), a Delegator: calls it does not answer go to obj
#   while obj lives; __getobj__ (obj, or WeakRef::RefError "Illegal
#   Reference - probably recycled" once it was collected, so any call
#   passed on raises that too); weakref_alive? (true or false);
#   WeakRef::RefError < StandardError.  As in 1.8.7, __setobj__ does
#   nothing (a WeakRef keeps the object it was made with), and nil, true,
#   false, Fixnums and Symbols raise ArgumentError "cannot define
#   finalizer for Fixnum" (1.8.7 put a finalizer on obj).
# 1.8.7 built this on ObjectSpace.define_finalizer and ObjectSpace._id2ref;
# here it is on ObjectSpace::WeakCell, miniruby's weak reference, which
# the collector clears when it frees the object (no finalizer to wait
# for).  The collector scans C stacks conservatively, so an object
# may outlive its last reference for a while: as in 1.8.7, only what
# weakref_alive? says now can be relied on.
# Left out: nothing of 1.8.7's API.

require 'delegate'

class WeakRef < Delegator
  class RefError < StandardError
  end

  def initialize(orig)
    case orig
    when nil, true, false, Fixnum, Symbol
      raise ArgumentError, "cannot define finalizer for #{orig.class}"
    end
    @__cell = ObjectSpace::WeakCell.new(orig)
    super
  end

  # The object, while it lives.
  def __getobj__
    unless @__cell.alive?
      raise RefError, "Illegal Reference - probably recycled", caller(2)
    end
    @__cell.get
  end

  # A WeakRef keeps the object it was made with.
  def __setobj__(obj)
  end

  # Whether the object has not been collected yet.
  def weakref_alive?
    @__cell.alive?
  end
end
