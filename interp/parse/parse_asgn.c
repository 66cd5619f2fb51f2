/* parse_asgn.c: assignment.  An assignment is parsed as an expression
 * first (`a.b`, `x[1]`, `foo`); when `=`, `op=` or a statement-level `,`
 * follows, the expression becomes a target: a setter node with no value
 * (LASGN, IASGN, GASGN, CVASGN, CDECL, ATTRASGN) or a nested node_mlhs.
 * Also the left-hand sides of multiple assignment, shared with block
 * parameters and for-loop variables, and the right-hand sides.
 */
#include <ctype.h>
#include "parse.h"

bool parse_is_pending_mlhs(const struct node *n)
{
    return n && n->type == NODE_MASGN && (n->flags & NF_PENDING_MLHS);
}

static bool is_index_call(const struct node_call *c)
{
    return c->mid == ID_aref && c->recv && !(c->h.flags & NF_PAREN) &&
           !c->block && !c->block_arg;
}

/* `recv.name` without arguments, name an identifier or constant */
static bool is_attr_call(const struct node_call *c)
{
    if (!c->recv || c->argc || c->block || c->block_arg || (c->h.flags & NF_PAREN)) return false;
    const char *s = sym_name(c->mid);
    size_t len = sym_len(c->mid);
    unsigned char c0 = (unsigned char)s[0];
    return (isalpha(c0) || c0 == '_' || c0 >= 0x80) && s[len - 1] != '?' && s[len - 1] != '!';
}

bool parse_assignable(const struct node *n)
{
    if (!n) return false;
    switch (n->type) {
    case NODE_LVAR: case NODE_IVAR: case NODE_GVAR: case NODE_CVAR: case NODE_CONST:
    case NODE_COLON2: case NODE_COLON3: case NODE_NTH_REF: case NODE_BACK_REF:
    case NODE_SELF: case NODE_NIL: case NODE_TRUE: case NODE_FALSE:
        return true;                 /* the last ones only to say why not */
    case NODE_CALL: {
        const struct node_call *c = (const struct node_call *)n;
        return (c->h.flags & NF_VCALL) || is_index_call(c) || is_attr_call(c);
    }
    case NODE_MASGN:
        return parse_is_pending_mlhs(n);
    default:
        return false;
    }
}

static struct node *var_target(struct parser *p, int type, const struct node *n)
{
    struct node_var *v = NEW(p, node_var, type, n->line);
    v->name = ((const struct node_var *)n)->name;
    return &v->h;
}

static struct node *const_target(struct parser *p, struct node *n)
{
    if (p->in_def) parse_error(p, n->line, "dynamic constant assignment");
    struct node_cdecl *c = NEW(p, node_cdecl, NODE_CDECL, n->line);
    c->target = n;
    return &c->h;
}

static struct node *call_target(struct parser *p, struct node_call *c)
{
    if (c->h.flags & NF_VCALL) return parse_lasgn(p, c->mid, NULL, c->h.line);
    c->mid = is_index_call(c) ? ID_aset : sym_attrset(c->mid);
    c->h.type = NODE_ATTRASGN;
    c->h.flags = c->recv->type == NODE_SELF ? NF_SELFRECV : 0;
    return &c->h;
}

static NORETURN void cannot_assign(struct parser *p, const struct node *n)
{
    switch (n->type) {
    case NODE_SELF: parse_error(p, n->line, "Can't change the value of self");
    case NODE_NIL: parse_error(p, n->line, "Can't assign to nil");
    case NODE_TRUE: parse_error(p, n->line, "Can't assign to true");
    case NODE_FALSE: parse_error(p, n->line, "Can't assign to false");
    case NODE_NTH_REF:
        lex_fail(&p->lx, n->line, "Can't set variable $%ld", ((const struct node_int *)n)->val);  /* no caret */
    case NODE_BACK_REF:
        lex_fail(&p->lx, n->line, "Can't set variable $%c", (int)((const struct node_int *)n)->val);
    default:
        parse_unexpected(p, -1);
    }
}

/* The assignment node (value still NULL) for an expression used as a target. */
struct node *parse_to_target(struct parser *p, struct node *n)
{
    if (!parse_assignable(n)) parse_unexpected(p, -1);
    switch (n->type) {
    case NODE_LVAR: {
        const struct node_lvar *v = (const struct node_lvar *)n;
        struct node_lvar *a = NEW(p, node_lvar, NODE_LASGN, n->line);
        a->name = v->name;
        a->depth = v->depth;
        a->idx = v->idx;
        return &a->h;
    }
    case NODE_IVAR: return var_target(p, NODE_IASGN, n);
    case NODE_GVAR: return var_target(p, NODE_GASGN, n);
    case NODE_CVAR: return var_target(p, NODE_CVASGN, n);
    case NODE_CONST: case NODE_COLON2: case NODE_COLON3: return const_target(p, n);
    case NODE_CALL: return call_target(p, (struct node_call *)n);
    case NODE_MASGN:
        n->flags &= (uint16_t)~NF_PENDING_MLHS;
        return n;
    default:
        cannot_assign(p, n);
    }
}

