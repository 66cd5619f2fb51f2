# receiverless and receiver calls
m
m()
m(a, b)
m a, b
r.m
r.m(1)
r.m 1, 2
r::m
r::m(1)
m?
m!(1)
