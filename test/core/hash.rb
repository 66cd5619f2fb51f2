# hash.rb: Hash as Ruby 1.8.7 has it (insertion-ordered): creation,
# defaults, lookup, update, deletion, iteration (and changing the hash
# while iterating), conversions, inspect, equality, frozen hashes, and a
# large table.
require 'assert'

test "Hash.new and literals" do
  h = Hash.new
  assert_equal({}, h)
  assert_equal 0, h.size
  assert_true h.empty?
  assert_nil h[:missing]
  assert_equal 5, Hash.new(5)[:x]
  assert_equal Hash, {}.class
  assert_raise(ArgumentError) { Hash.new(1, 2) }
  assert_raise(ArgumentError) { Hash.new(1) { |h2, k| k } }
end

test "default block" do
  h = Hash.new { |hash, k| hash[k] = [] }
  h[:a] << 1
  h[:a] << 2
  h[:b] << 3
  assert_equal({:a => [1, 2], :b => [3]}, h)
  assert_equal 2, h.size
  counter = Hash.new { |hash, k| k * 2 }
  assert_equal 10, counter[5]
  assert_equal 0, counter.size
  assert_kind_of Proc, counter.default_proc
  assert_nil counter.default
  assert_equal 8, counter.default(4)
  assert_nil Hash.new(3).default_proc
end

test "default and default=" do
  h = Hash.new(7)
  assert_equal 7, h.default
  assert_equal 7, h.default(:any)
  h.default = 9
  assert_equal 9, h[:nope]
  h2 = Hash.new { |x, k| 1 }
  h2.default = 2
  assert_nil h2.default_proc
  assert_equal 2, h2[:x]
  assert_equal 3, h.fetch(:z, 3)
end

test "subclass default method is called for missing keys" do
  klass = Class.new(Hash) do
    def default(k)
      "missing #{k}"
    end
  end
  h = klass.new
  assert_equal "missing a", h[:a]
  h[:a] = 1
  assert_equal 1, h[:a]
  assert_equal klass, h.class
end

test "Hash.[]" do
  assert_equal({1 => 2, 3 => 4}, Hash[1, 2, 3, 4])
  assert_equal({:a => 1, :b => 2}, Hash[[[:a, 1], [:b, 2]]])
  assert_equal({:a => nil}, Hash[[[:a]]])
  assert_equal({}, Hash[])
  src = {:x => 1}
  copy = Hash[src]
  assert_equal src, copy
  copy[:y] = 2
  assert_equal 1, src.size
  assert_raise(ArgumentError, "odd number of arguments for Hash") { Hash[1, 2, 3] }
end

test "[] []= store" do
  h = {}
  assert_equal 1, (h["a"] = 1)
  assert_equal 2, h.store(:b, 2)
  assert_equal 1, h["a"]
  assert_equal 2, h[:b]
  h["a"] = 3
  assert_equal 3, h["a"]
  assert_equal 2, h.size
  h[nil] = :n
  h[true] = :t
  h[false] = :f
  assert_equal :n, h[nil]
  assert_equal :t, h[true]
  assert_equal :f, h[false]
  h[1.5] = :float
  assert_equal :float, h[1.5]
  h[10**30] = :big
  assert_equal :big, h[10**30]
  h[[1, 2]] = :ary
  assert_equal :ary, h[[1, 2]]
  assert_nil h[[1, 3]]
end

test "Integer and Float keys are distinct (eql?)" do
  h = {1 => :int}
  assert_nil h[1.0]
  h[1.0] = :float
  assert_equal :int, h[1]
  assert_equal :float, h[1.0]
  assert_equal 2, h.size
  h2 = {0.0 => :zero}
  assert_equal :zero, h2[-0.0]
end

test "String keys are copied and frozen" do
  k = "key"
  h = {}
  h[k] = 1
  assert_false k.frozen?
  stored = h.keys[0]
  assert_true stored.frozen?
  assert_equal "key", stored
  k << "changed"
  assert_equal 1, h["key"]
  assert_nil h["keychanged"]
  fk = "frozen".freeze
  h[fk] = 2
  assert_same fk, h.keys.last
  h["key"] = 5
  assert_same stored, h.keys[0]
