/* readline_mod.c: the Readline module of `require 'readline'`.
 *
 *   Readline.readline(prompt = "", add_history = false)  -> String or nil
 *   Readline::HISTORY   each to_a push << pop shift [] []= size length
 *                       empty? delete_at clear to_s, and Enumerable
 *   Readline.completion_proc=, completion_append_character=,
 *   completion_case_fold=, basic_/completer_word_break_characters=,
 *   line_buffer, Readline::VERSION
 *
 * Unlike MRI 1.8's extension, Readline.readline blocks only the calling
 * thread (rl_glue waits for the terminal through the scheduler).  The
 * history is readline's one, shared with the REPL.
 */
#include <stdlib.h>
#include <string.h>
#include "ruby.h"
#include "rl_glue.h"

void ext_readline_init(void);

static VALUE completion_proc;      /* GC roots */
static VALUE append_char;          /* String or nil */
static VALUE case_fold;
static VALUE word_break;           /* String or nil: readline's default */

/* ------------------------------------------------------------ completion */
static VALUE call_completion(VALUE text)
{
    VALUE ary = conv_to_a(vm_call1(completion_proc, ID_call, text));
    VALUE strs = ary_new();
    for (long i = 0; i < RARRAY_LEN(ary); i++) ary_push(strs, conv_to_str(RARRAY_PTR(ary)[i]));
    return strs;
}

static char **complete(const char *text, int start, int end)
{
    int state;
    VALUE strs = vm_protect(call_completion, str_new_cstr(text), &state);
    if (state) {
        rlg_abort(state);     /* raised by Readline.readline once readline is done */
        return NULL;
    }
    long n = RARRAY_LEN(strs);
    if (n == 0) return NULL;
    char **list = xmalloc((size_t)(n + 1) * sizeof *list);
    for (long i = 0; i < n; i++) {
        VALUE s = RARRAY_PTR(strs)[i];
        list[i] = strndup(RSTRING_PTR(s), (size_t)RSTRING_LEN(s));
    }
    list[n] = NULL;
    GC_GUARD(strs);
    return list;
}

static VALUE rl_readline_m(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 2);
    VALUE prompt = argc > 0 && !NIL_P(argv[0]) ? conv_to_str(argv[0]) : str_new_cstr("");
    struct rlg_options opt = {
        NIL_P(completion_proc) ? NULL : complete,
        NIL_P(append_char) || RSTRING_LEN(append_char) == 0 ? 0 : (unsigned char)RSTRING_PTR(append_char)[0],
        NIL_P(word_break) ? NULL : str_cstr(word_break),
    };
    char *line = rlg_readline(str_cstr(prompt), &opt);
    GC_GUARD(prompt);
    if (!line) return Qnil;
    if (argc > 1 && RTEST(argv[1])) rlg_history_add(line);
    VALUE s = str_new_cstr(line);
    free(line);
    return s;
}

/* ------------------------------------------------------------ settings */
static VALUE set_completion_proc(VALUE self, int argc, const VALUE *argv)
{
    if (!NIL_P(argv[0]) && !obj_respond_to(argv[0], ID_call))
        exc_raise(core_classes->ArgumentError, "argument must respond to `call'");
    completion_proc = argv[0];
    return argv[0];
}

static VALUE get_completion_proc(VALUE self, int argc, const VALUE *argv) { return completion_proc; }

static VALUE set_append_char(VALUE self, int argc, const VALUE *argv)
{
    if (NIL_P(argv[0])) append_char = Qnil;
    else {
        VALUE s = conv_to_str(argv[0]);
        append_char = RSTRING_LEN(s) ? str_new(RSTRING_PTR(s), 1) : Qnil;
    }
    return argv[0];
}

static VALUE get_append_char(VALUE self, int argc, const VALUE *argv)
{
    return NIL_P(append_char) ? Qnil : str_dup(append_char);
}

static VALUE set_case_fold(VALUE self, int argc, const VALUE *argv) { return case_fold = argv[0]; }
static VALUE get_case_fold(VALUE self, int argc, const VALUE *argv) { return case_fold; }

static VALUE set_word_break(VALUE self, int argc, const VALUE *argv)
{
    word_break = NIL_P(argv[0]) ? Qnil : str_dup(conv_to_str(argv[0]));
    return argv[0];
}

static VALUE get_word_break(VALUE self, int argc, const VALUE *argv)
{
    return NIL_P(word_break) ? str_new_cstr(" \t\n\"\\'`@$><=;|&{(") : str_dup(word_break);
}

static VALUE get_line_buffer(VALUE self, int argc, const VALUE *argv) { return str_new_cstr(rlg_line_buffer()); }

/* ------------------------------------------------------------ HISTORY */
static int hist_index(VALUE idx)
{
    long i = num_to_long(idx);
    long n = rlg_history_length();
    if (i < 0) i += n;
    if (i < 0 || i >= n) exc_raise(core_classes->IndexError, "invalid index");
    return (int)i;
}

static VALUE hist_aref(VALUE self, int argc, const VALUE *argv)
{
    return str_new_cstr(rlg_history_get(hist_index(argv[0])));
}

