def foo
  1
