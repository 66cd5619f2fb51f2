/* ev_block.c: running blocks (yield), block parameters by Ruby 1.8's rules,
 * environments.
 *
 * A block body that can `next` or `redo` runs under a tag (tag.h), as does
 * every block body and parameter list in the ucontext builds, as in MRI
 * 1.8: what makes them pay one getcontext (and one rt_sigprocmask) each.
 */
#include <stdlib.h>
#include <string.h>
#include "eval.h"

/* ------------------------------------------------------------ environments */
struct env *env_new_heap(const struct scope_info *scope, struct env *outer)
{
    VALUE obj = gc_new_obj(T_ENV, 0);
    struct env *e = &((struct REnv *)obj)->env;
    int n = scope ? scope->nlocals : 0;
    e->outer = outer;
    e->scope = scope;
    e->flags = ENV_HEAP;
    e->nvars = 0;
    if (n > 0) {
        VALUE *vars = gc_body_alloc((size_t)n * sizeof(VALUE));
        for (int i = 0; i < n; i++) vars[i] = Qnil;
        e->vars = vars;
        e->nvars = (uint32_t)n;
        gc_malloc_increase((size_t)n * sizeof(VALUE));
    }
    return e;
}

/* A stack environment's vars move into the heap, into a box whose first
   word is their owner, a heap env (returned) that sees the same vars: the
   stack env goes on working on them (ENV_BOXED), as do its frame and the
   blocks written there, and the GC and a later escape find the owner
   through vars[-1].  For a Proc (env_escape) and for callcc, which
   restores stacks but not locals, as 1.8.7 (cont.c). */
struct env *env_box(struct env *e)
{
    uint32_t n = e->nvars;
    struct env *h = env_new_heap(NULL, NULL);    /* no vars yet: safe to mark */
    VALUE *box = gc_body_alloc((size_t)(n + 1) * sizeof(VALUE));
    box[0] = ENV_OBJ(h);
    memcpy(box + 1, e->vars, (size_t)n * sizeof(VALUE));
    gc_malloc_increase((size_t)(n + 1) * sizeof(VALUE));
    h->vars = box + 1;
    h->nvars = n;
    h->scope = e->scope;
    h->flags |= ENV_IN_BOX;
    e->vars = box + 1;
    e->flags |= ENV_BOXED;
    return h;
}

static struct env *box_owner(const struct env *e) { return &((struct REnv *)e->vars[-1])->env; }

/* A C iterator's reused block frame (vm_yield_prepare) would give the
   next iterations the boxed vars: they take the general path instead,
   with an env of their own each. */
void yielder_stop_reusing(struct frame *bf)
{
    struct yielder *y = (struct yielder *)(void *)((char *)bf - offsetof(struct yielder, bf));
    y->fast = false;
}

/* A frame's environment, NULL for a C frame (which sets no env field). */
static struct env *frame_env(const struct frame *f) { return f->flags & FRAME_CFUNC ? NULL : f->env; }

/* The frames of this thread, and the blocks they run or were given, see
   the owner from now on: eval and binding take only heap envs, and the
   owner's vars may move (env_add_locals).  A walk over the frames for
   each escape: a recursion that makes a Proc at every level pays for its
   depth at each. */
static void see_owner(const struct env *e, struct env *h)
{
    for (struct frame *f = vm.th->frame; f; f = f->prev) {
        for (const struct block *b = f->block; b; b = b->outer_block)
            if (b->env == e) ((struct block *)b)->env = h;
        if (f->flags & FRAME_CFUNC) continue;      /* no env, nothing running */
        for (const struct block *b = f->running; b; b = b->outer_block)
            if (b->env == e) ((struct block *)b)->env = h;
        for (struct env *x = f->env; x && !(x->flags & ENV_HEAP); x = x->outer)
            if (x->outer == e) x->outer = h;
        if (f->env != e) continue;
        if (f->flags & FRAME_YIELDER) yielder_stop_reusing(f);
        f->env = h;
    }
}

/* The environment a Proc keeps: e on the heap, with those it is nested in.
   A scope that writes a block literal keeps its locals on the stack until
   a Proc is made of a block that sees them (1.8.7 too moves its scopes
   to the heap then): most blocks are only yielded to. */
