/* options.c: the switches of MRI 1.8.7's ruby, from the command line, from
 * RUBYOPT and from the #! line of the program, and miniruby's own long
 * options (--repl, --dump-ast).  Switches combine as in MRI: `-lane`,
 * `-pi.bak`, `-Ilib`, `-e CODE` or `-eCODE`; `--` ends them.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "config.h"
#include "cli.h"
#include "ruby/util.h"
#include "parse/node.h"

/* -T: the level $SAFE starts at.  The $SAFE implementation defines this;
   until then the level is simply what $SAFE reads. */
__attribute__((weak)) void vm_set_safe_level(int level)
{
    gvar_set(sym_intern_cstr("$SAFE"), INT2FIX(level));
}

void cli_fail(int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    io_flush_all();
    fputs("miniruby: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(status);
}

void print_version(void)
{
    bool release = strcmp(MR_BUILD_NAME, "release") == 0;
    printf("miniruby %s (ruby 1.8.7 compatible) [%s] context=%s timer=%s%s%s\n", MINIRUBY_VERSION,
           MR_PLATFORM, MR_CONTEXT_NAME, MR_TIMER_NAME, release ? "" : " build=", release ? "" : MR_BUILD_NAME);
    fflush(stdout);                    /* before the program's own output */
}

static NORETURN void usage(void)
{
    puts("Usage: miniruby [switches] [--] [programfile] [arguments]\n"
         "  -0[octal]       specify record separator (\\0, if no argument)\n"
         "  -a              autosplit mode with -n or -p (splits $_ into $F)\n"
         "  -c              check syntax only\n"
         "  -Cdirectory     cd to directory, before executing your script\n"
         "  -d              set debugging flags (set $DEBUG to true)\n"
         "  -e 'command'    one line of script. Several -e's allowed. Omit [programfile]\n"
         "  -Fpattern       split() pattern for autosplit (-a)\n"
         "  -i[extension]   edit ARGV files in place (make backup if extension supplied)\n"
         "  -Idirectory     specify $LOAD_PATH directory (may be used more than once)\n"
         "  -Kkcode         specifies KANJI (Japanese) code-set\n"
         "  -l              enable line ending processing\n"
         "  -n              assume 'while gets(); ... end' loop around your script\n"
         "  -p              assume loop like -n but print line also like sed\n"
         "  -rlibrary       require the library, before executing your script\n"
         "  -s              enable some switch parsing for switches after script name\n"
         "  -S              look for the script using PATH environment variable\n"
         "  -T[level]       turn on tainting checks\n"
         "  -v              print version number, then turn on verbose mode\n"
         "  -w              turn warnings on for your script\n"
         "  -W[level]       set warning level; 0=silence, 1=medium, 2=verbose (default)\n"
         "  -x[directory]   strip off text before #!ruby line and perhaps cd to directory\n"
         "  --copyright     print the copyright\n"
         "  --version       print the version\n"
         "miniruby's own:\n"
         "  -y, --yydebug   print the tokens the parser reads (it has no states to trace)\n"
         "  --verbose       turn on verbose mode without printing the version\n"
         "  --repl          interactive session (the default when stdin is a terminal\n"
         "                  and no program is given)\n"
         "  --dump-ast      print the syntax tree and exit\n"
         "  -h, --help      show this message\n"
         "Environment: RUBYOPT, RUBYLIB, MINIRUBY_THREAD_STACK (C stack of each thread),\n"
         "  MINIRUBY_GC_STRESS=1 (collect at every allocation); see miniruby(1).");
    exit(0);
}

static NORETURN void invalid_option(const char *opt, enum switch_origin from)
{
    if (from == FROM_RUBYOPT) cli_fail(1, "illegal switch in RUBYOPT: -%c (RuntimeError)", opt[0]);
    cli_fail(2, "invalid option -%s  (-h will show valid options)", opt);
}

static void change_dir(const char *dir)
{
    if (!dir || !*dir) cli_fail(1, "Can't chdir (fatal)");
    if (chdir(dir) < 0) cli_fail(1, "Can't chdir to %s (fatal)", dir);
}

/* -0[octal]: up to four octal digits, the leading 0 included; 0777 and
   above slurp (nil), two zeros mean paragraphs ("\n\n" as MRI 1.8 sets). */
static const char *record_separator(const char *s)
{
    int n = 0, v = 0;
    while (n < 4 && s[n] >= '0' && s[n] <= '7') v = v * 8 + (s[n++] - '0');
    VALUE rs;
    if (v > 0377) rs = Qnil;
    else if (v == 0 && n >= 2) rs = str_new_cstr("\n\n");
    else { char c = (char)v; rs = str_new(&c, 1); }
    gvar_set(sym_intern_cstr("$/"), rs);
    return s + n;
}

static void add_require(struct options *o, const char *lib)
{
    if (o->nrequires == o->requires_cap) {
        o->requires_cap = o->requires_cap ? o->requires_cap * 2 : 8;
        o->requires = xrealloc(o->requires, (size_t)o->requires_cap * sizeof *o->requires);
    }
    o->requires[o->nrequires++] = xstrndup(lib, strlen(lib));   /* RUBYOPT, #!: words of a copy */
}

/* Each -e line ends with a newline, as in MRI. */
static void add_code(struct options *o, const char *code)
{
    if (!o->e_code) o->e_code = str_new_capa(64);
    str_cat_cstr(o->e_code, code);
    str_cat(o->e_code, "\n", 1);
}

/* RUBYOPT's -v does nothing in 1.8.7: no version, $VERBOSE unchanged. */
static void verbose_switch(struct options *o, enum switch_origin from)
{
    if (from == FROM_RUBYOPT) return;
    if (!o->verbose_only) print_version();
    o->verbose_only = true;
    vm.verbose = 2;
}

static bool long_option(struct options *o, const char *name)
{
    if (!strcmp(name, "version")) { print_version(); exit(0); }
    if (!strcmp(name, "copyright")) {
        puts("miniruby - Copyright (C) 2026 the miniruby team");
        exit(0);
    }
    if (!strcmp(name, "help")) usage();
    if (!strcmp(name, "debug")) { vm.debug = true; vm.verbose = 2; return true; }
    if (!strcmp(name, "verbose")) { o->verbose_only = true; vm.verbose = 2; return true; }
    if (!strcmp(name, "yydebug")) { o->yydebug = true; return true; }
    if (!strcmp(name, "repl")) { o->repl = true; return true; }
    if (!strcmp(name, "dump-ast")) { o->dump_ast = true; return true; }
    return false;
}

/* One word of switches, without its '-'.  next is the following word
   (for `-e CODE`, `-I DIR`...) or NULL; returns 1 when it was used. */
static int switch_word(struct options *o, const char *s, const char *next, enum switch_origin from)
{
    if (s[0] == '-') {
        if (from == FROM_ARGV && long_option(o, s + 1)) return 0;
        if (from == FROM_RUBYOPT) invalid_option("-", from);
        cli_fail(2, "invalid option -%s  (-h will show valid options)", s);
    }
    /* RUBYOPT: 1.8.7 checks the first switch of each word only */
    if (from == FROM_RUBYOPT && !strchr("IdvwWrK", *s)) { char opt[2] = { *s, 0 }; invalid_option(opt, from); }
    while (*s) {
        char c = *s++;
        switch (c) {
        case '0': s = record_separator(s - 1); break;
        case 'a': o->loop_flags |= PARSE_SPLIT; break;
        case 'c': o->check_only = true; break;
        case 'd': vm.debug = true; vm.verbose = 2; break;
        case 'l':
            o->loop_flags |= PARSE_CHOP;
            gvar_set(sym_intern_cstr("$\\"), gvar_get(sym_intern_cstr("$/")));
            break;
        case 'n': o->loop_flags |= PARSE_LOOP; break;
        case 'p': o->loop_flags |= PARSE_PRINT; break;
        case 's': o->sflag = true; break;
        case 'S': o->search_path = true; break;
        case 'v': verbose_switch(o, from); break;
        case 'w': vm.verbose = 2; break;
        case 'y': o->yydebug = true; break;
        case 'h': usage();
        case 'W': {
            int level = 2;
            if (*s >= '0' && *s <= '7') level = *s++ - '0';
            else if (*s) level = 1;          /* 1.8.7: no digit after it, level 1 */
            vm.verbose = level > 2 ? 2 : level;
            break;
        }
        case 'T': {
            int level = 1;
            if (*s >= '0' && *s <= '9') level = (int)strtol(s, (char **)&s, 10);
            if (level > o->safe_level) o->safe_level = level;
            break;
        }
        case 'K':
            if (*s) { char k[2] = { *s++, 0 }; re_set_kcode(k); }
            break;
        case 'F':
            gvar_set(sym_intern_cstr("$;"), re_new(str_new_cstr(s), 0));
            return 0;
        case 'i':
            gvar_set(sym_intern_cstr("$-i"), str_new_cstr(s));
            return 0;
        case 'x':
            o->extract = true;
            if (*s) change_dir(s);
            return 0;
        case 'C':
            if (*s) { change_dir(s); return 0; }
            change_dir(next);
            return 1;
        case 'e':
            if (*s) { add_code(o, s); return 0; }
            if (!next) cli_fail(2, "no code specified for -e");
            add_code(o, next);
            return 1;
        case 'I':
            if (*s) { load_add_path(s); return 0; }
            if (next) load_add_path(next);
            return next != NULL;
        case 'r':
            if (*s) { add_require(o, s); return 0; }
            if (next) add_require(o, next);
            return next != NULL;
        case '-':                      /* as 1.8.7: -w- ends the switches, -w-debug is --debug */
            if (!*s || !strcmp(s, "\r")) { o->end_of_switches = true; return 0; }
            if (from != FROM_RUBYOPT && long_option(o, s)) return 0;
            cli_fail(2, "invalid option --%s  (-h will show valid options)", s);
        default: {
            char opt[2] = { c, 0 };
            invalid_option(opt, from);
        }
        }
    }
    return 0;
}

/* The command line up to the program name (or `--`, or `-` for stdin). */
void options_parse_argv(struct options *o, int argc, char **argv)
{
    int i = 1;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0) { i++; break; }
        if (a[0] != '-' || a[1] == '\0') break;
        i += switch_word(o, a + 1, i + 1 < argc ? argv[i + 1] : NULL, FROM_ARGV);
        if (o->end_of_switches) { i++; break; }
    }
    if (!o->e_code && i < argc) o->script = argv[i++];
    o->rest = argv + i;
    o->nrest = argc - i;
}

