# newlines that do not end a statement
a = 1 + \
  2
b = 3 +
  4
c = [5,
  6]
d = foo(7,
  8)
e = x.
  y
f = A::
  B
g = x &&
  y
h = {
  1 => 2
}
i = [1].map { |
  v| v }
