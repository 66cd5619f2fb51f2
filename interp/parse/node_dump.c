/* node_dump.c: the tree as an S-expression, for `miniruby --dump-ast` and
 * the parser's golden tests.  One stable format:
 *
 *   (call (lvar a 0 1) + (int 1))      a local at depth 0, slot 1, plus 1
 *   (call _ puts (str "hi") #fcall)    `_` for an absent child, #flags last
 *   (if@3 ...)                         @line when it differs from the parent's
 *
 * The dump is first built as a generic S-expression (struct sx) in a
 * scratch arena, then laid out: a list that fits in WIDTH columns goes on
 * one line, otherwise its items go one per line, indented.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "node.h"
#include "ruby/symbol.h"

#define WIDTH 100
#define MAX_DEPTH 4000

static const char *const type_names[NODE_TYPE_COUNT] = {
    [NODE_NIL] = "nil", [NODE_TRUE] = "true", [NODE_FALSE] = "false", [NODE_SELF] = "self",
    [NODE_INT] = "int", [NODE_BIGINT] = "bigint", [NODE_FLOAT] = "float", [NODE_STR] = "str",
    [NODE_XSTR] = "xstr", [NODE_SYM] = "sym", [NODE_REGEX] = "regex", [NODE_DSTR] = "dstr",
    [NODE_DXSTR] = "dxstr", [NODE_DSYM] = "dsym", [NODE_DREGX] = "dregx", [NODE_EVSTR] = "evstr",
    [NODE_ARRAY] = "array", [NODE_HASH] = "hash", [NODE_DOT2] = "dot2", [NODE_DOT3] = "dot3",
    [NODE_FLIP2] = "flip2", [NODE_FLIP3] = "flip3", [NODE_MATCH] = "match",
    [NODE_LVAR] = "lvar", [NODE_LASGN] = "lasgn", [NODE_IVAR] = "ivar", [NODE_IASGN] = "iasgn",
    [NODE_GVAR] = "gvar", [NODE_GASGN] = "gasgn", [NODE_CVAR] = "cvar", [NODE_CVASGN] = "cvasgn",
    [NODE_CONST] = "const", [NODE_COLON2] = "colon2", [NODE_COLON3] = "colon3",
    [NODE_CDECL] = "cdecl", [NODE_NTH_REF] = "nth_ref", [NODE_BACK_REF] = "back_ref",
    [NODE_MASGN] = "masgn", [NODE_OP_ASGN] = "op_asgn", [NODE_OP_ASGN_INDEX] = "op_asgn_index",
    [NODE_OP_ASGN_ATTR] = "op_asgn_attr", [NODE_ATTRASGN] = "attrasgn", [NODE_CALL] = "call",
    [NODE_SUPER] = "super", [NODE_ZSUPER] = "zsuper", [NODE_YIELD] = "yield",
    [NODE_SPLAT] = "splat", [NODE_SEQ] = "seq", [NODE_IF] = "if", [NODE_AND] = "and",
    [NODE_OR] = "or", [NODE_NOT] = "not", [NODE_WHILE] = "while", [NODE_UNTIL] = "until",
    [NODE_FOR] = "for", [NODE_CASE] = "case", [NODE_WHEN] = "when", [NODE_BREAK] = "break",
    [NODE_NEXT] = "next", [NODE_RETURN] = "return", [NODE_REDO] = "redo",
    [NODE_RETRY] = "retry", [NODE_RESCUE] = "rescue", [NODE_RESBODY] = "resbody",
    [NODE_ENSURE] = "ensure", [NODE_DEFINED] = "defined", [NODE_DEFN] = "defn",
    [NODE_DEFS] = "defs", [NODE_CLASS] = "class", [NODE_MODULE] = "module",
    [NODE_SCLASS] = "sclass", [NODE_ALIAS] = "alias", [NODE_VALIAS] = "valias",
    [NODE_UNDEF] = "undef", [NODE_POSTEXE] = "postexe", [NODE_BLOCK] = "block",
    [NODE_PROGRAM] = "program",
};

const char *node_type_name(int type)
{
    if (type < 0 || type >= NODE_TYPE_COUNT || !type_names[type]) return "?";
    return type_names[type];
}

/* ================================================================ S-expressions */

