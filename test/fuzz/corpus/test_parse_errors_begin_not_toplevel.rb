if true
  BEGIN { }
end
