/* proc.c: Proc (a heap copy of a block), Method and UnboundMethod,
 * Binding, and the Kernel functions proc, lambda and binding.
 *
 * In Ruby 1.8 `proc` is `lambda`: both check arity strictly and a `return`
 * inside leaves the proc; `Proc.new` makes a plain proc.
 */
#include <stdlib.h>
#include "eval.h"

#define PROC_LAMBDA FL_USER(0)
/* the $SAFE level the proc was made at, in FL_USER(1..3) (7 for 7 and up) */
#define PROC_SAFE_SHIFT 12
#define PROC_SAFE_MASK ((VALUE)7 << PROC_SAFE_SHIFT)

/* ------------------------------------------------------------ Proc objects */
VALUE proc_new(const struct block *blk, bool lambda)
{
    if ((blk->flags & BLOCK_FROM_PROC) && blk->proc) {
        if (!lambda || (blk->flags & BLOCK_LAMBDA)) return blk->proc;
    }
    /* the object first: block_to_heap may make a Proc of the outer block,
       which only h refers to, so no allocation may come between them */
    volatile VALUE obj = gc_new_obj(T_PROC, vm.c.Proc);
    RDATA(obj)->data = NULL;
    struct block *h = block_to_heap(blk);
    RDATA(obj)->data = h;
    h->proc = obj;
    int safe = vm.th->safe_level;
    RBASIC(obj)->flags |= (VALUE)(safe > 7 ? 7 : safe) << PROC_SAFE_SHIFT;
    if (lambda) {
        h->flags |= BLOCK_LAMBDA;
        FL_SET(obj, PROC_LAMBDA);
    }
    return obj;
}

const struct block *proc_block(VALUE proc) { return RDATA(proc)->data; }

void proc_gc_mark(VALUE proc)
{
    const struct block *b = RDATA(proc)->data;
    if (!b) return;
    gc_mark(b->self);
    gc_mark(b->cref);
    gc_mark(b->script);
    gc_mark(b->cdata);
    gc_mark(b->method_me);
    gc_mark(b->def_class);
    gc_mark_env(b->env);
    gc_mark_block(b->outer_block);
}

void proc_gc_free(VALUE proc) { gc_body_free(RDATA(proc)->data, sizeof(struct block)); }

/* ------------------------------------------------------------ calling at the proc's level */
struct proc_run {
    const struct block *b;
    int argc;
    const VALUE *argv;
    VALUE self;
    int flags;
    int level;
};

static VALUE proc_run_body(VALUE arg)
{
    struct proc_run *r = (struct proc_run *)arg;
    return vm_invoke_block(r->b, r->argc, r->argv, r->self, 0, r->flags);
}

static VALUE proc_run_tagged(void *arg) { return proc_run_body((VALUE)arg); }

static VALUE proc_run_restore(VALUE arg)
{
    vm.th->safe_level = ((struct proc_run *)arg)->level;
    return Qnil;
}

/* Run proc's block b at the $SAFE the proc was made at; the caller's level
   comes back after (1.8.7: proc { $SAFE = 1 }.call leaves $SAFE as it
   was).  When the levels differ it comes back on a jump too. */
VALUE proc_invoke(VALUE proc, const struct block *b, int argc, const VALUE *argv, VALUE self, int flags)
{
    struct thread *th = vm.th;
    int caller = th->safe_level;
    int level = (int)((RBASIC(proc)->flags & PROC_SAFE_MASK) >> PROC_SAFE_SHIFT);
    struct proc_run r = { b, argc, argv, self, flags, caller };
    if (LIKELY(level == caller)) {
        /* 1.8.7's proc_invoke had a tag of its own */
        VALUE v = TAG_LIKE_18 ? tag_like_18(proc_run_tagged, &r) : vm_invoke_block(b, argc, argv, self, 0, flags);
        th->safe_level = caller;
        return v;
    }
    th->safe_level = level;
    return vm_ensure(proc_run_body, (VALUE)&r, proc_run_restore, (VALUE)&r);
}

