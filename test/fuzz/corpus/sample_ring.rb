# ring.rb: a token passed around a ring of threads.  Each thread waits on
# its own queue and hands the token, decremented, to its neighbour; the
# thread that receives 0 reports which one it is.
require 'thread'

SIZE = 50
HOPS = 1_000

inboxes = Array.new(SIZE) { Queue.new }
result = Queue.new

threads = (0...SIZE).map do |i|
  Thread.new do
    loop do
      token = inboxes[i].pop
      break if token == :stop
      if token.zero?
        result << i
      else
        inboxes[(i + 1) % SIZE] << token - 1
      end
    end
  end
end

inboxes[0] << HOPS
puts "token stopped at thread #{result.pop} after #{HOPS} hops"
inboxes.each { |q| q << :stop }
threads.each { |t| t.join }
