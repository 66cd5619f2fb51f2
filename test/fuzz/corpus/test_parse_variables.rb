# kinds of variables
a = 1
a
b
@iv = @iv
@@cv = @@cv
$gv = $gv
Const = Const
