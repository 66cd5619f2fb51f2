# sync.rb: shared/exclusive (reader/writer) locks, Sync_m and Sync, for
# miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's sync.rb:
#   Sync_m (include it, or extend an object with it) and Sync (a class
#   including it), with their old names Synchronizer_m and Synchronizer;
#   the modes Sync_m::UN, SH, EX (:UN, :SH, :EX); sync_lock(mode = EX)
#   (waits), sync_try_lock(mode = EX) (true or false at once),
#   sync_unlock(mode = EX), sync_synchronize(mode = EX) { }, sync_locked?,
#   sync_shared?, sync_exclusive?, the aliases lock, unlock, try_lock,
#   synchronize, locked?, shared?, exclusive? (for an extended object only
#   where it lacks them), Sync_m.define_aliases, the accessors
#   sync_mode, sync_waiting, sync_upgrade_waiting, sync_sh_locker,
#   sync_ex_locker, sync_ex_count; the errors Sync_m::Err (with Err.Fail),
#   Err::UnknownLocker "Thread(#<Thread ...>) not locked." and
#   Err::LockModeFailer "Unknown lock mode(xx)".
# Semantics as in 1.8.7: any number of threads may hold the lock shared,
# one exclusive; both are reentrant; the only shared holder may take it
# exclusive (an upgrade: with other readers it waits for them, and a
# thread waiting for an upgrade does not stop another reader's upgrade);
# a shared request from the exclusive holder counts as one more exclusive
# entry; lock(:UN) is unlock.  sync_unlock(EX) releases the exclusive
# lock of the current thread, or its shared lock if it has no exclusive
# one; sync_unlock(SH) the reverse.  A thread interrupted while waiting
# (Thread#raise, kill, a timeout) gives up its request and keeps what it
# held.
# Unlike 1.8.7, an unknown mode raises LockModeFailer (1.8.7 failed with
# a NameError inside LockModeFailer.Fail), and sync_unlock(SH) of an
# exclusive holder undoes its sync_lock(SH) instead of failing.
# Left out: nothing of 1.8.7's public API.

