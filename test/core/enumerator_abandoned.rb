# enumerator_abandoned.rb: an Enumerator left in the middle of #next is
# collected with its producer thread even when the producer's stack
# leads back to it (the receiver keeps the Enumerator, or the block's
# closure does); the producer ends running its ensure clauses.
require 'assert'

$ended = 0

class Endless
  attr_accessor :enum
  attr_reader :ended
  def each
    i = 0
    begin
      loop { yield i += 1 }
    ensure
      $ended += 1
      @ended = true
    end
  end
end

def abandon_through_receiver
  o = Endless.new
  o.enum = o.to_enum
  o.enum.next
  o.enum.next
  nil
end

def settle
  3.times { GC.start; 5.times { Thread.pass } }
end

test "abandoned enumerators whose producer reaches them" do
  200.times { abandon_through_receiver }
  settle
  assert_true $ended >= 150, "only #{$ended} of 200 producers ended"
end

test "a reachable one keeps going" do
  o = Endless.new
  o.enum = o.to_enum
  assert_equal 1, o.enum.next
  settle
  # its own producer, not $ended: a conservatively kept one from the
  # test before may end during this settle
  assert_nil o.ended
  assert_equal 2, o.enum.next
  assert_equal 3, o.enum.next
end

test "nested: an inner enumerator reached only from an outer producer" do
  outer_src = Object.new
  def outer_src.each
    inner = Endless.new
    inner.enum = inner.to_enum
    loop { yield inner.enum.next }
  end
  e = outer_src.to_enum
  assert_equal 1, e.next
  settle
  assert_equal 2, e.next                  # the inner producer was not ended
  assert_equal 3, e.next
end
