/* main.c: the miniruby command line, as MRI 1.8.7's ruby (see `miniruby -h`
 * and miniruby(1)): the switches, RUBYOPT and RUBYLIB, the program from
 * -e, a file or stdin, or the REPL; then how the process ends: the status
 * of exit, the report of an uncaught exception, and death by the signal
 * whose SignalException nobody rescued (so that a shell sees 130 after
 * Ctrl-C, as with MRI).
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
#include "cli.h"
#include "eval/jump.h"
#include "parse/node.h"


/* $VERBOSE is nil, false or true for -W0, the default and -w; assigning
   it from Ruby changes the level the interpreter warns at. */
static VALUE get_verbose(ID id, void *data)
{
    return vm.verbose == 0 ? Qnil : vm.verbose == 1 ? Qfalse : Qtrue;
}
static void set_verbose_var(VALUE v, ID id, void *data)
{
    vm.verbose = NIL_P(v) ? 0 : RTEST(v) ? 2 : 1;
}
static VALUE get_debug(ID id, void *data) { return BOOL2V(vm.debug); }
static void set_debug(VALUE v, ID id, void *data) { vm.debug = RTEST(v); }

/* The switches' globals ($-a $-l $-p are read-only, as in MRI). */
static int loop_flags;
static VALUE get_split(ID id, void *data) { return BOOL2V(loop_flags & PARSE_SPLIT); }
static VALUE get_chop(ID id, void *data) { return BOOL2V(loop_flags & PARSE_CHOP); }
static VALUE get_print(ID id, void *data) { return BOOL2V(loop_flags & PARSE_PRINT); }
static VALUE loop_gets(ID id, void *data) { return io_argf_gets(); }

/* The globals and constants the switches and the version describe. */
static void define_program_globals(void)
{
    gvar_define_hooked("$VERBOSE", NULL, get_verbose, set_verbose_var);
    gvar_define_hooked("$-v", NULL, get_verbose, set_verbose_var);
    gvar_define_hooked("$-w", NULL, get_verbose, set_verbose_var);
    gvar_define_hooked("$DEBUG", NULL, get_debug, set_debug);
    gvar_define_hooked("$-d", NULL, get_debug, set_debug);
    gvar_define_readonly("$-a", NULL, get_split);
    gvar_define_readonly("$-l", NULL, get_chop);
    gvar_define_readonly("$-p", NULL, get_print);
    gvar_define_readonly(PARSE_LOOP_READER, NULL, loop_gets);
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
    return vm_run_main(script);
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

static int die_by_signal;      /* set by report_end, done by main */
static bool in_requires;       /* -r's libraries are being loaded */

/* An error of -r with no position of its own (the library is not found):
   1.8.7 names the program instead, "ruby: no such file to load -- x". */
static void print_uncaught(VALUE exc)
{
    VALUE bt = ivar_get(exc, ID_bt);
    if (in_requires && (!ARRAY_P(bt) || RARRAY_LEN(bt) == 0)) {
        io_flush_all();
        fputs("miniruby: ", stderr);
    }
    exc_print(exc);
}

/* The exit status for how the program ended, reporting errors as MRI does:
   a SignalException (not an Interrupt) ends the process silently. */
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
        die_by_signal = signal_of_exception(exc);
        if (obj_class(exc) != vm.c.SignalException) print_uncaught(exc);
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
   raised by one of them sets the status (-1: none did; -2: the last one
   to fail raised another exception, status 1 if the program ended by
   itself, as 1.8.7). */
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
    return NIL_P(ex) ? -1 : -2;
}

static int finish(int state)
{
    int at_exit_status = run_at_exit_handlers();
    VALUE err = vm.th->errinfo;
    thread_end_others();
    vm.th->errinfo = err;
    int status = report_end(state);
    if (at_exit_status >= 0) { status = at_exit_status; die_by_signal = 0; }
    else if (at_exit_status == -2 && state == 0) status = 1;
    finalizer_run_at_exit();
    io_flush_all();
    return status;
}

static void setup_load_path(struct options *o)
{
    const char *const *dirs;
    int n = libpath_dirs(&dirs);
    load_path_defaults(dirs, n, o->safe_level > 0);
    load_set_extension_dir(libpath_ext_dir());
}

/* The REPL is in the readline extension (ext/readline/repl.c). */
static VALUE find_repl(VALUE unused)
{
    return (VALUE)vm_extension_symbol("readline", "repl_main", "readline");
}

static int run_repl(struct options *o)
{
    int state;
    VALUE repl = vm_protect(find_repl, Qnil, &state);
    if (state) return finish(state);    /* the LoadError reported */
    program_set_globals(o, "irb");
    ((void (*)(void))repl)();
    return finish(0);
}

static int run_program(struct options *o, char **argv)
{
    const char *file;
    int line;
    long base;
    VALUE src = program_read(o, &file, &line, &base, argv);
    loop_flags = o->loop_flags;
    program_set_globals(o, file);
    parse_trace_tokens = o->yydebug;
    if (o->safe_level > 0) vm_set_safe_level(o->safe_level);
    in_requires = true;
    int state = vm_exec_top(run_requires, (VALUE)o);
    if (state) return finish(state);
    in_requires = false;
    struct parse_error err;
    VALUE script = vm_parse_main(RSTRING_PTR(src), (size_t)RSTRING_LEN(src), file, line,
                                 o->loop_flags | PARSE_FILE, &err);
    if (!script) {
        io_flush_all();
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    if (o->check_only) { puts("Syntax OK"); return 0; }
    if (o->dump_ast) {
        struct dump_sink sink = { dump_write, stdout };
        node_dump(&script_get(script)->prog->h, &sink);
        return 0;
    }
    long data = script_get(script)->prog->data_offset;
    VALUE rest = data < 0 ? Qnil : str_substr(src, data, RSTRING_LEN(src) - data);
    program_define_data(file, data < 0 ? data : data + base, rest);
    GC_GUARD(rest);
    state = vm_exec_top(run_main, script);
    GC_GUARD(script);
    GC_GUARD(src);
    return finish(state);
}

static int run(int argc, char **argv)
{
    struct options o = { 0 };
    define_program_globals();
    options_parse_argv(&o, argc, argv);
    if (o.safe_level > 0 && o.e_code) cli_fail(1, "no -e allowed in tainted mode (SecurityError)");
    options_parse_rubyopt(&o);
    setup_load_path(&o);
    if (o.verbose_only && !o.e_code && !o.script) return 0;
    if (o.repl || (!o.e_code && !o.script && isatty(0))) return run_repl(&o);
    return run_program(&o, argv);
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
    int status = run(argc, argv);
    if (die_by_signal) signal_die(die_by_signal);
    return status;
}
