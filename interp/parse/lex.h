/* lex.h: the tokenizer of the parser (internal to parse_*.c and lex*.c).
 *
 * Hand-written in the manner of MRI 1.8's yylex: one token at a time, steered by
 * a lexer state that remembers what came before, because the same characters
 * mean different things in different places: `p -1` passes -1 while `a -1`
 * subtracts when `a` is a local, `foo [1]` passes an array while `foo[1]`
 * indexes, `/` starts a regexp or divides.  The parser reads the state and sets
 * it in a few places (after a symbol's name, after `def name`, after the `)` of
 * `foo (1)`), and answers "is this name a local variable?" through is_local.
 *
 * String-like literals come in pieces (tSTRING_BEG, tSTRING_CONTENT,
 * tSTRING_DBEG, tSTRING_DVAR, tSTRING_END) so that the parser parses `#{...}`
 * with itself; lex_strterm describes the literal being read and is saved and
 * restored by the parser around an interpolation.
 *
 * Errors long-jump to lexer.jb, which parse_program sets up.
 */
#ifndef MR_LEX_H
#define MR_LEX_H

#include <setjmp.h>
#include "node.h"

/* Token types.  Single-character tokens are their character code; the
   names follow MRI 1.8's bison grammar because syntax errors print them. */
enum {
    tEOF = 0,                               /* $end */
    kCLASS = 257, kMODULE, kDEF, kUNDEF, kBEGIN, kRESCUE, kENSURE, kEND,
    kIF, kUNLESS, kTHEN, kELSIF, kELSE, kCASE, kWHEN, kWHILE, kUNTIL, kFOR,
    kBREAK, kNEXT, kREDO, kRETRY, kIN, kDO, kDO_COND, kDO_BLOCK, kRETURN,
    kYIELD, kSUPER, kSELF, kNIL, kTRUE, kFALSE, kAND, kOR, kNOT,
    kIF_MOD, kUNLESS_MOD, kWHILE_MOD, kUNTIL_MOD, kRESCUE_MOD, kALIAS,
    kDEFINED, klBEGIN, klEND, k__LINE__, k__FILE__,
    tIDENTIFIER, tFID, tGVAR, tIVAR, tCONSTANT, tCVAR, tINTEGER, tFLOAT,
    tSTRING_CONTENT, tNTH_REF, tBACK_REF, tREGEXP_END,
    tUPLUS, tUMINUS, tPOW, tCMP, tEQ, tEQQ, tNEQ, tGEQ, tLEQ, tANDOP, tOROP,
    tMATCH, tNMATCH, tDOT2, tDOT3, tAREF, tASET, tLSHFT, tRSHFT, tCOLON2,
    tCOLON3, tOP_ASGN, tASSOC, tLPAREN, tLPAREN_ARG, tRPAREN, tLBRACK,
    tLBRACE, tLBRACE_ARG, tSTAR, tAMPER, tSYMBEG, tSTRING_BEG, tXSTRING_BEG,
    tREGEXP_BEG, tWORDS_BEG, tQWORDS_BEG, tSTRING_DBEG, tSTRING_DVAR,
    tSTRING_END, tUMINUS_NUM,
    TOKEN_LAST
};

enum lex_state {
    EXPR_BEG,    /* an expression may start: `-1` is a literal, `[` an array */
    EXPR_END,    /* an expression just ended: operators are binary */
    EXPR_ARG,    /* after a method name: arguments may follow */
    EXPR_CMDARG, /* same, the name started a command */
    EXPR_ENDARG, /* after the `)` of `foo (1)`: a block may still follow */
    EXPR_MID,    /* after return/break/next/rescue: like BEG, but no modifiers */
    EXPR_FNAME,  /* a method name is wanted: `def +`, `:foo=`, `alias` */
    EXPR_DOT,    /* after `.` or `::`: keywords are method names */
    EXPR_CLASS   /* after `class`: `<<` is not a heredoc */
};

/* lex_strterm.func bits (as in MRI) */
#define STR_FUNC_ESCAPE  0x01  /* regexp: keep escapes as written */
#define STR_FUNC_EXPAND  0x02  /* "..." : escapes and #{} */
#define STR_FUNC_REGEXP  0x04
#define STR_FUNC_QWORDS  0x08  /* %w %W: whitespace separates words */
#define STR_FUNC_SYMBOL  0x10
#define STR_FUNC_INDENT  0x20  /* <<-EOS */
#define STR_FUNC_HEREDOC 0x40
#define STR_FUNC_DONE    0x80  /* the next token is tSTRING_END */
#define STR_FUNC_OPEN    0x100 /* set in every literal: func != 0 */

