def m
  X = 1
end
