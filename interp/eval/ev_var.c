/* ev_var.c: variables and assignment: locals (resolved to depth/slot by
 * the parser), instance variables (slot cached per node), globals (entry
 * bound once per node), class variables, constants (cached per node under
 * vm.const_state), $1.., multiple assignment, op-assignment, attribute and
 * index assignment. */
#include "eval.h"

/* ------------------------------------------------------------ locals */
VALUE ev_lvar0(struct node *n, struct frame *f)
{
    return f->env->vars[((struct node_lvar *)n)->idx];
}

static VALUE ev_lvar1(struct node *n, struct frame *f)
{
    return f->env->outer->vars[((struct node_lvar *)n)->idx];
}

static VALUE ev_lvar(struct node *n, struct frame *f)
{
    struct node_lvar *l = (struct node_lvar *)n;
    return env_at(f, l->depth)->vars[l->idx];
}

static VALUE ev_lasgn0(struct node *n, struct frame *f)
{
    struct node_lvar *l = (struct node_lvar *)n;
    VALUE v = EVAL(l->value, f);
    f->env->vars[l->idx] = v;
    return v;
}

static VALUE ev_lasgn(struct node *n, struct frame *f)
{
    struct node_lvar *l = (struct node_lvar *)n;
    VALUE v = EVAL(l->value, f);
    env_at(f, l->depth)->vars[l->idx] = v;
    return v;
}

/* ------------------------------------------------------------ instance variables */
static inline VALUE plain_class(VALUE obj)
{
    VALUE k = RBASIC(obj)->klass;
    return FL_TEST(k, FL_SINGLETON) ? class_real(k) : k;
}

/* The slot cache is keyed on the object's class as stored (singleton or
   not); the index table belongs to the real class. */
/* The slot of @x in objects of class kk, from the site's cache (the
   second way is swapped in), else found and cached; UINT32_MAX when the
   class has no such slot yet (and may not make one: !add) */
static uint32_t ivar_slot_miss(struct node_var *v, VALUE self, VALUE kk, bool add)
{
    struct ivar_cache *c = &v->cache.iv;
    uint64_t serial = RCLASS(kk)->serial;
    uint32_t idx;
    if (c->other_serial == serial) {
        idx = c->other_index;
    } else {
        idx = class_ivar_index(plain_class(self), v->name, add);
        if (idx == UINT32_MAX) return idx;
    }
    c->other_serial = c->serial;
    c->other_index = c->index;
    c->serial = serial;
    c->index = idx;
    return idx;
}

static VALUE ev_ivar(struct node *n, struct frame *f)
{
    struct node_var *v = (struct node_var *)n;
    VALUE self = f->self;
    if (LIKELY(TYPE_P(self, T_OBJECT))) {
        VALUE kk = RBASIC(self)->klass;
        if (LIKELY(RCLASS(kk)->serial == v->cache.iv.serial)) {
            VALUE r = obj_ivar_at(self, v->cache.iv.index);
            return r == Qundef ? Qnil : r;
        }
        uint32_t idx = ivar_slot_miss(v, self, kk, false);
        if (idx != UINT32_MAX) {
            VALUE r = obj_ivar_at(self, idx);
            return r == Qundef ? Qnil : r;
        }
    }
    VALUE r = ivar_lookup(self, v->name);
    if (r == Qundef) {
        if (vm.verbose > 1) {
            const struct node *saved = f->node;
            f->node = n;                       /* the warning's line */
            exc_warn("instance variable %s not initialized", sym_name(v->name));
            f->node = saved;
        }
        return Qnil;
    }
    return r;
}

static void ivar_assign(struct node_var *v, VALUE self, VALUE val)
{
    if (LIKELY(TYPE_P(self, T_OBJECT) && !FL_TEST(self, FL_FROZEN))) {
        VALUE kk = RBASIC(self)->klass;
        if (LIKELY(RCLASS(kk)->serial == v->cache.iv.serial)) {
            obj_ivar_store(self, v->cache.iv.index, val);
            return;
        }
        obj_ivar_store(self, ivar_slot_miss(v, self, kk, true), val);
        return;
    }
    ivar_set(self, v->name, val);
}

