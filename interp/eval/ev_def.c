/* ev_def.c: definitions: def, def obj.m, class, module, class << obj,
 * alias, undef, END { }; running class bodies with their own cref. */
#include <string.h>
#include "eval.h"
#include "runtime/idtab.h"

VALUE cref_new(VALUE klass, VALUE prev)
{
    VALUE c = gc_new_obj(T_CREF, 0);
    RCREF(c)->klass = klass;
    RCREF(c)->prev = prev;
    return c;
}

VALUE cref_class(VALUE cref) { return cref ? RCREF(cref)->klass : vm.c.Object; }

/* ------------------------------------------------------------ def */
static void method_added(VALUE klass, ID mid)
{
    VALUE sym = ID2SYM(mid);
    if (FL_TEST(klass, FL_SINGLETON)) vm_call(RCLASS_EXT(klass)->attached, ID_singleton_method_added, 1, &sym);
    else vm_call(klass, ID_method_added, 1, &sym);
}

static VALUE new_ast_method(struct node_def *d, struct frame *f, VALUE owner, enum visibility visi)
{
    VALUE me = me_new(ME_AST, d->name, owner, visi);
    RMENTRY(me)->body.def = d;
    RMENTRY(me)->aux.script = f->script;
    RMENTRY(me)->cref = f->cref;
    return me;
}

/* Where def, alias and undef act: the lexical class, or the receiver of
   class_eval/instance_eval when they run a block. */
/* where def, alias and undef act; what says 1.8.7 in instance_eval of an
   object with no class for them */
static VALUE def_target(struct frame *f, const char *none, ID name)
{
    if (f->def_class == DEF_CLASS_NONE) exc_raise(vm.c.TypeError, "%s", none);
    if (f->def_class == DEF_CLASS_NO_SINGLETON)
        exc_raise(vm.c.TypeError, "can't define singleton method \"%s\" for %s", sym_name(name),
                  obj_classname(f->self));
    return f->def_class ? f->def_class : cref_class(f->cref);
}

/* Another name in klass for the same method: an alias of it, which
   keeps the original name. */
static bool aliased(VALUE klass, ID mid, VALUE me)
{
    IDTAB_FOREACH(RCLASS(klass)->m_tbl, e) {
        if (e->key == mid || ME_NAME(e->val) != mid || ME_TYPE(e->val) != ME_TYPE(me)) continue;
        if (memcmp(&RMENTRY(e->val)->body, &RMENTRY(me)->body, sizeof RMENTRY(me)->body) == 0) return true;
    }
    return false;
}

/* MRI 1.8.7's warnings for a def: redefining __id__, __send__ or
   Object#initialize always; with -w, replacing a method of the same class
   that no alias keeps ("redefine f" for a singleton method). */
static void redefinition_warnings(VALUE klass, ID mid, bool singleton)
{
    if (klass == vm.c.Object && (mid == sym_intern_cstr("__id__") || mid == sym_intern_cstr("__send__")))
        exc_warn("redefining `%s' may cause serious problem", sym_name(mid));
    if (klass == vm.c.Object && mid == ID_initialize) exc_warn("redefining Object#initialize may cause infinite loop");
    VALUE old;
    if (vm.verbose < 2 || !idtab_lookup(RCLASS(klass)->m_tbl, mid, &old) || ME_TYPE(old) == ME_UNDEF) return;
    if (aliased(klass, mid, old)) return;
    if (singleton) exc_warn("redefine %s", sym_name(mid));
    else exc_warn("method redefined; discarding old %s", sym_name(mid));
}

static VALUE ev_defn(struct node *n, struct frame *f)
{
    struct node_def *d = (struct node_def *)n;
    f->node = n;
    VALUE klass = def_target(f, "no class/module to add method", d->name);
    enum visibility visi = (enum visibility)f->visi;   /* top level: private */
    if (d->name == ID_initialize || d->name == ID_initialize_copy) visi = VIS_PRIVATE;
    f->node = n;
    redefinition_warnings(klass, d->name, false);
    if (visi == VIS_MODFUNC) {
        class_add_method(klass, d->name, new_ast_method(d, f, klass, VIS_PRIVATE));
        VALUE meta = singleton_class(klass);
        class_add_method(meta, d->name, new_ast_method(d, f, meta, VIS_PUBLIC));
        method_added(klass, d->name);
        return Qnil;
    }
    class_add_method(klass, d->name, new_ast_method(d, f, klass, visi));
    method_added(klass, d->name);
    return Qnil;
}

