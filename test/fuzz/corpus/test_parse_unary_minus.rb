# unary operators
a = -2 ** 2
b = -2.abs
c = -x ** 2
d = - 2
e = -x
f = +x
g = ~x
h = !x
i = -x * y
j = 2 ** -1
k = -2.0 ** 2
l = +2
m = -(3)
