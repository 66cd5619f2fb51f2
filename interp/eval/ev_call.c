/* ev_call.c: method calls: argument evaluation, dispatch through inline
 * caches, visibility, method_missing, invocation of C, Ruby, attribute and
 * define_method bodies, super, and the vm_call API for C code.
 *
 * A call site caches (receiver class serial, vm.method_state) -> entry, so
 * a monomorphic call costs one compare after the first.  Fixnum operators
 * have their own nodes that skip dispatch while Fixnum's operators are not
 * redefined.
 */
#include <stdlib.h>
#include <string.h>
#include "eval.h"
#include "ev_num.h"
#include "ruby/green.h"

/* MINIRUBY_BENCH_SLOWDOWN=N (read once at start-up): every method call spins
   N times, a build slowed on purpose for test/bench/compare's tests.  Unset,
   it costs one predictable branch per call.  Each spin is a multiply-add on
   the previous one's result, so every spin past the first few (which overlap
   the call's own work) costs the multiplier's latency; a volatile counter
   was measured to get cheaper per spin as N grew (pmap.rb: +294% at 80,
   +374% at 160, +575% at 320). */
static unsigned long bench_slowdown;
static volatile unsigned long bench_sink;

static NOINLINE void bench_spin(void)
{
    unsigned long x = bench_sink;
    for (unsigned long i = 0; i < bench_slowdown; i++) {
        x = x * 6364136223846793005UL + 1442695040888963407UL;
        __asm__ volatile("" : "+r"(x));
    }
    bench_sink = x;
}

/* ------------------------------------------------------------ arguments */
/* Evaluate the arguments of c.  Small plain lists go to buf; splats or long
   lists build an Array, returned so the caller keeps it alive. */
VALUE ev_eval_args(int n, struct node *const *args, struct frame *f, VALUE *buf, int bufn, int *argcp,
                   VALUE **argvp)
{
    bool splat = false;
    for (int i = 0; i < n; i++)
        if (args[i]->type == NODE_SPLAT) { splat = true; break; }
    if (!splat && n <= bufn) {
        for (int i = 0; i < n; i++) buf[i] = EVAL(args[i], f);
        *argcp = n;
        *argvp = buf;
        return Qnil;
    }
    VALUE ary = ary_new_capa(n);
    for (int i = 0; i < n; i++) {
        struct node *a = args[i];
        if (a->type == NODE_SPLAT) ary_concat(ary, ev_splat_value(EVAL(((struct node_unary *)a)->value, f)));
        else ary_push(ary, EVAL(a, f));
    }
    *argcp = (int)RARRAY_LEN(ary);
    *argvp = RARRAY_PTR(ary);
    return ary;
}

/* &expr: nil gives no block, a Proc gives its block, anything else is
   converted with to_proc (Symbol#to_proc, Method#to_proc). */
VALUE ev_block_arg(struct node *block_arg, struct frame *f, struct block *tmp, const struct block **out)
{
    VALUE v = EVAL(block_arg, f);
    if (NIL_P(v)) { *out = NULL; return v; }
    if (!TYPE_P(v, T_PROC)) {
        VALUE p = vm_respond_to(v, ID_to_proc, true) ? vm_call0(v, ID_to_proc) : Qnil;
        if (!TYPE_P(p, T_PROC))
            exc_raise(vm.c.TypeError, "wrong argument type %s (expected Proc)", obj_classname(v));
        v = p;
    }
    *out = proc_block(v);
    return v;
}

void ev_setup_block(struct block *b, const struct node_block *node, struct frame *f)
{
    b->node = node;
    b->cfunc = NULL;
    b->cdata = 0;
    b->self = f->self;
    b->env = f->env;
    b->cref = f->cref;
    b->script = f->script;
    b->outer_block = f->block;
    b->home = f->home;                 /* on this thread: a frame's home is never another's */
    b->home_th = vm.th;
    /* a plain block's home may be gone (a proc called after its method
       returned): take the identity recorded in the running block */
    if ((f->flags & (FRAME_BLOCK | FRAME_LAMBDA)) == FRAME_BLOCK && f->running)
        b->home_serial = f->running->home_serial;
    else
        b->home_serial = f->home ? f->home->serial : 0;
    b->break_id = (node->h.flags & NF_BLOCK_BREAK) ? ++vm.serial : 0;
    b->proc = 0;
    b->method_me = f->me;
    b->def_class = f->def_class;
    b->mid = f->mid;
    b->flags = 0;
    b->visi = f->visi;
}

/* ------------------------------------------------------------ method_missing */
/* The kind travels in the thread to Kernel#method_missing: a Ruby
   method_missing between them may switch threads before it calls super. */
static NOINLINE VALUE call_missing(struct frame *f, VALUE recv, ID mid, int argc, const VALUE *argv,
                                   const struct block *blk, int kind)
{
    VALUE mm = class_lookup_method_cached(class_of(recv), ID_method_missing);
    VALUE args = ary_new_capa(argc + 1);
    ary_push(args, ID2SYM(mid));
    for (int i = 0; i < argc; i++) ary_push(args, argv[i]);
    vm.th->missing_kind = kind;
    if (!mm) exc_no_method(recv, mid, argc, argv, kind);
    VALUE v = vm_call_me(recv, mm, ID_method_missing, (int)RARRAY_LEN(args), RARRAY_PTR(args), blk);
    GC_GUARD(args);             /* the call's argv is its buffer */
    return v;
}

/* Kernel#method_missing: raise NoMethodError/NameError as MRI words it. */
static VALUE kernel_method_missing(VALUE self, int argc, const VALUE *argv)
{
    if (argc < 1 || !SYMBOL_P(argv[0])) exc_raise(vm.c.ArgumentError, "no id given");
    int kind = vm.th->missing_kind;
    vm.th->missing_kind = MISSING_NONE;
    /* report from the caller's frame, not from method_missing's */
    exc_no_method(self, SYM2ID(argv[0]), argc - 1, argv + 1, kind);
}

/* ------------------------------------------------------------ invocation */
static inline void check_visibility(struct frame *f, VALUE recv, VALUE me, ID mid, int nflags, int *kind)
{
    enum visibility v = ME_VISI(me);
    if (v == VIS_PRIVATE) {
        if (!(nflags & NF_FCALL) && !((nflags & NF_SELFRECV) && sym_is_attrset(mid)))
            *kind = MISSING_PRIVATE;
    } else if (v == VIS_PROTECTED && !(nflags & NF_FCALL)) {
        VALUE owner = RMENTRY(me)->owner;
        if (!obj_is_kind_of(f->self, class_real(owner) ? class_real(owner) : owner))
            *kind = MISSING_PROTECTED;
    }
}

/* A C method's frame records only what backtraces, blocks and the GC
   need; its position is its caller's (see frame_ruby). */
static VALUE invoke_cfunc(VALUE recv, VALUE me, ID mid, int argc, const VALUE *argv,
                          const struct block *blk)
{
    struct thread *th = vm.th;
    struct frame cf;
    cf.prev = th->frame;
    cf.self = recv;
    cf.me = me;
    cf.mid = mid;
    cf.block = blk;
    cf.argc = argc;
    cf.argv = argv;
    cf.flags = FRAME_CFUNC;
    th->frame = &cf;
    if (UNLIKELY(bench_slowdown)) bench_spin();
    int arity = RMENTRY(me)->aux.arity;
    if (UNLIKELY(arity >= 0 && argc != arity)) exc_arity(argc, arity, arity);
    VALUE v = RMENTRY(me)->body.fn(recv, argc, argv);
    th->frame = cf.prev;
    return v;
}

