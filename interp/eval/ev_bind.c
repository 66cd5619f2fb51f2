/* ev_bind.c: the binder, run once over a freshly parsed tree.
 *
 *  - turns literals into VALUEs owned by the script (frozen strings shared
 *    by every evaluation, floats, bignums, compiled regexps);
 *  - finds where each break/next/redo goes (loop or block) and marks loops,
 *    blocks and defs that need a tag, so that code without jumps pays none;
 *  - rewrites early returns (`return x if c; rest` becomes `c ? x : rest`)
 *    and marks returns in tail position, which then cost nothing;
 *  - picks each node's evaluation function from the owning ev_*.c file.
 */
#include <stdio.h>
#include <string.h>
#include "eval.h"

enum target_kind { TARGET_NONE, TARGET_LOOP, TARGET_BLOCK };

struct bind {
    VALUE script;
    struct arena *arena;
    struct parse_error *err;
    bool failed;
    enum target_kind target;
    struct node *target_node;
    struct node_def *def;     /* innermost def */
    bool in_block;            /* inside a block of that def */
    bool in_rescue;           /* inside a rescue clause: retry restarts its begin */
    int depth;                /* nesting inside the innermost def or block body */
};

/* Methods and blocks check the C stack on entry; an expression nested
   deeper than this inside one body checks again every CHECK_DEPTH levels
   (eval_checked), so that deep nesting gives SystemStackError even on a
   small thread stack.  A level costs a few hundred bytes of stack. */
#define CHECK_DEPTH 24

static void bind_node(struct bind *b, struct node *n);

static void bind_error(struct bind *b, int line, const char *msg)
{
    if (b->failed) return;
    b->failed = true;
    snprintf(b->err->message, sizeof b->err->message, "%s:%d: %s", script_file(b->script), line, msg);
    b->err->line = line;
}

static void bind_list(struct bind *b, struct node **items, int n)
{
    for (int i = 0; i < n; i++) bind_node(b, items[i]);
}

static void bind_opt(struct bind *b, struct node *n)
{
    if (n) bind_node(b, n);
}

static void bind_mlhs(struct bind *b, struct node_mlhs *m)
{
    if (!m) return;
    bind_list(b, m->targets, m->n);
    bind_opt(b, m->splat);
}

/* ------------------------------------------------------------ literals */
static void bind_literal(struct bind *b, struct node *n)
{
    switch (n->type) {
    case NODE_STR: case NODE_XSTR: {
        struct node_str *s = (struct node_str *)n;
        VALUE str = obj_freeze(str_new(s->ptr, (long)s->len));
        s->lit = str;
        script_add_literal(b->script, str);
        break;
    }
    case NODE_FLOAT: {
        struct node_float *fl = (struct node_float *)n;
        fl->lit = float_new(fl->val);
        script_add_literal(b->script, fl->lit);
        break;
    }
    case NODE_BIGINT: {
        struct node_bigint *bi = (struct node_bigint *)n;
        bi->lit = big_from_cstr(bi->digits, bi->base);
        script_add_literal(b->script, bi->lit);
        break;
    }
    case NODE_REGEX: {
        struct node_str *s = (struct node_str *)n;
        char errbuf[256];
        VALUE re = re_new_cstr(s->ptr, (long)s->len, s->re_options, errbuf, sizeof errbuf);
        if (!re) { bind_error(b, n->line, errbuf); return; }
        s->lit = re;
        script_add_literal(b->script, re);
        break;
    }
    default: break;
    }
}

/* ------------------------------------------------------------ returns */
static struct node *new_seq(struct bind *b, struct node **items, int n, int line)
{
    if (n == 1) return items[0];
    struct node_list *l = arena_alloc(b->arena, sizeof *l);
    l->h.type = NODE_SEQ;
    l->h.line = line;
    l->n = n;
    l->items = items;
    return &l->h;
}

static bool is_plain_return(struct node *n) { return n && n->type == NODE_RETURN; }

/* [..., (return v if c), rest...] -> [..., if c then v else rest end] */
static void rewrite_early_returns(struct bind *b, struct node_list *seq)
{
    for (int i = 0; i < seq->n - 1; i++) {
        struct node *s = seq->items[i];
        if (s->type != NODE_IF) continue;
        struct node_if *ifn = (struct node_if *)s;
        bool then_ret = is_plain_return(ifn->then_) && !ifn->else_;
        bool else_ret = is_plain_return(ifn->else_) && !ifn->then_;
        if (!then_ret && !else_ret) continue;
        struct node *rest = new_seq(b, seq->items + i + 1, seq->n - i - 1, seq->items[i + 1]->line);
        if (then_ret) ifn->else_ = rest;
        else ifn->then_ = rest;
        seq->n = i + 1;
        return;
    }
}