end

test "user objects as keys use hash and eql?" do
  klass = Class.new do
    attr_reader :v
    def initialize(v); @v = v; end
    def hash; @v.hash; end
    def eql?(o); o.class == self.class && o.v == @v; end
  end
  h = {}
  h[klass.new(1)] = :one
  h[klass.new(2)] = :two
  assert_equal :one, h[klass.new(1)]
  assert_equal :two, h[klass.new(2)]
  assert_nil h[klass.new(3)]
  h[klass.new(1)] = :uno
  assert_equal 2, h.size
  assert_equal :uno, h[klass.new(1)]
end

test "rehash after mutating a key" do
  a = [1]
  h = {a => :x}
  a << 2
  h.rehash
  assert_equal :x, h[[1, 2]]
  assert_same h, h.rehash
end

test "fetch" do
  h = {:a => 1}
  assert_equal 1, h.fetch(:a)
  assert_equal 2, h.fetch(:b, 2)
  assert_equal "b!", h.fetch(:b) { |k| "#{k}!" }
  assert_raise(IndexError, "key not found") { h.fetch(:b) }
  assert_raise(ArgumentError) { h.fetch }
  assert_raise(ArgumentError) { h.fetch(1, 2, 3) }
  assert_nil({:n => nil}.fetch(:n))
end

test "key predicates" do
  h = {:a => 1, "b" => nil}
  assert_true h.has_key?(:a)
  assert_true h.key?("b")
  assert_true h.include?(:a)
  assert_true h.member?("b")
  assert_false h.has_key?(:zz)
  assert_true h.has_value?(1)
  assert_true h.value?(nil)
  assert_false h.value?(2)
  assert_true({:x => 1}.value?(1.0))
end

test "index and key" do
  h = {:a => 1, :b => 2, :c => 1}
  assert_equal :a, h.index(1)
  assert_equal :b, h.key(2)
  assert_nil h.key(9)
end

test "keys values values_at length" do
  h = {:a => 1, :b => 2, :c => 3}
  assert_equal [:a, :b, :c], h.keys
  assert_equal [1, 2, 3], h.values
  assert_equal [3, 1, nil], h.values_at(:c, :a, :x)
  assert_equal [], h.values_at
  assert_equal 3, h.length
  assert_equal 3, h.size
  assert_equal [9], Hash.new(9).values_at(:q)
end

test "insertion order is kept" do
  h = {}
  h[3] = :c
  h[1] = :a
  h[2] = :b
  assert_equal [3, 1, 2], h.keys
  h.delete(1)
  h[1] = :again
  assert_equal [3, 2, 1], h.keys
  h[3] = :changed
  assert_equal [3, 2, 1], h.keys
end

test "delete" do
  h = {:a => 1, :b => 2}
  assert_equal 1, h.delete(:a)
  assert_nil h.delete(:a)
  assert_equal "no a", h.delete(:a) { |k| "no #{k}" }
  assert_equal({:b => 2}, h)
end

test "shift" do
  h = {:a => 1, :b => 2}
  assert_equal [:a, 1], h.shift
  assert_equal [:b, 2], h.shift
  assert_nil h.shift
  assert_equal 5, Hash.new(5).shift
  assert_equal [nil], Hash.new { |hh, k| [k] }.shift
end

test "delete_if reject reject! select" do
  h = {:a => 1, :b => 2, :c => 3, :d => 4}
  r = h.reject { |k, v| v.odd? }
  assert_equal({:b => 2, :d => 4}, r)
  assert_equal 4, h.size
  s = h.select { |k, v| v > 2 }
  assert_equal [[:c, 3], [:d, 4]], s
  assert_kind_of Array, s
  assert_nil h.reject! { |k, v| v > 10 }
  assert_same h, h.reject! { |k, v| v == 1 }
  assert_equal [:b, :c, :d], h.keys
  assert_same h, h.delete_if { |k, v| k == :c }
  assert_equal({:b => 2, :d => 4}, h)
  assert_raise(ArgumentError) { h.select(1) { } }
