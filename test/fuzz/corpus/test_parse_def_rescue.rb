# a def body may have rescue/else/ensure directly
def m
  work
rescue ArgumentError => e
  e
else
  fine
ensure
  done
end
def n
  1
ensure
  2
end