static VALUE ev_iasgn(struct node *n, struct frame *f)
{
    struct node_var *v = (struct node_var *)n;
    VALUE val = EVAL(v->value, f);
    ivar_assign(v, f->self, val);
    return val;
}

/* ------------------------------------------------------------ globals */
static void *bound_global(struct node_var *v)
{
    if (!v->cache.global) v->cache.global = gvar_entry(v->name);
    return v->cache.global;
}

static VALUE ev_gvar(struct node *n, struct frame *f)
{
    if (LIKELY(vm.verbose < 2)) return gvar_entry_get(bound_global((struct node_var *)n));
    const struct node *saved = f->node;
    f->node = n;                               /* "not initialized": its line */
    VALUE v = gvar_entry_get(bound_global((struct node_var *)n));
    f->node = saved;
    return v;
}

static VALUE ev_gasgn(struct node *n, struct frame *f)
{
    struct node_var *v = (struct node_var *)n;
    VALUE val = EVAL(v->value, f);
    return gvar_entry_set(bound_global(v), val);
}

/* ------------------------------------------------------------ class variables */
VALUE ev_cvar_base(struct frame *f)
{
    VALUE cref = f->cref;
    VALUE k = cref ? RCREF(cref)->klass : vm.c.Object;
    if (FL_TEST(k, FL_SINGLETON) && !TYPE_P(RCLASS_EXT(k)->attached, T_CLASS) &&
        !TYPE_P(RCLASS_EXT(k)->attached, T_MODULE))
        k = class_real(k);
    return k;
}

static VALUE ev_cvar(struct node *n, struct frame *f)
{
    f->node = n;
    return cvar_get(ev_cvar_base(f), ((struct node_var *)n)->name);
}

static VALUE ev_cvasgn(struct node *n, struct frame *f)
{
    struct node_var *v = (struct node_var *)n;
    VALUE val = EVAL(v->value, f);
    cvar_set(ev_cvar_base(f), v->name, val, true);
    return val;
}

/* ------------------------------------------------------------ constants */
VALUE ev_const_base(struct frame *f)
{
    return f->cref ? RCREF(f->cref)->klass : vm.c.Object;
}

/* Lexical scopes first (not the top level), then the ancestors of the
   innermost class, then Object; const_missing last. */
VALUE ev_const_lookup(struct frame *f, ID id)
{
    VALUE cref = f->cref;
    for (VALUE c = cref; c && RCREF(c)->prev; c = RCREF(c)->prev) {
        VALUE v = const_get_at(RCREF(c)->klass, id);
        if (v != Qundef) return v;
    }
    VALUE klass = cref ? RCREF(cref)->klass : vm.c.Object;
    VALUE v = const_lookup(klass, id, true);
    if (v != Qundef) return v;
    v = const_get_at(vm.c.Object, id);
    if (v != Qundef) return v;
    VALUE sym = ID2SYM(id);
    return vm_call(klass, ID_const_missing, 1, &sym);
}

static VALUE ev_const(struct node *n, struct frame *f)
{
    struct node_var *v = (struct node_var *)n;
    if (LIKELY(v->cache.cst.state == vm.const_state && v->cache.cst.cref == f->cref))
        return v->cache.cst.val;
    f->node = n;
    VALUE val = ev_const_lookup(f, v->name);
    v->cache.cst.state = vm.const_state;
    v->cache.cst.cref = f->cref;
    v->cache.cst.val = val;
    return val;
}

static VALUE check_module(VALUE scope)
{
    if (!HEAP_P(scope) || (BUILTIN_TYPE(scope) != T_CLASS && BUILTIN_TYPE(scope) != T_MODULE)) {
        VALUE s = obj_inspect(scope);
        exc_raise(vm.c.TypeError, "%s is not a class/module", RSTRING_PTR(s));
    }
    return scope;
}

