# blocks.rb: do...end and { } blocks, which call they bind to, parameters
# under Ruby 1.8's rules (several values into |a| make an Array, an Array
# into |a, b| is spread, outer variables and other targets as parameters,
# splats, nesting, trailing comma, &b), block-local variables, values.
require 'assert'

def y0; yield; end
def y1(v); yield v; end
def y2; yield 1, 2; end
def y3; yield 1, 2, 3; end
def yarr; yield [1, 2]; end
def yarr1; yield [1]; end
def ynil; yield nil; end
def ysplat(*a); yield(*a); end

$VERBOSE_SAVED = $VERBOSE
$VERBOSE = nil        # 1.8 warns "multiple values for a block parameter"

test "one parameter" do
  assert_equal [1, 2], y2 { |a| a }          # several values: an Array
  assert_equal [1, 2], yarr { |a| a }
  assert_equal 5, y1(5) { |a| a }
  assert_nil y0 { |a| a }
  assert_nil ynil { |a| a }
  assert_equal [1, 2, 3], y3 { |a| a }
  assert_equal 1, ysplat(1) { |a| a }
end

test "several parameters" do
  assert_equal [1, 2], y2 { |a, b| [a, b] }
  assert_equal [1, 2], yarr { |a, b| [a, b] }    # an Array is spread
  assert_equal [1, nil], yarr1 { |a, b| [a, b] }
  assert_equal [1, 2, nil], y2 { |a, b, c| [a, b, c] }
  assert_equal [1, 2], y3 { |a, b| [a, b] }
  assert_equal [nil, nil], y0 { |a, b| [a, b] }
  assert_equal [nil, nil], ynil { |a, b| [a, b] }
  assert_equal [5, nil], y1(5) { |a, b| [a, b] }
  assert_equal 1, yarr { |a, | a }              # trailing comma: first element
  assert_equal 1, y2 { |a, | a }
end

test "splat parameters" do
  assert_equal [1, [2, 3]], y3 { |a, *b| [a, b] }
  assert_equal [1, [2]], yarr { |a, *b| [a, b] }
  assert_equal [[1, 2]], yarr { |*a| a }         # one value: not spread
  assert_equal [1, 2], y2 { |*a| a }
  assert_equal [], y0 { |*a| a }
  assert_equal [nil], ynil { |*a| a }
  assert_equal [5], y1(5) { |*a| a }
  assert_equal [1, 2, []], y2 { |a, b, *c| [a, b, c] }
  assert_equal 1, y3 { |a, *| a }
end

test "nested parameters" do
  def ynest; yield 1, [2, 3], 4; end
  assert_equal [1, 2, 3, 4], ynest { |a, (b, c), d| [a, b, c, d] }
  r = [[[1, 2], 3]].map { |(a, b), c| [a, b, c] }
  assert_equal [[1, 2, 3]], r
  r = { :k => [1, 2] }.map { |k, (x, y)| [k, x, y] }
  assert_equal [[:k, 1, 2]], r
  r = [[1, [2, [3, 4]]]].map { |a, (b, (c, d))| a + b + c + d }
  assert_equal [10], r
end

test "hash iteration" do
  h = { :a => 1 }
  h.each { |k, v| assert_equal [:a, 1], [k, v] }
  h.each { |pair| assert_equal [:a, 1], pair }
  h.each_pair { |k, v| assert_equal :a, k }
  assert_equal [[[:a, 1]]], h.map { |*kv| kv }   # each yields one [k, v]
  assert_equal ["a1"], h.map { |k, v| "#{k}#{v}" }
  assert_equal({ :a => 2 }, h.inject({}) { |acc, (k, v)| acc[k] = v + 1; acc })
end

