/* ev_ctrl.c: control flow: sequences, conditionals, loops, case/when,
 * break/next/redo/retry/return, begin/rescue/else/ensure.
 *
 * Loops take a tag only when the binder saw a break/next/redo aimed at them
 * (NF_TAG); `while true; end` without one is a plain C loop with a safe
 * point on its back-edge.
 */
#include <string.h>
#include "eval.h"

/* ------------------------------------------------------------ sequences, conditionals */
static VALUE ev_seq(struct node *n, struct frame *f)
{
    struct node_list *l = (struct node_list *)n;
    VALUE v = Qnil;
    /* l->items[i] is read again for each statement: set_trace_func puts
       line-reporting wrappers there (trace.c), even while this runs */
    for (int i = 0; i < l->n; i++) v = EVAL_BODY(l->items[i], f);
    return v;
}

static VALUE ev_if(struct node *n, struct frame *f)
{
    struct node_if *i = (struct node_if *)n;
    struct node *branch = RTEST(EVAL(i->cond, f)) ? i->then_ : i->else_;
    return branch ? EVAL(branch, f) : Qnil;
}

static VALUE ev_and(struct node *n, struct frame *f)
{
    struct node_binary *b = (struct node_binary *)n;
    VALUE v = EVAL(b->left, f);
    return RTEST(v) ? EVAL(b->right, f) : v;
}

static VALUE ev_or(struct node *n, struct frame *f)
{
    struct node_binary *b = (struct node_binary *)n;
    VALUE v = EVAL(b->left, f);
    return RTEST(v) ? v : EVAL(b->right, f);
}

static VALUE ev_not(struct node *n, struct frame *f)
{
    return BOOL2V(!RTEST(EVAL(((struct node_unary *)n)->value, f)));
}

/* ------------------------------------------------------------ loops */
static VALUE ev_while_plain(struct node *n, struct frame *f)
{
    struct node_loop *l = (struct node_loop *)n;
    bool until = n->type == NODE_UNTIL;
    if ((n->flags & NF_DO_WHILE) && l->body) EVAL_BODY(l->body, f);
    while (RTEST(EVAL(l->cond, f)) != until) {
        if (l->body) EVAL_BODY(l->body, f);
        ev_safe_point();
    }
    return Qnil;
}

struct loop_run {
    struct node_loop *l;
    struct frame *f;
    bool until, skip_cond;
};

static VALUE loop_in_tag(void *p)
{
    struct loop_run *r = p;
    for (;;) {
        if (!r->skip_cond && RTEST(EVAL(r->l->cond, r->f)) == r->until) return Qnil;
        r->skip_cond = false;
        if (r->l->body) EVAL_BODY(r->l->body, r->f);
        ev_safe_point();
    }
}

static enum tag_landing loop_landed(void *arg, int state, const struct tag *t, VALUE *result)
{
    struct loop_run *r = arg;
    if (state == TAG_NEXT || state == TAG_REDO) {
        r->skip_cond = state == TAG_REDO;
        return TAG_AGAIN;
    }
    if (state == TAG_BREAK && t->dst == 0) {
        *result = t->val;
        return TAG_DONE;
    }
    return TAG_PASS;
}

/* A loop whose body can break, next or redo: its tag catches them (one
   tag for the whole loop, as MRI 1.8.7's PROT_LOOP). */
static VALUE ev_while_tag(struct node *n, struct frame *f)
{
    struct loop_run r = { (struct node_loop *)n, f, n->type == NODE_UNTIL, (n->flags & NF_DO_WHILE) != 0 };
    struct tag t;
    VALUE v;
    if (tag_protect_loop(&t, 0, loop_in_tag, loop_landed, &r, &v)) tag_rejump(&t);
    return v;
}

static VALUE ev_for(struct node *n, struct frame *f)
{
    struct node_for *fo = (struct node_for *)n;
    VALUE iter = EVAL(fo->iter, f);
    struct block blk;
    ev_setup_block(&blk, fo->block, f);
    struct call_cache cc = { 0 };
    f->node = n;
    VALUE v;
    while ((v = ev_call_with_block(f, iter, ID_each, 0, NULL, &blk, &cc, 0)) == Qundef) {
        iter = EVAL(fo->iter, f);      /* retry: start the loop again */
        ev_setup_block(&blk, fo->block, f);
    }
    return v;
}

