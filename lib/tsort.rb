# tsort.rb: topological sorting and strongly connected components
# (TSort), for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's tsort.rb: a class
# including TSort defines tsort_each_node { |node| } and
# tsort_each_child(node) { |child| } (both raise NotImplementedError
# until it does) and gets tsort (children before their parents),
# tsort_each { |node| }, strongly_connected_components,
# each_strongly_connected_component { |nodes| } and
# each_strongly_connected_component_from(node, id_map = {}, stack = [])
# { |nodes| } (Tarjan's algorithm: components in the same order as
# 1.8.7's, each listed in the order its nodes were reached).  A cycle
# makes tsort raise TSort::Cyclic "topological sort failed: [a, b]" (the
# component's inspect).  Nodes are compared as Hash keys (eql?/hash).
# The search keeps its own stack instead of recursing, so deep graphs do
# not exhaust the C stack; tsort_each_child is called once per node, when
# the node is first reached.
# Left out: nothing of 1.8.7's public API.

module TSort
  class Cyclic < StandardError
  end

  def tsort
    result = []
    tsort_each { |node| result << node }
    result
  end

  def tsort_each
    each_strongly_connected_component do |component|
      if component.size == 1
        yield component.first
      else
        raise Cyclic.new("topological sort failed: #{component.inspect}")
      end
    end
  end

  def strongly_connected_components
    result = []
    each_strongly_connected_component { |component| result << component }
    result
  end

  def each_strongly_connected_component(&block)
    id_map = {}
    stack = []
    tsort_each_node do |node|
      unless id_map.include?(node)
        each_strongly_connected_component_from(node, id_map, stack, &block)
      end
    end
    nil
  end

  # Components reachable from node and not yet in id_map (nodes already
  # output map to nil); returns the lowest id reached from node.
  def each_strongly_connected_component_from(node, id_map = {}, stack = [])
    # each frame: [node, its id, lowest id reached, children, next child,
    #              stack depth when node was pushed]
    frames = [tsort_enter(node, id_map, stack)]
    result = nil
    until frames.empty?
      frame = frames.last
      children = frame[3]
      if frame[4] < children.size
        child = children[frame[4]]
        frame[4] += 1
        if id_map.include?(child)
          child_id = id_map[child]
          frame[2] = child_id if child_id && child_id < frame[2]
        else
          frames << tsort_enter(child, id_map, stack)
        end
        next
      end
      frames.pop
      if frame[1] == frame[2]
        component = stack.slice!(frame[5]..-1)
        component.each { |n| id_map[n] = nil }
        yield component
      end
      parent = frames.last
      parent[2] = frame[2] if parent && frame[2] < parent[2]
      result = frame[2]
    end
    result
  end

  def tsort_each_node
    raise NotImplementedError
  end

  def tsort_each_child(node)
    raise NotImplementedError
  end

  private

  def tsort_enter(node, id_map, stack)
    id = id_map[node] = id_map.size
    depth = stack.size
    stack << node
    children = []
    tsort_each_child(node) { |child| children << child }
    [node, id, id, children, 0, depth]
  end
end
