# generator.rb: external iterators (Generator, SyncEnumerator), for
# miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's generator.rb:
#   Generator.new(enum) (over enum.each) or Generator.new { |g| g.yield x
#   ... }; next? and end?, next (the element at the current position,
#   moving on; EOFError "no more elements available" at the end),
#   current (the same without moving), pos and index (elements taken so
#   far), rewind (starts again, running the block anew), each (rewinds,
#   then yields every element), yield(value) for the block, and
#   Enumerable.  SyncEnumerator.new(*enums): each (yields arrays of one
#   element of each enum at a time, nil for an enum that has ended,
#   until all have), size/length (the number of enums), end?(i = nil)
#   (whether enum i, or any enum, has ended); Enumerable.
# As in 1.8.7 the generator keeps one element ahead: creating it runs the
# block up to its first yield, and next runs it up to the yield after.
# 1.8.7 used continuations; here the block runs on a green thread of its
# own (the one behind Enumerator#next), so Thread.current and thread-local
# variables inside the block are not the caller's, and the g passed to
# the block is a yielder (g.yield returns it) rather than the Generator.
# A generator that is dropped before its end is collected with its
# thread (whose ensure clauses run), so abandoned generators neither
# pile up threads nor keep the process from exiting.  An exception in the
# block is raised by the next, next? or end? that ran it, after which the
# generator is at its end.
# Left out: nothing of 1.8.7's public API.

class Generator
  include Enumerable

  # What the block of Generator.new gets: g.yield(value) hands value over.
  class Yielder
    def initialize(&take)
      @take = take
    end

    def yield(value)
      @take.call(value)
      self
    end
  end

  # The source of the elements: its each runs the block with a Yielder.
  class Source
    def initialize(block)
      @block = block
    end

    def each(&take)
      @block.call(Yielder.new(&take))
      self
    end
  end

  def initialize(enum = nil, &block)
    if enum
      @block = proc { |g| enum.each { |x| g.yield(x) } }
    elsif block
      @block = block
    else
      raise ArgumentError, "no enumerable object or block given"
    end
    start
    self
  end

  # Whether the end has been reached.
  def end?
    !@ahead
  end

  def next?
    @ahead
  end

  def index
    @index
  end

  def pos
    @index
  end

  # The element at the current position; moves to the next.
  def next
    raise EOFError, "no more elements available" unless @ahead
    value = @value
    @index += 1
    fetch
    value
  end

  # The element at the current position.
  def current
    raise EOFError, "no more elements available" unless @ahead
    @value
  end

  # Back to the start (the block runs again from the beginning).
  def rewind
    start if @index.nonzero?
    self
  end

  def each
    rewind
    yield self.next while @ahead
    self
  end

  private

  def start
    @index = 0
    @enum = Enumerable::Enumerator.new(Source.new(@block), :each)
    fetch
  end

  # Runs the block up to its next yield.
  def fetch
    @value = nil
    @ahead = false
    begin
      @value = @enum.next
      @ahead = true
    rescue StopIteration
      @enum = nil                 # done: let the thread go
    rescue Exception
      @enum = nil
      raise
    end
  end
end

class SyncEnumerator
  include Enumerable

  def initialize(*enums)
    @gens = enums.map { |e| Generator.new(e) }
  end

  def size
    @gens.size
  end

  def length
    @gens.length
  end

  # Whether enum i has ended, or (without i) whether any has.
  def end?(i = nil)
    return @gens[i].end? if i
    @gens.any? { |g| g.end? }
  end

  # Yields rows: one element of each enum, nil where an enum has ended.
  def each
    @gens.each { |g| g.rewind }
    loop do
      break if @gens.all? { |g| g.end? }
      yield @gens.map { |g| g.end? ? nil : g.next }
    end
    self
  end
end
