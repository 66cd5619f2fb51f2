/* session.h: an interactive session, as the REPL (ext/readline/repl.c)
 * runs one: top-level code evaluated one input at a time in main, the
 * local variables an input makes kept for the next ones, as irb keeps
 * them.  There is one session per process.
 *
 * How the locals persist: the session keeps its own scope, a heap
 * environment that grows (as eval's locals do) when an input assigns new
 * top-level locals.  Each input is parsed with that scope as its outer
 * scope (as eval's code sees its caller's) and runs with that environment
 * as its outer environment; an input that made new locals is parsed again
 * once they are declared, so that they live in the session's environment
 * instead of the input's own.  A side effect of declaring first: in
 * `p x; x = 1` the first x is read as the (nil) local, where a script
 * would call a method x.  Locals an eval makes in an input's own scope
 * (`eval "z = 1"`) join the session with their values.
 */
#ifndef MR_SESSION_H
#define MR_SESSION_H

#include "ruby.h"

/* Start the session; file is the name inputs run under ("(irb)").  It
   begins with one local, _, the value of the last input. */
void session_start(const char *file);
/* Parse src, whose first line is line number line, in the session's
   scope: a script for session_run, or 0 with *message set to the syntax
   error (a String, "(irb):1: syntax error, ..."). */
VALUE session_parse(VALUE src, int line, VALUE *message);
/* Run script, parsed by session_parse from src at line: its value, also
   left in _.  Raises (or jumps) as the input does. */
VALUE session_run(VALUE src, VALUE script, int line);
VALUE session_local(ID id);             /* a session local's value; Qundef if there is none */
VALUE session_local_names(void);        /* the session's locals: Array of Symbols */
/* The at_exit handlers, for a session that ends with exit(status): the
   status a SystemExit raised in one of them gave, or -1. */
int session_run_at_exit(void);

#endif
