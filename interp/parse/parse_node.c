/* parse_node.c: the parser's toolbox: syntax errors, node construction,
 * the list stack, and local variables (scopes, resolution to depth/index,
 * the SCOPE_ flags).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "parse.h"
#include "ruby/util.h"

/* ================================================================ errors */

/* Errors of the grammar (MRI's yyerror) show the source line and a caret;
   the lexer's own (unterminated string ...) do not. */
void parse_unexpected(struct parser *p, int expecting)
{
    char b1[8], b2[8], msg[200];
    const char *got = lex_token_name(tk(p), b1);
    if (expecting >= 0)
        snprintf(msg, sizeof msg, "syntax error, unexpected %s, expecting %s", got, lex_token_name(expecting, b2));
    else
        snprintf(msg, sizeof msg, "syntax error, unexpected %s", got);
    lex_fail_source(&p->lx, p->tok.line, msg);
}

void parse_error(struct parser *p, int line, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    lex_fail_source(&p->lx, line, msg);
}

/* ================================================================ warnings */

void (*parse_warn_hook)(const char *file, int line, bool verbose_only, const char *msg);

static void warn_v(struct parser *p, int line, bool verbose_only, const char *fmt, va_list ap)
{
    if (!parse_warn_hook) return;
    char msg[400];
    vsnprintf(msg, sizeof msg, fmt, ap);
    parse_warn_hook(p->file, line, verbose_only, msg);
}

void parse_warn(struct parser *p, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    warn_v(p, line, false, fmt, ap);
    va_end(ap);
}

void parse_warning(struct parser *p, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    warn_v(p, line, true, fmt, ap);
    va_end(ap);
}

/* -y: the token just read, with its line and, for names and literals,
   its text.  (MRI prints its bison automaton's states; there are none
   here: the parser is recursive descent.) */
bool parse_trace_tokens;

void parse_trace_token(struct parser *p)
{
    const struct token *t = &p->tok;
    char buf[8];
    if (t->type == tEOF) {
        fprintf(stderr, "%s:%d: Now at end of input.\n", p->file, t->line);
        return;
    }
    fprintf(stderr, "%s:%d: Next token is token %s", p->file, t->line, lex_token_name(t->type, buf));
    switch (t->type) {
    case tIDENTIFIER: case tFID: case tGVAR: case tIVAR: case tCONSTANT: case tCVAR:
        fprintf(stderr, " (%s)", sym_name(t->id));
        break;
    case tSTRING_CONTENT:
        fprintf(stderr, " (%.*s)", (int)(t->len > 40 ? 40 : t->len), t->str);
        break;
    case tINTEGER:
        if (t->big) fprintf(stderr, " (%s)", t->digits);
        else fprintf(stderr, " (%llu)", (unsigned long long)t->uval);
        break;
    case tFLOAT:
        fprintf(stderr, " (%g)", t->fval);
        break;
    default:
        break;
    }
    fputc('\n', stderr);
}

void parse_expect(struct parser *p, int type)
{
    if (!accept(p, type)) parse_unexpected(p, type);
}

void parse_skip_terms(struct parser *p)
{
    while (is_term(tk(p))) skip(p);
}

void parse_skip_newlines(struct parser *p)
{
    while (tk(p) == '\n') skip(p);
}

/* Recursion guard: every recursive path of the parser goes through one of
   parse_stmt, parse_unary, arg_prec, not_expr or parse_cond, which call
   these, so deeply nested input fails cleanly instead of overflowing the
   C stack. */
void parse_enter(struct parser *p)
{
    char here;
    if (++p->depth > PARSE_MAX_DEPTH) lex_fail(&p->lx, p->lx.line, "too deeply nested");
    if (p->stack_floor && &here < p->stack_floor) {
        p->lx.err->out_of_stack = true;
        lex_fail(&p->lx, p->lx.line, "stack level too deep");
    }
}