struct env *env_escape(struct env *e)
{
    if (!e || (e->flags & ENV_HEAP)) return e;
    struct env *h = e->flags & ENV_BOXED ? box_owner(e) : env_box(e);
    if (e->outer && !h->outer) h->outer = env_escape(e->outer);
    see_owner(e, h);
    return h;
}

/* The stack env of a frame of this thread that is still running works on
   a box too: the box moved from was to now (a frame of another thread,
   whose Proc this one evals into, is not followed). */
static void follow_moved_box(uintptr_t was, VALUE *now)
{
    for (struct frame *f = vm.th->frame; f; f = f->prev)
        for (struct env *x = frame_env(f); x && !(x->flags & ENV_HEAP); x = x->outer)
            if ((x->flags & ENV_BOXED) && (uintptr_t)x->vars == was) x->vars = now;
}

/* Locals made by eval live on in the scope it ran in (MRI 1.8's dynamic
   variables): the environment gets new named slots.  Its slot names are
   then its own copy; the slots may move, so nothing may hold a pointer
   into vars across a call that can run Ruby code. */
void env_add_locals(struct env *e, const ID *names, int n)
{
    if (n <= 0) return;
    const struct scope_info *old = e->scope;
    int have = old ? old->nlocals : 0;
    struct scope_info *s;
    if (e->flags & ENV_OWN_SCOPE) {
        s = (struct scope_info *)old;
    } else {
        s = xmalloc(sizeof *s);
        *s = old ? *old : (struct scope_info){ 0, NULL, 0 };
        ID *copy = xmalloc((size_t)(have > 0 ? have : 1) * sizeof(ID));
        if (have) memcpy(copy, old->names, (size_t)have * sizeof(ID));
        s->names = copy;
        e->scope = s;
        e->flags |= ENV_OWN_SCOPE;
    }
    s->names = xrealloc(s->names, (size_t)(have + n) * sizeof(ID));
    memcpy(s->names + have, names, (size_t)n * sizeof(ID));
    s->nlocals = have + n;
    size_t boxed = e->flags & ENV_IN_BOX ? 1 : 0;      /* the box's owner word */
    uintptr_t was = (uintptr_t)e->vars;       /* an address, once it is freed */
    VALUE *body = boxed ? e->vars - 1 : e->vars;      /* NULL when it had none */
    VALUE *vars = gc_body_realloc(body, (e->nvars + boxed) * sizeof(VALUE),
                                  (e->nvars + boxed + (size_t)n) * sizeof(VALUE));
    e->vars = vars + boxed;
    for (int i = 0; i < n; i++) e->vars[e->nvars + (uint32_t)i] = Qnil;
    e->nvars += (uint32_t)n;
    if (boxed) follow_moved_box(was, e->vars);
    gc_malloc_increase((size_t)n * (sizeof(VALUE) + sizeof(ID)));
}

/* Add the top-level locals of script to e; true if there were any (the
   script must then be parsed again so that they resolve to e's slots).
   eval's code and the REPL's inputs share their host's scope this way. */
bool env_adopt_locals(struct env *e, VALUE script)
{
    const struct scope_info *s = &script_get(script)->prog->scope;
    ID names[s->nlocals > 0 ? s->nlocals : 1];
    int n = 0;
    for (int i = 0; i < s->nlocals; i++)
        if (s->names[i] && sym_is_local(s->names[i])) names[n++] = s->names[i];
    env_add_locals(e, names, n);
    return n > 0;
}

void env_gc_free(struct env *e)
{
    if (e->flags & ENV_IN_BOX) gc_body_free(e->vars - 1, (e->nvars + 1) * sizeof(VALUE));
    else gc_body_free(e->vars, e->nvars * sizeof(VALUE));
    if (e->flags & ENV_OWN_SCOPE) {
        free(((struct scope_info *)e->scope)->names);
        free((void *)e->scope);
    }
}

/* The frame a block's `return` leaves, if it is on this thread: a Proc
   made in another thread has its home there, and that thread's frames,
   spilled, leave their addresses to other threads' (thread/spill.h). */
