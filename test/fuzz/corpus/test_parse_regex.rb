# regexps: source kept as written, \/ included (as 1.8.7)
a = /abc/
b = /a\/b\.c\d+/
c = /x/imx
d = /y/o
e = /z/nesu
f = /a#{b}c/i
g = %r{a/b\}c}
h = /\n\t/
