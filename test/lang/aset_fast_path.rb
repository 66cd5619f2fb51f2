# aset_fast_path.rb: a[i] = v, h[k] = v and a[i] op= v, h[k] op= v on
# plain Arrays and Hashes skip the method call; they must give what
# Array#[]= and Hash#[]= give, raise from the method's frame, and call a
# subclass's, a singleton's or a redefined []= (the redefinition last: it
# turns the fast paths off for good).
require 'assert'

RUBY = File.readlink("/proc/self/exe")

def af_run(code)
  IO.popen("#{RUBY} -e '#{code}' 2>&1") { |io| io.read }
end

class AfHash < Hash
  def []=(k, v) super(k, v * 10) end
end

class AfArray < Array
  def [](i) (super(i) || 0) + 100 end
end

test "h[k] = v with immediate, String and Float keys" do
  h = {}
  i = 0
  while i < 100
    h[i * 7] = i
    i += 1
  end
  assert_equal 100, h.size
  assert_equal [0, 1, 99], [h[0], h[7], h[693]]
  assert_equal 0.step(693, 7).to_a, h.keys.sort
  h[7] = :again
  assert_equal [100, :again], [h.size, h[7]]
  0.step(693, 14) { |k| h.delete(k) }
  assert_equal [50, nil, :again], [h.size, h[0], h[7]]
  h[0] = :back
  h[14] = :back2
  h[7] = :third
  assert_equal [52, :back, :back2, :third], [h.size, h[0], h[14], h[7]]
  assert_equal 1, h.keys.select { |k| k == 7 }.size
  0.step(693, 14) { |k| h[k] = k }
  assert_equal [100, 28, 7], [h.size, h[28], h[49]]
  h[:s] = 1; h[nil] = 2; h[true] = 3; h[false] = 4; h[1.5] = 5; h[-0.0] = 6
  assert_equal [1, 2, 3, 4, 5, 6], [h[:s], h[nil], h[true], h[false], h[1.5], h[0.0]]
  k = "key"
  h[k] = 7
  stored = h.keys.find { |x| x == "key" }
  assert_true stored.frozen?
  assert_true !k.frozen?
  k << "!"
  assert_equal [7, nil], [h["key"], h["key!"]]
  assert_equal 8, (h[2**70] = 8)          # a Bignum key: by the method
  assert_equal 8, h[2**70]
end

test "a[i] = v: in place, at the end, past it, before the start" do
  a = [1, 2, 3]
  a[0] = :a
  a[3] = :d
  assert_equal [:a, 2, 3, :d], a
  a[6] = :g
  assert_equal [:a, 2, 3, :d, nil, nil, :g], a
  a[-1] = :last
  assert_equal :last, a[6]
  e = assert_raise(IndexError, "index -16 out of array") { a[-16] = 1 }
  assert_match(/in `\[\]='\z/, e.backtrace[0])
  b = a.dup
  b[0] = :copy
  assert_equal [:a, :copy], [a[0], b[0]]
end

test "frozen receivers and iteration raise from []=" do
  e = assert_raise(TypeError, "can't modify frozen hash") { {}.freeze[1] = 2 }
  assert_match(/in `\[\]='\z/, e.backtrace[0])
  e = assert_raise(TypeError, "can't modify frozen array") { [].freeze[0] = 2 }
  assert_match(/in `\[\]='\z/, e.backtrace[0])
  # a new key while iterating: as Hash#store does (1.8.7 allows it)
  h0 = { 1 => 2 }
  h0.each { h0.store(5, 1) }
  h = { 1 => 2 }
  h.each { h[5] = 1 }
  assert_equal h0, h
  assert_equal({ 1 => 2, 5 => 1 }, h)
  h = { 1 => 2 }
  h.each { h[1] = 3 }                    # an existing key may change
  assert_equal({ 1 => 3 }, h)
end

test "subclasses and singleton methods are called" do
  h = AfHash.new
  h[1] = 2
  h[1] += 1
  assert_equal 210, h[1]
  a = AfArray.new
  a[0] = 5
  a[0] += 1
  assert_equal [206, 106], [a[0], a.first]
  s = {}
  def s.[]=(k, v) super(k, [v]) end
  s[:x] = 1
  assert_equal [1], s[:x]
end

test "h[k] op= v and a[i] op= v" do
  counts = Hash.new(0)
  %w(a b a c a).each { |w| counts[w] += 1 }
  assert_equal({ "a" => 3, "b" => 1, "c" => 1 }, counts)
  lazy = Hash.new { |hh, k| hh[k] = k * 2 }
  lazy[4] += 1
  assert_equal({ 4 => 9 }, lazy)
  m = {}
  m[:x] ||= 5
  m[:x] ||= 6
  m[:y] &&= 7
  assert_equal({ :x => 5 }, m)
  a = [1, 2]
  a[1] *= 10
  a[2] ||= :new
  assert_equal [1, 20, :new], a
  e = assert_raise(TypeError, "can't modify frozen hash") { { 1 => 1 }.freeze[1] += 1 }
  assert_match(/in `\[\]='\z/, e.backtrace[0])
  e = assert_raise(NoMethodError) { {}[:nope] += 1 }
  assert_match(/undefined method `\+' for nil/, e.message)
end

test "set_trace_func sees []= calls" do
  calls = []
  h = {}
  a = []
  set_trace_func proc { |ev, f, l, id, b, k| calls << [id, k] if ev == "c-call" }
  h[1] = 2
  a[0] = 3
  set_trace_func nil
  assert_equal [[:[]=, Hash], [:[]=, Array], [:set_trace_func, Kernel]], calls
end

test "a redefined Hash#[]= or Array#[]= is called" do
  assert_equal "[1, 20]\n", af_run('class Hash; def []=(k, v) store(k, v * 10) end; end; ' \
                                    'h = {}; h[1] = 2; p [h.size, h[1]]')
  assert_equal "[:set, 0, 5]\n", af_run('class Array; def []=(i, v) p [:set, i, v] end; end; a = []; a[0] = 5')
  assert_equal "{1=>70}\n", af_run('class Hash; def []=(k, v) store(k, v * 10) end; end; ' \
                                   'h = Hash.new(0); h[1] += 7; p h')
end
