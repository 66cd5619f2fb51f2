# timeout: 60
# sync.rb: lib/sync.rb (Sync_m, Sync: shared and exclusive locking,
# upgrades, errors, readers and writers contending, interrupts).
require 'assert'
require 'interrupts'
require 'sync'
require 'timeout'

def wait_stopped(t)
  Thread.pass until t.stop? || !t.alive?
end

test "names and constants" do
  assert_same Sync_m, Synchronizer_m
  assert_same Sync, Synchronizer
  assert_equal :UN, Sync_m::UN
  assert_equal :SH, Sync_m::SH
  assert_equal :EX, Sync_m::EX
  assert_true Sync_m::Err < StandardError
  assert_true Sync_m::Err::UnknownLocker < Sync_m::Err
  assert_true Sync_m::Err::LockModeFailer < Sync_m::Err
  assert_true Sync.include?(Sync_m)
end

test "modes and predicates" do
  s = Sync.new
  assert_false s.locked?
  assert_false s.sync_locked?
  assert_equal :UN, s.sync_mode
  assert_same s, s.lock(:SH)
  assert_true s.locked?
  assert_true s.shared?
  assert_false s.exclusive?
  assert_equal 1, s.sync_sh_locker[Thread.current]
  s.lock(Sync::SH)
  assert_equal 2, s.sync_sh_locker[Thread.current]
  s.unlock(:SH)
  s.unlock(:SH)
  assert_false s.locked?
  s.lock                                                # EX by default
  assert_true s.sync_exclusive?
  assert_same Thread.current, s.sync_ex_locker
  assert_equal 1, s.sync_ex_count
  s.lock(:EX)
  assert_equal 2, s.sync_ex_count
  s.lock(:SH)                                           # one more EX entry
  assert_equal 3, s.sync_ex_count
  assert_true s.sync_sh_locker.empty?
  3.times { s.unlock }
  assert_false s.locked?
  assert_nil s.sync_ex_locker
  assert_equal 0, s.sync_ex_count
end

test "lock(:UN) and try_lock(:UN) unlock" do
  s = Sync.new
  s.lock
  s.lock(:UN)
  assert_false s.locked?
  s.lock(:SH)
  s.try_lock(:UN)
  assert_false s.locked?
end

test "upgrade and downgrade" do
  s = Sync.new
  s.lock(:SH)
  s.lock(:EX)                                           # the only reader: upgrade
  assert_true s.exclusive?
  assert_equal 1, s.sync_sh_locker[Thread.current]
  s.unlock(:EX)
  assert_true s.shared?                                 # back to shared
  s.unlock
  assert_false s.locked?
end

