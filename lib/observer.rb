# observer.rb: the Observer pattern as a mixin, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's observer.rb:
# Observable (include it) with add_observer(observer) (which must respond
# to update), delete_observer, delete_observers, count_observers,
# changed(state = true), changed? and notify_observers(*args), which calls
# update(*args) on each observer, in the order they were added, only when
# the object is marked changed, and then clears the mark.
# Nothing of 1.8.7's API is left out (add_observer's second argument, the
# name of the method to call, came with 1.9).

module Observable
  def add_observer(observer)
    unless observer.respond_to?(:update)
      raise NoMethodError, "observer needs to respond to `update'"
    end
    (@observer_peers ||= []) << observer
  end

  def delete_observer(observer)
    @observer_peers.delete(observer) if defined?(@observer_peers) && @observer_peers
  end

  def delete_observers
    @observer_peers.clear if defined?(@observer_peers) && @observer_peers
  end

  def count_observers
    defined?(@observer_peers) && @observer_peers ? @observer_peers.size : 0
  end

  def changed(state = true)
    @observer_state = state
  end

  def changed?
    defined?(@observer_state) && @observer_state ? true : false
  end

  # Calls update(*args) on each observer if changed; clears changed.
  def notify_observers(*args)
    return unless changed?
    if defined?(@observer_peers) && @observer_peers
      @observer_peers.dup.each { |o| o.update(*args) }
    end
    @observer_state = false
  end
end
