# for: the body lives in the enclosing scope
for a in x
  b = a
end
for c, d in y do e = c end
for (f, g) in z; end
for @h in w; end
p a, b, c, d, e
