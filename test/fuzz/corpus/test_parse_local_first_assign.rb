# a name becomes a local where it is assigned, even in a branch not taken
x = 1 if false
p x
y = y
z
z = 2
z
p w = 3, w