struct sx {
    const char *atom;          /* an atom, or NULL for a list */
    struct sx **kids;
    int n, cap;
    size_t width;              /* on one line */
};

struct dumper {
    struct arena *a;
    int depth;
    struct dump_sink *out;
};

static struct sx *atom(struct dumper *d, const char *fmt, ...) PRINTF(2, 3);
static struct sx *atom(struct dumper *d, const char *fmt, ...)
{
    char buf[128];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    struct sx *s = arena_alloc(d->a, sizeof *s);
    s->atom = arena_strndup(d->a, buf, n < 0 ? 0 : (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
    s->width = strlen(s->atom);
    return s;
}

static struct sx *atom_raw(struct dumper *d, const char *s, size_t len)
{
    struct sx *x = arena_alloc(d->a, sizeof *x);
    x->atom = arena_strndup(d->a, s, len);
    x->width = len;
    return x;
}

static void add(struct dumper *d, struct sx *list, struct sx *item)
{
    if (list->n == list->cap) {
        int cap = list->cap ? list->cap * 2 : 8;
        struct sx **k = arena_alloc(d->a, (size_t)cap * sizeof *k);
        if (list->n) memcpy(k, list->kids, (size_t)list->n * sizeof *k);
        list->kids = k;
        list->cap = cap;
    }
    list->kids[list->n++] = item;
}

static void add_atom(struct dumper *d, struct sx *list, const char *s)
{
    add(d, list, atom_raw(d, s, strlen(s)));
}

static struct sx *list_of(struct dumper *d, const char *head)
{
    struct sx *l = arena_alloc(d->a, sizeof *l);
    add_atom(d, l, head);
    return l;
}

/* ================================================================ atoms */

static struct sx *quoted(struct dumper *d, const char *s, size_t len)
{
    size_t cap = len * 4 + 3, o = 0;
    char *buf = malloc(cap);
    buf[o++] = '"';
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') { buf[o++] = '\\'; buf[o++] = (char)c; }
        else if (c == '\n') { buf[o++] = '\\'; buf[o++] = 'n'; }
        else if (c == '\t') { buf[o++] = '\\'; buf[o++] = 't'; }
        else if (c >= 0x20 && c < 0x7f) buf[o++] = (char)c;
        else o += (size_t)snprintf(buf + o, 5, "\\x%02x", c);
    }
    buf[o++] = '"';
    struct sx *x = atom_raw(d, buf, o);
    free(buf);
    return x;
}

/* A name as is when it reads unambiguously, else quoted. */
static struct sx *name(struct dumper *d, const char *prefix, ID id)
{
    if (!id) return atom(d, "?");
    const char *s = sym_name(id);
    size_t len = sym_len(id);
    bool plain = len > 0;
    for (size_t i = 0; i < len && plain; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c <= ' ' || c >= 0x7f || c == '(' || c == ')' || c == '"' || c == '\\') plain = false;
    }
    if (plain) return atom(d, "%s%s", prefix, s);
    struct sx *q = quoted(d, s, len);
    return *prefix ? atom(d, "%s%s", prefix, q->atom) : q;
}

/* Shortest digits that read back the same, in fixed notation when
   reasonable (100000.0, 0.0015), else like 1.0e+20. */
static struct sx *float_atom(struct dumper *d, double v)
{
    char buf[64];
    if (isnan(v)) return atom(d, "nan");
    if (isinf(v)) return atom(d, v < 0 ? "-inf" : "inf");
    int prec = 1;
    for (; prec < 17; prec++) {
        snprintf(buf, sizeof buf, "%.*e", prec - 1, v);
        if (strtod(buf, NULL) == v) break;
    }
    int exp = v == 0 ? 0 : atoi(strchr(buf, 'e') + 1);
    if (exp >= -4 && exp < 16) {
        int decimals = prec - (exp + 1);
        snprintf(buf, sizeof buf, "%.*f", decimals < 1 ? 1 : decimals, v);
    }
    return atom(d, "%s", buf);
}

