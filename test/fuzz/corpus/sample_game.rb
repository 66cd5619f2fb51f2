# game.rb: players in a circle kick a ball to a random neighbour until a
# number of kicks has been made; every player is a thread with its own
# queue.  Run with: miniruby sample/game.rb [players] [kicks]
require 'thread'

class Player
  attr_reader :inbox, :kicks

  def initialize(id, circle, board)
    @id, @circle, @board = id, circle, board
    @inbox = Queue.new
    @kicks = 0
    @thread = Thread.new { play }
  end

  def play
    while (ball = @inbox.pop) != :whistle
      @kicks += 1
      if @board.add_kick == @board.limit
        @circle.each { |p| p.inbox << :whistle }
      else
        @circle[rand(@circle.size)].inbox << ball
      end
    end
  end

  def join; @thread.join; end
end

class Board
  attr_reader :limit
  def initialize(limit); @limit = limit; @count = 0; @lock = Mutex.new; end
  def add_kick; @lock.synchronize { @count += 1 }; end
end

players = (ARGV[0] || 100).to_i
kicks = (ARGV[1] || 10_000).to_i
srand(1)
board = Board.new(kicks)
circle = []
players.times { |i| circle << Player.new(i, circle, board) }
started = Time.now
circle[0].inbox << :ball
circle.each { |p| p.join }
total = circle.inject(0) { |s, p| s + p.kicks }
puts "#{players} players made #{total} kicks"
$stderr.puts "(#{Time.now - started} s)" if $DEBUG
