/* repl.c: the interactive session (`miniruby` on a terminal, or --repl).
 *
 * Read a line with rl_glue (other green threads keep running while the
 * prompt waits), parse what has been typed so far, evaluate it once it is
 * complete, print `=> inspect` or the exception, repeat.  Prompts are
 * irb's simple ones, `>> ` and `?> `.
 *
 * Complete or not: the input is parsed; an error at the end of the input
 * ("unexpected $end", an unterminated string, heredoc, regexp or =begin)
 * asks for another line, any other syntax error is reported.
 *
 * Local variables persist from one input to the next: the session API
 * (ruby/session.h) keeps them, and evaluates each input.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ruby.h"
#include "ruby/session.h"
#include "rl_glue.h"

#define BACKTRACE_LINES 8
#define HISTORY_DEFAULT 1000
#define FILE_NAME "(irb)"

void repl_main(void);

static struct {
    int line;                 /* line number of the next input */
    char *histfile;           /* NULL: no history file */
    int histsize;
    bool evaluating;          /* Ctrl-C now interrupts code, not typing */
    int exit_status;          /* -1 while the session goes on */
} R;

/* ------------------------------------------------------------ output */
static void out(VALUE str)
{
    io_write(io_stdout(), str);
}

static VALUE print_result(VALUE v)
{
    VALUE s = str_new_cstr("=> ");
    str_append(s, conv_to_str(vm_call0(v, ID_inspect)));
    str_cat(s, "\n", 1);
    out(s);
    return Qnil;
}

static VALUE exception_text(VALUE exc)
{
    VALUE s = str_new_cstr(class_name(obj_class(exc)));
    VALUE msg = vm_call0(exc, ID_message);
    msg = STRING_P(msg) ? msg : obj_to_s(msg);
    if (RSTRING_LEN(msg) > 0 && strcmp(RSTRING_PTR(msg), RSTRING_PTR(s)) != 0) {
        str_cat(s, ": ", 2);
        str_append(s, msg);
    }
    str_cat(s, "\n", 1);
    VALUE bt = exc_backtrace_get(exc);
    long n = ARRAY_P(bt) ? RARRAY_LEN(bt) : 0;
    for (long i = 0; i < n && i < BACKTRACE_LINES; i++)
        if (STRING_P(RARRAY_PTR(bt)[i])) str_cat_fmt(s, "\tfrom %s\n", RSTRING_PTR(RARRAY_PTR(bt)[i]));
    if (n > BACKTRACE_LINES) str_cat_fmt(s, "\t ... %ld levels...\n", n - BACKTRACE_LINES);
    return s;
}

static VALUE print_exception_body(VALUE exc)
{
    out(exception_text(exc));
    return Qnil;
}

static VALUE say_body(VALUE str)
{
    out(str);
    return Qnil;
}

/* Outside a round: writing must not raise ($stdout may be closed). */
static void say(VALUE str)
{
    int state;
    vm_protect(say_body, str, &state);
    if (state) fputs(RSTRING_PTR(str), stderr);
}

/* An exception whose printing fails is reported by its class alone. */
static void print_exception(VALUE exc)
{
    int state;
    vm_protect(print_exception_body, exc, &state);
    if (state) {
        io_flush_all();
        say(str_new_fmt("%s (exception while printing it)\n", class_name(obj_class(exc))));
    }
}

/* How a jump out of an input is reported; SystemExit ends the session. */
static void report_jump(int state)
{
    static const char *const names[] = { "", "return", "break", "next", "retry", "redo" };
    VALUE exc = vm_errinfo();
    if (state == TAG_RAISE && obj_is_kind_of(exc, core_classes->SystemExit)) {
        VALUE st = ivar_get(exc, ID_status);
        R.exit_status = FIXNUM_P(st) ? (int)FIX2LONG(st) : 0;
    } else if (state == TAG_RAISE) {
        print_exception(exc);
    } else if (state >= TAG_RETURN && state <= TAG_REDO) {
        say(str_new_fmt("LocalJumpError: unexpected %s\n", names[state]));
    } else if (state == TAG_THROW) {
        VALUE tag = vm_jump_tag();
        say(str_new_fmt("NameError: uncaught throw `%s'\n", SYMBOL_P(tag) ? sym_name(SYM2ID(tag)) : "?"));
    } else if (state == TAG_FATAL) {
        R.exit_status = 0;                 /* the main thread was killed */
    }
    vm_set_errinfo(Qnil);
}

/* ------------------------------------------------------------ history */
static void history_setup(void)
{
    const char *size = getenv("MINIRUBY_HISTSIZE");
    R.histsize = size && atoi(size) > 0 ? atoi(size) : HISTORY_DEFAULT;
    const char *path = getenv("MINIRUBY_HISTORY");
    const char *home = getenv("HOME");
    if (path && *path) R.histfile = strdup(path);
    else if (home && *home) {
        R.histfile = xmalloc(strlen(home) + 32);
        sprintf(R.histfile, "%s/.miniruby_history", home);
    }
    rlg_history_limit(R.histsize);
    if (R.histfile) rlg_history_load(R.histfile);
}

