# ostruct.rb: OpenStruct, an object whose attributes are made on demand,
# for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's ostruct.rb:
#   OpenStruct.new(hash = nil); os.name = value makes the reader and the
#   writer (singleton methods, so respond_to? sees them); reading an
#   attribute never set gives nil; delete_field (which, as in 1.8.7,
#   leaves the methods: the reader then gives nil); ==; inspect and to_s
#   "#<OpenStruct a=1, b=2>" ("#<OpenStruct ...>" for a cycle);
#   marshal_dump/marshal_load (the table of attributes); dup copies the
#   table; a frozen OpenStruct raises TypeError on assignment;
#   new_ostruct_member; table (protected).
# As in 1.8.7 there is no [] / []= / each_pair / to_h (1.9 and later), and
# an attribute named like an existing method (class, send ...) is kept in
# the table but reachable only through the table, not as a method.

class OpenStruct
  # OpenStruct.new(:a => 1, "b" => 2)
  def initialize(hash = nil)
    @table = {}
    if hash
      hash.each do |k, v|
        @table[k.to_sym] = v
        new_ostruct_member(k)
      end
    end
  end

  def initialize_copy(orig)
    super
    @table = @table.dup
  end

  def marshal_dump
    @table
  end

  def marshal_load(table)
    @table = table
    @table.each_key { |k| new_ostruct_member(k) }
  end

  # Defines the reader and the writer of name on this object, unless it
  # already responds to name; returns name as a Symbol.
  def new_ostruct_member(name)
    name = name.to_sym
    unless respond_to?(name)
      meta = class << self; self; end
      meta.send(:define_method, name) { @table[name] }
      meta.send(:define_method, "#{name}=") { |x| modifiable[name] = x }
    end
    name
  end

  def method_missing(mid, *args)
    name = mid.id2name
    if name[-1] == ?=
      if args.length != 1
        raise ArgumentError, "wrong number of arguments (#{args.length} for 1)", caller(1)
      end
      modifiable[new_ostruct_member(name[0...-1])] = args[0]
    elsif args.empty?
      @table[mid]
    else
      raise NoMethodError, "undefined method `#{name}' for #{self}", caller(1)
    end
  end

  # Removes the attribute from the table; returns its value.  As in 1.8.7
  # its methods stay (the reader then gives nil).
  def delete_field(name)
    @table.delete(name.to_sym)
  end

  def inspect
    ids = (Thread.current[:__inspect_ostruct__] ||= [])
    return "#<#{self.class} ...>" if ids.include?(object_id)
    ids.push(object_id)
    begin
      fields = @table.map { |k, v| " #{k}=#{v.inspect}" }
      "#<#{self.class}" + fields.join(",") + ">"
    ensure
      ids.pop
    end
  end
  alias to_s inspect

  def ==(other)
    other.kind_of?(OpenStruct) && @table == other.table
  end

  attr_reader :table
  protected :table

  private

  def modifiable
    if frozen?
      raise TypeError, "can't modify frozen #{self.class}", caller(2)
    end
    @table
  end
end
