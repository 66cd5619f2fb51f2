nil = 1
