# statement modifiers
x if a
x unless a
x while a
x until a
x rescue y
x if a if b
x = 1 if a
x rescue y if z
return if a
p(1) unless a and b
