# command calls vs operators, decided by spaces and locals
a = 1
p -1
a -1
p - 1
foo [1]
foo[1]
a [1]
puts (1 + 2) * 3
foo ::Bar
foo *args
a *b
foo /re/
a /2
foo ?x