static struct frame *block_home(const struct block *blk)
{
    return blk->home_th == vm.th ? blk->home : NULL;
}

/* ------------------------------------------------------------ block parameters */
/* MRI 1.8's warning for |a| given no value or several, naming the yield */
static void warn_block_values(int argc, struct frame *bf)
{
    struct frame *site = frame_ruby(bf->prev);
    /* a thread's body: where the thread was made */
    VALUE born = !bf->prev && vm.th != vm.main_th ? exc_thread_born_place(vm.th) : 0;
    if (born) {
        exc_warn("multiple values for a block parameter (%d for 1)\n\tfrom %s", argc, str_cstr(born));
        return;
    }
    if (!site || !site->node) {
        exc_warn("multiple values for a block parameter (%d for 1)", argc);
        return;
    }
    exc_warn("multiple values for a block parameter (%d for 1)\n\tfrom %s:%d", argc,
             script_file(site->script), site->node->line);
}

static void lambda_arity(const struct node_mlhs *p, int argc)
{
    int n = p->n;
    bool rest = p->splat || p->has_splat;
    if (argc < n || (!rest && argc > n)) exc_arity(argc, n, rest ? -1 : n);
}

/* |a, b|, |a, *b|, |a,| : one Array argument is spread over the parameters. */
static bool block_destructures(const struct node_mlhs *p)
{
    return p->n >= 2 || (p->n == 1 && (p->splat || p->has_splat || p->trailing_comma));
}

/* Only local variables of the block itself, no splat: set directly. */
static bool plain_targets(const struct node_mlhs *p)
{
    if (p->splat || p->has_splat) return false;
    for (int i = 0; i < p->n; i++) {
        const struct node *t = p->targets[i];
        if (t->type != NODE_LASGN || ((const struct node_lvar *)t)->depth != 0) return false;
    }
    return true;
}

/* A lambda called with call: 1.8.7 checks the count at every level of
   nesting, |(a, b), c| as well as |a, b|, a level after what it holds. */
static void strict_masgn(const struct node_mlhs *p, VALUE ary, struct frame *bf)
{
    long len = RARRAY_LEN(ary);
    for (int i = 0; i < p->n; i++) {
        struct node *t = p->targets[i];
        VALUE v = i < len ? RARRAY_PTR(ary)[i] : Qnil;
        if (t->type != NODE_MASGN || !((struct node_masgn *)t)->lhs.n || i >= len) {
            ev_assign(t, v, bf);
            continue;
        }
        VALUE inner = conv_check_ary(v);
        strict_masgn(&((struct node_masgn *)t)->lhs, NIL_P(inner) ? ary_new_of(1, v) : inner, bf);
    }
    lambda_arity(p, (int)len);
    if (p->splat)
        ev_assign(p->splat, len > p->n ? ary_subseq(ary, p->n, len - p->n) : ary_new(), bf);
}

/* |a|: any number of values, with 1.8.7's warning for none or several */
static void assign_single(const struct node_block *nb, int argc, const VALUE *argv, struct frame *bf,
                          int mode)
{
    VALUE v;
    if (nb->block_param) {          /* |a, &b| counts as |a,| */
        if ((mode & INVOKE_STRICT) && argc != 1) exc_arity(argc, 1, 1);
        v = argc ? argv[0] : Qnil;
    } else {
        if (argc != 1 && vm.verbose) warn_block_values(argc, bf);
        v = argc == 0 ? Qnil : argc == 1 ? argv[0] : ary_new_from(argc, argv);
    }
    struct node *t = nb->params->targets[0];
    if (t->type == NODE_LASGN && ((struct node_lvar *)t)->depth == 0)
        bf->env->vars[((struct node_lvar *)t)->idx] = v;
    else
        ev_assign(t, v, bf);
}

/* |x| given one value: no rule applies.  Tested by the callers of
   assign_params, before the call, whose other cases make it save six
   registers: blocks.rb spent 18% of its instructions in assign_params,
   mostly that. */
static inline bool assign_lone_param(const struct node_block *nb, int argc, const VALUE *argv, struct frame *bf)
{
    if (!nb->lone_param || argc != 1) return false;
    bf->env->vars[nb->lone_param - 1] = argv[0];
    return true;
}

