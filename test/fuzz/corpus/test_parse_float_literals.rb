# floats, and what is not a float
a = 1.5, 1e5, 1.5e-3, 2E+3, 0.25, 1_000.5
b = 1..5
c = 1...5
5.times
1.5.floor
-1.5
