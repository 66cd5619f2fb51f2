/* lex.c: the tokenizer's main loop: whitespace and comments, operators and
 * punctuation, names and keywords, variables, `?a` character literals.
 * Strings, heredocs and %-literals are in lex_string.c, numbers in
 * lex_number.c.  The state rules follow MRI 1.8's yylex so that programs
 * tokenize the way Ruby 1.8 users expect (see lex.h).
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lex.h"
#include "ruby/symbol.h"
#include "ruby/util.h"

#define IS_ARG(lx) ((lx)->state == EXPR_ARG || (lx)->state == EXPR_CMDARG)
#define IS_BEG(lx) ((lx)->state == EXPR_BEG || (lx)->state == EXPR_MID)

void lex_init(struct lexer *lx, struct arena *a, const char *src, size_t len,
              const char *file, int line)
{
    memset(lx, 0, sizeof *lx);
    lx->src = src;
    lx->len = len;
    lx->line = line;
    lx->state = EXPR_BEG;
    lx->command_start = true;
    lx->data_offset = -1;
    lx->arena = a;
    lx->file = file;
}

void lex_free(struct lexer *lx)
{
    free(lx->buf);
    lx->buf = NULL;
}

void lex_fail(struct lexer *lx, int line, const char *fmt, ...)
{
    int n = snprintf(lx->err->message, sizeof lx->err->message, "%s:%d: ", lx->file, line);
    if (n < 0 || (size_t)n >= sizeof lx->err->message) n = 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(lx->err->message + n, sizeof lx->err->message - (size_t)n, fmt, ap);
    va_end(ap);
    lx->err->line = line;
    longjmp(*lx->jb, 1);
}

/* A syntax error, as MRI's yyerror reports it: the message, then the
   source line the lexer is on and a caret where it stopped (unless the
   line is short, or the lexer stopped at its end: MRI's rules). */
void lex_fail_source(struct lexer *lx, int line, const char *msg)
{
    char *out = lx->err->message;
    size_t cap = sizeof lx->err->message;
    int n = snprintf(out, cap, "%s:%d: %s", lx->file, line, msg);
    size_t used = n < 0 ? 0 : (size_t)n >= cap ? cap - 1 : (size_t)n;
    size_t pos = lx->pos < lx->len ? lx->pos : lx->len;
    const char *src = lx->src;
    bool at_newline = pos < lx->len ? src[pos] == '\n' : pos == 0 || src[pos - 1] == '\n';
    if (!at_newline) {
        size_t b = pos, e = pos;
        while (b > 0 && src[b - 1] != '\n') b--;
        while (e < lx->len && src[e] != '\n') e++;
        const char *pre = "", *post = "";
        if (e - b > 70) {                          /* 30 characters around the caret */
            if (pos - b > 30) { b = pos - 30; pre = "..."; }
            if (e - pos > 30) { e = pos + 30; post = "..."; }
        }
        if (e - b > 4 && used + 2 * (e - b) + 16 < cap) {
            used += (size_t)snprintf(out + used, cap - used, "\n%s%.*s%s\n", pre, (int)(e - b), src + b, post);
            for (size_t i = b; i < pos; i++) out[used++] = src[i] == '\t' ? '\t' : ' ';
            out[used++] = '^';
            out[used] = '\0';
        }
    }
    lx->err->line = line;
    longjmp(*lx->jb, 1);
}

