alias $a $1
