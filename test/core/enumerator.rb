# enumerator.rb: Enumerable::Enumerator (and the top-level Enumerator
# alias): creation, each, with_index, external iteration with next/rewind,
# StopIteration with Kernel#loop, and the enumerators core methods return.
require 'assert'
require 'thread'

test "creation" do
  e = [1, 2, 3].to_enum
  assert_kind_of Enumerable::Enumerator, e
  assert_kind_of Enumerable, e
  assert_same Enumerable::Enumerator, Enumerator
  assert_equal [1, 2, 3], e.to_a
  assert_equal [[1, 2], [3]], [1, 2, 3].enum_for(:each_slice, 2).to_a
  assert_equal [[1, 2], [3]], Enumerable::Enumerator.new([1, 2, 3], :each_slice, 2).to_a
  assert_equal [1, 2], Enumerable::Enumerator.new([1, 2]).to_a
  assert_equal [0, 1, 2], 3.enum_for(:times).to_a
  assert_raise(ArgumentError) { Enumerable::Enumerator.new }
  assert_match(/\A#<Enumerable::Enumerator/, e.inspect)
end

test "each" do
  e = [1, 2, 3].each
  r = []
  assert_equal [1, 2, 3], e.each { |v| r << v }
  assert_equal [1, 2, 3], r
  assert_same e, e.each
  assert_equal [6, 2, 4], [3, 1, 2].enum_for(:map).each { |v| v * 2 }
  assert_equal 6, [1, 2, 3].each.inject(:+)
  assert_equal [2], [1, 2, 3].each.select { |v| v.even? }
end

test "with_index each_with_index" do
  r = []
  ret = [:a, :b].each.with_index { |v, i| r << [v, i] }
  assert_equal [[:a, 0], [:b, 1]], r
  assert_equal [:a, :b], ret
  assert_equal [[:a, 0], [:b, 1]], [:a, :b].each_with_index.to_a
  assert_equal ["a0", "b1"], %w[a b].enum_for(:map).with_index { |s, i| "#{s}#{i}" }
  assert_equal [:b], [:a, :b].select.with_index { |v, i| i == 1 }
  assert_equal [[[1, 2], 0], [[3], 1]], [1, 2, 3].each_slice(2).each_with_index.to_a
  assert_kind_of Enumerable::Enumerator, [1].each.with_index
end

test "next and rewind" do
  e = [1, 2, 3].each
  assert_equal 1, e.next
  assert_equal 2, e.next
  assert_equal 3, e.next
  assert_raise(StopIteration, "iteration reached at end") { e.next }
  assert_raise(StopIteration) { e.next }
  assert_same e, e.rewind
  assert_equal 1, e.next
  m = { :k => :v }.each
  assert_equal [:k, :v], m.next
  s = [1, 2, 3].each_slice(2)
  assert_equal [1, 2], s.next
  assert_equal [3], s.next
  assert_kind_of IndexError, StopIteration.new
  assert_raise(StopIteration) { [].each.next }
end

test "loop ends at StopIteration" do
  e = [1, 2, 3].each
  r = []
  loop { r << e.next }
  assert_equal [1, 2, 3], r
  a = [1, 2].each
  b = [:x, :y, :z].each
  z = []
  loop { z << [a.next, b.next] }
  assert_equal [[1, :x], [2, :y]], z
end

test "enumerators from core methods" do
  assert_equal [[1, 2], [1, 3], [2, 3]], [1, 2, 3].combination(2).to_a
  assert_equal [1, 2, 1, 2], [1, 2].cycle(2).to_a
  assert_equal [0, 1], [5, 6].each_index.to_a
  assert_equal [3, 2, 1], [1, 2, 3].reverse_each.to_a
  assert_equal [1], [1, 2].take_while.to_a
  e = [4, 5, 6].each_with_index
  assert_equal [4, 0], e.next
  assert_equal [[1, 2]], [1, 2].each_slice(2).to_a
  x = [1, 2, 3].map!
  assert_kind_of Enumerable::Enumerator, x
  assert_equal [2, 4, 6], x.each { |v| v * 2 }
end

test "enumerator copies" do
  e = [1, 2].each
  e.next
  d = e.dup
  assert_equal [1, 2], d.to_a
  assert_equal 1, d.next
end

test "next computes one value at a time: endless sources work" do
  e = (1..(1.0 / 0)).to_enum(:each)
  assert_equal [1, 2, 3], [e.next, e.next, e.next]
  e.rewind
  assert_equal 1, e.next
  naturals = Object.new
  def naturals.each; i = 0; loop { yield i += 1 }; end
  n = naturals.to_enum
  assert_equal [1, 2, 3, 4], (1..4).map { n.next }
end

test "next runs the iteration only as far as asked" do
  log = []
  src = Object.new
  src.instance_variable_set(:@log, log)
  def src.each; @log << :a; yield 1; @log << :b; yield 2; @log << :c; end
  e = src.to_enum
  assert_equal 1, e.next
  assert_equal [:a], log
  assert_equal 2, e.next
  assert_equal [:a, :b], log
  assert_raise(StopIteration) { e.next }
  assert_equal [:a, :b, :c], log
end

test "an exception in the iteration comes out of next, once" do
  src = Object.new
  def src.each; yield 1; raise ArgumentError, "bad"; end
  e = src.to_enum
  assert_equal 1, e.next
  assert_raise(ArgumentError, "bad") { e.next }
  assert_raise(StopIteration) { e.next }
  e.rewind
  assert_equal 1, e.next
end

test "rewind ends the iteration: its ensure clauses run" do
  $enum_ensured = false
  src = Object.new
  def src.each; yield 1; yield 2; ensure; $enum_ensured = true; end
  e = src.to_enum
  e.next
  e.rewind
  Thread.pass until $enum_ensured
  assert_true $enum_ensured
  assert_equal 1, e.next
end

test "the producer thread is not in Thread.list" do
  e = [1, 2].each
  e.next
  assert_equal [Thread.current], Thread.list
  assert_equal [Thread.current], Thread.current.group.list
end

test "next from another thread, and a producer that blocks" do
  e = [1, 2, 3].each
  assert_equal 1, Thread.new { e.next }.value
  assert_equal 2, e.next
  q = Queue.new
  src = Object.new
  src.instance_variable_set(:@q, q)
  def src.each; loop { yield @q.pop }; end
  f = src.to_enum
  Thread.new { sleep 0.01; q << :late }
  assert_equal :late, f.next
end

test "abandoned enumerators do not keep their producers" do
  def alive_threads
    n = 0
    ObjectSpace.each_object(Thread) { |t| n += 1 if t.alive? }
    n
  end
  2000.times { [1, 2, 3].each.next }
  # a collection finds them; at the next safe point they are woken and
  # end as soon as they run (a sleep lets every runnable thread run)
  20.times { break if alive_threads < 200; GC.start; [0].each { }; sleep 0.001 }
  assert alive_threads < 200, "#{alive_threads} producers alive"
end

test "several values yielded at once come as an Array" do
  src = Object.new
  def src.each; yield; yield 1; yield 1, 2; end
  e = src.to_enum
  assert_equal [nil, 1, [1, 2]], [e.next, e.next, e.next]
end
