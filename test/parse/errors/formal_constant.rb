def f(A); end