/* Each line of an input is one history entry (a pasted block may hold
   several), appended to the file at once so that a crash loses nothing. */
static void remember(const char *line)
{
    const char *p = line;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        char *one = strndup(p, len);
        if (strspn(one, " \t") < len) {
            rlg_history_add(one);
            if (R.histfile) rlg_history_append_last(R.histfile);
        }
        free(one);
        p += len + (nl ? 1 : 0);
    }
}

/* ------------------------------------------------------------ completion */
static const char *const keywords[] = {
    "alias", "and", "begin", "BEGIN", "break", "case", "class", "def", "defined?", "do",
    "else", "elsif", "end", "END", "ensure", "false", "for", "if", "in", "module", "next",
    "nil", "not", "or", "redo", "rescue", "retry", "return", "self", "super", "then",
    "true", "undef", "unless", "until", "when", "while", "yield", "__FILE__", "__LINE__",
};

struct completion {
    const char *text;         /* the word being completed */
    const char *prefix;       /* the part of it after the receiver */
    VALUE out;                /* Array of candidates */
};

static void offer(struct completion *c, const char *recv, size_t recv_len, const char *name)
{
    if (strncmp(name, c->prefix, strlen(c->prefix)) != 0) return;
    VALUE s = str_new(recv, (long)recv_len);
    str_cat_cstr(s, name);
    ary_push(c->out, s);
}

static void offer_all(struct completion *c, const char *recv, size_t recv_len, VALUE names)
{
    for (long i = 0; i < RARRAY_LEN(names); i++) {
        VALUE n = RARRAY_PTR(names)[i];
        n = SYMBOL_P(n) ? str_new_cstr(sym_name(SYM2ID(n))) : n;
        if (STRING_P(n)) offer(c, recv, recv_len, RSTRING_PTR(n));
    }
}

static bool name_char(char ch)
{
    return ch == '_' || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
           (unsigned char)ch >= 0x80;
}

/* Foo or Foo::Bar::Baz */
static bool is_const_path(const char *s, size_t len)
{
    for (size_t i = 0; i < len; i += 2) {
        if (s[i] < 'A' || s[i] > 'Z') return false;
        while (i < len && name_char(s[i])) i++;
        if (i == len) return true;
        if (i + 2 >= len || s[i] != ':' || s[i + 1] != ':') return false;
    }
    return false;
}

static bool is_identifier(const char *s, size_t len)
{
    if (len == 0 || (s[0] >= '0' && s[0] <= '9') || (s[0] >= 'A' && s[0] <= 'Z')) return false;
    for (size_t i = 0; i < len; i++)
        if (!name_char(s[i])) return false;
    return true;
}

/* The value a receiver names without running any code: a session local
   or a constant path.  Qundef if it names neither. */
static VALUE receiver_value(const char *s, size_t len)
{
    if (is_identifier(s, len)) {
        ID id = sym_find(s, len);
        return id ? session_local(id) : Qundef;
    }
    if (!is_const_path(s, len)) return Qundef;
    VALUE v = core_classes->Object;
    for (size_t i = 0; i < len;) {
        size_t j = i;
        while (j < len && s[j] != ':') j++;
        if (!TYPE_P(v, T_CLASS) && !TYPE_P(v, T_MODULE)) return Qundef;
        ID id = sym_find(s + i, j - i);
        v = id ? const_lookup(v, id, true) : Qundef;
        if (v == Qundef) return Qundef;
        i = j + 2;
    }
    return v;
}

static void complete_plain(struct completion *c)
{
    offer_all(c, "", 0, session_local_names());
    for (size_t i = 0; i < countof(keywords); i++) offer(c, "", 0, keywords[i]);
    offer_all(c, "", 0, class_constants(core_classes->Object, true));
    offer_all(c, "", 0, class_instance_methods(class_of(vm_top_self()), true, 1 << VIS_PRIVATE | 1 << VIS_PUBLIC));
}

static VALUE build_candidates(VALUE arg)
{
    struct completion *c = (struct completion *)arg;
    const char *t = c->text;
    const char *dot = strrchr(t, '.');
    const char *colons = NULL;
    for (const char *p = strstr(t, "::"); p; p = strstr(p + 2, "::")) colons = p;
    c->prefix = t;
    if (t[0] == '$') offer_all(c, "", 0, gvar_list());
    else if (t[0] == '@') offer_all(c, "", 0, obj_instance_variables(vm_top_self()));
    else if (dot && (!colons || dot > colons)) {
        VALUE recv = receiver_value(t, (size_t)(dot - t));
        c->prefix = dot + 1;
        if (recv != Qundef)
            offer_all(c, t, (size_t)(dot + 1 - t), class_instance_methods(class_of(recv), true, 1 << VIS_PUBLIC));
    } else if (colons) {
        VALUE mod = receiver_value(t, (size_t)(colons - t));
        c->prefix = colons + 2;
        if (mod != Qundef && (TYPE_P(mod, T_CLASS) || TYPE_P(mod, T_MODULE)))
            offer_all(c, t, (size_t)(colons + 2 - t), class_constants(mod, true));
    } else {
        complete_plain(c);
    }
    ary_sort_bang(c->out);
    return c->out;
}

