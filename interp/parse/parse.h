/* parse.h: the parser's internals, shared by parse_*.c only.
 *
 * A recursive-descent parser over lex.c's tokens, with precedence climbing
 * for operators (parse_expr.c).  It reads one token ahead, lazily: the next
 * token is lexed only when asked for (tk), so that what the parser does
 * between two tokens (declare a local, set the lexer state, open a string
 * interpolation) is seen by the lexer when it reads the next one, as with
 * MRI's bison grammar.
 *
 * All nodes, lists and names go to the arena; the only malloc'd memory
 * (the list stack vec, the lexer's token buffer) hangs off struct parser and
 * is freed by parse_program whether parsing succeeds or long-jumps out with
 * a syntax error.  Nothing is global: parsers can nest and run in threads.
 *
 * Files: parse_stmt.c (program, statements, modifiers, alias, BEGIN/END),
 * parse_asgn.c (assignment targets, multiple assignment), parse_expr.c
 * (operators, conditions), parse_primary.c (operands, control structures),
 * parse_call.c (calls, arguments, blocks), parse_def.c (def, class, module,
 * rescue), parse_literal.c (numbers, strings, symbols, regexps),
 * parse_node.c (nodes, local variables and scopes, errors).
 */
#ifndef MR_PARSE_H
#define MR_PARSE_H

#include "lex.h"
#include "ruby/symbol.h"

/* Nesting deeper than this is refused ("too deeply nested") instead of
   overflowing the C stack; each level costs about a dozen small frames. */
#define PARSE_MAX_DEPTH 6000

/* parser-private flag of a NODE_MASGN: `(a, b)` at the start of a statement,
   which must still be followed by `=` or `,` */
#define NF_PENDING_MLHS 0x8000

enum scope_kind { SCOPE_PROGRAM, SCOPE_DEF, SCOPE_CLASS, SCOPE_BLOCK };

struct pscope {
    struct pscope *prev;
    enum scope_kind kind;
    struct scope_info *info;  /* in the node being built */
    int cap;                  /* of info->names */
    int for_depth;            /* for-loop bodies open in this scope */
    int *hash;                /* big scopes: slot+1 by name hash, 0 empty */
    int hcap;
};

struct parser {
    struct lexer lx;
    struct token tok;         /* the next token, when have_tok */
    bool have_tok;
    struct arena *arena;
    const char *file;         /* arena copy */
    struct pscope *scope;     /* innermost */
    const struct parse_outer *outer;
    int in_def;               /* inside a method body */
    bool in_cond;             /* a `do` here belongs to while/until/for */
    bool in_cmdarg;           /* a `do` here belongs to the command whose arguments these are */
    size_t stmt_pos;          /* where the current statement started */
    size_t paren_pos;         /* first token inside a `(` opening a statement */
    int depth;
    const char *stack_floor;  /* lowest C stack address allowed (parse_stack_floor), or NULL */
    int stmt_nest;            /* 1 at the top level of the program */
    struct node *begin_node;  /* the last `begin ... end`, for `end while c` */
    struct node *last_command;/* the last call with arguments without parens */
    struct node **vec;        /* stack of list items under construction */
    size_t vlen, vcap;
    struct node **begins;     /* BEGIN { } bodies */
    int nbegin, begincap;
    int loop_flags;           /* PARSE_LOOP ... for the main program */
    jmp_buf jb;
};

/* ---- tokens (one ahead, lexed on demand) */
void parse_trace_token(struct parser *p);

static inline int tk(struct parser *p)
{
    if (!p->have_tok) {
        lex_next(&p->lx, &p->tok);
        p->have_tok = true;
        if (parse_trace_tokens) parse_trace_token(p);
    }
    return p->tok.type;
}

static inline void skip(struct parser *p)
{
    tk(p);
    p->have_tok = false;
}

static inline bool accept(struct parser *p, int type)
{
    if (tk(p) != type) return false;
    p->have_tok = false;
    return true;
}

static inline int tline(struct parser *p) { tk(p); return p->tok.line; }
static inline size_t tpos(struct parser *p) { tk(p); return p->tok.pos; }
static inline bool is_term(int t) { return t == '\n' || t == ';'; }

/* ---- parse_node.c */
NORETURN void parse_unexpected(struct parser *p, int expecting);  /* -1: nothing expected */
NORETURN void parse_error(struct parser *p, int line, const char *fmt, ...) PRINTF(3, 4);
void parse_warn(struct parser *p, int line, const char *fmt, ...) PRINTF(3, 4);     /* unless -W0 */
void parse_warning(struct parser *p, int line, const char *fmt, ...) PRINTF(3, 4);  /* -w only */
void parse_expect(struct parser *p, int type);
void parse_skip_terms(struct parser *p);
void parse_skip_newlines(struct parser *p);
void parse_enter(struct parser *p);
void parse_leave(struct parser *p);
void parse_save_flags(struct parser *p, bool saved[2]);
void parse_restore_flags(struct parser *p, const bool saved[2]);

