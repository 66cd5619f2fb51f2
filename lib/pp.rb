# pp.rb: pretty-printing of Ruby objects (Kernel#pp), for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's pp.rb:
#   pp(*objs) prints each object pretty-printed to $stdout and returns
#   nil; Object#pretty_inspect; PP.pp(obj, out = $stdout, width = 79);
#   PP.singleline_pp(obj, out = $stdout); PP (a PrettyPrint) with pp,
#   comma_breakable, seplist, pp_object, pp_hash, object_group,
#   object_address_group; PP::ObjectMixin (in Object) with pretty_print,
#   pretty_print_cycle, pretty_print_instance_variables and
#   pretty_print_inspect.
# Lines longer than 79 columns are broken as 1.8.7 does: Arrays, Hashes,
# Structs, Ranges and objects shown by their instance variables (those
# whose inspect is Kernel#inspect) break one element per line, indented
# under their opening bracket; cycles print as [...], {...},
# #<struct Name:...> or #<Name:0x... ...>.  Other objects print their
# inspect.
# Left out: the special layouts 1.8.7 has for MatchData, File::Stat,
# ObjectSpace and Data objects (their inspect is printed instead), and
# PP.sharing_detection.

require 'prettyprint'

class PP < PrettyPrint
  # Prints obj laid out to width columns, and a newline, to out.
  def self.pp(obj, out = $stdout, width = 79)
    q = new(out, width)
    q.guard_inspect_key { q.pp(obj) }
    q.flush
    out << "\n"
  end

  # Prints obj on one line to out.
  def self.singleline_pp(obj, out = $stdout)
    q = SingleLine.new(out)
    q.guard_inspect_key { q.pp(obj) }
    out
  end

  # Calls the method of mod named meth on obj, even if obj redefines it.
  def self.mcall(obj, mod, meth, *args, &block)
    mod.instance_method(meth).bind(obj).call(*args, &block)
  end

  # What PP and PP::SingleLine share: cycle detection and the layouts of
  # the core classes.
  module PPMethods
    # Runs the block with a fresh table of objects being printed.
    def guard_inspect_key
      saved = Thread.current[:__pp_visiting__]
      Thread.current[:__pp_visiting__] = {}
      begin
        yield
      ensure
        Thread.current[:__pp_visiting__] = saved
      end
    end

    # Adds obj to the layout, or its cycle form when it is already being
    # printed further out.
    def pp(obj)
      visiting = (Thread.current[:__pp_visiting__] ||= {})
      id = obj.__id__
      if visiting[id]
        group { obj.pretty_print_cycle(self) }
        return
      end
      visiting[id] = true
      begin
        group { obj.pretty_print(self) }
      ensure
        visiting.delete(id)
      end
    end

    def comma_breakable
      text ','
      breakable
    end

    # Yields each element of list (got with iter_method), calling sep
    # (default: comma_breakable) between two.
    def seplist(list, sep = nil, iter_method = :each)
      sep ||= lambda { comma_breakable }
      first = true
      list.__send__(iter_method) do |*v|
        if first
          first = false
        else
          sep.call
        end
        yield(*v)
      end
    end

    # #<Class:0x... @a=1, @b=2>
    def pp_object(obj)
      object_address_group(obj) do
        seplist(obj.pretty_print_instance_variables, lambda { text ',' }) do |name|
          breakable
          name = name.to_s
          text name
          text '='
          group(1) do
            breakable ''
            pp(obj.instance_variable_get(name))
          end
        end
      end
    end

    # {k=>v, ...}
    def pp_hash(obj)
      group(1, '{', '}') do
        seplist(obj, nil, :each_pair) do |k, v|
          group do
            pp k
            text '=>'
            group(1) do
              breakable ''
              pp v
            end
          end
        end
      end
    end

    # #<Class ...>
    def object_group(obj, &block)
      group(1, '#<' + PP.mcall(obj, Kernel, :class).name, '>', &block)
    end

    # #<Class:0x... ...>
    def object_address_group(obj, &block)
      head = PP.mcall(obj, Kernel, :to_s).sub(/>\z/, '')
      group(1, head, '>', &block)
    end
  end

  include PPMethods

  class SingleLine < PrettyPrint::SingleLine
    include PPMethods
  end

  # The default pretty_print of every object.
  module ObjectMixin
    def pretty_print(q)
      if PP.mcall(self, Kernel, :method, :inspect).owner != Kernel
        q.text inspect
      elsif PP.mcall(self, Kernel, :method, :to_s).owner != Kernel && instance_variables.empty?
        q.text to_s
      else
        q.pp_object(self)
      end
    end

    def pretty_print_cycle(q)
      q.object_address_group(self) do
        q.breakable
        q.text '...'
      end
    end

    def pretty_print_instance_variables
      instance_variables.sort
    end

    # An inspect made by a pretty_print of one's own, on one line.
    def pretty_print_inspect
      if PP.mcall(self, Kernel, :method, :pretty_print).owner == PP::ObjectMixin
        raise "pretty_print is not overridden for #{self.class}"
      end
      PP.singleline_pp(self, '')
    end
  end
end

class Object
  include PP::ObjectMixin
end

class Array
  def pretty_print(q)
    q.group(1, '[', ']') do
      q.seplist(self) { |v| q.pp v }
    end
  end

  def pretty_print_cycle(q)
    q.text(empty? ? '[]' : '[...]')
  end
end

class Hash
  def pretty_print(q)
    q.pp_hash self
  end

  def pretty_print_cycle(q)
    q.text(empty? ? '{}' : '{...}')
  end
end

class << ENV
  def pretty_print(q)
    q.pp_hash to_hash
  end
end

class Struct
  def pretty_print(q)
    q.group(1, '#<struct ' + PP.mcall(self, Kernel, :class).name, '>') do
      q.seplist(PP.mcall(self, Struct, :members), lambda { q.text "," }) do |member|
        q.breakable
        q.text member.to_s
        q.text '='
        q.group(1) do
          q.breakable ''
          q.pp self[member]
        end
      end
    end
  end

  def pretty_print_cycle(q)
    q.text("#<struct #{PP.mcall(self, Kernel, :class).name}:...>")
  end
end

class Range
  def pretty_print(q)
    q.pp self.begin
    q.breakable ''
    q.text(exclude_end? ? '...' : '..')
    q.breakable ''
    q.pp self.end
  end
end

module Kernel
  # The pretty-printed form of self, with a newline at the end.
  def pretty_inspect
    PP.pp(self, '')
  end

  private

  # Prints each object pretty-printed; returns nil.
  def pp(*objs)
    objs.each { |obj| PP.pp(obj) }
    nil
  end
  module_function :pp
end