static VALUE ev_defs(struct node *n, struct frame *f)
{
    struct node_def *d = (struct node_def *)n;
    VALUE obj = EVAL(d->singleton, f);
    f->node = n;
    if (FIXNUM_P(obj) || SYMBOL_P(obj))
        exc_raise(vm.c.TypeError, "can't define singleton method \"%s\" for %s", sym_name(d->name),
                  obj_classname(obj));
    VALUE meta = singleton_class(obj);
    redefinition_warnings(meta, d->name, true);
    class_add_method(meta, d->name, new_ast_method(d, f, meta, VIS_PUBLIC));
    method_added(meta, d->name);
    return Qnil;
}

/* ------------------------------------------------------------ class bodies */
static VALUE run_body(struct frame *f, VALUE klass, const struct scope_info *scope, struct node *body)
{
    if (UNLIKELY(vm_safe_max >= 4) && vm_safe_level() >= 4 && !FL_TEST(klass, FL_TAINT))
        exc_raise(vm.c.SecurityError, "extending class prohibited");
    int n = scope->nlocals;
    VALUE vars[n > 0 ? n : 1];
    struct env stack_env, *env;
    if (scope->flags & SCOPE_CAPTURED) env = env_new_heap(scope, NULL);
    else {
        for (int i = 0; i < n; i++) vars[i] = Qnil;
        stack_env = (struct env){ vars, NULL, scope, (uint32_t)n, 0 };
        env = &stack_env;
    }
    struct frame cf = {
        .prev = f, .self = klass, .me = 0, .mid = 0, .block = NULL, .env = env,
        .cref = cref_new(klass, f->cref), .node = f->node, .script = f->script,
        .running = NULL, .home = NULL, .serial = 0, .svar = { Qnil, Qnil },
        .argc = 0, .argv = NULL, .flags = FRAME_CLASS, .visi = VIS_PUBLIC,
    };
    cf.home = &cf;
    if (UNLIKELY(vm_tracing)) vm_trace_class("class", f->node, f);
    vm.th->frame = &cf;
    ev_stack_check();
    VALUE v = body ? EVAL(body, &cf) : Qnil;
    vm.th->frame = f;
    if (UNLIKELY(vm_tracing)) vm_trace_class("end", f->node, f);
    return v;
}

static VALUE cpath_outer(struct node *cpath, struct frame *f, ID *name)
{
    struct node_colon *c = (struct node_colon *)cpath;
    if (cpath->type == NODE_CONST) {
        *name = ((struct node_var *)cpath)->name;
        return cref_class(f->cref);
    }
    *name = c->name;
    if (cpath->type == NODE_COLON3) return vm.c.Object;
    VALUE outer = EVAL(c->scope, f);
    if (!TYPE_P(outer, T_CLASS) && !TYPE_P(outer, T_MODULE)) {
        VALUE s = obj_to_s(outer);             /* 1.8.7 names it by to_s */
        exc_raise(vm.c.TypeError, "%s is not a class/module", RSTRING_PTR(s));
    }
    return outer;
}

static VALUE open_class(VALUE outer, ID name, VALUE super)
{
    VALUE existing = const_get_at(outer, name);
    if (existing != Qundef) {
        if (!TYPE_P(existing, T_CLASS)) exc_raise(vm.c.TypeError, "%s is not a class", sym_name(name));
        if (super && class_superclass(existing) != super)
            exc_raise(vm.c.TypeError, "superclass mismatch for class %s", sym_name(name));
        return existing;
    }
    VALUE klass = class_new(super ? super : vm.c.Object);
    class_name_under(klass, outer, name);
    const_set(outer, name, klass);
    vm_call1(super ? super : vm.c.Object, ID_inherited, klass);
    return klass;
}