static VALUE ev_colon2(struct node *n, struct frame *f)
{
    struct node_colon *c = (struct node_colon *)n;
    VALUE scope = check_module(EVAL(c->scope, f));
    f->node = n;
    VALUE v = const_lookup_from(scope, c->name, true);
    if (v != Qundef) return v;
    VALUE sym = ID2SYM(c->name);
    return vm_call(scope, ID_const_missing, 1, &sym);
}

static VALUE ev_colon3(struct node *n, struct frame *f)
{
    f->node = n;
    return const_get(vm.c.Object, ((struct node_colon *)n)->name);
}

static void cdecl_assign(struct node_cdecl *c, VALUE val, struct frame *f)
{
    struct node *t = c->target;
    if (t->type == NODE_CONST) const_set(ev_const_base(f), ((struct node_var *)t)->name, val);
    else if (t->type == NODE_COLON2) {
        struct node_colon *cl = (struct node_colon *)t;
        const_set(check_module(EVAL(cl->scope, f)), cl->name, val);
    } else const_set(vm.c.Object, ((struct node_colon *)t)->name, val);
}

static VALUE ev_cdecl(struct node *n, struct frame *f)
{
    struct node_cdecl *c = (struct node_cdecl *)n;
    VALUE val = EVAL(c->value, f);
    const struct node *saved = f->node;
    f->node = n;                               /* "already initialized constant": its line */
    cdecl_assign(c, val, f);
    f->node = saved;
    return val;
}

/* ------------------------------------------------------------ $1, $& ... */
static VALUE ev_nth_ref(struct node *n, struct frame *f)
{
    return re_nth_match((int)((struct node_int *)n)->val, vm_svar_get(0));
}

static VALUE ev_back_ref(struct node *n, struct frame *f)
{
    return re_last_match_special((int)((struct node_int *)n)->val);
}

/* ------------------------------------------------------------ attribute assignment */
/* The assigned value after the arguments ev_eval_args gave: in buf, which
   has room for one more, or in a copy of the Array that holds them. */
static VALUE append_value(VALUE keep, const VALUE *buf, int *argc, VALUE **argv, VALUE val)
{
    if (*argv == buf) {
        (*argv)[(*argc)++] = val;
        return keep;
    }
    keep = ary_dup(keep);
    ary_push(keep, val);
    *argc = (int)RARRAY_LEN(keep);
    *argv = RARRAY_PTR(keep);
    return keep;
}

static VALUE attr_assign(struct node_call *c, VALUE recv, VALUE val, struct frame *f)
{
    VALUE buf[8], *argv;
    int argc;
    VALUE keep = ev_eval_args(c->argc, c->args, f, buf, 7, &argc, &argv);
    keep = append_value(keep, buf, &argc, &argv, val);
    f->node = &c->h;
    ev_dispatch(f, recv, c->mid, argc, argv, NULL, &c->cache, c->h.flags | (c->recv ? 0 : NF_FCALL));
    GC_GUARD(keep);
    return val;
}

