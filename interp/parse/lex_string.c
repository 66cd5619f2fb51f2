/* lex_string.c: the inside of string-like literals: "..." '...' `...`
 * /.../ :"..." %q %Q %w %W %x %r %s and heredocs, plus backslash escapes.
 * A literal is returned in pieces (see lex.h); lexer.str says which literal
 * is open.  Heredoc bodies are read from the lines after the one holding
 * `<<EOS`; when the body ends the lexer goes back to that line and skips
 * the body once the line is over (lexer.hd_next), as MRI does.
 */
#include <ctype.h>
#include <string.h>
#include "lex.h"

#define ESC_ERROR "Invalid escape character syntax"

/* ================================================================ escapes */

static int read_octal(struct lexer *lx, int c)
{
    int v = c - '0';
    for (int i = 0; i < 2; i++) {
        c = lex_nextc(lx);
        if (c < '0' || c > '7') {
            lex_pushback(lx, c);
            break;
        }
        v = v * 8 + (c - '0');
    }
    return v & 0xff;
}

static int read_hex(struct lexer *lx)
{
    int v = 0, n = 0;
    for (; n < 2; n++) {
        int c = lex_nextc(lx);
        if (!isxdigit(c)) {
            lex_pushback(lx, c);
            break;
        }
        v = v * 16 + (isdigit(c) ? c - '0' : (tolower(c) - 'a' + 10));
    }
    if (n == 0) lex_fail(lx, lx->line, ESC_ERROR);
    return v;
}

/* \C-x, \cx: control character; \M-x: meta.  depth bounds \M-\M-\M-... */
static int read_ctrl_meta(struct lexer *lx, int kind, int depth)
{
    int c;
    if (kind != 'c' && lex_nextc(lx) != '-') lex_fail(lx, lx->line, ESC_ERROR);
    c = lex_nextc(lx);
    if (c == -1) lex_fail(lx, lx->line, ESC_ERROR);
    if (kind == 'M') {
        if (c == '\\') return lex_read_escape(lx, depth + 1) | 0x80;
        return (c & 0xff) | 0x80;
    }
    if (c == '\\') c = lex_read_escape(lx, depth + 1);
    else if (c == '?') return 0177;
    return c & 0x9f;
}

/* After a backslash in "..." or ?x: the byte it stands for. */
int lex_read_escape(struct lexer *lx, int depth)
{
    if (depth > 8) lex_fail(lx, lx->line, ESC_ERROR);
    int c = lex_nextc(lx);
    switch (c) {
    case 'n': return '\n';
    case 't': return '\t';
    case 'r': return '\r';
    case 'f': return '\f';
    case 'v': return '\v';
    case 'a': return '\a';
    case 'e': return 033;
    case 'b': return '\b';
    case 's': return ' ';
    case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7':
        return read_octal(lx, c);
    case 'x': return read_hex(lx);
    case 'M': case 'C': case 'c': return read_ctrl_meta(lx, c, depth);
    case -1: lex_fail(lx, lx->line, ESC_ERROR);
    default: return c;   /* \\ \" \# \' and any other character */
    }
}

/* A backslash inside a literal (already read): add what it stands for. */
static void string_escape(struct lexer *lx, int func, int term, int paren)
{
    int c = lex_nextc(lx);
    switch (c) {
    case -1:
        return;                                   /* the caller sees the end of file */
    case '\n':
        if (func & STR_FUNC_QWORDS) break;
        if (func & STR_FUNC_EXPAND) return;       /* line continuation */
        lex_tokadd(lx, '\\');
        break;
    case '\\':
        if (func & STR_FUNC_ESCAPE) lex_tokadd(lx, c);
        break;
    default:
        if (func & STR_FUNC_REGEXP) {
            /* regexps keep every escape for the regexp compiler, \/ too:
               1.8.7's /a\/b/.source is "a\\/b" */
            lex_tokadd(lx, '\\');
        } else if (func & STR_FUNC_EXPAND) {
            lex_pushback(lx, c);
            c = lex_read_escape(lx, 0);
        } else if ((func & STR_FUNC_QWORDS) && lex_isspace(c)) {
            /* %w[a\ b]: an escaped space stays in the word */
        } else if (c != term && !(paren && c == paren)) {
            lex_tokadd(lx, '\\');
        }
    }
    lex_tokadd(lx, c);
}

/* ================================================================ pieces */

/* After '#' in an expanding literal, at lexer.pos: does `@x`, `@@x` or a
   global variable follow?  (Ruby 1.8 took any `#@`; we want a real name.) */
