/* main.c: the miniruby command line.
 *
 *   miniruby [-e CODE]... [-c] [-w] [-W0] [-d] [-I DIR] [-r LIB] [-Kkcode] [-v]
 *            [--version] [-h] [--dump-ast] [script | -] [args]
 *
 * Everything runs inside run() so that every VALUE lives below the stack
 * base main() hands to the GC.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "runtime/internal.h"
#include "eval/jump.h"

#define MINIRUBY_VERSION "0.1.0"

struct options {
    VALUE e_code;          /* -e lines joined, or 0 */
    const char *script;    /* file name, "-" for stdin */
    bool check_only, dump_ast, show_version, interactive;
    char **rest;           /* ARGV */
    int nrest;
    const char *requires[64];
    int nrequires;
};

void repl_main(void) __attribute__((weak));

static void print_version(void)
{
    printf("miniruby %s (ruby 1.8.7 compatible) [%s] context=%s timer=%s%s%s\n", MINIRUBY_VERSION,
           MR_PLATFORM, MR_CONTEXT_NAME, MR_TIMER_NAME,
           strcmp(MR_BUILD_NAME, "release") ? " build=" : "", strcmp(MR_BUILD_NAME, "release") ? MR_BUILD_NAME : "");
}

static void usage(void)
{
    puts("Usage: miniruby [switches] [--] [programfile] [arguments]\n"
         "  -c              check syntax only\n"
         "  -d              set debugging flags (set $DEBUG to true)\n"
         "  -e 'command'    one line of script. Several -e's allowed. Omit [programfile]\n"
         "  -Idirectory     specify $LOAD_PATH directory (may be used more than once)\n"
         "  -Kkcode         specifies KANJI (Japanese) code-set (u, e, s or n)\n"
         "  -i              interactive session (the default when stdin is a terminal)\n"
         "  -rlibrary       require the library, before executing your script\n"
         "  -v              print version number, then turn on verbose mode\n"
         "  -w              turn warnings on for your script\n"
         "  -W[level]       set warning level; 0=silence, 1=medium, 2=verbose (default)\n"
         "  --dump-ast      print the syntax tree and exit\n"
         "  --version       print the version\n"
         "  -h, --help      show this message\n"
         "Environment: MINIRUBY_GC_STRESS=1 collects at every allocation;\n"
         "  MINIRUBY_THREAD_STACK sets the C stack size of each thread (bytes, k or m suffix).");
}

static NORETURN void invalid_option(const char *opt)
{
    fprintf(stderr, "miniruby: invalid option %s  (-h will show valid options)\n", opt);
    exit(1);
}

static void set_verbose(int level) { vm.verbose = level; }

/* $VERBOSE is nil, false or true for -W0, the default and -w; assigning
   it from Ruby changes the level the interpreter warns at. */
static VALUE get_verbose(ID id, void *data)
{
    (void)id; (void)data;
    return vm.verbose == 0 ? Qnil : vm.verbose == 1 ? Qfalse : Qtrue;
}
static void set_verbose_var(VALUE v, ID id, void *data)
{
    (void)id; (void)data;
    vm.verbose = NIL_P(v) ? 0 : RTEST(v) ? 2 : 1;
}
static VALUE get_debug(ID id, void *data) { (void)id; (void)data; return BOOL2V(vm.debug); }
static void set_debug(VALUE v, ID id, void *data) { (void)id; (void)data; vm.debug = RTEST(v); }

/* The globals and constants the switches and the version describe. */
static void define_program_globals(void)
{
    gvar_define_hooked("$VERBOSE", NULL, get_verbose, set_verbose_var);
    gvar_define_hooked("$-v", NULL, get_verbose, set_verbose_var);
    gvar_define_hooked("$-w", NULL, get_verbose, set_verbose_var);
    gvar_define_hooked("$DEBUG", NULL, get_debug, set_debug);
    gvar_define_hooked("$-d", NULL, get_debug, set_debug);
    static const char *const consts[][2] = {
        { "RUBY_VERSION", "1.8.7" }, { "RUBY_RELEASE_DATE", "2013-06-27" },
        { "RUBY_PLATFORM", MR_PLATFORM }, { "VERSION", "1.8.7" },
        { "RELEASE_DATE", "2013-06-27" }, { "PLATFORM", MR_PLATFORM },
        { "RUBY_COPYRIGHT", "ruby - Copyright (C) 1993-2013 Yukihiro Matsumoto" },
    };
    for (size_t i = 0; i < sizeof consts / sizeof consts[0]; i++)
        define_global_const(consts[i][0], obj_freeze(str_new_cstr(consts[i][1])));
    define_global_const("RUBY_PATCHLEVEL", INT2FIX(374));
}

/* The argument of -e/-I/-r: glued (-Ifoo) or the next word. */
static const char *option_arg(int argc, char **argv, int *i, const char *glued, const char *opt)
{
    if (*glued) return glued;
    if (*i + 1 >= argc) {
        fprintf(stderr, "miniruby: no %s given for %s\n", opt[1] == 'e' ? "code" : "argument", opt);
        exit(1);
    }
    return argv[++*i];
}

