/* parse_stmt.c: the entry point parse_program, statement lists, statements
 * with their modifiers (if unless while until rescue), and the statements
 * that are not expressions: alias, undef, BEGIN { }, END { }.
 */
#include <stdlib.h>
#include <string.h>
#include "parse.h"
#include "ruby/util.h"

/* Tokens that close a statement list. */
static bool ends_stmts(int t)
{
    switch (t) {
    case tEOF: case kEND: case '}': case ')': case ']':
    case kELSE: case kELSIF: case kWHEN: case kRESCUE: case kENSURE:
        return true;
    default:
        return false;
    }
}

/* ================================================================ alias, undef */

static struct node *parse_alias(struct parser *p)
{
    int line = tline(p);
    skip(p);                                  /* the lexer is in EXPR_FNAME */
    struct node_alias *a;
    if (tk(p) == tGVAR) {
        a = NEW(p, node_alias, NODE_VALIAS, line);
        a->new_name = p->tok.id;
        skip(p);
        int t = tk(p);
        if (t == tNTH_REF) parse_error(p, line, "can't make alias for the number variables");
        if (t != tGVAR && t != tBACK_REF) parse_unexpected(p, -1);
        a->old_name = p->tok.id;
        skip(p);
        return &a->h;
    }
    a = NEW(p, node_alias, NODE_ALIAS, line);
    a->new_name = parse_fitem(p, &a->new_dyn);
    p->lx.state = EXPR_FNAME;
    a->old_name = parse_fitem(p, &a->old_dyn);
    return &a->h;
}

static struct node *parse_undef(struct parser *p)
{
    struct node_undef *u = NEW(p, node_undef, NODE_UNDEF, tline(p));
    int cap = 0;
    skip(p);
    for (;;) {
        if (u->n == cap) {
            cap = cap ? cap * 2 : 4;
            ID *names = arena_alloc(p->arena, (size_t)cap * sizeof(ID));
            if (u->n) memcpy(names, u->names, (size_t)u->n * sizeof(ID));
            u->names = names;
            struct node **dyn = arena_alloc(p->arena, (size_t)cap * sizeof *dyn);
            if (u->n) memcpy(dyn, u->dyn, (size_t)u->n * sizeof *dyn);
            u->dyn = dyn;
        }
        u->names[u->n] = parse_fitem(p, &u->dyn[u->n]);
        u->n++;
        if (!accept(p, ',')) break;
        p->lx.state = EXPR_FNAME;
    }
    return &u->h;
}

/* ================================================================ BEGIN, END */

/* BEGIN { } runs before the program: its body is hoisted out of the tree.
   As in 1.8.7 it may stand anywhere but in a def (inside an if, a class,
   another BEGIN), and has local variables of its own: it is kept as a
   node_program of its own scope. */
static struct node *parse_BEGIN(struct parser *p)
{
    int line = tline(p);
    if (p->in_def) parse_error(p, line, "BEGIN in method");
    skip(p);
    parse_expect(p, '{');
    p->lx.command_start = true;
    struct node_program *body = NEW(p, node_program, NODE_PROGRAM, line);
    body->file = p->file;
    body->data_offset = -1;
    struct pscope s;
    parse_scope_push(p, &s, SCOPE_CLASS, &body->scope);
    body->body = parse_compstmt(p, '}');
    parse_scope_pop(p);
    parse_expect(p, '}');
    if (!body) return NULL;           /* empty: nothing to run */
    if (p->nbegin == p->begincap) {
        p->begincap = p->begincap ? p->begincap * 2 : 4;
        struct node **b = arena_alloc(p->arena, (size_t)p->begincap * sizeof *b);
        if (p->nbegin) memcpy(b, p->begins, (size_t)p->nbegin * sizeof *b);
        p->begins = b;
    }
    p->begins[p->nbegin++] = &body->h;
    return NULL;
}

/* END { } is a block registered when the statement runs. */
static struct node *parse_END(struct parser *p)
{
    int line = tline(p);
    if (p->in_def) parse_warn(p, line, "END in method; use at_exit");
    skip(p);
    if (tk(p) != '{') parse_unexpected(p, '{');
    struct node_block *b = parse_block(p);
    return parse_new_unary(p, NODE_POSTEXE, &b->h, line);
}

/* ================================================================ statements */

static struct node *new_loop(struct parser *p, int type, struct node *cond,
                             struct node *body, int line)
{
    struct node_loop *l = NEW(p, node_loop, type, line);
    l->cond = cond;
    l->body = body;
    /* `begin ... end while c` runs the body first */
    if (body && body == p->begin_node) l->h.flags = NF_DO_WHILE;
    return &l->h;
}

static struct node *parse_modifiers(struct parser *p, struct node *n, int line)
{
    for (;;) {
        int t = tk(p);
        struct node *c;
        switch (t) {
        case kIF_MOD: case kUNLESS_MOD:
            skip(p);
            c = parse_cond(p, parse_expr_value(p));
            n = t == kIF_MOD ? parse_new_if(p, c, n, NULL, line) : parse_new_if(p, c, NULL, n, line);
            break;
        case kWHILE_MOD: case kUNTIL_MOD:
            skip(p);
            c = parse_cond(p, parse_expr_value(p));
            n = new_loop(p, t == kWHILE_MOD ? NODE_WHILE : NODE_UNTIL, c, n, line);
            break;
        case kRESCUE_MOD:
            skip(p);
            n = parse_new_rescue_mod(p, n, parse_expr_stmt(p), line);
            break;
        default:
            return n;
        }
    }
}