static bool dvar_follows(const struct lexer *lx, int term)
{
    int c = lex_peekc(lx, 0), c2 = lex_peekc(lx, 1);
    if (c == '@') {
        if (c2 == '@') c2 = lex_peekc(lx, 2);
        return lex_is_identchar(c2) && !isdigit(c2);
    }
    if (c != '$' || c2 == term || c2 <= 0) return false;
    if (c2 == '-') return lex_is_identchar(lex_peekc(lx, 2));
    return lex_is_identchar(c2) || strchr("~*$?!@/\\;,.=:<>\"&`'+", c2) != NULL;
}

static bool interpolation_follows(const struct lexer *lx, int term)
{
    return lex_peekc(lx, 0) == '{' || dvar_follows(lx, term);
}

/* Reads literal text up to its terminator, an interpolation or (%w) a space,
   none of which is consumed.  Returns the character that stopped it, or -1
   at the end of the file. */
static int tokadd_string(struct lexer *lx, int func, int term, int paren, int *nest)
{
    int c;
    while ((c = lex_nextc(lx)) != -1) {
        if (paren && c == paren) {
            ++*nest;
        } else if (c == term) {
            if (!nest || !*nest) {
                lex_pushback(lx, c);
                break;
            }
            --*nest;
        } else if ((func & STR_FUNC_EXPAND) && c == '#' && interpolation_follows(lx, term)) {
            lex_pushback(lx, c);
            break;
        } else if (c == '\\') {
            string_escape(lx, func, term, paren);
            continue;
        } else if ((func & STR_FUNC_QWORDS) && lex_isspace(c)) {
            lex_pushback(lx, c);
            break;
        }
        lex_tokadd(lx, c);
    }
    return c;
}

static int content_token(struct lexer *lx, struct token *t)
{
    t->str = arena_strndup(lx->arena, lx->buf ? lx->buf : "", lx->blen);
    t->len = lx->blen;
    return tSTRING_CONTENT;
}

static int string_end(struct lexer *lx)
{
    lx->str.func = 0;
    lx->state = EXPR_END;
    return tSTRING_END;
}

/* '#' was read in an expanding literal: the start of an interpolation, or 0. */
static int interpolation(struct lexer *lx, int term)
{
    if (lex_peekc(lx, 0) == '{') {
        lex_nextc(lx);
        return tSTRING_DBEG;
    }
    return dvar_follows(lx, term) ? tSTRING_DVAR : 0;
}

static int regexp_options(struct lexer *lx, int line)
{
    int opts = 0, nbad = 0, c;
    char bad[32];
    while (c = lex_nextc(lx), c != -1 && isalpha(c)) {
        switch (c) {
        case 'i': opts |= RE_IGNORECASE; break;
        case 'x': opts |= RE_EXTENDED; break;
        case 'm': opts |= RE_MULTILINE; break;
        case 'o': opts |= RE_ONCE; break;
        case 'n': case 'e': case 's': case 'u':
            opts &= ~(RE_KCODE_NONE | RE_KCODE_EUC | RE_KCODE_SJIS | RE_KCODE_UTF8);
            opts |= c == 'n' ? RE_KCODE_NONE : c == 'e' ? RE_KCODE_EUC :
                    c == 's' ? RE_KCODE_SJIS : RE_KCODE_UTF8;
            break;
        default:
            if (nbad < 30) bad[nbad++] = (char)c;
        }
    }
    lex_pushback(lx, c);
    if (nbad) {
        bad[nbad] = '\0';
        lex_fail(lx, line, "unknown regexp option%s - %s", nbad > 1 ? "s" : "", bad);
    }
    return opts;
}

static NORETURN void unterminated(struct lexer *lx, const struct lex_strterm *st)
{
    lex_fail(lx, st->line, "unterminated %s meets end of file",
             (st->func & STR_FUNC_REGEXP) ? "regexp" : "string");
}

static int lex_heredoc(struct lexer *lx, struct token *t);

