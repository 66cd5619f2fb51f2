# %-literals with all sorts of delimiters
a = %w[a b  c]
b = %w(x\ y z)
c = %W[a#{1} b c#{2}d]
d = %q(a (nested) b)
e = %Q{x #{1} {y}}
f = %(plain #{2})
g = %r{a/b}i
h = %x(ls -l)
i = %s(sym bol)
j = %w<a b>
k = %q!bang!
l = %w()
