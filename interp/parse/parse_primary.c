/* parse_primary.c: operands.  Names (a local variable, a method call with
 * or without arguments, a constant), variables, ( ) [ ] { }, the compound
 * expressions begin/if/unless/while/until/case/for, and what may follow an
 * operand: .meth, ::meth, ::Const, [index].  Literals are in
 * parse_literal.c, calls and blocks in parse_call.c, definitions in
 * parse_def.c.
 */
#include <string.h>
#include "parse.h"

static struct node *var_node(struct parser *p, int type, ID id, int line)
{
    struct node_var *v = NEW(p, node_var, type, line);
    v->name = id;
    return &v->h;
}

/* After a method name: do arguments or a block follow? */
static bool call_follows(struct parser *p)
{
    int t = tk(p);
    return t == '(' || t == '{' || (t == kDO && !p->in_cond && !p->in_cmdarg) ||
           parse_is_arg_start(p);
}

static struct node *fcall(struct parser *p, ID id, int line)
{
    struct node *c = parse_new_call(p, NULL, id, line);
    c->flags = NF_FCALL;
    return parse_call_rest(p, c);
}

/* foo: a local variable, or a call of self's method foo */
static struct node *identifier(struct parser *p)
{
    ID id = p->tok.id;
    int line = p->tok.line;
    skip(p);
    if (call_follows(p)) return fcall(p, id, line);
    return parse_lvar_or_vcall(p, id, line);
}

/* Foo: a constant, unless arguments or a block follow; foo? and foo! are
   always calls (fid). */
static struct node *const_or_call(struct parser *p, bool fid)
{
    ID id = p->tok.id;
    int line = p->tok.line;
    skip(p);
    if (fid || call_follows(p)) return fcall(p, id, line);
    return var_node(p, NODE_CONST, id, line);
}

static struct node *ref_node(struct parser *p, int type)
{
    struct node_int *n = NEW(p, node_int, type, tline(p));
    n->val = (long)p->tok.uval;
    skip(p);
    return &n->h;
}

/* self nil true false __FILE__ __LINE__ */
static struct node *keyword_value(struct parser *p, int t)
{
    int line = tline(p);
    skip(p);
    struct node *n;
    switch (t) {
    case kNIL: return parse_new_simple(p, NODE_NIL, line);
    case kTRUE: return parse_new_simple(p, NODE_TRUE, line);
    case kFALSE: return parse_new_simple(p, NODE_FALSE, line);
    case kSELF: return parse_new_simple(p, NODE_SELF, line);
    case k__FILE__: n = parse_new_str(p, NODE_STR, p->file, strlen(p->file), line); break;
    default: n = parse_new_int(p, line, line); break;
    }
    if (tk(p) == '=' || tk(p) == tOP_ASGN)
        parse_error(p, line, "Can't assign to %s", t == k__FILE__ ? "__FILE__" : "__LINE__");
    return n;
}

/* ( stmts ): at a statement start it may hold the first part of a
   multiple assignment, `(a, b), c = ...` (see parse_masgn). */
struct node *parse_paren(struct parser *p)
{
    int t = tk(p), line = tline(p);
    bool at_stmt = tpos(p) == p->stmt_pos;
    skip(p);
    size_t saved = p->paren_pos;
    p->paren_pos = at_stmt ? tpos(p) : (size_t)-1;
    struct node *body = parse_compstmt(p, ')');
    p->paren_pos = saved;
    parse_expect(p, ')');
    p->last_command = NULL;      /* `x = (foo 1) rescue r`: a primary, not a command */
    if (t == tLPAREN_ARG) p->lx.state = EXPR_ENDARG;
    return body ? body : parse_new_simple(p, NODE_NIL, line);
}

static struct node *array_literal(struct parser *p)
{
    int line = tline(p);
    skip(p);
    struct node_call tmp;
    memset(&tmp, 0, sizeof tmp);
    parse_args(p, ']', &tmp);
    if (tmp.block_arg) parse_error(p, line, "block argument should not be given");
    parse_expect(p, ']');
    struct node_list *l = NEW(p, node_list, NODE_ARRAY, line);
    l->n = tmp.argc;
    l->items = tmp.args;
    return &l->h;
}

/* {k => v, ...}, or Ruby 1.8's {k, v, ...} */
static struct node *hash_literal(struct parser *p)
{
    int line = tline(p);
    bool flags[2], pairs = true;
    parse_save_flags(p, flags);
    skip(p);
    size_t mark = parse_vmark(p);
    for (bool first = true;; first = false) {
        parse_skip_newlines(p);
        if (tk(p) == '}') break;
        struct node *k = parse_arg(p);
        parse_value_expr(p, k);
        parse_vpush(p, k);
        if (first) pairs = tk(p) == tASSOC;
        if (pairs) {
            parse_expect(p, tASSOC);
            struct node *v = parse_arg(p);
            parse_value_expr(p, v);
            parse_vpush(p, v);
        }
        if (!accept(p, ',')) break;
    }
    parse_skip_newlines(p);
    parse_expect(p, '}');
    parse_restore_flags(p, flags);
    if ((p->vlen - mark) % 2) parse_error(p, line, "odd number list for Hash");
    return parse_new_list(p, NODE_HASH, mark, line);
}

