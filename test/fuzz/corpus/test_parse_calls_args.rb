# arguments: splats, block pass, hashes
m(*a)
m(a, *b)
m(&blk)
m(&:sym)
m(a, &b)
m(:k => v, :j => w)
m a, :k => v
m a, :k => v, &b
m(1, :a => 2, *c)
m(
  1,
  2
)