static VALUE hist_aset(VALUE self, int argc, const VALUE *argv)
{
    VALUE s = conv_to_str(argv[1]);
    rlg_history_set(hist_index(argv[0]), str_cstr(s));
    return argv[1];
}

static VALUE hist_push(VALUE self, int argc, const VALUE *argv)
{
    for (int i = 0; i < argc; i++) rlg_history_add(str_cstr(conv_to_str(argv[i])));
    return self;
}

static VALUE hist_lshift(VALUE self, int argc, const VALUE *argv) { return hist_push(self, 1, argv); }

/* Remove entry i (which exists) and return it as a String. */
static VALUE hist_take(int i)
{
    char *line = rlg_history_remove(i);
    VALUE s = str_new_cstr(line ? line : "");
    free(line);
    return s;
}

static VALUE hist_pop(VALUE self, int argc, const VALUE *argv)
{
    int n = rlg_history_length();
    return n ? hist_take(n - 1) : Qnil;
}

static VALUE hist_shift(VALUE self, int argc, const VALUE *argv)
{
    return rlg_history_length() ? hist_take(0) : Qnil;
}

static VALUE hist_delete_at(VALUE self, int argc, const VALUE *argv)
{
    long i = num_to_long(argv[0]), n = rlg_history_length();
    if (i < 0) i += n;
    return i >= 0 && i < n ? hist_take((int)i) : Qnil;
}

static VALUE hist_to_a(VALUE self, int argc, const VALUE *argv)
{
    VALUE ary = ary_new();
    for (int i = 0; i < rlg_history_length(); i++) ary_push(ary, str_new_cstr(rlg_history_get(i)));
    return ary;
}

/* Entries are fetched one at a time: the block may change the history. */
static VALUE hist_each(VALUE self, int argc, const VALUE *argv)
{
    if (!vm_block_given()) return enumerator_for(self, "each", 0, NULL);
    for (int i = 0; i < rlg_history_length(); i++) {
        const char *line = rlg_history_get(i);
        if (line) vm_yield1(str_new_cstr(line));
    }
    return self;
}

static VALUE hist_length(VALUE self, int argc, const VALUE *argv) { return INT2FIX(rlg_history_length()); }
static VALUE hist_empty(VALUE self, int argc, const VALUE *argv) { return BOOL2V(rlg_history_length() == 0); }

static VALUE hist_clear(VALUE self, int argc, const VALUE *argv)
{
    rlg_history_clear();
    return self;
}

static VALUE hist_to_s(VALUE self, int argc, const VALUE *argv) { return str_new_cstr("HISTORY"); }

static void define_history(VALUE mod)
{
    VALUE h = obj_alloc(core_classes->Object);
    obj_extend(h, core_classes->Enumerable);
    static const struct { const char *name; cfunc fn; int arity; } methods[] = {
        { "[]", hist_aref, 1 }, { "[]=", hist_aset, 2 }, { "push", hist_push, -1 },
        { "<<", hist_lshift, 1 }, { "pop", hist_pop, 0 }, { "shift", hist_shift, 0 },
        { "delete_at", hist_delete_at, 1 }, { "to_a", hist_to_a, 0 }, { "each", hist_each, 0 },
        { "length", hist_length, 0 }, { "size", hist_length, 0 }, { "empty?", hist_empty, 0 },
        { "clear", hist_clear, 0 }, { "to_s", hist_to_s, 0 }, { "inspect", hist_to_s, 0 },
    };
    for (size_t i = 0; i < countof(methods); i++)
        define_singleton_method(h, methods[i].name, methods[i].fn, methods[i].arity);
    define_const(mod, "HISTORY", h);
}

/* ------------------------------------------------------------ the module */
void ext_readline_init(void)
{
    rlg_init();
    completion_proc = append_char = case_fold = word_break = Qnil;
    gc_register_root(&completion_proc);
    gc_register_root(&append_char);
    gc_register_root(&case_fold);
    gc_register_root(&word_break);
    append_char = str_new_cstr(" ");
    VALUE m = module_define("Readline");
    define_module_function(m, "readline", rl_readline_m, -1);
    define_singleton_method(m, "completion_proc=", set_completion_proc, 1);
    define_singleton_method(m, "completion_proc", get_completion_proc, 0);
    define_singleton_method(m, "completion_append_character=", set_append_char, 1);
    define_singleton_method(m, "completion_append_character", get_append_char, 0);
    define_singleton_method(m, "completion_case_fold=", set_case_fold, 1);
    define_singleton_method(m, "completion_case_fold", get_case_fold, 0);
    define_singleton_method(m, "basic_word_break_characters=", set_word_break, 1);
    define_singleton_method(m, "basic_word_break_characters", get_word_break, 0);
    define_singleton_method(m, "completer_word_break_characters=", set_word_break, 1);
    define_singleton_method(m, "completer_word_break_characters", get_word_break, 0);
    define_singleton_method(m, "line_buffer", get_line_buffer, 0);
    define_const(m, "VERSION", str_new_cstr(rlg_version()));
    define_history(m);
}
