def f(@a); end