static void set_value(struct node *target, struct node *value)
{
    switch (target->type) {
    case NODE_LASGN: ((struct node_lvar *)target)->value = value; break;
    case NODE_CDECL: ((struct node_cdecl *)target)->value = value; break;
    case NODE_ATTRASGN: ((struct node_call *)target)->value = value; break;
    default: ((struct node_var *)target)->value = value; break;
    }
}

/* The reading counterpart of a variable target, for `x op= v`. */
static struct node *getter(struct parser *p, const struct node *w)
{
    if (w->type == NODE_LASGN) {
        const struct node_lvar *a = (const struct node_lvar *)w;
        struct node_lvar *v = NEW(p, node_lvar, NODE_LVAR, w->line);
        v->name = a->name;
        v->depth = a->depth;
        v->idx = a->idx;
        return &v->h;
    }
    if (w->type == NODE_CDECL) w = ((const struct node_cdecl *)w)->target;   /* a NODE_CONST */
    if (w->type == NODE_CONST) return var_target(p, NODE_CONST, w);
    int type = w->type == NODE_IASGN ? NODE_IVAR : w->type == NODE_GASGN ? NODE_GVAR : NODE_CVAR;
    return var_target(p, type, w);
}

/* ================================================================ right-hand sides */

/* `x = v rescue r` rescues v only (not for command calls: `x = foo 1 rescue r`). */
static struct node *rescue_rhs(struct parser *p, struct node *v, int line)
{
    if (tk(p) != kRESCUE_MOD || v == p->last_command) return v;
    skip(p);
    return parse_new_rescue_mod(p, v, parse_arg(p), line);
}

/* Values after `=` at statement level: `a = 1, 2`, `a = *b`, `a, b = c`.
   A list (or for masgn any splat) makes a NODE_ARRAY. */
static struct node *parse_mrhs(struct parser *p, bool masgn, bool *single)
{
    int line = tline(p);
    size_t mark = parse_vmark(p);
    *single = false;
    if (tk(p) != tSTAR) {
        struct node *v = parse_arg(p);
        parse_value_expr(p, v);
        *single = tk(p) != ',';
        if (*single) return masgn ? v : rescue_rhs(p, v, line);
        parse_vpush(p, v);
        skip(p);
    }
    for (;;) {
        if (accept(p, tSTAR)) {
            int sline = tline(p);
            struct node *s = parse_new_unary(p, NODE_SPLAT, parse_arg(p), sline);
            if (!masgn && parse_vmark(p) == mark) return s;   /* a = *b */
            parse_vpush(p, s);
            struct node *list = parse_new_list(p, NODE_ARRAY, mark, line);
            /* a = 1, *b: 1.8.7 unwraps a list of one (a = 1, *[] is 1), as
               a = *[1, *b] does */
            return masgn ? list : parse_new_unary(p, NODE_SPLAT, list, line);
        }
        struct node *v = parse_arg(p);
        parse_value_expr(p, v);
        parse_vpush(p, v);
        if (!accept(p, ',')) break;
    }
    return parse_new_list(p, NODE_ARRAY, mark, line);
}

struct node *parse_assignment(struct parser *p, struct node *lhs, bool stmt_level)
{
    int line = tline(p);
    skip(p);                                          /* '=' */
    struct node *target = parse_to_target(p, lhs);    /* declares a new local first */
    struct node *value;
    if (stmt_level) {
        bool single;
        value = parse_mrhs(p, false, &single);
    } else {
        value = parse_arg(p);
        parse_value_expr(p, value);
        value = rescue_rhs(p, value, line);
    }
    set_value(target, value);
    return target;
}

/* ================================================================ op= */

static struct node *op_asgn_index(struct parser *p, struct node_call *c, ID op, struct node *v)
{
    struct node_op_index *n = NEW(p, node_op_index, NODE_OP_ASGN_INDEX, c->h.line);
    n->recv = c->recv;
    n->argc = c->argc;
    n->args = c->args;
    n->op = op;
    n->value = v;
    return &n->h;
}

