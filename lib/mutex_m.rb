# mutex_m.rb: Mutex_m, a mutex mixed into any object, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's mutex_m.rb:
#   include Mutex_m in a class (its initialize calls super, or the class
#   calls mu_initialize itself), or obj.extend(Mutex_m); then mu_lock,
#   mu_unlock, mu_try_lock, mu_locked?, mu_synchronize { }, and the
#   aliases lock, unlock, try_lock, locked?, synchronize: always for a
#   class that includes Mutex_m, and for an extended object only when it
#   does not already have all five (so an Array keeps nothing of its own
#   but a Mutex-like object keeps its methods); Mutex_m.define_aliases(cl).
# As in 1.8.7 the lock has no owner: any thread may mu_unlock it, and
# mu_unlock of an unlocked mutex returns nil.  Waiters are woken in order
# and a thread interrupted (Thread#raise, kill) while waiting gives up its
# place without taking the lock.
# Unlike 1.8.7 (where the thread stopped for ever), mu_lock from the
# thread that holds the lock raises ThreadError "deadlock; recursive
# locking".
# Left out: nothing of 1.8.7's public API.

module Mutex_m
  ALIASES = [[:locked?, :mu_locked?], [:lock, :mu_lock], [:unlock, :mu_unlock],
             [:try_lock, :mu_try_lock], [:synchronize, :mu_synchronize]]

  def Mutex_m.define_aliases(cl)
    ALIASES.each { |name, target| cl.__send__(:alias_method, name, target) }
    cl
  end

  def Mutex_m.append_features(cl)
    super
    define_aliases(cl) unless cl.instance_of?(Module)
  end

  def Mutex_m.extend_object(obj)
    super
    obj.mu_extended
  end

  # Called when an object is extended: the aliases where it has none.
  def mu_extended
    unless ALIASES.all? { |name, target| respond_to?(name) }
      Mutex_m.define_aliases(class << self; self; end)
    end
    mu_initialize
  end

  def mu_synchronize
    mu_lock_critical
    begin
      Thread.critical = false
      yield
    ensure
      mu_unlock
    end
  end

  def mu_locked?
    @mu_locked
  end

  # Takes the lock if it is free: true, else false at once.
  def mu_try_lock
    Thread.critical = true
    begin
      return false if @mu_locked
      @mu_locked = true
      @mu_holder = Thread.current
      true
    ensure
      Thread.critical = false
    end
  end

  # Takes the lock, waiting while another thread has it.
  def mu_lock
    mu_lock_critical
    Thread.critical = false
    self
  end

  # Frees the lock and wakes the first waiter; nil if it was not locked.
  def mu_unlock
    Thread.critical = true
    begin
      return nil unless @mu_locked
      @mu_locked = false
      @mu_holder = nil
      mu_wake_next
    ensure
      Thread.critical = false
    end
    self
  end

  private

  def initialize(*args)
    mu_initialize
    super
  end

  def mu_initialize
    @mu_waiting = []
    @mu_locked = false
    @mu_holder = nil
  end

  # Takes the lock; returns inside Thread.critical.
  def mu_lock_critical
    Thread.critical = true
    me = Thread.current
    if @mu_locked && @mu_holder.equal?(me)
      Thread.critical = false
      raise ThreadError, "deadlock; recursive locking"
    end
    if @mu_locked
      taken = false
      begin
        while @mu_locked
          @mu_waiting.push(me) unless @mu_waiting.include?(me)
          Thread.stop                   # leaves the critical section
          Thread.critical = true
        end
        taken = true
      ensure
        Thread.critical = true
        @mu_waiting.delete(me)
        mu_wake_next if !taken && !@mu_locked
      end
    end
    @mu_locked = true
    @mu_holder = me
  end

  def mu_wake_next
    while (t = @mu_waiting.shift)
      begin
        if t.alive?
          t.wakeup
          break
        end
      rescue ThreadError
      end
    end
  end
end
