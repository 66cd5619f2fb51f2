/* parse_expr.c: expressions.  `and`/`or`/`not` bind loosest (parse_expr);
 * below them the operators of MRI 1.8's `arg`, parsed by precedence climbing
 * with 1.8's table (ternary, .. ..., ||, &&, equality, comparison, | ^, &,
 * << >>, + -, * / %, unary minus, **, ! ~ unary plus), unary operators,
 * `defined?`, and the hook where an operand followed by `=` or `op=`
 * becomes an assignment.  Also cond(): what a condition makes of a regexp
 * literal (a match against $_) and of a range (a flip-flop).
 */
#include <string.h>
#include "parse.h"

enum prec {
    PREC_NONE, PREC_TERNARY, PREC_DOT, PREC_OROP, PREC_ANDOP, PREC_EQ, PREC_CMP,
    PREC_BOR, PREC_BAND, PREC_SHIFT, PREC_ADD, PREC_MUL, PREC_UMINUS, PREC_POW
};

static int binop_prec(int t)
{
    switch (t) {
    case '?': return PREC_TERNARY;
    case tDOT2: case tDOT3: return PREC_DOT;
    case tOROP: return PREC_OROP;
    case tANDOP: return PREC_ANDOP;
    case tCMP: case tEQ: case tEQQ: case tNEQ: case tMATCH: case tNMATCH: return PREC_EQ;
    case '<': case tLEQ: case '>': case tGEQ: return PREC_CMP;
    case '|': case '^': return PREC_BOR;
    case '&': return PREC_BAND;
    case tLSHFT: case tRSHFT: return PREC_SHIFT;
    case '+': case '-': return PREC_ADD;
    case '*': case '/': case '%': return PREC_MUL;
    case tPOW: return PREC_POW;
    default: return PREC_NONE;
    }
}

/* `return` and friends have no value to give. */
void parse_value_expr(struct parser *p, struct node *n)
{
    if (!n) return;
    switch (n->type) {
    case NODE_RETURN: case NODE_BREAK: case NODE_NEXT: case NODE_REDO: case NODE_RETRY:
        parse_error(p, n->line, "void value expression");
    case NODE_DEFN: case NODE_DEFS:          /* its value is nil: MRI only warns */
        parse_warning(p, n->line, "void value expression");
        break;
    default:
        break;
    }
}

/* ================================================================ conditions */

/* MRI leaves some condition warnings out for -e one-liners. */
static bool e_option(struct parser *p) { return strcmp(p->file, "-e") == 0; }

static struct node *range_end(struct parser *p, struct node *n)
{
    /* an integer literal as an end of a flip-flop compares with $. */
    if (n && n->type == NODE_INT) {
        if (!e_option(p)) parse_warn(p, n->line, "integer literal in conditional range");
        struct node_var *g = NEW(p, node_var, NODE_GVAR, n->line);
        g->name = sym_intern("$.", 2);
        return parse_new_call1(p, n, ID_eq, &g->h, n->line);
    }
    return parse_cond(p, n);
}

/* MRI's reckoning of the ends of a flip-flop: 1 for a literal, 2 for a
   string one, 0 for anything else (integers already compare with $.). */
static int literal_kind(const struct node *n)
{
    if (!n) return 1;
    switch (n->type) {
    case NODE_FLOAT: case NODE_BIGINT: case NODE_SYM: case NODE_NIL: case NODE_TRUE: case NODE_FALSE:
        return 1;
    case NODE_STR: case NODE_DSTR: case NODE_XSTR: case NODE_DXSTR: case NODE_DSYM:
        return 2;
    default:
        return 0;
    }
}

static struct node *flip_flop(struct parser *p, struct node_binary *r)
{
    struct node_flip *f = NEW(p, node_flip, r->h.type == NODE_DOT2 ? NODE_FLIP2 : NODE_FLIP3,
                              r->h.line);
    f->beg = range_end(p, r->left);
    f->end = range_end(p, r->right);
    int b = literal_kind(f->beg), e = literal_kind(f->end);
    if (!e_option(p) && ((b == 1 && e == 1) || b + e >= 2))
        (b == 1 && e == 1 ? parse_warn : parse_warning)(p, r->h.line, "range literal in condition");
    f->slot = parse_hidden_slot(p, &f->depth);
    return &f->h;
}

static bool literal_value(const struct node *n)
{
    switch (n->type) {
    case NODE_INT: case NODE_BIGINT: case NODE_FLOAT: case NODE_SYM: case NODE_REGEX: case NODE_STR:
    case NODE_NIL: case NODE_TRUE: case NODE_FALSE:
        return true;
    default:
        return false;
    }
}

/* `if x = 1`: MRI's warning for an assignment of a literal. */
static void assign_in_cond(struct parser *p, struct node *n)
{
    struct node *v = n->type == NODE_LASGN ? ((struct node_lvar *)n)->value : ((struct node_var *)n)->value;
    if (v && literal_value(v)) parse_warn(p, v->line, "found = in conditional, should be ==");
}

