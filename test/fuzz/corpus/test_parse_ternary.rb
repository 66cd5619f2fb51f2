# ternaries nest to the right
a ? b : c
a ? b : c ? d : e
x = a ? 1 : 2
a ? :b : :c
a ?
  b :
  c