static VALUE ev_attrasgn(struct node *n, struct frame *f)
{
    struct node_call *c = (struct node_call *)n;
    VALUE recv = c->recv ? EVAL(c->recv, f) : f->self;
    VALUE val;
    if (c->argc == 0 && c->value) {
        val = EVAL(c->value, f);
        f->node = n;
        ev_dispatch(f, recv, c->mid, 1, &val, NULL, &c->cache, n->flags | (c->recv ? 0 : NF_FCALL));
        return val;
    }
    if (c->argc == 1 && c->mid == ID_aset && c->args[0]->type != NODE_SPLAT) {   /* recv[k] = value */
        VALUE argv[2];
        argv[0] = EVAL(c->args[0], f);
        argv[1] = val = c->value ? EVAL(c->value, f) : Qnil;
        if (c->recv && ev_opt_aset(recv, argv[0], val)) return val;
        f->node = n;
        ev_dispatch(f, recv, c->mid, 2, argv, NULL, &c->cache, n->flags | (c->recv ? 0 : NF_FCALL));
        return val;
    }
    /* recv[args] = value: the value is evaluated after the arguments */
    VALUE buf[8], *argv;
    int argc;
    VALUE keep = ev_eval_args(c->argc, c->args, f, buf, 7, &argc, &argv);
    val = c->value ? EVAL(c->value, f) : Qnil;
    keep = append_value(keep, buf, &argc, &argv, val);
    f->node = n;
    ev_dispatch(f, recv, c->mid, argc, argv, NULL, &c->cache, n->flags | (c->recv ? 0 : NF_FCALL));
    GC_GUARD(keep);
    return val;
}

/* ------------------------------------------------------------ generic targets */
VALUE ev_assign(struct node *t, VALUE val, struct frame *f)
{
    switch (t->type) {
    case NODE_LASGN: {
        struct node_lvar *l = (struct node_lvar *)t;
        env_at(f, l->depth)->vars[l->idx] = val;
        break;
    }
    case NODE_IASGN: ivar_assign((struct node_var *)t, f->self, val); break;
    case NODE_GASGN: gvar_entry_set(bound_global((struct node_var *)t), val); break;
    case NODE_CVASGN: cvar_set(ev_cvar_base(f), ((struct node_var *)t)->name, val, true); break;
    case NODE_CDECL: cdecl_assign((struct node_cdecl *)t, val, f); break;
    case NODE_ATTRASGN: {
        struct node_call *c = (struct node_call *)t;
        attr_assign(c, c->recv ? EVAL(c->recv, f) : f->self, val, f);
        break;
    }
    case NODE_MASGN: {
        /* 1.8: a nested (*a) wraps one value even when it is an Array */
        VALUE ary = ((struct node_masgn *)t)->lhs.n ? conv_check_ary(val) : Qnil;
        if (NIL_P(ary)) ary = ary_new_of(1, val);
        ev_masgn_values(&((struct node_masgn *)t)->lhs, ary, f);
        break;
    }
    default: mr_bug("bad assignment target %s", node_type_name(t->type));
    }
    return val;
}

VALUE ev_masgn_values(const struct node_mlhs *lhs, VALUE ary, struct frame *f)
{
    long len = RARRAY_LEN(ary);
    for (int i = 0; i < lhs->n; i++) {
        struct node *t = lhs->targets[i];
        VALUE v = i < len ? RARRAY_PTR(ary)[i] : Qnil;
        if (t->type == NODE_LASGN && ((struct node_lvar *)t)->depth == 0)   /* `l, r = tree` */
            f->env->vars[((struct node_lvar *)t)->idx] = v;
        else
            ev_assign(t, v, f);
    }
    if (lhs->splat)
        ev_assign(lhs->splat, len > lhs->n ? ary_subseq(ary, lhs->n, len - lhs->n) : ary_new(), f);
    return ary;
}

/* a, b = v: 1.8.7 uses v.to_ary if v has one, and it must answer an
   Array (nil too is a TypeError here) */
static VALUE masgn_rhs_array(VALUE v)
{
    if (ARRAY_P(v)) return v;
    if (!SPECIAL_P(v) && vm_respond_to(v, ID_to_ary, true)) return conv_to_ary(v);
    return ary_new_of(1, v);
}

static VALUE ev_masgn(struct node *n, struct frame *f)
{
    struct node_masgn *m = (struct node_masgn *)n;
    VALUE ary;
    if (m->rhs->type == NODE_ARRAY) ary = EVAL(m->rhs, f);
    else if (m->rhs->type == NODE_SPLAT) ary = ev_splat_value(EVAL(((struct node_unary *)m->rhs)->value, f));
    else ary = masgn_rhs_array(EVAL(m->rhs, f));
    return ev_masgn_values(&m->lhs, ary, f);
}

