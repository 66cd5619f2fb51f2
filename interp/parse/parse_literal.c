/* parse_literal.c: literals: numbers, strings (adjacent ones joined,
 * #{} and #@ivar interpolation), `commands`, regexps, %w %W word lists and
 * symbols (:name, :"quoted", :"dyn#{amic}").  Interpolated code is parsed
 * by the parser itself while the lexer's string state is set aside.
 */
#include <string.h>
#include "parse.h"

/* ================================================================ numbers */

struct node *parse_number_token(struct parser *p, const struct token *t, bool neg)
{
    if (t->type == tFLOAT) {
        struct node_float *f = NEW(p, node_float, NODE_FLOAT, t->line);
        f->val = neg ? -t->fval : t->fval;
        return &f->h;
    }
    if (!t->digits) return parse_new_int(p, neg ? -(long)t->uval : (long)t->uval, t->line);
    if (neg && !t->big && t->uval == (uint64_t)FIXNUM_MAX + 1)
        return parse_new_int(p, FIXNUM_MIN, t->line);
    struct node_bigint *b = NEW(p, node_bigint, NODE_BIGINT, t->line);
    size_t len = strlen(t->digits);
    char *d = arena_alloc(p->arena, len + 2);
    d[0] = '-';
    memcpy(d + 1, t->digits, len + 1);
    b->digits = neg ? d : d + 1;
    b->base = t->base;
    return &b->h;
}

struct node *parse_number(struct parser *p)
{
    struct node *n = parse_number_token(p, &p->tok, false);
    skip(p);
    return n;
}

/* ================================================================ pieces */

/* #{ stmts }: the lexer's string state waits while the code is parsed. */
static struct node *interpolation(struct parser *p)
{
    int line = tline(p);
    struct lex_strterm saved = p->lx.str;
    p->lx.str.func = 0;
    skip(p);
    p->lx.state = EXPR_BEG;
    p->lx.command_start = true;
    struct node *body = parse_compstmt(p, '}');
    if (tk(p) != '}') parse_unexpected(p, '}');
    skip(p);
    p->lx.str = saved;
    return parse_new_unary(p, NODE_EVSTR, body ? body : parse_new_simple(p, NODE_NIL, line), line);
}

/* #@ivar #@@cvar #$gvar */
static struct node *interpolated_var(struct parser *p)
{
    int line = tline(p);
    struct lex_strterm saved = p->lx.str;
    p->lx.str.func = 0;
    skip(p);
    p->lx.state = EXPR_BEG;
    int t = tk(p), type;
    switch (t) {
    case tIVAR: type = NODE_IVAR; break;
    case tGVAR: type = NODE_GVAR; break;
    case tCVAR: type = NODE_CVAR; break;
    case tNTH_REF: case tBACK_REF: type = t == tNTH_REF ? NODE_NTH_REF : NODE_BACK_REF; break;
    default: parse_unexpected(p, -1);
    }
    struct node *v;
    if (type == NODE_NTH_REF || type == NODE_BACK_REF) {
        v = parse_new_int(p, (long)p->tok.uval, line);
        v->type = (uint16_t)type;
    } else {
        struct node_var *var = NEW(p, node_var, type, line);
        var->name = p->tok.id;
        v = &var->h;
    }
    skip(p);
    p->lx.str = saved;
    return parse_new_unary(p, NODE_EVSTR, v, line);
}

/* The pieces of a literal, up to its end token (not consumed). */
static void string_items(struct parser *p)
{
    for (;;) {
        int t = tk(p);
        if (t == tSTRING_CONTENT) {
            parse_vpush(p, parse_new_str(p, NODE_STR, p->tok.str, p->tok.len, p->tok.line));
            skip(p);
        } else if (t == tSTRING_DBEG) {
            parse_vpush(p, interpolation(p));
        } else if (t == tSTRING_DVAR) {
            parse_vpush(p, interpolated_var(p));
        } else {
            return;
        }
    }
}

/* Joins neighbouring NODE_STR pieces pushed since mark. */
static void merge_strs(struct parser *p, size_t mark)
{
    size_t out = mark;
    for (size_t i = mark; i < p->vlen; i++) {
        struct node *n = p->vec[i];
        struct node *prev = out > mark ? p->vec[out - 1] : NULL;
        if (n->type == NODE_STR && prev && prev->type == NODE_STR) {
            struct node_str *a = (struct node_str *)prev, *b = (struct node_str *)n;
            char *s = arena_alloc(p->arena, a->len + b->len + 1);
            memcpy(s, a->ptr, a->len);
            memcpy(s + a->len, b->ptr, b->len);
            p->vec[out - 1] = parse_new_str(p, NODE_STR, s, a->len + b->len, a->h.line);
            continue;
        }
        p->vec[out++] = n;
    }
    p->vlen = out;
}