static void mark_tail(struct bind *b, struct node *n)
{
    if (!n) return;
    switch (n->type) {
    case NODE_RETURN: n->flags |= NF_TAIL; break;
    case NODE_SEQ: {
        struct node_list *l = (struct node_list *)n;
        rewrite_early_returns(b, l);
        if (l->n) mark_tail(b, l->items[l->n - 1]);
        break;
    }
    case NODE_IF: mark_tail(b, ((struct node_if *)n)->then_); mark_tail(b, ((struct node_if *)n)->else_); break;
    case NODE_CASE: {
        struct node_case *c = (struct node_case *)n;
        for (int i = 0; i < c->n; i++) mark_tail(b, ((struct node_when *)c->whens[i])->body);
        mark_tail(b, c->else_);
        break;
    }
    case NODE_RESCUE: {
        struct node_rescue *r = (struct node_rescue *)n;
        if (!r->else_) mark_tail(b, r->body);
        else mark_tail(b, r->else_);
        for (int i = 0; i < r->n; i++) mark_tail(b, ((struct node_resbody *)r->resbodies[i])->body);
        break;
    }
    case NODE_ENSURE: mark_tail(b, ((struct node_ensure *)n)->body); break;
    default: break;
    }
}

static void bind_jump(struct bind *b, struct node *n)
{
    /* redo and retry are bare nodes: no value field to read */
    if (n->type != NODE_REDO && n->type != NODE_RETRY) bind_opt(b, ((struct node_unary *)n)->value);
    if (n->type == NODE_RETURN) {
        if (n->flags & NF_TAIL) return;
        if (b->def) b->def->h.flags |= NF_TAG;
        return;
    }
    if (n->type == NODE_RETRY) {
        /* outside a rescue clause, 1.8's retry in a block restarts the
           call the block was given to */
        if (!b->in_rescue && b->target == TARGET_BLOCK) {
            n->flags |= NF_TO_BLOCK;
            b->target_node->flags |= NF_BLOCK_BREAK | NF_BLOCK_RETRY;
        }
        if (!b->in_rescue && b->target == TARGET_NONE) n->flags |= NF_NO_TARGET;
        return;
    }
    if (b->target == TARGET_NONE) {
        /* no loop or block around it: a LocalJumpError, unless this is
           code given to eval in one (checked when it runs) */
        n->flags |= NF_NO_TARGET;
        return;
    }
    if (b->target == TARGET_LOOP) {
        b->target_node->flags |= NF_TAG;
    } else {
        n->flags |= NF_TO_BLOCK;
        if (b->target == TARGET_BLOCK && n->type == NODE_BREAK) b->target_node->flags |= NF_BLOCK_BREAK;
        if (b->target == TARGET_BLOCK && n->type != NODE_BREAK) b->target_node->flags |= NF_TAG;
    }
}

/* Code given to eval runs here: its next, redo or return needs the tags
   of the enclosing loop or block and method, as if written in place. */
static void bind_eval_call(struct bind *b, struct node_call *c)
{
    ID mid = c->mid;
    if (mid != ID_eval && mid != ID_instance_eval && mid != ID_class_eval && mid != ID_module_eval) return;
    if (b->target_node) b->target_node->flags |= NF_TAG;
    if (b->def) b->def->h.flags |= NF_TAG;
    /* what a break, next, redo or retry in the code may go to */
    if (b->target != TARGET_NONE) c->h.flags |= NF_EVAL_LOOP;
    if (b->in_rescue) c->h.flags |= NF_EVAL_RESCUE;
}

/* ------------------------------------------------------------ set_trace_func */
/* A body that is one statement: a slot set_trace_func may give a wrapper
   that reports the line (trace.c); a NODE_SEQ notes its statements. */
static void note_body(struct bind *b, struct node **slot)
{
    if (*slot && (*slot)->type != NODE_SEQ) trace_note_slot(script_get(b->script), slot);
}

/* ------------------------------------------------------------ scopes */
/* |x| and nothing else, x a local of the block: one value is stored
   there with no rule to apply (ev_block.c block_params). */
static int lone_param(const struct node_block *blk)
{
    const struct node_mlhs *p = blk->params;
    if (!p || p->n != 1 || p->splat || p->has_splat || p->trailing_comma || blk->block_param || blk->is_for)
        return 0;
    const struct node *t = p->targets[0];
    if (t->type != NODE_LASGN || ((const struct node_lvar *)t)->depth != 0) return 0;
    return ((const struct node_lvar *)t)->idx + 1;
}

