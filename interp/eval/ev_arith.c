/* ev_arith.c: arithmetic trees run flat.
 *
 * A tree of two or more of + - * / % (and at its root one of those or a
 * comparison, or x op= with a local or instance variable x) whose leaves
 * are locals, instance variables and number literals is bound to a
 * program.  While no operator of Fixnum or Float is redefined and the
 * variables hold Fixnums and Floats, it runs in one C frame on C numbers
 * and boxes only its result.  Reading a variable has no effect of its
 * own: an instance variable is read through its node's cache, and a miss
 * there (or an unset one) is the tree's to take.  Where the tree would leave that ground (a
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
#define AR_MAX_VARS 8
/* With Fixnums a program beats its tree from 5 operators on (each costs
   about 39 instructions against the tree's 47, and a run 35 more). */
#define AR_TYPED_OPS 5
/* a program that could not run in this many tries, and in four of every
   five, gives its node back to the tree */
#define AR_MISS_LIMIT 64

/* a variable leaf: a local, or an instance variable of self (ivar) */
struct ar_var { int depth, idx; struct node_var *ivar; };
struct ar_local { int depth, idx; };
struct ar_op { uint8_t code, a, b; };   /* slot[a] code slot[b] */

/* Slots: the locals (each read once), the literals, then the operators'
   results in postfix order; the last operator is the root.  They are the
   program's own, not a stack frame's: a run cannot be interrupted (no
   call, no safe point), and the literals are stored once. */
struct ar_prog {
    eval_fn tree;           /* the root's own node evaluation */
    struct node *write;     /* x op=: the assignment to x */
    bool off;               /* given back to the tree */
    bool on_doubles;        /* with Float locals every operator has a Float operand */
    bool on_fixnums;        /* no Float literal: with Fixnum locals all is Integer */
    bool typed;             /* big enough to run with Fixnums too */
    uint64_t runs, misses;
    int nvars, nlits, nops;
    int nlvars;             /* the variables: locals first, then instance variables */
    struct ar_local var[AR_MAX_VARS];
    struct node_var *ivar[AR_MAX_VARS];   /* var k from nlvars on: the node */
    struct ar_var target;   /* x op=: x */
    bool is_dbl[AR_MAX_SLOTS];
    double dbl[AR_MAX_SLOTS];   /* a double slot; a literal's value in double */
    long fix[AR_MAX_SLOTS];     /* a Fixnum slot's value */
    struct ar_op op[AR_MAX_SLOTS];
};

/* ------------------------------------------------------------ running */
static VALUE ev_arith_run(struct node *n, struct frame *f);
static VALUE ev_arith_run_iv(struct node *n, struct frame *f);
static VALUE ev_arith_op_asgn(struct node *n, struct frame *f);

static NOINLINE VALUE ar_miss(struct ar_prog *p, struct node *n, struct frame *f)
{
    if (++p->misses >= AR_MISS_LIMIT && p->misses > 4 * p->runs) {
        p->off = true;
        /* not the binder's stack-checking one */
        if (n->eval == ev_arith_run || n->eval == ev_arith_run_iv || n->eval == ev_arith_op_asgn)
            n->eval = p->tree;
    }
    return p->tree(n, f);
}

static inline __attribute__((always_inline)) VALUE local_value(const struct ar_local *l, struct frame *f)
{
    return (l->depth ? env_at(f, l->depth) : f->env)->vars[l->idx];
}

/* an instance variable's value, or Qundef: unset, or not in its node's
   cache (the tree fills it) */
static inline VALUE ivar_value(const struct node_var *v, struct frame *f)
{
    VALUE self = f->self;
    if (!TYPE_P(self, T_OBJECT) || RCLASS(RBASIC(self)->klass)->serial != v->cache.iv.serial)
        return Qundef;
    return obj_ivar_at(self, v->cache.iv.index);
}

static inline __attribute__((always_inline)) VALUE var_value(const struct ar_prog *p, int k, struct frame *f)
{
    return k < p->nlvars ? local_value(&p->var[k], f) : ivar_value(p->ivar[k], f);
}

