# != and !~ are `not` of == and =~
a != b
a !~ /re/
!a
not a
!a == b
not a == b
!!a
