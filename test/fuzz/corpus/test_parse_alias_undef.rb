# alias and undef
alias new old
alias :new2 :old2
alias $new $old
alias $m $&
alias + -
alias [] at
alias foo= bar=
alias if unless
undef a
undef a, :b, +, []=, c?
