# ranges outside conditions are DOT2/DOT3
a = 1..10
b = 1...10
c = (x..y)
d = 'a'..'z'
e = 1..-1
