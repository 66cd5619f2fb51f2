/* string_case.c: String methods that rewrite a string byte by byte or trim
 * it: case changes (ASCII letters only; under a multibyte $KCODE whole
 * multibyte characters are stepped over, as 1.8.7 does), casecmp, succ,
 * justification, strip, chomp, chop, reverse.  The bang forms return nil
 * when nothing changed; the plain forms work on a copy. */
#include <string.h>
#include "string_int.h"

typedef bool (*str_bang_fn)(VALUE str);   /* edits in place; true if changed */

/* plain form: copy, edit, return the copy */
static VALUE on_copy(VALUE self, str_bang_fn fn)
{
    VALUE s = str_dup(self);
    fn(s);
    return s;
}

/* bang form: fn itself calls str_modify where 1.8 does (some methods do
   not complain about a frozen receiver they leave unchanged) */
static VALUE on_self(VALUE self, str_bang_fn fn)
{
    return fn(self) ? self : Qnil;
}

/* ------------------------------------------------------------ case */
static inline int up(int c) { return STR_ISLOWER(c) ? c - 32 : c; }
static inline int down(int c) { return STR_ISUPPER(c) ? c + 32 : c; }

/* Bytes of the character at p[i]: more than 1 for a multibyte character
   under $KCODE, which case changes leave alone (an SJIS trail byte may
   look like an ASCII letter). */
static inline long char_at(const char *p, long i, long n)
{
    return (p[i] & 0x80) ? re_mbclen(p + i, n - i) : 1;
}

static bool upcase(VALUE s)
{
    str_modify(s);
    bool changed = false;
    char *p = RSTRING_PTR(s);
    for (long i = 0, n = RSTRING_LEN(s), k; i < n; i += k) {
        k = char_at(p, i, n);
        if (k == 1 && STR_ISLOWER(p[i])) { p[i] = (char)(p[i] - 32); changed = true; }
    }
    return changed;
}

static bool downcase(VALUE s)
{
    str_modify(s);
    bool changed = false;
    char *p = RSTRING_PTR(s);
    for (long i = 0, n = RSTRING_LEN(s), k; i < n; i += k) {
        k = char_at(p, i, n);
        if (k == 1 && STR_ISUPPER(p[i])) { p[i] = (char)(p[i] + 32); changed = true; }
    }
    return changed;
}

static bool swapcase(VALUE s)
{
    str_modify(s);
    bool changed = false;
    char *p = RSTRING_PTR(s);
    for (long i = 0, n = RSTRING_LEN(s), k; i < n; i += k) {
        k = char_at(p, i, n);
        if (k > 1) continue;
        if (STR_ISUPPER(p[i])) { p[i] = (char)(p[i] + 32); changed = true; }
        else if (STR_ISLOWER(p[i])) { p[i] = (char)(p[i] - 32); changed = true; }
    }
    return changed;
}

static bool capitalize(VALUE s)
{
    str_modify(s);
    long n = RSTRING_LEN(s);
    if (n == 0) return false;
    bool changed = false;
    char *p = RSTRING_PTR(s);
    if (STR_ISLOWER(p[0])) { p[0] = (char)up(p[0]); changed = true; }
    for (long i = char_at(p, 0, n), k; i < n; i += k) {
        k = char_at(p, i, n);
        if (k == 1 && STR_ISUPPER(p[i])) { p[i] = (char)down(p[i]); changed = true; }
    }
    return changed;
}