/* `l, r = tree`, `a, b = b, a`: every target a local of the running
   scope, no splat; the elements go straight into the slots */
static VALUE ev_masgn_lvar0(struct node *n, struct frame *f)
{
    struct node_masgn *m = (struct node_masgn *)n;
    VALUE ary = EVAL(m->rhs, f);
    if (UNLIKELY(!ARRAY_P(ary))) ary = masgn_rhs_array(ary);
    long len = RARRAY_LEN(ary);
    const VALUE *elts = RARRAY_PTR(ary);
    VALUE *vars = f->env->vars;
    for (int i = 0; i < m->lhs.n; i++)
        vars[((struct node_lvar *)m->lhs.targets[i])->idx] = i < len ? elts[i] : Qnil;
    return ary;
}

static bool masgn_on_lvar0(const struct node_masgn *m)
{
    if (!m->rhs || m->rhs->type == NODE_SPLAT || m->lhs.splat || m->lhs.has_splat) return false;
    for (int i = 0; i < m->lhs.n; i++) {
        const struct node *t = m->lhs.targets[i];
        if (t->type != NODE_LASGN || ((const struct node_lvar *)t)->depth != 0) return false;
    }
    return true;
}

/* ------------------------------------------------------------ op-assignment */
/* x ||= v reads x, except that an unset class variable is nil there, as
   in 1.8.7 (an unset constant is a NameError; &&= reads like any read). */
static VALUE read_or_nil(struct node *read, struct frame *f, ID op)
{
    if (op == ID_oror && read->type == NODE_CVAR && NIL_P(ev_defined(read, f))) return Qnil;
    return EVAL(read, f);
}

static VALUE ev_op_asgn(struct node *n, struct frame *f)
{
    struct node_op_asgn *o = (struct node_op_asgn *)n;
    VALUE cur = read_or_nil(o->read, f, o->op);
    if (o->op == ID_oror) {
        if (RTEST(cur)) return cur;
        return ev_assign(o->write, EVAL(o->value, f), f);
    }
    if (o->op == ID_andand) {
        if (!RTEST(cur)) return cur;
        return ev_assign(o->write, EVAL(o->value, f), f);
    }
    VALUE rhs = EVAL(o->value, f);
    f->node = n;
    return ev_assign(o->write, ev_binop(f, cur, o->op, rhs, &o->cache), f);
}

/* x op= value on a local of the running scope (i += 1, the commonest):
   no reader node, no assignment switch.  x is read before the value is
   evaluated, as 1.8.7 does: k = 2; k *= (k = 5) gives 10. */
static VALUE ev_op_asgn_lvar0(struct node *n, struct frame *f)
{
    struct node_op_asgn *o = (struct node_op_asgn *)n;
    int idx = ((struct node_lvar *)o->write)->idx;
    VALUE cur = f->env->vars[idx];
    VALUE rhs = EVAL(o->value, f);
    f->node = n;
    VALUE r = ev_binop(f, cur, o->op, rhs, &o->cache);
    f->env->vars[idx] = r;
    return r;
}

static bool op_asgn_on_lvar0(const struct node_op_asgn *o)
{
    if (o->op == ID_oror || o->op == ID_andand) return false;
    if (o->read->type != NODE_LVAR || o->write->type != NODE_LASGN) return false;
    const struct node_lvar *r = (const struct node_lvar *)o->read, *w = (const struct node_lvar *)o->write;
    return r->depth == 0 && w->depth == 0 && r->idx == w->idx;
}

/* recv[args] op= value: the reader, operator and writer calls each have a
   cache in the node; arguments live on the C stack unless there are splats. */
