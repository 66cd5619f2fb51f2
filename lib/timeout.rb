# timeout.rb: running a block with a time limit, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's timeout.rb:
#   Timeout.timeout(sec, klass = nil) { |sec| ... }, Kernel#timeout (the
#   same), Timeout::Error (a subclass of Interrupt, as in 1.8.7, so a bare
#   `rescue` does not catch it) and its old name TimeoutError,
#   Timeout::ExitException.
# A watcher thread sleeps sec seconds, then raises in the calling thread
# (wherever it is: computing, sleeping, waiting on a Queue, a Mutex, a
# join or an IO).  sec nil or 0 means no limit.  The exception raised
# inside the block is private to this call (so an inner timeout does not
# catch an outer one's) and becomes Timeout::Error, message "execution
# expired", once out of the block; with klass, klass itself is raised.
# The watcher is killed and joined as soon as the block ends, however it
# ends, so no thread is left behind; a mutex closes the window where the
# watcher could fire after the block has returned.
# Left out: the rewriting of backtraces to hide timeout.rb's frames, and
# the ThreadError for Thread.critical (a watcher needs the scheduler).

require 'thread'

module Timeout
  # Raised by timeout when the time is up.
  class Error < Interrupt
  end

  # The base of the exceptions that travel through the block.
  class ExitException < ::Exception
  end

  # Runs the block, passing it sec; raises Timeout::Error (or klass) in
  # this thread if it has not finished after sec seconds.
  def timeout(sec, klass = nil)
    return yield(sec) if sec.nil? || sec == 0
    exception = klass || Class.new(ExitException)
    caller_thread = Thread.current
    lock = Mutex.new
    finished = false
    watcher = nil
    begin
      watcher = Thread.new do
        begin
          sleep sec
        rescue Exception => e
          lock.synchronize { caller_thread.raise(e) unless finished }
        else
          lock.synchronize do
            caller_thread.raise(exception, "execution expired") unless finished
          end
        end
      end
      result = yield(sec)
      lock.synchronize { finished = true }
      result
    rescue exception => e
      raise if klass
      raise Error, e.message, e.backtrace
    ensure
      begin
        lock.synchronize { finished = true }
      rescue exception
        # the time ran out as the block was leaving with another
        # exception: that one goes on
      end
      if watcher
        watcher.kill
        watcher.join
      end
    end
  end
  module_function :timeout
end

# timeout(sec, klass = nil) { ... }: Timeout.timeout.
def timeout(sec, klass = nil, &block)
  Timeout.timeout(sec, klass, &block)
end

# The name of Timeout::Error before Timeout existed.
TimeoutError = Timeout::Error
