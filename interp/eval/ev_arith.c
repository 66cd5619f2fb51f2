/* ev_arith.c: arithmetic trees run flat.
 *
 * A tree of two or more of + - * / % (and at its root one of those or a
 * comparison) whose leaves are locals and number literals is bound to a
 * program.  While no operator of Fixnum or Float is redefined and the
 * locals hold Fixnums and Floats, it runs in one C frame on C numbers and
 * boxes only its result.  Where the tree would leave that ground (a
 * Fixnum overflows to a Bignum, a division by 0, another class, Float#%)
 * nothing has been called or allocated yet, and the tree runs instead,
 * node by node: the program gives what the tree gives.
 *
 * Why: in mandelbrot's inner loop each operator node cost about 88
 * instructions, a third of them boxing and unboxing the Floats that the
 * next node took apart again, the rest its call and operand tests.
 *
 * When every local holds a Float and every operator has a Float operand
 * (known when bound: a local is taken for a Float, a literal is what it
 * is), the program runs on doubles alone; otherwise each slot carries its
 * type.  A Fixnum meeting a Float is what Fixnum's and Float's operators
 * compute in double when the Fixnum fits 53 bits.
 */
#include "ev_num.h"

enum ar_code { AR_PLUS, AR_MINUS, AR_MUL, AR_DIV, AR_MOD, AR_LT, AR_LE, AR_GT, AR_GE, AR_EQ, AR_NONE };

/* the program's limits: a bigger tree runs as a tree (its subtrees may
   have programs of their own) */
#define AR_MAX_SLOTS 32
#define AR_MAX_LOCALS 8
/* With Fixnums a program beats its tree from 5 operators on (each costs
   about 39 instructions against the tree's 47, and a run 35 more). */
#define AR_TYPED_OPS 5
/* a program that could not run in this many tries, and in four of every
   five, gives its node back to the tree */
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
    bool on_doubles;        /* with Float locals every operator has a Float operand */
    bool on_fixnums;        /* no Float literal: with Fixnum locals all is Integer */
    bool typed;             /* big enough to run with Fixnums too */
    uint64_t runs, misses;
    int nlocals, nlits, nops;
    struct ar_local local[AR_MAX_LOCALS];
    bool is_dbl[AR_MAX_SLOTS];
    double dbl[AR_MAX_SLOTS];   /* a double slot; a literal's value in double */
    long fix[AR_MAX_SLOTS];     /* a Fixnum slot's value */
    struct ar_op op[AR_MAX_SLOTS];
};

/* ------------------------------------------------------------ running */
static VALUE ev_arith_run(struct node *n, struct frame *f);

static NOINLINE VALUE ar_miss(struct ar_prog *p, struct node *n, struct frame *f)
{
    if (++p->misses >= AR_MISS_LIMIT && p->misses > 4 * p->runs) {
        p->off = true;
        if (n->eval == ev_arith_run) n->eval = p->tree;   /* not the binder's stack-checking one */
    }
    return p->tree(n, f);
}

static inline __attribute__((always_inline)) VALUE run_doubles(struct ar_prog *p)
{
    double *t = p->dbl, *s = t + p->nlocals + p->nlits;
    const struct ar_op *o = p->op, *root = o + p->nops - 1;
    for (;; o++, s++) {
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
    }
}

/* slot k as a double: a double, or a Fixnum that a double holds */
static inline bool slot_dbl(const struct ar_prog *p, int k, double *d)
{
    if (p->is_dbl[k]) { *d = p->dbl[k]; return true; }
    if (labs(p->fix[k]) > (1L << 53)) return false;
    *d = (double)p->fix[k];
    return true;
}

/* slot s = x code y on Fixnums.  Returns Qnil when slot s holds the
   result, Qtrue or Qfalse for a comparison, or Qundef where the tree must
   run. */
static inline VALUE fix_op(struct ar_prog *p, int code, long x, long y, int s)
{
    long r;
    switch (code) {
    case AR_PLUS: if (__builtin_add_overflow(x, y, &r)) return Qundef; break;
    case AR_MINUS: if (__builtin_sub_overflow(x, y, &r)) return Qundef; break;
    case AR_MUL: if (__builtin_mul_overflow(x, y, &r)) return Qundef; break;
    case AR_DIV: if (y == 0) return Qundef; r = fix_floor_div(x, y); break;
    case AR_MOD: if (y == 0) return Qundef; r = fix_floor_mod(x, y); break;
    case AR_LT: return BOOL2V(x < y);
    case AR_LE: return BOOL2V(x <= y);
    case AR_GT: return BOOL2V(x > y);
    case AR_GE: return BOOL2V(x >= y);
    default: return BOOL2V(x == y);
    }
    if (!FIXABLE(r)) return Qundef;
    p->fix[s] = r;
    p->is_dbl[s] = false;
    return Qnil;
}

