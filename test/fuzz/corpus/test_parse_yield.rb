# yield
def m
  yield
  yield a, b
  yield(a)
  yield [a, b]
  yield *a
  yield(1, *b)
  yield :k => 1
end
