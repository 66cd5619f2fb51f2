# 1.8: a splat argument is the last one, only &blk may follow
foo(*a, *b)
