# an unterminated string
x = 1
y = "abc
