# parallel_map.rb: a worker-pool map.  Jobs go into one queue, a fixed
# number of workers take them, and results come back tagged with their
# index so the output keeps the input's order.
require 'thread'

def parallel_map(items, workers)
  jobs, results = Queue.new, Queue.new
  pool = (1..workers).map do
    Thread.new do
      while (job = jobs.pop) != :stop
        index, item = job
        results << [index, yield(item)]
      end
    end
  end
  items.each_with_index { |item, i| jobs << [i, item] }
  workers.times { jobs << :stop }
  out = Array.new(items.size)
  items.size.times { i, v = results.pop; out[i] = v }
  pool.each { |t| t.join }
  out
end

def collatz_steps(n)
  steps = 0
  while n != 1
    n = n.even? ? n / 2 : 3 * n + 1
    steps += 1
  end
  steps
end

inputs = (1..12).to_a
[1, 3, 8].each do |w|
  puts "#{w} workers: #{parallel_map(inputs, w) { |n| collatz_steps(n) }.inspect}"
end
puts "plain map: #{inputs.map { |n| collatz_steps(n) }.inspect}"
