# pipeline.rb: a producer/consumer pipeline.  Three stages joined by
# queues: numbers go in, are squared by a pool of two workers, and a
# collector sums them.  A sentinel (:done) shuts each stage down.
require 'thread'

numbers = Queue.new
squares = Queue.new

producer = Thread.new do
  (1..10).each { |i| numbers << i }
  2.times { numbers << :done }
end

workers = (1..2).map do
  Thread.new do
    while (n = numbers.pop) != :done
      squares << n * n
    end
    squares << :done
  end
end

collector = Thread.new do
  total, finished = 0, 0
  while finished < 2
    v = squares.pop
    if v == :done then finished += 1 else total += v end
  end
  total
end

[producer, *workers].each { |t| t.join }
puts "sum of squares 1..10 = #{collector.value}"
