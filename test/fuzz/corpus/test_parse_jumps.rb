# break/next/return with no value, one value, several, a splat
loop do
  break
  break 1
  break 1, 2
  break *a
  next
  next(3)
  next [4]
  redo
  retry
end
def m
  return
  return 1
  return 1, 2
  return *a
  return 1, *a
  return :k => 1
  return(2)
end
