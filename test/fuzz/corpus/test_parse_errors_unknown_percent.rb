x = %z(abc)
