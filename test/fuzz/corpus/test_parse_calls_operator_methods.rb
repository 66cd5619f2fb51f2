# operator methods and keyword method names
r.+(1)
r.-(1)
r.[](1)
r[i]
r[i, j]
r[]
r.<=>(x)
x.class
x.then
x.end
x.if
x.self
x.nil?
x.send!
Foo.new
