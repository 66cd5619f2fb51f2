# condvar.rb: a bounded buffer with a Mutex and two ConditionVariables,
# the producer/consumer of MRI 1.8's thread.rb.  Producers wait while the
# buffer is full, consumers while it is empty; each signal wakes one
# waiter, which checks its condition again (another thread may have taken
# the slot first) before going on.
require 'thread'

class BoundedBuffer
  attr_reader :most_held

  def initialize(capacity)
    @capacity = capacity
    @items = []
    @lock = Mutex.new
    @not_full = ConditionVariable.new
    @not_empty = ConditionVariable.new
    @most_held = 0
  end

  def put(item)
    @lock.synchronize do
      @not_full.wait(@lock) while @items.size == @capacity
      @items.push(item)
      @most_held = @items.size if @items.size > @most_held
      @not_empty.signal
    end
  end

  def take
    @lock.synchronize do
      @not_empty.wait(@lock) while @items.empty?
      item = @items.shift
      @not_full.signal
      item
    end
  end
end

buffer = BoundedBuffer.new(3)
producers = (1..2).map do |p|
  Thread.new { (1..10).each { |i| buffer.put([p, i]) }; buffer.put([p, :done]) }
end
# the consumer starts late: by then the buffer is full and both producers wait
Thread.pass until producers.all? { |t| t.status == "sleep" }
full_before_consumer = buffer.most_held
received = Hash.new { |h, k| h[k] = [] }
consumer = Thread.new do
  done = 0
  while done < 2
    p, i = buffer.take
    if i == :done then done += 1 else received[p] << i end
  end
end
(producers + [consumer]).each { |t| t.join }

puts "producer 1's items arrived in order: #{received[1].inspect}"
puts "producer 2's items arrived in order: #{received[2].inspect}"
puts "the buffer never held more than its capacity of 3: #{buffer.most_held <= 3}"
puts "before the consumer started, both producers waited on a full buffer: #{full_before_consumer == 3}"
