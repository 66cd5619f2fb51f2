/* parse_call.c: method calls after their name: parenthesized arguments,
 * command arguments (`puts a, b`), blocks `{ }` and `do end` with their
 * parameters; and the keywords that take arguments like calls: super,
 * yield, return, break, next.
 *
 * Which call gets a `do` block is decided here, as MRI's lexer does with
 * its cond/cmdarg stacks: inside a while/until/for condition `do` belongs
 * to the loop (in_cond); inside the arguments of a command it belongs to
 * the command (in_cmdarg), so `foo bar do end` gives the block to foo while
 * `foo bar { }` gives it to bar.
 */
#include <string.h>
#include "parse.h"

/* Can the current token start an argument of a command call?  The lexer
   already chose unary forms (tUMINUS_NUM, tSTAR, tLBRACK, tLPAREN_ARG ...)
   where `foo -1`, `foo *a`, `foo [1]` pass arguments. */
bool parse_is_arg_start(struct parser *p)
{
    switch (tk(p)) {
    case tIDENTIFIER: case tCONSTANT: case tFID: case tIVAR: case tGVAR: case tCVAR:
    case tINTEGER: case tFLOAT: case tSTRING_BEG: case tXSTRING_BEG: case tREGEXP_BEG:
    case tWORDS_BEG: case tQWORDS_BEG: case tSYMBEG: case tNTH_REF: case tBACK_REF:
    case tLBRACK: case tLPAREN: case tLPAREN_ARG: case tSTAR: case tAMPER: case tCOLON3:
    case tUMINUS_NUM: case tUMINUS: case tUPLUS: case '!': case '~':
    case kNIL: case kTRUE: case kFALSE: case kSELF: case k__FILE__: case k__LINE__:
    case kDEFINED: case kSUPER: case kYIELD: case kBEGIN: case kCASE: case kIF:
    case kUNLESS: case kWHILE: case kUNTIL: case kFOR: case kDEF: case kCLASS: case kMODULE:
        return true;
    default:
        return false;
    }
}

/* ================================================================ arguments */

/* The k => v pairs pushed since hash_at become one NODE_HASH argument. */
static void close_hash(struct parser *p, size_t *hash_at, int line)
{
    if (*hash_at == SIZE_MAX) return;
    struct node *h = parse_new_list(p, NODE_HASH, *hash_at, line);
    parse_vpush(p, h);
    *hash_at = SIZE_MAX;
}

/* One argument (first: already parsed); k => v opens or extends the hash. */
static void one_arg(struct parser *p, struct node *first, size_t *hash_at)
{
    int line = tline(p);
    if (!first && accept(p, tSTAR)) {
        close_hash(p, hash_at, line);
        parse_vpush(p, parse_new_unary(p, NODE_SPLAT, parse_arg(p), line));
        return;
    }
    struct node *v = first ? first : parse_arg(p);
    parse_value_expr(p, v);
    if (accept(p, tASSOC)) {
        if (*hash_at == SIZE_MAX) *hash_at = parse_vmark(p);
        parse_vpush(p, v);
        v = parse_arg(p);
        parse_value_expr(p, v);
    } else if (*hash_at != SIZE_MAX) {
        parse_error(p, line, "syntax error, unexpected argument after hash arguments");
    }
    parse_vpush(p, v);
}

static void args_loop(struct parser *p, int close, struct node_call *c, struct node *first)
{
    size_t mark = parse_vmark(p), hash_at = SIZE_MAX;
    int line = tline(p);
    for (;;) {
        if (close) {
            parse_skip_newlines(p);
            if (tk(p) == close) break;
        }
        if (!first && accept(p, tAMPER)) {
            c->block_arg = parse_arg(p);
            break;
        }
        bool splat = !first && tk(p) == tSTAR;
        one_arg(p, first, &hash_at);
        first = NULL;
        if (!accept(p, ',')) break;
        /* 1.8: the splat is the last argument; only &blk may follow */
        if (splat && (close == ']' || tk(p) != tAMPER)) parse_unexpected(p, close == ']' ? -1 : tAMPER);
    }
    close_hash(p, &hash_at, line);
    c->args = parse_vtake(p, mark, &c->argc);
    if (close) parse_skip_newlines(p);
}

