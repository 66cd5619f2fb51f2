x = 1
r = /abc
