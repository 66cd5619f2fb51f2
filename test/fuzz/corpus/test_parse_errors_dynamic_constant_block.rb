def m
  [1].each { Y ||= 2 }
end