void lex_warn(struct lexer *lx, int line, bool verbose_only, const char *fmt, ...)
{
    if (!parse_warn_hook) return;
    char msg[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    parse_warn_hook(lx->file, line, verbose_only, msg);
}

/* `p -1`, `p /x/`: MRI's -w warning for an operator read as the start of
   a command's first argument. */
static void arg_ambiguous(struct lexer *lx, int line)
{
    lex_warn(lx, line, true, "ambiguous first argument; put parentheses or even spaces");
}

/* Called by lex_nextc on the first read after a '\n': count the line, and
   skip the bodies of heredocs that started on the line just ended. */
void lex_newline(struct lexer *lx)
{
    lx->nl_pending = false;
    if (lx->hd_next) {
        lx->pos = lx->hd_next;
        lx->line = lx->hd_next_line;
        lx->hd_next = 0;
    } else if (lx->pos < lx->len) {
        lx->line++;
    }
}

void lex_tokadd(struct lexer *lx, int c)
{
    if (lx->blen + 1 >= lx->bcap) {
        lx->bcap = lx->bcap ? lx->bcap * 2 : 256;
        lx->buf = xrealloc(lx->buf, lx->bcap);
    }
    lx->buf[lx->blen++] = (char)c;
}

bool lex_is_identchar(int c)
{
    return c != -1 && (isalnum(c) || c == '_' || c >= 0x80);
}

/* ================================================================ keywords */

struct keyword {
    const char *name;
    int id0, id1;            /* id1: the modifier form, used after an expression */
    enum lex_state state;    /* state after the keyword */
};

/* sorted by name for bsearch */
static const struct keyword keywords[] = {
    {"BEGIN", klBEGIN, klBEGIN, EXPR_END},
    {"END", klEND, klEND, EXPR_END},
    {"__FILE__", k__FILE__, k__FILE__, EXPR_END},
    {"__LINE__", k__LINE__, k__LINE__, EXPR_END},
    {"alias", kALIAS, kALIAS, EXPR_FNAME},
    {"and", kAND, kAND, EXPR_BEG},
    {"begin", kBEGIN, kBEGIN, EXPR_BEG},
    {"break", kBREAK, kBREAK, EXPR_MID},
    {"case", kCASE, kCASE, EXPR_BEG},
    {"class", kCLASS, kCLASS, EXPR_CLASS},
    {"def", kDEF, kDEF, EXPR_FNAME},
    {"defined?", kDEFINED, kDEFINED, EXPR_ARG},
    {"do", kDO, kDO, EXPR_BEG},
    {"else", kELSE, kELSE, EXPR_BEG},
    {"elsif", kELSIF, kELSIF, EXPR_BEG},
    {"end", kEND, kEND, EXPR_END},
    {"ensure", kENSURE, kENSURE, EXPR_BEG},
    {"false", kFALSE, kFALSE, EXPR_END},
    {"for", kFOR, kFOR, EXPR_BEG},
    {"if", kIF, kIF_MOD, EXPR_BEG},
    {"in", kIN, kIN, EXPR_BEG},
    {"module", kMODULE, kMODULE, EXPR_BEG},
    {"next", kNEXT, kNEXT, EXPR_MID},
    {"nil", kNIL, kNIL, EXPR_END},
    {"not", kNOT, kNOT, EXPR_BEG},
    {"or", kOR, kOR, EXPR_BEG},
    {"redo", kREDO, kREDO, EXPR_END},
    {"rescue", kRESCUE, kRESCUE_MOD, EXPR_MID},
    {"retry", kRETRY, kRETRY, EXPR_END},
    {"return", kRETURN, kRETURN, EXPR_MID},
    {"self", kSELF, kSELF, EXPR_END},
    {"super", kSUPER, kSUPER, EXPR_ARG},
    {"then", kTHEN, kTHEN, EXPR_BEG},
    {"true", kTRUE, kTRUE, EXPR_END},
    {"undef", kUNDEF, kUNDEF, EXPR_FNAME},
    {"unless", kUNLESS, kUNLESS_MOD, EXPR_BEG},
    {"until", kUNTIL, kUNTIL_MOD, EXPR_BEG},
    {"when", kWHEN, kWHEN, EXPR_BEG},
    {"while", kWHILE, kWHILE_MOD, EXPR_BEG},
    {"yield", kYIELD, kYIELD, EXPR_ARG},
};

static const struct keyword *find_keyword(const char *s, size_t len)
{
    if (len < 2 || len > 8) return NULL;
    size_t lo = 0, hi = countof(keywords);
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        const char *k = keywords[mid].name;
        size_t klen = strlen(k);
        int cmp = memcmp(s, k, len < klen ? len : klen);
        if (cmp == 0) cmp = (len > klen) - (len < klen);
        if (cmp == 0) return &keywords[mid];
        if (cmp < 0) hi = mid;
        else lo = mid + 1;
    }
    return NULL;
}

/* ================================================================ token names */

