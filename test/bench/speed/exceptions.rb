# exceptions.rb: raise and rescue (test/bench/speed).
#   raise/rescue in a loop at a few call depths, ensure, retry and
#   exceptions of own classes with messages.
#   usage: exceptions.rb [N]  (default 1000000)
n = (ARGV[0] || 1_000_000).to_i

class MyError < StandardError; end

def deep(k, d)
  if d == 0
    raise MyError, "failed #{k}" if k % 2 == 0
    raise ArgumentError, "odd"
  end
  deep(k, d - 1)
end

sum = 0
i = 0
while i < n
  begin
    deep(i, i % 4)
  rescue MyError => e
    sum += e.message.size
  rescue ArgumentError
    sum += 1
  ensure
    sum += 2
  end
  i += 1
end
tries = 0
begin
  tries += 1
  raise "again" if tries < 1000
rescue
  retry
end
sum += tries
puts sum