/* set_trace_func: c-call, the call, c-return also when a jump goes through
   (the tag passes it on).  While a trace proc is set the call caches stay
   empty, so that every call comes through vm_call_me, which calls the
   traced variants: the paths of a cache hit need no test. */
struct cfunc_run {
    VALUE recv, me;
    ID mid;
    int argc;
    const VALUE *argv;
    const struct block *blk;
};

static VALUE cfunc_in_tag(void *arg)
{
    struct cfunc_run *c = arg;
    struct thread *th = vm.th;
    struct frame cf = { .prev = th->frame, .self = c->recv, .me = c->me, .mid = c->mid, .block = c->blk,
                        .argc = c->argc, .argv = c->argv, .flags = FRAME_CFUNC };
    th->frame = &cf;
    int arity = RMENTRY(c->me)->aux.arity;
    if (arity >= 0 && c->argc != arity) exc_arity(c->argc, arity, arity);
    return RMENTRY(c->me)->body.fn(c->recv, c->argc, c->argv);
}

static NOINLINE VALUE invoke_cfunc_traced(VALUE recv, VALUE me, ID mid, int argc, const VALUE *argv,
                                          const struct block *blk)
{
    vm_trace_c("c-call", me, mid);
    struct cfunc_run c = { recv, me, mid, argc, argv, blk };
    struct tag t;
    VALUE v = Qnil;
    int st = tag_protect(&t, 0, cfunc_in_tag, &c, &v);   /* catches nothing: c-return also on a jump */
    vm_trace_c("c-return", me, mid);
    if (st) tag_rejump(&t);
    return v;
}

static inline __attribute__((always_inline)) void bind_params(struct frame *fr, const struct node_def *def, int argc,
                                                               const VALUE *argv)
{
    const struct params *p = &def->params;
    VALUE *vars = fr->env->vars;
    int max = p->rest == -1 ? p->nreq + p->nopt : -1;
    if (UNLIKELY(argc < p->nreq || (max >= 0 && argc > max))) {
        fr->node = frame_ruby(fr->prev) ? frame_ruby(fr->prev)->node : fr->node;  /* the call site */
        exc_arity(argc, p->nreq, max);
    }
    int i = 0;
    for (; i < p->nreq; i++) vars[i] = argv[i];
    for (int j = 0; j < p->nopt; j++, i++) {
        if (i < argc) vars[i] = argv[i];
        else EVAL(p->opt[j], fr);
    }
    vars = fr->env->vars;        /* a default value's eval may have grown the env */
    if (p->rest >= 0) vars[p->rest] = argc > i ? ary_new_from(argc - i, argv + i) : ary_new();
    if (p->block >= 0) vars[p->block] = fr->block ? proc_new(fr->block, false) : Qnil;
}

struct body_run {
    struct frame *fr;
    struct node *body;
    const struct node_def *def;
};

static VALUE body_in_tag(void *arg)
{
    struct body_run *c = arg;
    return c->body ? EVAL_BODY(c->body, c->fr) : Qnil;
}

static enum tag_landing return_landed(void *arg, int state, const struct tag *t, VALUE *result)
{
    if (state != TAG_RETURN || t->dst != t->id) return TAG_PASS;
    *result = t->val;
    return TAG_DONE;
}

/* A method body under a tag of its own: a `return` from a block in it
   ends here (and, in the ucontext builds, every method call, as MRI
   1.8.7's rb_call0 tagged it). */
static NOINLINE VALUE run_with_return_tag(struct frame *fr, struct node *body)
{
    fr->serial = ++vm.serial;
    fr->flags |= FRAME_RETURN_TAG;
    struct body_run c = { fr, body, NULL };
    struct tag t;
    VALUE v;
    if (tag_protect_loop(&t, fr->serial, body_in_tag, return_landed, &c, &v)) tag_rejump(&t);
    return v;
}

/* set_trace_func: call, the body, return also when a jump leaves it.
   A method that returns is reported at its statement that ran last (its
   caller's for an empty body); one left by a jump where the jump started
   (the block that did `break`), as 1.8.7's current node. */
static VALUE traced_body(void *arg)
{
    struct body_run *c = arg;
    if (TAG_LIKE_18 || (c->def->h.flags & NF_TAG)) return run_with_return_tag(c->fr, c->def->body);
    return c->def->body ? EVAL(c->def->body, c->fr) : Qnil;
}

static NOINLINE VALUE run_traced(struct frame *fr, const struct node_def *def)
{
    int caller_line = vm_trace_last_line();
    vm_trace_method("call", fr);
    struct body_run c = { fr, def->body, def };
    struct tag t;
    VALUE v = Qnil;
    int st = tag_protect(&t, 0, traced_body, &c, &v);
    if (st == TAG_NONE && fr->node == &def->h && frame_ruby(fr->prev)) fr->node = frame_ruby(fr->prev)->node;
    vm_trace_method(st == TAG_NONE ? "return" : "return-jump", fr);
    vm_trace_set_last_line(caller_line);
    if (st) tag_rejump(&t);
    return v;
}

static NOINLINE VALUE run_traced(struct frame *fr, const struct node_def *def);

static inline __attribute__((always_inline)) VALUE
invoke_ast_in(VALUE recv, VALUE me, ID mid, int argc, const VALUE *argv, const struct block *blk, bool traced)
{
    struct thread *th = vm.th;
    struct frame *caller = th->frame;
    const struct node_def *def = RMENTRY(me)->body.def;
    int n = def->scope.nlocals;
    VALUE vars[n > 0 ? n : 1];
    struct env stack_env, *env;
    /* required parameters only, as many arguments: they are the first
       locals, and there is nothing to check */
    bool bound = argc == def->params.plain;
    if (def->scope.flags & SCOPE_CAPTURED) {
        env = env_new_heap(&def->scope, NULL);
        bound = false;
    } else {
        int given = bound ? argc : 0;      /* one loop: two would become a memcpy call */
        for (int i = 0; i < n; i++) vars[i] = i < given ? argv[i] : Qnil;
        stack_env = (struct env){ vars, NULL, &def->scope, (uint32_t)n, 0 };
        env = &stack_env;
    }
    struct frame fr;
    fr.prev = caller;
    fr.self = recv;
    fr.me = me;
    fr.mid = mid;
    fr.block = blk;
    fr.env = env;
    fr.cref = RMENTRY(me)->cref;
    fr.def_class = 0;
    fr.node = &def->h;
    fr.script = RMENTRY(me)->aux.script;
    fr.running = NULL;
    fr.home = &fr;
    fr.serial = 0;
    fr.svar[0] = fr.svar[1] = Qnil;
    fr.argc = argc;
    fr.argv = NULL;
    fr.flags = 0;
    fr.visi = VIS_PUBLIC;
    ev_stack_check();                /* before the frame: overflow is reported at the caller */
    th->frame = &fr;
    ev_safe_point();
    if (UNLIKELY(bench_slowdown)) bench_spin();
    if (!bound) bind_params(&fr, def, argc, argv);
    VALUE v;
    if (traced) v = run_traced(&fr, def);
    else if (TAG_LIKE_18 || (def->h.flags & NF_TAG)) v = run_with_return_tag(&fr, def->body);
    else v = def->body ? EVAL_BODY(def->body, &fr) : Qnil;
    th->frame = caller;
    return v;
}

static VALUE invoke_ast(VALUE recv, VALUE me, ID mid, int argc, const VALUE *argv, const struct block *blk)
{
    return invoke_ast_in(recv, me, mid, argc, argv, blk, false);
}