static const char *const token_names[] = {
    "kCLASS", "kMODULE", "kDEF", "kUNDEF", "kBEGIN", "kRESCUE", "kENSURE", "kEND",
    "kIF", "kUNLESS", "kTHEN", "kELSIF", "kELSE", "kCASE", "kWHEN", "kWHILE", "kUNTIL",
    "kFOR", "kBREAK", "kNEXT", "kREDO", "kRETRY", "kIN", "kDO", "kDO_COND", "kDO_BLOCK",
    "kRETURN", "kYIELD", "kSUPER", "kSELF", "kNIL", "kTRUE", "kFALSE", "kAND", "kOR",
    "kNOT", "kIF_MOD", "kUNLESS_MOD", "kWHILE_MOD", "kUNTIL_MOD", "kRESCUE_MOD",
    "kALIAS", "kDEFINED", "klBEGIN", "klEND", "k__LINE__", "k__FILE__",
    "tIDENTIFIER", "tFID", "tGVAR", "tIVAR", "tCONSTANT", "tCVAR", "tINTEGER", "tFLOAT",
    "tSTRING_CONTENT", "tNTH_REF", "tBACK_REF", "tREGEXP_END",
    "tUPLUS", "tUMINUS", "tPOW", "tCMP", "tEQ", "tEQQ", "tNEQ", "tGEQ", "tLEQ", "tANDOP",
    "tOROP", "tMATCH", "tNMATCH", "tDOT2", "tDOT3", "tAREF", "tASET", "tLSHFT", "tRSHFT",
    "tCOLON2", "tCOLON3", "tOP_ASGN", "tASSOC", "tLPAREN", "tLPAREN_ARG", "tRPAREN",
    "tLBRACK", "tLBRACE", "tLBRACE_ARG", "tSTAR", "tAMPER", "tSYMBEG", "tSTRING_BEG",
    "tXSTRING_BEG", "tREGEXP_BEG", "tWORDS_BEG", "tQWORDS_BEG", "tSTRING_DBEG",
    "tSTRING_DVAR", "tSTRING_END", "tUMINUS_NUM",
};

/* The name bison would print for a token: $end, kEND, ')' or '\n'. */
const char *lex_token_name(int type, char buf[8])
{
    if (type == tEOF) return "$end";
    if (type >= kCLASS && type < TOKEN_LAST) return token_names[type - kCLASS];
    if (type == '\n') return "'\\n'";
    if (type > ' ' && type < 127) {
        buf[0] = '\'';
        buf[1] = (char)type;
        buf[2] = '\'';
        buf[3] = '\0';
        return buf;
    }
    snprintf(buf, 8, "'\\%03o'", (unsigned)type & 0xff);
    return buf;
}

ID lex_op_id(int type)
{
    switch (type) {
    case '|': return ID_or;
    case '^': return ID_xor;
    case '&': case tAMPER: return ID_and;
    case tCMP: return ID_cmp;
    case tEQ: return ID_eq;
    case tEQQ: return ID_eqq;
    case tMATCH: return ID_match;
    case '>': return ID_gt;
    case tGEQ: return ID_ge;
    case '<': return ID_lt;
    case tLEQ: return ID_le;
    case tLSHFT: return ID_lshift;
    case tRSHFT: return ID_rshift;
    case '+': return ID_plus;
    case '-': return ID_minus;
    case '*': case tSTAR: return ID_mul;
    case '/': return ID_div;
    case '%': return ID_mod;
    case tPOW: return ID_pow;
    case '~': return ID_neg;
    case tUPLUS: return ID_uplus;
    case tUMINUS: return ID_uminus;
    case tAREF: return ID_aref;
    case tASET: return ID_aset;
    case '`': return ID_backquote;
    default: return 0;
    }
}

/* ================================================================ operators */

/* After most operators: a method name after def/./:: is over, otherwise an
   operand comes next. */
static void after_operator(struct lexer *lx)
{
    lx->state = (lx->state == EXPR_FNAME || lx->state == EXPR_DOT) ? EXPR_ARG : EXPR_BEG;
}

static int op_asgn(struct lexer *lx, struct token *t, ID op)
{
    t->id = op;
    lx->state = EXPR_BEG;
    return tOP_ASGN;
}

static int lex_star(struct lexer *lx, struct token *t, bool space)
{
    int c = lex_nextc(lx), tok;
    if (c == '*') {
        if ((c = lex_nextc(lx)) == '=') return op_asgn(lx, t, ID_pow);
        lex_pushback(lx, c);
        tok = tPOW;
    } else {
        if (c == '=') return op_asgn(lx, t, ID_mul);
        lex_pushback(lx, c);
        if (IS_ARG(lx) && space && !lex_isspace(c)) {
            lex_warn(lx, t->line, true, "`*' interpreted as argument prefix");
            tok = tSTAR;
        } else {
            tok = IS_BEG(lx) ? tSTAR : '*';
        }
    }
    after_operator(lx);
    return tok;
}

