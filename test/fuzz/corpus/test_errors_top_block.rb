# an exception in a do-block at the top level
[1, 2].each do |x|
  raise "in block" if x == 2
end
