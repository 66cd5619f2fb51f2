# plain assignment
a = 1
@b = 2
@@c = 3
$d = 4
E = 5
f = 1, 2
g = *f
h = 1, *f
i = j = 3
k = l rescue m
n = n
o = (p 1 rescue 2)