static NOINLINE VALUE invoke_ast_traced(VALUE recv, VALUE me, ID mid, int argc, const VALUE *argv,
                                        const struct block *blk)
{
    return invoke_ast_in(recv, me, mid, argc, argv, blk, true);
}

struct bmethod_run {
    VALUE proc, recv;
    const struct block *b;
    int argc;
    const VALUE *argv;
};

static VALUE bmethod_in_tag(void *arg)
{
    struct bmethod_run *c = arg;
    return proc_invoke(c->proc, c->b, c->argc, c->argv, c->recv, FRAME_LAMBDA);
}

static NOINLINE VALUE invoke_bmethod_traced(VALUE proc, const struct block *b, VALUE recv, int argc,
                                            const VALUE *argv)
{
    vm_trace_bmethod("call", b->method_me, b->mid, b);
    struct bmethod_run c = { proc, recv, b, argc, argv };
    struct tag t;
    VALUE v = Qnil;
    int st = tag_protect(&t, 0, bmethod_in_tag, &c, &v);
    vm_trace_bmethod("return", b->method_me, b->mid, b);
    if (st) tag_rejump(&t);
    return v;
}

VALUE vm_call_me(VALUE recv, VALUE me, ID mid, int argc, const VALUE *argv, const struct block *blk)
{
    switch (ME_TYPE(me)) {
    case ME_CFUNC:
        if (UNLIKELY(vm_tracing)) return invoke_cfunc_traced(recv, me, mid, argc, argv, blk);
        return invoke_cfunc(recv, me, mid, argc, argv, blk);
    case ME_AST:
        if (UNLIKELY(vm_tracing)) return invoke_ast_traced(recv, me, mid, argc, argv, blk);
        return invoke_ast(recv, me, mid, argc, argv, blk);
    case ME_IVAR_GET:
        if (argc != 0) exc_arity(argc, 0, 0);
        return ivar_get(recv, RMENTRY(me)->body.ivar);
    case ME_IVAR_SET:
        if (argc != 1) exc_arity(argc, 1, 1);
        return ivar_set(recv, RMENTRY(me)->body.ivar, argv[0]);
    case ME_BMETHOD: {
        const struct block *b = proc_block(RMENTRY(me)->body.proc);
        struct block copy = *b;
        copy.method_me = me;
        copy.mid = mid;
        copy.outer_block = blk;
        VALUE proc = RMENTRY(me)->body.proc;
        if (UNLIKELY(vm_tracing)) return invoke_bmethod_traced(proc, &copy, recv, argc, argv);
        return proc_invoke(proc, &copy, argc, argv, recv, FRAME_LAMBDA);   /* at the proc's $SAFE */
    }
    default:
        exc_no_method(recv, mid, argc, argv, MISSING_NONE);
    }
}

/* A call site's cache entry is current: filled for this class and no
   method table changed since.  A current entry without a method is a
   cached miss (method_missing). */
static inline __attribute__((always_inline)) bool cache_current(const struct call_cache *cc, VALUE klass)
{
    return cc->serial == RCLASS(klass)->serial && cc->state == vm.method_state;
}

/* The inline-cache hit test of every call site. */
static inline __attribute__((always_inline)) bool cache_hit(const struct call_cache *cc, VALUE klass)
{
    return cache_current(cc, klass) && cc->me;
}

/* The class seen before is klass, its way current: it takes the first
   place again, and the class it replaces becomes the other. */
static inline __attribute__((always_inline)) bool cache_swap(struct call_cache *cc, VALUE klass)
{
    if (cc->other.serial != RCLASS(klass)->serial || cc->other.state != vm.method_state || !cc->other.me)
        return false;
    struct call_way now = { cc->serial, cc->state, cc->me, cc->ivar };
    cc->serial = cc->other.serial;
    cc->state = cc->other.state;
    cc->me = cc->other.me;
    cc->ivar = cc->other.ivar;
    cc->other = now;
    return true;
}

/* A miss: the method for klass, from the class seen before (swapped in)
   or from a lookup.  While a trace proc is set nothing is kept: every
   call must come to dispatch_slow. */
static VALUE cache_fill(struct call_cache *cc, VALUE klass, ID mid)
{
    if (cache_swap(cc, klass)) return cc->me;
    struct call_way now = { cc->serial, cc->state, cc->me, cc->ivar };
    VALUE me = class_lookup_method_cached(klass, mid);
    if (UNLIKELY(vm_trace_installed)) return me;
    cc->other = now;
    cc->serial = RCLASS(klass)->serial;
    cc->state = vm.method_state;
    cc->me = me;
    cc->ivar = 0;
    return me;
}

/* attr_reader and attr_writer methods on a plain object: the slot is
   cached with the call site's entry (a class's slots never move). */
static inline VALUE plain_class_of(VALUE klass)
{
    return FL_TEST(klass, FL_SINGLETON) ? class_real(klass) : klass;
}

static inline VALUE attr_get(VALUE recv, VALUE klass, VALUE me, struct call_cache *cc)
{
    if (LIKELY(TYPE_P(recv, T_OBJECT))) {
        uint32_t idx = cc->ivar;
        if (UNLIKELY(!idx)) {
            idx = class_ivar_index(plain_class_of(klass), RMENTRY(me)->body.ivar, false) + 1;
            if (!idx) return Qnil;       /* no object of the class has it yet */
            cc->ivar = idx;
        }
        VALUE v = obj_ivar_at(recv, idx - 1);
        return v == Qundef ? Qnil : v;
    }
    return ivar_get(recv, RMENTRY(me)->body.ivar);
}

static inline VALUE attr_set(VALUE recv, VALUE klass, VALUE me, struct call_cache *cc, VALUE val)
{
    if (LIKELY(TYPE_P(recv, T_OBJECT) && !FL_TEST(recv, FL_FROZEN) && vm_safe_max < 4)) {
        uint32_t idx = cc->ivar;
        if (UNLIKELY(!idx)) cc->ivar = idx = class_ivar_index(plain_class_of(klass), RMENTRY(me)->body.ivar, true) + 1;
        obj_ivar_store(recv, idx - 1, val);
        return val;
    }
    return ivar_set(recv, RMENTRY(me)->body.ivar, val);
}

/* The call a hit makes into the cached entry me, by its kind; *done is
   false for what only vm_call_me can run (a bmethod, an attribute called
   with the wrong number of arguments).  Inlined: the flag folds into the
   callers' branches and the calls stay tail calls.  call_node keeps its
   own switch: through the flag, gc_live and calls ran 0.3% more
   instructions. */
static inline __attribute__((always_inline)) VALUE
call_entry(VALUE recv, VALUE klass, VALUE me, ID mid, int argc, const VALUE *argv, const struct block *blk,
           struct call_cache *cc, bool *done)
{
    *done = true;
    switch (ME_TYPE(me)) {
    case ME_CFUNC: return invoke_cfunc(recv, me, mid, argc, argv, blk);
    case ME_AST: return invoke_ast(recv, me, mid, argc, argv, blk);
    case ME_IVAR_GET: if (argc == 0) return attr_get(recv, klass, me, cc); break;
    case ME_IVAR_SET: if (argc == 1) return attr_set(recv, klass, me, cc, argv[0]); break;
    default: break;
    }
    *done = false;
    return Qundef;
}

/* Cache miss, method_missing or a visibility check: kept out of line so
   that the hit path below needs no saved registers and tail-calls. */