static struct node *begin_block(struct parser *p)
{
    int line = tline(p);
    skip(p);
    struct node *body = parse_bodystmt(p, line);
    parse_expect(p, kEND);
    struct node *n = body ? body : parse_new_simple(p, NODE_NIL, line);
    p->begin_node = n;
    return n;
}

/* ================================================================ if unless */

/* then: `then`, `:` (Ruby 1.8), or a newline / `;` with an optional `then` */
static void then_(struct parser *p)
{
    int t = tk(p);
    if (t == kTHEN || t == ':') {
        skip(p);
        return;
    }
    if (!is_term(t))
        parse_error(p, tline(p), "syntax error, unexpected %s, expecting kTHEN or ':' or '\\n' or ';'",
                    lex_token_name(t, (char[8]){0}));
    parse_skip_terms(p);
    accept(p, kTHEN);
}

static struct node *condition(struct parser *p)
{
    return parse_cond(p, parse_expr_value(p));
}

/* elsif ... else ...: built as a chain of NODE_IFs, iteratively */
static struct node *if_tail(struct parser *p)
{
    struct node *head = NULL, **slot = &head;
    while (tk(p) == kELSIF) {
        int line = tline(p);
        skip(p);
        struct node *c = condition(p);
        then_(p);
        struct node_if *n = (struct node_if *)parse_new_if(p, c, parse_compstmt(p, kEND), NULL, line);
        *slot = &n->h;
        slot = &n->else_;
    }
    if (accept(p, kELSE)) *slot = parse_compstmt(p, kEND);
    return head;
}

static struct node *if_expr(struct parser *p, int kw)
{
    int line = tline(p);
    skip(p);
    struct node *c = condition(p);
    then_(p);
    struct node *body = parse_compstmt(p, kEND), *else_ = NULL;
    if (kw == kIF) else_ = if_tail(p);
    else if (accept(p, kELSE)) else_ = parse_compstmt(p, kEND);
    parse_expect(p, kEND);
    return kw == kIF ? parse_new_if(p, c, body, else_, line) : parse_new_if(p, c, else_, body, line);
}

/* ================================================================ loops */

/* do: `do`, `:` or a newline / `;` after a loop condition */
static void do_(struct parser *p)
{
    int t = tk(p);
    if (t == kDO || t == ':') {
        skip(p);
        if (t == kDO) p->lx.command_start = true;   /* as 1.8.7 */
        return;
    }
    if (!is_term(t))
        parse_error(p, tline(p), "syntax error, unexpected %s, expecting kDO_COND or ':' or '\\n' or ';'",
                    lex_token_name(t, (char[8]){0}));
    parse_skip_terms(p);
}

/* A condition in which `do` belongs to the loop. */
static struct node *loop_condition(struct parser *p, bool as_cond)
{
    bool flags[2];
    parse_save_flags(p, flags);
    p->in_cond = true;
    struct node *c = parse_expr_value(p);
    parse_restore_flags(p, flags);
    return as_cond ? parse_cond(p, c) : c;
}

static struct node *while_expr(struct parser *p, int kw)
{
    struct node_loop *l = NEW(p, node_loop, kw == kWHILE ? NODE_WHILE : NODE_UNTIL, tline(p));
    skip(p);
    l->cond = loop_condition(p, true);
    do_(p);
    l->body = parse_compstmt(p, kEND);
    parse_expect(p, kEND);
    return &l->h;
}

/* for a, b in expr: the body is a block without a scope of its own */
static struct node *for_expr(struct parser *p)
{
    int line = tline(p);
    struct node_for *f = NEW(p, node_for, NODE_FOR, line);
    struct node_block *b = NEW(p, node_block, NODE_BLOCK, line);
    b->is_for = true;
    f->block = b;
    skip(p);
    parse_mark_captured(p);
    b->params = parse_mlhs(p, kIN);
    parse_expect(p, kIN);
    f->iter = loop_condition(p, false);
    do_(p);
    p->scope->for_depth++;
    b->body = parse_compstmt(p, kEND);
    p->scope->for_depth--;
    parse_expect(p, kEND);
    return &f->h;
}

/* ================================================================ case */

static struct node *when_clause(struct parser *p)
{
    struct node_when *w = NEW(p, node_when, NODE_WHEN, tline(p));
    skip(p);
    size_t mark = parse_vmark(p);
    do {
        int line = tline(p);
        struct node *v;
        if (accept(p, tSTAR)) v = parse_new_unary(p, NODE_SPLAT, parse_arg(p), line);
        else v = parse_arg(p);
        parse_value_expr(p, v);
        parse_vpush(p, v);
    } while (accept(p, ','));
    w->values = parse_vtake(p, mark, &w->n);
    then_(p);
    w->body = parse_compstmt(p, kEND);
    return &w->h;
}