/* An expression used as a condition, with MRI 1.8.7's warnings about
   literals there.  Walks && || chains down their right side iteratively:
   chains can be very long. */
struct node *parse_cond(struct parser *p, struct node *n)
{
    if (!n) return n;
    switch (n->type) {
    case NODE_REGEX: case NODE_DREGX:
        if (!e_option(p)) parse_warn(p, n->line, "regex literal in condition");
        return parse_new_unary(p, NODE_MATCH, n, n->line);
    case NODE_STR: case NODE_DSTR:
        parse_warn(p, n->line, "string literal in condition");
        return n;
    case NODE_DSYM:
        if (!e_option(p)) parse_warn(p, n->line, "literal in condition");
        return n;
    case NODE_INT: case NODE_BIGINT: case NODE_FLOAT: case NODE_SYM:
        parse_warning(p, n->line, "literal in condition");
        return n;
    case NODE_LASGN: case NODE_GASGN: case NODE_IASGN:
        assign_in_cond(p, n);
        return n;
    case NODE_DOT2: case NODE_DOT3:
        return flip_flop(p, (struct node_binary *)n);
    case NODE_AND: case NODE_OR: {
        struct node_binary *b = (struct node_binary *)n;
        parse_enter(p);                /* `a and b or c and ...` nests to the left */
        for (;;) {
            b->left = parse_cond(p, b->left);
            if (!b->right || (b->right->type != NODE_AND && b->right->type != NODE_OR)) break;
            b = (struct node_binary *)b->right;
        }
        b->right = parse_cond(p, b->right);
        parse_leave(p);
        return n;
    }
    default:
        return n;
    }
}

/* ================================================================ operators */

static struct node *parse_unary(struct parser *p);
static struct node *binary_rest(struct parser *p, struct node *lhs, int min);

static struct node *arg_prec(struct parser *p, int min)
{
    parse_enter(p);
    struct node *n = binary_rest(p, parse_unary(p), min);
    parse_leave(p);
    return n;
}

struct node *parse_arg(struct parser *p)
{
    return arg_prec(p, PREC_TERNARY);
}

struct node *parse_arg_rest(struct parser *p, struct node *lhs)
{
    return binary_rest(p, lhs, PREC_TERNARY);
}

static struct node *ternary(struct parser *p, struct node *c, int line)
{
    parse_value_expr(p, c);
    struct node *t = parse_arg(p);
    parse_expect(p, ':');
    struct node *e = arg_prec(p, PREC_TERNARY);
    return parse_new_if(p, parse_cond(p, c), t, e, line);
}

static struct node *binop(struct parser *p, int t, struct node *l, struct node *r, int line)
{
    switch (t) {
    case tDOT2: return parse_new_binary(p, NODE_DOT2, l, r, l->line);
    case tDOT3: return parse_new_binary(p, NODE_DOT3, l, r, l->line);
    case tNEQ: return parse_new_unary(p, NODE_NOT, parse_new_call1(p, l, ID_eq, r, line), line);
    case tNMATCH: return parse_new_unary(p, NODE_NOT, parse_new_call1(p, l, ID_match, r, line), line);
    case tEQ: return parse_new_call1(p, l, ID_eq, r, line);
    case tEQQ: return parse_new_call1(p, l, ID_eqq, r, line);
    case tMATCH: return parse_new_call1(p, l, ID_match, r, line);
    default: return parse_new_call1(p, l, lex_op_id(t), r, line);
    }
}

/* `a && b && c` becomes a && (b && c), as in MRI: tail is the last link of
   the chain this loop is building, so appending stays O(1). */
static struct node *logop(struct parser *p, int type, struct node *l, struct node *r,
                          struct node **tail)
{
    if (*tail && (*tail)->type == type && l->type == type) {
        struct node_binary *t = (struct node_binary *)*tail;
        t->right = parse_new_binary(p, type, t->right, r, t->right->line);
        *tail = t->right;
        return l;
    }
    *tail = parse_new_binary(p, type, l, r, l->line);
    return *tail;
}

static struct node *binary_rest(struct parser *p, struct node *lhs, int min)
{
    struct node *tail = NULL;
    for (;;) {
        if (parse_is_pending_mlhs(lhs)) return lhs;
        int t = tk(p), prec = binop_prec(t), line = p->tok.line;
        if (prec == PREC_NONE || prec < min) return lhs;
        skip(p);
        if (t == '?') {
            lhs = ternary(p, lhs, lhs->line);
            tail = NULL;
            continue;
        }
        parse_value_expr(p, lhs);
        struct node *rhs = arg_prec(p, t == tPOW ? prec : prec + 1);
        if (t == tANDOP || t == tOROP) {
            lhs = logop(p, t == tANDOP ? NODE_AND : NODE_OR, lhs, rhs, &tail);
            continue;
        }
        parse_value_expr(p, rhs);
        lhs = binop(p, t, lhs, rhs, line);
        tail = NULL;
        if ((prec == PREC_EQ || prec == PREC_DOT) && binop_prec(tk(p)) == prec)
            parse_unexpected(p, -1);          /* non-associative */
    }
}