void parse_leave(struct parser *p)
{
    p->depth--;
}

/* `do` binds to while/until/for in a condition and to a command around
   its arguments; brackets and statement lists start afresh. */
void parse_save_flags(struct parser *p, bool saved[2])
{
    saved[0] = p->in_cond;
    saved[1] = p->in_cmdarg;
    p->in_cond = p->in_cmdarg = false;
}

void parse_restore_flags(struct parser *p, const bool saved[2])
{
    p->in_cond = saved[0];
    p->in_cmdarg = saved[1];
}

/* ================================================================ nodes */

void *parse_node(struct parser *p, int type, size_t size, int line)
{
    struct node *n = arena_alloc(p->arena, size);
    n->type = (uint16_t)type;
    n->line = line;
    return n;
}

struct node *parse_new_simple(struct parser *p, int type, int line)
{
    return parse_node(p, type, sizeof(struct node), line);
}

struct node *parse_new_unary(struct parser *p, int type, struct node *v, int line)
{
    struct node_unary *n = NEW(p, node_unary, type, line);
    n->value = v;
    return &n->h;
}

struct node *parse_new_binary(struct parser *p, int type, struct node *l, struct node *r, int line)
{
    struct node_binary *n = NEW(p, node_binary, type, line);
    n->left = l;
    n->right = r;
    return &n->h;
}

struct node *parse_new_call(struct parser *p, struct node *recv, ID mid, int line)
{
    struct node_call *c = NEW(p, node_call, NODE_CALL, line);
    c->recv = recv;
    c->mid = mid;
    parse_note_call(p, mid);
    return &c->h;
}

struct node *parse_new_call1(struct parser *p, struct node *recv, ID mid, struct node *arg, int line)
{
    struct node_call *c = (struct node_call *)parse_new_call(p, recv, mid, line);
    c->argc = 1;
    c->args = arena_alloc(p->arena, sizeof(struct node *));
    c->args[0] = arg;
    return &c->h;
}

struct node *parse_new_str(struct parser *p, int type, const char *s, size_t len, int line)
{
    struct node_str *n = NEW(p, node_str, type, line);
    n->ptr = s;
    n->len = len;
    return &n->h;
}

struct node *parse_new_if(struct parser *p, struct node *c, struct node *t, struct node *e, int line)
{
    struct node_if *n = NEW(p, node_if, NODE_IF, line);
    n->cond = c;
    n->then_ = t;
    n->else_ = e;
    return &n->h;
}

/* `body rescue value`: one resbody without classes. */
struct node *parse_new_rescue_mod(struct parser *p, struct node *body, struct node *value, int line)
{
    struct node_resbody *rb = NEW(p, node_resbody, NODE_RESBODY, line);
    rb->body = value;
    struct node_rescue *r = NEW(p, node_rescue, NODE_RESCUE, line);
    r->body = body;
    r->n = 1;
    r->resbodies = arena_alloc(p->arena, sizeof(struct node *));
    r->resbodies[0] = &rb->h;
    return &r->h;
}

struct node *parse_new_int(struct parser *p, long v, int line)
{
    struct node_int *n = NEW(p, node_int, NODE_INT, line);
    n->val = v;
    return &n->h;
}

/* ================================================================ lists */

/* Lists are built on one stack: remember the top, push the items, then
   take them off into an arena array.  Nested lists simply stack up. */
size_t parse_vmark(struct parser *p)
{
    return p->vlen;
}

void parse_vpush(struct parser *p, struct node *n)
{
    if (p->vlen == p->vcap) {
        p->vcap = p->vcap ? p->vcap * 2 : 64;
        p->vec = xrealloc(p->vec, p->vcap * sizeof *p->vec);
    }
    p->vec[p->vlen++] = n;
}

struct node **parse_vtake(struct parser *p, size_t mark, int *n)
{
    size_t count = p->vlen - mark;
    struct node **items = NULL;
    if (count) {
        items = arena_alloc(p->arena, count * sizeof *items);
        memcpy(items, p->vec + mark, count * sizeof *items);
    }
    p->vlen = mark;
    *n = (int)count;
    return items;
}