/* mode: INVOKE_STRICT (a lambda's call, a define_method body) checks the
   count; INVOKE_NO_SPREAD (yield *a) keeps one Array value whole. */
static void assign_params(const struct node_block *nb, int argc, const VALUE *argv, struct frame *bf,
                          int mode)
{
    const struct node_mlhs *p = nb->params;
    if (nb->block_param)
        ev_assign(nb->block_param, bf->block ? proc_new(bf->block, false) : Qnil, bf);
    if (!p) {
        if ((mode & INVOKE_STRICT) && nb->block_param && argc > 0) exc_arity(argc, 0, 0);
        return;
    }
    if (p->n == 1 && !p->splat && !p->has_splat && !p->trailing_comma) {
        assign_single(nb, argc, argv, bf, mode);
        return;
    }
    if (mode & INVOKE_STRICT) {
        strict_masgn(p, ary_new_from(argc, argv), bf);
        return;
    }
    bool multi = block_destructures(p);
    if (multi && argc != 1 && plain_targets(p)) {
        for (int i = 0; i < p->n; i++)
            bf->env->vars[((struct node_lvar *)p->targets[i])->idx] = i < argc ? argv[i] : Qnil;
        return;
    }
    VALUE ary = Qnil;
    if (argc == 1 && multi && !(mode & INVOKE_NO_SPREAD)) ary = conv_check_ary(argv[0]);
    if (NIL_P(ary)) ary = ary_new_from(argc, argv);
    ev_masgn_values(p, ary, bf);
}

/* ------------------------------------------------------------ invocation */
struct block_call {
    const struct node_block *nb;
    struct frame *bf;
    int argc;
    const VALUE *argv;
    int mode;
};

static VALUE params_in_tag(void *p)
{
    struct block_call *c = p;
    if (!assign_lone_param(c->nb, c->argc, c->argv, c->bf)) assign_params(c->nb, c->argc, c->argv, c->bf, c->mode);
    return Qnil;
}

/* The parameters; in the ucontext builds under a tag of their own, as
   MRI 1.8.7's rb_yield_0 assigned them. */
static inline void block_params(const struct node_block *nb, int argc, const VALUE *argv, struct frame *bf, int mode)
{
    if (!nb->params && !nb->block_param) return;
    if (TAG_LIKE_18) {
        struct block_call c = { nb, bf, argc, argv, mode };
        tag_like_18(params_in_tag, &c);
        return;
    }
    if (!assign_lone_param(nb, argc, argv, bf)) assign_params(nb, argc, argv, bf, mode);
}

static VALUE body_in_tag(void *p)
{
    struct block_call *c = p;
    return EVAL_BODY(c->nb->body, c->bf);
}

/* The tag catches next and redo, and a lambda's return. */
static enum tag_landing block_landed(void *arg, int state, const struct tag *t, VALUE *result)
{
    if (state == TAG_REDO) return TAG_AGAIN;
    if (state == TAG_NEXT || (state == TAG_RETURN && t->id && t->dst == t->id)) {
        *result = t->val;
        return TAG_DONE;
    }
    return TAG_PASS;
}

static NOINLINE VALUE run_block_body_tag(struct frame *bf, const struct node_block *nb)
{
    struct block_call c = { nb, bf, 0, NULL, 0 };
    struct tag t;
    VALUE v;
    if (tag_protect_loop(&t, (bf->flags & FRAME_LAMBDA) ? bf->serial : 0, body_in_tag, block_landed, &c, &v))
        tag_rejump(&t);
    return v;
}

/* A tag (a setjmp) only for a body that can `next` or `redo` (or eval
   code that might) and for lambdas, whose `return` ends here; in the
   ucontext builds for every body, as in MRI 1.8.7 (tag.h).  An empty
   body has none, in either. */
static inline VALUE run_block_body(struct frame *bf, const struct node_block *nb)
{
    if (!nb->body) return Qnil;
    if (TAG_LIKE_18 || (nb->h.flags & NF_TAG) || (bf->flags & FRAME_LAMBDA))
        return run_block_body_tag(bf, nb);
    return EVAL_BODY(nb->body, bf);
}

