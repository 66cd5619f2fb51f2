/* session.c: the interactive session of ruby/session.h: its scope, parsing
 * and running inputs in it. */
#include "runtime/internal.h"
#include "ruby/session.h"

static struct {
    const char *file;
    struct env *env;          /* the session's scope */
    VALUE env_obj;            /* the same, as an object (GC root) */
    VALUE input_env;          /* the running input's own env (GC root) */
    int input_nlocals;        /* its slots before any eval added some */
} S;

void session_start(const char *file)
{
    S.file = file;
    gc_register_root(&S.env_obj);
    gc_register_root(&S.input_env);
    S.env = env_new_heap(NULL, NULL);
    S.env_obj = ENV_OBJ(S.env);
    ID underscore = sym_intern_cstr("_");
    env_add_locals(S.env, &underscore, 1);
}

/* The slot of a session local, or NULL.  Valid until the next input
   runs: the session's slots move as it grows. */
static VALUE *find_local(ID id)
{
    const struct scope_info *s = S.env->scope;
    for (int i = s ? s->nlocals - 1 : -1; i >= 0; i--)
        if (s->names[i] == id) return &S.env->vars[i];
    return NULL;
}

VALUE session_local(ID id)
{
    VALUE *slot = find_local(id);
    return slot ? *slot : Qundef;
}

VALUE session_local_names(void)
{
    const struct scope_info *s = S.env->scope;
    VALUE names = ary_new();
    for (int i = 0; s && i < s->nlocals; i++)
        if (s->names[i]) ary_push(names, ID2SYM(s->names[i]));
    return names;
}

static VALUE parse(VALUE src, int line, struct parse_error *err)
{
    static const struct scope_info empty = { 0, NULL, 0 };
    struct parse_outer outer = { S.env->scope ? S.env->scope : &empty, NULL };
    VALUE script = vm_parse(RSTRING_PTR(src), (size_t)RSTRING_LEN(src), S.file, line, &outer, err);
    GC_GUARD(src);
    return script;
}

VALUE session_parse(VALUE src, int line, VALUE *message)
{
    struct parse_error err;
    VALUE script = parse(src, line, &err);
    if (!script) *message = str_new_cstr(err.message);
    return script;
}

/* Locals an eval made in the last input's own scope join the session
   scope with their values. */
static VALUE keep_eval_locals(VALUE unused)
{
    if (!S.input_env) return Qnil;
    struct env *e = &((struct REnv *)S.input_env)->env;
    S.input_env = 0;
    int first = S.input_nlocals;
    int n = (int)e->nvars - first;
    if (n <= 0) return Qnil;
    ID names[n];
    VALUE values[n];
    int k = 0;
    for (int i = 0; i < n; i++) {
        ID id = e->scope->names[first + i];
        VALUE *slot = find_local(id);
        if (slot) *slot = e->vars[first + i];
        else names[k] = id, values[k++] = e->vars[first + i];
    }
    env_add_locals(S.env, names, k);
    for (int i = 0; i < k; i++) *find_local(names[i]) = values[i];
    return Qnil;
}

static VALUE run_body(VALUE script)
{
    struct env *env = env_new_heap(&script_get(script)->prog->scope, S.env);
    S.input_env = ENV_OBJ(env);
    S.input_nlocals = (int)env->nvars;
    VALUE v = vm_run_script_in(script, vm.top_self, vm.top_cref, env, NULL, FRAME_TOP);
    VALUE *last = find_local(sym_intern_cstr("_"));
    if (last) *last = v;
    return v;
}

VALUE session_run(VALUE src, VALUE script, int line)
{
    if (env_adopt_locals(S.env, script)) {
        /* `x /2/; x = 1` reads differently once x is known to be a local:
           then the input runs as first parsed and keeps its locals */
        struct parse_error err;
        VALUE again = parse(src, line, &err);
        if (again) script = again;
    }
    VALUE v = vm_ensure(run_body, script, keep_eval_locals, Qnil);
    GC_GUARD(script);
    return v;
}

int session_run_at_exit(void)
{
    vm.th->jump_val = Qnil;
    vm_run_at_exit();
    VALUE ex = vm.th->jump_val;
    if (!NIL_P(ex) && obj_is_kind_of(ex, vm.c.SystemExit)) {
        VALUE st = ivar_get(ex, ID_status);
        return FIXNUM_P(st) ? (int)FIX2LONG(st) : 0;
    }
    return -1;
}
