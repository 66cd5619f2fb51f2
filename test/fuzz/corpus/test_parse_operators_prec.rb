# precedence as in Ruby 1.8
a = 1 + 2 * 3 - 4 / 5 % 6
b = 1 << 2 + 3
c = 1 & 2 | 3 ^ 4
d = 1 < 2 == true
e = 1 + 2 <=> 3 * 4
f = x || y && z
g = 2 ** 3 ** 2
h = 1..2 + 3
i = 1 | 2 & 3 << 4
j = a > b && c <= d || e >= f
k = x =~ y
l = x === y