struct node *parse_new_list(struct parser *p, int type, size_t mark, int line)
{
    struct node_list *l = NEW(p, node_list, type, line);
    l->items = parse_vtake(p, mark, &l->n);
    return &l->h;
}

/* Statements: none is NULL, one is itself, more a NODE_SEQ. */
struct node *parse_seq(struct parser *p, size_t mark, int line)
{
    size_t count = p->vlen - mark;
    if (count == 0) return NULL;
    if (count == 1) {
        p->vlen = mark;
        return p->vec[mark];
    }
    return parse_new_list(p, NODE_SEQ, mark, p->vec[mark] ? p->vec[mark]->line : line);
}

/* ================================================================ scopes */

void parse_scope_push(struct parser *p, struct pscope *s, enum scope_kind kind,
                      struct scope_info *info)
{
    memset(s, 0, sizeof *s);
    s->prev = p->scope;
    s->kind = kind;
    s->info = info;
    if (kind == SCOPE_BLOCK) info->flags |= SCOPE_OF_BLOCK;
    p->scope = s;
}

void parse_scope_pop(struct parser *p)
{
    p->scope = p->scope->prev;
}

static int scope_index(const struct scope_info *info, ID id)
{
    for (int i = info->nlocals - 1; i >= 0; i--)
        if (info->names[i] == id) return i;
    return -1;
}

/* Scopes with many locals (generated code) get a hash index, so that
   looking names up stays cheap. */
#define HASH_FROM 16

static size_t hash_slot(ID id, int hcap)
{
    return ((size_t)id * 2654435761u) & (size_t)(hcap - 1);
}

static void hash_insert(struct pscope *s, int idx)
{
    size_t i = hash_slot(s->info->names[idx], s->hcap);
    while (s->hash[i]) i = (i + 1) & (size_t)(s->hcap - 1);
    s->hash[i] = idx + 1;
}

static void hash_rebuild(struct parser *p, struct pscope *s)
{
    s->hcap = s->hcap ? s->hcap * 2 : 4 * HASH_FROM;
    s->hash = arena_alloc(p->arena, (size_t)s->hcap * sizeof(int));
    for (int i = 0; i < s->info->nlocals; i++)
        if (s->info->names[i]) hash_insert(s, i);
}

static int scope_lookup(const struct pscope *s, ID id)
{
    if (!s->hash) return scope_index(s->info, id);
    for (size_t i = hash_slot(id, s->hcap); s->hash[i]; i = (i + 1) & (size_t)(s->hcap - 1))
        if (s->info->names[s->hash[i] - 1] == id) return s->hash[i] - 1;
    return -1;
}

/* Innermost scope first; blocks see the locals around them up to the
   enclosing def/class/program, and a program given to eval sees `outer`. */
bool parse_local_find(struct parser *p, ID id, int *depth, int *idx)
{
    int d = 0;
    const struct pscope *s = p->scope;
    for (;; s = s->prev, d++) {
        int i = scope_lookup(s, id);
        if (i >= 0) {
            *depth = d;
            *idx = i;
            return true;
        }
        if (s->kind != SCOPE_BLOCK) break;
    }
    if (s->kind != SCOPE_PROGRAM) return false;
    for (const struct parse_outer *o = p->outer; o; o = o->next) {
        d++;
        int i = scope_index(o->scope, id);
        if (i >= 0) {
            *depth = d;
            *idx = i;
            return true;
        }
    }
    return false;
}

/* Names slot idx of the innermost scope (a parameter reserved unnamed). */
void parse_local_name(struct parser *p, int idx, ID id)
{
    struct pscope *s = p->scope;
    s->info->names[idx] = id;
    if (s->hash) hash_insert(s, idx);
}