/* ------------------------------------------------------------ case */
bool ev_case_eqq(VALUE pattern, VALUE v, struct frame *f)
{
    if ((FIXNUM_P(pattern) && FIXNUM_P(v)) || (SYMBOL_P(pattern) && SYMBOL_P(v)))
        return pattern == v;
    return RTEST(vm_call_public(pattern, ID_eqq, 1, &v));
}

static bool when_matches(struct node_when *w, VALUE subject, bool has_subject, struct frame *f)
{
    for (int i = 0; i < w->n; i++) {
        struct node *p = w->values[i];
        if (p->type == NODE_SPLAT) {
            VALUE ary = ev_splat_value(EVAL(((struct node_unary *)p)->value, f));
            for (long j = 0; j < RARRAY_LEN(ary); j++) {
                VALUE pat = RARRAY_PTR(ary)[j];
                if (has_subject ? ev_case_eqq(pat, subject, f) : RTEST(pat)) return true;
            }
            continue;
        }
        VALUE pat = EVAL(p, f);
        f->node = p;
        if (has_subject ? ev_case_eqq(pat, subject, f) : RTEST(pat)) return true;
    }
    return false;
}

static VALUE ev_case(struct node *n, struct frame *f)
{
    struct node_case *c = (struct node_case *)n;
    VALUE subject = c->subject ? EVAL(c->subject, f) : Qnil;
    for (int i = 0; i < c->n; i++) {
        struct node_when *w = (struct node_when *)c->whens[i];
        if (when_matches(w, subject, c->subject != NULL, f)) return w->body ? EVAL(w->body, f) : Qnil;
    }
    return c->else_ ? EVAL(c->else_, f) : Qnil;
}

/* ------------------------------------------------------------ jumps */
/* `return *a` is the svalue of a (1.8's ret_args): nil, its element or a */
static VALUE jump_value(struct node *value, struct frame *f)
{
    return value ? EVAL(value, f) : Qnil;
}

/* A jump with no loop, block or rescue clause around it (NF_NO_TARGET):
   code given to eval may go to one around the eval call; anything else
   is 1.8.7's LocalJumpError, raised here (a method body's `next` must not
   end a block or loop of its caller). */
static bool eval_jump_has_target(struct frame *f, int flag)
{
    while (f && (f->flags & FRAME_EVAL)) {
        struct frame *ctx = frame_ruby(f->prev);
        if (!ctx) return false;
        if (ctx->node && (ctx->node->flags & flag)) return true;
        f = ctx;
    }
    return false;
}

static void check_jump_target(struct node *n, struct frame *f, const char *reason, VALUE v, const char *msg)
{
    if (!(n->flags & NF_NO_TARGET)) return;
    int flag = n->type == NODE_RETRY ? NF_EVAL_RESCUE : NF_EVAL_LOOP;
    if (eval_jump_has_target(f, flag)) return;
    f->node = n;
    VALUE exc = exc_new(vm.c.LocalJumpError, msg, (long)strlen(msg));
    ivar_set(exc, sym_intern_cstr("@reason"), ID2SYM(sym_intern_cstr(reason)));
    ivar_set(exc, sym_intern_cstr("@exit_value"), v);
    /* 1.8.7 raised all but break where the eval ended: no "(eval)" position */
    if (n->type != NODE_BREAK && (f->flags & FRAME_EVAL)) ivar_set(exc, ID_mesg_made, Qtrue);
    exc_raise_obj(exc);
}

/* the frame a jump in a class body leaves: the one around the body */
static struct frame *jump_frame(struct frame *f)
{
    while ((f->flags & FRAME_CLASS) && f->prev) f = f->prev;
    return f;
}

static VALUE ev_break(struct node *n, struct frame *f)
{
    VALUE v = jump_value(((struct node_unary *)n)->value, f);
    check_jump_target(n, f, "break", v, "unexpected break");
    if (!(n->flags & NF_TO_BLOCK)) tag_jump(TAG_BREAK, v, 0);
    struct frame *lf = jump_frame(f);
    if (lf->flags & FRAME_LAMBDA) tag_jump(TAG_RETURN, v, lf->serial);
    const struct block *blk = lf->running;
    f->node = n;
    if (!blk || !blk->break_id || !tag_reachable(TAG_BREAK, blk->break_id))
        exc_local_jump("break", v, "break from proc-closure");
    tag_jump(TAG_BREAK, v, blk->break_id);
}