/* Switches separated by blanks, each word on its own (RUBYOPT, #!): the
   words that start with '-' (RUBYOPT's may leave it out), up to the first
   one that does not. */
void options_parse_words(struct options *o, const char *s, size_t len, enum switch_origin from)
{
    char *copy = xmalloc(len + 1);
    memcpy(copy, s, len);
    copy[len] = '\0';
    for (char *w = strtok(copy, " \t\r\n"); w; w = strtok(NULL, " \t\r\n")) {
        if (w[0] == '-') w++;
        else if (from == FROM_SHEBANG) break;
        if (*w) switch_word(o, w, NULL, from);
    }
    free(copy);
}

/* RUBYOPT takes -I -d -v -w -W -r -K, or -T[level] alone as its first
   word (the rest is then ignored, as 1.8.7 does); MRI ignores it under -T. */
void options_parse_rubyopt(struct options *o)
{
    const char *s = getenv("RUBYOPT");
    if (!s || o->safe_level > 0) return;
    s += strspn(s, " \t");
    if (s[0] == 'T' || (s[0] == '-' && s[1] == 'T')) {
        const char *t = s + (s[0] == '-') + 1;
        int level = *t >= '0' && *t <= '9' ? atoi(t) : 1;
        if (level > o->safe_level) o->safe_level = level;
        return;
    }
    options_parse_words(o, s, strlen(s), FROM_RUBYOPT);
}