static NOINLINE VALUE dispatch_slow(struct frame *f, VALUE recv, ID mid, int argc, const VALUE *argv,
                                    const struct block *blk, struct call_cache *cc, int nflags)
{
    VALUE klass = class_of(recv);
    VALUE me = cache_current(cc, klass) ? cc->me : cache_fill(cc, klass, mid);
    if (!me)
        return call_missing(f, recv, mid, argc, argv, blk, (nflags & NF_VCALL) ? MISSING_VCALL : MISSING_NONE);
    if (ME_VISI(me) != VIS_PUBLIC) {
        int kind = MISSING_NONE;
        check_visibility(f, recv, me, mid, nflags, &kind);
        if (kind != MISSING_NONE) return call_missing(f, recv, mid, argc, argv, blk, kind);
    }
    if (cache_current(cc, klass)) {  /* the cache holds it (not while tracing): an attribute's slot too */
        if (ME_TYPE(me) == ME_IVAR_GET && argc == 0) return attr_get(recv, klass, me, cc);
        if (ME_TYPE(me) == ME_IVAR_SET && argc == 1) return attr_set(recv, klass, me, cc, argv[0]);
    }
    return vm_call_me(recv, me, mid, argc, argv, blk);
}

/* A miss at a site that sees two classes in turn: the other way, swapped
   in, is a hit (never while tracing: the ways are empty then).  Kept
   apart from ev_dispatch, whose hit path it would cost a saved register,
   and from dispatch_slow, whose work it skips. */
static NOINLINE VALUE dispatch_miss(struct frame *f, VALUE recv, ID mid, int argc, const VALUE *argv,
                                    const struct block *blk, struct call_cache *cc, int nflags)
{
    VALUE klass = class_of_inline(recv);
    if (cache_swap(cc, klass) && ME_VISI(cc->me) == VIS_PUBLIC) {
        bool done;
        VALUE v = call_entry(recv, klass, cc->me, mid, argc, argv, blk, cc, &done);
        if (done) return v;
    }
    return dispatch_slow(f, recv, mid, argc, argv, blk, cc, nflags);
}

/* The heart of every call: a monomorphic site costs one class load and
   two compares before the tail call into the method. */
VALUE ev_dispatch(struct frame *f, VALUE recv, ID mid, int argc, const VALUE *argv,
                  const struct block *blk, struct call_cache *cc, int nflags)
{
    VALUE klass = class_of_inline(recv);
    VALUE me = cc->me;
    if (UNLIKELY(!cache_hit(cc, klass)))
        return dispatch_miss(f, recv, mid, argc, argv, blk, cc, nflags);
    /* public, or private called without a receiver */
    VALUE visi = RBASIC(me)->flags & ((VALUE)3 << 14);
    if (UNLIKELY(visi) && !(visi == ((VALUE)VIS_PRIVATE << 14) && (nflags & NF_FCALL)))
        return dispatch_slow(f, recv, mid, argc, argv, blk, cc, nflags);
    bool done;
    VALUE v = call_entry(recv, klass, me, mid, argc, argv, blk, cc, &done);
    return done ? v : vm_call_me(recv, me, mid, argc, argv, blk);
}

/* ------------------------------------------------------------ call nodes */
/* A call that passes a literal block: a `break` in the block comes back
   here; a `retry` in it returns Qundef and the caller starts again. */
struct iter_run {
    struct frame *f;
    VALUE recv;
    ID mid;
    int argc;
    const VALUE *argv;
    struct block *blk;
    struct call_cache *cc;
    int nflags;
};

static VALUE iter_in_tag(void *arg)
{
    struct iter_run *c = arg;
    return ev_dispatch(c->f, c->recv, c->mid, c->argc, c->argv, c->blk, c->cc, c->nflags);
}

static enum tag_landing iter_landed(void *arg, int state, const struct tag *t, VALUE *result)
{
    if (t->dst != t->id || (state != TAG_BREAK && state != TAG_RETRY)) return TAG_PASS;
    *result = state == TAG_BREAK ? t->val : Qundef;
    return TAG_DONE;
}

/* An iterator call's tag (MRI 1.8.7's NODE_ITER, which the ucontext
   builds keep for every one) catches the block's break, and its retry. */
VALUE ev_call_with_block(struct frame *f, VALUE recv, ID mid, int argc, const VALUE *argv,
                         struct block *blk, struct call_cache *cc, int nflags)
{
    if (!blk->break_id && !TAG_LIKE_18) return ev_dispatch(f, recv, mid, argc, argv, blk, cc, nflags);
    struct iter_run c = { f, recv, mid, argc, argv, blk, cc, nflags };
    struct tag t;
    VALUE v;
    int st = blk->break_id ? tag_protect_loop(&t, blk->break_id, iter_in_tag, iter_landed, &c, &v)
                           : tag_protect(&t, 0, iter_in_tag, &c, &v);
    if (st) tag_rejump(&t);
    return v;
}

static VALUE ev_call_once(struct node *n, struct frame *f);

static VALUE ev_call_general(struct node *n, struct frame *f)
{
    VALUE v;
    while ((v = ev_call_once(n, f)) == Qundef)
        ;   /* retry in the block: the receiver and arguments are evaluated again */
    return v;
}

static VALUE ev_call_once(struct node *n, struct frame *f)
{
    struct node_call *c = (struct node_call *)n;
    VALUE recv = c->recv ? EVAL(c->recv, f) : f->self;
    VALUE buf[8], *argv;
    int argc;
    VALUE keep = ev_eval_args(c->argc, c->args, f, buf, 8, &argc, &argv);
    struct block blk;
    const struct block *bp = NULL;
    VALUE keep_proc = Qnil;
    if (c->block) {
        ev_setup_block(&blk, c->block, f);
        bp = &blk;
    } else if (c->block_arg) {
        keep_proc = ev_block_arg(c->block_arg, f, &blk, &bp);
    }
    f->node = n;
    VALUE v;
    if (c->block) v = ev_call_with_block(f, recv, c->mid, argc, argv, &blk, &c->cache, n->flags);
    else v = ev_dispatch(f, recv, c->mid, argc, argv, bp, &c->cache, n->flags);
    GC_GUARD(keep);
    GC_GUARD(keep_proc);
    return v;
}

/* ev_dispatch's hit path inlined into the call nodes (no block): a call
   whose cache hits goes from the node straight into the method. */
static inline __attribute__((always_inline)) VALUE call_node(struct frame *f, struct node_call *c, VALUE recv, int argc, const VALUE *argv)
{
    VALUE klass = class_of_inline(recv);
    VALUE me = c->cache.me;
    if (LIKELY(cache_hit(&c->cache, klass))) {
        VALUE visi = RBASIC(me)->flags & ((VALUE)3 << 14);
        if (LIKELY(!visi || (visi == ((VALUE)VIS_PRIVATE << 14) && (c->h.flags & NF_FCALL)))) {
            switch (ME_TYPE(me)) {
            case ME_CFUNC: return invoke_cfunc(recv, me, c->mid, argc, argv, NULL);
            case ME_AST: return invoke_ast(recv, me, c->mid, argc, argv, NULL);
            case ME_IVAR_GET: if (argc == 0) return attr_get(recv, klass, me, &c->cache); break;
            case ME_IVAR_SET: if (argc == 1) return attr_set(recv, klass, me, &c->cache, argv[0]); break;
            default: break;
            }
        }
        return ev_dispatch(f, recv, c->mid, argc, argv, NULL, &c->cache, c->h.flags);
    }
    /* a miss: straight to the second way, not through ev_dispatch's
       test of the first again (a site whose two classes alternate,
       richards.rb's task calls, misses at every change) */
    return dispatch_miss(f, recv, c->mid, argc, argv, NULL, &c->cache, c->h.flags);
}