/* proc_call for a caller that ends when the block does (a thread's body):
   the caller's $SAFE is not put back, so the call is a tail call, one
   frame less on every thread's stack.  As 1.8.7's thread start, the
   parameters are counted as a lambda's: Thread.new(1) { |a, b| } raises
   ArgumentError (1 for 2), and |a| takes what it gets with the warning. */
VALUE proc_call_to_end(VALUE proc, int argc, const VALUE *argv)
{
    const struct block *b = proc_block(proc);
    vm.th->safe_level = (int)((RBASIC(proc)->flags & PROC_SAFE_MASK) >> PROC_SAFE_SHIFT);
    return vm_invoke_block(b, argc, argv, b->self, 0, INVOKE_CALL | INVOKE_STRICT);
}

VALUE proc_call(VALUE proc, int argc, const VALUE *argv)
{
    const struct block *b = proc_block(proc);
    return proc_invoke(proc, b, argc, argv, b->self, INVOKE_CALL);
}

static VALUE method_call_block(VALUE method, int argc, const VALUE *argv);
static int me_arity(VALUE me);
static VALUE method_me(VALUE method);

int proc_arity(VALUE proc)
{
    const struct block *b = proc_block(proc);
    if (b->cfunc == method_call_block) return me_arity(method_me(b->cdata));   /* Method#to_proc */
    if (!b->node) return -1;
    const struct node_mlhs *p = b->node->params;
    if (!p && b->node->block_param) return 1;                     /* { |&b| } : 1 (1.8.7) */
    if (!p) return b->node->h.flags & NF_EMPTY_PARAMS ? 0 : -1;   /* { || } : 0 (1.8.7) */
    if (p->n == 1 && !p->splat && !p->has_splat && !p->trailing_comma) return 1;
    if (p->splat || p->has_splat) return -(p->n + 1);
    return p->n;
}

static VALUE block_or_error(void)
{
    const struct block *blk = vm_current_block();
    if (!blk) {
        /* Proc.new without a block: the block of the method that called it */
        struct frame *f = vm.th->frame->prev;
        blk = f ? f->block : NULL;
    }
    if (!blk) exc_raise(vm.c.ArgumentError, "tried to create Proc object without a block");
    return (VALUE)blk;
}

static VALUE proc_s_new(VALUE klass, int argc, const VALUE *argv)
{
    VALUE p = proc_new((const struct block *)block_or_error(), false);
    if (klass != vm.c.Proc) {
        RBASIC(p)->klass = klass;
        vm_call(p, ID_initialize, argc, argv);
    }
    return p;
}

static VALUE k_proc(VALUE self, int argc, const VALUE *argv)
{
    return proc_new((const struct block *)block_or_error(), true);
}

static VALUE proc_call_m(VALUE self, int argc, const VALUE *argv)
{
    const struct block *b = proc_block(self);
    const struct block *given = vm_current_block();
    if (given && b->node) {
        struct block copy = *b;
        copy.outer_block = given;
        return proc_invoke(self, &copy, argc, argv, b->self, INVOKE_CALL);
    }
    return proc_invoke(self, b, argc, argv, b->self, INVOKE_CALL);
}

static VALUE proc_arity_m(VALUE self, int argc, const VALUE *argv) { return INT2FIX(proc_arity(self)); }
static VALUE proc_to_proc(VALUE self, int argc, const VALUE *argv) { return self; }

static VALUE proc_eq(VALUE self, int argc, const VALUE *argv)
{
    VALUE o = argv[0];
    if (self == o) return Qtrue;
    if (!TYPE_P(o, T_PROC)) return Qfalse;
    const struct block *a = proc_block(self), *b = proc_block(o);
    return BOOL2V(a->node == b->node && a->env == b->env && a->self == b->self && a->cfunc == b->cfunc);
}

/* Proc#dup and #clone: a new Proc over the same code and variables */
static VALUE proc_dup(VALUE self, int argc, const VALUE *argv)
{
    volatile VALUE obj = gc_new_obj(T_PROC, obj_class(self));
    RDATA(obj)->data = NULL;
    struct block *h = block_to_heap(proc_block(self));
    RDATA(obj)->data = h;
    h->proc = obj;
    RBASIC(obj)->flags |= RBASIC(self)->flags & (PROC_LAMBDA | PROC_SAFE_MASK);
    return obj;
}