static inline __attribute__((always_inline)) VALUE run_doubles(struct ar_prog *p)
{
    double *t = p->dbl, *s = t + p->nvars + p->nlits;
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
    int s = p->nvars + p->nlits;
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
    int s = p->nvars + p->nlits;
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

static bool load_fixnums(struct ar_prog *p, struct frame *f)
{
    for (int k = 0; k < p->nvars; k++) {
        VALUE v = var_value(p, k, f);
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
    for (; k < p->nvars; k++) {
        VALUE v = var_value(p, k, f);
        if (flo_value(v, &p->dbl[k])) p->is_dbl[k] = true;
        else if (FIXNUM_P(v)) p->fix[k] = FIX2LONG(v), p->is_dbl[k] = false;
        else return false;
    }
    return true;
}

static void op_asgn_store(const struct ar_prog *p, struct frame *f, VALUE r);

/* where the run on doubles cannot be: with Fixnums among the variables
   (from k on), or on doubles where some operator has no Float operand;
   else (k < 0, or a variable neither) the tree */
static NOINLINE VALUE ar_slow(struct ar_prog *p, struct node *n, struct frame *f, int k)
{
    VALUE r = Qundef;
    if (k >= 0 && p->typed) {
        if (k == 0 && p->on_fixnums && load_fixnums(p, f)) r = run_fixnums(p);
        else if (load_typed(p, f, k)) r = run_typed(p);
    }
    if (r == Qundef) return ar_miss(p, n, f);
    p->runs++;
    if (p->write) op_asgn_store(p, f, r);
    return r;
}

/* The program's run on doubles, or ar_slow's answer (a tail call: the
   fast path saves no registers).  ivars is constant: each caller its own
   copy, and the loop over instance variables only where there are some. */
#define AR_RUN(p, n, f, ivars, done)                                                    \
    do {                                                                                \
        if (UNLIKELY(p->off || ev_flo_ops_redefined || ev_fix_ops_redefined))           \
            return ar_slow(p, n, f, -1);                                                \
        struct env *env = f->env;   /* not reloaded: the stores below might alias it */ \
        int k = 0;                                                                      \
        for (; k < p->nlvars; k++) {                                                    \
            const struct ar_local *l = &p->var[k];                                      \
            VALUE v = (l->depth ? env_at(f, l->depth) : env)->vars[l->idx];             \
            if (!flo_value(v, &p->dbl[k])) break;                                       \
        }                                                                               \
        if (ivars && k == p->nlvars)                                                    \
            for (; k < p->nvars; k++)                                                   \
                if (!flo_value(ivar_value(p->ivar[k], f), &p->dbl[k])) break;           \
        if (UNLIKELY(k < p->nvars || !p->on_doubles)) return ar_slow(p, n, f, k);       \
        p->runs++;                                                                      \
        done = run_doubles(p);                                                          \
    } while (0)

static VALUE ev_arith_run(struct node *n, struct frame *f)
{
    struct ar_prog *p = (struct ar_prog *)((struct node_call *)n)->flat;
    VALUE r;
    AR_RUN(p, n, f, false, r);
    return r;
}

static VALUE ev_arith_run_iv(struct node *n, struct frame *f)
{
    struct ar_prog *p = (struct ar_prog *)((struct node_call *)n)->flat;
    VALUE r;
    AR_RUN(p, n, f, true, r);
    return r;
}

static void op_asgn_store(const struct ar_prog *p, struct frame *f, VALUE r)
{
    const struct ar_var *x = &p->target;
    if (x->ivar) ev_assign(p->write, r, f);
    else (x->depth ? env_at(f, x->depth) : f->env)->vars[x->idx] = r;
}

/* x op= tree */
static VALUE ev_arith_op_asgn(struct node *n, struct frame *f)
{
    struct ar_prog *p = (struct ar_prog *)((struct node_op_asgn *)n)->flat;
    VALUE r;
    AR_RUN(p, n, f, true, r);
    op_asgn_store(p, f, r);
    return r;
}

/* ------------------------------------------------------------ binding */
static enum ar_code mid_code(ID mid)
{
    switch (mid) {
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

/* n's code if it is a call of one of the operators with a receiver and
   one plain argument (ev_call.c's operator nodes), else AR_NONE */
static enum ar_code op_code(const struct node *n)
{
    if (n->type != NODE_CALL) return AR_NONE;
    const struct node_call *c = (const struct node_call *)n;
    if (!c->recv || c->argc != 1 || c->block || c->block_arg || c->args[0]->type == NODE_SPLAT)
        return AR_NONE;
    return mid_code(c->mid);
}

/* the program being built; leaves get their slots when it is done (the
   literals follow the variables), so they are numbered here as leaf k */
struct build {
    struct ar_prog *p;
    struct { bool is_var; int k; } leaf[AR_MAX_SLOTS];   /* k: variable or literal number */
    struct { bool is_dbl; double d; long fix; } lit[AR_MAX_SLOTS];
    int nleaves;
    bool on_doubles, on_fixnums;
    struct ar_var var[AR_MAX_VARS];   /* in the order first met */
    int var_slot[AR_MAX_VARS];        /* the slot of variable k, locals first */
};

/* the type of an operand, a variable taken for a Float */
enum { T_FLO, T_FIX, T_BAD };

static int new_leaf(struct build *b, bool is_var, int k, int *ref)
{
    b->leaf[b->nleaves].is_var = is_var;
    b->leaf[b->nleaves].k = k;
    *ref = -1 - b->nleaves++;
    return is_var || b->lit[k].is_dbl ? T_FLO : T_FIX;
}

static bool same_var(const struct ar_var *a, const struct ar_var *b)
{
    if (a->ivar || b->ivar) return a->ivar && b->ivar && a->ivar->name == b->ivar->name;
    return a->depth == b->depth && a->idx == b->idx;
}

/* a local or an instance variable as a leaf (each read once), else T_BAD */
static int emit_var(struct build *b, struct node *n, int *ref)
{
    struct ar_prog *p = b->p;
    struct ar_var v;
    if (n->type == NODE_LVAR) v = (struct ar_var){ ((struct node_lvar *)n)->depth, ((struct node_lvar *)n)->idx, NULL };
    else if (n->type == NODE_IVAR) v = (struct ar_var){ 0, 0, (struct node_var *)n };
    else return T_BAD;
    int k = 0;
    while (k < p->nvars && !same_var(&b->var[k], &v)) k++;
    if (k == p->nvars) {
        if (k == AR_MAX_VARS) return T_BAD;
        b->var[p->nvars++] = v;
    }
    return new_leaf(b, true, k, ref);
}

static int emit_leaf(struct build *b, struct node *n, int *ref)
{
    struct ar_prog *p = b->p;
    if (b->nleaves >= AR_MAX_SLOTS) return T_BAD;
    if (n->type == NODE_LVAR || n->type == NODE_IVAR) return emit_var(b, n, ref);
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

static int emit(struct build *b, struct node *n, bool root, int *ref);

/* the operator code of operands a and b, after them */
static int emit_op(struct build *b, enum ar_code code, int ta, int ra, int tb, int rb, int *ref)
{
    if (ta == T_BAD || tb == T_BAD || b->p->nops >= AR_MAX_SLOTS) return T_BAD;
    if ((ta == T_FIX && tb == T_FIX) || code == AR_MOD) b->on_doubles = false;
    b->p->op[b->p->nops] = (struct ar_op){ (uint8_t)code, (uint8_t)(ra + 128), (uint8_t)(rb + 128) };
    *ref = b->p->nops++;
    return ta == T_FLO || tb == T_FLO ? T_FLO : T_FIX;
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
    return emit_op(b, code, ta, ra, tb, rb, ref);
}

/* x op= value where x is a local or an instance variable: x is the first
   variable, and the root's receiver */
static int emit_op_asgn(struct build *b, struct node_op_asgn *o, int *ref)
{
    enum ar_code code = mid_code(o->op);
    if (code == AR_NONE || code > AR_MOD) return T_BAD;
    bool lvar = o->read->type == NODE_LVAR && o->write->type == NODE_LASGN &&
                ((struct node_lvar *)o->read)->depth == ((struct node_lvar *)o->write)->depth &&
                ((struct node_lvar *)o->read)->idx == ((struct node_lvar *)o->write)->idx;
    bool ivar = o->read->type == NODE_IVAR && o->write->type == NODE_IASGN &&
                ((struct node_var *)o->read)->name == ((struct node_var *)o->write)->name;
    if (!lvar && !ivar) return T_BAD;
    int ra, rb;
    int ta = emit_var(b, o->read, &ra);
    if (ta == T_BAD) return T_BAD;
    int tb = emit(b, o->value, false, &rb);
    return emit_op(b, code, ta, ra, tb, rb, ref);
}

/* the slot of an operand ref, once the leaves are counted */
static uint8_t ref_slot(const struct build *b, int ref)
{
    const struct ar_prog *p = b->p;
    if (ref >= 0) return (uint8_t)(p->nvars + p->nlits + ref);
    int leaf = -1 - ref;
    return (uint8_t)(b->leaf[leaf].is_var ? b->var_slot[b->leaf[leaf].k] : p->nvars + b->leaf[leaf].k);
}

/* the variables into the program, the locals before the instance
   variables, so that loading them needs no test of which a variable is */
static void place_vars(struct build *b)
{
    struct ar_prog *p = b->p;
    int n = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int k = 0; k < p->nvars; k++) {
            const struct ar_var *v = &b->var[k];
            if ((v->ivar != NULL) != (pass == 1)) continue;
            b->var_slot[k] = n;
            p->var[n] = (struct ar_local){ v->depth, v->idx };
            p->ivar[n] = v->ivar;
            if (!v->ivar) p->nlvars = n + 1;
            n++;
        }
}

static const struct ar_prog **flat_of(struct node *n)
{
    if (n->type == NODE_CALL) return &((struct node_call *)n)->flat;
    if (n->type == NODE_OP_ASGN) return &((struct node_op_asgn *)n)->flat;
    return NULL;
}

/* A tree of two operators or more at n becomes a program (n's subtrees
   may have had their own: the root's covers them). */
void ev_arith_flatten(struct arena *arena, struct node *n)
{
    bool op_asgn = n->type == NODE_OP_ASGN;
    if (!op_asgn && op_code(n) == AR_NONE) return;
    struct ar_prog prog = { .nops = 0 };
    struct build b = { .p = &prog, .on_doubles = true, .on_fixnums = true };
    int root;
    int t = op_asgn ? emit_op_asgn(&b, (struct node_op_asgn *)n, &root) : emit(&b, n, true, &root);
    if (t == T_BAD || prog.nops < 2 || prog.nvars + prog.nlits + prog.nops > AR_MAX_SLOTS) return;
    prog.target = b.var[0];
    place_vars(&b);
    for (int k = 0; k < prog.nops; k++) {
        prog.op[k].a = ref_slot(&b, (int)prog.op[k].a - 128);
        prog.op[k].b = ref_slot(&b, (int)prog.op[k].b - 128);
    }
    for (int k = 0; k < prog.nlits; k++) {
        int s = prog.nvars + k;
        prog.is_dbl[s] = b.lit[k].is_dbl;
        prog.dbl[s] = b.lit[k].d;
        prog.fix[s] = b.lit[k].fix;
    }
    prog.on_doubles = b.on_doubles;
    prog.on_fixnums = b.on_fixnums;
    prog.typed = prog.nops >= AR_TYPED_OPS;
    prog.tree = op_asgn ? ev_var_select(n) : ev_call_select(n);
    prog.write = op_asgn ? ((struct node_op_asgn *)n)->write : NULL;
    struct ar_prog *p = arena_alloc(arena, sizeof *p);
    *p = prog;
    *flat_of(n) = p;
}

eval_fn ev_arith_select(struct node *n)
{
    const struct ar_prog **flat = flat_of(n);
    if (!flat || !*flat || (*flat)->off) return NULL;
    if (n->type == NODE_OP_ASGN) return ev_arith_op_asgn;
    return (*flat)->nvars > (*flat)->nlvars ? ev_arith_run_iv : ev_arith_run;
}
