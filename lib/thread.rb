# thread.rb: the Ruby half of `require 'thread'` for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's thread.rb.  Mutex,
# ConditionVariable, Queue and SizedQueue are built in C (ext/thread); the
# C part loads this file for:
#   Thread.exclusive { ... }: the block run with Thread.critical set, the
#   previous value restored however it ends; returns the block's value.
# Left out: Mutex#exclusive_unlock (1.8.7's relies on its Mutex being
# plain Ruby that any thread may unlock; the C Mutex refuses that).
# Requiring this file by its own name loads the C part too.

require 'thread'

class Thread
  def self.exclusive
    saved = Thread.critical
    begin
      Thread.critical = true
      yield
    ensure
      Thread.critical = saved
    end
  end
end