/* def_class: for instance_eval/class_eval blocks, the class `def` defines
   in; constants are still looked up where the block was written. */
VALUE vm_invoke_block(const struct block *blk, int argc, const VALUE *argv, VALUE self,
                      VALUE def_class, int extra_flags)
{
    if (blk->cfunc) return blk->cfunc(blk->cdata, argc, argv);
    const struct node_block *nb = blk->node;
    struct thread *th = vm.th;
    struct frame *caller = th->frame;
    int n = nb->scope.nlocals;
    VALUE vars[n > 0 ? n : 1];
    struct env stack_env, *env;
    if (nb->is_for) {
        env = blk->env;
    } else if (nb->scope.flags & SCOPE_CAPTURED) {
        env = env_new_heap(&nb->scope, blk->env);
    } else {
        for (int i = 0; i < n; i++) vars[i] = Qnil;
        stack_env = (struct env){ vars, blk->env, &nb->scope, (uint32_t)n, 0 };
        env = &stack_env;
    }
    struct frame bf;
    bf.prev = caller;
    bf.self = self;
    bf.me = blk->method_me;
    bf.mid = blk->mid;
    bf.block = blk->outer_block;
    bf.env = env;
    bf.cref = blk->cref;
    bf.def_class = def_class ? def_class : blk->def_class;
    bf.node = &nb->h;
    bf.script = blk->script;
    bf.running = blk;
    bf.home = block_home(blk);
    bf.serial = 0;
    bf.svar[0] = bf.svar[1] = Qnil;
    bf.argc = argc;
    bf.argv = argv;                  /* zsuper in define_method bodies */
    bf.flags = (uint16_t)(FRAME_BLOCK | (extra_flags & FRAME_FLAG_MASK));
    bf.visi = def_class ? VIS_PUBLIC : blk->visi;
    bool lambda = (blk->flags & BLOCK_LAMBDA) || (extra_flags & FRAME_LAMBDA);
    /* 1.8.7 checks a lambda's arity when it is called, not when it is
       yielded to as a block; a thread's body always (INVOKE_STRICT) */
    int mode = extra_flags & (INVOKE_NO_SPREAD | INVOKE_STRICT);
    if ((extra_flags & FRAME_LAMBDA) || ((blk->flags & BLOCK_LAMBDA) && (extra_flags & INVOKE_CALL)))
        mode |= INVOKE_STRICT;
    if (lambda) {
        bf.flags |= FRAME_LAMBDA;
        bf.home = &bf;
        bf.serial = ++vm.serial;
    }
    ev_stack_check();                /* before the frame: overflow is reported at the caller */
    th->frame = &bf;
    ev_safe_point();
    /* in the block's frame, as 1.8.7 reports it: "-e:1:in `m'" */
    if ((mode & INVOKE_STRICT) && (nb->h.flags & NF_EMPTY_PARAMS) && argc > 0) exc_arity(argc, 0, 0);
    block_params(nb, argc, argv, &bf, mode);
    VALUE v = run_block_body(&bf, nb);
    th->frame = caller;
    return v;
}

/* A heap copy of a block, for a Proc, with its environment on the heap. */
struct block *block_to_heap(const struct block *blk)
{
    ((struct block *)blk)->env = env_escape(blk->env);   /* and so does the block itself */
    struct block *h = gc_body_alloc(sizeof *h);
    *h = *blk;
    h->flags |= BLOCK_FROM_PROC;
    h->proc = 0;
    if (h->outer_block && !(h->outer_block->flags & BLOCK_FROM_PROC)) {
        VALUE outer = proc_new(h->outer_block, false);
        h->outer_block = proc_block(outer);
    }
    return h;
}

/* ------------------------------------------------------------ yield from C */
static struct frame *c_frame(void) { return vm.th->frame; }

const struct block *vm_current_block(void)
{
    struct frame *f = c_frame();
    return f ? f->block : NULL;
}

bool vm_block_given(void) { return vm_current_block() != NULL; }

void vm_need_block(void)
{
    exc_local_jump("noreason", Qnil, "no block given");
}

