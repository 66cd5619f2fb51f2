def f(a, a); end