static void bind_block(struct bind *b, struct node_block *blk)
{
    struct bind saved = *b;
    b->target = TARGET_BLOCK;
    b->target_node = &blk->h;
    b->in_block = true;
    b->in_rescue = false;
    b->depth = 0;
    bind_mlhs(b, blk->params);
    bind_opt(b, blk->block_param);
    blk->lone_param = lone_param(blk);
    bind_opt(b, blk->body);
    note_body(b, &blk->body);
    saved.failed = b->failed;
    *b = saved;
    blk->h.eval = ev_def_select(&blk->h);
}

static void bind_def(struct bind *b, struct node_def *d)
{
    bind_opt(b, d->singleton);
    struct bind saved = *b;
    b->target = TARGET_NONE;
    b->target_node = NULL;
    b->def = d;
    b->in_block = false;
    b->in_rescue = false;
    b->depth = 0;
    for (int i = 0; i < d->params.nopt; i++) bind_node(b, d->params.opt[i]);
    mark_tail(b, d->body);
    bind_opt(b, d->body);
    note_body(b, &d->body);
    if (d->scope.flags & SCOPE_RETURN_IN_BLOCK) d->h.flags |= NF_TAG;
    saved.failed = b->failed;
    *b = saved;
}

static void bind_class(struct bind *b, struct node_class *c)
{
    if (c->h.type == NODE_SCLASS || c->cpath->type != NODE_CONST) bind_node(b, c->cpath);
    bind_opt(b, c->super);
    struct bind saved = *b;
    /* the body stays in the loop or block around it: `next` there goes on
       with the loop, as in 1.8.7 */
    b->def = NULL;
    b->in_block = false;
    bind_opt(b, c->body);
    note_body(b, &c->body);
    saved.failed = b->failed;
    *b = saved;
}

static void bind_loop(struct bind *b, struct node_loop *l)
{
    struct bind saved = *b;
    b->target = TARGET_LOOP;
    b->target_node = &l->h;
    bind_node(b, l->cond);
    bind_opt(b, l->body);
    note_body(b, &l->body);
    saved.failed = b->failed;
    *b = saved;
}

