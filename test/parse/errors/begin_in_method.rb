def m
  BEGIN { }
end
