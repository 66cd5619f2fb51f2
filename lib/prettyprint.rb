# prettyprint.rb: PrettyPrint, a line-breaking layout engine, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's prettyprint.rb (used
# by pp.rb):
#   PrettyPrint.new(output = '', maxwidth = 79, newline = "\n"),
#   PrettyPrint.format(...) { |q| }, PrettyPrint.singleline_format,
#   text(obj, width = obj.length), breakable(sep = ' ', width = sep.length),
#   group(indent = 0, open = '', close = '', open_width, close_width),
#   nest(indent), flush, current_group, first?, and the readers output,
#   maxwidth, newline, indent.
# The layout follows the same rule as 1.8.7: text is held back while a
# line may still be broken; when a line gets longer than maxwidth, the
# outermost group that still has a pending breakable is broken (all its
# breakables become newlines, indented to the nesting level where each was
# made), and the groups outside it are broken too.
# Left out: fill_breakable, and the genspace argument of format (spaces
# are always " ").

class PrettyPrint
  # format(output, maxwidth, newline) { |q| ... } => output
  def self.format(output = '', maxwidth = 79, newline = "\n")
    q = new(output, maxwidth, newline)
    yield q
    q.flush
    output
  end

  # As format, but never breaks a line.
  def self.singleline_format(output = '', maxwidth = nil, newline = nil)
    q = SingleLine.new(output)
    yield q
    output
  end

  # A group of breakables that break together.
  class Group
    attr_reader :depth
    attr_accessor :pending        # its breakables not yet written out

    def initialize(depth)
      @depth = depth
      @broken = false
      @pending = 0
    end

    def break
      @broken = true
    end

    def break?
      @broken
    end

    def first?
      if defined?(@first_done)
        false
      else
        @first_done = true
        true
      end
    end
  end

  # A breakable held back until its group's fate is known.
  class Breakable # :nodoc:
    attr_reader :group, :sep, :width, :indent

    def initialize(group, sep, width, indent)
      @group, @sep, @width, @indent = group, sep, width, indent
    end
  end

  attr_reader :output, :maxwidth, :newline, :indent

  def initialize(output = '', maxwidth = 79, newline = "\n")
    @output = output
    @maxwidth = maxwidth
    @newline = newline
    @indent = 0
    @column = 0                   # width written on the current line
    @held = []                    # Strings and Breakables not yet written
    @held_width = 0
    root = Group.new(0)
    @groups = [root]              # the open groups, innermost last
    @candidates = [[root]]        # by depth: groups that may still break
  end

  def current_group
    @groups.last
  end

  # True the first time it is called in the current group.
  def first?
    current_group.first?
  end

  def text(obj, width = obj.length)
    if @held.empty?
      @output << obj
      @column += width
    else
      @held << [obj, width]
      @held_width += width
      fit
    end
  end

  def breakable(sep = ' ', width = sep.length)
    group = current_group
    if group.break?
      flush
      new_line(@indent)
    else
      @held << Breakable.new(group, sep, width, @indent)
      group.pending += 1
      @held_width += width
      fit
    end
  end

  def group(indent = 0, open_obj = '', close_obj = '',
            open_width = open_obj.length, close_width = close_obj.length)
    text(open_obj, open_width) unless open_obj.empty?
    group = Group.new(@groups.size)
    @groups.push(group)
    (@candidates[group.depth] ||= []) << group
    begin
      nest(indent) { yield }
    ensure
      @groups.pop
      forget(group) if @held.empty?
    end
    text(close_obj, close_width) unless close_obj.empty?
  end

  def nest(indent)
    @indent += indent
    begin
      yield
    ensure
      @indent -= indent
    end
  end

  # Writes out everything held back.
  def flush
    write_held(@held.size)
  end

  private

  def new_line(indent)
    @output << @newline
    @output << ' ' * indent
    @column = indent
  end

  # Breaks groups, outermost first, until the line fits or nothing can
  # break.
  def fit
    while @column + @held_width > @maxwidth
      group = take_outermost
      return unless group
      # write up to the last breakable of that group, then the texts after
      n = 0
      left = group.pending
      while left > 0
        item = @held[n]
        left -= 1 if item.is_a?(Breakable) && item.group.equal?(group)
        n += 1
      end
      n += 1 while n < @held.size && !@held[n].is_a?(Breakable)
      write_held(n)
    end
  end

  # The outermost group with a breakable held back, now broken; the
  # shallower groups without one are broken too.
  def take_outermost
    @candidates.each do |groups|
      next if groups.nil? || groups.empty?
      i = groups.size - 1
      i -= 1 while i >= 0 && groups[i].pending == 0
      if i >= 0
        group = groups.delete_at(i)
        group.break
        return group
      end
      groups.each { |g| g.break }
      groups.clear
    end
    nil
  end

  def forget(group)
    list = @candidates[group.depth]
    list.delete_if { |g| g.equal?(group) } if list
  end

  def write_held(n)
    @held.slice!(0, n).each do |item|
      if item.is_a?(Breakable)
        item.group.pending -= 1
        if item.group.break?
          new_line(item.indent)
        else
          @output << item.sep
          @column += item.width
        end
        @held_width -= item.width
      else
        @output << item[0]
        @column += item[1]
        @held_width -= item[1]
      end
    end
  end

  public

  # The same interface, laid out on one line.
  class SingleLine
    def initialize(output, maxwidth = nil, newline = nil)
      @output = output
      @first = [true]
    end

    attr_reader :output

    def text(obj, width = nil)
      @output << obj
    end

    def breakable(sep = ' ', width = nil)
      @output << sep
    end

    def nest(indent)
      yield
    end

    def group(indent = nil, open_obj = '', close_obj = '', open_width = nil, close_width = nil)
      @first.push(true)
      @output << open_obj
      begin
        yield
      ensure
        @first.pop
      end
      @output << close_obj
    end

    def flush
    end

    def first?
      was = @first.last
      @first[-1] = false
      was
    end
  end
end