/* One word of switches; returns false at the first non-option. */
static bool parse_switch(struct options *o, int argc, char **argv, int *i)
{
    const char *a = argv[*i];
    if (strcmp(a, "--version") == 0) { print_version(); exit(0); }
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) { usage(); exit(0); }
    if (strcmp(a, "--dump-ast") == 0) { o->dump_ast = true; return true; }
    if (strncmp(a, "--", 2) == 0) invalid_option(a);
    for (const char *p = a + 1; *p; p++) {
        switch (*p) {
        case 'c': o->check_only = true; break;
        case 'w': set_verbose(2); break;
        case 'v': o->show_version = true; set_verbose(2); break;
        case 'd': vm.debug = true; break;
        case 'i': o->interactive = true; break;
        case 'W': {
            int level = p[1] >= '0' && p[1] <= '2' ? p[1] - '0' : 2;
            set_verbose(level);
            if (p[1] >= '0' && p[1] <= '2') p++;
            break;
        }
        case 'e': {
            const char *code = option_arg(argc, argv, i, p + 1, "-e");
            if (!o->e_code) o->e_code = str_new_capa(64);
            else str_cat(o->e_code, "\n", 1);
            str_cat_cstr(o->e_code, code);
            return true;
        }
        case 'I': load_add_path(option_arg(argc, argv, i, p + 1, "-I")); return true;
        case 'K':                      /* -Ku -Ke -Ks -Kn: $KCODE; other letters: none */
            if (p[1]) { char k[2] = { p[1], 0 }; re_set_kcode(k); p++; }
            break;
        case 'r':
            if (o->nrequires < 64) o->requires[o->nrequires++] = option_arg(argc, argv, i, p + 1, "-r");
            return true;
        default: {
            char opt[3] = { '-', *p, 0 };
            invalid_option(opt);
        }
        }
    }
    return true;
}

static void parse_args(struct options *o, int argc, char **argv)
{
    int i = 1;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0) { i++; break; }
        if (a[0] != '-' || a[1] == '\0') break;
        parse_switch(o, argc, argv, &i);
    }
    if (!o->e_code && i < argc) o->script = argv[i++];
    o->rest = argv + i;
    o->nrest = argc - i;
}

/* ------------------------------------------------------------ program source */
static VALUE read_stream(FILE *fp)
{
    VALUE buf = str_new_capa(4096);
    char chunk[8192];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0) str_cat(buf, chunk, (long)n);
    return buf;
}

static VALUE read_program(struct options *o, const char **file)
{
    if (o->e_code) { *file = "-e"; return o->e_code; }
    if (!o->script || strcmp(o->script, "-") == 0) { *file = "-"; return read_stream(stdin); }
    *file = o->script;
    FILE *fp = fopen(o->script, "rb");
    if (!fp) {
        fprintf(stderr, "miniruby: %s -- %s (LoadError)\n", strerror(errno), o->script);
        exit(1);
    }
    VALUE src = read_stream(fp);
    fclose(fp);
    return src;
}

/* Switches on a #! line that names ruby, as MRI honours them. */
static void shebang_switches(struct options *o, VALUE src)
{
    const char *s = RSTRING_PTR(src);
    if (RSTRING_LEN(src) < 2 || s[0] != '#' || s[1] != '!') return;
    const char *eol = memchr(s, '\n', (size_t)RSTRING_LEN(src));
    size_t len = eol ? (size_t)(eol - s) : (size_t)RSTRING_LEN(src);
    char line[256];
    if (len >= sizeof line) return;
    memcpy(line, s, len);
    line[len] = '\0';
    if (!strstr(line, "ruby")) return;
    char *words[32];
    int n = 0;
    words[n++] = "miniruby";
    for (char *w = strtok(strstr(line, "ruby"), " \t"); w && n < 31; w = strtok(NULL, " \t"))
        if (w[0] == '-' && w[1]) words[n++] = w;
    for (int i = 1; i < n; i++) parse_switch(o, n, words, &i);
}

static void set_program_globals(struct options *o, const char *file)
{
    VALUE argv_ary = ary_new();
    for (int i = 0; i < o->nrest; i++) ary_push(argv_ary, obj_taint(str_new_cstr(o->rest[i])));   /* tainted as 1.8.7 */
    define_global_const("ARGV", argv_ary);
    gvar_set(sym_intern_cstr("$*"), argv_ary);
    VALUE name = obj_taint(str_new_cstr(file));
    gvar_set(sym_intern_cstr("$0"), name);
    gvar_alias(sym_intern_cstr("$PROGRAM_NAME"), sym_intern_cstr("$0"));
    vm.script_name = file;
}

static void define_data(const char *file, long offset)
{
    if (offset < 0 || strcmp(file, "-") == 0 || strcmp(file, "-e") == 0) return;
    VALUE f = vm_call1(vm.c.File, sym_intern_cstr("open"), str_new_cstr(file));
    vm_call1(f, sym_intern_cstr("seek"), INT2FIX(offset));
    define_global_const("DATA", f);
}