static VALUE s_upcase(VALUE self, int argc, const VALUE *argv) { return on_copy(self, upcase); }
static VALUE s_upcase_bang(VALUE self, int argc, const VALUE *argv) { return on_self(self, upcase); }
static VALUE s_downcase(VALUE self, int argc, const VALUE *argv) { return on_copy(self, downcase); }
static VALUE s_downcase_bang(VALUE self, int argc, const VALUE *argv) { return on_self(self, downcase); }
static VALUE s_swapcase(VALUE self, int argc, const VALUE *argv) { return on_copy(self, swapcase); }
static VALUE s_swapcase_bang(VALUE self, int argc, const VALUE *argv) { return on_self(self, swapcase); }
static VALUE s_capitalize(VALUE self, int argc, const VALUE *argv) { return on_copy(self, capitalize); }
static VALUE s_capitalize_bang(VALUE self, int argc, const VALUE *argv) { return on_self(self, capitalize); }

static VALUE s_casecmp(VALUE self, int argc, const VALUE *argv)
{
    VALUE o = conv_to_str(argv[0]);
    const unsigned char *a = (const unsigned char *)RSTRING_PTR(self);
    const unsigned char *b = (const unsigned char *)RSTRING_PTR(o);
    long la = RSTRING_LEN(self), lb = RSTRING_LEN(o);
    long n = la < lb ? la : lb;
    for (long i = 0; i < n; i++) {
        int ca = down(a[i]), cb = down(b[i]);
        if (ca != cb) return INT2FIX(ca < cb ? -1 : 1);
    }
    return INT2FIX(la == lb ? 0 : la < lb ? -1 : 1);
}

/* ------------------------------------------------------------ succ */
/* Increment one alphanumeric in place; returns the carry character
   ('1', 'a', 'A') or 0 when there is no carry. */
static int succ_char(char *s)
{
    char c = *s;
    if (c >= '0' && c < '9') (*s)++;
    else if (c == '9') { *s = '0'; return '1'; }
    else if (c >= 'a' && c < 'z') (*s)++;
    else if (c == 'z') { *s = 'a'; return 'a'; }
    else if (c >= 'A' && c < 'Z') (*s)++;
    else if (c == 'Z') { *s = 'A'; return 'A'; }
    return 0;
}

static bool succ(VALUE str)
{
    str_modify(str);
    long len = RSTRING_LEN(str);
    if (len == 0) return true;
    char *sbeg = RSTRING_PTR(str);
    char *s = sbeg + len - 1;
    int c = -1;
    long carry_pos = 0;
    for (; sbeg <= s; s--) {
        if (STR_ISALNUM(*s)) {
            if ((c = succ_char(s)) == 0) break;
            carry_pos = s - sbeg;
        }
    }
    if (c == -1) {   /* no alphanumerics: increment bytes with carry */
        s = sbeg + len - 1;
        c = '\001';
        for (; sbeg <= s; s--) {
            if ((*(unsigned char *)s += 1) != 0) break;
        }
    }
    if (s < sbeg) {
        str_resize(str, len + 1);
        char *p = RSTRING_PTR(str);
        memmove(p + carry_pos + 1, p + carry_pos, (size_t)(len - carry_pos));
        p[carry_pos] = (char)c;
    }
    return true;
}

static VALUE s_succ(VALUE self, int argc, const VALUE *argv) { return on_copy(self, succ); }
static VALUE s_succ_bang(VALUE self, int argc, const VALUE *argv) { succ(self); return self; }

/* ------------------------------------------------------------ justification */
/* kind: 'l' ljust, 'r' rjust, 'c' center */
static VALUE justify(VALUE self, int argc, const VALUE *argv, char kind)
{
    arity_check(argc, 1, 2);
    long width = num_to_long(argv[0]);
    VALUE pad = argc == 2 ? conv_to_str(argv[1]) : Qnil;
    const char *f = NIL_P(pad) ? " " : RSTRING_PTR(pad);
    long flen = NIL_P(pad) ? 1 : RSTRING_LEN(pad);
    long len = RSTRING_LEN(self);
    if (flen == 0) exc_raise(vm.c.ArgumentError, "zero width padding");
    if (width < 0 || len >= width) return str_dup(self);
    VALUE res = str_new_like(self, NULL, width);
    char *p = RSTRING_PTR(res);
    long total = width - len;
    long left = kind == 'l' ? 0 : kind == 'r' ? total : total / 2;
    long right = total - left;
    for (long i = 0; i < left; i++) *p++ = f[i % flen];
    memcpy(p, RSTRING_PTR(self), (size_t)len);
    p += len;
    for (long i = 0; i < right; i++) *p++ = f[i % flen];
    str_infect(res, self);
    if (!NIL_P(pad)) str_infect(res, pad);
    return res;
}