static VALUE ev_call0(struct node *n, struct frame *f)
{
    struct node_call *c = (struct node_call *)n;
    VALUE recv = c->recv ? EVAL(c->recv, f) : f->self;
    f->node = n;
    return call_node(f, c, recv, 0, NULL);
}

static VALUE ev_call1(struct node *n, struct frame *f)
{
    struct node_call *c = (struct node_call *)n;
    VALUE recv = c->recv ? EVAL(c->recv, f) : f->self;
    VALUE arg;
    EV_CLEAR_SLOT(arg);
    arg = EVAL(c->args[0], f);
    f->node = n;
    return call_node(f, c, recv, 1, &arg);
}

static VALUE ev_call2(struct node *n, struct frame *f)
{
    struct node_call *c = (struct node_call *)n;
    VALUE recv = c->recv ? EVAL(c->recv, f) : f->self;
    VALUE argv[2];
    argv[0] = EVAL(c->args[0], f);
    argv[1] = EVAL(c->args[1], f);
    f->node = n;
    return call_node(f, c, recv, 2, argv);
}

static VALUE ev_call3(struct node *n, struct frame *f)
{
    struct node_call *c = (struct node_call *)n;
    VALUE recv = c->recv ? EVAL(c->recv, f) : f->self;
    VALUE argv[3];
    argv[0] = EVAL(c->args[0], f);
    argv[1] = EVAL(c->args[1], f);
    argv[2] = EVAL(c->args[2], f);
    f->node = n;
    return call_node(f, c, recv, 3, argv);
}

/* ------------------------------------------------------------ number fast paths */
uint8_t ev_fix_ops_redefined, ev_flo_ops_redefined;
static uint8_t container_ops_redefined;   /* Array#[] []= << pop or Hash#[] []= */
uint8_t ev_to_s_redefined;                /* to_s of Fixnum Float Symbol nil true false */
static uint8_t str_eq_redefined;          /* String#== */

void ev_trace_fast_paths(bool tracing)
{
    uint8_t *flags[] = { &ev_fix_ops_redefined, &ev_flo_ops_redefined, &container_ops_redefined,
                         &ev_to_s_redefined, &str_eq_redefined };
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        *flags[i] = (uint8_t)((*flags[i] & (OPS_REDEFINED | OPS_SAFE4)) | (tracing ? OPS_TRACED : 0));
}

void ev_safe4_fast_paths(void) { container_ops_redefined |= OPS_SAFE4; }

/* klass (a class or module) is among the ancestors of a class whose to_s
   interpolation does without: a to_s defined or removed there may change
   which to_s those objects have */
static bool to_s_holder(VALUE klass)
{
    VALUE classes[] = { vm.c.Fixnum, vm.c.Float, vm.c.Symbol, vm.c.NilClass, vm.c.TrueClass, vm.c.FalseClass };
    for (size_t i = 0; i < sizeof classes / sizeof classes[0]; i++)
        for (VALUE k = classes[i]; k; k = RCLASS(k)->super)
            if (k == klass || (BUILTIN_TYPE(k) == T_ICLASS && iclass_module(k) == klass)) return true;
    return false;
}

void ev_note_redefinition(VALUE klass, ID mid)
{
    if (mid == ID_to_s && to_s_holder(klass)) ev_to_s_redefined |= OPS_REDEFINED;
    /* String's own ==, which its ancestors' cannot hide */
    if (mid == ID_eq && klass == vm.c.String) str_eq_redefined |= OPS_REDEFINED;
    bool common = klass == vm.c.Numeric || klass == vm.c.Comparable || klass == vm.c.Object ||
                  klass == vm.c.Kernel;
    bool fix = common || klass == vm.c.Fixnum || klass == vm.c.Integer;
    bool flo = common || klass == vm.c.Float;
    if ((mid == ID_aref || mid == ID_aset || mid == ID_lshift || mid == ID_pop) &&
        (klass == vm.c.Array || klass == vm.c.Hash))
        container_ops_redefined |= OPS_REDEFINED;
    switch (mid) {
    case ID_aref: case ID_lshift: case ID_rshift: case ID_and: case ID_or: case ID_xor:
        if (fix) ev_fix_ops_redefined |= OPS_REDEFINED;
        break;
    case ID_plus: case ID_minus: case ID_mul: case ID_div: case ID_mod:
    case ID_lt: case ID_le: case ID_gt: case ID_ge: case ID_eq: case ID_cmp:
        if (fix) ev_fix_ops_redefined |= OPS_REDEFINED;
        if (flo) ev_flo_ops_redefined |= OPS_REDEFINED;
        break;
    default: break;
    }
}

static inline bool flo_pair(VALUE a, VALUE b)
{
    return FLOAT_P(a) && FLOAT_P(b) && !ev_flo_ops_redefined;
}

/* a op b for the arithmetic operators on Fixnums and Floats, or Qundef:
   the call is made (overflow, division by 0, other classes). */
static inline __attribute__((always_inline)) VALUE arith_fast(ID op, VALUE a, VALUE b)
{
    if (LIKELY(FIXNUM_P(a) && FIXNUM_P(b))) return fix_arith(op, a, b);
    double x, y;
    if (!flo_operands(a, b, &x, &y)) return Qundef;
    switch (op) {
    case ID_plus: return float_new(x + y);
    case ID_minus: return float_new(x - y);
    case ID_mul: return float_new(x * y);
    case ID_div: return float_new(x / y);
    default: return Qundef;
    }
}

static VALUE opt_slow(struct node *n, struct frame *f, VALUE recv, VALUE arg)
{
    struct node_call *c = (struct node_call *)n;
    f->node = n;
    return ev_dispatch(f, recv, c->mid, 1, &arg, NULL, &c->cache, n->flags);
}

/* The argument of a call whose argument is a Fixnum literal (`n - 1`,
   `i < 2`): read from its node, not evaluated by a call. */
static inline VALUE literal_arg(const struct node_call *c)
{
    return INT2FIX(((const struct node_int *)c->args[0])->val);
}

static bool fixnum_literal_arg(const struct node_call *c)
{
    return c->args[0]->type == NODE_INT && FIXABLE(((const struct node_int *)c->args[0])->val);
}

/* The evaluators of an operator whose work on its operands is name##_on:
   name on any argument, name##_lit on a Fixnum literal. */
#define OPT_EVALUATORS(name)                                               \
    static VALUE name(struct node *n, struct frame *f)                     \
    {                                                                      \
        struct node_call *c = (struct node_call *)n;                       \
        VALUE a = EVAL(c->recv, f);                                        \
        return name##_on(n, f, a, EVAL(c->args[0], f));                    \
    }                                                                      \
    static VALUE name##_lit(struct node *n, struct frame *f)               \
    {                                                                      \
        struct node_call *c = (struct node_call *)n;                       \
        return name##_on(n, f, EVAL(c->recv, f), literal_arg(c));          \
    }

#define OPT_ARITH(name, op)                                                \
    static inline __attribute__((always_inline)) VALUE                     \
    name##_on(struct node *n, struct frame *f, VALUE a, VALUE b)           \
    {                                                                      \
        VALUE r = arith_fast(op, a, b);                                    \
        return LIKELY(r != Qundef) ? r : opt_slow(n, f, a, b);             \
    }                                                                      \
    OPT_EVALUATORS(name)