static VALUE ev_class(struct node *n, struct frame *f)
{
    struct node_class *c = (struct node_class *)n;
    ID name;
    VALUE outer = cpath_outer(c->cpath, f, &name);
    VALUE super = 0;
    if (c->super) {
        super = EVAL(c->super, f);
        if (!TYPE_P(super, T_CLASS))
            exc_raise(vm.c.TypeError, "superclass must be a Class (%s given)", obj_classname(super));
    }
    f->node = n;
    VALUE klass = open_class(outer, name, super);
    return run_body(f, klass, &c->scope, c->body);
}

static VALUE ev_module(struct node *n, struct frame *f)
{
    struct node_class *c = (struct node_class *)n;
    ID name;
    VALUE outer = cpath_outer(c->cpath, f, &name);
    f->node = n;
    VALUE mod = const_get_at(outer, name);
    if (mod == Qundef) {
        mod = module_new();
        class_name_under(mod, outer, name);
        const_set(outer, name, mod);
    } else if (!TYPE_P(mod, T_MODULE)) {
        exc_raise(vm.c.TypeError, "%s is not a module", sym_name(name));
    }
    return run_body(f, mod, &c->scope, c->body);
}

static VALUE ev_sclass(struct node *n, struct frame *f)
{
    struct node_class *c = (struct node_class *)n;
    VALUE obj = EVAL(c->cpath, f);
    f->node = n;
    if (FIXNUM_P(obj) || SYMBOL_P(obj))
        exc_raise(vm.c.TypeError, "no virtual class for %s", obj_classname(obj));
    return run_body(f, singleton_class(obj), &c->scope, c->body);
}

/* ------------------------------------------------------------ alias, undef, END */
/* a name of alias/undef: fixed, or a :"dyn#{x}" symbol evaluated now */
static ID item_name(ID id, struct node *dyn, struct frame *f)
{
    return dyn ? conv_to_id(EVAL(dyn, f)) : id;
}

static VALUE ev_alias(struct node *n, struct frame *f)
{
    struct node_alias *a = (struct node_alias *)n;
    ID new_name = item_name(a->new_name, a->new_dyn, f);
    ID old_name = item_name(a->old_name, a->old_dyn, f);
    f->node = n;
    VALUE klass = def_target(f, "no class to make alias", new_name);
    class_alias_method(klass, new_name, old_name);
    method_added(klass, new_name);
    return Qnil;
}

static VALUE ev_valias(struct node *n, struct frame *f)
{
    struct node_alias *a = (struct node_alias *)n;
    gvar_alias(a->new_name, a->old_name);
    return Qnil;
}

static VALUE ev_undef(struct node *n, struct frame *f)
{
    struct node_undef *u = (struct node_undef *)n;
    f->node = n;
    VALUE klass = def_target(f, "no class to undef method", u->names[0]);
    for (int i = 0; i < u->n; i++) {
        ID id = item_name(u->names[i], u->dyn[i], f);
        f->node = n;
        class_undef_method(klass, id);
    }
    return Qnil;
}

#define NF_POSTEXE_DONE 0x1000
static VALUE ev_postexe(struct node *n, struct frame *f)
{
    if (n->flags & NF_POSTEXE_DONE) return Qnil;
    n->flags |= NF_POSTEXE_DONE;
    struct block blk;
    ev_setup_block(&blk, (struct node_block *)((struct node_unary *)n)->value, f);
    VALUE proc = proc_new(&blk, false);
    vm_call_with_proc(vm.top_self, sym_intern_cstr("at_exit"), 0, NULL, proc);
    return Qnil;
}

static VALUE ev_block_node(struct node *n, struct frame *f)
{
    mr_bug("a block literal evaluated on its own (line %d)", n->line);
}

eval_fn ev_def_select(struct node *n)
{
    switch (n->type) {
    case NODE_DEFN: return ev_defn;
    case NODE_DEFS: return ev_defs;
    case NODE_CLASS: return ev_class;
    case NODE_MODULE: return ev_module;
    case NODE_SCLASS: return ev_sclass;
    case NODE_ALIAS: return ev_alias;
    case NODE_VALIAS: return ev_valias;
    case NODE_UNDEF: return ev_undef;
    case NODE_POSTEXE: return ev_postexe;
    case NODE_BLOCK: return ev_block_node;
    default: return NULL;
    }
}
