/* lex_number.c: numeric literals: 123, 1_000, 0x1f, 0b101, 0o17, 017, 0d99,
 * 1.5, 1e5, 1.5e-3.  Integers that do not fit a Fixnum keep their digits so
 * that the binder can make a Bignum; `1..5` and `5.times` are not floats.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include "lex.h"

static int digit_value(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return 99;
}

/* lx->buf holds the digits (no underscores). */
static int make_integer(struct lexer *lx, struct token *t, int base)
{
    uint64_t v = 0;
    bool over = false;
    for (size_t i = 0; i < lx->blen && !over; i++) {
        uint64_t d = (uint64_t)digit_value((unsigned char)lx->buf[i]);
        if (v > (UINT64_MAX - d) / (uint64_t)base) over = true;
        else v = v * (uint64_t)base + d;
    }
    t->uval = v;
    t->big = over;
    t->base = base;
    if (over || v > (uint64_t)FIXNUM_MAX)
        t->digits = arena_strndup(lx->arena, lx->buf, lx->blen);
    lx->state = EXPR_END;
    return tINTEGER;
}

static void trailing(struct lexer *lx, int nondigit, int line)
{
    lex_fail(lx, line, "trailing `%c' in number", nondigit);
}

/* Digits of a base after its prefix; c is the first character. */
static int scan_base(struct lexer *lx, struct token *t, int c, int base, bool lead_us, int line)
{
    int nondigit = 0;
    lx->blen = 0;
    if (c == '_' && !lead_us) lex_fail(lx, line, "numeric literal without digits");
    for (; c != -1; c = lex_nextc(lx)) {
        if (c == '_') {
            if (nondigit) break;
            nondigit = c;
        } else if (digit_value(c) < base) {
            nondigit = 0;
            lex_tokadd(lx, c);
        } else {
            break;
        }
    }
    lex_pushback(lx, c);
    if (lx->blen == 0) lex_fail(lx, line, "numeric literal without digits");
    if (nondigit) trailing(lx, nondigit, line);
    return make_integer(lx, t, base);
}

static int make_float(struct lexer *lx, struct token *t)
{
    lex_tokadd(lx, '\0');
    lx->blen--;
    errno = 0;
    t->fval = strtod(lx->buf, NULL);
    if (errno == ERANGE && (isinf(t->fval) || t->fval == 0.0)) lex_warn(lx, t->line, false, "Float %s out of range", lx->buf);
    lx->state = EXPR_END;
    return tFLOAT;
}

/* Returns the next character to look at, or -1 when the loop must stop
   (the character is then pushed back already). */
static int scan_exponent(struct lexer *lx, int c, int *nondigit, int line)
{
    if (*nondigit) trailing(lx, *nondigit, line);
    lex_tokadd(lx, c);
    *nondigit = c;
    c = lex_nextc(lx);
    if (c != '-' && c != '+') return c;
    lex_tokadd(lx, c);
    *nondigit = c;
    return lex_nextc(lx);
}

static int scan_decimal(struct lexer *lx, struct token *t, int c, int line)
{
    bool is_float = false, seen_point = false, seen_e = false;
    int nondigit = 0;
    lx->blen = 0;
    for (;;) {
        if (c >= '0' && c <= '9') {
            nondigit = 0;
            lex_tokadd(lx, c);
        } else if (c == '.') {
            if (nondigit) trailing(lx, nondigit, line);
            if (seen_point || seen_e) break;
            int c0 = lex_nextc(lx);
            if (!(c0 >= '0' && c0 <= '9')) {   /* 1..2, 5.times */
                lex_pushback(lx, c0);
                break;
            }
            lex_tokadd(lx, '.');
            lex_tokadd(lx, c0);
            is_float = seen_point = true;
        } else if (c == 'e' || c == 'E') {
            if (seen_e) break;
            seen_e = is_float = true;
            c = scan_exponent(lx, c, &nondigit, line);
            continue;
        } else if (c == '_') {
            if (nondigit) break;
            nondigit = c;
        } else {
            break;
        }
        c = lex_nextc(lx);
    }
    lex_pushback(lx, c);
    if (nondigit) trailing(lx, nondigit, line);
    return is_float ? make_float(lx, t) : make_integer(lx, t, 10);
}

/* c is the first digit (already read). */
int lex_number(struct lexer *lx, struct token *t, int c)
{
    int line = t->line;
    lx->state = EXPR_END;
    if (c != '0') return scan_decimal(lx, t, c, line);
    int c1 = lex_nextc(lx);
    switch (c1) {
    case 'x': case 'X': return scan_base(lx, t, lex_nextc(lx), 16, false, line);
    case 'b': case 'B': return scan_base(lx, t, lex_nextc(lx), 2, false, line);
    case 'd': case 'D': return scan_base(lx, t, lex_nextc(lx), 10, false, line);
    case 'o': case 'O': return scan_base(lx, t, lex_nextc(lx), 8, false, line);
    case '_': return scan_base(lx, t, c1, 8, true, line);
    case '8': case '9': lex_fail(lx, line, "Illegal octal digit");
    case '.': case 'e': case 'E':
        lex_pushback(lx, c1);
        return scan_decimal(lx, t, '0', line);
    }
    if (c1 >= '0' && c1 <= '7') return scan_base(lx, t, c1, 8, false, line);
    lex_pushback(lx, c1);
    t->uval = 0;
    return tINTEGER;
}