static VALUE ev_next(struct node *n, struct frame *f)
{
    VALUE v = jump_value(((struct node_unary *)n)->value, f);
    check_jump_target(n, f, "next", Qnil, "unexpected next");
    tag_jump(TAG_NEXT, v, 0);
}

static VALUE ev_redo(struct node *n, struct frame *f)
{
    check_jump_target(n, f, "redo", Qnil, "unexpected redo");
    tag_jump(TAG_REDO, Qnil, 0);
}

static VALUE ev_retry(struct node *n, struct frame *f)
{
    check_jump_target(n, f, "retry", Qnil, "retry outside of rescue clause");
    if (!(n->flags & NF_TO_BLOCK)) tag_jump(TAG_RETRY, Qnil, 0);
    const struct block *blk = f->running;
    f->node = n;
    if (!blk || !blk->break_id || !tag_reachable(TAG_RETRY, blk->break_id))
        exc_local_jump("retry", Qnil, "retry outside of rescue clause");
    tag_jump(TAG_RETRY, Qnil, blk->break_id);
}

/* A return that would leave a thread's body for the method that made the
   thread, on another thread (1.8.7: ThreadError).  The body's frame is
   the thread's bottom one. */
static bool leaves_thread(struct frame *f, uint64_t target)
{
    if (vm.th == vm.main_th) return false;
    while (f->prev) f = f->prev;
    return (f->flags & FRAME_BLOCK) && f->running && f->running->home_serial == target;
}

static VALUE ev_return(struct node *n, struct frame *f)
{
    VALUE v = jump_value(((struct node_unary *)n)->value, f);
    uint64_t target;
    if (f->flags & (FRAME_LAMBDA | FRAME_RETURN_TAG)) target = f->serial;
    else if (f->flags & FRAME_BLOCK) target = f->running ? f->running->home_serial : 0;
    else if ((f->flags & FRAME_EVAL) && f->home && (f->home->flags & (FRAME_LAMBDA | FRAME_RETURN_TAG)))
        target = f->home->serial;         /* eval("return"): leaves the method eval ran in */
    else target = 0;
    f->node = n;
    if (!target || !tag_reachable(TAG_RETURN, target)) {
        if (leaves_thread(f, target)) exc_raise(vm.c.ThreadError, "return can't jump across threads");
        exc_local_jump("return", v, "unexpected return");
    }
    tag_jump(TAG_RETURN, v, target);
}

static VALUE ev_tail_return(struct node *n, struct frame *f)
{
    return jump_value(((struct node_unary *)n)->value, f);
}

/* ------------------------------------------------------------ rescue and ensure */
static bool rescue_class_matches(VALUE klass, VALUE exc, struct frame *f)
{
    if (!TYPE_P(klass, T_CLASS) && !TYPE_P(klass, T_MODULE))
        exc_raise(vm.c.TypeError, "class or module required for rescue clause");
    return ev_case_eqq(klass, exc, f);
}

static bool resbody_matches(struct node_resbody *rb, VALUE exc, struct frame *f)
{
    if (rb->n == 0) return obj_is_kind_of(exc, vm.c.StandardError);
    for (int i = 0; i < rb->n; i++) {
        struct node *c = rb->classes[i];
        if (c->type == NODE_SPLAT) {
            VALUE ary = ev_splat_value(EVAL(((struct node_unary *)c)->value, f));
            for (long j = 0; j < RARRAY_LEN(ary); j++)
                if (rescue_class_matches(RARRAY_PTR(ary)[j], exc, f)) return true;
        } else if (rescue_class_matches(EVAL(c, f), exc, f)) {
            return true;
        }
    }
    return false;
}

static struct node_resbody *find_handler(struct node_rescue *r, VALUE exc, struct frame *f)
{
    for (int i = 0; i < r->n; i++) {
        struct node_resbody *rb = (struct node_resbody *)r->resbodies[i];
        if (resbody_matches(rb, exc, f)) return rb;
    }
    return NULL;
}

