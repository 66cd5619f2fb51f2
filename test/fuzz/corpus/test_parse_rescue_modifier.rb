# x rescue y
foo rescue nil
a = b rescue c
a = foo 1 rescue d
foo((bar rescue baz))
x rescue y rescue z
