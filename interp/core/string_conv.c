/* string_conv.c: conversions between Strings and other values: numbers
 * (to_i, Integer(), hex, oct, to_f, Float()), the quoted forms (inspect,
 * dump), checksums (sum, crypt).  Parsing follows 1.8.7's rules:
 * underscores only between digits, 0x/0b/0o/0d prefixes where the base
 * allows them, leading whitespace, and strict checking for Integer() and
 * Float() ("badcheck"). */
#include "config.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef HAVE_CRYPT_H
#include <crypt.h>
#endif
#include "string_int.h"

/* ------------------------------------------------------------ inspect, dump */
/* The escape of byte c inside double quotes, or NULL if it stands as is. */
static const char *simple_escape(int c)
{
    switch (c) {
    case '\n': return "\\n";
    case '\r': return "\\r";
    case '\t': return "\\t";
    case '\f': return "\\f";
    case '\013': return "\\v";
    case '\010': return "\\b";
    case '\007': return "\\a";
    case 033: return "\\e";
    default: return NULL;
    }
}

/* "#{", "#$" and "#@" would interpolate: escape the '#'. */
static bool is_evstr(const unsigned char *p, const unsigned char *end)
{
    return p < end && (*p == '{' || *p == '$' || *p == '@');
}

/* bytes of the whole multibyte character at p (under $KCODE), 0 for a
   single byte or a character cut short by the end of the string */
static long mbchar_len(const unsigned char *p, const unsigned char *end)
{
    /* asked with one byte more than is left, re_mbclen returns that much
       exactly when the character does not fit */
    long l = re_mbclen((const char *)p, end - p + 1);
    return l > 1 && l <= end - p ? l : 0;
}

/* The double-quoted form: inspect keeps multibyte characters when mb
   (1.8.7 under a multibyte $KCODE), dump escapes every byte >= 0x80. */
static VALUE quote_bytes(VALUE result, const unsigned char *p, long len, bool mb)
{
    const unsigned char *end = p + len;
    char buf[8];
    long n;
    str_cat(result, "\"", 1);
    while (p < end) {
        const unsigned char *run = p;
        while (p < end && STR_ISPRINT(*p) && *p != '"' && *p != '\\' && *p != '#') p++;
        if (p > run) str_cat(result, (const char *)run, p - run);
        if (p >= end) break;
        if (mb && *p >= 0x80 && (n = mbchar_len(p, end)) > 0) {
            str_cat(result, (const char *)p, n);
            p += n;
            continue;
        }
        int c = *p++;
        const char *esc;
        if (c == '"' || c == '\\' || (c == '#' && is_evstr(p, end))) {
            buf[0] = '\\';
            buf[1] = (char)c;
            str_cat(result, buf, 2);
        } else if (c == '#') {
            str_cat(result, "#", 1);
        } else if ((esc = simple_escape(c)) != NULL) {
            str_cat(result, esc, 2);
        } else {
            snprintf(buf, sizeof buf, "\\%03o", c);
            str_cat(result, buf, 4);
        }
    }
    str_cat(result, "\"", 1);
    return result;
}

VALUE str_inspect(VALUE str)
{
    VALUE result = str_new_capa(RSTRING_LEN(str) + 2);
    quote_bytes(result, (const unsigned char *)RSTRING_PTR(str), RSTRING_LEN(str), str_kcode_mb());
    GC_GUARD(str);
    str_infect(result, str);
    return result;
}

/* String#dump: every byte >= 0x80 escaped, whatever $KCODE says */
VALUE str_dump(VALUE self)
{
    VALUE result = str_new_like(self, NULL, 0);
    str_reserve(result, RSTRING_LEN(self) + 2);
    quote_bytes(result, (const unsigned char *)RSTRING_PTR(self), RSTRING_LEN(self), false);
    GC_GUARD(self);
    str_infect(result, self);
    return result;
}

static VALUE s_dump(VALUE self, int argc, const VALUE *argv) { return str_dump(self); }

/* ------------------------------------------------------------ integers */
static int conv_digit(int c)
{
    if (STR_ISDIGIT(c)) return c - '0';
    if (STR_ISLOWER(c)) return c - 'a' + 10;
    if (STR_ISUPPER(c)) return c - 'A' + 10;
    return -1;
}

static NORETURN void invalid_value(VALUE str, const char *type)
{
    VALUE s = str_inspect(str);
    exc_raise(vm.c.ArgumentError, "invalid value for %s: %s", type, RSTRING_PTR(s));
}

/* The base a prefix selects (base <= 0: any prefix, default 8 after a
   zero, else -base or 10), and skips the prefix. */
