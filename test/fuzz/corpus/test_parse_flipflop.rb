# ranges as conditions are flip-flops with a hidden local
if a..b then 1 end
if c...d then 2 end
p 3 if /start/../end/
p 4 while 5..6
[1].each { |x| p x if (x == 2)..(x == 3) }
