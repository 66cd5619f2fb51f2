# interpolation
name = "x"
a = "hello #{name}!"
b = "#@iv and #@@cv and #$gv and #$1"
c = "#{}"
d = "#{1}#{2}"
e = "outer #{"inner #{name}"}"
f = "not #{name; 1} #@ #$ #"
