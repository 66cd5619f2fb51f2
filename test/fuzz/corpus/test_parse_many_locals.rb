# scopes with many locals (looked up through a hash index)
a1 = a2 = a3 = a4 = a5 = a6 = a7 = a8 = a9 = a10 = 1
b1 = b2 = b3 = b4 = b5 = b6 = b7 = b8 = b9 = b10 = 2
p a1, b10, c1
a5 -1
[1].each { |b5, x| y = a1 + x }
def m(p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15, p16, p17, o1 = p1, o2 = o1, *r, &bl)
  o2 -1
  z = r
end