static int lex_bang(struct lexer *lx)
{
    int c = lex_nextc(lx);
    lx->state = EXPR_BEG;
    if (c == '=') return tNEQ;
    if (c == '~') return tNMATCH;
    lex_pushback(lx, c);
    return '!';
}

/* Skip an =begin ... =end block; the '=' at the start of a line was read. */
static bool skip_embedded_doc(struct lexer *lx, int line)
{
    const char *s = lx->src + lx->pos;
    size_t left = lx->len - lx->pos;
    if (left < 5 || memcmp(s, "begin", 5) != 0 || (left > 5 && !lex_isspace((unsigned char)s[5])))
        return false;
    for (;;) {
        int c;
        while ((c = lex_nextc(lx)) != '\n' && c != -1) {}
        if (c == -1) lex_fail(lx, line, "embedded document meets end of file");
        s = lx->src + lx->pos;
        left = lx->len - lx->pos;
        if (left >= 4 && memcmp(s, "=end", 4) == 0 &&
            (left == 4 || lex_isspace((unsigned char)s[4])))
            break;
    }
    int c;
    while ((c = lex_nextc(lx)) != '\n' && c != -1) {}
    return true;
}

static int lex_equal(struct lexer *lx)
{
    after_operator(lx);
    int c = lex_nextc(lx);
    if (c == '=') {
        if ((c = lex_nextc(lx)) == '=') return tEQQ;
        lex_pushback(lx, c);
        return tEQ;
    }
    if (c == '~') return tMATCH;
    if (c == '>') return tASSOC;
    lex_pushback(lx, c);
    return '=';
}

static int lex_less(struct lexer *lx, struct token *t, bool space)
{
    int c = lex_nextc(lx);
    if (c == '<' && lx->state != EXPR_END && lx->state != EXPR_DOT &&
        lx->state != EXPR_ENDARG && lx->state != EXPR_CLASS && (!IS_ARG(lx) || space)) {
        int tok = lex_heredoc_start(lx);
        if (tok) return tok;
    }
    after_operator(lx);
    if (c == '=') {
        if ((c = lex_nextc(lx)) == '>') return tCMP;
        lex_pushback(lx, c);
        return tLEQ;
    }
    if (c == '<') {
        if ((c = lex_nextc(lx)) == '=') return op_asgn(lx, t, ID_lshift);
        lex_pushback(lx, c);
        return tLSHFT;
    }
    lex_pushback(lx, c);
    return '<';
}

static int lex_greater(struct lexer *lx, struct token *t)
{
    after_operator(lx);
    int c = lex_nextc(lx);
    if (c == '=') return tGEQ;
    if (c == '>') {
        if ((c = lex_nextc(lx)) == '=') return op_asgn(lx, t, ID_rshift);
        lex_pushback(lx, c);
        return tRSHFT;
    }
    lex_pushback(lx, c);
    return '>';
}

static int lex_amper(struct lexer *lx, struct token *t, bool space)
{
    int c = lex_nextc(lx);
    if (c == '&') {
        lx->state = EXPR_BEG;
        if ((c = lex_nextc(lx)) == '=') return op_asgn(lx, t, ID_andand);
        lex_pushback(lx, c);
        return tANDOP;
    }
    if (c == '=') return op_asgn(lx, t, ID_and);
    lex_pushback(lx, c);
    int tok = IS_BEG(lx) ? tAMPER : '&';
    if (IS_ARG(lx) && space && !lex_isspace(c)) {
        lex_warn(lx, t->line, true, "`&' interpreted as argument prefix");
        tok = tAMPER;
    }
    after_operator(lx);
    return tok;
}

static int lex_bar(struct lexer *lx, struct token *t)
{
    int c = lex_nextc(lx);
    if (c == '|') {
        lx->state = EXPR_BEG;
        if ((c = lex_nextc(lx)) == '=') return op_asgn(lx, t, ID_oror);
        lex_pushback(lx, c);
        return tOROP;
    }
    if (c == '=') return op_asgn(lx, t, ID_or);
    after_operator(lx);
    lex_pushback(lx, c);
    return '|';
}

