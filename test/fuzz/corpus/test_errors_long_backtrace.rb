# a backtrace longer than 18 entries is elided as MRI 1.8.7 does:
# 8 lines after the first, " ... N levels...", then the last 4
e = RuntimeError.new("deep")
e.set_backtrace((1..30).map { |i| "x.rb:#{i}:in `f'" })
raise e