static struct sx *re_opts(struct dumper *d, int o)
{
    char buf[16];
    int n = 0;
    if (o & RE_IGNORECASE) buf[n++] = 'i';
    if (o & RE_EXTENDED) buf[n++] = 'x';
    if (o & RE_MULTILINE) buf[n++] = 'm';
    if (o & RE_ONCE) buf[n++] = 'o';
    if (o & RE_KCODE_NONE) buf[n++] = 'n';
    if (o & RE_KCODE_EUC) buf[n++] = 'e';
    if (o & RE_KCODE_SJIS) buf[n++] = 's';
    if (o & RE_KCODE_UTF8) buf[n++] = 'u';
    return atom_raw(d, buf, (size_t)n);
}

static struct sx *scope(struct dumper *d, const struct scope_info *s)
{
    struct sx *l = list_of(d, "scope");
    for (int i = 0; i < s->nlocals; i++)
        add(d, l, s->names[i] ? name(d, "", s->names[i]) : atom(d, "?"));
    if (s->flags & SCOPE_CAPTURED) add_atom(d, l, "#captured");
    if (s->flags & SCOPE_HAS_BLOCK) add_atom(d, l, "#has_block");
    if (s->flags & SCOPE_RETURN_IN_BLOCK) add_atom(d, l, "#return_in_block");
    return l;
}

/* ================================================================ nodes */

static struct sx *conv(struct dumper *d, const struct node *n, int pline);

static void kid(struct dumper *d, struct sx *l, const struct node *n, int pline)
{
    add(d, l, n ? conv(d, n, pline) : atom(d, "_"));
}

static void kids(struct dumper *d, struct sx *l, struct node *const *v, int n, int pline)
{
    for (int i = 0; i < n; i++) kid(d, l, v[i], pline);
}

static struct sx *mlhs(struct dumper *d, const struct node_mlhs *m, int pline)
{
    struct sx *l = list_of(d, "mlhs");
    kids(d, l, m->targets, m->n, pline);
    if (m->splat || m->has_splat) {
        struct sx *s = list_of(d, "splat");
        if (m->splat) kid(d, s, m->splat, pline);
        add(d, l, s);
    }
    if (m->trailing_comma) add_atom(d, l, "#comma");
    return l;
}

static void call_flags(struct dumper *d, struct sx *l, int f)
{
    if (f & NF_FCALL) add_atom(d, l, "#fcall");
    if (f & NF_VCALL) add_atom(d, l, "#vcall");
    if (f & NF_SELFRECV) add_atom(d, l, "#self");
    if (f & NF_PAREN) add_atom(d, l, "#paren");
}

static void block_of(struct dumper *d, struct sx *l, const struct node_block *b, int pline);

static void call(struct dumper *d, struct sx *l, const struct node *n)
{
    const struct node_call *c = (const struct node_call *)n;
    int line = n->line;
    if (n->type == NODE_CALL || n->type == NODE_ATTRASGN) {
        kid(d, l, c->recv, line);
        add(d, l, name(d, "", c->mid));
    }
    kids(d, l, c->args, c->argc, line);
    if (n->type == NODE_ATTRASGN && c->value) {
        add_atom(d, l, "=");
        kid(d, l, c->value, line);
    }
    if (c->block_arg) {
        struct sx *b = list_of(d, "block_pass");
        kid(d, b, c->block_arg, line);
        add(d, l, b);
    }
    if (c->block) kid(d, l, &c->block->h, line);
    call_flags(d, l, n->flags);
}

static void block_of(struct dumper *d, struct sx *l, const struct node_block *b, int line)
{
    add(d, l, scope(d, &b->scope));
    add(d, l, b->params ? mlhs(d, b->params, line) : atom(d, "_"));
    if (b->block_param) {
        struct sx *bp = list_of(d, "block_param");
        kid(d, bp, b->block_param, line);
        add(d, l, bp);
    }
    kid(d, l, b->body, line);
    if (b->is_for) add_atom(d, l, "#for");
}

static void params(struct dumper *d, struct sx *l, const struct params *pa, int line)
{
    struct sx *p = list_of(d, "params");
    add(d, p, atom(d, "%d", pa->nreq));
    kids(d, p, pa->opt, pa->nopt, line);
    if (pa->rest != -1) add(d, p, atom(d, "(rest %d)", pa->rest));
    if (pa->block != -1) add(d, p, atom(d, "(block %d)", pa->block));
    add(d, l, p);
}

