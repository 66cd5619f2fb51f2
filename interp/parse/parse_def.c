/* parse_def.c: definitions: def (its name, singleton and parameters),
 * class, class << obj, module; and bodystmt, a body followed by rescue,
 * else and ensure clauses (begin, def, class and module bodies).
 */
#include <string.h>
#include "parse.h"

/* A method name after def, alias, undef or `:`: a name, an operator or
   any keyword (the lexer is in EXPR_FNAME). */
ID parse_fname(struct parser *p)
{
    int t = tk(p);
    ID id;
    if (t == tIDENTIFIER || t == tCONSTANT || t == tFID || (t >= kCLASS && t <= k__FILE__))
        id = p->tok.id;
    else if ((id = lex_op_id(t)) == 0)
        parse_unexpected(p, -1);
    skip(p);
    return id;
}

/* ================================================================ def */

static bool singleton_start(int t)
{
    switch (t) {
    case tIDENTIFIER: case tCONSTANT: case tIVAR: case tGVAR: case tCVAR:
    case kSELF: case kNIL: case kTRUE: case kFALSE: case k__FILE__: case k__LINE__:
        return true;
    default:
        return false;
    }
}

static struct node *token_value(struct parser *p, const struct token *t)
{
    int type;
    switch (t->type) {
    case tIDENTIFIER: return parse_lvar_or_vcall(p, t->id, t->line);
    case kSELF: return parse_new_simple(p, NODE_SELF, t->line);
    case kNIL: return parse_new_simple(p, NODE_NIL, t->line);
    case kTRUE: return parse_new_simple(p, NODE_TRUE, t->line);
    case kFALSE: return parse_new_simple(p, NODE_FALSE, t->line);
    case k__FILE__: return parse_new_str(p, NODE_STR, p->file, strlen(p->file), t->line);
    case k__LINE__: return parse_new_int(p, t->line, t->line);
    case tCONSTANT: type = NODE_CONST; break;
    case tIVAR: type = NODE_IVAR; break;
    case tGVAR: type = NODE_GVAR; break;
    default: type = NODE_CVAR; break;
    }
    struct node_var *v = NEW(p, node_var, type, t->line);
    v->name = t->id;
    return &v->h;
}

static bool is_literal(const struct node *n)
{
    switch (n->type) {
    case NODE_INT: case NODE_BIGINT: case NODE_FLOAT: case NODE_STR: case NODE_DSTR:
    case NODE_XSTR: case NODE_DXSTR: case NODE_SYM: case NODE_DSYM: case NODE_REGEX:
    case NODE_DREGX: case NODE_ARRAY:
        return true;
    default:
        return false;
    }
}

/* def (expr).name */
static struct node *paren_singleton(struct parser *p)
{
    int line = tline(p);
    bool flags[2];
    parse_save_flags(p, flags);
    skip(p);
    struct node *n = parse_expr(p);
    parse_skip_newlines(p);
    parse_expect(p, ')');
    parse_restore_flags(p, flags);
    if (is_literal(n)) parse_error(p, line, "can't define singleton method for literals");
    if (tk(p) != '.' && tk(p) != tCOLON2) parse_unexpected(p, '.');
    skip(p);
    return n;
}

/* The name, and the object for `def obj.name`. */
static void def_name(struct parser *p, struct node_def *d)
{
    if (tk(p) == '(' || tk(p) == tLPAREN) {
        d->singleton = paren_singleton(p);
    } else {
        struct token first = p->tok;
        if (first.type == tIVAR || first.type == tGVAR || first.type == tCVAR) {
            skip(p);
            if (tk(p) != '.' && tk(p) != tCOLON2) parse_unexpected(p, '.');
        } else {
            d->name = parse_fname(p);
            p->lx.state = EXPR_END;
            if (!singleton_start(first.type) || (tk(p) != '.' && tk(p) != tCOLON2)) return;
        }
        d->singleton = token_value(p, &first);
        skip(p);
    }
    p->lx.state = EXPR_FNAME;
    d->name = parse_fname(p);
    p->lx.state = EXPR_END;
}

static void param_error(struct parser *p, int t)
{
    const char *what = t == tCONSTANT ? "a constant" : t == tIVAR ? "an instance variable" :
                       t == tGVAR ? "a global variable" : "a class variable";
    parse_error(p, tline(p), "formal argument cannot be %s", what);
}

static bool declared(struct parser *p, ID id)
{
    int depth, idx;
    return parse_local_find(p, id, &depth, &idx);
}