/* ================================================================ unary */

static bool is_literal(const struct node *n)
{
    switch (n->type) {
    case NODE_INT: case NODE_BIGINT: case NODE_FLOAT: case NODE_SYM: case NODE_REGEX:
        return true;
    default:
        return false;
    }
}

static struct node *uminus(struct parser *p, int line)
{
    struct node *v = arg_prec(p, PREC_POW);
    if (v->type == NODE_INT) {                /* - 2 is the literal -2 in 1.8 */
        ((struct node_int *)v)->val = -((struct node_int *)v)->val;
        return v;
    }
    return parse_new_call(p, v, ID_uminus, line);
}

/* -2 (tUMINUS_NUM then the number): a negative literal, except that
   -2 ** 2 is -(2 ** 2). */
static struct node *negative_number(struct parser *p, int line)
{
    skip(p);
    int t = tk(p);
    if (t != tINTEGER && t != tFLOAT) parse_unexpected(p, -1);
    struct token num = p->tok;
    skip(p);
    if (tk(p) == tPOW) {
        int pline = tline(p);
        skip(p);
        struct node *rhs = arg_prec(p, PREC_POW);
        struct node *pow = parse_new_call1(p, parse_number_token(p, &num, false), ID_pow, rhs, pline);
        return parse_new_call(p, pow, ID_uminus, line);
    }
    return parse_postfix(p, parse_number_token(p, &num, true));
}

/* `begin ... end` leaves no node of its own, but 1.8.7's defined? runs it
   rather than looking into it */
static struct node *defined_node(struct parser *p, struct node *e, int line)
{
    struct node *n = parse_new_unary(p, NODE_DEFINED, e, line);
    if (e == p->begin_node) n->flags |= NF_DEFINED_RUN;
    return n;
}

static struct node *defined(struct parser *p, int line)
{
    skip(p);
    parse_skip_newlines(p);
    int t = tk(p);
    if (t != '(' && t != tLPAREN) return defined_node(p, parse_arg(p), line);
    bool flags[2];
    parse_save_flags(p, flags);
    skip(p);
    struct node *e = parse_expr(p);
    parse_skip_newlines(p);
    parse_expect(p, ')');
    parse_restore_flags(p, flags);
    return parse_postfix(p, defined_node(p, e, line));
}

/* An operand; `=` or `op=` after it makes it an assignment target. */
static struct node *operand(struct parser *p)
{
    size_t pos = tpos(p);
    struct node *n = parse_primary(p);
    if (parse_is_pending_mlhs(n)) return n;
    int t = tk(p);
    if (t == '=' && parse_assignable(n)) return parse_assignment(p, n, pos == p->stmt_pos);
    if (t == tOP_ASGN && parse_assignable(n)) return parse_op_assignment(p, n);
    return n;
}

static struct node *unary(struct parser *p)
{
    int t = tk(p), line = p->tok.line;
    struct node *v;
    switch (t) {
    case '!':
        skip(p);
        v = parse_unary(p);
        parse_value_expr(p, v);
        return parse_new_unary(p, NODE_NOT, parse_cond(p, v), line);
    case '~':
        skip(p);
        return parse_new_call(p, parse_unary(p), ID_neg, line);
    case tUPLUS:
        skip(p);
        v = parse_unary(p);
        return is_literal(v) ? v : parse_new_call(p, v, ID_uplus, line);
    case tUMINUS:
        skip(p);
        return uminus(p, line);
    case tUMINUS_NUM:
        return negative_number(p, line);
    case kDEFINED:
        return defined(p, line);
    default:
        return operand(p);
    }
}

static struct node *parse_unary(struct parser *p)
{
    parse_enter(p);
    struct node *n = unary(p);
    parse_leave(p);
    return n;
}

/* ================================================================ expr */

static struct node *not_expr(struct parser *p)
{
    if (tk(p) != kNOT) return parse_arg(p);
    int line = tline(p);
    skip(p);
    parse_enter(p);
    struct node *v = not_expr(p);
    parse_leave(p);
    parse_value_expr(p, v);
    return parse_new_unary(p, NODE_NOT, parse_cond(p, v), line);
}

/* expr: `not`, `and`, `or` around args and commands. */
struct node *parse_expr(struct parser *p)
{
    struct node *left = not_expr(p), *tail = NULL;
    for (;;) {
        if (parse_is_pending_mlhs(left)) return left;
        int t = tk(p);
        if (t != kAND && t != kOR) return left;
        skip(p);
        parse_value_expr(p, left);
        struct node *right = not_expr(p);
        left = logop(p, t == kAND ? NODE_AND : NODE_OR, left, right, &tail);
    }
}

struct node *parse_expr_value(struct parser *p)
{
    struct node *n = parse_expr(p);
    parse_value_expr(p, n);
    return n;
}
