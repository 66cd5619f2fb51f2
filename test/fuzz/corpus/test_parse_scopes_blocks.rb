# locals resolve to (depth, index); blocks see the locals around them
a = 1
[1].each do |b|
  c = a + b
  [2].each do |d|
    a + b + c + d
    e = 5
  end
  e
end
c