static VALUE s_ljust(VALUE self, int argc, const VALUE *argv) { return justify(self, argc, argv, 'l'); }
static VALUE s_rjust(VALUE self, int argc, const VALUE *argv) { return justify(self, argc, argv, 'r'); }
static VALUE s_center(VALUE self, int argc, const VALUE *argv) { return justify(self, argc, argv, 'c'); }

/* ------------------------------------------------------------ strip */
static bool lstrip(VALUE s)
{
    const char *p = RSTRING_PTR(s);
    long len = RSTRING_LEN(s), i = 0;
    while (i < len && STR_ISSPACE(p[i])) i++;
    if (i == 0) return false;
    str_modify(s);
    char *q = RSTRING_PTR(s);
    memmove(q, q + i, (size_t)(len - i));
    str_set_len(s, len - i);
    return true;
}

static bool rstrip(VALUE s)
{
    const char *p = RSTRING_PTR(s);
    long len = RSTRING_LEN(s), t = len;
    while (t > 0 && (p[t - 1] == '\0' || STR_ISSPACE(p[t - 1]))) t--;
    if (t == len) return false;
    str_modify(s);
    str_set_len(s, t);
    return true;
}

static bool strip(VALUE s)
{
    bool l = lstrip(s);
    bool r = rstrip(s);
    return l || r;
}

static VALUE s_lstrip(VALUE self, int argc, const VALUE *argv) { return on_copy(self, lstrip); }
static VALUE s_rstrip(VALUE self, int argc, const VALUE *argv) { return on_copy(self, rstrip); }
static VALUE s_strip(VALUE self, int argc, const VALUE *argv) { return on_copy(self, strip); }
static VALUE s_lstrip_bang(VALUE self, int argc, const VALUE *argv) { return on_self(self, lstrip); }
static VALUE s_rstrip_bang(VALUE self, int argc, const VALUE *argv) { return on_self(self, rstrip); }
static VALUE s_strip_bang(VALUE self, int argc, const VALUE *argv) { return on_self(self, strip); }

/* ------------------------------------------------------------ chomp, chop */
/* $/ (the input record separator), "\n" until io.c defines it */
static VALUE rs_default(void)
{
    return gvar_defined(ID_gv_rs) ? gvar_get(ID_gv_rs) : str_new("\n", 1);
}

/* how many trailing bytes chomp(rs) removes */
static long chomp_len(VALUE str, VALUE rs)
{
    const char *p = RSTRING_PTR(str);
    long len = RSTRING_LEN(str);
    if (len == 0 || NIL_P(rs)) return 0;
    rs = conv_to_str(rs);
    long rslen = RSTRING_LEN(rs);
    if (rslen == 0) {   /* paragraph mode: every trailing newline */
        long t = len;
        while (t > 0 && p[t - 1] == '\n') {
            t--;
            if (t > 0 && p[t - 1] == '\r') t--;
        }
        return len - t;
    }
    if (rslen == 1 && RSTRING_PTR(rs)[0] == '\n') {
        if (p[len - 1] == '\n') return len > 1 && p[len - 2] == '\r' ? 2 : 1;
        return p[len - 1] == '\r' ? 1 : 0;
    }
    if (len >= rslen && memcmp(p + len - rslen, RSTRING_PTR(rs), (size_t)rslen) == 0) return rslen;
    return 0;
}

