x = 1
s = "abc