static struct sx *values(struct dumper *d, struct node *const *v, int n, int line)
{
    struct sx *l = list_of(d, "values");
    kids(d, l, v, n, line);
    return l;
}

static void var_like(struct dumper *d, struct sx *l, const struct node *n)
{
    const struct node_var *v = (const struct node_var *)n;
    add(d, l, name(d, "", v->name));
    if (v->value) kid(d, l, v->value, n->line);
}

static void lvar(struct dumper *d, struct sx *l, const struct node *n)
{
    const struct node_lvar *v = (const struct node_lvar *)n;
    add(d, l, name(d, "", v->name));
    add(d, l, atom(d, "%d", v->depth));
    add(d, l, atom(d, "%d", v->idx));
    if (v->value) kid(d, l, v->value, n->line);
}

static void literal(struct dumper *d, struct sx *l, const struct node *n)
{
    switch (n->type) {
    case NODE_INT: case NODE_NTH_REF:
        add(d, l, atom(d, "%ld", ((const struct node_int *)n)->val));
        break;
    case NODE_BACK_REF:
        add(d, l, atom(d, "%c", (int)((const struct node_int *)n)->val));
        break;
    case NODE_BIGINT: {
        const struct node_bigint *b = (const struct node_bigint *)n;
        add(d, l, atom_raw(d, b->digits, strlen(b->digits)));
        add(d, l, atom(d, "%d", b->base));
        break;
    }
    case NODE_FLOAT: add(d, l, float_atom(d, ((const struct node_float *)n)->val)); break;
    case NODE_SYM: add(d, l, name(d, ":", ((const struct node_sym *)n)->id)); break;
    default: {
        const struct node_str *s = (const struct node_str *)n;
        add(d, l, quoted(d, s->ptr, s->len));
        if (s->re_options) add(d, l, re_opts(d, s->re_options));
    }
    }
}

static void list_node(struct dumper *d, struct sx *l, const struct node *n)
{
    const struct node_list *x = (const struct node_list *)n;
    kids(d, l, x->items, x->n, n->line);
    if (x->re_options) add(d, l, re_opts(d, x->re_options));
}

static void op_asgn(struct dumper *d, struct sx *l, const struct node *n)
{
    int line = n->line;
    if (n->type == NODE_OP_ASGN) {
        const struct node_op_asgn *o = (const struct node_op_asgn *)n;
        kid(d, l, o->read, line);
        kid(d, l, o->write, line);
        add(d, l, name(d, "", o->op));
        kid(d, l, o->value, line);
    } else if (n->type == NODE_OP_ASGN_INDEX) {
        const struct node_op_index *o = (const struct node_op_index *)n;
        kid(d, l, o->recv, line);
        add(d, l, values(d, o->args, o->argc, line));
        add(d, l, name(d, "", o->op));
        kid(d, l, o->value, line);
    } else {
        const struct node_op_attr *o = (const struct node_op_attr *)n;
        kid(d, l, o->recv, line);
        add(d, l, name(d, "", o->attr));
        add(d, l, name(d, "", o->op));
        kid(d, l, o->value, line);
    }
}

static void control(struct dumper *d, struct sx *l, const struct node *n)
{
    int line = n->line;
    switch (n->type) {
    case NODE_IF: {
        const struct node_if *x = (const struct node_if *)n;
        kid(d, l, x->cond, line); kid(d, l, x->then_, line); kid(d, l, x->else_, line);
        break;
    }
    case NODE_WHILE: case NODE_UNTIL: {
        const struct node_loop *x = (const struct node_loop *)n;
        kid(d, l, x->cond, line); kid(d, l, x->body, line);
        if (n->flags & NF_DO_WHILE) add_atom(d, l, "#do_while");
        break;
    }
    case NODE_FOR: {
        const struct node_for *x = (const struct node_for *)n;
        kid(d, l, x->iter, line); kid(d, l, &x->block->h, line);
        break;
    }
    case NODE_CASE: {
        const struct node_case *x = (const struct node_case *)n;
        kid(d, l, x->subject, line); kids(d, l, x->whens, x->n, line); kid(d, l, x->else_, line);
        break;
    }
    case NODE_WHEN: {
        const struct node_when *x = (const struct node_when *)n;
        add(d, l, values(d, x->values, x->n, line)); kid(d, l, x->body, line);
        break;
    }
    case NODE_RESCUE: {
        const struct node_rescue *x = (const struct node_rescue *)n;
        kid(d, l, x->body, line); kids(d, l, x->resbodies, x->n, line);
        if (x->else_) {
            struct sx *e = list_of(d, "else");
            kid(d, e, x->else_, line);
            add(d, l, e);
        }
        break;
    }
    case NODE_RESBODY: {
        const struct node_resbody *x = (const struct node_resbody *)n;
        add(d, l, values(d, x->classes, x->n, line)); kid(d, l, x->var, line); kid(d, l, x->body, line);
        break;
    }
    default: {
        const struct node_ensure *x = (const struct node_ensure *)n;
        kid(d, l, x->body, line); kid(d, l, x->ensure, line);
    }
    }
}