void *parse_node(struct parser *p, int type, size_t size, int line);
#define NEW(p, T, type, line) ((struct T *)parse_node((p), (type), sizeof(struct T), (line)))
struct node *parse_new_simple(struct parser *p, int type, int line);
struct node *parse_new_unary(struct parser *p, int type, struct node *v, int line);
struct node *parse_new_binary(struct parser *p, int type, struct node *l, struct node *r, int line);
struct node *parse_new_call(struct parser *p, struct node *recv, ID mid, int line);
struct node *parse_new_call1(struct parser *p, struct node *recv, ID mid, struct node *arg, int line);
struct node *parse_new_str(struct parser *p, int type, const char *s, size_t len, int line);
struct node *parse_new_if(struct parser *p, struct node *c, struct node *t, struct node *e, int line);
struct node *parse_new_rescue_mod(struct parser *p, struct node *body, struct node *rescue, int line);
struct node *parse_new_int(struct parser *p, long v, int line);

size_t parse_vmark(struct parser *p);
void parse_vpush(struct parser *p, struct node *n);
struct node **parse_vtake(struct parser *p, size_t mark, int *n);
struct node *parse_new_list(struct parser *p, int type, size_t mark, int line);
struct node *parse_seq(struct parser *p, size_t mark, int line);

void parse_scope_push(struct parser *p, struct pscope *s, enum scope_kind kind,
                      struct scope_info *info);
void parse_scope_pop(struct parser *p);
bool parse_local_find(struct parser *p, ID id, int *depth, int *idx);
int parse_local_add(struct parser *p, ID id);
int parse_hidden_slot(struct parser *p, int *depth);
void parse_local_name(struct parser *p, int idx, ID id);
struct node *parse_lvar_or_vcall(struct parser *p, ID id, int line);
struct node *parse_lasgn(struct parser *p, ID id, struct node *value, int line);
void parse_mark_captured(struct parser *p);
void parse_mark_has_block(struct parser *p);
void parse_note_call(struct parser *p, ID mid);
void parse_note_return(struct parser *p);

/* ---- parse_stmt.c */
struct node *parse_compstmt(struct parser *p, int closer);
void parse_void_expr(struct parser *p, const struct node *n);   /* -w: "useless use of ..." */
struct node *parse_expr_stmt(struct parser *p);

/* ---- parse_asgn.c */
bool parse_assignable(const struct node *n);
struct node *parse_to_target(struct parser *p, struct node *n);
struct node *parse_assignment(struct parser *p, struct node *lhs, bool stmt_level);
struct node *parse_op_assignment(struct parser *p, struct node *lhs);
struct node *parse_masgn(struct parser *p, struct node *first, size_t pos);
struct node_mlhs *parse_mlhs(struct parser *p, int closer);
bool parse_is_pending_mlhs(const struct node *n);

/* ---- parse_expr.c */
struct node *parse_expr(struct parser *p);
struct node *parse_arg(struct parser *p);
struct node *parse_arg_rest(struct parser *p, struct node *lhs);
struct node *parse_cond(struct parser *p, struct node *n);
struct node *parse_expr_value(struct parser *p);
void parse_value_expr(struct parser *p, struct node *n);

/* ---- parse_primary.c */
struct node *parse_primary(struct parser *p);
struct node *parse_postfix(struct parser *p, struct node *n);
struct node *parse_paren(struct parser *p);

/* ---- parse_call.c */
bool parse_is_arg_start(struct parser *p);
struct node *parse_call_rest(struct parser *p, struct node *call);
struct node_block *parse_block(struct parser *p);
void parse_args(struct parser *p, int close, struct node_call *c);
struct node *parse_jump(struct parser *p, int type);
struct node *parse_yield(struct parser *p);
struct node *parse_super(struct parser *p);

/* ---- parse_def.c */
struct node *parse_def(struct parser *p);
struct node *parse_class(struct parser *p);
struct node *parse_module(struct parser *p);
struct node *parse_bodystmt(struct parser *p, int line);
ID parse_fname(struct parser *p);

/* ---- parse_literal.c */
struct node *parse_number(struct parser *p);
struct node *parse_number_token(struct parser *p, const struct token *t, bool negative);
struct node *parse_strings(struct parser *p);
struct node *parse_xstring(struct parser *p);
struct node *parse_regexp(struct parser *p);
struct node *parse_words(struct parser *p);
struct node *parse_symbol(struct parser *p);
ID parse_fitem(struct parser *p, struct node **dyn);

#endif
