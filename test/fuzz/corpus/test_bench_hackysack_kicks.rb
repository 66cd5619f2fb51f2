# hackysack_kicks.rb: test/workloads/hackysack.rb with its phases timed
# apart (benchmark).   usage: hackysack_kicks.rb PLAYERS KICKS
# The same game: PLAYERS threads, each blocked on its own Queue, pass a
# sack at random KICKS times; then everyone is told to exit.  Creating the
# players, the kicks and the ending are timed separately, so one can see
# whether the kicks themselves get slower as the number of threads grows.
#   RESULT create <s>   RESULT kicks <s>   RESULT finish <s>
require 'thread'

class Player
  attr_reader :queue, :thread

  def initialize(name, game)
    @name, @game, @queue = name, game, Queue.new
    game.circle << self
    @thread = Thread.new { play }
  end

  def play
    loop do
      msg = @queue.pop
      break if msg == 'exit'
      break if @game.kicked
      @game.circle[rand(@game.circle.size)].queue.push(@name)
    end
  end
end

class Game
  attr_reader :circle, :done

  def initialize(limit)
    @circle, @limit, @count, @done = [], limit, 0, Queue.new
  end

  # Counts a kick; true (and tells the main thread) once the limit is passed.
  def kicked
    @count += 1
    return false if @count <= @limit
    @done.push(true)
    true
  end
end

players = (ARGV[0] || 10).to_i
kicks = (ARGV[1] || 1000).to_i
game = Game.new(kicks)
t0 = Time.now
players.times { |i| Player.new(i, game) }
t1 = Time.now
game.circle[0].queue.push(1)
game.done.pop
t2 = Time.now
game.circle.each { |p| p.queue.push('exit') }
game.circle.each { |p| p.thread.join }
t3 = Time.now
printf("RESULT create %.6f s\n", t1 - t0)
printf("RESULT kicks %.6f s\n", t2 - t1)
printf("RESULT finish %.6f s\n", t3 - t2)
