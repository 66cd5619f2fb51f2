# a space before ( : the parenthesis belongs to the first argument
foo (1)
foo (1), 2
foo (1).to_s
foo (1, 2)
foo ()
foo (1) { }
foo (1) do end
puts (1 + 2) * 3
x = foo (1)
