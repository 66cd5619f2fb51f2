a == b == c
