# while and until loops
while a
  b
end
until a
  b
end
while a; end
while line = gets
  p line
end