end

test "reject keeps class and default" do
  klass = Class.new(Hash)
  h = klass.new(0)
  h[:a] = 1
  r = h.reject { false }
  assert_equal klass, r.class
  assert_equal 0, r[:zz]
end

test "clear" do
  h = {:a => 1}
  assert_same h, h.clear
  assert_equal({}, h)
  h[:b] = 2
  assert_equal({:b => 2}, h)
end

test "each yields [key, value] pairs, each_pair two values" do
  h = {:a => 1, :b => 2}
  got = []
  h.each { |pair| got << pair }
  assert_equal [[:a, 1], [:b, 2]], got
  got = []
  h.each { |k, v| got << k << v }
  assert_equal [:a, 1, :b, 2], got
  got = []
  assert_same h, h.each_pair { |k, v| got << [k, v] }
  assert_equal [[:a, 1], [:b, 2]], got
  keys = []
  h.each_key { |k| keys << k }
  assert_equal [:a, :b], keys
  vals = []
  h.each_value { |v| vals << v }
  assert_equal [1, 2], vals
end

test "each spreads the pair over any parameter list as a yield of [k, v] does" do
  h = {:a => 1, :b => 2}
  got = []
  h.each { |*all| got << all }
  assert_equal [[[:a, 1]], [[:b, 2]]], got
  got = []
  h.each { |k,| got << k }
  assert_equal [:a, :b], got
  got = []
  h.each { |k, *rest| got << [k, rest] }
  assert_equal [[:a, [1]], [:b, [2]]], got
  got = []
  h.each { |k, v, extra| got << [k, v, extra] }
  assert_equal [[:a, 1, nil], [:b, 2, nil]], got
  got = []
  h.each { |(k, v)| got << v }
  assert_equal [1, 2], got
  got = []
  h.each(&lambda { |pair| got << pair })
  assert_equal [[:a, 1], [:b, 2]], got
  @pairs = []
  h.each { |k, @last| @pairs << @last }
  assert_equal [1, 2], @pairs
  captured = []
  h.each { |k, v| captured << lambda { [k, v] } }
  assert_equal [[:a, 1], [:b, 2]], captured.map { |l| l.call }
  assert_equal [:a, 1, :b, 2], h.each_pair.to_a.flatten
  s = 0
  h.each { |k, v| next if k == :a; s += v }
  assert_equal 2, s
end

test "break out of each" do
  h = {1 => 2, 3 => 4, 5 => 6}
  r = h.each { |k, v| break k if k == 3 }
  assert_equal 3, r
  h[7] = 8
  assert_equal 4, h.size
end

test "changing a hash while iterating" do
  h = {1 => :a, 2 => :b, 3 => :c}
  seen = []
  h.each { |k, v| seen << k; h.delete(2) if k == 1 }
  assert_equal [1, 3], seen
  # 1.8.7 allows new keys; here the iteration does not visit them
  h = {1 => :a, 2 => :b}
  seen = []
  h.each { |k, v| seen << k; h[k + 100] = v }
  assert_equal [1, 2], seen
  assert_equal({1 => :a, 2 => :b, 101 => :a, 102 => :b}, h)
  h[5] = :after
  assert_equal 5, h.size
  h = {}                                   # the table grows while iterated; (1.8.7
  20.times { |i| h[i] = i }                # meets some new keys, by their buckets)
  h.each { |k, v| h.delete(k); h[k + 100] = v }
  assert_equal((100...120).to_a, h.keys.sort)
  h = {1 => 2}
  h.each_key { h.delete(1); h[7] = 8 }
  assert_equal({7 => 8}, h)
  h = {1 => 2}
  n = 0
  h.each { h[n += 1] = n; h.each { h[-n] = 0 } }   # nested iterations
  assert_equal({1 => 1, -1 => 0}, h)
  h = {1 => :a, 2 => :b}
  h.each { |k, v| h[k] = v.to_s }
  assert_equal({1 => "a", 2 => "b"}, h)
  h = {1 => :a}
  assert_raise(RuntimeError, "rehash occurred during iteration") { h.each { h.rehash } }
  h = {1 => 2, 3 => 4}
  h.each { h.clear }
  assert_equal({}, h)
  h[9] = 9
  assert_equal({9 => 9}, h)
