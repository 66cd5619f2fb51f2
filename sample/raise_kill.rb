# raise_kill.rb: stopping threads from outside.  Thread#raise makes an
# exception appear in another thread at the point where it is (here, in
# sleep); the thread can rescue it, and its ensure clauses run either way.
# Thread#kill ends a thread without an exception it could rescue, but its
# ensure clauses still run; killing a dead thread does nothing.
require 'thread'

log = Queue.new
ready = Queue.new

# 1. raise into a sleeping thread, which rescues it
worker = Thread.new do
  begin
    ready << :sleeping
    sleep
  rescue RuntimeError => e
    log << "1. worker rescued #{e.class}: #{e.message}"
    :rescued
  ensure
    log << "   worker's ensure ran"
  end
end
ready.pop
Thread.pass until worker.status == "sleep"
worker.raise("stop what you are doing")
log << "   worker's value: #{worker.value.inspect}"

# 2. raise that is not rescued: the thread dies with it; join re-raises it
quitter = Thread.new do
  begin
    ready << :sleeping
    sleep
  ensure
    log << "2. quitter's ensure ran, with #{$!.class} on its way out"
  end
end
ready.pop
Thread.pass until quitter.status == "sleep"
quitter.raise(ArgumentError, "bad argument")
begin
  quitter.join
rescue ArgumentError => e
  log << "   join re-raised it in the main thread: #{e.message}"
end

# 3. kill: no rescue can stop it, ensure still runs
victim = Thread.new do
  begin
    begin
      ready << :sleeping
      sleep
    rescue Exception
      log << "never printed: kill is not an exception"
    end
  ensure
    log << "3. victim's ensure ran"
  end
end
ready.pop
Thread.pass until victim.status == "sleep"
victim.kill
victim.join
log << "   victim is dead: status #{victim.status.inspect}, alive? #{victim.alive?}"
victim.kill
log << "   killing it again does nothing: alive? #{victim.alive?}"

# 4. a thread that kills itself runs its ensure too
self_killer = Thread.new do
  begin
    Thread.current.kill
    log << "never printed"
  ensure
    log << "4. a thread killing itself ran its ensure"
  end
end
self_killer.join

puts log.pop until log.empty?