module Sync_m
  UN = :UN
  SH = :SH
  EX = :EX

  class Err < StandardError
    def Err.Fail(*opt)
      raise self, sprintf(self::Message, *opt)
    end

    class UnknownLocker < Err
      Message = "Thread(%s) not locked."
      def UnknownLocker.Fail(th)
        super(th.inspect)
      end
    end

    class LockModeFailer < Err
      Message = "Unknown lock mode(%s)"
      def LockModeFailer.Fail(mode)
        mode = mode.id2name if mode.kind_of?(Symbol)
        super(mode)
      end
    end
  end

  ALIASES = [[:locked?, :sync_locked?], [:shared?, :sync_shared?],
             [:exclusive?, :sync_exclusive?], [:lock, :sync_lock],
             [:unlock, :sync_unlock], [:try_lock, :sync_try_lock],
             [:synchronize, :sync_synchronize]]

  def Sync_m.define_aliases(cl)
    ALIASES.each { |name, target| cl.__send__(:alias_method, name, target) }
    cl
  end

  def Sync_m.append_features(cl)
    super
    define_aliases(cl) unless cl.instance_of?(Module)
  end

  def Sync_m.extend_object(obj)
    super
    obj.sync_extended
  end

  def sync_extended
    unless ALIASES.all? { |name, target| respond_to?(name) }
      Sync_m.define_aliases(class << self; self; end)
    end
    sync_initialize
  end

  def sync_locked?
    sync_mode != UN
  end

  def sync_shared?
    sync_mode == SH
  end

  def sync_exclusive?
    sync_mode == EX
  end

  # Takes the lock in mode if that can be done at once: true, else false.
  def sync_try_lock(mode = EX)
    return sync_unlock if mode == UN
    Thread.critical = true
    begin
      sync_try_lock_sub(mode)
    ensure
      Thread.critical = false
    end
  end

  # Takes the lock in mode, waiting as long as needed.
  def sync_lock(mode = EX)
    return sync_unlock if mode == UN
    sync_lock_critical(mode)
    Thread.critical = false
    self
  end

  def sync_unlock(mode = EX)
    Thread.critical = true
    begin
      me = Thread.current
      case mode
      when EX
        if sync_ex_locker.equal?(me)
          sync_release_ex
        elsif sync_sh_locker[me]
          sync_release_sh(me)
        else
          Err::UnknownLocker.Fail(me)
        end
      when SH
        if sync_sh_locker[me]
          sync_release_sh(me)
        elsif sync_ex_locker.equal?(me)
          sync_release_ex
        else
          Err::UnknownLocker.Fail(me)
        end
      when UN
        Err::UnknownLocker.Fail(me)
      else
        Err::LockModeFailer.Fail(mode)
      end
    ensure
      Thread.critical = false
    end
    self
  end

  def sync_synchronize(mode = EX)
    sync_lock_critical(mode)
    begin
      Thread.critical = false
      yield
    ensure
      sync_unlock(mode == SH ? SH : EX)
    end
  end

  attr_accessor :sync_mode, :sync_waiting, :sync_upgrade_waiting,
                :sync_sh_locker, :sync_ex_locker, :sync_ex_count

  private

  def initialize(*args)
    sync_initialize
    super
  end

  def sync_initialize
    @sync_mode = UN
    @sync_waiting = []
    @sync_upgrade_waiting = []
    @sync_sh_locker = {}
    @sync_ex_locker = nil
    @sync_ex_count = 0
  end

  # Takes the lock; returns inside Thread.critical.
  def sync_lock_critical(mode)
    Thread.critical = true
    me = Thread.current
    return if sync_try_lock_sub(mode)
    list = (mode == EX && sync_sh_locker[me]) ? sync_upgrade_waiting : sync_waiting
    begin
      until sync_try_lock_sub(mode)
        list.push(me) unless list.include?(me)
        Thread.stop                       # leaves the critical section
        Thread.critical = true
      end
    ensure
      Thread.critical = true
      list.delete(me)
    end
  end

  # Under Thread.critical: takes the lock in mode if it can, at once.
  def sync_try_lock_sub(mode)
    me = Thread.current
    case mode
    when SH
      if sync_ex_locker.equal?(me)
        self.sync_ex_count += 1
      elsif sync_ex_locker.nil?
        sync_sh_locker[me] = (sync_sh_locker[me] || 0) + 1
      else
        return false
      end
    when EX
      if sync_ex_locker.equal?(me)
        self.sync_ex_count += 1
      elsif sync_ex_locker.nil? && sync_other_readers(me).empty?
        self.sync_ex_locker = me
        self.sync_ex_count = 1
      else
        return false
      end
    else
      Thread.critical = false
      Err::LockModeFailer.Fail(mode)
    end
    sync_update_mode
    true
  end

  # The shared holders other than me that do not wait for an upgrade.
  def sync_other_readers(me)
    sync_sh_locker.keys.reject { |t| t.equal?(me) || sync_upgrade_waiting.include?(t) }
  end

  def sync_release_ex
    self.sync_ex_count -= 1
    return unless sync_ex_count == 0
    self.sync_ex_locker = nil
    sync_update_mode
    sync_wake_all
  end

  def sync_release_sh(me)
    count = sync_sh_locker[me] - 1
    if count == 0
      sync_sh_locker.delete(me)
      sync_update_mode
      sync_wake_all
    else
      sync_sh_locker[me] = count
    end
  end

  def sync_update_mode
    self.sync_mode = if sync_ex_locker then EX
                     elsif sync_sh_locker.empty? then UN
                     else SH
                     end
  end

  # Waiters for an upgrade first; each tries again when it runs.
  def sync_wake_all
    (sync_upgrade_waiting + sync_waiting).each do |t|
      begin
        t.wakeup if t.alive?
      rescue ThreadError
      end
    end
  end
end

Synchronizer_m = Sync_m

class Sync
  include Sync_m
end

Synchronizer = Sync