end

test "exceptions inside each leave the hash usable" do
  h = {1 => 2}
  begin
    h.each { raise "boom" }
  rescue RuntimeError
  end
  h[3] = 4
  assert_equal 2, h.size
end

test "sort" do
  h = {:b => 1, :a => 2, :c => 0}
  assert_equal [[:a, 2], [:b, 1], [:c, 0]], h.sort { |x, y| x[0].to_s <=> y[0].to_s }
  assert_equal [[1, :x], [2, :y]], {2 => :y, 1 => :x}.sort
  assert_equal [[:c, 0], [:b, 1], [:a, 2]], h.sort { |x, y| x[1] <=> y[1] }
end

test "invert merge update replace" do
  h = {:a => 1, :b => 2}
  assert_equal({1 => :a, 2 => :b}, h.invert)
  m = h.merge(:b => 3, :c => 4)
  assert_equal({:a => 1, :b => 3, :c => 4}, m)
  assert_equal({:a => 1, :b => 2}, h)
  m2 = h.merge(:b => 10) { |k, old, new| old + new }
  assert_equal 12, m2[:b]
  assert_same h, h.update(:z => 26)
  assert_equal 26, h[:z]
  h.merge!(:a => 5) { |k, o, n| [k, o, n] }
  assert_equal [:a, 1, 5], h[:a]
  r = {:q => 1}
  assert_same r, r.replace({:w => 2})
  assert_equal({:w => 2}, r)
  r.replace(Hash.new(42))
  assert_equal 42, r[:nothing]
  assert_raise(TypeError, "can't convert Fixnum into Hash") { r.update(1) }
  assert_raise(TypeError) { r.replace("x") }
end

test "to_a to_hash to_s" do
  h = {"a" => 1, :b => [2, 3]}
  assert_equal [["a", 1], [:b, [2, 3]]], h.to_a
  assert_same h, h.to_hash
  assert_equal "a1b23", h.to_s
  assert_equal "", {}.to_s
end

test "inspect" do
  assert_equal "{}", {}.inspect
  assert_equal '{"a"=>1, :b=>[1, 2]}', {"a" => 1, :b => [1, 2]}.inspect
  assert_equal "{nil=>true, 1.5=>:x}", {nil => true, 1.5 => :x}.inspect
  h = {}
  h[:self] = h
  assert_equal "{:self=>{...}}", h.inspect
  a = [1]
  h2 = {:a => a}
  a << h2
  assert_equal "{:a=>[1, {...}]}", h2.inspect
end

test "== eql? hash" do
  assert_equal({:a => 1, :b => 2}, {:b => 2, :a => 1})
  assert_not_equal({:a => 1}, {:a => 2})
  assert_not_equal({:a => 1}, {:b => 1})
  assert_not_equal({:a => 1}, {:a => 1, :b => 2})
  assert_false({:a => 1} == [[:a, 1]])
  assert_true({1 => 1} == {1 => 1.0})
  assert_false({1 => 1}.eql?({1 => 1.0}))
  assert_true({1 => 2}.eql?({1 => 2}))
  assert_equal({:a => 1, :b => 2}.hash, {:b => 2, :a => 1}.hash)
  assert_equal Hash.new(5), {}
  outer = {{:k => 1} => :found}
  assert_equal :found, outer[{:k => 1}]
  r = {}
  r[:r] = r
  assert_true r == r
  assert_kind_of Integer, r.hash
end

test "frozen hash" do
  h = {:a => 1}.freeze
  assert_raise(TypeError, "can't modify frozen hash") { h[:b] = 2 }
  assert_raise(TypeError) { h.store(:a, 2) }
  assert_raise(TypeError) { h.delete(:a) }
  assert_raise(TypeError) { h.clear }
  assert_raise(TypeError) { h.shift }
  assert_raise(TypeError) { h.default = 3 }
  assert_raise(TypeError) { h.update(:c => 1) }
  assert_raise(TypeError) { h.replace({}) }
  assert_raise(TypeError) { h.delete_if { true } }
  assert_raise(TypeError) { h.rehash }
  assert_equal 1, h[:a]
  assert_equal({:a => 1}, h.merge({}))
  d = h.dup
  d[:x] = 1
  assert_false d.frozen?
  assert_true h.clone.frozen?