int lex_string_token(struct lexer *lx, struct token *t)
{
    struct lex_strterm *st = &lx->str;
    if (st->func & STR_FUNC_HEREDOC) return lex_heredoc(lx, t);
    if (st->func & STR_FUNC_DONE) return string_end(lx);
    int c = lex_nextc(lx);
    bool space = false;
    if ((st->func & STR_FUNC_QWORDS) && lex_isspace(c)) {
        do c = lex_nextc(lx); while (lex_isspace(c));
        space = true;
    }
    if (c == st->term && !st->nest) {
        if (st->func & STR_FUNC_QWORDS) {
            st->func |= STR_FUNC_DONE;
            return ' ';
        }
        if (!(st->func & STR_FUNC_REGEXP)) return string_end(lx);
        t->re_opts = regexp_options(lx, lx->line);
        string_end(lx);
        return tREGEXP_END;
    }
    if (space) {
        lex_pushback(lx, c);
        return ' ';
    }
    lx->blen = 0;
    if ((st->func & STR_FUNC_EXPAND) && c == '#') {
        int tok = interpolation(lx, st->term);
        if (tok) return tok;
        lex_tokadd(lx, '#');
    } else {
        lex_pushback(lx, c);
    }
    if (tokadd_string(lx, st->func, st->term, st->paren, &st->nest) == -1) unterminated(lx, st);
    return content_token(lx, t);
}

/* ================================================================ %-literals */

static int closing_of(int c)
{
    switch (c) {
    case '(': return ')';
    case '[': return ']';
    case '{': return '}';
    case '<': return '>';
    default: return 0;
    }
}

static void open_literal(struct lexer *lx, int func, int term, int line)
{
    int close = closing_of(term);
    lx->str = (struct lex_strterm){ .func = func, .term = close ? close : term,
                                    .paren = close ? term : 0, .line = line };
}

static void skip_spaces(struct lexer *lx)
{
    int c;
    do c = lex_nextc(lx); while (lex_isspace(c));
    lex_pushback(lx, c);
}

/* `%` in an operand position; c is the character after it. */
int lex_percent(struct lexer *lx, int c)
{
    int line = lx->line, term, kind;
    if (c == -1) lex_fail(lx, line, "unterminated quoted string meets end of file");
    if (!isalnum(c)) {
        term = c;
        kind = 'Q';
    } else {
        kind = c;
        term = lex_nextc(lx);
        if (term != -1 && (isalnum(term) || term >= 0x80))
            lex_fail(lx, line, "unknown type of %%string");
    }
    if (term == -1) lex_fail(lx, line, "unterminated quoted string meets end of file");
    switch (kind) {
    case 'Q': open_literal(lx, STR_DQUOTE, term, line); return tSTRING_BEG;
    case 'q': open_literal(lx, STR_SQUOTE, term, line); return tSTRING_BEG;
    case 'W': open_literal(lx, STR_DQUOTE | STR_FUNC_QWORDS, term, line); skip_spaces(lx); return tWORDS_BEG;
    case 'w': open_literal(lx, STR_SQUOTE | STR_FUNC_QWORDS, term, line); skip_spaces(lx); return tQWORDS_BEG;
    case 'x': open_literal(lx, STR_XQUOTE, term, line); return tXSTRING_BEG;
    case 'r': open_literal(lx, STR_REGEXP, term, line); return tREGEXP_BEG;
    case 's':
        open_literal(lx, STR_SSYM, term, line);
        lx->state = EXPR_FNAME;
        return tSYMBEG;
    default: lex_fail(lx, line, "unknown type of %%string");
    }
}

/* ================================================================ heredocs */

/* `<<` was read where an operand may start.  Returns tSTRING_BEG or
   tXSTRING_BEG and moves to the body, or 0 (nothing consumed) when no
   heredoc identifier follows. */
int lex_heredoc_start(struct lexer *lx)
{
    int line = lx->line, func = 0, c = lex_nextc(lx), quote = '"';
    size_t start, idlen;
    if (c == '-') {
        c = lex_nextc(lx);
        func = STR_FUNC_INDENT;
    }
    if (c == '\'' || c == '"' || c == '`') {
        quote = c;
        func |= c == '\'' ? STR_SQUOTE : STR_DQUOTE;
        start = lx->pos;
        while ((c = lex_nextc(lx)) != -1 && c != quote && c != '\n') {}
        if (c != quote) lex_fail(lx, line, "unterminated here document identifier");
        idlen = lx->pos - 1 - start;
    } else if (lex_is_identchar(c)) {
        func |= STR_DQUOTE;
        start = lx->pos - 1;
        do c = lex_nextc(lx); while (lex_is_identchar(c));
        lex_pushback(lx, c);
        idlen = lx->pos - start;
    } else {
        lex_pushback(lx, c);
        if (func & STR_FUNC_INDENT) lex_pushback(lx, '-');
        return 0;
    }
    lx->str = (struct lex_strterm){ .func = func | STR_FUNC_HEREDOC, .term = '\n', .line = line,
                                    .hd_id = lx->src + start, .hd_len = idlen,
                                    .resume_pos = lx->pos, .resume_line = lx->line };
    if (lx->hd_next) {          /* a second heredoc on the line: after the first body */
        lx->pos = lx->hd_next;
        lx->line = lx->hd_next_line;
        lx->hd_next = 0;
    } else {
        const char *nl = memchr(lx->src + lx->pos, '\n', lx->len - lx->pos);
        lx->pos = nl ? (size_t)(nl - lx->src) + 1 : lx->len;
        lx->line++;
    }
    return quote == '`' ? tXSTRING_BEG : tSTRING_BEG;
}

