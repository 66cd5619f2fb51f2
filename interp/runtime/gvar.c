/* gvar.c: global variables.  Each name maps to an entry that lives forever
 * (bound nodes keep a pointer to it); aliases share an entry.  Hooked
 * entries compute their value ($~, $!, $stdout ...).  trace_var adds
 * commands an assignment calls, newest first, with the new value. */
#include <stdlib.h>
#include <unistd.h>
#include "internal.h"
#include "idtab.h"

struct gvar {
    VALUE value;
    VALUE *var;          /* hooked variable storage, or &value */
    gvar_getter get;
    gvar_setter set;
    ID name;
    bool defined;
    bool readonly;
    bool tracing;        /* a trace of it runs: assignments there call none */
    VALUE traces;        /* Array of commands (newest first), or 0 */
};

static struct idtab *globals;   /* ID -> (VALUE)struct gvar* */

void *gvar_entry(ID id)
{
    VALUE e;
    if (idtab_lookup(globals, id, &e)) return (void *)e;
    struct gvar *g = xcalloc(1, sizeof *g);
    g->value = Qnil;
    g->var = &g->value;
    g->name = id;
    idtab_insert(globals, id, (VALUE)g);
    return g;
}

VALUE gvar_entry_get(void *entry)
{
    struct gvar *g = entry;
    if (g->get) return g->get(g->name, g->var);
    if (!g->defined && vm.verbose > 1) exc_warn("global variable `%s' not initialized", sym_name(g->name));
    return *g->var;
}

static void run_traces(struct gvar *g, VALUE val);

VALUE gvar_entry_set(void *entry, VALUE val)
{
    struct gvar *g = entry;
    if (g->readonly) exc_name_error(g->name, "%s is a read-only variable", sym_name(g->name));
    if (UNLIKELY(vm_safe_max >= 4) && vm_safe_level() >= 4)
        exc_raise(vm.c.SecurityError, "Insecure: can't change global variable value");
    if (g->set) g->set(val, g->name, g->var);
    else *g->var = val;
    g->defined = true;
    if (UNLIKELY(g->traces != 0)) run_traces(g, val);
    return val;
}

/* ------------------------------------------------------------ trace_var */
struct trace_run { struct gvar *g; VALUE cmds, val; };

static VALUE traces_body(VALUE arg)
{
    struct trace_run *t = (struct trace_run *)arg;
    for (long i = 0; i < RARRAY_LEN(t->cmds); i++) {
        VALUE cmd = RARRAY_PTR(t->cmds)[i];
        if (STRING_P(cmd)) vm_eval_string(vm.top_self, cmd, Qnil, "(eval)", 1);
        else vm_call1(cmd, sym_intern_cstr("call"), t->val);
    }
    return Qnil;
}

static VALUE traces_done(VALUE arg)
{
    ((struct trace_run *)arg)->g->tracing = false;
    return Qnil;
}

static void run_traces(struct gvar *g, VALUE val)
{
    if (g->tracing || RARRAY_LEN(g->traces) == 0) return;
    struct trace_run t = { g, ary_dup(g->traces), val };
    g->tracing = true;
    vm_ensure(traces_body, (VALUE)&t, traces_done, (VALUE)&t);
    GC_GUARD(t.cmds);
}

/* trace_var(:$x, cmd) or trace_var(:$x) { |v| ... } */
static VALUE k_untrace_var(VALUE self, int argc, const VALUE *argv);

/* As 1.8.7: refused at level 4; trace_var(:$x, nil) is untrace_var(:$x);
   a tainted command (any block from level 3) is refused. */
static VALUE k_trace_var(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    vm_secure(4);
    if (argc > 1 && NIL_P(argv[1])) return k_untrace_var(self, 1, argv);
    struct gvar *g = gvar_entry(conv_to_id(argv[0]));
    VALUE cmd = argc > 1 ? argv[1] : vm_block_proc();
    if (NIL_P(cmd)) exc_raise(vm.c.ArgumentError, "tried to create Proc object without a block");
    if (HEAP_P(cmd) && FL_TEST(cmd, FL_TAINT)) exc_raise(vm.c.SecurityError, "Insecure: tainted variable trace");
    if (!g->traces) g->traces = ary_new();
    ary_unshift(g->traces, cmd);
    return Qnil;
}