static void definition(struct dumper *d, struct sx *l, const struct node *n)
{
    int line = n->line;
    switch (n->type) {
    case NODE_DEFN: case NODE_DEFS: {
        const struct node_def *x = (const struct node_def *)n;
        if (x->singleton) kid(d, l, x->singleton, line);
        add(d, l, name(d, "", x->name));
        add(d, l, scope(d, &x->scope));
        params(d, l, &x->params, line);
        kid(d, l, x->body, line);
        break;
    }
    case NODE_CLASS: case NODE_MODULE: case NODE_SCLASS: {
        const struct node_class *x = (const struct node_class *)n;
        kid(d, l, x->cpath, line);
        if (n->type == NODE_CLASS) kid(d, l, x->super, line);
        add(d, l, scope(d, &x->scope));
        kid(d, l, x->body, line);
        break;
    }
    case NODE_ALIAS: case NODE_VALIAS: {
        const struct node_alias *x = (const struct node_alias *)n;
        if (x->new_dyn) kid(d, l, x->new_dyn, line); else add(d, l, name(d, "", x->new_name));
        if (x->old_dyn) kid(d, l, x->old_dyn, line); else add(d, l, name(d, "", x->old_name));
        break;
    }
    case NODE_UNDEF: {
        const struct node_undef *x = (const struct node_undef *)n;
        for (int i = 0; i < x->n; i++) {
            if (x->dyn[i]) kid(d, l, x->dyn[i], line);
            else add(d, l, name(d, "", x->names[i]));
        }
        break;
    }
    default: {
        const struct node_program *x = (const struct node_program *)n;
        add(d, l, scope(d, &x->scope));
        kid(d, l, x->body, line);
        if (x->nbegin) {
            struct sx *b = list_of(d, "begin_blocks");
            kids(d, b, x->begin_blocks, x->nbegin, line);
            add(d, l, b);
        }
        if (x->data_offset >= 0) add(d, l, atom(d, "(data %ld)", x->data_offset));
    }
    }
}

