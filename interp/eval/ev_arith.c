/* ev_arith.c: arithmetic trees run flat.
 *
 * A tree of two or more of + - * / % (and at its root one of those or a
 * comparison, or x op= with a local or instance variable x) whose leaves
 * are locals, instance variables and number literals is bound to a
 * program.  While no operator of Fixnum or Float is redefined and the
 * variables hold Fixnums and Floats, it runs in one C frame on C numbers
 * and boxes only its result.  Where the tree would leave that ground (a
 * Fixnum overflows to a Bignum, a division by 0, another class, Float#%)
 * nothing has been called or allocated yet, and the tree runs instead,
 * node by node: the program gives what the tree gives.  Reading a
 * variable has no effect of its own: an instance variable is read through
 * its node's cache, and a miss there (or an unset one) is the tree's.
 *
 * Why: in mandelbrot's inner loop each operator node cost about 88
 * instructions, a third of them boxing and unboxing the Floats that the
 * next node took apart again, the rest its call and operand tests.
 *
 * The program is specialised to the types its variables held (its
 * shape: which are Fixnums): each operator then knows its operands' types
 * and works on C longs or doubles without a test, a Fixnum meeting a
 * Float converted first (exactly: at most 53 bits), as Fixnum's and
 * Float's operators compute.  Another shape specialises it again.
 */
#include "ev_num.h"

enum ar_code { AR_PLUS, AR_MINUS, AR_MUL, AR_DIV, AR_MOD, AR_LT, AR_LE, AR_GT, AR_GE, AR_EQ, AR_NONE };

/* specialised operators: on doubles (D), on Fixnums' longs (I), and a
   long converted to a double */
enum ar_scode {
    S_ADD_D, S_SUB_D, S_MUL_D, S_DIV_D, S_LT_D, S_LE_D, S_GT_D, S_GE_D, S_EQ_D,
    S_ADD_I, S_SUB_I, S_MUL_I, S_DIV_I, S_MOD_I, S_LT_I, S_LE_I, S_GT_I, S_GE_I, S_EQ_I,
    S_I2D,
    S_DIV_P2, S_MOD_P2,     /* by a literal power of 2: a shift, a mask (floored, as / and %) */
};

/* the program's limits: a bigger tree runs as a tree (its subtrees may
   have programs of their own) */
#define AR_MAX_SLOTS 32
#define AR_MAX_VARS 8
/* With a Fixnum variable a program beats its tree from this many
   operators on (fewer run as the tree): loading a Fixnum costs about 20
   instructions, an operator on longs 25 against the tree's 47.  At 4
   operators the program took 204 instructions, its tree 191; at 6, 251
   against 338. */
#define AR_TYPED_OPS 5
/* a program that could not run in this many tries, and in four of every
   five, gives its node back to the tree; so does one specialised as often */
#define AR_MISS_LIMIT 64
#define AR_NO_SHAPE UINT32_MAX
#define AR_SHAPE_TREE 0x80000000u   /* with p->shape: that shape runs as the tree */

/* a variable leaf: a local, or an instance variable of self (ivar) */
struct ar_var { int depth, idx; struct node_var *ivar; };
struct ar_local { int depth, idx; };
struct ar_op { uint8_t code, a, b; };        /* slot[a] code slot[b] */
struct ar_sop { uint8_t code, a, b, dst; };  /* specialised: slot[dst] = slot[a] code slot[b] */
union ar_val { long i; double d; };

/* Slots: the variables (each read once, locals first), the literals,
   then the operators' results in postfix order (the last operator is the
   root), then the specialisation's conversions.  They are the program's
   own, not a stack frame's: a run cannot be interrupted (no call, no safe
   point), and the literals are stored once. */
