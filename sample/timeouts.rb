# timeouts.rb: Timeout.timeout, built on threads.  A watcher thread
# sleeps for the time allowed, then raises in the thread running the
# block, wherever it is: computing, sleeping, waiting on a Queue or on a
# pipe.  The block's ensure clauses run; a block that finishes in time
# returns its value and the watcher is gone.  (Timeout::Error is an
# Interrupt, as in 1.8.7: a bare `rescue` does not catch it.)
require 'timeout'
require 'thread'

def try(what)
  result = yield
  puts "#{what}: finished in time, value #{result.inspect}"
rescue Timeout::Error => e
  puts "#{what}: #{e.class} (#{e.message})"
end

try("a quick block") { Timeout.timeout(5) { 6 * 7 } }
try("sleeping too long") { Timeout.timeout(0.05) { sleep 10 } }
try("computing forever") { Timeout.timeout(0.05) { loop { } } }
try("waiting on an empty Queue") { Timeout.timeout(0.05) { Queue.new.pop } }
try("reading a silent pipe") do
  r, w = IO.pipe
  begin
    Timeout.timeout(0.05) { r.gets }
  ensure
    r.close
    w.close
  end
end

cleaned = false
try("with an ensure inside") do
  Timeout.timeout(0.05) do
    begin
      sleep 10
    ensure
      cleaned = true
    end
  end
end
puts "  ... and that ensure ran: #{cleaned}"

begin
  Timeout.timeout(0.05) { begin; sleep 10; rescue; puts "never: rescue does not catch it"; end }
rescue Timeout::Error
  puts "a bare rescue inside the block did not catch the timeout"
end

class TooSlow < StandardError; end
begin
  Timeout.timeout(0.05, TooSlow) { sleep 10 }
rescue TooSlow => e
  puts "with a class of its own: #{e.class} (#{e.message})"
end

puts "threads left: #{Thread.list.size} (the main thread only)"