#define STR_SQUOTE (STR_FUNC_OPEN)
#define STR_DQUOTE (STR_FUNC_OPEN | STR_FUNC_EXPAND)
#define STR_XQUOTE (STR_FUNC_OPEN | STR_FUNC_EXPAND)
#define STR_REGEXP (STR_FUNC_OPEN | STR_FUNC_REGEXP | STR_FUNC_ESCAPE | STR_FUNC_EXPAND)
#define STR_SSYM   (STR_FUNC_OPEN | STR_FUNC_SYMBOL)
#define STR_DSYM   (STR_FUNC_OPEN | STR_FUNC_SYMBOL | STR_FUNC_EXPAND)

/* The literal being read; func == 0 when none. */
struct lex_strterm {
    int func;
    int term, paren, nest;   /* closing char, opening char of a bracket pair, depth */
    int line;                /* where the literal started, for error messages */
    const char *hd_id;       /* heredoc: the terminator and its length */
    size_t hd_len;
    size_t resume_pos;       /* heredoc: where the line of `<<EOS` continues */
    int resume_line;
};

struct token {
    int type;
    int line;
    size_t pos;              /* byte offset of its first character */
    bool space;              /* whitespace came before it */
    ID id;                   /* names, keywords; tOP_ASGN: the operator */
    uint64_t uval;           /* tINTEGER magnitude (valid when !big), tNTH_REF */
    const char *digits;      /* tINTEGER too big for a Fixnum: its digits (arena) */
    int base;
    double fval;             /* tFLOAT */
    const char *str;         /* tSTRING_CONTENT bytes (arena) */
    size_t len;
    int re_opts;             /* tREGEXP_END */
    bool big;
};

struct lexer {
    const char *src;
    size_t len, pos;
    int line;
    bool nl_pending;         /* a '\n' was read: count the line on the next read */
    size_t hd_next;          /* heredoc bodies read: the line continues here (0: no) */
    int hd_next_line;
    bool eof;                /* __END__ seen or an end character */
    enum lex_state state;
    bool command_start;      /* the next name starts a command (after \n ; ( ) */
    struct lex_strterm str;
    long data_offset;        /* after __END__, else -1 */
    struct arena *arena;
    char *buf;               /* the token being built */
    size_t blen, bcap;
    bool (*is_local)(void *ctx, ID id);
    void *ctx;
    const char *file;
    struct parse_error *err;
    jmp_buf *jb;
};

void lex_init(struct lexer *lx, struct arena *a, const char *src, size_t len,
              const char *file, int line);
void lex_free(struct lexer *lx);
void lex_next(struct lexer *lx, struct token *t);
NORETURN void lex_fail(struct lexer *lx, int line, const char *fmt, ...) PRINTF(3, 4);
NORETURN void lex_fail_source(struct lexer *lx, int line, const char *msg);
void lex_warn(struct lexer *lx, int line, bool verbose_only, const char *fmt, ...) PRINTF(4, 5);
const char *lex_token_name(int type, char buf[8]);
ID lex_op_id(int type);          /* operator token -> method name, 0 if none */

/* ---- shared by lex.c and lex_string.c */
void lex_newline(struct lexer *lx);
void lex_tokadd(struct lexer *lx, int c);
int lex_read_escape(struct lexer *lx, int depth);
int lex_string_token(struct lexer *lx, struct token *t);
int lex_heredoc_start(struct lexer *lx);
int lex_percent(struct lexer *lx, int c);
int lex_number(struct lexer *lx, struct token *t, int c);
bool lex_is_identchar(int c);

static inline int lex_nextc(struct lexer *lx)
{
    if (lx->nl_pending) lex_newline(lx);
    if (lx->pos >= lx->len) return -1;
    int c = (unsigned char)lx->src[lx->pos++];
    if (c == '\n') lx->nl_pending = true;
    return c;
}

/* Undo the last lex_nextc (never twice across a newline). */
static inline void lex_pushback(struct lexer *lx, int c)
{
    if (c == -1) return;
    lx->pos--;
    if (c == '\n') lx->nl_pending = false;
}

/* The character after the current one on this line, or -1. */
static inline int lex_peekc(const struct lexer *lx, size_t ahead)
{
    if (lx->nl_pending) return -1;
    size_t i = lx->pos + ahead;
    return i < lx->len ? (unsigned char)lx->src[i] : -1;
}

static inline bool lex_isspace(int c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

#endif