static struct node *case_expr(struct parser *p)
{
    struct node_case *c = NEW(p, node_case, NODE_CASE, tline(p));
    skip(p);
    if (!is_term(tk(p)) && tk(p) != kWHEN && tk(p) != kELSE) c->subject = parse_expr_value(p);
    parse_skip_terms(p);
    size_t mark = parse_vmark(p);
    while (tk(p) == kWHEN) parse_vpush(p, when_clause(p));
    c->whens = parse_vtake(p, mark, &c->n);
    if (c->n == 0 && (c->subject || tk(p) != kELSE)) parse_unexpected(p, kWHEN);
    if (accept(p, kELSE)) c->else_ = parse_compstmt(p, kEND);
    parse_expect(p, kEND);
    return &c->h;
}

/* ================================================================ atoms */

static struct node *atom(struct parser *p)
{
    int t = tk(p), line = p->tok.line;
    switch (t) {
    case tINTEGER: case tFLOAT: return parse_number(p);
    case tSTRING_BEG: return parse_strings(p);
    case tXSTRING_BEG: return parse_xstring(p);
    case tREGEXP_BEG: return parse_regexp(p);
    case tWORDS_BEG: case tQWORDS_BEG: return parse_words(p);
    case tSYMBEG: return parse_symbol(p);
    case tIDENTIFIER: return identifier(p);
    case tCONSTANT: return const_or_call(p, false);
    case tFID: return const_or_call(p, true);
    case tIVAR: skip(p); return var_node(p, NODE_IVAR, p->tok.id, line);
    case tGVAR: skip(p); return var_node(p, NODE_GVAR, p->tok.id, line);
    case tCVAR: skip(p); return var_node(p, NODE_CVAR, p->tok.id, line);
    case tNTH_REF: return ref_node(p, NODE_NTH_REF);
    case tBACK_REF: return ref_node(p, NODE_BACK_REF);
    case kNIL: case kTRUE: case kFALSE: case kSELF: case k__FILE__: case k__LINE__:
        return keyword_value(p, t);
    case tCOLON3: {
        skip(p);
        if (tk(p) != tCONSTANT) parse_unexpected(p, tCONSTANT);
        struct node_colon *c = NEW(p, node_colon, NODE_COLON3, line);
        c->name = p->tok.id;
        skip(p);
        return &c->h;
    }
    case tLPAREN: case tLPAREN_ARG: case '(': return parse_paren(p);
    case tLBRACK: return array_literal(p);
    case tLBRACE: return hash_literal(p);
    case kBEGIN: return begin_block(p);
    case kIF: case kUNLESS: return if_expr(p, t);
    case kWHILE: case kUNTIL: return while_expr(p, t);
    case kCASE: return case_expr(p);
    case kFOR: return for_expr(p);
    case kDEF: return parse_def(p);
    case kCLASS: return parse_class(p);
    case kMODULE: return parse_module(p);
    case kRETURN: case kBREAK: case kNEXT: return parse_jump(p, t);
    case kREDO: skip(p); return parse_new_simple(p, NODE_REDO, line);
    case kRETRY: skip(p); return parse_new_simple(p, NODE_RETRY, line);
    case kSUPER: return parse_super(p);
    case kYIELD: return parse_yield(p);
    default: parse_unexpected(p, -1);
    }
}

/* ================================================================ postfix */

/* recv.name, recv::name, recv::Const */
static struct node *dot_call(struct parser *p, struct node *recv, int op)
{
    parse_value_expr(p, recv);
    skip(p);                                   /* the lexer is in EXPR_DOT */
    int t = tk(p), line = p->tok.line;
    ID mid = p->tok.id;
    if (t != tIDENTIFIER && t != tFID && t != tCONSTANT && (mid = lex_op_id(t)) == 0)
        parse_unexpected(p, -1);
    skip(p);
    if (t == tCONSTANT && op == tCOLON2 && tk(p) != '(' && !parse_is_arg_start(p)) {
        struct node_colon *c = NEW(p, node_colon, NODE_COLON2, recv->line);
        c->scope = recv;
        c->name = mid;
        return &c->h;
    }
    return parse_call_rest(p, parse_new_call(p, recv, mid, line));
}

static struct node *index_call(struct parser *p, struct node *recv)
{
    parse_value_expr(p, recv);
    int line = tline(p);
    skip(p);
    struct node_call *c = (struct node_call *)parse_new_call(p, recv, ID_aref, line);
    parse_args(p, ']', c);
    if (c->block_arg) parse_error(p, line, "block argument should not be given");
    parse_expect(p, ']');
    return &c->h;
}

struct node *parse_postfix(struct parser *p, struct node *n)
{
    for (;;) {
        int t = tk(p);
        if (t == '.' || t == tCOLON2) n = dot_call(p, n, t);
        else if (t == '[') n = index_call(p, n);
        else return n;
    }
}

struct node *parse_primary(struct parser *p)
{
    struct node *n = atom(p);
    if (parse_is_pending_mlhs(n)) return n;
    return parse_postfix(p, n);
}