end

test "dup and clone copy contents and default" do
  h = Hash.new(3)
  h[:a] = [1]
  d = h.dup
  assert_equal h, d
  assert_equal 3, d[:missing]
  d[:b] = 2
  assert_false h.key?(:b)
  assert_same h[:a], d[:a]
  p = Hash.new { |hh, k| k }
  assert_equal :x, p.dup[:x]
end

test "enumerators without a block" do
  h = {:a => 1, :b => 2}
  e = h.each
  assert_equal [[:a, 1], [:b, 2]], e.to_a
  assert_equal [:a, :b], h.each_key.to_a
  assert_equal [1, 2], h.each_value.to_a
end

test "Enumerable methods" do
  h = {:a => 3, :b => 1, :c => 2}
  assert_equal [:b, 1], h.min_by { |k, v| v }
  assert_equal [[:a, 3]], h.find_all { |k, v| v > 2 }
  assert_equal [:a, 3], h.find { |k, v| v == 3 }
  assert_equal 6, h.inject(0) { |s, (k, v)| s + v }
  assert_equal [:a, :b, :c], h.map { |k, v| k }
  assert_equal 3, h.count
  assert_true h.any? { |k, v| v == 2 }
  assert_equal({true => [[:a, 3], [:c, 2]], false => [[:b, 1]]}, h.group_by { |k, v| v > 1 })
  assert_equal [[:b, 1], [:c, 2], [:a, 3]], h.sort_by { |k, v| v }
end

test "indexes is deprecated but works" do
  h = {:a => 1, :b => 2}
  assert_equal [2, 1], h.indexes(:b, :a)
  assert_equal [nil], h.indices(:z)
end

test "many keys" do
  h = {}
  n = 20000
  n.times { |i| h[i] = i * 3 }
  assert_equal n, h.size
  ok = true
  n.times { |i| ok = false unless h[i] == i * 3 }
  assert_true ok
  (0...n).step(2) { |i| h.delete(i) }
  assert_equal n / 2, h.size
  assert_equal 1, h.keys.first
  assert_nil h[0]
  assert_equal 3, h[1]
  n.times { |i| h[i] = 0 if i % 4 == 0 }
  assert_equal n / 2 + n / 4, h.size
  s = {}
  1000.times { |i| s["k#{i}"] = i }
  assert_equal 999, s["k999"]
  assert_nil s["k1000"]
end

test "heavy deletion and reinsertion" do
  h = {}
  100.times do |round|
    50.times { |i| h[i] = round }
    25.times { |i| h.delete(i * 2) }
  end
  assert_equal 25, h.size
  assert_nil h[0]
  assert_equal 99, h[1]
  assert_equal((1..49).step(2).to_a, h.keys)
  q = {}
  1000.times { |i| q[i] = i; q.shift if q.size > 3 }
  assert_equal [997, 998, 999], q.keys
end

test "eql? and hash that change or raise" do
  klass = Class.new do
    attr_reader :v
    def initialize(v, victim = nil); @v = v; @victim = victim; end
    def hash; 1; end
    def eql?(o)
      if @victim
        h, @victim = @victim, nil
        h.clear
        50.times { |i| h[i] = i }
      end
      o.v == @v
    end
  end
  h = {}
  20.times { |i| h[klass.new(i)] = i }
  assert_equal 20, h.size
  assert_equal 7, h[klass.new(7)]
  assert_nil h[klass.new(5, h)]
  assert_equal 50, h.size
  bad = Class.new { def hash; raise ArgumentError, "no hash"; end }
  g = {1 => 2}
  assert_raise(ArgumentError, "no hash") { g[bad.new] = 1 }
  assert_raise(ArgumentError, "no hash") { g[bad.new] }
  assert_equal({1 => 2}, g)
end
