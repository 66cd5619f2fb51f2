# wrong number of arguments: reported in the callee, at the caller's line
def two(a, b)
  a + b
end
two(1)