/* untrace_var(:$x): every command, removed; untrace_var(:$x, cmd): that one */
static VALUE k_untrace_var(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    ID id = conv_to_id(argv[0]);
    VALUE e;
    if (!idtab_lookup(globals, id, &e)) exc_name_error(id, "undefined global variable %s", sym_name(id));
    struct gvar *g = (struct gvar *)e;
    if (!g->traces) return argc > 1 ? Qnil : ary_new();
    if (argc > 1) {
        VALUE removed = ary_delete(g->traces, argv[1]);
        return NIL_P(removed) ? Qnil : ary_new_of(1, removed);
    }
    VALUE all = g->traces;
    g->traces = ary_new();
    return all;
}

VALUE gvar_get(ID id) { return gvar_entry_get(gvar_entry(id)); }
VALUE gvar_set(ID id, VALUE val) { return gvar_entry_set(gvar_entry(id), val); }

bool gvar_defined(ID id)
{
    VALUE e;
    if (!idtab_lookup(globals, id, &e)) return false;
    struct gvar *g = (struct gvar *)e;
    return g->defined || g->get;
}

void gvar_alias(ID new_name, ID old_name)
{
    idtab_insert(globals, new_name, (VALUE)gvar_entry(old_name));
}

VALUE gvar_list(void)
{
    VALUE ary = ary_new();
    IDTAB_FOREACH(globals, e) {
        struct gvar *g = (struct gvar *)e->val;
        if (sym_name(e->key)[0] != '$') continue;   /* internal (PARSE_LOOP_READER) */
        if (g->defined || g->get) ary_push(ary, str_new_cstr(sym_name(e->key)));
    }
    return ary;
}

void gvar_define_hooked(const char *name, VALUE *var, gvar_getter get, gvar_setter set)
{
    struct gvar *g = gvar_entry(sym_intern_cstr(name));
    if (var) g->var = var;
    g->get = get;
    g->set = set;
    g->defined = true;
}

void gvar_define_readonly(const char *name, VALUE *var, gvar_getter get)
{
    gvar_define_hooked(name, var, get, NULL);
    ((struct gvar *)gvar_entry(sym_intern_cstr(name)))->readonly = true;
}

void gvar_mark_all(void)
{
    IDTAB_FOREACH(globals, e) {
        struct gvar *g = (struct gvar *)e->val;
        gc_mark(g->value);
        if (g->var != &g->value) gc_mark(*g->var);
        if (g->traces) gc_mark(g->traces);
    }
}

/* ------------------------------------------------------------ special variables */
static VALUE get_lastmatch(ID id, void *data) { return vm_svar_get(0); }
static void set_lastmatch(VALUE v, ID id, void *data)
{
    if (!NIL_P(v) && !TYPE_P(v, T_MATCH)) exc_wrong_type(v, "MatchData");
    vm_svar_set(0, v);
}
static VALUE get_lastline(ID id, void *data) { return vm_svar_get(1); }
static void set_lastline(VALUE v, ID id, void *data) { vm_svar_set(1, v); }
static VALUE get_errinfo(ID id, void *data) { return vm.th->errinfo; }
static void set_errinfo(VALUE v, ID id, void *data)
{
    if (!NIL_P(v) && !obj_is_kind_of(v, vm.c.Exception))
        exc_raise(vm.c.TypeError, "assigning non-exception to $!");
    vm.th->errinfo = v;
}
static VALUE get_errat(ID id, void *data)
{
    VALUE e = vm.th->errinfo;
    return NIL_P(e) ? Qnil : exc_backtrace_get(e);
}
static void set_errat(VALUE v, ID id, void *data)
{
    if (NIL_P(vm.th->errinfo)) exc_raise(vm.c.ArgumentError, "$! not set");
    exc_set_backtrace(vm.th->errinfo, v);
}
static VALUE get_pid(ID id, void *data) { return INT2FIX(getpid()); }
/* $& $` $' $+ are read directly by their nodes; these entries exist so that
 * `alias $MATCH $&` (English.rb) has something to share. */
static VALUE get_backref(ID id, void *data) { return re_last_match_special(sym_name(id)[1]); }

void gvar_trace_init(void)
{
    define_global_function("trace_var", k_trace_var, -1);
    define_global_function("untrace_var", k_untrace_var, -1);
}

void gvar_init(void)
{
    globals = idtab_new();
    gvar_define_hooked("$~", NULL, get_lastmatch, set_lastmatch);
    gvar_define_hooked("$_", NULL, get_lastline, set_lastline);
    gvar_define_hooked("$!", NULL, get_errinfo, set_errinfo);
    gvar_define_hooked("$@", NULL, get_errat, set_errat);
    gvar_define_readonly("$$", NULL, get_pid);
    gvar_define_readonly("$&", NULL, get_backref);
    gvar_define_readonly("$`", NULL, get_backref);
    gvar_define_readonly("$'", NULL, get_backref);
    gvar_define_readonly("$+", NULL, get_backref);
}
