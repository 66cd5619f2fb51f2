/* ev_arith.c: Float arithmetic trees run flat.
 *
 * A tree of two or more of + - * / (and at its root + - * / or a
 * comparison) whose leaves are locals and number literals is bound to a
 * program: when every local holds a Float and no operator of Float or
 * Fixnum is redefined, it runs on doubles in one C frame and boxes only
 * its result.  Nothing in it can call, raise or allocate, so it gives what
 * the tree gives; otherwise the tree runs, node by node.
 *
 * Why: in mandelbrot's inner loop each operator node cost about 88
 * instructions, a third of them boxing and unboxing the Floats that the
 * next node took apart again, the rest its call and operand tests.
 *
 * The program is typed when bound: a local is taken for a Float (checked
 * when it runs), a literal is what it is, and every operator must have a
 * Float operand (two Fixnums would make Integer arithmetic).  A Fixnum
 * literal then meets a Float, which is what Float's and Fixnum's operators
 * compute in double when the Fixnum fits 53 bits.
 */
#include "ev_num.h"

enum ar_code { AR_PLUS, AR_MINUS, AR_MUL, AR_DIV, AR_LT, AR_LE, AR_GT, AR_GE, AR_EQ, AR_NONE };

/* the program's limits: a bigger tree runs as a tree (its subtrees may
   have programs of their own) */
#define AR_MAX_SLOTS 32
#define AR_MAX_LOCALS 8
/* a program whose locals were never all Floats in this many runs gives
   its node back to the tree */
#define AR_MISS_LIMIT 64

struct ar_local { int depth, idx; };
struct ar_op { uint8_t code, a, b; };   /* slot[a] code slot[b] */

/* Slots: the locals (each read once), the literals, then the operators'
   results in postfix order; the last operator is the root.  They are the
   program's own, not a stack frame's: a run cannot be interrupted (no
   call, no safe point), and the literals are stored once. */
struct ar_prog {
    eval_fn tree;           /* the root's own node evaluation */
    bool off;               /* given back to the tree */
    bool hit;               /* has run on doubles */
    unsigned misses;
    int nlocals, nlits, nops;
    struct ar_local local[AR_MAX_LOCALS];
    double slot[AR_MAX_SLOTS];
    struct ar_op op[AR_MAX_SLOTS];
};

/* ------------------------------------------------------------ running */
static VALUE ev_arith_run(struct node *n, struct frame *f);

static NOINLINE VALUE ar_miss(struct ar_prog *p, struct node *n, struct frame *f)
{
    if (!p->hit && ++p->misses >= AR_MISS_LIMIT) {
        p->off = true;
        if (n->eval == ev_arith_run) n->eval = p->tree;   /* not the binder's stack-checking one */
    }
    return p->tree(n, f);
}

static VALUE ev_arith_run(struct node *n, struct frame *f)
{
    struct ar_prog *p = (struct ar_prog *)((struct node_call *)n)->flat;
    if (UNLIKELY(p->off || ev_flo_ops_redefined || ev_fix_ops_redefined)) return p->tree(n, f);
    double *t = p->slot;
    struct env *env = f->env;
    for (int k = 0; k < p->nlocals; k++) {
        const struct ar_local *l = &p->local[k];
        if (!flo_value((l->depth ? env_at(f, l->depth) : env)->vars[l->idx], &t[k])) return ar_miss(p, n, f);
    }
    double *s = t + p->nlocals + p->nlits;
    p->hit = true;
    const struct ar_op *o = p->op, *root = o + p->nops - 1;
    for (;; o++) {
        double x = t[o->a], y = t[o->b];
        switch (o->code) {
        case AR_PLUS: *s = x + y; break;
        case AR_MINUS: *s = x - y; break;
        case AR_MUL: *s = x * y; break;
        case AR_DIV: *s = x / y; break;
        case AR_LT: return BOOL2V(x < y);
        case AR_LE: return BOOL2V(x <= y);
        case AR_GT: return BOOL2V(x > y);
        case AR_GE: return BOOL2V(x >= y);
        default: return BOOL2V(x == y);
        }
        if (o == root) return float_new(*s);
        s++;
    }
}

/* ------------------------------------------------------------ binding */
/* n's code if it is a call of one of the operators with a receiver and
   one plain argument (ev_call.c's operator nodes), else AR_NONE */
static enum ar_code op_code(const struct node *n)
{
    if (n->type != NODE_CALL) return AR_NONE;
    const struct node_call *c = (const struct node_call *)n;
    if (!c->recv || c->argc != 1 || c->block || c->block_arg || c->args[0]->type == NODE_SPLAT)
        return AR_NONE;
    switch (c->mid) {
    case ID_plus: return AR_PLUS;
    case ID_minus: return AR_MINUS;
    case ID_mul: return AR_MUL;
    case ID_div: return AR_DIV;
    case ID_lt: return AR_LT;
    case ID_le: return AR_LE;
    case ID_gt: return AR_GT;
    case ID_ge: return AR_GE;
    case ID_eq: return AR_EQ;
    default: return AR_NONE;
    }
}

