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
    for (int i = 0; i < l->n; i++) v = EVAL(l->items[i], f);
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
    if ((n->flags & NF_DO_WHILE) && l->body) EVAL(l->body, f);
    while (RTEST(EVAL(l->cond, f)) != until) {
        if (l->body) EVAL(l->body, f);
        ev_safe_point();
    }
    return Qnil;
}

static VALUE ev_while_tag(struct node *n, struct frame *f)
{
    struct node_loop *l = (struct node_loop *)n;
    bool until = n->type == NODE_UNTIL;
    volatile bool skip_cond = (n->flags & NF_DO_WHILE) != 0;
    struct tag tag;
    tag_push(&tag);
    for (;;) {
        JUMP_SAVE(tag.buf);
        if (tag.state == TAG_NONE) {
            for (;;) {
                if (!skip_cond && RTEST(EVAL(l->cond, f)) == until) {
                    tag_pop(&tag);
                    return Qnil;
                }
                skip_cond = false;
                if (l->body) EVAL(l->body, f);
                ev_safe_point();
            }
        }
        int st = tag.state;
        tag.state = TAG_NONE;
        vm.th->frame = f;
        if (st == TAG_NEXT) { skip_cond = false; continue; }
        if (st == TAG_REDO) { skip_cond = true; continue; }
        tag_pop(&tag);
        if (st == TAG_BREAK && tag.dst == 0) return tag.val;
        tag_jump(st, tag.val, tag.dst);
    }
}

static VALUE ev_for(struct node *n, struct frame *f)
{
    struct node_for *fo = (struct node_for *)n;
    VALUE iter = EVAL(fo->iter, f);
    struct block blk;
    ev_setup_block(&blk, fo->block, f);
    struct call_cache cc = { 0, 0, 0, 0 };
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
    (void)f;
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
    if (!target || !tag_reachable(TAG_RETURN, target)) exc_local_jump("return", v, "unexpected return");
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

static VALUE ev_rescue(struct node *n, struct frame *f)
{
    struct node_rescue *r = (struct node_rescue *)n;
    VALUE saved_err = vm.th->errinfo;
    volatile bool handling = false;
    struct tag tag;
    tag_push(&tag);
    for (;;) {
        JUMP_SAVE(tag.buf);
        if (tag.state == TAG_NONE && !handling) {
            VALUE v = r->body ? EVAL(r->body, f) : Qnil;
            tag_pop(&tag);
            return r->else_ ? EVAL(r->else_, f) : v;
        }
        if (tag.state == TAG_NONE) break;        /* cannot happen: handling resets state */
        int st = tag.state;
        tag.state = TAG_NONE;
        vm.th->frame = f;
        if (handling && st == TAG_RETRY && tag.dst == 0) {
            handling = false;
            vm.th->errinfo = saved_err;
            continue;
        }
        if (handling || st != TAG_RAISE) { tag.state = st; break; }
        handling = true;
        VALUE exc = vm.th->errinfo;
        struct node_resbody *rb = find_handler(r, exc, f);
        if (!rb) { tag.state = st; break; }
        if (rb->var) ev_assign(rb->var, exc, f);
        VALUE v = rb->body ? EVAL(rb->body, f) : Qnil;
        tag_pop(&tag);
        vm.th->errinfo = saved_err;
        return v;
    }
    tag_pop(&tag);
    /* as MRI: $! is restored unless a new exception is leaving (a return
       or break out of a rescue clause must not leak the rescued one) */
    if (tag.state != TAG_RAISE) vm.th->errinfo = saved_err;
    tag_jump(tag.state, tag.val, tag.dst);
}

static VALUE ev_ensure(struct node *n, struct frame *f)
{
    struct node_ensure *e = (struct node_ensure *)n;
    volatile VALUE result = Qnil;
    struct tag tag;
    tag_push(&tag);
    JUMP_SAVE(tag.buf);
    if (tag.state == TAG_NONE && e->body) result = EVAL(e->body, f);
    tag_pop(&tag);
    int st = tag.state;
    VALUE val = tag.val;
    uintptr_t dst = tag.dst;
    VALUE err = vm.th->errinfo;
    if (e->ensure) EVAL(e->ensure, f);
    if (st) {
        vm.th->errinfo = err;
        tag_jump(st, val, dst);
    }
    return result;
}

/* Parts evaluated by their parent node, never on their own. */
static VALUE ev_part(struct node *n, struct frame *f)
{
    (void)f;
    mr_bug("%s evaluated outside its parent (line %d)", node_type_name(n->type), n->line);
}

/* ------------------------------------------------------------ selector */
eval_fn ev_ctrl_select(struct node *n)
{
    switch (n->type) {
    case NODE_WHEN: case NODE_RESBODY: return ev_part;
    case NODE_SEQ: return ev_seq;
    case NODE_IF: return ev_if;
    case NODE_AND: return ev_and;
    case NODE_OR: return ev_or;
    case NODE_NOT: return ev_not;
    case NODE_WHILE: case NODE_UNTIL: return (n->flags & NF_TAG) ? ev_while_tag : ev_while_plain;
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
