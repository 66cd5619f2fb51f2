# && || and or; chains nest to the right
a && b
a || b
a && b && c && d
a || b && c
a and b or c
not a and b
x = a and b
a && b || c && d