test "errors" do
  s = Sync.new
  e = assert_raise(Sync_m::Err::UnknownLocker) { s.unlock }
  assert_equal "Thread(#{Thread.current.inspect}) not locked.", e.message
  assert_raise(Sync_m::Err::UnknownLocker, /not locked\.\z/) { s.unlock(:SH) }
  assert_raise(Sync_m::Err::LockModeFailer, "Unknown lock mode(foo)") { s.lock(:foo) }
  assert_raise(Sync_m::Err::LockModeFailer, "Unknown lock mode(bar)") { s.try_lock(:bar) }
  assert_raise(Sync_m::Err::LockModeFailer, "Unknown lock mode(7)") { s.lock(7) }
  assert_false s.locked?
  s.lock
  other = Thread.new do
    begin
      s.unlock
    rescue Sync_m::Err::UnknownLocker => x
      x.message
    end
  end.value
  assert_match(/\AThread\(#<Thread:0x\h+ run>\) not locked\.\z/, other)
  assert_true s.exclusive?
  s.unlock
  s.lock
  assert_raise(Sync_m::Err::UnknownLocker) { s.unlock(:UN) }
  s.unlock
  assert_raise(Sync_m::Err::UnknownLocker, "Thread(\"x\") not locked.") { Sync_m::Err::UnknownLocker.Fail("x") }
  assert_raise(Sync_m::Err::LockModeFailer, "Unknown lock mode(ZZ)") { Sync_m::Err::LockModeFailer.Fail(:ZZ) }
end

test "try_lock against other threads" do
  s = Sync.new
  s.lock(:SH)
  assert_true Thread.new { r = s.try_lock(:SH); s.unlock if r; r }.value
  assert_false Thread.new { s.try_lock(:EX) }.value
  s.unlock
  s.lock(:EX)
  assert_false Thread.new { s.try_lock(:SH) }.value
  assert_false Thread.new { s.try_lock(:EX) }.value
  assert_true s.try_lock(:EX)
  s.unlock
  s.unlock
  assert_true Thread.new { r = s.try_lock; s.unlock if r; r }.value
end

test "synchronize" do
  s = Sync.new
  assert_equal :x, s.synchronize { s.exclusive? ? :x : :no }
  assert_equal :y, s.synchronize(:SH) { s.shared? ? :y : :no }
  assert_equal :z, s.sync_synchronize(:SH) { s.synchronize(:EX) { s.synchronize(:SH) { :z } } }
  assert_false s.locked?
  assert_raise(RuntimeError, "boom") { s.synchronize { raise "boom" } }
  assert_false s.locked?
  assert_raise(LocalJumpError) { s.synchronize }
  assert_false s.locked?
end

test "mixin by include and extend" do
  k = Class.new do
    include Sync_m
    def initialize
      super
      @v = 1
    end
    attr_reader :v
  end
  o = k.new
  assert_equal 1, o.v
  assert_equal 1, o.synchronize(:SH) { o.v }
  h = {}
  h.extend(Sync_m)
  h.synchronize { h[:a] = 1 }
  assert_equal({ :a => 1 }, h)
  assert_false h.locked?
  mod = Module.new { include Sync_m }
  assert_false mod.method_defined?(:lock)
end

test "readers share, writers exclude" do
  s = Sync.new
  readers_in = 0
  max_readers = 0
  writer_in = false
  violations = 0
  data = 0
  readers = (1..8).map do
    Thread.new do
      30.times do
        s.synchronize(:SH) do
          readers_in += 1
          max_readers = readers_in if readers_in > max_readers
          violations += 1 if writer_in
          Thread.pass
          violations += 1 if writer_in
          readers_in -= 1
        end
      end
    end
  end
  writers = (1..4).map do
    Thread.new do
      30.times do
        s.synchronize(:EX) do
          violations += 1 if writer_in || readers_in > 0
          writer_in = true
          d = data
          Thread.pass
          data = d + 1
          violations += 1 if readers_in > 0
          writer_in = false
        end
      end
    end
  end
  (readers + writers).each { |t| t.join }
  assert_equal 0, violations
  assert_equal 120, data
  assert_true max_readers >= 1
  assert_false s.locked?
  assert_true s.sync_waiting.empty?
  assert_true s.sync_upgrade_waiting.empty?
end

test "an upgrade waits for the other readers" do
  s = Sync.new
  order = []
  s.lock(:SH)
  reader = Thread.new { s.synchronize(:SH) { order << :reader_in; sleep; order << :reader_out } }
  wait_stopped(reader)
  upgrader = Thread.new do
    s.synchronize(:SH) do
      s.synchronize(:EX) { order << :exclusive }
    end
  end
  wait_stopped(upgrader)
  assert_equal [:reader_in], order
  assert_equal [upgrader], s.sync_upgrade_waiting
  s.unlock                                              # main's shared lock
  Thread.pass
  assert_equal [:reader_in], order                      # the reader still holds it
  reader.run
  reader.join
  upgrader.join
  assert_equal [:reader_in, :reader_out, :exclusive], order
  assert_false s.locked?
end

test "two readers upgrading do not deadlock" do
  s = Sync.new
  got = []
  gate = Queue.new
  threads = (1..2).map do |i|
    Thread.new do
      s.synchronize(:SH) do
        gate.pop
        s.synchronize(:EX) { got << i }
      end
    end
  end
  Thread.pass until s.sync_sh_locker.size == 2
  2.times { gate.push(:go) }
  Timeout.timeout(10) { threads.each { |t| t.join } }
  assert_equal [1, 2], got.sort
  assert_false s.locked?
end

test "Thread#raise and #kill while waiting" do
  s = Sync.new
  s.lock(:EX)
  victims = (1..3).map { |i| Thread.new { begin; s.synchronize(i == 2 ? :SH : :EX) { :in }; rescue RuntimeError => e; e.message; end } }
  killed = Thread.new { s.synchronize(:SH) { :never } }
  last = Thread.new { s.synchronize(:SH) { :last } }
  (victims + [killed, last]).each { |t| wait_stopped(t) }
  assert_equal 5, s.sync_waiting.size
  victims.each { |t| t.raise "gave up" }
  killed.kill
  assert_equal ["gave up"] * 3, victims.map { |t| t.value }
  killed.join
  assert_equal [last], s.sync_waiting
  assert_true s.exclusive?
  s.unlock
  assert_equal :last, last.value
  assert_false s.locked?

  # an interrupted upgrade keeps the shared lock it had
  s.lock(:SH)
  up = Thread.new do
    s.synchronize(:SH) do
      begin
        s.lock(:EX)
        :upgraded
      rescue RuntimeError
        [s.sync_sh_locker[Thread.current], s.sync_upgrade_waiting.size]
      end
    end
  end
  wait_stopped(up)
  up.raise "no upgrade"
  assert_equal [1, 0], up.value
  s.unlock
  assert_false s.locked?
  assert_raise(Timeout::Error) do
    s.lock(:SH)
    begin
      Thread.new { Timeout.timeout(0.05) { s.lock(:EX) } }.value
    ensure
      s.unlock
    end
  end
  assert_false s.locked?
end

test "interrupts under load keep the invariants" do
  s = Sync.new
  writer = nil
  violations = 0
  stop = false
  workers = (1..10).map do |i|
    Thread.new do
      begin
        k = 0
        until (k += 1) > 40 && stop   # at least 40 rounds, and on until the interrupts are done
          if i.even?
            s.synchronize(:EX) do
              begin
                violations += 1 if writer
                writer = Thread.current
                Thread.pass
                violations += 1 unless writer.equal?(Thread.current)
              ensure
                writer = nil                            # each is interrupted once at most
              end
            end
          else
            s.synchronize(:SH) do
              violations += 1 if writer
              Thread.pass
            end
          end
        end
        :finished
      rescue RuntimeError => e
        e.message
      end
    end
  end
  raised = raise_waiting(workers, 5) { |t| s.sync_waiting.include?(t) || s.sync_upgrade_waiting.include?(t) }
  stop = true
  assert raised > 0
  results = workers.map { |t| t.value }
  assert_true results.all? { |r| r == :finished || r == "interrupt" }
  assert_equal 0, violations
  assert_false s.locked?
  assert_true s.sync_sh_locker.empty?
  assert_true s.sync_waiting.empty?
end