static int pick_base(const char **sp, const char *end, int base)
{
    const char *s = *sp;
    char c1 = s + 1 < end ? s[1] : '\0';
    if (base <= 0) {
        if (s < end && s[0] == '0') {
            switch (c1) {
            case 'x': case 'X': base = 16; break;
            case 'b': case 'B': base = 2; break;
            case 'o': case 'O': base = 8; break;
            case 'd': case 'D': base = 10; break;
            default: base = 8;
            }
        } else if (base < -1) {
            base = -base;
        } else {
            base = 10;
        }
    }
    if (base < 2 || base > 36) exc_raise(vm.c.ArgumentError, "illegal radix %d", base);
    if (s < end && s[0] == '0') {
        bool skip = false;
        switch (base) {
        case 2: skip = c1 == 'b' || c1 == 'B'; break;
        case 8: skip = c1 == 'o' || c1 == 'O'; break;
        case 10: skip = c1 == 'd' || c1 == 'D'; break;
        case 16: skip = c1 == 'x' || c1 == 'X'; break;
        }
        if (skip) *sp = s + 2;
    }
    return base;
}

/* Squeeze leading zeros (with single underscores between them) but keep
   one zero if nothing else follows. */
static const char *skip_zeros(const char *s, const char *end)
{
    if (s >= end || *s != '0') return s;
    int us = 0;
    while (++s < end && (*s == '0' || *s == '_')) {
        if (*s == '_') {
            if (++us >= 2) break;
        } else {
            us = 0;
        }
    }
    if (s >= end || STR_ISSPACE(*s)) --s;
    return s;
}

/* value of clean digits (no underscores): small ones directly */
static VALUE digits_value(const char *digits, long n, int base, bool neg)
{
    if (n <= 12 || (base <= 16 && n <= 15)) {
        long v = 0;
        for (long i = 0; i < n; i++) v = v * base + conv_digit((unsigned char)digits[i]);
        return int_new(neg ? -v : v);
    }
    VALUE v = big_from_cstr(digits, base);
    return neg ? int_minus(INT2FIX(0), v) : v;
}

static VALUE cstr_to_inum(VALUE str, const char *s, const char *end, int base, bool badcheck)
{
    bool neg = false;
    while (s < end && STR_ISSPACE(*s)) s++;
    if (s < end && (*s == '+' || *s == '-')) neg = *s++ == '-';
    base = pick_base(&s, end, base);
    s = skip_zeros(s, end);
    int d = s < end ? conv_digit((unsigned char)*s) : -1;
    if (d < 0 || d >= base) {
        if (badcheck) invalid_value(str, "Integer");
        return INT2FIX(0);
    }
    VALUE buf = str_new(NULL, end - s + 1);   /* digits without underscores */
    char *out = RSTRING_PTR(buf);
    long n = 0;
    bool underscore = false;
    for (; s < end; s++) {
        int c = (unsigned char)*s;
        if (c == '_') {
            if (underscore) {
                if (badcheck) invalid_value(str, "Integer");
                break;
            }
            underscore = true;
            continue;
        }
        d = conv_digit(c);
        if (d < 0 || d >= base) break;
        underscore = false;
        out[n++] = (char)c;
    }
    out[n] = '\0';
    if (badcheck) {
        if (underscore) invalid_value(str, "Integer");
        while (s < end && STR_ISSPACE(*s)) s++;
        if (s < end) invalid_value(str, "Integer");
    }
    VALUE v = digits_value(out, n, base, neg);
    GC_GUARD(buf);
    return v;
}

VALUE str_to_inum(VALUE str, int base, bool badcheck)
{
    const char *p = RSTRING_PTR(str);
    long len = RSTRING_LEN(str);
    if (badcheck && memchr(p, '\0', (size_t)len))
        exc_raise(vm.c.ArgumentError, "string for Integer contains null byte");
    return cstr_to_inum(str, p, p + len, base, badcheck);
}

/* ------------------------------------------------------------ floats */
/* Copy a run of digits with underscores between them into out.  Returns
   the number of digits; *bad is set when badcheck and an underscore is
   misplaced. */
static long scan_digits(const char **sp, const char *end, char **out, bool badcheck, bool *bad)
{
    const char *s = *sp;
    long n = 0;
    while (s < end) {
        if (STR_ISDIGIT(*s)) {
            *(*out)++ = *s++;
            n++;
        } else if (*s == '_' && n > 0 && s + 1 < end && STR_ISDIGIT(s[1])) {
            s++;
        } else {
            if (*s == '_' && badcheck) *bad = true;
            break;
        }
    }
    *sp = s;
    return n;
}