/* An expression statement: also multiple assignment, which only starts a
   statement (`a, b = 1, 2`, `*a = x`, `(a, b), c = x`). */
struct node *parse_expr_stmt(struct parser *p)
{
    size_t pos = tpos(p);
    if (tk(p) == tSTAR) return parse_masgn(p, NULL, pos);
    struct node *n = parse_expr(p);
    if (parse_is_pending_mlhs(n)) {
        if (tk(p) == '=' || tk(p) == ',') return parse_masgn(p, n, pos);
        parse_unexpected(p, '=');
    }
    if (tk(p) == ',' && parse_assignable(n) && pos == p->stmt_pos) return parse_masgn(p, n, pos);
    return n;
}

static struct node *parse_stmt(struct parser *p)
{
    parse_enter(p);
    size_t saved_pos = p->stmt_pos;
    int line = tline(p);
    p->stmt_pos = tpos(p);
    struct node *n;
    switch (tk(p)) {
    case kALIAS: n = parse_alias(p); break;
    case kUNDEF: n = parse_undef(p); break;
    case klBEGIN: n = parse_BEGIN(p); break;
    case klEND: n = parse_END(p); break;
    default: n = parse_expr_stmt(p); break;
    }
    n = parse_modifiers(p, n, line);
    p->stmt_pos = saved_pos;
    parse_leave(p);
    return n;
}

/* ================================================================ warnings */

/* What MRI 1.8.7 calls a literal when it drops one that starts a list of
   statements ("unused literal ignored"): numbers, symbols, plain strings
   and regexps, but not nil. */
static bool droppable_literal(const struct node *n)
{
    switch (n->type) {
    case NODE_INT: case NODE_BIGINT: case NODE_FLOAT: case NODE_SYM: case NODE_STR: case NODE_REGEX:
        return true;
    default:
        return false;
    }
}

static bool is_jump(const struct node *n)
{
    switch (n->type) {
    case NODE_RETURN: case NODE_BREAK: case NODE_NEXT: case NODE_REDO: case NODE_RETRY:
        return true;
    default:
        return false;
    }
}

static bool operator_name(ID mid)
{
    static const char *const ops[] = { "+", "-", "*", "/", "%", "**", "+@", "-@", "|", "^", "&",
                                       "<=>", ">", ">=", "<", "<=", "==" };
    const char *name = sym_name(mid);
    for (size_t i = 0; i < countof(ops); i++)
        if (strcmp(name, ops[i]) == 0) return true;
    return false;
}

/* The "useless use of %s in void context" of a statement whose value is
   thrown away, or NULL. */
static const char *useless_use(const struct node *n)
{
    switch (n->type) {
    case NODE_CALL: {
        const struct node_call *c = (const struct node_call *)n;
        return c->recv && c->argc <= 1 && !c->block && operator_name(c->mid) ? sym_name(c->mid) : NULL;
    }
    case NODE_LVAR: case NODE_GVAR: case NODE_IVAR: case NODE_CVAR: case NODE_NTH_REF: case NODE_BACK_REF:
        return "a variable";
    case NODE_CONST: return "a constant";
    case NODE_INT: case NODE_BIGINT: case NODE_FLOAT: case NODE_SYM: case NODE_STR: case NODE_DSTR:
    case NODE_REGEX: case NODE_DREGX:
        return "a literal";
    case NODE_COLON2: case NODE_COLON3: return "::";
    case NODE_DOT2: return "..";
    case NODE_DOT3: return "...";
    case NODE_SELF: return "self";
    case NODE_NIL: return "nil";
    case NODE_TRUE: return "true";
    case NODE_FALSE: return "false";
    case NODE_DEFINED: return "defined?";
    default: return NULL;
    }
}

void parse_void_expr(struct parser *p, const struct node *n)
{
    const char *what = n ? useless_use(n) : NULL;
    if (what) parse_warning(p, n->line, "useless use of %s in void context", what);
}

/* Statements separated by newlines or semicolons, up to a closing token.
   closer is what a syntax error says was expected (-1: nothing said).
   As MRI's parser, warns (with -w) of a literal that starts the list (and
   drops it), of statements after a return/break/next/redo/retry, and of
   values thrown away by every statement but the last. */