static VALUE ev_op_asgn_index(struct node *n, struct frame *f)
{
    struct node_op_index *o = (struct node_op_index *)n;
    VALUE recv = EVAL(o->recv, f);
    VALUE buf[8], *argv;
    int argc;
    VALUE keep = ev_eval_args(o->argc, o->args, f, buf, 7, &argc, &argv);
    if (argv != buf) {
        keep = ary_dup(keep);
        ary_push(keep, Qnil);
        argv = RARRAY_PTR(keep);
    }
    f->node = n;
    VALUE cur = argc == 1 ? ev_opt_aref(recv, argv[0]) : Qundef;
    if (cur == Qundef) cur = ev_dispatch(f, recv, ID_aref, argc, argv, NULL, &o->cache[0], 0);
    VALUE val;
    if (o->op == ID_oror) {
        if (RTEST(cur)) return cur;
        val = EVAL(o->value, f);
    } else if (o->op == ID_andand) {
        if (!RTEST(cur)) return cur;
        val = EVAL(o->value, f);
    } else {
        VALUE rhs = EVAL(o->value, f);
        f->node = n;
        val = ev_binop(f, cur, o->op, rhs, &o->cache[1]);
    }
    if (argv != buf) argv = RARRAY_PTR(keep);
    argv[argc] = val;
    if (argc == 1 && ev_opt_aset(recv, argv[0], val)) return val;
    f->node = n;
    ev_dispatch(f, recv, ID_aset, argc + 1, argv, NULL, &o->cache[2], 0);
    GC_GUARD(keep);
    return val;
}

static VALUE ev_op_asgn_attr(struct node *n, struct frame *f)
{
    struct node_op_attr *o = (struct node_op_attr *)n;
    VALUE recv = EVAL(o->recv, f);
    f->node = n;
    VALUE cur = ev_dispatch(f, recv, o->attr, 0, NULL, NULL, &o->cache[0], 0);
    VALUE val;
    if (o->op == ID_oror) {
        if (RTEST(cur)) return cur;
        val = EVAL(o->value, f);
    } else if (o->op == ID_andand) {
        if (!RTEST(cur)) return cur;
        val = EVAL(o->value, f);
    } else {
        VALUE rhs = EVAL(o->value, f);
        f->node = n;
        val = ev_binop(f, cur, o->op, rhs, &o->cache[1]);
    }
    f->node = n;
    ev_dispatch(f, recv, o->setter, 1, &val, NULL, &o->cache[2], 0);
    return val;
}

/* ------------------------------------------------------------ selector */
eval_fn ev_var_select(struct node *n)
{
    switch (n->type) {
    case NODE_LVAR: {
        int d = ((struct node_lvar *)n)->depth;
        return d == 0 ? ev_lvar0 : d == 1 ? ev_lvar1 : ev_lvar;
    }
    case NODE_LASGN: return ((struct node_lvar *)n)->depth == 0 ? ev_lasgn0 : ev_lasgn;
    case NODE_IVAR: return ev_ivar;
    case NODE_IASGN: return ev_iasgn;
    case NODE_GVAR: return ev_gvar;
    case NODE_GASGN: return ev_gasgn;
    case NODE_CVAR: return ev_cvar;
    case NODE_CVASGN: return ev_cvasgn;
    case NODE_CONST: return ev_const;
    case NODE_COLON2: return ev_colon2;
    case NODE_COLON3: return ev_colon3;
    case NODE_CDECL: return ev_cdecl;
    case NODE_NTH_REF: return ev_nth_ref;
    case NODE_BACK_REF: return ev_back_ref;
    case NODE_MASGN: return masgn_on_lvar0((struct node_masgn *)n) ? ev_masgn_lvar0 : ev_masgn;
    case NODE_OP_ASGN: return op_asgn_on_lvar0((struct node_op_asgn *)n) ? ev_op_asgn_lvar0 : ev_op_asgn;
    case NODE_OP_ASGN_INDEX: return ev_op_asgn_index;
    case NODE_OP_ASGN_ATTR: return ev_op_asgn_attr;
    case NODE_ATTRASGN: return ev_attrasgn;
    default: return NULL;
    }
}