/* '+' or '-': unary in an operand position, `+@`/`-@` as method names. */
static int lex_sign(struct lexer *lx, struct token *t, int sign, bool space)
{
    int c = lex_nextc(lx);
    if (lx->state == EXPR_FNAME || lx->state == EXPR_DOT) {
        lx->state = EXPR_ARG;
        if (c == '@') return sign == '+' ? tUPLUS : tUMINUS;
        lex_pushback(lx, c);
        return sign;
    }
    if (c == '=') return op_asgn(lx, t, sign == '+' ? ID_plus : ID_minus);
    if (IS_BEG(lx) || (IS_ARG(lx) && space && !lex_isspace(c))) {
        if (IS_ARG(lx)) arg_ambiguous(lx, t->line);
        lx->state = EXPR_BEG;
        if (c >= '0' && c <= '9') {
            if (sign == '+') return lex_number(lx, t, c);
            lex_pushback(lx, c);
            return tUMINUS_NUM;
        }
        lex_pushback(lx, c);
        return sign == '+' ? tUPLUS : tUMINUS;
    }
    lx->state = EXPR_BEG;
    lex_pushback(lx, c);
    return sign;
}

static int lex_dot(struct lexer *lx, int line)
{
    lx->state = EXPR_BEG;
    int c = lex_nextc(lx);
    if (c == '.') {
        if ((c = lex_nextc(lx)) == '.') return tDOT3;
        lex_pushback(lx, c);
        return tDOT2;
    }
    lex_pushback(lx, c);
    if (c >= '0' && c <= '9')
        lex_fail(lx, line, "no .<digit> floating literal anymore; put 0 before dot");
    lx->state = EXPR_DOT;
    return '.';
}

static int lex_colon(struct lexer *lx, struct token *t, bool space)
{
    int c = lex_nextc(lx);
    if (c == ':') {
        if (IS_BEG(lx) || lx->state == EXPR_CLASS || (IS_ARG(lx) && space)) {
            lx->state = EXPR_BEG;
            return tCOLON3;
        }
        lx->state = EXPR_DOT;
        return tCOLON2;
    }
    if (lx->state == EXPR_END || lx->state == EXPR_ENDARG || lex_isspace(c) || c == -1) {
        lex_pushback(lx, c);
        lx->state = EXPR_BEG;
        return ':';
    }
    if (c == '\'' || c == '"') {
        lx->str = (struct lex_strterm){ .func = c == '"' ? STR_DSYM : STR_SSYM,
                                        .term = c, .line = t->line };
    } else {
        lex_pushback(lx, c);
    }
    lx->state = EXPR_FNAME;
    return tSYMBEG;
}

static int lex_slash(struct lexer *lx, struct token *t, bool space)
{
    if (IS_BEG(lx)) {
        lx->str = (struct lex_strterm){ .func = STR_REGEXP, .term = '/', .line = t->line };
        return tREGEXP_BEG;
    }
    int c = lex_nextc(lx);
    if (c == '=') return op_asgn(lx, t, ID_div);
    lex_pushback(lx, c);
    if (IS_ARG(lx) && space && !lex_isspace(c)) {
        arg_ambiguous(lx, t->line);
        lx->str = (struct lex_strterm){ .func = STR_REGEXP, .term = '/', .line = t->line };
        return tREGEXP_BEG;
    }
    after_operator(lx);
    return '/';
}

static int lex_caret(struct lexer *lx, struct token *t)
{
    int c = lex_nextc(lx);
    if (c == '=') return op_asgn(lx, t, ID_xor);
    after_operator(lx);
    lex_pushback(lx, c);
    return '^';
}

static int lex_tilde(struct lexer *lx)
{
    if (lx->state == EXPR_FNAME || lx->state == EXPR_DOT) {
        int c = lex_nextc(lx);
        if (c != '@') lex_pushback(lx, c);
    }
    after_operator(lx);
    return '~';
}

static int lex_lparen(struct lexer *lx, struct token *t, bool space)
{
    int tok = '(';
    if (IS_BEG(lx)) tok = tLPAREN;
    else if (space && lx->state == EXPR_CMDARG) tok = tLPAREN_ARG;
    else if (space && lx->state == EXPR_ARG)
        lex_warn(lx, t->line, false, "don't put space before argument parentheses");
    lx->command_start = true;
    lx->state = EXPR_BEG;
    return tok;
}