/* every slot a Fixnum: the result, or Qundef where the tree must run */
static inline __attribute__((always_inline)) VALUE run_fixnums(struct ar_prog *p)
{
    int s = p->nlocals + p->nlits;
    for (const struct ar_op *o = p->op;; o++, s++) {
        VALUE r = fix_op(p, o->code, p->fix[o->a], p->fix[o->b], s);
        if (r != Qnil) return r;
        if (o == p->op + p->nops - 1) return INT2FIX(p->fix[s]);
    }
}

static inline VALUE dbl_op(struct ar_prog *p, int code, double x, double y, int s)
{
    double r;
    switch (code) {
    case AR_PLUS: r = x + y; break;
    case AR_MINUS: r = x - y; break;
    case AR_MUL: r = x * y; break;
    case AR_DIV: r = x / y; break;
    case AR_MOD: return Qundef;   /* Float#% */
    case AR_LT: return BOOL2V(x < y);
    case AR_LE: return BOOL2V(x <= y);
    case AR_GT: return BOOL2V(x > y);
    case AR_GE: return BOOL2V(x >= y);
    default: return BOOL2V(x == y);
    }
    p->dbl[s] = r;
    p->is_dbl[s] = true;
    return Qnil;
}

/* each slot with its type: the result, or Qundef where the tree must run */
static VALUE run_typed(struct ar_prog *p)
{
    int s = p->nlocals + p->nlits;
    for (const struct ar_op *o = p->op, *end = o + p->nops; o < end; o++, s++) {
        VALUE r;
        double x, y;
        if (!p->is_dbl[o->a] && !p->is_dbl[o->b]) r = fix_op(p, o->code, p->fix[o->a], p->fix[o->b], s);
        else if (slot_dbl(p, o->a, &x) && slot_dbl(p, o->b, &y)) r = dbl_op(p, o->code, x, y, s);
        else r = Qundef;
        if (r != Qnil) return r;
    }
    s--;
    return p->is_dbl[s] ? float_new(p->dbl[s]) : INT2FIX(p->fix[s]);
}

static inline VALUE local_value(const struct ar_local *l, struct frame *f)
{
    return (l->depth ? env_at(f, l->depth) : f->env)->vars[l->idx];
}

static bool load_fixnums(struct ar_prog *p, struct frame *f)
{
    for (int k = 0; k < p->nlocals; k++) {
        VALUE v = local_value(&p->local[k], f);
        if (!FIXNUM_P(v)) return false;
        p->fix[k] = FIX2LONG(v);
    }
    return true;
}

/* the locals from k on with their types, into their slots: false for
   one that is neither a Fixnum nor a Float */
static bool load_typed(struct ar_prog *p, struct frame *f, int k)
{
    for (int j = 0; j < k; j++) p->is_dbl[j] = true;
    for (; k < p->nlocals; k++) {
        VALUE v = local_value(&p->local[k], f);
        if (flo_value(v, &p->dbl[k])) p->is_dbl[k] = true;
        else if (FIXNUM_P(v)) p->fix[k] = FIX2LONG(v), p->is_dbl[k] = false;
        else return false;
    }
    return true;
}

/* a run with Fixnums among the locals (from local k on), or on doubles
   where some operator has no Float operand */
static NOINLINE VALUE run_mixed(struct ar_prog *p, struct node *n, struct frame *f, int k)
{
    VALUE r = Qundef;
    if (k == 0 && p->on_fixnums && load_fixnums(p, f)) r = run_fixnums(p);
    else if (load_typed(p, f, k)) r = run_typed(p);
    if (r == Qundef) return ar_miss(p, n, f);
    p->runs++;
    return r;
}

