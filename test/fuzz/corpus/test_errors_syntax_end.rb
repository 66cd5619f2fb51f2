# an extra end: reported at parse time, nothing runs
puts "never printed"
def f
  1
end
end
