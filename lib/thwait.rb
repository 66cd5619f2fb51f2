# thwait.rb: waiting for any or all of a set of threads (ThreadsWait,
# ThWait), for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's thwait.rb:
#   ThreadsWait.new(*threads), ThreadsWait.all_waits(*threads) { |t| },
#   threads, empty?, finished?, join(*threads) (adds them and waits for
#   the next to end), join_nowait(*threads) (adds them; arrays are
#   flattened), next_wait(nonblock = nil) (the next thread to end, removed
#   from the set), all_waits { |t| } (each thread as it ends), ThWait;
#   the errors ThreadsWait::ErrNoWaitingThread "No threads for waiting."
#   (next_wait on an empty set) and ThreadsWait::ErrNoFinishedThread "No
#   finished threads." (next_wait(true) when none has ended yet).
# Threads are given back in the order they end.  A thread that died of an
# exception counts as ended (its exception stays for its own join/value).
# Each added thread has a watcher thread that ends with it.
# Left out: nothing of 1.8.7's public API.

require 'thread'
require 'e2mmap'

class ThreadsWait
  extend Exception2MessageMapper
  def_exception("ErrNoWaitingThread", "No threads for waiting.")
  def_exception("ErrNoFinishedThread", "No finished threads.")

  # Waits for every thread, yielding each as it ends.
  def ThreadsWait.all_waits(*threads, &block)
    new(*threads).all_waits(&block)
  end

  def initialize(*threads)
    @threads = []
    @finished = Queue.new
    join_nowait(*threads) unless threads.empty?
  end

  # The threads not yet given back by next_wait.
  attr_reader :threads

  def empty?
    @threads.empty?
  end

  # Whether a thread has ended that next_wait has not given back.
  def finished?
    !@finished.empty?
  end

  # Adds threads and waits for the next one to end.
  def join(*threads)
    join_nowait(*threads)
    next_wait
  end

  # Adds threads without waiting.
  def join_nowait(*threads)
    threads = threads.flatten
    @threads.concat(threads)
    threads.each do |th|
      Thread.start(th) do |t|
        begin
          t.join
        rescue Exception
          # t died of it; t's own join or value will raise it
        ensure
          @finished.push(t)
        end
      end
    end
    nil
  end

  # The next thread to end (nonblock: ErrNoFinishedThread unless one
  # already has).
  def next_wait(nonblock = nil)
    ThreadsWait.fail ErrNoWaitingThread if @threads.empty?
    begin
      th = @finished.pop(nonblock)
    rescue ThreadError
      ThreadsWait.fail ErrNoFinishedThread
    end
    @threads.delete(th)
    th
  end

  # Waits for all the threads, yielding each as it ends.
  def all_waits
    until @threads.empty?
      th = next_wait
      yield th if block_given?
    end
  end
end

ThWait = ThreadsWait
