/* cli.h: the command line, shared by the files of interp/cli/.
 *
 *   options.c   the switches: argv, RUBYOPT, a #! line; -h, -v, --copyright
 *   program.c   the program: -e, a file (-S, -x, #!), stdin; ARGV, $0, -s
 *   libpath.c   where miniruby's lib/ is: installed, build tree, or moved
 *   main.c      main(): runs the program and ends the process as MRI does
 *   session.c   the REPL's session (ruby/session.h, for ext/readline): inputs run keeping their locals
 */
#ifndef MR_CLI_H
#define MR_CLI_H

#include "runtime/internal.h"

#define MINIRUBY_VERSION "0.1.0"

struct options {
    VALUE e_code;              /* the -e lines joined by newlines, or 0 */
    const char *script;        /* the program file as named, "-": stdin, NULL: none */
    bool check_only;           /* -c */
    bool dump_ast;             /* --dump-ast */
    bool verbose_only;         /* -v or --verbose: with no program, just exit */
    bool repl;                 /* --repl */
    bool search_path;          /* -S */
    bool extract;              /* -x */
    bool sflag;                /* -s */
    bool yydebug;              /* -y */
    bool end_of_switches;      /* a lone '-' inside a word (-w-): as `--` */
    int loop_flags;            /* -n -p -l -a: PARSE_LOOP ... */
    int safe_level;            /* -T */
    const char **requires;     /* -r, in order */
    int nrequires, requires_cap;
    char **rest;               /* ARGV */
    int nrest;
};

/* where a switch comes from: what it may be and what its errors say */
enum switch_origin { FROM_ARGV, FROM_RUBYOPT, FROM_SHEBANG };

/* options.c */
void options_parse_argv(struct options *o, int argc, char **argv);
void options_parse_rubyopt(struct options *o);
void options_parse_words(struct options *o, const char *s, size_t len, enum switch_origin from);
void print_version(void);
NORETURN void cli_fail(int status, const char *fmt, ...) PRINTF(2, 3);   /* "miniruby: ..." */

/* program.c */
VALUE program_read(struct options *o, const char **file, int *first_line, long *base, char **argv);
void program_set_globals(struct options *o, const char *file);
void program_define_data(const char *file, long offset, VALUE rest);   /* rest: after __END__ */

/* libpath.c */
int libpath_dirs(const char *const **dirs);   /* miniruby's library folders for $: */
const char *libpath_ext_dir(void);             /* the shared extensions' folder */

#endif