/* The pieces since mark as one node: plain_type when there is no
   interpolation, else a list of dyn_type. */
static struct node *finish(struct parser *p, size_t mark, int plain_type, int dyn_type,
                           int re_opts, int line)
{
    merge_strs(p, mark);
    size_t count = p->vlen - mark;
    if (count == 0 || (count == 1 && p->vec[mark]->type == NODE_STR)) {
        struct node_str *s = count ? (struct node_str *)p->vec[mark] : NULL;
        p->vlen = mark;
        struct node_str *n = (struct node_str *)parse_new_str(p, plain_type, s ? s->ptr : "",
                                                              s ? s->len : 0, line);
        n->re_options = re_opts;
        return &n->h;
    }
    struct node_list *l = (struct node_list *)parse_new_list(p, dyn_type, mark, line);
    l->re_options = re_opts;
    return &l->h;
}

/* ================================================================ literals */

/* "a" 'b' <<EOS ... : adjacent literals make one string */
struct node *parse_strings(struct parser *p)
{
    int line = tline(p);
    size_t mark = parse_vmark(p);
    while (accept(p, tSTRING_BEG)) {
        string_items(p);
        parse_expect(p, tSTRING_END);
    }
    return finish(p, mark, NODE_STR, NODE_DSTR, 0, line);
}

struct node *parse_xstring(struct parser *p)
{
    int line = tline(p);
    size_t mark = parse_vmark(p);
    skip(p);
    string_items(p);
    parse_expect(p, tSTRING_END);
    return finish(p, mark, NODE_XSTR, NODE_DXSTR, 0, line);
}

struct node *parse_regexp(struct parser *p)
{
    int line = tline(p);
    size_t mark = parse_vmark(p);
    skip(p);
    string_items(p);
    if (tk(p) != tREGEXP_END) parse_unexpected(p, tREGEXP_END);
    int opts = p->tok.re_opts;
    skip(p);
    return finish(p, mark, NODE_REGEX, NODE_DREGX, opts, line);
}

/* %w[a b] %W[a#{b} c]: words separated by ' ' tokens */
struct node *parse_words(struct parser *p)
{
    int line = tline(p);
    size_t mark = parse_vmark(p);
    skip(p);
    for (;;) {
        if (accept(p, ' ')) continue;
        if (accept(p, tSTRING_END)) break;
        size_t wmark = parse_vmark(p);
        int wline = tline(p);
        string_items(p);
        if (parse_vmark(p) == wmark) parse_unexpected(p, tSTRING_END);
        parse_vpush(p, finish(p, wmark, NODE_STR, NODE_DSTR, 0, wline));
    }
    return parse_new_list(p, NODE_ARRAY, mark, line);
}

/* :name :@iv :$gv :+ :[]= :"str" :"dyn#{x}" */
struct node *parse_symbol(struct parser *p)
{
    int line = tline(p);
    skip(p);                                 /* the lexer is in EXPR_FNAME */
    int t = tk(p);
    ID id;
    if (t == tSTRING_CONTENT || t == tSTRING_DBEG || t == tSTRING_DVAR || t == tSTRING_END) {
        size_t mark = parse_vmark(p);
        string_items(p);
        parse_expect(p, tSTRING_END);
        struct node *n = finish(p, mark, NODE_STR, NODE_DSYM, 0, line);
        if (n->type == NODE_DSYM) return n;
        struct node_str *s = (struct node_str *)n;
        if (s->len == 0) parse_error(p, line, "empty symbol literal");
        id = sym_intern(s->ptr, s->len);
    } else if (t == tIVAR || t == tGVAR || t == tCVAR) {
        id = p->tok.id;
        skip(p);
    } else {
        id = parse_fname(p);
    }
    p->lx.state = EXPR_END;
    struct node_sym *s = NEW(p, node_sym, NODE_SYM, line);
    s->id = id;
    return &s->h;
}

/* A method name in alias/undef: a name or a symbol.  A dynamic symbol
   (:"x#{1}", accepted by 1.8.7) is left in *dyn, to be evaluated. */
ID parse_fitem(struct parser *p, struct node **dyn)
{
    *dyn = NULL;
    if (tk(p) == tSYMBEG) {
        struct node *n = parse_symbol(p);
        if (n->type == NODE_SYM) return ((struct node_sym *)n)->id;
        *dyn = n;
        return 0;
    }
    ID id = parse_fname(p);
    p->lx.state = EXPR_END;
    return id;
}