/* ------------------------------------------------------------ children */
static void bind_children(struct bind *b, struct node *n)
{
    switch (n->type) {
    case NODE_DSTR: case NODE_DXSTR: case NODE_DSYM: case NODE_DREGX:
    case NODE_ARRAY: case NODE_HASH: case NODE_SEQ: {
        struct node_list *l = (struct node_list *)n;
        bind_list(b, l->items, l->n);
        if (n->type == NODE_SEQ) trace_note_seq(script_get(b->script), l);
        break;
    }
    case NODE_EVSTR: case NODE_SPLAT: case NODE_NOT: case NODE_DEFINED: case NODE_MATCH:
        bind_opt(b, ((struct node_unary *)n)->value);
        break;
    case NODE_POSTEXE: bind_block(b, (struct node_block *)((struct node_unary *)n)->value); break;
    case NODE_ALIAS:
        bind_opt(b, ((struct node_alias *)n)->new_dyn);
        bind_opt(b, ((struct node_alias *)n)->old_dyn);
        break;
    case NODE_UNDEF:
        for (int i = 0; i < ((struct node_undef *)n)->n; i++) bind_opt(b, ((struct node_undef *)n)->dyn[i]);
        break;
    case NODE_DOT2: case NODE_DOT3: case NODE_AND: case NODE_OR:
        bind_node(b, ((struct node_binary *)n)->left);
        bind_node(b, ((struct node_binary *)n)->right);
        break;
    case NODE_FLIP2: case NODE_FLIP3:
        bind_node(b, ((struct node_flip *)n)->beg);
        bind_node(b, ((struct node_flip *)n)->end);
        break;
    case NODE_LASGN: bind_opt(b, ((struct node_lvar *)n)->value); break;
    case NODE_IASGN: case NODE_GASGN: case NODE_CVASGN: bind_opt(b, ((struct node_var *)n)->value); break;
    case NODE_COLON2: bind_node(b, ((struct node_colon *)n)->scope); break;
    case NODE_CDECL: {
        struct node_cdecl *c = (struct node_cdecl *)n;
        if (c->target->type == NODE_COLON2) bind_node(b, ((struct node_colon *)c->target)->scope);
        bind_opt(b, c->value);
        break;
    }
    case NODE_MASGN: bind_mlhs(b, &((struct node_masgn *)n)->lhs); bind_opt(b, ((struct node_masgn *)n)->rhs); break;
    case NODE_OP_ASGN: {
        struct node_op_asgn *o = (struct node_op_asgn *)n;
        bind_node(b, o->read);
        bind_node(b, o->write);
        bind_node(b, o->value);
        break;
    }
    case NODE_OP_ASGN_INDEX: {
        struct node_op_index *o = (struct node_op_index *)n;
        bind_node(b, o->recv);
        bind_list(b, o->args, o->argc);
        bind_node(b, o->value);
        break;
    }
    case NODE_OP_ASGN_ATTR: {
        struct node_op_attr *o = (struct node_op_attr *)n;
        o->setter = sym_attrset(o->attr);
        bind_node(b, o->recv);
        bind_node(b, o->value);
        break;
    }
    case NODE_ATTRASGN: case NODE_CALL: case NODE_SUPER: case NODE_ZSUPER: case NODE_YIELD: {
        struct node_call *c = (struct node_call *)n;
        if (n->type == NODE_CALL) bind_eval_call(b, c);
        bind_opt(b, c->recv);
        bind_list(b, c->args, c->argc);
        bind_opt(b, c->block_arg);
        bind_opt(b, c->value);
        if (c->block) bind_block(b, c->block);
        break;
    }
    case NODE_IF: {
        struct node_if *i = (struct node_if *)n;
        bind_node(b, i->cond);
        bind_opt(b, i->then_);
        bind_opt(b, i->else_);
        note_body(b, &i->then_);
        note_body(b, &i->else_);
        break;
    }
    case NODE_WHILE: case NODE_UNTIL: bind_loop(b, (struct node_loop *)n); break;
    case NODE_FOR: bind_node(b, ((struct node_for *)n)->iter); bind_block(b, ((struct node_for *)n)->block); break;
    case NODE_CASE: {
        struct node_case *c = (struct node_case *)n;
        bind_opt(b, c->subject);
        bind_list(b, c->whens, c->n);
        bind_opt(b, c->else_);
        note_body(b, &c->else_);
        break;
    }
    case NODE_WHEN:
        bind_list(b, ((struct node_when *)n)->values, ((struct node_when *)n)->n);
        bind_opt(b, ((struct node_when *)n)->body);
        note_body(b, &((struct node_when *)n)->body);
        break;
    case NODE_BREAK: case NODE_NEXT: case NODE_RETURN: case NODE_REDO: case NODE_RETRY: bind_jump(b, n); break;
    case NODE_RESCUE: {
        struct node_rescue *r = (struct node_rescue *)n;
        bind_opt(b, r->body);
        bind_list(b, r->resbodies, r->n);
        bind_opt(b, r->else_);
        note_body(b, &r->body);
        note_body(b, &r->else_);
        break;
    }
    case NODE_RESBODY: {
        struct node_resbody *r = (struct node_resbody *)n;
        bind_list(b, r->classes, r->n);
        bind_opt(b, r->var);
        bool outer = b->in_rescue;
        b->in_rescue = true;
        bind_opt(b, r->body);
        note_body(b, &r->body);
        b->in_rescue = outer;
        break;
    }
    case NODE_ENSURE: {
        struct node_ensure *e = (struct node_ensure *)n;
        bind_opt(b, e->body);
        bind_opt(b, e->ensure);
        note_body(b, &e->body);
        note_body(b, &e->ensure);
        break;
    }
    case NODE_DEFN: case NODE_DEFS: bind_def(b, (struct node_def *)n); break;
    case NODE_CLASS: case NODE_MODULE: case NODE_SCLASS: bind_class(b, (struct node_class *)n); break;
    default: bind_literal(b, n); break;
    }
}

static eval_fn select_eval(struct node *n)
{
    eval_fn fn;
    if ((fn = ev_arith_select(n)) || (fn = ev_expr_select(n)) || (fn = ev_var_select(n)) ||
        (fn = ev_call_select(n)) ||
        (fn = ev_ctrl_select(n)) || (fn = ev_def_select(n)))
        return fn;
    mr_bug("no evaluator for node %s", node_type_name(n->type));
}

static VALUE eval_checked(struct node *n, struct frame *f)
{
    ev_stack_check();
    return select_eval(n)(n, f);
}

static void bind_node(struct bind *b, struct node *n)
{
    ev_stack_check();
    b->depth++;
    bind_children(b, n);
    b->depth--;
    if (n->type == NODE_CALL || n->type == NODE_OP_ASGN) ev_arith_flatten(b->arena, n);
    n->eval = b->depth > 0 && b->depth % CHECK_DEPTH == 0 ? eval_checked : select_eval(n);
}

VALUE ev_bind_program(VALUE script, struct node_program *prog, struct parse_error *err)
{
    struct bind b = { .script = script, .arena = script_get(script)->arena, .err = err };
    for (int i = 0; i < prog->nbegin; i++) {
        struct node_program *bp = (struct node_program *)prog->begin_blocks[i];
        if (bp->body) bind_node(&b, bp->body);
    }
    if (prog->body) bind_node(&b, prog->body);
    note_body(&b, &prog->body);
    return b.failed ? 0 : Qtrue;
}
