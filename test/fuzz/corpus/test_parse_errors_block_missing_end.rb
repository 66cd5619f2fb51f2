foo do
  1
