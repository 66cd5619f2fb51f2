# multiple assignment
a, b = 1, 2
a, b = b, a
a, b = c
a, = d
*e = 1, 2
f, *g = 3, 4, 5
h, * = 6
i, j = *k
l, m = foo 1, 2