static int lex_lbracket(struct lexer *lx, bool space)
{
    if (lx->state == EXPR_FNAME || lx->state == EXPR_DOT) {
        lx->state = EXPR_ARG;
        int c = lex_nextc(lx);
        if (c == ']') {
            if ((c = lex_nextc(lx)) == '=') return tASET;
            lex_pushback(lx, c);
            return tAREF;
        }
        lex_pushback(lx, c);
        return '[';
    }
    int tok = '[';
    if (IS_BEG(lx) || lx->state == EXPR_CLASS || (IS_ARG(lx) && space)) tok = tLBRACK;
    lx->state = EXPR_BEG;
    return tok;
}

static int lex_lbrace(struct lexer *lx)
{
    int tok;
    if (IS_ARG(lx) || lx->state == EXPR_END) tok = '{';          /* block */
    else if (lx->state == EXPR_ENDARG) tok = tLBRACE_ARG;        /* block of `foo (1) {}` */
    else tok = tLBRACE;                                          /* hash */
    lx->state = EXPR_BEG;
    return tok;
}

/* `?a`: an Integer in Ruby 1.8; otherwise the ternary operator. */
static int lex_question(struct lexer *lx, struct token *t)
{
    if (lx->state == EXPR_END || lx->state == EXPR_ENDARG) {
        lx->state = EXPR_BEG;
        return '?';
    }
    int c = lex_nextc(lx);
    if (c == -1) lex_fail(lx, t->line, "incomplete character syntax");
    if (lex_isspace(c) && !IS_ARG(lx)) {
        const char *names = " s\nn\tt\vv\rr\ff";
        const char *k = strchr(names, c);
        if (k && (k - names) % 2 == 0)
            lex_warn(lx, t->line, false, "invalid character syntax; use ?\\%c", k[1]);
    }
    if (lex_isspace(c) || ((isalnum(c) || c == '_') && lex_is_identchar(lex_peekc(lx, 0)))) {
        lex_pushback(lx, c);
        lx->state = EXPR_BEG;
        return '?';
    }
    if (c == '\\') c = lex_read_escape(lx, 0);
    t->uval = (unsigned)c & 0xff;
    lx->state = EXPR_END;
    return tINTEGER;
}

/* ================================================================ names */

static void read_ident_chars(struct lexer *lx, int c)
{
    do {
        lex_tokadd(lx, c);
        c = lex_nextc(lx);
    } while (lex_is_identchar(c));
    lex_pushback(lx, c);
}

static ID buf_intern(struct lexer *lx)
{
    return sym_intern(lx->buf, lx->blen);
}

/* $1 .. $99: tNTH_REF, except as a name to alias (`alias $a $1` is caught
   by the parser). */
static int nth_ref(struct lexer *lx, struct token *t, int c, enum lex_state last)
{
    uint64_t n = 0;
    do {
        lex_tokadd(lx, c);
        if (n < 1000000) n = n * 10 + (uint64_t)(c - '0');
        c = lex_nextc(lx);
    } while (c >= '0' && c <= '9');
    lex_pushback(lx, c);
    t->id = buf_intern(lx);
    if (last == EXPR_FNAME) return tGVAR;
    t->uval = n;
    return tNTH_REF;
}

/* `$` variables: $foo, $1 (tNTH_REF), $& (tBACK_REF), $! $_ $-w ... */
static int lex_dollar(struct lexer *lx, struct token *t)
{
    enum lex_state last = lx->state;
    lx->state = EXPR_END;
    lx->blen = 0;
    lex_tokadd(lx, '$');
    int c = lex_nextc(lx);
    if ((c == '_' && !lex_is_identchar(lex_peekc(lx, 0))) ||
        (c > 0 && strchr("~*$?!@/\\;,.=:<>\"", c))) {
        lex_tokadd(lx, c);
    } else if (c == '-') {
        lex_tokadd(lx, c);
        c = lex_nextc(lx);
        if (lex_is_identchar(c)) lex_tokadd(lx, c);
        else lex_pushback(lx, c);
    } else if (c > 0 && strchr("&`'+", c)) {
        lex_tokadd(lx, c);
        if (last != EXPR_FNAME) {        /* $& $` $' $+; names to alias */
            t->uval = (unsigned)c;
            t->id = buf_intern(lx);
            return tBACK_REF;
        }
    } else if (c >= '1' && c <= '9') {
        return nth_ref(lx, t, c, last);
    } else if (lex_is_identchar(c)) {
        read_ident_chars(lx, c);
    } else {
        lex_pushback(lx, c);
        return '$';
    }
    t->id = buf_intern(lx);
    return tGVAR;
}

