# op= on variables: read = getter, write = setter without value
a = 0
a += 1; a -= 1; a *= 2; a /= 2; a %= 3; a **= 2
a <<= 1; a >>= 1; a |= 1; a &= 1; a ^= 1
a ||= 5; a &&= 6
b ||= 7
@c ||= {}
@@d += 1
$e -= 1
F ||= 8