/* name or name = default; *phase: 0 required, 1 optional, 2 rest */
static void param_name(struct parser *p, struct params *pa, int *phase)
{
    ID id = p->tok.id;
    int line = tline(p);
    if (*phase >= 2) parse_unexpected(p, -1);
    skip(p);
    if (!accept(p, '=')) {
        if (*phase) parse_unexpected(p, '=');
        if (declared(p, id)) parse_error(p, line, "duplicate argument name");
        parse_local_add(p, id);
        pa->nreq++;
        return;
    }
    if (declared(p, id)) parse_error(p, line, "duplicate optional argument name");
    *phase = 1;
    int idx = parse_local_add(p, 0);        /* named after its default is parsed */
    struct node *v = parse_arg(p);
    parse_value_expr(p, v);
    parse_local_name(p, idx, id);
    struct node_lvar *l = NEW(p, node_lvar, NODE_LASGN, line);
    l->name = id;
    l->idx = idx;
    l->value = v;
    parse_vpush(p, &l->h);
    pa->nopt++;
}

/* *rest, *, &block */
static bool param_mark(struct parser *p, struct params *pa, int *phase)
{
    int t = tk(p);
    skip(p);
    if (t == '*' || t == tSTAR) {
        if (*phase >= 2) parse_unexpected(p, -1);
        *phase = 2;
        if (tk(p) != tIDENTIFIER) {
            /* a bare `*` still keeps its values, for a zero-argument super */
            pa->rest = parse_local_add(p, 0);
            return true;
        }
        if (declared(p, p->tok.id)) parse_error(p, tline(p), "duplicate rest argument name");
        pa->rest = parse_local_add(p, p->tok.id);
        skip(p);
        return true;
    }
    if (tk(p) != tIDENTIFIER) parse_unexpected(p, tIDENTIFIER);
    if (declared(p, p->tok.id)) parse_error(p, tline(p), "duplicate block argument name");
    pa->block = parse_local_add(p, p->tok.id);
    skip(p);
    return false;                            /* &block is the last one */
}

static void param_list(struct parser *p, struct params *pa)
{
    size_t mark = parse_vmark(p);
    int phase = 0;
    for (;;) {
        int t = tk(p);
        if (t == tIDENTIFIER) {
            param_name(p, pa, &phase);
        } else if (t == tCONSTANT || t == tIVAR || t == tGVAR || t == tCVAR) {
            param_error(p, t);
        } else if (t == '*' || t == tSTAR || t == '&' || t == tAMPER) {
            if (!param_mark(p, pa, &phase)) break;
        } else {
            parse_unexpected(p, -1);
        }
        if (!accept(p, ',')) break;
    }
    int nopt;
    pa->opt = parse_vtake(p, mark, &nopt);
}

static void def_params(struct parser *p, struct params *pa)
{
    pa->rest = pa->block = -1;
    if (accept(p, '(')) {
        bool flags[2];
        parse_save_flags(p, flags);
        parse_skip_newlines(p);
        if (tk(p) != ')') param_list(p, pa);
        parse_skip_newlines(p);
        parse_expect(p, ')');
        parse_restore_flags(p, flags);
        p->lx.state = EXPR_BEG;            /* the body starts: `def f() [1] end` */
        p->lx.command_start = true;
        return;
    }
    if (!is_term(tk(p))) param_list(p, pa);
    if (!is_term(tk(p))) parse_unexpected(p, '\n');
}

struct node *parse_def(struct parser *p)
{
    struct node_def *d = NEW(p, node_def, NODE_DEFN, tline(p));
    d->file = p->file;
    skip(p);                                 /* the lexer is in EXPR_FNAME */
    def_name(p, d);
    if (d->singleton) d->h.type = NODE_DEFS;
    p->in_def++;
    struct pscope s;
    parse_scope_push(p, &s, SCOPE_DEF, &d->scope);
    def_params(p, &d->params);
    struct params *pa = &d->params;
    pa->plain = pa->nopt == 0 && pa->rest < 0 && pa->block < 0 ? pa->nreq : -1;
    d->body = parse_bodystmt(p, d->h.line);
    parse_expect(p, kEND);
    parse_scope_pop(p);
    p->in_def--;
    return &d->h;
}

/* ================================================================ class, module */

static struct node *cpath(struct parser *p)
{
    int line = tline(p);
    /* 1.8.7's cpath is `::Name`, `Name` or `primary::Name`: the scope may be
       any primary (a local, nil, a literal...), checked when the class is opened */
    bool ident = tk(p) == tIDENTIFIER;
    struct node *n = parse_primary(p);
    if (n->type == NODE_CONST || n->type == NODE_COLON2 || n->type == NODE_COLON3) return n;
    if (ident && (n->type == NODE_LVAR || n->type == NODE_CALL))
        parse_error(p, line, "class/module name must be CONSTANT");
    if (n->type == NODE_CALL && ((struct node_call *)n)->recv)
        parse_error(p, line, "class/module name must be CONSTANT");
    parse_unexpected(p, -1);
}