/* Parse a Ruby float literal prefix of [s, end) into out (C syntax). */
static bool scan_float(const char **sp, const char *end, char *out, bool badcheck, bool *bad)
{
    const char *s = *sp;
    char *o = out;
    if (s < end && (*s == '+' || *s == '-')) *o++ = *s++;
    long n = scan_digits(&s, end, &o, badcheck, bad);
    if (s + 1 < end && *s == '.' && STR_ISDIGIT(s[1])) {
        *o++ = *s++;
        n += scan_digits(&s, end, &o, badcheck, bad);
    } else if (badcheck && s < end && *s == '.') {
        *bad = true;
    }
    if (n == 0) return false;
    if (s < end && (*s == 'e' || *s == 'E')) {
        const char *e = s + 1;
        char *eo = o;
        *eo++ = 'e';
        if (e < end && (*e == '+' || *e == '-')) *eo++ = *e++;
        if (scan_digits(&e, end, &eo, badcheck, bad) > 0) {
            s = e;
            o = eo;
        } else if (badcheck) {
            *bad = true;
        }
    }
    *o = '\0';
    *sp = s;
    return true;
}

double str_to_dbl(VALUE str, bool badcheck)
{
    const char *s = RSTRING_PTR(str), *end = s + RSTRING_LEN(str);
    if (badcheck && memchr(s, '\0', (size_t)RSTRING_LEN(str)))
        exc_raise(vm.c.ArgumentError, "string for Float contains null byte");
    while (s < end && STR_ISSPACE(*s)) s++;
    VALUE buf = str_new(NULL, end - s + 2);
    char *out = RSTRING_PTR(buf);
    bool bad = false;
    if (!scan_float(&s, end, out, badcheck, &bad)) {
        if (badcheck) invalid_value(str, "Float()");
        return 0.0;
    }
    if (badcheck) {
        while (s < end && STR_ISSPACE(*s)) s++;
        if (bad || s < end) invalid_value(str, "Float()");
    }
    errno = 0;
    double d = strtod(out, NULL);
    if (errno == ERANGE && (d > 1.0 || d < -1.0))
        exc_warn("Float %.*s%s out of range", 30, out, strlen(out) > 30 ? "..." : "");
    GC_GUARD(buf);
    return d;
}

/* ------------------------------------------------------------ methods */
static VALUE s_to_i(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    int base = argc ? num_to_int(argv[0]) : 10;
    if (base < 0) exc_raise(vm.c.ArgumentError, "illegal radix %d", base);
    return str_to_inum(self, base, false);
}

static VALUE s_to_f(VALUE self, int argc, const VALUE *argv) { return float_new(str_to_dbl(self, false)); }
static VALUE s_hex(VALUE self, int argc, const VALUE *argv) { return str_to_inum(self, 16, false); }
static VALUE s_oct(VALUE self, int argc, const VALUE *argv) { return str_to_inum(self, -8, false); }

static VALUE s_sum(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    long bits = argc ? num_to_long(argv[0]) : 16;
    const unsigned char *p = (const unsigned char *)RSTRING_PTR(self);
    unsigned long long sum = 0;
    for (long i = 0, n = RSTRING_LEN(self); i < n; i++) sum += p[i];
    if (bits > 0 && bits < 64) sum &= (1ULL << bits) - 1;
    return int_new_ull(sum);
}

static VALUE s_crypt(VALUE self, int argc, const VALUE *argv)
{
    VALUE salt = conv_to_str(argv[0]);
    if (RSTRING_LEN(salt) < 2) exc_raise(vm.c.ArgumentError, "salt too short(need >=2 bytes)");
#ifdef HAVE_CRYPT
    const char *r = crypt(RSTRING_PTR(self), RSTRING_PTR(salt));
    if (!r) exc_sys_fail("crypt");
    VALUE s = str_new_cstr(r);
    str_infect(s, self);
    str_infect(s, salt);
    return s;
#else
    exc_raise(vm.c.NotImplementedError, "crypt() function is unimplemented on this machine");
#endif
}

void str_init_conv(VALUE c)
{
    define_method(c, "dump", s_dump, 0);
    define_method(c, "to_i", s_to_i, -1);
    define_method(c, "to_f", s_to_f, 0);
    define_method(c, "hex", s_hex, 0);
    define_method(c, "oct", s_oct, 0);
    define_method(c, "sum", s_sum, -1);
    define_method(c, "crypt", s_crypt, 1);
}
