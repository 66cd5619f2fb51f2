# observer.rb: lib/observer.rb (Observable).
require 'assert'
require 'observer'

class Ticker
  include Observable
  def tick(price)
    changed
    notify_observers(Time.at(0), price)
  end
end

class Watcher
  attr_reader :got
  def initialize; @got = []; end
  def update(*args); @got << args; end
end

test "notify" do
  t = Ticker.new
  assert_equal 0, t.count_observers
  w1 = Watcher.new
  w2 = Watcher.new
  t.add_observer(w1)
  t.add_observer(w2)
  assert_equal 2, t.count_observers
  t.tick(10)
  assert_equal [[Time.at(0), 10]], w1.got
  assert_equal [[Time.at(0), 10]], w2.got
  t.delete_observer(w1)
  t.tick(11)
  assert_equal 1, w1.got.size
  assert_equal 2, w2.got.size
  t.delete_observers
  assert_equal 0, t.count_observers
  t.tick(12)
  assert_equal 2, w2.got.size
end

test "changed" do
  t = Ticker.new
  w = Watcher.new
  t.add_observer(w)
  assert_false t.changed?
  t.notify_observers(1)
  assert_equal [], w.got                # not changed: nothing sent
  t.changed
  assert_true t.changed?
  t.notify_observers(1, 2)
  assert_false t.changed?               # cleared
  assert_equal [[1, 2]], w.got
  t.changed
  t.changed(false)
  assert_false t.changed?
  t.notify_observers(3)
  assert_equal 1, w.got.size
end

test "observers that cannot update" do
  t = Ticker.new
  e = assert_raise(NoMethodError) { t.add_observer(Object.new) }
  assert_equal "observer needs to respond to `update'", e.message
  assert_nil Ticker.new.delete_observer(1)
  assert_equal 0, Ticker.new.count_observers
  assert_false Ticker.new.changed?
end

test "an observer removing itself while notified" do
  t = Ticker.new
  log = []
  quitter = Object.new
  quitter.instance_variable_set(:@t, t)
  def quitter.update(*a); @t.delete_observer(self); end
  t.add_observer(quitter)
  w = Watcher.new
  t.add_observer(w)
  t.tick(1)
  assert_equal 1, w.got.size
  assert_equal 1, t.count_observers
end