struct rescue_run {
    struct node_rescue *r;
    struct frame *f;
    VALUE saved_err;           /* $! before, restored when the raise is handled */
    bool handling;             /* a rescue clause runs (or is being looked for) */
};

static VALUE rescue_body(void *arg)
{
    struct rescue_run *c = arg;
    return c->r->body ? EVAL(c->r->body, c->f) : Qnil;
}

/* Under the rescue's tag still: a raise looks for its clause and runs it
   (a raise out of it, or out of a clause's class list, lands here again
   and passes on); a retry in the clause runs the body again. */
static enum tag_landing rescue_landed(void *arg, int state, const struct tag *t, VALUE *result)
{
    struct rescue_run *c = arg;
    if (c->handling) {
        if (state != TAG_RETRY || t->dst != 0) return TAG_PASS;
        c->handling = false;
        vm.th->errinfo = c->saved_err;
        return TAG_AGAIN;
    }
    if (state != TAG_RAISE) return TAG_PASS;
    c->handling = true;
    VALUE exc = vm.th->errinfo;
    struct node_resbody *rb = find_handler(c->r, exc, c->f);
    if (!rb) return TAG_PASS;
    if (rb->var) ev_assign(rb->var, exc, c->f);
    *result = rb->body ? EVAL(rb->body, c->f) : Qnil;
    vm.th->errinfo = c->saved_err;
    return TAG_DONE;
}

static VALUE ev_rescue(struct node *n, struct frame *f)
{
    struct rescue_run c = { (struct node_rescue *)n, f, vm.th->errinfo, false };
    struct tag t;
    VALUE v;
    int st = tag_protect_loop(&t, 0, rescue_body, rescue_landed, &c, &v);
    if (st == TAG_NONE) return !c.handling && c.r->else_ ? EVAL(c.r->else_, f) : v;   /* else: outside the tag */
    /* as MRI: $! is restored unless a new exception is leaving (a return
       or break out of a rescue clause must not leak the rescued one) */
    if (st != TAG_RAISE) vm.th->errinfo = c.saved_err;
    tag_rejump(&t);
}

struct ensure_run {
    struct node *body;
    struct frame *f;
};

static VALUE ensure_body(void *arg)
{
    struct ensure_run *c = arg;
    return c->body ? EVAL(c->body, c->f) : Qnil;
}

static VALUE ev_ensure(struct node *n, struct frame *f)
{
    struct node_ensure *e = (struct node_ensure *)n;
    struct ensure_run c = { e->body, f };
    struct tag t;
    VALUE v = Qnil;
    int st = tag_protect(&t, 0, ensure_body, &c, &v);
    VALUE err = vm.th->errinfo;
    if (e->ensure) EVAL(e->ensure, f);
    if (st) {
        vm.th->errinfo = err;
        tag_rejump(&t);
    }
    return v;
}

/* Parts evaluated by their parent node, never on their own. */
static VALUE ev_part(struct node *n, struct frame *f)
{
    mr_bug("%s evaluated outside its parent (line %d)", node_type_name(n->type), n->line);
}

/* ------------------------------------------------------------ selector */
eval_fn ev_ctrl_select(struct node *n)
{
    switch (n->type) {
    case NODE_WHEN: case NODE_RESBODY: return ev_part;
    case NODE_SEQ: return ev_seq;
    case NODE_IF: {
        eval_fn fused = ev_branch_select(n, false);
        return fused ? fused : ev_if;
    }
    case NODE_AND: return ev_and;
    case NODE_OR: return ev_or;
    case NODE_NOT: return ev_not;
    case NODE_WHILE: case NODE_UNTIL: {
        if (TAG_LIKE_18 || (n->flags & NF_TAG)) return ev_while_tag;
        eval_fn fused = ev_branch_select(n, true);
        return fused ? fused : ev_while_plain;
    }
    case NODE_FOR: return ev_for;
    case NODE_CASE: return ev_case;
    case NODE_BREAK: return ev_break;
    case NODE_NEXT: return ev_next;
    case NODE_REDO: return ev_redo;
    case NODE_RETRY: return ev_retry;
    case NODE_RETURN: return (n->flags & NF_TAIL) ? ev_tail_return : ev_return;
    case NODE_RESCUE: return ev_rescue;
    case NODE_ENSURE: return ev_ensure;
    default: return NULL;
    }
}
