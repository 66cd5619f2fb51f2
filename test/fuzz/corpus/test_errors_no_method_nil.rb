# calling a method nil does not have, inside a method
def lookup(h)
  h[:missing].upcase
end
lookup({})