/* the program being built; leaves get their slots when it is done (the
   literals follow the locals), so they are numbered here as leaf k */
struct build {
    struct ar_prog *p;
    struct { bool is_local; int k; } leaf[AR_MAX_SLOTS];   /* k: local or literal number */
    double lit[AR_MAX_SLOTS];
    int nleaves;
};

enum { T_FLO, T_FIX, T_BAD };

/* the operand ref (a leaf as -1 - leaf, an operator as its number) and
   type of n, emitted in postfix order */
static int emit(struct build *b, struct node *n, bool root, int *ref);

static int emit_leaf(struct build *b, struct node *n, int *ref)
{
    struct ar_prog *p = b->p;
    if (b->nleaves >= AR_MAX_SLOTS) return T_BAD;
    if (n->type == NODE_LVAR) {
        const struct node_lvar *v = (const struct node_lvar *)n;
        int k = 0;
        while (k < p->nlocals && (p->local[k].depth != v->depth || p->local[k].idx != v->idx)) k++;
        if (k == p->nlocals) {
            if (k == AR_MAX_LOCALS) return T_BAD;
            p->local[p->nlocals++] = (struct ar_local){ v->depth, v->idx };
        }
        b->leaf[b->nleaves].is_local = true;
        b->leaf[b->nleaves].k = k;
        *ref = -1 - b->nleaves++;
        return T_FLO;
    }
    double d;
    int type;
    if (n->type == NODE_FLOAT) {
        d = ((struct node_float *)n)->val;
        type = T_FLO;
    } else if (n->type == NODE_INT && labs(((struct node_int *)n)->val) <= (1L << 53)) {
        d = (double)((struct node_int *)n)->val;
        type = T_FIX;
    } else {
        return T_BAD;
    }
    b->leaf[b->nleaves].is_local = false;
    b->leaf[b->nleaves].k = p->nlits;
    b->lit[p->nlits++] = d;
    *ref = -1 - b->nleaves++;
    return type;
}

static int emit(struct build *b, struct node *n, bool root, int *ref)
{
    enum ar_code code = op_code(n);
    if (code == AR_NONE) return emit_leaf(b, n, ref);
    if (code > AR_DIV && !root) return T_BAD;   /* a comparison inside */
    struct node_call *c = (struct node_call *)n;
    int ra, rb;
    int ta = emit(b, c->recv, false, &ra);
    if (ta == T_BAD) return T_BAD;
    int tb = emit(b, c->args[0], false, &rb);
    if (tb == T_BAD || (ta == T_FIX && tb == T_FIX) || b->p->nops >= AR_MAX_SLOTS) return T_BAD;
    b->p->op[b->p->nops] = (struct ar_op){ (uint8_t)code, (uint8_t)(ra + 128), (uint8_t)(rb + 128) };
    *ref = b->p->nops++;
    return T_FLO;
}

/* the slot of an operand ref, once the leaves are counted */
static uint8_t ref_slot(const struct build *b, int ref)
{
    const struct ar_prog *p = b->p;
    if (ref >= 0) return (uint8_t)(p->nlocals + p->nlits + ref);
    int leaf = -1 - ref;
    return (uint8_t)(b->leaf[leaf].is_local ? b->leaf[leaf].k : p->nlocals + b->leaf[leaf].k);
}

/* A tree of two operators or more at n becomes a program (n's subtrees
   may have had their own: the root's covers them). */
void ev_arith_flatten(struct arena *arena, struct node *n)
{
    if (op_code(n) == AR_NONE) return;
    struct ar_prog prog = { .nops = 0 };
    struct build b = { .p = &prog };
    int root;
    if (emit(&b, n, true, &root) == T_BAD || prog.nops < 2 ||
        prog.nlocals + prog.nlits + prog.nops > AR_MAX_SLOTS)
        return;
    for (int k = 0; k < prog.nops; k++) {
        prog.op[k].a = ref_slot(&b, (int)prog.op[k].a - 128);
        prog.op[k].b = ref_slot(&b, (int)prog.op[k].b - 128);
    }
    for (int k = 0; k < prog.nlits; k++) prog.slot[prog.nlocals + k] = b.lit[k];
    prog.tree = ev_call_select(n);
    struct ar_prog *p = arena_alloc(arena, sizeof *p);
    *p = prog;
    ((struct node_call *)n)->flat = p;
}

eval_fn ev_arith_select(struct node *n)
{
    if (n->type != NODE_CALL) return NULL;
    const struct ar_prog *p = ((struct node_call *)n)->flat;
    return p && !p->off ? ev_arith_run : NULL;
}