static void class_body(struct parser *p, struct node_class *c)
{
    int saved = p->in_def;
    p->in_def = 0;
    struct pscope s;
    parse_scope_push(p, &s, SCOPE_CLASS, &c->scope);
    c->body = parse_bodystmt(p, c->h.line);
    parse_expect(p, kEND);
    parse_scope_pop(p);
    p->in_def = saved;
}

static void require_term(struct parser *p)
{
    if (!is_term(tk(p))) parse_unexpected(p, '\n');
}

struct node *parse_class(struct parser *p)
{
    int line = tline(p);
    skip(p);                                 /* the lexer is in EXPR_CLASS */
    if (accept(p, tLSHFT)) {                 /* class << obj */
        struct node_class *c = NEW(p, node_class, NODE_SCLASS, line);
        c->cpath = parse_expr_value(p);
        require_term(p);
        class_body(p, c);
        return &c->h;
    }
    if (p->in_def) parse_error(p, line, "class definition in method body");
    struct node_class *c = NEW(p, node_class, NODE_CLASS, line);
    c->cpath = cpath(p);
    if (accept(p, '<')) c->super = parse_expr_value(p);
    require_term(p);
    class_body(p, c);
    return &c->h;
}

struct node *parse_module(struct parser *p)
{
    int line = tline(p);
    skip(p);
    if (p->in_def) parse_error(p, line, "module definition in method body");
    struct node_class *c = NEW(p, node_class, NODE_MODULE, line);
    c->cpath = cpath(p);
    class_body(p, c);
    return &c->h;
}

/* ================================================================ bodystmt */

static struct node *resbody(struct parser *p)
{
    struct node_resbody *rb = NEW(p, node_resbody, NODE_RESBODY, tline(p));
    skip(p);
    size_t mark = parse_vmark(p);
    int t = tk(p);
    if (!is_term(t) && t != kTHEN && t != tASSOC && t != ':') {
        do {
            int line = tline(p);
            struct node *v;
            if (accept(p, tSTAR)) v = parse_new_unary(p, NODE_SPLAT, parse_arg(p), line);
            else v = parse_arg(p);
            parse_value_expr(p, v);
            parse_vpush(p, v);
        } while (accept(p, ','));
    }
    rb->classes = parse_vtake(p, mark, &rb->n);
    if (accept(p, tASSOC)) rb->var = parse_to_target(p, parse_primary(p));
    t = tk(p);
    if (t == kTHEN || t == ':') skip(p);
    else if (is_term(t)) { parse_skip_terms(p); accept(p, kTHEN); }
    else parse_unexpected(p, kTHEN);
    rb->body = parse_compstmt(p, kEND);
    return &rb->h;
}

static bool useless_literal(const struct node *n)
{
    switch (n->type) {
    case NODE_INT: case NODE_BIGINT: case NODE_FLOAT: case NODE_SYM: case NODE_STR: case NODE_REGEX:
        return true;
    default:
        return false;
    }
}

static struct node *append_stmt(struct parser *p, struct node *a, struct node *b)
{
    if (!a) return b;
    if (!b) return a;
    size_t mark = parse_vmark(p);
    parse_vpush(p, a);
    parse_vpush(p, b);
    return parse_seq(p, mark, a->line);
}

/* A body with optional rescue/else/ensure clauses. */
struct node *parse_bodystmt(struct parser *p, int line)
{
    struct node *body = parse_compstmt(p, kEND), *else_ = NULL;
    size_t mark = parse_vmark(p);
    while (tk(p) == kRESCUE) parse_vpush(p, resbody(p));
    if (accept(p, kELSE)) else_ = parse_compstmt(p, kEND);
    bool rescued = parse_vmark(p) > mark;
    if (rescued) {
        struct node_rescue *r = NEW(p, node_rescue, NODE_RESCUE, line);
        r->body = body;
        r->resbodies = parse_vtake(p, mark, &r->n);
        r->else_ = else_;
        body = &r->h;
    }
    struct node *ens = accept(p, kENSURE) ? parse_compstmt(p, kEND) : NULL;
    if (else_ && !rescued) {                 /* else without rescue: just runs */
        parse_warn(p, tline(p), "else without rescue is useless");
        if (body && useless_literal(body)) {
            parse_warning(p, body->line, "unused literal ignored");
            body = NULL;
        }
        body = append_stmt(p, body, else_);
    }
    if (!ens) return body;
    struct node_ensure *e = NEW(p, node_ensure, NODE_ENSURE, line);
    e->body = body;
    e->ensure = ens;
    return &e->h;
}
