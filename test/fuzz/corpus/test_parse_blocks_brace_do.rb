# { } binds to the nearest call, do ... end to the outermost command
foo bar do |x| end
foo bar { |x| }
x.each do |y| y end
Thread.new(i) do |j| end
loop do end
puts [1, 2].map do |v| v end
puts [1, 2].map { |v| v }
foo(bar do end)
a.b(1) { } .c
foo a do end.bar
