def m
  x = return 1
end
