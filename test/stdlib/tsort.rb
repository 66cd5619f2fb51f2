# tsort.rb: lib/tsort.rb (TSort: tsort, strongly connected components,
# TSort::Cyclic).
require 'assert'
require 'tsort'

class Graph
  include TSort
  def initialize(edges)
    @edges = edges
    @asked = Hash.new(0)
  end
  attr_reader :asked
  def tsort_each_node(&block)
    @edges.each_key(&block)
  end
  def tsort_each_child(node, &block)
    @asked[node] += 1
    @edges.fetch(node).each(&block)
  end
end

class Hash
  include TSort
  alias tsort_each_node each_key
  def tsort_each_child(node, &block)
    fetch(node).each(&block)
  end
end

test "the documented examples" do
  assert_equal [3, 2, 1, 4], { 1 => [2, 3], 2 => [3], 3 => [], 4 => [] }.tsort
  assert_equal [[4], [2, 3], [1]], { 1 => [2], 2 => [3, 4], 3 => [2], 4 => [] }.strongly_connected_components
  e = assert_raise(TSort::Cyclic, "topological sort failed: [2, 3]") do
    { 1 => [2], 2 => [3, 4], 3 => [2], 4 => [] }.tsort
  end
  assert_true TSort::Cyclic < StandardError
end

test "tsort_each and each_strongly_connected_component" do
  g = { "a" => ["b", "c"], "b" => ["d"], "c" => ["d"], "d" => [] }
  got = []
  assert_nil g.tsort_each { |n| got << n }
  assert_equal ["d", "b", "c", "a"], got
  comps = []
  assert_nil g.each_strongly_connected_component { |c| comps << c }
  assert_equal [["d"], ["b"], ["c"], ["a"]], comps
end

test "each_strongly_connected_component_from" do
  h = { 1 => [2], 2 => [3, 4], 3 => [2], 4 => [] }
  comps = []
  h.each_strongly_connected_component_from(2) { |c| comps << c }
  assert_equal [[4], [2, 3]], comps
  id_map = {}
  stack = []
  comps = []
  assert_equal 0, h.each_strongly_connected_component_from(1, id_map, stack) { |c| comps << c }
  assert_equal [[4], [2, 3], [1]], comps
  assert_equal [1, 2, 3, 4], id_map.keys.sort
  assert_true id_map.values.all? { |v| v.nil? }        # all output
  assert_equal [], stack
  comps = []
  h.each_strongly_connected_component_from(5, { 5 => 0 }, []) { |c| comps << c } rescue comps = :error
  assert_equal :error, comps                            # 5 has no entry in the graph
end

test "cycles, self loops and several components" do
  g = { 1 => [1] }
  assert_equal [[1]], g.strongly_connected_components
  assert_equal [1], g.tsort                             # a self loop is one node
  g = { :a => [:b], :b => [:c], :c => [:a], :d => [:c, :e], :e => [:d], :f => [] }
  assert_equal [[:a, :b, :c], [:d, :e], [:f]], g.strongly_connected_components
  assert_raise(TSort::Cyclic, "topological sort failed: [:a, :b, :c]") { g.tsort }
  assert_equal [], {}.tsort
  assert_equal [], {}.strongly_connected_components
end

test "each node is asked for its children once" do
  g = Graph.new(1 => [2, 3], 2 => [3], 3 => [4], 4 => [], 5 => [1, 4])
  assert_equal [4, 3, 2, 1, 5], g.tsort
  assert_equal [1, 1, 1, 1, 1], g.asked.values_at(1, 2, 3, 4, 5)
end

test "unimplemented hooks" do
  o = Object.new
  o.extend(TSort)
  assert_raise(NotImplementedError) { o.tsort }
  assert_raise(NotImplementedError) { o.tsort_each_child(1) { } }
end

test "a deep chain does not exhaust the stack" do
  n = 20000
  chain = {}
  n.times { |i| chain[i] = (i + 1 < n) ? [i + 1] : [] }
  order = chain.tsort
  assert_equal n, order.size
  assert_equal n - 1, order.first
  assert_equal 0, order.last
  ring = {}
  n.times { |i| ring[i] = [(i + 1) % n] }
  comps = ring.strongly_connected_components
  assert_equal 1, comps.size
  assert_equal (0...n).to_a, comps[0]
end

test "a random DAG: every edge goes forward in the order" do
  srand(7)
  dag = {}
  60.times { |i| dag[i] = (0...i).select { rand(5) == 0 } }
  order = dag.tsort
  assert_equal (0...60).to_a, order.sort
  pos = {}
  order.each_with_index { |n, i| pos[n] = i }
  bad = 0
  dag.each { |n, children| children.each { |c| bad += 1 unless pos[c] < pos[n] } }
  assert_equal 0, bad
end
