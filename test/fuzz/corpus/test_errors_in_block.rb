# an exception raised in a block passed to an iterator inside a method
def m
  [1].each { |x| raise TypeError, "in block #{x}" }
end
m