struct ar_prog {
    eval_fn tree;           /* the root's own node evaluation */
    struct node *write;     /* x op=: the assignment to x */
    struct ar_var target;   /* x op=: x */
    bool off;               /* given back to the tree */
    bool on_doubles;        /* with Float variables: no % and no Fixnum literal */
    bool locals_here;       /* every local is of the running scope (depth 0) */
    uint64_t runs, misses, shapes;
    int nvars, nlvars, nlits, nops;
    struct ar_local var[AR_MAX_VARS];
    struct node_var *ivar[AR_MAX_VARS];   /* var k from nlvars on: the node */
    struct ar_op op[AR_MAX_SLOTS];
    bool lit_is_dbl[AR_MAX_SLOTS];
    union ar_val lit[AR_MAX_SLOTS];
    /* the specialisation */
    uint32_t shape;         /* bit k: variable k is a Fixnum; AR_SHAPE_TREE: the tree's */
    bool result_is_int;
    int nsops;
    /* an operator converts at most one operand (two longs stay longs) */
    struct ar_sop sop[2 * AR_MAX_SLOTS];
    union ar_val v[2 * AR_MAX_SLOTS];
};

/* ------------------------------------------------------------ specialising */
struct spec { struct ar_prog *p; bool is_int[2 * AR_MAX_SLOTS]; int next; };

/* slot k of the program as a double: a conversion where it holds a long
   (a literal's is made now), or -1 where a double cannot hold it */
static int dbl_slot(struct spec *sp, int k)
{
    struct ar_prog *p = sp->p;
    if (!sp->is_int[k]) return k;
    int t = sp->next++;
    if (k >= p->nvars && k < p->nvars + p->nlits) {
        long x = p->v[k].i;
        if (labs(x) > (1L << 53)) return -1;
        p->v[t].d = (double)x;
    } else {
        p->sop[p->nsops++] = (struct ar_sop){ S_I2D, (uint8_t)k, 0, (uint8_t)t };
    }
    return t;
}

/* slot k is a Fixnum literal 2**n, n > 0: x / 2**n is x >> n and x % 2**n
   is x & (2**n - 1), floored as Fixnum's (an arithmetic shift rounds
   towards minus infinity), where an idiv costs tens of cycles */
static bool power_of_2_literal(const struct ar_prog *p, int k)
{
    if (k < p->nvars || k >= p->nvars + p->nlits) return false;
    long x = p->v[k].i;
    return x > 1 && (x & (x - 1)) == 0;
}

/* specialise p for the shape; false if that shape runs as the tree */
static bool specialise(struct ar_prog *p, uint32_t shape)
{
    struct spec sp = { .p = p, .next = p->nvars + p->nlits + p->nops };
    p->shape = shape;
    p->nsops = 0;
    for (int k = 0; k < p->nvars; k++) sp.is_int[k] = (shape >> k) & 1;
    for (int k = 0; k < p->nlits; k++) {
        sp.is_int[p->nvars + k] = !p->lit_is_dbl[k];
        p->v[p->nvars + k] = p->lit[k];
    }
    for (int j = 0; j < p->nops; j++) {
        const struct ar_op *o = &p->op[j];
        int dst = p->nvars + p->nlits + j, a = o->a, b = o->b;
        bool ints = sp.is_int[a] && sp.is_int[b];
        if (!ints) {
            if (o->code == AR_MOD) return false;   /* Float#% */
            if ((a = dbl_slot(&sp, a)) < 0 || (b = dbl_slot(&sp, b)) < 0) return false;
        }
        int code = o->code == AR_MOD ? S_MOD_I
                 : o->code < AR_MOD ? (ints ? S_ADD_I : S_ADD_D) + o->code
                 : (ints ? S_LT_I : S_LT_D) + (o->code - AR_LT);
        if (ints && (code == S_DIV_I || code == S_MOD_I) && power_of_2_literal(p, b))
            code = code == S_DIV_I ? S_DIV_P2 : S_MOD_P2;
        p->sop[p->nsops++] = (struct ar_sop){ (uint8_t)code, (uint8_t)a, (uint8_t)b, (uint8_t)dst };
        sp.is_int[dst] = ints;
        p->result_is_int = ints;
    }
    return shape == 0 || p->nops >= AR_TYPED_OPS;
}