static int scope_add(struct parser *p, struct pscope *s, ID id)
{
    struct scope_info *info = s->info;
    if (info->nlocals == s->cap) {
        int cap = s->cap ? s->cap * 2 : 8;
        ID *names = arena_alloc(p->arena, (size_t)cap * sizeof(ID));
        if (info->nlocals) memcpy(names, info->names, (size_t)info->nlocals * sizeof(ID));
        info->names = names;
        s->cap = cap;
    }
    int idx = info->nlocals++;
    info->names[idx] = id;
    if (s->hash && info->nlocals * 2 > s->hcap) hash_rebuild(p, s);
    else if (s->hash && id) hash_insert(s, idx);
    else if (!s->hash && info->nlocals > HASH_FROM) hash_rebuild(p, s);
    return idx;
}

/* A new slot in the innermost scope (id 0: a hidden one). */
int parse_local_add(struct parser *p, ID id) { return scope_add(p, p->scope, id); }

/* A hidden slot in the nearest def/class/program scope, *depth scopes out:
   state that must outlive one run of a block (a flip-flop's). */
int parse_hidden_slot(struct parser *p, int *depth)
{
    struct pscope *s = p->scope;
    for (*depth = 0; s->kind == SCOPE_BLOCK && s->prev; s = s->prev) ++*depth;
    return scope_add(p, s, 0);
}

struct node *parse_lvar_or_vcall(struct parser *p, ID id, int line)
{
    int depth, idx;
    if (parse_local_find(p, id, &depth, &idx)) {
        struct node_lvar *v = NEW(p, node_lvar, NODE_LVAR, line);
        v->name = id;
        v->depth = depth;
        v->idx = idx;
        return &v->h;
    }
    struct node *c = parse_new_call(p, NULL, id, line);
    c->flags = NF_FCALL | NF_VCALL;
    return c;
}

/* An assignment to local id: the existing variable, or a new one here. */
struct node *parse_lasgn(struct parser *p, ID id, struct node *value, int line)
{
    struct node_lvar *v = NEW(p, node_lvar, NODE_LASGN, line);
    v->name = id;
    v->value = value;
    if (!parse_local_find(p, id, &v->depth, &v->idx)) {
        v->depth = 0;
        v->idx = parse_local_add(p, id);
    }
    return &v->h;
}

/* The scopes whose locals the code here can see get flag. */
static void mark_visible_scopes(struct parser *p, uint32_t flag)
{
    for (struct pscope *s = p->scope; s; s = s->prev) {
        s->info->flags |= flag;
        if (s->kind != SCOPE_BLOCK) break;
    }
}

/* A for loop, binding or eval here: the scopes whose locals it can see
   keep them on the heap. */
void parse_mark_captured(struct parser *p) { mark_visible_scopes(p, SCOPE_CAPTURED); }

/* A block literal here: the environments of those scopes move to the
   heap if a Proc is made of it (env_escape). */
void parse_mark_has_block(struct parser *p) { mark_visible_scopes(p, SCOPE_HAS_BLOCK); }

/* Calls that can reach the caller's local variables. */
void parse_note_call(struct parser *p, ID mid)
{
    switch (mid) {
    case ID_binding: case ID_eval: case ID_local_variables: case ID_instance_eval:
    case ID_class_eval: case ID_module_eval: case ID_lambda: case ID_proc:
        parse_mark_captured(p);
        break;
    default:
        break;
    }
}

/* `return` inside a block (or for-loop) returns from the enclosing def. */
void parse_note_return(struct parser *p)
{
    bool in_block = false;
    for (struct pscope *s = p->scope; s; s = s->prev) {
        if (s->kind == SCOPE_BLOCK || s->for_depth > 0) in_block = true;
        if (s->kind == SCOPE_BLOCK) continue;
        if (s->kind == SCOPE_DEF && in_block) s->info->flags |= SCOPE_RETURN_IN_BLOCK;
        return;
    }
}