static VALUE chomp_bang(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    VALUE rs = argc ? argv[0] : rs_default();
    long n = chomp_len(self, rs);
    if (n == 0) return Qnil;
    str_modify(self);
    str_set_len(self, RSTRING_LEN(self) - n);
    return self;
}

static VALUE s_chomp_bang(VALUE self, int argc, const VALUE *argv)
{
    /* 1.8.7: chomp! checks at once, chomp!(rs) only when it would change */
    if (argc == 0 && RSTRING_LEN(self) > 0) str_check_frozen(self);
    return chomp_bang(self, argc, argv);
}

static VALUE s_chomp(VALUE self, int argc, const VALUE *argv)
{
    VALUE s = str_dup(self);
    chomp_bang(s, argc, argv);
    return s;
}

static bool chop(VALUE s)
{
    long len = RSTRING_LEN(s);
    if (len == 0) return false;
    str_modify(s);
    const char *p = RSTRING_PTR(s);
    long n = (len >= 2 && p[len - 1] == '\n' && p[len - 2] == '\r') ? 2 : 1;
    str_set_len(s, len - n);
    return true;
}

static VALUE s_chop(VALUE self, int argc, const VALUE *argv) { return on_copy(self, chop); }
static VALUE s_chop_bang(VALUE self, int argc, const VALUE *argv) { return on_self(self, chop); }

/* ------------------------------------------------------------ reverse */
static VALUE s_reverse(VALUE self, int argc, const VALUE *argv)
{
    long len = RSTRING_LEN(self);
    VALUE s = str_new_like(self, NULL, len);
    const char *src = RSTRING_PTR(self);
    char *dst = RSTRING_PTR(s);
    for (long i = 0; i < len; i++) dst[i] = src[len - 1 - i];
    str_infect(s, self);
    return s;
}

static VALUE s_reverse_bang(VALUE self, int argc, const VALUE *argv)
{
    if (RSTRING_LEN(self) <= 1) return self;   /* nothing to change: no frozen check (1.8.7) */
    str_modify(self);
    char *p = RSTRING_PTR(self);
    for (long i = 0, j = RSTRING_LEN(self) - 1; i < j; i++, j--) {
        char t = p[i];
        p[i] = p[j];
        p[j] = t;
    }
    return self;
}

void str_init_case(VALUE c)
{
    define_method(c, "upcase", s_upcase, 0);
    define_method(c, "upcase!", s_upcase_bang, 0);
    define_method(c, "downcase", s_downcase, 0);
    define_method(c, "downcase!", s_downcase_bang, 0);
    define_method(c, "swapcase", s_swapcase, 0);
    define_method(c, "swapcase!", s_swapcase_bang, 0);
    define_method(c, "capitalize", s_capitalize, 0);
    define_method(c, "capitalize!", s_capitalize_bang, 0);
    define_method(c, "casecmp", s_casecmp, 1);
    define_method(c, "succ", s_succ, 0);
    define_method(c, "succ!", s_succ_bang, 0);
    define_method(c, "next", s_succ, 0);
    define_method(c, "next!", s_succ_bang, 0);
    define_method(c, "ljust", s_ljust, -1);
    define_method(c, "rjust", s_rjust, -1);
    define_method(c, "center", s_center, -1);
    define_method(c, "lstrip", s_lstrip, 0);
    define_method(c, "rstrip", s_rstrip, 0);
    define_method(c, "strip", s_strip, 0);
    define_method(c, "lstrip!", s_lstrip_bang, 0);
    define_method(c, "rstrip!", s_rstrip_bang, 0);
    define_method(c, "strip!", s_strip_bang, 0);
    define_method(c, "chomp", s_chomp, -1);
    define_method(c, "chomp!", s_chomp_bang, -1);
    define_method(c, "chop", s_chop, 0);
    define_method(c, "chop!", s_chop_bang, 0);
    define_method(c, "reverse", s_reverse, 0);
    define_method(c, "reverse!", s_reverse_bang, 0);
}
