# loops.rb: while/until (also as modifiers and begin...end while), for...in
# (its variables outlive the loop), loop with break/StopIteration, and the
# values loops produce.
require 'assert'

test "while and until" do
  i = 0
  r = while i < 3
    i += 1
  end
  assert_equal 3, i
  assert_nil r
  j = 10
  until j <= 7 do j -= 1 end
  assert_equal 7, j
  k = 0
  while k < 100 do k += 10 end
  assert_equal 100, k
  n = 0
  n += 1 until n == 4
  assert_equal 4, n
  m = 0
  while false; m = 1; end
  assert_equal 0, m
end

test "begin ... end while runs the body first" do
  runs = 0
  begin
    runs += 1
  end while false
  assert_equal 1, runs
  runs = 0
  begin
    runs += 1
  end until true
  assert_equal 1, runs
  x = 0
  begin x += 1 end while x < 5
  assert_equal 5, x
  # a plain expression with a modifier tests first
  y = 0
  (y += 1) while false
  assert_equal 0, y
end

test "break and next with values in while" do
  i = 0
  r = while true
    i += 1
    break i * 10 if i == 4
  end
  assert_equal 40, r
  r = while true do break end
  assert_nil r
  r = while true do break 1, 2 end
  assert_equal [1, 2], r
  evens = []
  i = 0
  while i < 10
    i += 1
    next if i % 2 == 1
    evens << i
  end
  assert_equal [2, 4, 6, 8, 10], evens
  r = until false do break :u end
  assert_equal :u, r
end

test "redo in while" do
  i = 0
  tries = 0
  while i < 2
    i += 1
    tries += 1
    redo if i == 2 && tries == 2   # runs the body again without the test
  end
  assert_equal 3, i
  assert_equal 3, tries
  out = []
  redone = false
  [1, 2, 3].each do |x|
    out << x
    if x == 2 && !redone
      redone = true
      redo
    end
  end
  assert_equal [1, 2, 2, 3], out
end

test "nested loops and break" do
  out = []
  i = 0
  while i < 3
    j = 0
    while true
      j += 1
      break if j > i
      out << [i, j]
    end
    i += 1
  end
  assert_equal [[1, 1], [2, 1], [2, 2]], out
end

test "for ... in" do
  sum = 0
  for x in [1, 2, 3]
    sum += x
  end
  assert_equal 6, sum
  assert_equal 3, x                  # the variable outlives the loop
  for i in 1..3 do inner = i * 2 end
  assert_equal 6, inner              # so do variables made in the body
  pairs = []
  for a, b in [[1, 2], [3, 4]]
    pairs << a + b
  end
  assert_equal [3, 7], pairs
  assert_equal [3, 4], [a, b]
  r = for y in [5, 6]; end
  assert_equal [5, 6], r             # the value of each
  r = for z in [1, 2, 3]
    break z * 100 if z == 2
  end
  assert_equal 200, r
  got = []
  for w in [1, 2, 3, 4]
    next if w.even?
    got << w
  end
  assert_equal [1, 3], got
  h = { :k => :v }
  for k, v in h
    assert_equal [:k, :v], [k, v]
  end
  for @for_ivar in [7]; end
  assert_equal 7, @for_ivar
  for $for_gvar in [8]; end
  assert_equal 8, $for_gvar
  o = Struct.new(:a).new
  for o.a in [9]; end
  assert_equal 9, o.a
end

test "for uses each" do
  obj = Object.new
  def obj.each; yield 1; yield 2; :each_result; end
  seen = []
  r = for e in obj
    seen << e
  end
  assert_equal [1, 2], seen
  assert_equal :each_result, r
end

test "loop" do
  i = 0
  r = loop do
    i += 1
    break i if i == 5
  end
  assert_equal 5, r
  i = 0
  r = loop { i += 1; raise StopIteration if i > 2 }
  assert_nil r                      # 1.8.7 loop returns nil after StopIteration
  assert_equal 3, i
  n = 0
  loop do
    n += 1
    next if n < 10
    break
  end
  assert_equal 10, n
  e = [1, 2, 3].each
  got = []
  loop { got << e.next }
  assert_equal [1, 2, 3], got
end

test "iterators with break and next" do
  r = [1, 2, 3, 4].each { |x| break x * 100 if x == 3 }
  assert_equal 300, r
  r = [1, 2].each { |x| }
  assert_equal [1, 2], r
  r = [1, 2, 3].map { |x| next 0 if x == 2; x }
  assert_equal [1, 0, 3], r
  r = 3.times { |i| break :early if i == 1 }
  assert_equal :early, r
  r = 1.upto(3) { }
  assert_equal 1, r
  acc = []
  1.step(10, 3) { |i| acc << i }
  assert_equal [1, 4, 7, 10], acc
  acc = []
  3.downto(1) { |i| acc << i }
  assert_equal [3, 2, 1], acc
end

test "while with complex conditions" do
  a = [3, 2, 1]
  out = []
  while (x = a.shift) && x > 1
    out << x
  end
  assert_equal [3, 2], out
  i = 0
  i += 1 while i < 10 and i != 6
  assert_equal 6, i
  i = 0
  while not i == 3 do i += 1 end
  assert_equal 3, i
end