VALUE vm_yield_block(const struct block *blk, int argc, const VALUE *argv)
{
    return vm_invoke_block(blk, argc, argv, blk->self, 0, 0);
}

VALUE vm_yield(int argc, const VALUE *argv)
{
    const struct block *blk = vm_current_block();
    if (!blk) vm_need_block();
    return vm_invoke_block(blk, argc, argv, blk->self, 0, 0);
}

VALUE vm_yield1(VALUE v) { return vm_yield(1, &v); }

/* A plain block (no lambda, not a for body, no closures made inside, few
   locals) keeps one frame for all the iterations of a C iterator. */
void vm_yield_prepare(struct yielder *y)
{
    const struct block *blk = vm_current_block();
    if (!blk) vm_need_block();
    vm_yield_prepare_block(y, blk);
}

void vm_yield_prepare_block(struct yielder *y, const struct block *blk)
{
    y->blk = blk;
    const struct node_block *nb = blk->node;
    y->fast = nb && !(blk->flags & BLOCK_LAMBDA) && !nb->is_for &&
              !(nb->scope.flags & (SCOPE_CAPTURED | SCOPE_HAS_BLOCK)) &&
              nb->scope.nlocals <= YIELDER_LOCALS;
    y->spreads = y->fast && nb->params && block_destructures(nb->params);
    if (!y->fast) return;
    y->env = (struct env){ y->vars, blk->env, &nb->scope, (uint32_t)nb->scope.nlocals, 0 };
    struct frame *bf = &y->bf;
    bf->self = blk->self;
    bf->me = blk->method_me;
    bf->mid = blk->mid;
    bf->block = blk->outer_block;
    bf->env = &y->env;
    bf->cref = blk->cref;
    bf->def_class = blk->def_class;
    bf->script = blk->script;
    bf->running = blk;
    bf->home = block_home(blk);
    bf->serial = 0;
    bf->argc = 1;
    bf->argv = NULL;
    bf->flags = FRAME_BLOCK | FRAME_YIELDER;
    bf->visi = blk->visi;
}

static inline __attribute__((always_inline)) VALUE yield_prepared(struct yielder *y, int argc, const VALUE *argv)
{
    if (!y->fast) return vm_invoke_block(y->blk, argc, argv, y->blk->self, 0, 0);
    const struct node_block *nb = y->blk->node;
    struct thread *th = vm.th;
    struct frame *bf = &y->bf;
    for (uint32_t i = 0; i < y->env.nvars; i++) y->vars[i] = Qnil;
    bf->prev = th->frame;
    bf->node = &nb->h;
    bf->svar[0] = bf->svar[1] = Qnil;
    ev_stack_check();
    th->frame = bf;
    ev_safe_point();
    block_params(nb, argc, argv, bf, 0);
    VALUE r = run_block_body(bf, nb);
    th->frame = bf->prev;
    return r;
}

/* v Qundef yields nothing (Kernel#loop). */
VALUE vm_yield_next(struct yielder *y, VALUE v)
{
    return yield_prepared(y, v == Qundef ? 0 : 1, &v);
}

/* Yield [a, b].  A plain block that spreads it over |a, b| gets the two
   values without the Array, which nobody could see. */
VALUE vm_yield_pair(struct yielder *y, VALUE a, VALUE b)
{
    if (y->fast && y->spreads) {
        VALUE argv[2] = { a, b };
        return yield_prepared(y, 2, argv);
    }
    VALUE pair = ary_new_of(2, a, b);
    return yield_prepared(y, 1, &pair);
}

/* Yield two values, as yield(a, b) does. */
VALUE vm_yield_next2(struct yielder *y, VALUE a, VALUE b)
{
    VALUE argv[2] = { a, b };
    return yield_prepared(y, 2, argv);
}

VALUE vm_yield_values(int argc, ...)
{
    VALUE argv[16];
    va_list ap;
    va_start(ap, argc);
    for (int i = 0; i < argc && i < 16; i++) argv[i] = va_arg(ap, VALUE);
    va_end(ap);
    return vm_yield(argc, argv);
}

VALUE vm_block_proc(void)
{
    const struct block *blk = vm_current_block();
    return blk ? proc_new(blk, false) : Qnil;
}