static struct node *op_asgn_attr(struct parser *p, struct node_call *c, ID op, struct node *v)
{
    struct node_op_attr *n = NEW(p, node_op_attr, NODE_OP_ASGN_ATTR, c->h.line);
    n->recv = c->recv;
    n->attr = c->mid;
    n->op = op;
    n->value = v;
    return &n->h;
}

static struct node *op_rhs(struct parser *p)
{
    struct node *v = parse_arg(p);
    parse_value_expr(p, v);
    return v;
}

struct node *parse_op_assignment(struct parser *p, struct node *lhs)
{
    ID op = p->tok.id;
    int line = tline(p);
    if (lhs->type == NODE_COLON2 || lhs->type == NODE_COLON3)
        parse_error(p, line, "constant re-assignment");
    skip(p);
    if (lhs->type == NODE_CALL && !(lhs->flags & NF_VCALL)) {
        struct node_call *c = (struct node_call *)lhs;
        if (is_index_call(c)) return op_asgn_index(p, c, op, op_rhs(p));
        return op_asgn_attr(p, c, op, op_rhs(p));
    }
    struct node_op_asgn *n = NEW(p, node_op_asgn, NODE_OP_ASGN, lhs->line);
    n->write = parse_to_target(p, lhs);
    n->read = getter(p, n->write);
    n->op = op;
    n->value = op_rhs(p);
    return &n->h;
}

/* ================================================================ mlhs */

static struct node *mlhs_item(struct parser *p);

/* `*x` or a bare `*`, last of an mlhs */
static void mlhs_splat(struct parser *p, struct node_mlhs *m, int closer)
{
    skip(p);
    m->has_splat = true;
    int t = tk(p);
    if (t != ',' && t != closer) m->splat = parse_to_target(p, parse_primary(p));
}

/* Items separated by commas until `closer` (not consumed).  first, if
   given, is the first item as already parsed.  Stops before `&` in block
   parameters (after its comma). */
static void mlhs_items(struct parser *p, struct node_mlhs *m, struct node *first, int closer)
{
    size_t mark = parse_vmark(p);
    bool need_item = first == NULL;
    if (first) parse_vpush(p, parse_to_target(p, first));
    for (;;) {
        if (!need_item) {
            if (!accept(p, ',')) break;
            if (tk(p) == closer) {
                m->trailing_comma = true;
                break;
            }
        }
        need_item = false;
        if (tk(p) == tSTAR) {
            mlhs_splat(p, m, closer);
            break;
        }
        if (tk(p) == tAMPER && closer == '|') break;
        parse_vpush(p, mlhs_item(p));
    }
    m->targets = parse_vtake(p, mark, &m->n);
}

static struct node *mlhs_item(struct parser *p)
{
    if (tk(p) != tLPAREN) return parse_to_target(p, parse_primary(p));
    parse_enter(p);
    struct node_masgn *m = NEW(p, node_masgn, NODE_MASGN, tline(p));
    skip(p);
    mlhs_items(p, &m->lhs, NULL, ')');
    parse_expect(p, ')');
    parse_leave(p);
    return &m->h;
}

/* Block parameters and for-loop variables. */
struct node_mlhs *parse_mlhs(struct parser *p, int closer)
{
    struct node_mlhs *m = arena_alloc(p->arena, sizeof *m);
    mlhs_items(p, m, NULL, closer);
    return m;
}

/* `a, b = ...`, `*a = ...`, `(a, b), c = ...`; first is the first target
   as parsed (NULL when the statement starts with `*`), pos where it began. */
struct node *parse_masgn(struct parser *p, struct node *first, size_t pos)
{
    struct node_masgn *m;
    if (parse_is_pending_mlhs(first) && tk(p) == '=') {
        m = (struct node_masgn *)first;          /* (a, b) = ... is a, b = ... */
        m->h.flags &= (uint16_t)~NF_PENDING_MLHS;
    } else {
        m = NEW(p, node_masgn, NODE_MASGN, first ? first->line : tline(p));
        mlhs_items(p, &m->lhs, first, '=');
    }
    if (pos == p->paren_pos && tk(p) == ')') {   /* (a, b) of `(a, b), c = ...` */
        m->h.flags |= NF_PENDING_MLHS;
        return &m->h;
    }
    parse_expect(p, '=');
    int line = tline(p);
    bool single;
    m->rhs = parse_mrhs(p, true, &single);
    /* `*a = v`: 1.8 wraps one value, Array or not (NEW_ARRAY in MRI) */
    if (m->lhs.n == 0 && single) {
        size_t mark = parse_vmark(p);
        parse_vpush(p, m->rhs);
        m->rhs = parse_new_list(p, NODE_ARRAY, mark, line);
    }
    return &m->h;
}