static bool heredoc_term_here(const struct lexer *lx, const struct lex_strterm *st)
{
    size_t i = lx->pos;
    if (i > 0 && lx->src[i - 1] != '\n') return false;
    if (st->func & STR_FUNC_INDENT)
        while (i < lx->len && (lx->src[i] == ' ' || lx->src[i] == '\t')) i++;
    if (lx->len - i < st->hd_len || memcmp(lx->src + i, st->hd_id, st->hd_len) != 0) return false;
    i += st->hd_len;
    if (i < lx->len && lx->src[i] == '\r') i++;
    return i == lx->len || lx->src[i] == '\n';
}

/* At the terminator line: go back to the line of `<<EOS`, which goes on
   after the terminator once it is over. */
static void heredoc_restore(struct lexer *lx)
{
    const struct lex_strterm *st = &lx->str;
    const char *nl = memchr(lx->src + lx->pos, '\n', lx->len - lx->pos);
    lx->hd_next = nl ? (size_t)(nl - lx->src) + 1 : lx->len;
    lx->hd_next_line = lx->line + 1;
    lx->pos = st->resume_pos;
    lx->line = st->resume_line;
    lx->nl_pending = false;
}

static NORETURN void heredoc_eof(struct lexer *lx)
{
    const struct lex_strterm *st = &lx->str;
    lex_fail(lx, st->line, "can't find string \"%.*s\" anywhere before EOF",
             (int)st->hd_len, st->hd_id);
}

/* After a body line: at the next line, is it the terminator? */
static bool heredoc_line_done(struct lexer *lx)
{
    if (lx->nl_pending) lex_newline(lx);
    if (lx->pos >= lx->len) heredoc_eof(lx);
    return heredoc_term_here(lx, &lx->str);
}

static int heredoc_finish(struct lexer *lx, struct token *t)
{
    heredoc_restore(lx);
    lx->str.func |= STR_FUNC_DONE;
    return content_token(lx, t);
}

/* <<'EOS': the lines as they are. */
static int heredoc_raw(struct lexer *lx, struct token *t)
{
    do {
        int c;
        while ((c = lex_nextc(lx)) != '\n') {
            if (c == -1) heredoc_eof(lx);
            lex_tokadd(lx, c);
        }
        if (lx->blen && lx->buf[lx->blen - 1] == '\r') lx->blen--;
        lex_tokadd(lx, '\n');
    } while (!heredoc_line_done(lx));
    return heredoc_finish(lx, t);
}

/* <<EOS, <<"EOS", <<`EOS`: escapes and interpolation, line by line. */
static int heredoc_expand(struct lexer *lx, struct token *t)
{
    struct lex_strterm *st = &lx->str;
    int c = lex_nextc(lx);
    if (c == -1) heredoc_eof(lx);
    if (c == '#') {
        int tok = interpolation(lx, '\n');
        if (tok) return tok;
        lex_tokadd(lx, '#');
    } else {
        lex_pushback(lx, c);
    }
    do {
        c = tokadd_string(lx, st->func, '\n', 0, NULL);
        if (c == -1) heredoc_eof(lx);
        if (c != '\n') return content_token(lx, t);   /* an interpolation follows */
        lex_tokadd(lx, lex_nextc(lx));
    } while (!heredoc_line_done(lx));
    return heredoc_finish(lx, t);
}

static int lex_heredoc(struct lexer *lx, struct token *t)
{
    if (lx->str.func & STR_FUNC_DONE) return string_end(lx);
    if (lx->pos >= lx->len) heredoc_eof(lx);
    if (heredoc_term_here(lx, &lx->str)) {
        heredoc_restore(lx);
        return string_end(lx);
    }
    lx->blen = 0;
    if (!(lx->str.func & STR_FUNC_EXPAND)) return heredoc_raw(lx, t);
    return heredoc_expand(lx, t);
}