static VALUE proc_inspect(VALUE self, int argc, const VALUE *argv)
{
    const struct block *b = proc_block(self);
    if (b->node)
        return str_new_fmt("#<%s:0x%lx@%s:%d>", obj_classname(self), (unsigned long)self,
                           script_file(b->script), b->node->h.line);
    return str_new_fmt("#<%s:0x%lx>", obj_classname(self), (unsigned long)self);
}

static VALUE proc_binding(VALUE self, int argc, const VALUE *argv);

/* ------------------------------------------------------------ Binding */
struct binding {
    VALUE self;
    struct env *env;
    VALUE cref;
    VALUE script;
    VALUE block_proc;   /* the block `yield` would call, as a Proc */
    ID mid;
    VALUE me;
    int line;           /* where it was made: eval's default file (script's) and line */
    VALUE backtrace;    /* the frames then, which follow eval'd code in backtraces */
};

static void binding_mark(void *p)
{
    struct binding *b = p;
    gc_mark(b->self);
    gc_mark_env(b->env);
    gc_mark(b->cref);
    gc_mark(b->script);
    gc_mark(b->block_proc);
    gc_mark(b->me);
    gc_mark(b->backtrace);
}

static const struct data_type binding_type = { "Binding", binding_mark, free, NULL };

static VALUE binding_from(VALUE self, struct env *env, VALUE cref, VALUE script, const struct block *blk,
                          ID mid, VALUE me)
{
    struct binding *b = xcalloc(1, sizeof *b);
    b->self = self;
    b->env = env_escape(env);
    b->cref = cref;
    b->script = script;
    b->block_proc = Qnil;
    b->mid = mid;
    b->me = me;
    b->backtrace = Qnil;
    VALUE obj = data_new(vm.c.Binding, &binding_type, b);
    if (blk) b->block_proc = proc_new(blk, false);
    return obj;
}

VALUE binding_new(void)
{
    struct frame *f = vm_ruby_frame();
    if (!f) return binding_from(vm.top_self, NULL, vm.top_cref, 0, NULL, 0, 0);
    VALUE obj = binding_from(f->self, f->env, f->cref, f->script, f->block, f->mid, f->me);
    struct binding *b = RDATA(obj)->data;
    b->line = f->node ? f->node->line : 0;
    int skip = 0;                    /* the frames from f down */
    for (struct frame *g = vm.th->frame; g && g != f; g = g->prev) skip++;
    b->backtrace = exc_backtrace_here(skip);
    return obj;
}

VALUE binding_of(VALUE self, struct env *env, VALUE cref)
{
    VALUE obj = binding_from(self, env, cref, 0, NULL, 0, 0);
    ((struct binding *)RDATA(obj)->data)->backtrace = ary_new();
    return obj;
}

void binding_set_env(VALUE binding, struct env *env)
{
    ((struct binding *)RDATA(binding)->data)->env = env;
}

/* eval(src, binding): the file and line where the binding was made, its
   method and the frames then (a Proc: where it was written) */
bool binding_origin(VALUE obj, struct eval_origin *o)
{
    *o = (struct eval_origin){ NULL, 1, 0, 0, Qnil, 0 };
    if (TYPE_P(obj, T_PROC)) {
        const struct block *b = proc_block(obj);
        if (b->node && b->script) {
            o->file = script_file(b->script);
            o->line = b->node->h.line;
        }
        o->mid = b->mid;
        return true;
    }
    if (!TYPE_P(obj, T_DATA) || RDATA(obj)->type != &binding_type) return false;
    struct binding *b = RDATA(obj)->data;
    if (b->script) {
        o->file = script_file(b->script);
        o->line = b->line;
    }
    o->mid = b->mid;
    o->me = b->me;
    o->bt_tail = b->backtrace;
    return true;
}

