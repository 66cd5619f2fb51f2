/* gvar.c: global variables.  Each name maps to an entry that lives forever
 * (bound nodes keep a pointer to it); aliases share an entry.  Hooked
 * entries compute their value ($~, $!, $stdout ...). */
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

VALUE gvar_entry_set(void *entry, VALUE val)
{
    struct gvar *g = entry;
    if (g->readonly) exc_name_error(g->name, "%s is a read-only variable", sym_name(g->name));
    if (g->set) g->set(val, g->name, g->var);
    else *g->var = val;
    g->defined = true;
    return val;
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
    }
}

/* ------------------------------------------------------------ special variables */
static VALUE get_lastmatch(ID id, void *data) { (void)id; (void)data; return vm_svar_get(0); }
static void set_lastmatch(VALUE v, ID id, void *data)
{
    (void)id; (void)data;
    if (!NIL_P(v) && !TYPE_P(v, T_MATCH)) exc_wrong_type(v, "MatchData");
    vm_svar_set(0, v);
}
static VALUE get_lastline(ID id, void *data) { (void)id; (void)data; return vm_svar_get(1); }
static void set_lastline(VALUE v, ID id, void *data) { (void)id; (void)data; vm_svar_set(1, v); }
static VALUE get_errinfo(ID id, void *data) { (void)id; (void)data; return vm.th->errinfo; }
static void set_errinfo(VALUE v, ID id, void *data)
{
    (void)id; (void)data;
    if (!NIL_P(v) && !obj_is_kind_of(v, vm.c.Exception))
        exc_raise(vm.c.TypeError, "assigning non-exception to $!");
    vm.th->errinfo = v;
}
static VALUE get_errat(ID id, void *data)
{
    (void)id; (void)data;
    VALUE e = vm.th->errinfo;
    return NIL_P(e) ? Qnil : ivar_get(e, ID_bt);
}
static void set_errat(VALUE v, ID id, void *data)
{
    (void)id; (void)data;
    if (NIL_P(vm.th->errinfo)) exc_raise(vm.c.ArgumentError, "$! not set");
    exc_set_backtrace(vm.th->errinfo, v);
}
static VALUE get_pid(ID id, void *data) { (void)id; (void)data; return INT2FIX(getpid()); }
/* $& $` $' $+ are read directly by their nodes; these entries exist so that
 * `alias $MATCH $&` (English.rb) has something to share. */
static VALUE get_backref(ID id, void *data) { (void)data; return re_last_match_special(sym_name(id)[1]); }

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
