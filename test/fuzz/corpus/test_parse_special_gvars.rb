# special globals: $1.. are NTH_REF, $& $` $' $+ BACK_REF, the rest gvars
p $!, $@, $~, $&, $`, $', $+, $1, $9, $10, $99
p $0, $*, $$, $?, $:, $;, $,, $/, $\, $., $<, $>, $_, $"
p $-w, $-0, $stdout, $DEBUG, $VERBOSE, $LOAD_PATH, $PROGRAM_NAME
