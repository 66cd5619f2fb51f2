# nested and unusual targets
a, (b, c), *d = x
(e, f), g = 1, 2
(h, i) = 3
((j, k), l), m = 4
@n, $o, p[0], q.r, S = 1, 2, 3, 4, 5
a, (b, *c) = 6
