# a node's line is the line of its first token; a call's, of its name
a =
  1
foo(
  2,
  3)
x.
  y.
  z
if a
  b
end
b = [
  1,
  2
]