static VALUE ev_arith_run(struct node *n, struct frame *f)
{
    struct ar_prog *p = (struct ar_prog *)((struct node_call *)n)->flat;
    if (UNLIKELY(p->off || ev_flo_ops_redefined || ev_fix_ops_redefined)) return p->tree(n, f);
    struct env *env = f->env;
    int k = 0;
    for (; k < p->nlocals; k++) {
        const struct ar_local *l = &p->local[k];
        if (!flo_value((l->depth ? env_at(f, l->depth) : env)->vars[l->idx], &p->dbl[k])) break;
    }
    if (LIKELY(k == p->nlocals && p->on_doubles)) {
        p->runs++;
        return run_doubles(p);
    }
    if (!p->typed) return ar_miss(p, n, f);
    return run_mixed(p, n, f, k);
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
    case ID_mod: return AR_MOD;
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
    struct { bool is_dbl; double d; long fix; } lit[AR_MAX_SLOTS];
    int nleaves;
    bool on_doubles, on_fixnums;
};

/* the type of an operand, a local taken for a Float */
enum { T_FLO, T_FIX, T_BAD };

static int new_leaf(struct build *b, bool is_local, int k, int *ref)
{
    b->leaf[b->nleaves].is_local = is_local;
    b->leaf[b->nleaves].k = k;
    *ref = -1 - b->nleaves++;
    return is_local || b->lit[k].is_dbl ? T_FLO : T_FIX;
}

static int emit_local(struct build *b, const struct node_lvar *v, int *ref)
{
    struct ar_prog *p = b->p;
    int k = 0;
    while (k < p->nlocals && (p->local[k].depth != v->depth || p->local[k].idx != v->idx)) k++;
    if (k == p->nlocals) {
        if (k == AR_MAX_LOCALS) return T_BAD;
        p->local[p->nlocals++] = (struct ar_local){ v->depth, v->idx };
    }
    return new_leaf(b, true, k, ref);
}

static int emit_leaf(struct build *b, struct node *n, int *ref)
{
    struct ar_prog *p = b->p;
    if (b->nleaves >= AR_MAX_SLOTS) return T_BAD;
    if (n->type == NODE_LVAR) return emit_local(b, (const struct node_lvar *)n, ref);
    int k = p->nlits;
    if (n->type == NODE_FLOAT) {
        b->lit[k].is_dbl = true;
        b->lit[k].d = ((struct node_float *)n)->val;
        b->on_fixnums = false;
    } else if (n->type == NODE_INT && FIXABLE(((struct node_int *)n)->val)) {
        long v = ((struct node_int *)n)->val;
        b->lit[k].is_dbl = false;
        b->lit[k].fix = v;
        b->lit[k].d = (double)v;
        if (labs(v) > (1L << 53)) b->on_doubles = false;
    } else {
        return T_BAD;
    }
    p->nlits++;
    return new_leaf(b, false, k, ref);
}

/* the operand ref (a leaf as -1 - leaf, an operator as its number) and
   type of n, emitted in postfix order */
static int emit(struct build *b, struct node *n, bool root, int *ref)
{
    enum ar_code code = op_code(n);
    if (code == AR_NONE) return emit_leaf(b, n, ref);
    if (code > AR_MOD && !root) return T_BAD;   /* a comparison inside */
    struct node_call *c = (struct node_call *)n;
    int ra, rb;
    int ta = emit(b, c->recv, false, &ra);
    if (ta == T_BAD) return T_BAD;
    int tb = emit(b, c->args[0], false, &rb);
    if (tb == T_BAD || b->p->nops >= AR_MAX_SLOTS) return T_BAD;
    if ((ta == T_FIX && tb == T_FIX) || code == AR_MOD) b->on_doubles = false;
    b->p->op[b->p->nops] = (struct ar_op){ (uint8_t)code, (uint8_t)(ra + 128), (uint8_t)(rb + 128) };
    *ref = b->p->nops++;
    return ta == T_FLO || tb == T_FLO ? T_FLO : T_FIX;
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
    struct build b = { .p = &prog, .on_doubles = true, .on_fixnums = true };
    int root;
    if (emit(&b, n, true, &root) == T_BAD || prog.nops < 2 ||
        prog.nlocals + prog.nlits + prog.nops > AR_MAX_SLOTS)
        return;
    for (int k = 0; k < prog.nops; k++) {
        prog.op[k].a = ref_slot(&b, (int)prog.op[k].a - 128);
        prog.op[k].b = ref_slot(&b, (int)prog.op[k].b - 128);
    }
    for (int k = 0; k < prog.nlits; k++) {
        int s = prog.nlocals + k;
        prog.is_dbl[s] = b.lit[k].is_dbl;
        prog.dbl[s] = b.lit[k].d;
        prog.fix[s] = b.lit[k].fix;
    }
    prog.on_doubles = b.on_doubles;
    prog.on_fixnums = b.on_fixnums;
    prog.typed = prog.nops >= AR_TYPED_OPS;
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