/* ------------------------------------------------------------ running */
static VALUE ev_arith_run(struct node *n, struct frame *f);
static VALUE ev_arith_run_iv(struct node *n, struct frame *f);
static VALUE ev_arith_op_asgn(struct node *n, struct frame *f);

static void give_back(struct ar_prog *p, struct node *n)
{
    p->off = true;
    /* not the binder's stack-checking one */
    if (n->eval == ev_arith_run || n->eval == ev_arith_run_iv || n->eval == ev_arith_op_asgn)
        n->eval = p->tree;
}

static NOINLINE VALUE ar_miss(struct ar_prog *p, struct node *n, struct frame *f)
{
    if (++p->misses >= AR_MISS_LIMIT && p->misses > 4 * p->runs) give_back(p, n);
    return p->tree(n, f);
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

/* The common case, with a loop of its own: every variable a Float, and
   the program has no % and no Fixnum literal (shape 0 needs no
   specialising).  It cannot fail. */
static inline __attribute__((always_inline)) VALUE run_doubles(struct ar_prog *p)
{
    union ar_val *t = p->v, *s = t + p->nvars + p->nlits;
    const struct ar_op *o = p->op, *root = o + p->nops - 1;
    /* below the root only + - * / (a comparison is a root): a switch of
       four, no % here, every code its case, so no range check */
    for (; o < root; o++, s++) {
        double x = t[o->a].d, y = t[o->b].d;
        switch (o->code) {
        case AR_PLUS: s->d = x + y; break;
        case AR_MINUS: s->d = x - y; break;
        case AR_MUL: s->d = x * y; break;
        case AR_DIV: s->d = x / y; break;
        default: __builtin_unreachable();
        }
    }
    double x = t[o->a].d, y = t[o->b].d;
    switch (o->code) {
    case AR_PLUS: return float_new(x + y);
    case AR_MINUS: return float_new(x - y);
    case AR_MUL: return float_new(x * y);
    case AR_DIV: return float_new(x / y);
    case AR_LT: return BOOL2V(x < y);
    case AR_LE: return BOOL2V(x <= y);
    case AR_GT: return BOOL2V(x > y);
    case AR_GE: return BOOL2V(x >= y);
    case AR_EQ: return BOOL2V(x == y);
    default: __builtin_unreachable();
    }
}

/* the specialised operators: the result, Qnil when it is the double in
   the root's slot (boxed by the caller, after its last test: nothing is
   live across the allocation), or Qundef where the tree must run (each
   case loads what it needs: a double goes to a register of its own) */
static inline __attribute__((always_inline)) VALUE run_shape(struct ar_prog *p)
{
    union ar_val *v = p->v;
    const struct ar_sop *o = p->sop, *root = o + p->nsops - 1;
    for (;; o++) {
        long r;
        switch (o->code) {
        case S_ADD_D: v[o->dst].d = v[o->a].d + v[o->b].d; break;
        case S_SUB_D: v[o->dst].d = v[o->a].d - v[o->b].d; break;
        case S_MUL_D: v[o->dst].d = v[o->a].d * v[o->b].d; break;
        case S_DIV_D: v[o->dst].d = v[o->a].d / v[o->b].d; break;
        case S_LT_D: return BOOL2V(v[o->a].d < v[o->b].d);
        case S_LE_D: return BOOL2V(v[o->a].d <= v[o->b].d);
        case S_GT_D: return BOOL2V(v[o->a].d > v[o->b].d);
        case S_GE_D: return BOOL2V(v[o->a].d >= v[o->b].d);
        case S_EQ_D: return BOOL2V(v[o->a].d == v[o->b].d);
        case S_ADD_I:
            if (__builtin_add_overflow(v[o->a].i, v[o->b].i, &r) || !FIXABLE(r)) return Qundef;
            v[o->dst].i = r;
            break;
        case S_SUB_I:
            if (__builtin_sub_overflow(v[o->a].i, v[o->b].i, &r) || !FIXABLE(r)) return Qundef;
            v[o->dst].i = r;
            break;
        case S_MUL_I:
            if (__builtin_mul_overflow(v[o->a].i, v[o->b].i, &r) || !FIXABLE(r)) return Qundef;
            v[o->dst].i = r;
            break;
        case S_DIV_I:
            if (v[o->b].i == 0 || !FIXABLE(r = fix_floor_div(v[o->a].i, v[o->b].i))) return Qundef;
            v[o->dst].i = r;
            break;
        case S_MOD_I:
            if (v[o->b].i == 0) return Qundef;
            v[o->dst].i = fix_floor_mod(v[o->a].i, v[o->b].i);
            break;
        case S_DIV_P2: v[o->dst].i = v[o->a].i >> __builtin_ctzl((unsigned long)v[o->b].i); break;
        case S_MOD_P2: v[o->dst].i = v[o->a].i & (v[o->b].i - 1); break;
        case S_LT_I: return BOOL2V(v[o->a].i < v[o->b].i);
        case S_LE_I: return BOOL2V(v[o->a].i <= v[o->b].i);
        case S_GT_I: return BOOL2V(v[o->a].i > v[o->b].i);
        case S_GE_I: return BOOL2V(v[o->a].i >= v[o->b].i);
        case S_EQ_I: return BOOL2V(v[o->a].i == v[o->b].i);
        case S_I2D:
            if (labs(v[o->a].i) > (1L << 53)) return Qundef;
            v[o->dst].d = (double)v[o->a].i;
            break;
        default: __builtin_unreachable();   /* every code has its case: no range check */
        }
        if (o == root) return p->result_is_int ? INT2FIX(v[o->dst].i) : Qnil;
    }
}

/* x = r for x op= tree: an instance variable through its write node's
   cache as ev_var.c's assignment does (frozen, or a miss: all of it) */
static inline void op_asgn_store(const struct ar_prog *p, struct frame *f, VALUE r)
{
    const struct ar_var *x = &p->target;
    if (!x->ivar) {
        (x->depth ? env_at(f, x->depth) : f->env)->vars[x->idx] = r;
        return;
    }
    const struct node_var *w = (const struct node_var *)p->write;
    VALUE self = f->self;
    if (TYPE_P(self, T_OBJECT) && !FL_TEST(self, FL_FROZEN) &&
        RCLASS(RBASIC(self)->klass)->serial == w->cache.iv.serial)
        obj_ivar_store(self, w->cache.iv.index, r);
    else
        ev_assign(p->write, r, f);
}

/* the variables from k on into their slots, with the shape they make
   (those before k held Floats); AR_NO_SHAPE if one is no number */
static uint32_t load_shape(struct ar_prog *p, struct frame *f, int k)
{
    uint32_t shape = 0;
    for (; k < p->nvars; k++) {
        const struct ar_local *l = &p->var[k];
        VALUE v = k >= p->nlvars ? ivar_value(p->ivar[k], f)
                : p->locals_here ? f->env->vars[l->idx] : env_at(f, l->depth)->vars[l->idx];
        if (flo_value(v, &p->v[k].d)) continue;
        if (!FIXNUM_P(v)) return AR_NO_SHAPE;
        p->v[k].i = FIX2LONG(v);
        shape |= 1u << k;
    }
    return shape;
}

/* A run off the common path (variable k the first that is no Float, or
   k < 0: the tree): on the specialisation for the shape of the
   variables, made again when the shape changed; or the tree. */
static NOINLINE VALUE ar_slow(struct ar_prog *p, struct node *n, struct frame *f, int k)
{
    uint32_t shape = k < 0 ? AR_NO_SHAPE : load_shape(p, f, k);
    if (shape == AR_NO_SHAPE) return ar_miss(p, n, f);
    if ((p->shape & ~AR_SHAPE_TREE) != shape) {
        if (++p->shapes >= AR_MISS_LIMIT && p->shapes > p->runs / 4) {
            give_back(p, n);
            return p->tree(n, f);
        }
        if (!specialise(p, shape)) p->shape |= AR_SHAPE_TREE;   /* Float#%, too few operators */
    }
    VALUE r = p->shape & AR_SHAPE_TREE ? Qundef : run_shape(p);
    if (r == Qundef) return ar_miss(p, n, f);
    p->runs++;
    if (r == Qnil) r = float_new(p->v[p->sop[p->nsops - 1].dst].d);
    if (p->write) op_asgn_store(p, f, r);
    return r;
}

/* The program's run on doubles, or ar_slow's answer (a tail call: the
   common path saves no registers).  ivars is constant: each caller its
   own copy, and the loop over instance variables only where there are
   some. */
#define AR_RUN(p, n, f, ivars, done)                                                    \
    do {                                                                                \
        if (UNLIKELY(p->off || ev_flo_ops_redefined || ev_fix_ops_redefined))           \
            return ar_slow(p, n, f, -1);                                                \
        /* not reloaded: the stores below might alias them */                          \
        struct env *env = f->env;                                                       \
        const VALUE *here = env->vars;                                                  \
        int k = 0;                                                                      \
        if (LIKELY(p->locals_here)) {                                                   \
            for (; k < p->nlvars; k++)                                                  \
                if (!flo_value(here[p->var[k].idx], &p->v[k].d)) break;                 \
        } else {                                                                        \
            for (; k < p->nlvars; k++) {                                                \
                const struct ar_local *l = &p->var[k];                                  \
                VALUE v = (l->depth ? env_at(f, l->depth) : env)->vars[l->idx];         \
                if (!flo_value(v, &p->v[k].d)) break;                                   \
            }                                                                           \
        }                                                                               \
        if (ivars && k == p->nlvars)                                                    \
            for (; k < p->nvars; k++)                                                   \
                if (!flo_value(ivar_value(p->ivar[k], f), &p->v[k].d)) break;           \
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
    } else if (n->type == NODE_INT && FIXABLE(((struct node_int *)n)->val)) {
        long v = ((struct node_int *)n)->val;
        b->lit[k].is_dbl = false;
        b->lit[k].fix = v;
        b->lit[k].d = (double)v;
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

/* the operators of the tree at n if every leaf can be a program's, else
   -1: checked before anything is built, as most operator calls have a
   call among their leaves */
static int tree_ops(const struct node *n, bool root)
{
    enum ar_code code = op_code(n);
    if (code == AR_NONE) {
        bool leaf = n->type == NODE_LVAR || n->type == NODE_IVAR || n->type == NODE_FLOAT ||
                    (n->type == NODE_INT && FIXABLE(((const struct node_int *)n)->val));
        return leaf ? 0 : -1;
    }
    if (code > AR_MOD && !root) return -1;
    const struct node_call *c = (const struct node_call *)n;
    int a = tree_ops(c->recv, false);
    int b = a < 0 ? -1 : tree_ops(c->args[0], false);
    return b < 0 ? -1 : a + b + 1;
}

/* A tree of two operators or more at n becomes a program (n's subtrees
   may have had their own: the root's covers them). */
void ev_arith_flatten(struct arena *arena, struct node *n)
{
    bool op_asgn = n->type == NODE_OP_ASGN;
    int ops = op_asgn ? tree_ops(((struct node_op_asgn *)n)->value, false) + 1 : tree_ops(n, true);
    if (ops < 2) return;
    struct ar_prog prog = { .nops = 0 };
    struct build b = { .p = &prog };
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
        prog.lit_is_dbl[k] = b.lit[k].is_dbl;
        if (b.lit[k].is_dbl) prog.lit[k].d = b.lit[k].d;
        else prog.lit[k].i = b.lit[k].fix;
    }
    prog.shape = AR_NO_SHAPE;
    prog.locals_here = true;
    for (int k = 0; k < prog.nlvars; k++) prog.locals_here &= prog.var[k].depth == 0;
    prog.on_doubles = true;
    for (int k = 0; k < prog.nlits; k++) prog.on_doubles &= prog.lit_is_dbl[k];
    for (int k = 0; k < prog.nops; k++) prog.on_doubles &= prog.op[k].code != AR_MOD;
    for (int k = 0; k < prog.nlits; k++) prog.v[prog.nvars + k] = prog.lit[k];
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