test "outer variables as block parameters (1.8)" do
  x = 10
  [1, 2, 3].each { |x| }
  assert_equal 3, x                    # the outer x was assigned
  y = :keep
  [[4, 5]].each { |y, z| }
  assert_equal 4, y
  [7].each { |@ivar_param| }
  assert_equal 7, @ivar_param
  [8].each { |$gvar_param| }
  assert_equal 8, $gvar_param
  o = Struct.new(:attr).new
  [9].each { |o.attr| }
  assert_equal 9, o.attr
  h = {}
  [[:k, :v]].each { |key, h[:slot]| }
  assert_equal :v, h[:slot]
  a = []
  [1, 2].each { |a[0]| }
  assert_equal [2], a
end

test "block-local variables" do
  [1].each { fresh = 1 }
  assert_nil defined?(fresh)
  [1].each { |i| inner_v = i }
  assert_raise(NameError) { inner_v }
  count = 0
  3.times { count += 1 }
  assert_equal 3, count
  res = [1, 2].map { |i| t = i * 2; t }
  assert_equal [2, 4], res
  r = []
  2.times { v ||= 0; v += 1; r << v }   # a fresh v each time
  assert_equal [1, 1], r
end

def takes_block(arg = nil); block_given? ? [:block, arg, yield] : [:noblock, arg]; end

test "{ } binds to the nearest call, do...end to the command" do
  r = takes_block takes_block { :inner }
  assert_equal [:noblock, [:block, nil, :inner]], r
  r = takes_block takes_block do :outer end
  assert_equal [:block, [:noblock, nil], :outer], r
  r = takes_block(1) { :paren }
  assert_equal [:block, 1, :paren], r
  r = takes_block(2) do :paren_do end
  assert_equal [:block, 2, :paren_do], r
  r = [1, 2].map do |x| x * 3 end
  assert_equal [3, 6], r
  v = [3, 1, 2].sort { |a, b| b <=> a }.first
  assert_equal 3, v
end

test "block values and each's result" do
  assert_equal [1, 2], [1, 2].each { |x| x * 100 }
  assert_equal :v, y0 { :v }
  assert_nil y0 { }
  assert_equal 3, y0 { 1; 2; 3 }
  assert_equal [2, 3], [1, 2].map { |x| x + 1 }
end

test "&block parameter and passing blocks" do
  def capture(&b); b; end
  pr = capture { |x| x * 2 }
  assert_equal 6, pr.call(3)
  assert_equal [2, 4], [1, 2].map(&pr)
  assert_nil capture
  def forward(&b); [1, 2].map(&b); end
  assert_equal [10, 20], forward { |x| x * 10 }
  assert_equal ["1", "2"], [1, 2].map(&:to_s)
  assert_equal 6, [1, 2, 3].inject(&:+)
  assert_raise(TypeError) { [1].map(&5) }
  assert_kind_of Enumerable, [1].map(&nil)       # no block: an Enumerator (1.8.7)
  # a block parameter of a block (1.8.7)
  r = y1(:v) { |a, &b| [a, b] }
  assert_equal [:v, nil], r
end

test "blocks see self and locals of where they were written" do
  outer = :outer_local
  k = Class.new { def run; yield; end }
  assert_equal :outer_local, k.new.run { outer }
  assert_equal self, k.new.run { self }
  @iv_blocks = :iv
  assert_equal :iv, k.new.run { @iv_blocks }
end

test "block_given? and yield inside blocks refer to the method" do
  def outer_m; [1].map { yield + 1 }.first; end
  assert_equal 11, outer_m { 10 }
  def gives?; [1].map { block_given? }.first; end
  assert_true gives? { }
  assert_false gives?
end

test "yield with splat and arrays" do
  def ys; a = [1, 2]; yield(*a); end
  assert_equal [1, 2], ys { |x, y| [x, y] }
  def yone; a = [[1, 2]]; yield(*a); end
  assert_equal [[1, 2], nil], yone { |x, y| [x, y] }   # 1.8.7: not spread again
  assert_equal [1, 2], yone { |x| x }
  def yempty; yield(*[]); end
  assert_nil yempty { |x| x }
end

$VERBOSE = $VERBOSE_SAVED
