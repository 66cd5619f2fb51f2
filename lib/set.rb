# set.rb: Set, an unordered collection without duplicates, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's set.rb:
#   Set.new(enum = nil) { |o| ... }, Set[*objs], add/<<, add?, delete,
#   delete?, delete_if, reject!, collect!/map!, include?/member?,
#   size/length, empty?, each, clear, replace, merge, subtract,
#   |/union/+, &/intersection, -/difference, ^, subset?, superset?,
#   proper_subset?, proper_superset?, ==, hash/eql? (sets work as hash
#   keys), to_a, dup/clone, freeze, classify, divide (with a block of one
#   or two parameters), flatten/flatten!, inspect "#<Set: {1, 2}>",
#   pretty_print (for pp), Enumerable#to_set, and SortedSet (elements
#   kept in their <=> order).
# Left out: nothing of 1.8.7's public API.  As in 1.8.7, Set#=== is
# Object#=== (not include?), Set#to_s is Object#to_s (only inspect shows
# the elements) and select!/keep_if (1.9) are not there.  Elements are kept in a Hash, so they need #hash and
# #eql?, and each yields them in insertion order.

class Set
  include Enumerable

  # Set[1, 2, 3]
  def self.[](*objs)
    new(objs)
  end

  # Set.new, Set.new([1, 2]), Set.new([1, 2]) { |x| x * 10 }
  def initialize(enum = nil, &block)
    @hash = {}
    return if enum.nil?
    if block
      each_of(enum) { |o| add(block.call(o)) }
    else
      merge(enum)
    end
  end

  def initialize_copy(orig)
    @hash = orig.instance_eval { @hash }.dup
  end

  def freeze
    @hash.freeze
    super
  end

  def taint
    @hash.taint
    super
  end

  def untaint
    @hash.untaint
    super
  end

  def size
    @hash.size
  end
  alias length size

  def empty?
    @hash.empty?
  end

  def clear
    @hash.clear
    self
  end

  # Makes the set hold exactly the elements of enum.
  def replace(enum)
    if enum.class == self.class
      @hash.replace(enum.instance_eval { @hash })
    else
      each_of(enum) { }                # checks enum before emptying self
      clear
      merge(enum)
    end
    self
  end

  def to_a
    @hash.keys
  end

  def include?(o)
    @hash.include?(o)
  end
  alias member? include?

  def superset?(set)
    must_be_set(set)
    return false if size < set.size
    set.all? { |o| include?(o) }
  end

  def proper_superset?(set)
    must_be_set(set)
    return false if size <= set.size
    set.all? { |o| include?(o) }
  end

  def subset?(set)
    must_be_set(set)
    return false if set.size < size
    all? { |o| set.include?(o) }
  end

  def proper_subset?(set)
    must_be_set(set)
    return false if set.size <= size
    all? { |o| set.include?(o) }
  end

  def each
    return enum_for(:each) unless block_given?
    @hash.each_key { |o| yield o }
    self
  end

  def add(o)
    @hash[o] = true
    self
  end
  alias << add

  # Adds o and returns self, or returns nil if o was already there.
  def add?(o)
    return nil if include?(o)
    add(o)
  end

  def delete(o)
    @hash.delete(o)
    self
  end

  # Deletes o and returns self, or returns nil if o was not there.
  def delete?(o)
    return nil unless include?(o)
    delete(o)
  end

  def delete_if
    to_a.each { |o| @hash.delete(o) if yield(o) }
    self
  end

  # Like delete_if, but nil when nothing was deleted.
  def reject!
    before = size
    delete_if { |o| yield(o) }
    size == before ? nil : self
  end

  # Replaces each element by the value of the block.
  def collect!
    mapped = self.class.new
    each { |o| mapped << yield(o) }
    replace(mapped)
  end
  alias map! collect!

  def merge(enum)
    if enum.is_a?(Set)
      @hash.update(enum.instance_eval { @hash })
    else
      each_of(enum) { |o| add(o) }
    end
    self
  end

  def subtract(enum)
    each_of(enum) { |o| delete(o) }
    self
  end

  def |(enum)
    dup.merge(enum)
  end
  alias + |
  alias union |

  def -(enum)
    dup.subtract(enum)
  end
  alias difference -

  def &(enum)
    result = self.class.new
    each_of(enum) { |o| result.add(o) if include?(o) }
    result
  end
  alias intersection &

  # Elements in exactly one of self and enum.
  def ^(enum)
    result = self.class.new(enum)
    each { |o| result.add(o) unless result.delete?(o) }
    result
  end

  def ==(other)
    return true if equal?(other)
    other.is_a?(Set) && size == other.size && other.all? { |o| include?(o) }
  end

  def hash
    @hash.hash
  end

  def eql?(other)
    return false unless other.is_a?(Set)
    @hash.eql?(other.instance_eval { @hash })
  end

  # {block value => Set of the elements giving it}
  def classify
    classes = {}
    each { |o| (classes[yield(o)] ||= self.class.new) << o }
    classes
  end

  # A Set of Sets.  With a block of one parameter, elements with the same
  # block value go together (as classify); with two, a and b go together
  # when the block is true for (a, b) and for (b, a), directly or through
  # other elements (the strongly connected components of the relation).
  def divide(&block)
    return Set.new(classify(&block).values) unless block.arity == 2
    items = to_a
    related = items.map { |a| (0...items.size).select { |j| block.call(a, items[j]) } }
    Set.new(components(related).map { |idx| self.class.new(idx.map { |i| items[i] }) })
  end

  # Adds the elements of the sets inside, recursively.
  def flatten_merge(set, seen = {})
    set.each do |o|
      if o.is_a?(Set)
        id = o.object_id
        raise ArgumentError, "tried to flatten recursive Set" if seen[id]
        seen[id] = true
        flatten_merge(o, seen)
        seen.delete(id)
      else
        add(o)
      end
    end
    self
  end
  protected :flatten_merge

  def flatten
    self.class.new.flatten_merge(self)
  end

  # Like flatten, in place; nil when there was no Set inside.
  def flatten!
    return nil unless any? { |o| o.is_a?(Set) }
    replace(flatten)
  end

  def inspect
    ids = (Thread.current[:__inspect_set__] ||= [])
    return "#<#{self.class}: {...}>" if ids.include?(object_id)
    ids.push(object_id)
    begin
      "#<#{self.class}: {" + to_a.map { |o| o.inspect }.join(", ") + "}>"
    ensure
      ids.pop
    end
  end

  def pretty_print(q)
    q.group(1, "#<#{self.class}: {", "}>") do
      q.seplist(self) { |o| q.pp(o) }
    end
  end

  def pretty_print_cycle(q)
    q.text("#<#{self.class}: {#{empty? ? '' : '...'}}>")
  end

  private

  def each_of(enum, &block)
    unless enum.respond_to?(:each)
      raise ArgumentError, "value must be enumerable"
    end
    enum.each(&block)
  end

  def must_be_set(set)
    raise ArgumentError, "value must be a set" unless set.is_a?(Set)
  end

  # Tarjan's algorithm on the graph i -> related[i]; returns the
  # components as arrays of indices.
  def components(related)
    index = {}
    low = {}
    stack = []
    on_stack = {}
    result = []
    counter = 0
    visit = lambda do |v|
      index[v] = low[v] = counter
      counter += 1
      stack.push(v)
      on_stack[v] = true
      related[v].each do |w|
        if !index.include?(w)
          visit.call(w)
          low[v] = low[w] if low[w] < low[v]
        elsif on_stack[w]
          low[v] = index[w] if index[w] < low[v]
        end
      end
      if low[v] == index[v]
        comp = []
        begin
          w = stack.pop
          on_stack.delete(w)
          comp << w
        end while w != v
        result << comp.sort
      end
    end
    related.each_index { |v| visit.call(v) unless index.include?(v) }
    result
  end
end

# A Set whose each, to_a and inspect follow the elements' <=> order.
class SortedSet < Set
  def self.[](*objs)
    new(objs)
  end

  def initialize(*args, &block)
    @sorted = nil
    super
  end

  def initialize_copy(orig)
    super
    @sorted = nil
  end

  def add(o)
    unless o.respond_to?(:<=>)
      raise ArgumentError, "value must respond to <=>"
    end
    @sorted = nil
    super
  end
  alias << add

  def delete(o)
    @sorted = nil
    super
  end

  def delete_if
    @sorted = nil
    super
  end

  def clear
    @sorted = nil
    super
  end

  def replace(enum)
    @sorted = nil
    super
  end

  def merge(enum)
    @sorted = nil
    if enum.is_a?(Set)
      enum.each { |o| add(o) }
      self
    else
      super
    end
  end

  def each
    return enum_for(:each) unless block_given?
    to_a.each { |o| yield o }
    self
  end

  def to_a
    return super.sort if frozen?
    (@sorted ||= super.sort).dup
  end
end

module Enumerable
  # [3, 1, 3].to_set => #<Set: {3, 1}>
  def to_set(klass = Set, *args, &block)
    klass.new(self, *args, &block)
  end
end
