# Ruby 1.8: a block parameter named like an outer local assigns it
x = 10
[1].each { |x| }
[1].each { |y| z = y }
h = Hash.new { |h, k| h[k] = k }
[1].each { |x| [2].each { |x, w| } }