struct node *parse_compstmt(struct parser *p, int closer)
{
    bool flags[2];
    parse_save_flags(p, flags);
    p->stmt_nest++;
    size_t mark = parse_vmark(p);
    int line = tline(p);
    parse_skip_terms(p);
    while (!ends_stmts(tk(p))) {
        struct node *s = parse_stmt(p);
        if (s) {
            size_t n = parse_vmark(p) - mark;
            struct node *last = n ? p->vec[p->vlen - 1] : NULL;
            if (n == 1 && droppable_literal(last)) {
                parse_warning(p, last->line, "unused literal ignored");
                p->vlen--;
            } else if (last && is_jump(last)) {
                parse_warning(p, last->line, "statement not reached");
            }
            parse_vpush(p, s);
        }
        if (!is_term(tk(p))) {
            if (ends_stmts(tk(p))) break;
            parse_unexpected(p, closer);
        }
        parse_skip_terms(p);
    }
    for (size_t i = mark; i + 1 < p->vlen; i++) parse_void_expr(p, p->vec[i]);
    p->stmt_nest--;
    parse_restore_flags(p, flags);
    return parse_seq(p, mark, line);
}

/* ================================================================ program */

static bool lvar_defined(void *ctx, ID id)
{
    int depth, idx;
    return parse_local_find(ctx, id, &depth, &idx);
}

static struct node *gvar_node(struct parser *p, int type, const char *name, struct node *value, int line)
{
    struct node_var *v = NEW(p, node_var, type, line);
    v->name = sym_intern_cstr(name);
    v->value = value;
    return &v->h;
}

/* -n -p -l -a: while gets; $_.chop!; $F = $_.split; BODY; print $_; end */
static struct node *loop_around(struct parser *p, struct node *body, int flags, int line)
{
    size_t mark = parse_vmark(p);
    if (flags & PARSE_CHOP)
        parse_vpush(p, parse_new_call(p, gvar_node(p, NODE_GVAR, "$_", NULL, line), sym_intern_cstr("chop!"), line));
    if (flags & PARSE_SPLIT) {
        struct node *split = parse_new_call(p, gvar_node(p, NODE_GVAR, "$_", NULL, line), sym_intern_cstr("split"), line);
        parse_vpush(p, gvar_node(p, NODE_GASGN, "$F", split, line));
    }
    if (body) parse_vpush(p, body);
    if (flags & PARSE_PRINT) {
        struct node *print = parse_new_call1(p, NULL, sym_intern_cstr("print"),
                                             gvar_node(p, NODE_GVAR, "$_", NULL, line), line);
        print->flags |= NF_FCALL;
        parse_vpush(p, print);
    }
    struct node_loop *l = NEW(p, node_loop, NODE_WHILE, line);
    l->cond = gvar_node(p, NODE_GVAR, PARSE_LOOP_READER, NULL, line);
    l->body = parse_seq(p, mark, line);
    return &l->h;
}

static struct node_program *parse_whole(struct parser *p)
{
    struct node_program *prog = NEW(p, node_program, NODE_PROGRAM, p->lx.line);
    struct pscope s;
    parse_scope_push(p, &s, SCOPE_PROGRAM, &prog->scope);
    prog->file = p->file;
    prog->body = parse_compstmt(p, tEOF);
    if ((p->loop_flags & PARSE_FILE) && prog->body) {   /* a file's last value is thrown away too */
        struct node *b = prog->body;
        if (b->type == NODE_SEQ) b = ((struct node_list *)b)->items[((struct node_list *)b)->n - 1];
        parse_void_expr(p, b);
    }
    if (p->loop_flags & (PARSE_LOOP | PARSE_PRINT))
        prog->body = loop_around(p, prog->body, p->loop_flags, prog->h.line);
    parse_expect(p, tEOF);
    parse_scope_pop(p);
    prog->nbegin = p->nbegin;
    prog->begin_blocks = p->begins;
    prog->data_offset = p->lx.data_offset;
    return prog;
}

static void parser_free(struct parser *p)
{
    free(p->vec);
    lex_free(&p->lx);
    free(p);
}

const char *(*parse_stack_floor)(void);

static struct node_program *parse_with(struct arena *a, const char *src, size_t len,
                                       const char *file, int line,
                                       const struct parse_outer *outer, int loop_flags,
                                       struct parse_error *err)
{
    struct parser *p = xcalloc(1, sizeof *p);
    p->loop_flags = loop_flags;
    p->arena = a;
    p->file = arena_strndup(a, file, strlen(file));
    p->outer = outer;
    p->paren_pos = (size_t)-1;
    p->stack_floor = parse_stack_floor ? parse_stack_floor() : NULL;
    err->out_of_stack = false;
    lex_init(&p->lx, a, src, len, p->file, line);
    p->lx.is_local = lvar_defined;
    p->lx.ctx = p;
    p->lx.err = err;
    p->lx.jb = &p->jb;
    if (setjmp(p->jb)) {            /* a syntax error: err is filled */
        parser_free(p);
        return NULL;
    }
    struct node_program *prog = parse_whole(p);
    parser_free(p);
    return prog;
}

struct node_program *parse_program(struct arena *a, const char *src, size_t len,
                                   const char *file, int line,
                                   const struct parse_outer *outer,
                                   struct parse_error *err)
{
    return parse_with(a, src, len, file, line, outer, 0, err);
}

struct node_program *parse_program_loop(struct arena *a, const char *src, size_t len,
                                        const char *file, int line, int flags,
                                        struct parse_error *err)
{
    return parse_with(a, src, len, file, line, NULL, flags, err);
}