/* Binding#dup and #clone: the same context (the variables are shared) */
static VALUE binding_dup(VALUE self, int argc, const VALUE *argv)
{
    struct binding *src = data_get(self, &binding_type);
    struct binding *b = xmalloc(sizeof *b);
    *b = *src;
    VALUE obj = data_new(obj_class(self), &binding_type, b);
    ivar_copy(obj, self);
    if (FL_TEST(self, FL_TAINT)) FL_SET(obj, FL_TAINT);
    return obj;
}

static VALUE binding_clone(VALUE self, int argc, const VALUE *argv)
{
    VALUE obj = binding_dup(self, argc, argv);
    obj_copy_singleton(obj, self);
    if (FL_TEST(self, FL_FROZEN)) FL_SET(obj, FL_FROZEN);
    return obj;
}

/* For eval: the context a Binding (or a Proc, as 1.8 allows) stands for. */
bool binding_context(VALUE obj, VALUE *self, struct env **env, VALUE *cref, const struct block **blk)
{
    if (TYPE_P(obj, T_PROC)) {
        const struct block *b = proc_block(obj);
        *self = b->self;
        *env = b->env;
        *cref = b->cref;
        *blk = b->outer_block;
        return true;
    }
    if (!TYPE_P(obj, T_DATA) || RDATA(obj)->type != &binding_type) return false;
    struct binding *b = RDATA(obj)->data;
    *self = b->self;
    *env = b->env;
    *cref = b->cref;
    *blk = NIL_P(b->block_proc) ? NULL : proc_block(b->block_proc);
    return true;
}

static VALUE k_binding(VALUE self, int argc, const VALUE *argv) { return binding_new(); }

static VALUE proc_binding(VALUE self, int argc, const VALUE *argv)
{
    const struct block *b = proc_block(self);
    VALUE obj = binding_from(b->self, b->env, b->cref, b->script, b->outer_block, b->mid, b->method_me);
    ((struct binding *)RDATA(obj)->data)->line = b->node ? b->node->h.line : 0;
    return obj;
}

/* ------------------------------------------------------------ Method, UnboundMethod */
struct method_obj {
    VALUE recv;     /* Qundef when unbound */
    VALUE klass;    /* class it was taken from */
    VALUE me;
    ID mid;
};

static void method_mark(void *p)
{
    struct method_obj *m = p;
    gc_mark(m->recv);
    gc_mark(m->klass);
    gc_mark(m->me);
}

static const struct data_type method_type = { "Method", method_mark, free, NULL };

VALUE method_new(VALUE recv, ID mid, VALUE me, bool bound)
{
    struct method_obj *m = xcalloc(1, sizeof *m);
    m->recv = bound ? recv : Qundef;
    m->klass = bound ? obj_class(recv) : recv;
    m->me = me;
    m->mid = mid;
    return data_new(bound ? vm.c.Method : vm.c.UnboundMethod, &method_type, m);
}

static struct method_obj *method_get(VALUE v) { return data_get(v, &method_type); }
static VALUE method_me(VALUE method) { return method_get(method)->me; }

static VALUE method_call(VALUE self, int argc, const VALUE *argv)
{
    struct method_obj *m = method_get(self);
    return vm_call_me(m->recv, m->me, m->mid, argc, argv, vm_current_block());
}

static int me_arity(VALUE me)
{
    switch (ME_TYPE(me)) {
    case ME_CFUNC: return RMENTRY(me)->aux.arity;
    case ME_IVAR_GET: return 0;
    case ME_IVAR_SET: return 1;
    case ME_BMETHOD: return proc_arity(RMENTRY(me)->body.proc);
    case ME_AST: {
        const struct params *p = &RMENTRY(me)->body.def->params;
        return p->nopt || p->rest != -1 ? -(p->nreq + 1) : p->nreq;
    }
    default: return -1;
    }
}

static VALUE method_arity(VALUE self, int argc, const VALUE *argv) { return INT2FIX(me_arity(method_get(self)->me)); }

static VALUE method_unbind(VALUE self, int argc, const VALUE *argv)
{
    struct method_obj *m = method_get(self);
    return method_new(m->klass, m->mid, m->me, false);
}

