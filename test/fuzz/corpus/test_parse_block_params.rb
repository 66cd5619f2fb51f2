# block parameters
m { |a| }
m { |a, b| }
m { |a,| }
m { |*a| }
m { |a, *b| }
m { |a, *| }
m { |(a, b), c| }
m { |a, &b| }
m { |a, *b, &c| }
m { |&b| }
m { || }
m { | | }
m { }
m { |@x, $y, h[k], o.attr| }