static char **complete(const char *text, int start, int end)
{
    struct completion c = { text, text, ary_new() };
    int state;
    vm_protect(build_candidates, (VALUE)&c, &state);
    if (state) {
        vm_set_errinfo(Qnil);   /* completing must never disturb the session */
        return NULL;
    }
    long n = RARRAY_LEN(c.out);
    if (n == 0) return NULL;
    char **list = xmalloc((size_t)(n + 1) * sizeof *list);
    for (long i = 0; i < n; i++) list[i] = strdup(RSTRING_PTR(RARRAY_PTR(c.out)[i]));
    list[n] = NULL;
    GC_GUARD(c.out);
    return list;
}

static const struct rlg_options options = {
    complete, 0, " \t\n\"\\'`><=;|&{(,+-*/%^!~[]",
};

/* ------------------------------------------------------------ one input */
/* Why a parse failed: the input merely stops too early? */
static bool incomplete(const char *message)
{
    return strstr(message, "unexpected $end") || strstr(message, "meets end of file") ||
           strstr(message, "anywhere before EOF");
}

static int count_lines(VALUE src)
{
    int n = 0;
    for (long i = 0; i < RSTRING_LEN(src); i++) n += RSTRING_PTR(src)[i] == '\n';
    return n;
}

static bool blank(const char *s)
{
    return strspn(s, " \t\r\n") == strlen(s);
}

/* Read lines until they make a complete program; nil at end of input. */
static VALUE read_input(VALUE *script)
{
    VALUE src = str_new_capa(128);
    for (;;) {
        char *line = rlg_readline(RSTRING_LEN(src) ? "?> " : ">> ", &options);
        if (!line) return Qnil;
        remember(line);
        str_cat_cstr(src, line);
        str_cat(src, "\n", 1);
        free(line);
        if (blank(RSTRING_PTR(src))) {
            str_resize(src, 0);
            continue;
        }
        long n = RSTRING_LEN(src);
        if (n >= 2 && RSTRING_PTR(src)[n - 2] == '\\') continue;   /* a backslash joins the next line */
        VALUE message;
        *script = session_parse(src, R.line, &message);
        if (*script) return src;
        if (!incomplete(RSTRING_PTR(message))) {
            out(str_new_fmt("SyntaxError: %s\n", RSTRING_PTR(message)));
            R.line += count_lines(src);
            *script = 0;
            return src;
        }
    }
}

/* Read, evaluate, print: one round, under vm_protect. */
static VALUE round_body(VALUE unused)
{
    VALUE script = 0;
    R.evaluating = false;
    VALUE src = read_input(&script);
    if (NIL_P(src)) {                     /* Ctrl-D: readline ended the line */
        R.exit_status = 0;
        return Qnil;
    }
    if (!script) return Qnil;
    int line = R.line;
    R.line += count_lines(src);
    R.evaluating = true;
    VALUE v = session_run(src, script, line);
    R.evaluating = false;
    print_result(v);
    GC_GUARD(script);
    return Qnil;
}

static void one_round(void)
{
    int state;
    vm_protect(round_body, Qnil, &state);
    if (!state) return;
    bool reading = !R.evaluating;
    R.evaluating = false;
    if (reading && state == TAG_RAISE && obj_is_kind_of(vm_errinfo(), core_classes->Interrupt)) {
        vm_set_errinfo(Qnil);   /* Ctrl-C at the prompt: the input is dropped */
        return;
    }
    report_jump(state);
}

/* ------------------------------------------------------------ the session */
static VALUE repl_quit(VALUE self, int argc, const VALUE *argv)
{
    return vm_call(vm_top_self(), sym_intern_cstr("exit"), argc, argv);
}

/* After `exit 3`: at_exit handlers, then the status (main.c's finish()
   does this for status 0, when repl_main returns). */
static void exit_with(int status)
{
    int at_exit_status = session_run_at_exit();
    if (at_exit_status >= 0) status = at_exit_status;
    io_flush_all();
    exit(status);
}

void repl_main(void)
{
    rlg_init();
    session_start(FILE_NAME);
    R.line = 1;
    R.exit_status = -1;
    history_setup();
    define_singleton_method(vm_top_self(), "quit", repl_quit, -1);
    while (R.exit_status < 0) one_round();
    if (R.histfile) rlg_history_truncate(R.histfile, R.histsize);
    if (R.exit_status != 0) exit_with(R.exit_status);
}