static VALUE umethod_bind(VALUE self, int argc, const VALUE *argv)
{
    struct method_obj *m = method_get(self);
    VALUE owner = RMENTRY(m->me)->owner;
    if (!TYPE_P(owner, T_MODULE) && !obj_is_kind_of(argv[0], class_real(owner) ? class_real(owner) : owner))
        exc_raise(vm.c.TypeError, "bind argument must be an instance of %s", class_name(m->klass));
    return method_new(argv[0], m->mid, m->me, true);
}

/* The body of Method#to_proc: as 1.8.7, one Array value is the argument
   list (each_pair's [k, v] to a method of two arguments). */
static VALUE method_call_block(VALUE method, int argc, const VALUE *argv)
{
    if (argc == 1 && ARRAY_P(argv[0]))
        return method_call(method, (int)RARRAY_LEN(argv[0]), RARRAY_PTR(argv[0]));
    return method_call(method, argc, argv);
}

static VALUE method_to_proc(VALUE self, int argc, const VALUE *argv)
{
    struct block blk = { 0 };
    blk.cfunc = method_call_block;
    blk.cdata = self;
    blk.self = self;
    return proc_new(&blk, true);
}

static VALUE method_name(VALUE self, int argc, const VALUE *argv) { return str_new_cstr(sym_name(method_get(self)->mid)); }
static VALUE method_owner(VALUE self, int argc, const VALUE *argv) { return RMENTRY(method_get(self)->me)->owner; }
static VALUE method_receiver(VALUE self, int argc, const VALUE *argv) { return method_get(self)->recv; }

/* As 1.8.7: "Foo#bar", "Foo(Kernel)#object_id"; a singleton method
   "Foo.cm", "#<Object:0x...>.foo", "Bar(Foo).cm" when inherited; unbound
   from a singleton class "#<Class:Foo>#cm". */
static VALUE method_inspect(VALUE self, int argc, const VALUE *argv)
{
    struct method_obj *m = method_get(self);
    VALUE owner = RMENTRY(m->me)->owner;
    VALUE s = str_new_fmt("#<%s: ", obj_classname(self));
    const char *sharp = "#";
    if (TYPE_P(owner, T_CLASS) && FL_TEST(owner, FL_SINGLETON)) {
        VALUE attached = RCLASS_EXT(owner)->attached;
        if (m->recv == Qundef) {
            str_append(s, obj_inspect(owner));
        } else {
            str_append(s, obj_inspect(m->recv));
            if (m->recv != attached) {
                str_cat(s, "(", 1);
                str_append(s, obj_inspect(attached));
                str_cat(s, ")", 1);
            }
            sharp = ".";
        }
    } else {
        str_cat_cstr(s, class_name(m->klass));
        if (owner != m->klass) str_cat_fmt(s, "(%s)", class_name(owner));
    }
    str_cat_fmt(s, "%s%s>", sharp, sym_name(m->mid));
    return s;
}

/* Entries with the same body: an alias is the same method (1.8.7). */
static bool same_body(VALUE a, VALUE b)
{
    if (a == b) return true;
    if (ME_TYPE(a) != ME_TYPE(b) || RMENTRY(a)->owner != RMENTRY(b)->owner) return false;
    switch (ME_TYPE(a)) {
    case ME_CFUNC: return RMENTRY(a)->body.fn == RMENTRY(b)->body.fn;
    case ME_AST: return RMENTRY(a)->body.def == RMENTRY(b)->body.def;
    case ME_IVAR_GET: case ME_IVAR_SET: return RMENTRY(a)->body.ivar == RMENTRY(b)->body.ivar;
    case ME_BMETHOD: return RMENTRY(a)->body.proc == RMENTRY(b)->body.proc;
    default: return false;
    }
}

static VALUE method_eq(VALUE self, int argc, const VALUE *argv)
{
    if (!TYPE_P(argv[0], T_DATA) || RDATA(argv[0])->type != &method_type) return Qfalse;
    if (class_of(self) != class_of(argv[0])) return Qfalse;
    struct method_obj *a = method_get(self), *b = method_get(argv[0]);
    return BOOL2V(a->recv == b->recv && a->klass == b->klass && same_body(a->me, b->me));
}

