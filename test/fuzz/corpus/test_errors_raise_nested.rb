# an uncaught exception raised two methods down: MRI 1.8.7's report
def g
  f(1)
end

def f(x)
  raise ArgumentError, "bad #{x}"
end

g