OPT_ARITH(opt_plus, ID_plus)
OPT_ARITH(opt_minus, ID_minus)
OPT_ARITH(opt_mul, ID_mul)
OPT_ARITH(opt_div, ID_div)
OPT_ARITH(opt_mod, ID_mod)

/* Fixnum bit operators (the results always fit) */
#define OPT_FIX_BITOP(name, expr)                                          \
    static VALUE name(struct node *n, struct frame *f)                     \
    {                                                                      \
        struct node_call *c = (struct node_call *)n;                       \
        VALUE a = EVAL(c->recv, f), b = EVAL(c->args[0], f);               \
        if (LIKELY(FIXNUM_P(a) && FIXNUM_P(b) && !ev_fix_ops_redefined)) { \
            long x = FIX2LONG(a), y = FIX2LONG(b);                         \
            return INT2FIX(expr);                                          \
        }                                                                  \
        return opt_slow(n, f, a, b);                                       \
    }

OPT_FIX_BITOP(opt_and, x & y)
OPT_FIX_BITOP(opt_or, x | y)
OPT_FIX_BITOP(opt_xor, x ^ y)

static VALUE opt_rshift(struct node *n, struct frame *f)
{
    struct node_call *c = (struct node_call *)n;
    VALUE a = EVAL(c->recv, f), b = EVAL(c->args[0], f);
    if (LIKELY(FIXNUM_P(a) && FIXNUM_P(b) && !ev_fix_ops_redefined)) {
        long x = FIX2LONG(a), y = FIX2LONG(b);
        if (y >= 0 && y < 64) return INT2FIX(x >> y);
    }
    return opt_slow(n, f, a, b);
}

/* x << y for a Fixnum result; otherwise Bignum and Array#<< below */
static inline VALUE fix_lshift_fast(VALUE a, VALUE b)
{
    long x = FIX2LONG(a), y = FIX2LONG(b);
    if (y < 0 || y > 62 || ev_fix_ops_redefined) return Qundef;
    long r = (long)((unsigned long)x << y);
    return (r >> y) == x && FIXABLE(r) ? INT2FIX(r) : Qundef;
}
/* a[i], h[k], a << x and a.pop on plain Arrays and Hashes (not
   subclasses, no singleton methods), while neither class redefines them.
   Only where nothing can raise or run Ruby code: otherwise the call is
   made, so that backtraces keep the method's frame. */
static inline bool plain(VALUE v, VALUE klass)
{
    return HEAP_P(v) && RBASIC(v)->klass == klass && !container_ops_redefined;
}

static inline bool hashed_in_c(VALUE key)
{
    return SPECIAL_P(key) || BUILTIN_TYPE(key) == T_STRING || BUILTIN_TYPE(key) == T_FLOAT;
}

/* a[i] and h[k] without the call, or Qundef */
VALUE ev_opt_aref(VALUE a, VALUE b)
{
    if (plain(a, vm.c.Array) && FIXNUM_P(b)) return ary_entry(a, FIX2LONG(b));
    if (plain(a, vm.c.Hash) && hashed_in_c(b)) return hash_lookup(a, b);   /* missing: the default, by the call */
    return Qundef;
}

static VALUE opt_aref(struct node *n, struct frame *f)
{
    struct node_call *c = (struct node_call *)n;
    VALUE a = EVAL(c->recv, f), b = EVAL(c->args[0], f);
    VALUE v = ev_opt_aref(a, b);
    return v != Qundef ? v : opt_slow(n, f, a, b);
}

/* a[i] = v and h[k] = v (ev_attrasgn): true if done here.  Not when
   it could raise (frozen; an index before the start) or run Ruby code
   (keys hashed by #hash). */
bool ev_opt_aset(VALUE recv, VALUE key, VALUE val)
{
    if (plain(recv, vm.c.Hash)) {
        if (FL_TEST(recv, FL_FROZEN) || !hashed_in_c(key)) return false;
        hash_aset(recv, key, val);
        return true;
    }
    if (plain(recv, vm.c.Array) && FIXNUM_P(key)) {
        long i = FIX2LONG(key);
        if (FL_TEST(recv, FL_FROZEN) || i < 0 || i > RARRAY_LEN(recv)) return false;
        ary_store(recv, i, val);
        return true;
    }
    return false;
}

static VALUE opt_lshift(struct node *n, struct frame *f)
{
    struct node_call *c = (struct node_call *)n;
    VALUE a = EVAL(c->recv, f), b = EVAL(c->args[0], f);
    if (LIKELY(plain(a, vm.c.Array) && !FL_TEST(a, FL_FROZEN))) return ary_push(a, b);
    if (FIXNUM_P(a) && FIXNUM_P(b)) {
        VALUE r = fix_lshift_fast(a, b);
        if (r != Qundef) return r;
    }
    return opt_slow(n, f, a, b);
}

static VALUE opt_pop(struct node *n, struct frame *f)
{
    struct node_call *c = (struct node_call *)n;
    VALUE a = EVAL(c->recv, f);
    if (LIKELY(plain(a, vm.c.Array) && !FL_TEST(a, FL_FROZEN))) return ary_pop(a);
    f->node = n;
    return call_node(f, c, a, 0, NULL);
}

/* Comparisons: Fixnums, and Floats with Floats or Fixnums (false for
   NaN, as the C operators are) */
#define OPT_COMPARE(name, op)                                              \
    static inline __attribute__((always_inline)) VALUE                     \
    name##_on(struct node *n, struct frame *f, VALUE a, VALUE b)           \
    {                                                                      \
        if (LIKELY(FIXNUM_P(a) && FIXNUM_P(b) && !ev_fix_ops_redefined))   \
            return BOOL2V((long)a op (long)b);                             \
        double x, y;                                                       \
        if (flo_operands(a, b, &x, &y)) return BOOL2V(x op y);             \
        return opt_slow(n, f, a, b);                                       \
    }                                                                      \
    OPT_EVALUATORS(name)

OPT_COMPARE(opt_lt, <)
OPT_COMPARE(opt_le, <=)
OPT_COMPARE(opt_gt, >)
OPT_COMPARE(opt_ge, >=)
OPT_COMPARE(opt_eq, ==)

/* s == "literal", s a String of class String: its bytes compared with
   the literal's, without the String that evaluating the literal makes (a
   mailbox loop's `break if msg == 'exit'` made one a message).  Any
   other receiver, or String#== redefined or traced, takes the call. */
static VALUE opt_eq_str(struct node *n, struct frame *f)
{
    struct node_call *c = (struct node_call *)n;
    VALUE a = EVAL(c->recv, f);
    if (LIKELY(!str_eq_redefined && HEAP_P(a) && RBASIC(a)->klass == vm.c.String)) {
        VALUE lit = ((struct node_str *)c->args[0])->lit;
        long len = RSTRING_LEN(lit);
        return BOOL2V(RSTRING_LEN(a) == len && memcmp(RSTRING_PTR(a), RSTRING_PTR(lit), (size_t)len) == 0);
    }
    return opt_slow(n, f, a, EVAL(c->args[0], f));
}

/* ------------------------------------------------------------ branch on a comparison */
/* if, unless, ?:, while and until whose condition compares two plain
   operands (locals, instance variables, a Fixnum literal): the branch or
   the loop compares in its own evaluator, with no call to the condition's
   and no true or false made and tested (fib(25), `n < 2 ? n : ...`: 2.7%
   fewer instructions).  Operands that are not Fixnums or Floats, or a
   redefined operator, take the condition's own path. */
static bool plain_operand(const struct node *n)
{
    return n->type == NODE_LVAR || n->type == NODE_IVAR ||
           (n->type == NODE_INT && FIXABLE(((const struct node_int *)n)->val));
}