/* clone: the same method (1.8.7; dup has no allocator) */
static VALUE method_clone(VALUE self, int argc, const VALUE *argv)
{
    struct method_obj *m = method_get(self), *c = xcalloc(1, sizeof *c);
    *c = *m;
    VALUE copy = data_new(obj_class(self), &method_type, c);
    RBASIC(copy)->flags |= RBASIC(self)->flags & (FL_TAINT | FL_FROZEN);
    return copy;
}

/* define_method(name, proc/method/block) */
VALUE vm_define_method_body(VALUE klass, ID mid, VALUE body, enum visibility visi)
{
    VALUE me;
    if (TYPE_P(body, T_PROC)) {
        me = me_new(ME_BMETHOD, mid, klass, visi);
        RMENTRY(me)->body.proc = body;
    } else if (TYPE_P(body, T_DATA) && RDATA(body)->type == &method_type) {
        VALUE src = method_get(body)->me;
        me = me_new(ME_TYPE(src), ME_NAME(src), RMENTRY(src)->owner, visi);
        RMENTRY(me)->body = RMENTRY(src)->body;
        RMENTRY(me)->aux = RMENTRY(src)->aux;
        RMENTRY(me)->cref = RMENTRY(src)->cref;
    } else {
        exc_raise(vm.c.TypeError, "wrong argument type %s (expected Proc/Method)", obj_classname(body));
    }
    class_add_method(klass, mid, me);
    return body;
}

void proc_init(void)
{
    VALUE p = vm.c.Proc = class_define("Proc", vm.c.Object);
    class_set_allocator(p, NULL);
    define_singleton_method(p, "new", proc_s_new, -1);
    define_method(p, "call", proc_call_m, -1);
    define_method(p, "[]", proc_call_m, -1);
    define_method(p, "yield", proc_call_m, -1);
    define_method(p, "arity", proc_arity_m, 0);
    define_method(p, "to_proc", proc_to_proc, 0);
    define_method(p, "==", proc_eq, 1);
    define_method(p, "dup", proc_dup, 0);
    define_method(p, "clone", proc_dup, 0);
    define_method(p, "inspect", proc_inspect, 0);
    define_method(p, "to_s", proc_inspect, 0);
    define_method(p, "binding", proc_binding, 0);
    define_global_function("proc", k_proc, 0);
    define_global_function("lambda", k_proc, 0);
    define_global_function("binding", k_binding, 0);

    vm.c.Binding = class_define("Binding", vm.c.Object);
    class_set_allocator(vm.c.Binding, NULL);
    define_method(vm.c.Binding, "dup", binding_dup, 0);
    define_method(vm.c.Binding, "clone", binding_clone, 0);

    VALUE m = vm.c.Method = class_define("Method", vm.c.Object);
    class_set_allocator(m, NULL);
    define_method(m, "call", method_call, -1);
    define_method(m, "[]", method_call, -1);
    define_method(m, "arity", method_arity, 0);
    define_method(m, "unbind", method_unbind, 0);
    define_method(m, "to_proc", method_to_proc, 0);
    define_method(m, "name", method_name, 0);
    define_method(m, "owner", method_owner, 0);
    define_method(m, "receiver", method_receiver, 0);
    define_method(m, "inspect", method_inspect, 0);
    define_method(m, "to_s", method_inspect, 0);
    define_method(m, "==", method_eq, 1);
    define_method(m, "clone", method_clone, 0);
    VALUE um = vm.c.UnboundMethod = class_define("UnboundMethod", vm.c.Object);
    class_set_allocator(um, NULL);
    define_method(um, "bind", umethod_bind, 1);
    define_method(um, "arity", method_arity, 0);
    define_method(um, "name", method_name, 0);
    define_method(um, "owner", method_owner, 0);
    define_method(um, "inspect", method_inspect, 0);
    define_method(um, "to_s", method_inspect, 0);
    define_method(um, "==", method_eq, 1);
    define_method(um, "clone", method_clone, 0);
}