static int lex_at(struct lexer *lx, struct token *t)
{
    lx->blen = 0;
    lex_tokadd(lx, '@');
    int c = lex_nextc(lx);
    if (c == '@') {
        lex_tokadd(lx, '@');
        c = lex_nextc(lx);
    }
    if (c >= '0' && c <= '9') {
        if (lx->blen == 1)
            lex_fail(lx, t->line, "`@%c' is not allowed as an instance variable name", c);
        lex_fail(lx, t->line, "`@@%c' is not allowed as a class variable name", c);
    }
    if (!lex_is_identchar(c)) {
        lex_pushback(lx, c);
        return '@';
    }
    int tok = lx->blen == 2 ? tCVAR : tIVAR;
    lx->blen = 0;
    lex_tokadd(lx, '@');
    if (tok == tCVAR) lex_tokadd(lx, '@');
    read_ident_chars(lx, c);
    lx->state = EXPR_END;
    t->id = buf_intern(lx);
    return tok;
}

/* In EXPR_FNAME `foo=` is one name (a setter), but not in `foo==`, `foo=~`
   or `foo=>`. */
static bool setter_follows(struct lexer *lx)
{
    if (lex_peekc(lx, 0) != '=') return false;
    int c2 = lex_peekc(lx, 1);
    if (c2 == '~' || c2 == '>') return false;
    return c2 != '=' || lex_peekc(lx, 2) == '>';
}

static int keyword_token(struct lexer *lx, struct token *t, const struct keyword *kw)
{
    enum lex_state st = lx->state;
    lx->state = kw->state;
    t->id = buf_intern(lx);
    if (st == EXPR_FNAME || kw->id0 == kDO) return kw->id0;
    if (st == EXPR_BEG) return kw->id0;
    if (kw->id0 != kw->id1) lx->state = EXPR_BEG;
    return kw->id1;
}

static bool buf_is_local_name(const struct lexer *lx)
{
    unsigned char c0 = (unsigned char)lx->buf[0];
    char last = lx->buf[lx->blen - 1];
    return (islower(c0) || c0 == '_' || c0 >= 0x80) && last != '?' && last != '!' && last != '=';
}

static int lex_ident(struct lexer *lx, struct token *t, int c, bool cmd_state)
{
    lx->blen = 0;
    read_ident_chars(lx, c);
    int tok;
    c = lex_peekc(lx, 0);
    if ((c == '!' || c == '?') && lex_peekc(lx, 1) != '=') {
        lex_tokadd(lx, lex_nextc(lx));
        tok = tFID;
    } else if (lx->state == EXPR_FNAME && setter_follows(lx)) {
        lex_tokadd(lx, lex_nextc(lx));
        tok = tIDENTIFIER;
    } else {
        tok = isupper((unsigned char)lx->buf[0]) ? tCONSTANT : tIDENTIFIER;
    }
    if (lx->state != EXPR_DOT) {
        const struct keyword *kw = find_keyword(lx->buf, lx->blen);
        if (kw) return keyword_token(lx, t, kw);
    }
    enum lex_state last = lx->state;
    if (IS_BEG(lx) || IS_ARG(lx) || lx->state == EXPR_DOT)
        lx->state = cmd_state ? EXPR_CMDARG : EXPR_ARG;
    else
        lx->state = EXPR_END;
    t->id = buf_intern(lx);
    if (tok == tIDENTIFIER && last != EXPR_DOT && buf_is_local_name(lx) &&
        lx->is_local && lx->is_local(lx->ctx, t->id))
        lx->state = EXPR_END;
    return tok;
}

/* __END__ alone on a line ends the program; the rest is DATA. */
static bool end_marker(struct lexer *lx, size_t start)
{
    const char *s = lx->src + start;
    size_t left = lx->len - start;
    if (left < 7 || memcmp(s, "__END__", 7) != 0) return false;
    size_t i = 7;
    if (i < left && s[i] == '\r') i++;
    if (i < left && s[i] != '\n') return false;
    if (i < left) i++;
    lx->data_offset = (long)(start + i);
    lx->eof = true;
    return true;
}

static bool at_line_start(const struct lexer *lx, size_t pos)
{
    return pos == 0 || lx->src[pos - 1] == '\n';
}

/* ================================================================ main loop */