/* Arguments up to close (')' or ']', not consumed) or, for close 0, the
   arguments of a command.  Fills c->argc, c->args, c->block_arg. */
void parse_args(struct parser *p, int close, struct node_call *c)
{
    bool flags[2];
    if (close) parse_save_flags(p, flags);
    args_loop(p, close, c, NULL);
    if (close) parse_restore_flags(p, flags);
}

/* `foo (1)`, `foo (1).bar, 2`, `foo (1, 2)`, `foo ()`: a space before the
   parenthesis (tLPAREN_ARG) makes the parenthesis part of the first
   argument, unless it holds several arguments. */
static void paren_arg_command(struct parser *p, struct node_call *c)
{
    bool flags[2];
    parse_save_flags(p, flags);
    skip(p);
    if (accept(p, ')')) {
        parse_warn(p, p->tok.line, "don't put space before argument parentheses");
        parse_restore_flags(p, flags);
        p->lx.state = EXPR_ENDARG;
        return;
    }
    struct node *first = NULL;
    if (tk(p) != tSTAR && tk(p) != tAMPER) first = parse_expr(p);
    if (!first || tk(p) == ',' || tk(p) == tASSOC) {
        args_loop(p, ')', c, first);
        parse_expect(p, ')');
        parse_warn(p, p->tok.line, "don't put space before argument parentheses");
        parse_restore_flags(p, flags);
        p->lx.state = EXPR_ENDARG;
        return;
    }
    parse_skip_newlines(p);
    parse_expect(p, ')');
    parse_warning(p, p->tok.line, "(...) interpreted as grouped expression");
    parse_restore_flags(p, flags);
    p->lx.state = EXPR_ENDARG;
    args_loop(p, 0, c, parse_arg_rest(p, parse_postfix(p, first)));
}

/* ================================================================ blocks */

/* |a, (b, c), *d, &e|, ||, or nothing.  As in 1.8.7, the body starts a
   command: `{ |i| print (42), 1 }` is print((42), 1). */
static void block_params(struct parser *p, struct node_block *b)
{
    p->lx.command_start = true;
    if (accept(p, tOROP)) {
        b->h.flags |= NF_EMPTY_PARAMS;
        p->lx.command_start = true;
        return;
    }
    if (!accept(p, '|')) return;
    if (accept(p, '|')) {
        b->h.flags |= NF_EMPTY_PARAMS;
        p->lx.command_start = true;
        return;
    }
    if (tk(p) != tAMPER) b->params = parse_mlhs(p, '|');
    /* |(a, b)| is |a, b| in 1.8.7: the parentheses make no nesting */
    struct node_mlhs *m = b->params;
    if (m && m->n == 1 && !m->splat && !m->has_splat && !m->trailing_comma &&
        m->targets[0]->type == NODE_MASGN)
        b->params = &((struct node_masgn *)m->targets[0])->lhs;
    accept(p, ',');
    if (accept(p, tAMPER)) b->block_param = parse_to_target(p, parse_primary(p));
    parse_expect(p, '|');
    p->lx.command_start = true;
}

/* { |params| body } or do |params| body end */
struct node_block *parse_block(struct parser *p)
{
    int t = tk(p), close = t == kDO ? kEND : '}';
    struct node_block *b = NEW(p, node_block, NODE_BLOCK, tline(p));
    skip(p);
    parse_mark_has_block(p);
    struct pscope s;
    parse_scope_push(p, &s, SCOPE_BLOCK, &b->scope);
    bool flags[2];
    parse_save_flags(p, flags);
    block_params(p, b);
    b->body = parse_compstmt(p, close);
    parse_expect(p, close);
    parse_restore_flags(p, flags);
    parse_scope_pop(p);
    return b;
}

