# setters: recv.name = v, recv[args] = v
o = Object.new
o.name = "x"
o[1] = 2
o[1, 2] = 3
o[] = 4
self.foo = 5
self[6] = 7
o.a.b = 8
o::c = 9
o.d = 1, 2