static inline __attribute__((always_inline)) VALUE compare_operand(struct node *n, struct frame *f)
{
    return n->type == NODE_INT ? INT2FIX(((const struct node_int *)n)->val) : EVAL(n, f);
}

#define BRANCH_ON(name)                                                    \
    static inline __attribute__((always_inline)) bool                      \
    name##_holds(struct node *cond, struct frame *f)                       \
    {                                                                      \
        struct node_call *c = (struct node_call *)cond;                    \
        VALUE a = EVAL(c->recv, f);                                        \
        return RTEST(name##_on(cond, f, a, compare_operand(c->args[0], f))); \
    }                                                                      \
    static VALUE if_##name(struct node *n, struct frame *f)                \
    {                                                                      \
        struct node_if *i = (struct node_if *)n;                           \
        struct node *branch = name##_holds(i->cond, f) ? i->then_ : i->else_; \
        return branch ? EVAL(branch, f) : Qnil;                            \
    }                                                                      \
    static VALUE while_##name(struct node *n, struct frame *f)             \
    {                                                                      \
        struct node_loop *l = (struct node_loop *)n;                       \
        bool until = n->type == NODE_UNTIL;                                \
        if ((n->flags & NF_DO_WHILE) && l->body) EVAL_BODY(l->body, f);    \
        while (name##_holds(l->cond, f) != until) {                        \
            if (l->body) EVAL_BODY(l->body, f);                            \
            ev_safe_point();                                               \
        }                                                                  \
        return Qnil;                                                       \
    }

BRANCH_ON(opt_lt)
BRANCH_ON(opt_le)
BRANCH_ON(opt_gt)
BRANCH_ON(opt_ge)
BRANCH_ON(opt_eq)

/* The evaluator of an if (loop false) or of a while/until that needs
   no tag (loop true) whose condition qualifies; NULL otherwise. */
eval_fn ev_branch_select(struct node *n, bool loop)
{
    struct node *cond = n->type == NODE_IF ? ((struct node_if *)n)->cond : ((struct node_loop *)n)->cond;
    if (cond->type != NODE_CALL) return NULL;
    struct node_call *c = (struct node_call *)cond;
    if (!c->recv || c->argc != 1 || c->block || c->block_arg ||
        !plain_operand(c->recv) || c->recv->type == NODE_INT || !plain_operand(c->args[0]))
        return NULL;
    switch (c->mid) {
    case ID_lt: return loop ? while_opt_lt : if_opt_lt;
    case ID_le: return loop ? while_opt_le : if_opt_le;
    case ID_gt: return loop ? while_opt_gt : if_opt_gt;
    case ID_ge: return loop ? while_opt_ge : if_opt_ge;
    case ID_eq: return loop ? while_opt_eq : if_opt_eq;
    default: return NULL;
    }
}

/* <=>, the comparison of every sort block: nil for NaN */
static VALUE opt_cmp(struct node *n, struct frame *f)
{
    struct node_call *c = (struct node_call *)n;
    VALUE a = EVAL(c->recv, f), b = EVAL(c->args[0], f);
    if (LIKELY(FIXNUM_P(a) && FIXNUM_P(b) && !ev_fix_ops_redefined))
        return INT2FIX(((long)a > (long)b) - ((long)a < (long)b));
    if (flo_pair(a, b)) {
        double x = RFLOAT_VALUE(a), y = RFLOAT_VALUE(b);
        return x < y ? INT2FIX(-1) : x > y ? INT2FIX(1) : x == y ? INT2FIX(0) : Qnil;
    }
    return opt_slow(n, f, a, b);
}

/* cur op rhs for op-assignment: the number fast paths, else a cached call. */
VALUE ev_binop(struct frame *f, VALUE a, ID op, VALUE b, struct call_cache *cc)
{
    VALUE r = Qundef;
    switch (op) {
    case ID_plus: r = arith_fast(ID_plus, a, b); break;
    case ID_minus: r = arith_fast(ID_minus, a, b); break;
    case ID_mul: r = arith_fast(ID_mul, a, b); break;
    case ID_div: r = arith_fast(ID_div, a, b); break;
    default: break;
    }
    if (LIKELY(r != Qundef)) return r;
    return ev_dispatch(f, a, op, 1, &b, NULL, cc, 0);
}

/* Thread.pass: the scheduler's own primitive, called without dispatch or a
   C frame while the cached method is still the built-in one (every frame
   between a switch and the evaluator costs a mispredicted return). */
static VALUE opt_thread_pass(struct node *n, struct frame *f)
{
    struct node_call *c = (struct node_call *)n;
    VALUE recv = EVAL(c->recv, f);
    f->node = n;
    struct call_cache *cc = &c->cache;
    if (LIKELY(recv == vm.c.Thread && cache_hit(cc, RBASIC(recv)->klass) &&
               ME_TYPE(cc->me) == ME_CFUNC && RMENTRY(cc->me)->body.fn == green_pass_m))
        return green_pass_nil();
    return ev_dispatch(f, recv, c->mid, 0, NULL, NULL, cc, n->flags);
}

/* ------------------------------------------------------------ super and yield */
VALUE ev_call_super(struct frame *f, int argc, const VALUE *argv, const struct block *blk)
{
    VALUE me = f->me;
    if (!me)
        exc_raise(vm.c.NoMethodError, "super called outside of method");
    VALUE owner = RMENTRY(me)->owner;
    ID mid = ME_NAME(me);
    VALUE k = class_of(f->self);
    while (k && k != owner && !(BUILTIN_TYPE(k) == T_ICLASS && iclass_module(k) == owner))
        k = RCLASS(k)->super;
    VALUE sme = k ? class_lookup_method(RCLASS(k)->super, mid) : 0;
    if (!sme) return call_missing(f, f->self, mid, argc, argv, blk, MISSING_SUPER);
    return vm_call_me(f->self, sme, mid, argc, argv, blk);
}

/* `super` without arguments passes the current values of the method's
   parameters (required, optional, then the *rest elements). */
VALUE ev_zsuper_args(struct frame *f)
{
    VALUE me = f->me;
    VALUE args = ary_new();
    if (me && ME_TYPE(me) == ME_BMETHOD) {
        /* define_method: the arguments its body was called with (1.8.7) */
        for (struct frame *b = f; b; b = b->prev)
            if ((b->flags & FRAME_LAMBDA) && b->me == me && b->argv) return ary_new_from(b->argc, b->argv);
        return args;
    }
    if (!me || ME_TYPE(me) != ME_AST) return args;
    struct env *e = f->env;
    while (e && e->outer) e = e->outer;
    if (!e) return args;
    const struct params *p = &RMENTRY(me)->body.def->params;
    for (int i = 0; i < p->nreq + p->nopt && i < (int)e->nvars; i++) ary_push(args, e->vars[i]);
    if (p->rest >= 0 && p->rest < (int)e->nvars) ary_concat(args, conv_to_a(e->vars[p->rest]));
    return args;
}

static VALUE ev_super(struct node *n, struct frame *f)
{
    struct node_call *c = (struct node_call *)n;
    VALUE buf[8], *argv;
    int argc;
    VALUE keep = Qnil, keep_proc = Qnil;
    if (n->type == NODE_ZSUPER) {
        keep = ev_zsuper_args(f);
        argc = (int)RARRAY_LEN(keep);
        argv = RARRAY_PTR(keep);
    } else {
        keep = ev_eval_args(c->argc, c->args, f, buf, 8, &argc, &argv);
    }
    struct block blk;
    const struct block *bp = f->block;   /* a block frame's is its method's */
    if (c->block) { ev_setup_block(&blk, c->block, f); bp = &blk; }
    else if (c->block_arg) keep_proc = ev_block_arg(c->block_arg, f, &blk, &bp);
    f->node = n;
    VALUE v = ev_call_super(f, argc, argv, bp);
    GC_GUARD(keep);
    GC_GUARD(keep_proc);
    return v;
}

static VALUE yield_flags(struct frame *f, int argc, const VALUE *argv, int flags)
{
    const struct block *blk = f->block;
    if (!blk) exc_local_jump("noreason", Qnil, "no block given");
    return vm_invoke_block(blk, argc, argv, blk->self, 0, flags);
}

static VALUE ev_yield_node(struct node *n, struct frame *f)
{
    struct node_call *c = (struct node_call *)n;
    VALUE buf[8], *argv;
    int argc;
    VALUE keep = ev_eval_args(c->argc, c->args, f, buf, 8, &argc, &argv);
    f->node = n;
    /* `yield *a` passes the elements, and one Array element stays whole
       for |a, b| (1.8.7) */
    bool splat = false;
    for (int i = 0; i < c->argc; i++)
        if (c->args[i]->type == NODE_SPLAT) splat = true;
    VALUE v = yield_flags(f, argc, argv, splat ? INVOKE_NO_SPREAD : 0);
    GC_GUARD(keep);
    return v;
}

/* ------------------------------------------------------------ selector */
static eval_fn select_call(struct node_call *c)
{
    bool plain = !c->block && !c->block_arg;
    for (int i = 0; i < c->argc; i++)
        if (c->args[i]->type == NODE_SPLAT) plain = false;
    if (!plain) return ev_call_general;
    if (c->argc == 1 && c->recv && fixnum_literal_arg(c)) {
        switch (c->mid) {
        case ID_plus: return opt_plus_lit;
        case ID_minus: return opt_minus_lit;
        case ID_mul: return opt_mul_lit;
        case ID_div: return opt_div_lit;
        case ID_mod: return opt_mod_lit;
        case ID_lt: return opt_lt_lit;
        case ID_le: return opt_le_lit;
        case ID_gt: return opt_gt_lit;
        case ID_ge: return opt_ge_lit;
        case ID_eq: return opt_eq_lit;
        default: break;
        }
    }
    if (c->argc == 1 && c->recv && c->mid == ID_eq && c->args[0]->type == NODE_STR) return opt_eq_str;
    if (c->argc == 1 && c->recv) {
        switch (c->mid) {
        case ID_plus: return opt_plus;
        case ID_minus: return opt_minus;
        case ID_mul: return opt_mul;
        case ID_div: return opt_div;
        case ID_mod: return opt_mod;
        case ID_and: return opt_and;
        case ID_or: return opt_or;
        case ID_xor: return opt_xor;
        case ID_rshift: return opt_rshift;
        case ID_lt: return opt_lt;
        case ID_le: return opt_le;
        case ID_gt: return opt_gt;
        case ID_ge: return opt_ge;
        case ID_eq: return opt_eq;
        case ID_cmp: return opt_cmp;
        case ID_aref: return opt_aref;
        case ID_lshift: return opt_lshift;
        default: break;
        }
    }
    if (c->argc == 0 && c->recv && c->mid == ID_pop) return opt_pop;
    if (c->argc == 0 && c->recv && c->recv->type == NODE_CONST &&
        ((struct node_var *)c->recv)->name == sym_intern_cstr("Thread") && c->mid == sym_intern_cstr("pass"))
        return opt_thread_pass;
    switch (c->argc) {
    case 0: return ev_call0;
    case 1: return ev_call1;
    case 2: return ev_call2;
    case 3: return ev_call3;
    default: return ev_call_general;
    }
}

eval_fn ev_call_select(struct node *n)
{
    switch (n->type) {
    case NODE_CALL: return select_call((struct node_call *)n);
    case NODE_SUPER: case NODE_ZSUPER: return ev_super;
    case NODE_YIELD: return ev_yield_node;
    default: return NULL;
    }
}

/* ------------------------------------------------------------ the C API */
static VALUE call_from_c(VALUE recv, ID mid, int argc, const VALUE *argv, const struct block *blk, bool priv)
{
    /* C methods that call back into methods (inspect, ==, hash of nested
       arrays) recurse in C: SystemStackError, not SIGSEGV */
    ev_stack_check();
    VALUE me = class_lookup_method_cached(class_of(recv), mid);
    struct frame *f = vm.th->frame;
    if (!me) return call_missing(f, recv, mid, argc, argv, blk, MISSING_NONE);
    if (!priv && ME_VISI(me) != VIS_PUBLIC) {
        int kind = MISSING_NONE;
        check_visibility(f, recv, me, mid, 0, &kind);
        if (kind != MISSING_NONE) return call_missing(f, recv, mid, argc, argv, blk, kind);
    }
    return vm_call_me(recv, me, mid, argc, argv, blk);
}

VALUE vm_call(VALUE recv, ID mid, int argc, const VALUE *argv)
{
    return call_from_c(recv, mid, argc, argv, NULL, true);
}

VALUE vm_call0(VALUE recv, ID mid) { return call_from_c(recv, mid, 0, NULL, NULL, true); }
VALUE vm_call1(VALUE recv, ID mid, VALUE a) { return call_from_c(recv, mid, 1, &a, NULL, true); }

VALUE vm_call_public(VALUE recv, ID mid, int argc, const VALUE *argv)
{
    return call_from_c(recv, mid, argc, argv, NULL, false);
}

VALUE vm_call_with_block(VALUE recv, ID mid, int argc, const VALUE *argv, const struct block *blk)
{
    return call_from_c(recv, mid, argc, argv, blk, true);
}

VALUE vm_call_with_proc(VALUE recv, ID mid, int argc, const VALUE *argv, VALUE proc)
{
    return call_from_c(recv, mid, argc, argv, NIL_P(proc) ? NULL : proc_block(proc), true);
}

VALUE vm_call_cblock(VALUE recv, ID mid, int argc, const VALUE *argv, block_cfunc fn, VALUE data)
{
    struct block blk;
    memset(&blk, 0, sizeof blk);
    blk.cfunc = fn;
    blk.cdata = data;
    blk.self = vm_self();
    blk.outer_block = vm_current_block();
    return call_from_c(recv, mid, argc, argv, &blk, true);
}

VALUE vm_call_super(int argc, const VALUE *argv)
{
    struct frame *f = vm.th->frame;
    return ev_call_super(f, argc, argv, f->block);
}

bool vm_respond_to(VALUE obj, ID mid, bool include_private)
{
    VALUE klass = class_of(obj);
    VALUE rt = class_lookup_method_cached(klass, ID_respond_to_p);
    if (rt && ME_TYPE(rt) == ME_CFUNC && RMENTRY(rt)->owner == vm.c.Kernel) {
        VALUE me = class_lookup_method_cached(klass, mid);
        return me && (include_private || ME_VISI(me) != VIS_PRIVATE);
    }
    VALUE args[2] = { ID2SYM(mid), BOOL2V(include_private) };
    return RTEST(vm_call(obj, ID_respond_to_p, include_private ? 2 : 1, args));
}

void ev_call_init(void)
{
    define_private_method(vm.c.Kernel, "method_missing", kernel_method_missing, -1);
    const char *slow = getenv("MINIRUBY_BENCH_SLOWDOWN");
    if (slow) bench_slowdown = strtoul(slow, NULL, 10);
}