/* A block after a call: `{` binds to the nearest call, `do` to the
   outermost command; after command arguments only `do` or, after
   `foo (1)`, tLBRACE_ARG. */
static struct node *call_block(struct parser *p, struct node_call *c, bool command)
{
    int t = tk(p);
    bool take = (t == '{' && !command) || t == tLBRACE_ARG ||
                (t == kDO && !p->in_cond && !p->in_cmdarg);
    if (!take) return &c->h;
    if (c->block_arg) parse_error(p, tline(p), "both block arg and actual block given");
    c->block = parse_block(p);
    return &c->h;
}

static struct node *command_args(struct parser *p, struct node_call *c)
{
    bool saved = p->in_cmdarg;
    p->in_cmdarg = true;
    if (tk(p) == tLPAREN_ARG) paren_arg_command(p, c);
    else parse_args(p, 0, c);
    p->in_cmdarg = saved;
    p->last_command = &c->h;
    return call_block(p, c, true);
}

/* After a method name: (args), command args, and/or a block. */
struct node *parse_call_rest(struct parser *p, struct node *n)
{
    struct node_call *c = (struct node_call *)n;
    if (tk(p) == '(') {
        c->h.flags |= NF_PAREN;
        skip(p);
        parse_args(p, ')', c);
        parse_expect(p, ')');
        return call_block(p, c, false);
    }
    if (parse_is_arg_start(p)) return command_args(p, c);
    return call_block(p, c, false);
}

/* ================================================================ keywords */

/* The value of return/break/next: one value, several (an array) or *splat. */
static struct node *jump_value(struct parser *p, int line)
{
    struct node_call tmp;
    memset(&tmp, 0, sizeof tmp);
    if (tk(p) == tLPAREN_ARG) paren_arg_command(p, &tmp);
    else parse_args(p, 0, &tmp);
    if (tmp.block_arg) parse_error(p, line, "block argument should not be given");
    if (tmp.argc == 1) return tmp.args[0];
    struct node_list *l = NEW(p, node_list, NODE_ARRAY, line);
    l->n = tmp.argc;
    l->items = tmp.args;
    return &l->h;
}

struct node *parse_jump(struct parser *p, int t)
{
    int line = tline(p);
    int type = t == kRETURN ? NODE_RETURN : t == kBREAK ? NODE_BREAK : NODE_NEXT;
    skip(p);
    if (t == kRETURN) parse_note_return(p);
    struct node *v = NULL;
    if (parse_is_arg_start(p) || tk(p) == tLBRACE) v = jump_value(p, line);
    return parse_new_unary(p, type, v, line);
}

struct node *parse_yield(struct parser *p)
{
    struct node_call *c = NEW(p, node_call, NODE_YIELD, tline(p));
    skip(p);
    if (tk(p) == '(') {
        c->h.flags |= NF_PAREN;
        skip(p);
        parse_args(p, ')', c);
        parse_expect(p, ')');
    } else if (parse_is_arg_start(p)) {
        bool saved = p->in_cmdarg;
        p->in_cmdarg = true;
        if (tk(p) == tLPAREN_ARG) paren_arg_command(p, c);
        else parse_args(p, 0, c);
        p->in_cmdarg = saved;
        p->last_command = &c->h;
    }
    if (c->block_arg) parse_error(p, c->h.line, "block argument should not be given");
    return &c->h;
}

/* super(args), super args: NODE_SUPER; a bare super passes the method's
   own arguments: NODE_ZSUPER (which may still have a block). */
struct node *parse_super(struct parser *p)
{
    struct node_call *c = NEW(p, node_call, NODE_SUPER, tline(p));
    skip(p);
    parse_call_rest(p, &c->h);
    if (!(c->h.flags & NF_PAREN) && c->argc == 0 && !c->block_arg) c->h.type = NODE_ZSUPER;
    return &c->h;
}