/* ------------------------------------------------------------ running */
static void dump_write(void *ctx, const char *s, size_t n) { fwrite(s, 1, n, ctx); }

static VALUE run_requires(VALUE arg)
{
    struct options *o = (struct options *)arg;
    for (int i = 0; i < o->nrequires; i++) vm_require(o->requires[i]);
    return Qnil;
}

static VALUE run_main(VALUE script)
{
    return vm_run_script(script, vm.top_self, vm.top_cref, NULL, NULL, FRAME_TOP);
}

/* Errno::EPIPE while the reader of stdout has gone (`miniruby prog | head`):
   the program ends without a message, as C programs and later MRIs do.
   The status is 1, not death by SIGPIPE: MRI 1.8.7 ignores SIGPIPE too
   (its handler does nothing), so there as here the write fails with EPIPE
   and it is the uncaught exception, status 1, that ends the program. */
static bool stdout_gone(VALUE exc)
{
    if (!obj_is_kind_of(exc, vm.c.SystemCallError) ||
        ivar_get(exc, sym_intern_cstr("errno")) != INT2FIX(EPIPE))
        return false;
    struct pollfd p = { 1, POLLOUT, 0 };
    return poll(&p, 1, 0) == 1 && (p.revents & (POLLERR | POLLHUP));
}

/* The exit status for how the program ended, reporting errors as MRI does. */
static int report_end(int state)
{
    if (state == 0) return 0;
    if (state == TAG_RAISE) {
        VALUE exc = vm.th->errinfo;
        if (obj_is_kind_of(exc, vm.c.SystemExit)) {
            VALUE st = ivar_get(exc, ID_status);
            return FIXNUM_P(st) ? (int)FIX2LONG(st) : 0;
        }
        if (stdout_gone(exc)) return 1;
        exc_print(exc);
        return 1;
    }
    static const char *const names[] = { "", "return", "break", "next", "retry", "redo" };
    io_flush_all();
    if (state >= TAG_RETURN && state <= TAG_REDO)
        fprintf(stderr, "%s:%d: unexpected %s (LocalJumpError)\n", vm_source_file(), vm_source_line(), names[state]);
    else if (state == TAG_THROW)
        fprintf(stderr, "uncaught throw (NameError)\n");
    return 1;
}

/* at_exit handlers run before the error report, as in MRI; SystemExit
   raised by one of them sets the status (-1: none did). */
static int run_at_exit_handlers(void)
{
    VALUE err = vm.th->errinfo;
    vm.th->jump_val = Qnil;
    vm_run_at_exit();
    VALUE ex = vm.th->jump_val;
    vm.th->errinfo = err;
    if (!NIL_P(ex) && obj_is_kind_of(ex, vm.c.SystemExit)) {
        VALUE st = ivar_get(ex, ID_status);
        return FIXNUM_P(st) ? (int)FIX2LONG(st) : 0;
    }
    return -1;
}

static int finish(int state)
{
    int at_exit_status = run_at_exit_handlers();
    int status = report_end(state);
    if (at_exit_status >= 0) status = at_exit_status;
    io_flush_all();
    return status;
}

static int run(int argc, char **argv)
{
    struct options o = { 0 };
    o.e_code = 0;
    define_program_globals();
    parse_args(&o, argc, argv);
    load_path_defaults();
    if (o.show_version) {
        print_version();
        fflush(stdout);                /* before the program's own output */
        if (!o.e_code && !o.script) return 0;
    }
    if (o.interactive || (!o.e_code && !o.script && isatty(0) && repl_main)) {
        if (!repl_main) { fprintf(stderr, "miniruby: no REPL in this build\n"); return 1; }
        set_program_globals(&o, "irb");
        repl_main();
        return finish(0);
    }
    const char *file;
    VALUE src = read_program(&o, &file);
    shebang_switches(&o, src);
    set_program_globals(&o, file);
    struct parse_error err;
    VALUE script = vm_parse(RSTRING_PTR(src), (size_t)RSTRING_LEN(src), file, 1, NULL, &err);
    if (!script) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    if (o.check_only) { puts("Syntax OK"); return 0; }
    if (o.dump_ast) {
        struct dump_sink sink = { dump_write, stdout };
        node_dump(&script_get(script)->prog->h, &sink);
        return 0;
    }
    define_data(file, script_get(script)->prog->data_offset);
    int state = vm_exec_top(run_requires, (VALUE)&o);
    if (state == 0) state = vm_exec_top(run_main, script);
    GC_GUARD(script);
    GC_GUARD(src);
    return finish(state);
}

/* Only read in AddressSanitizer builds: malloc must return NULL for an
   impossible size, as without ASan (which aborts instead), so that the
   program gets NoMemoryError; the VM leaves memory to exit to free. */
const char *__asan_default_options(void);
const char *__asan_default_options(void) { return "allocator_may_return_null=1:detect_leaks=0"; }

int main(int argc, char **argv)
{
    signal(SIGPIPE, SIG_IGN);
    vm_init(__builtin_frame_address(0));
    return run(argc, argv);
}