static void fields(struct dumper *d, struct sx *l, const struct node *n)
{
    int line = n->line;
    switch (n->type) {
    case NODE_NIL: case NODE_TRUE: case NODE_FALSE: case NODE_SELF: case NODE_REDO: case NODE_RETRY:
        break;
    case NODE_INT: case NODE_BIGINT: case NODE_FLOAT: case NODE_STR: case NODE_XSTR:
    case NODE_SYM: case NODE_REGEX: case NODE_NTH_REF: case NODE_BACK_REF:
        literal(d, l, n);
        break;
    case NODE_DSTR: case NODE_DXSTR: case NODE_DSYM: case NODE_DREGX: case NODE_ARRAY:
    case NODE_HASH: case NODE_SEQ:
        list_node(d, l, n);
        break;
    case NODE_EVSTR: case NODE_MATCH: case NODE_NOT: case NODE_SPLAT: case NODE_DEFINED:
    case NODE_POSTEXE: case NODE_BREAK: case NODE_NEXT: case NODE_RETURN: {
        const struct node *v = ((const struct node_unary *)n)->value;
        if (v || n->type < NODE_BREAK || n->type > NODE_RETURN) kid(d, l, v, line);
        break;
    }
    case NODE_DOT2: case NODE_DOT3: case NODE_AND: case NODE_OR: {
        const struct node_binary *b = (const struct node_binary *)n;
        kid(d, l, b->left, line); kid(d, l, b->right, line);
        break;
    }
    case NODE_FLIP2: case NODE_FLIP3: {
        const struct node_flip *f = (const struct node_flip *)n;
        kid(d, l, f->beg, line); kid(d, l, f->end, line);
        add(d, l, atom(d, "%d", f->depth)); add(d, l, atom(d, "%d", f->slot));
        break;
    }
    case NODE_LVAR: case NODE_LASGN: lvar(d, l, n); break;
    case NODE_IVAR: case NODE_IASGN: case NODE_GVAR: case NODE_GASGN: case NODE_CVAR:
    case NODE_CVASGN: case NODE_CONST:
        var_like(d, l, n);
        break;
    case NODE_COLON2: case NODE_COLON3: {
        const struct node_colon *c = (const struct node_colon *)n;
        if (n->type == NODE_COLON2) kid(d, l, c->scope, line);
        add(d, l, name(d, "", c->name));
        break;
    }
    case NODE_CDECL: {
        const struct node_cdecl *c = (const struct node_cdecl *)n;
        kid(d, l, c->target, line);
        if (c->value) kid(d, l, c->value, line);
        break;
    }
    case NODE_MASGN: {
        const struct node_masgn *m = (const struct node_masgn *)n;
        add(d, l, mlhs(d, &m->lhs, line));
        if (m->rhs) kid(d, l, m->rhs, line);
        break;
    }
    case NODE_OP_ASGN: case NODE_OP_ASGN_INDEX: case NODE_OP_ASGN_ATTR: op_asgn(d, l, n); break;
    case NODE_CALL: case NODE_ATTRASGN: case NODE_SUPER: case NODE_ZSUPER: case NODE_YIELD:
        call(d, l, n);
        break;
    case NODE_BLOCK: block_of(d, l, (const struct node_block *)n, line); break;
    case NODE_IF: case NODE_WHILE: case NODE_UNTIL: case NODE_FOR: case NODE_CASE:
    case NODE_WHEN: case NODE_RESCUE: case NODE_RESBODY: case NODE_ENSURE:
        control(d, l, n);
        break;
    default:
        definition(d, l, n);
        break;
    }
}

static struct sx *conv(struct dumper *d, const struct node *n, int pline)
{
    if (d->depth >= MAX_DEPTH) return atom(d, "...");
    d->depth++;
    struct sx *l = n->line != pline ? list_of(d, "") : list_of(d, node_type_name(n->type));
    if (n->line != pline) l->kids[0] = atom(d, "%s@%d", node_type_name(n->type), n->line);
    fields(d, l, n);
    d->depth--;
    return l;
}

/* ================================================================ layout */

static size_t measure(struct sx *s)
{
    if (s->atom) return s->width;
    size_t w = 1;
    for (int i = 0; i < s->n; i++) w += measure(s->kids[i]) + (i ? 1 : 0);
    return s->width = w + 1;
}

static void put(struct dumper *d, const char *s, size_t n)
{
    d->out->write(d->out->ctx, s, n);
}

static void put_spaces(struct dumper *d, int n)
{
    static const char sp[] = "                                ";
    while (n > 0) {
        int k = n < 32 ? n : 32;
        put(d, sp, (size_t)k);
        n -= k;
    }
}

static void emit(struct dumper *d, const struct sx *s, int indent, int depth)
{
    if (s->atom) {
        put(d, s->atom, strlen(s->atom));
        return;
    }
    bool flat = (size_t)indent + s->width <= WIDTH || depth > 200;
    bool header = true;            /* the atoms after the head stay on its line */
    put(d, "(", 1);
    for (int i = 0; i < s->n; i++) {
        const struct sx *k = s->kids[i];
        header = header && k->atom;
        if (i > 0) {
            if (flat || header) {
                put(d, " ", 1);
            } else {
                put(d, "\n", 1);
                put_spaces(d, indent + 2);
            }
        }
        emit(d, k, indent + 2, depth + 1);
    }
    put(d, ")", 1);
}

void node_dump(const struct node *n, struct dump_sink *out)
{
    struct dumper d = { arena_new(), 0, out };
    struct sx *s = n ? conv(&d, n, -1) : atom(&d, "_");
    measure(s);
    emit(&d, s, 0, 0);
    put(&d, "\n", 1);
    arena_free(d.a);
}
