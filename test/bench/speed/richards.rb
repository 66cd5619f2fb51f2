# richards.rb: an object-oriented simulation (test/bench/speed).
#   A small task scheduler: polymorphic calls, instance variables,
#   case/when on Symbols, a queue of packets in linked objects.
#   usage: richards.rb [N]  (default 3000000)
class Packet
  attr_accessor :link, :kind, :datum
  def initialize(link, kind) @link = link; @kind = kind; @datum = 0 end
end

class Task
  attr_reader :prio, :count
  def initialize(prio) @prio = prio; @queue = nil; @count = 0 end
  def enqueue(pkt)
    pkt.link = nil
    if @queue.nil?
      @queue = pkt
    else
      q = @queue
      q = q.link while q.link
      q.link = pkt
    end
  end
  def take
    pkt = @queue
    @queue = pkt.link if pkt
    pkt
  end
  def ready?() !@queue.nil? end
end

class Worker < Task
  def run(sched, pkt)
    @count += 1
    pkt.datum = (pkt.datum * 3 + @prio) % 1001
    case pkt.kind
    when :work then pkt.kind = :io
    when :io then pkt.kind = :device
    else pkt.kind = :work
    end
    sched.send_to(pkt, (@prio + pkt.datum) % sched.size)
  end
end

class Device < Task
  def run(sched, pkt)
    @count += 2
    pkt.datum += 1
    sched.send_to(pkt, pkt.datum % sched.size)
  end
end

class Scheduler
  def initialize
    @tasks = []
    4.times { |i| @tasks << Worker.new(i + 1) }
    2.times { |i| @tasks << Device.new(i + 10) }
  end
  def size() @tasks.size end
  def send_to(pkt, i) @tasks[i].enqueue(pkt) end
  def run(steps)
    8.times { |i| @tasks[i % @tasks.size].enqueue(Packet.new(nil, i.even? ? :work : :io)) }
    done = 0
    while done < steps
      @tasks.each do |t|
        next unless t.ready?
        t.run(self, t.take)
        done += 1
      end
    end
    @tasks.inject(0) { |s, t| s + t.count * t.prio }
  end
end

n = (ARGV[0] || 3_000_000).to_i
puts Scheduler.new.run(n)