static int lex_other(struct lexer *lx, struct token *t, int c, bool space, bool cmd_state)
{
    switch (c) {
    case '*': return lex_star(lx, t, space);
    case '!': return lex_bang(lx);
    case '=': return lex_equal(lx);
    case '<': return lex_less(lx, t, space);
    case '>': return lex_greater(lx, t);
    case '&': return lex_amper(lx, t, space);
    case '|': return lex_bar(lx, t);
    case '+': case '-': return lex_sign(lx, t, c, space);
    case '.': return lex_dot(lx, t->line);
    case ':': return lex_colon(lx, t, space);
    case '/': return lex_slash(lx, t, space);
    case '^': return lex_caret(lx, t);
    case '~': return lex_tilde(lx);
    case '(': return lex_lparen(lx, t, space);
    case '[': return lex_lbracket(lx, space);
    case '{': return lex_lbrace(lx);
    case '?': return lex_question(lx, t);
    case '$': return lex_dollar(lx, t);
    case '@': return lex_at(lx, t);
    case ']': case '}': case ')':
        lx->state = EXPR_END;
        return c;
    case ';':
        lx->command_start = true;
        /* fall through */
    case ',':
        lx->state = EXPR_BEG;
        return c;
    case '"': case '\'':
        lx->str = (struct lex_strterm){ .func = c == '"' ? STR_DQUOTE : STR_SQUOTE,
                                        .term = c, .line = t->line };
        return tSTRING_BEG;
    case '`':
        if (lx->state == EXPR_FNAME) { lx->state = EXPR_END; return c; }
        if (lx->state == EXPR_DOT) { lx->state = cmd_state ? EXPR_CMDARG : EXPR_ARG; return c; }
        lx->str = (struct lex_strterm){ .func = STR_XQUOTE, .term = c, .line = t->line };
        return tXSTRING_BEG;
    case '%':
        if (IS_BEG(lx)) return lex_percent(lx, lex_nextc(lx));
        c = lex_nextc(lx);
        if (c == '=') return op_asgn(lx, t, ID_mod);
        if (IS_ARG(lx) && space && !lex_isspace(c)) return lex_percent(lx, c);
        after_operator(lx);
        lex_pushback(lx, c);
        return '%';
    }
    if (c >= '0' && c <= '9') return lex_number(lx, t, c);
    if (!lex_is_identchar(c))
        lex_fail(lx, t->line, "Invalid char `\\%03o' in expression", (unsigned)c);
    return lex_ident(lx, t, c, cmd_state);
}

/* A newline ends a statement unless an operand or a name is still wanted. */
static bool newline_ignored(const struct lexer *lx)
{
    return lx->state == EXPR_BEG || lx->state == EXPR_FNAME ||
           lx->state == EXPR_DOT || lx->state == EXPR_CLASS;
}

static int lex_plain(struct lexer *lx, struct token *t)
{
    bool cmd_state = lx->command_start;
    bool space = false;
    lx->command_start = false;
    for (;;) {
        if (lx->eof) return tEOF;
        int c = lex_nextc(lx);
        t->pos = c == -1 ? lx->pos : lx->pos - 1;
        t->line = lx->line;
        t->space = space;
        switch (c) {
        case -1: case '\0': case '\004': case '\032':
            lx->eof = true;
            return tEOF;
        case ' ': case '\t': case '\f': case '\r': case '\v':
            space = true;
            continue;
        case '\\':                  /* line continuation, also before \r\n */
            c = lex_nextc(lx);
            if (c == '\r' && lex_peekc(lx, 0) == '\n') c = lex_nextc(lx);
            if (c == '\n') { space = true; continue; }
            lex_pushback(lx, c);
            return '\\';
        case '#':
            while ((c = lex_nextc(lx)) != '\n')
                if (c == -1) { lx->eof = true; return tEOF; }
            /* fall through */
        case '\n':
            if (newline_ignored(lx)) continue;
            lx->command_start = true;
            lx->state = EXPR_BEG;
            return '\n';
        case '=':
            if (at_line_start(lx, t->pos) && skip_embedded_doc(lx, t->line)) continue;
            break;
        case '_':
            if (at_line_start(lx, t->pos) && end_marker(lx, t->pos)) return tEOF;
            break;
        }
        return lex_other(lx, t, c, space, cmd_state);
    }
}

void lex_next(struct lexer *lx, struct token *t)
{
    memset(t, 0, sizeof *t);
    if (lx->nl_pending) lex_newline(lx);
    if (lx->str.func) {
        t->line = lx->line;
        t->pos = lx->pos;
        t->type = lex_string_token(lx, t);
        return;
    }
    t->type = lex_plain(lx, t);
}
