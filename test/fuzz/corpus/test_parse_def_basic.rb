# def with every kind of parameter
def a; end
def b() end
def c(x) x end
def d(x, y = 1, *z, &blk) end
def e x, y
  x
end
def f(*) end
def g(x, *) end
def h(&b) b end
def i(x = 1, y = x) end
def j(
  x,
  y = 2
)
end
def k(*rest, &b) end
def l() [1] end
def n(a) -1 end
