/* string_iter.c: String iterators: each_line (also each and lines: 1.8
 * Strings are Enumerable over their lines), each_byte/bytes,
 * each_char/chars (whole characters under a multibyte $KCODE), upto.
 * Without a block they return an Enumerator, as 1.8.7 does. */
#include <string.h>
#include "string_int.h"

static VALUE rs_default(void)
{
    return gvar_defined(ID_gv_rs) ? gvar_get(ID_gv_rs) : str_new("\n", 1);
}

static void yield_line(VALUE str, long beg, long end)
{
    const char *p = RSTRING_PTR(str);
    long len = RSTRING_LEN(str);
    VALUE line = str_new_like(str, p + beg, end - beg);
    str_infect(line, str);
    vm_yield1(line);
    str_mod_check(str, p, len);
}

/* paragraph mode (rs ""): a line ends after a run of two or more newlines */
static long each_paragraph(VALUE str)
{
    long s = 0, len = RSTRING_LEN(str);
    for (long p = 0; p < len; p++) {
        const char *b = RSTRING_PTR(str);
        if (b[p] == '\n') {
            if (b[++p] != '\n') continue;
            while (p < len && b[p] == '\n') p++;
        }
        if (p > 0 && b[p - 1] == '\n') {
            yield_line(str, s, p);
            s = p;
        }
    }
    return s;
}

/* lines ending in rs; memchr finds the candidates */
static long each_sep(VALUE str, VALUE rs)
{
    long s = 0, len = RSTRING_LEN(str), rslen = RSTRING_LEN(rs);
    int newline = (unsigned char)RSTRING_PTR(rs)[rslen - 1];
    long p = rslen;
    while (p < len) {
        const char *b = RSTRING_PTR(str);
        const char *hit = memchr(b + p - 1, newline, (size_t)(len - p + 1));
        if (!hit) break;
        long e = hit - b + 1;
        if (e >= len) break;
        if (rslen <= 1 || memcmp(RSTRING_PTR(rs), b + e - rslen, (size_t)rslen) == 0) {
            yield_line(str, s, e);
            s = e;
        }
        p = e + 1;
    }
    return s;
}

static VALUE s_each_line(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    if (!vm_block_given()) return enumerator_for(self, "each_line", argc, argv);
    VALUE rs = argc ? argv[0] : rs_default();
    if (NIL_P(rs)) {
        vm_yield1(self);
        return self;
    }
    rs = conv_to_str(rs);
    long s = RSTRING_LEN(rs) == 0 ? each_paragraph(self) : each_sep(self, rs);
    if (s < RSTRING_LEN(self)) yield_line(self, s, RSTRING_LEN(self));
    return self;
}

static VALUE s_each_byte(VALUE self, int argc, const VALUE *argv)
{
    if (!vm_block_given()) return enumerator_for(self, "each_byte", 0, NULL);
    for (long i = 0; i < RSTRING_LEN(self); i++)
        vm_yield1(INT2FIX((unsigned char)RSTRING_PTR(self)[i]));
    return self;
}

/* a character is one byte, or a whole multibyte one under $KCODE */
static VALUE s_each_char(VALUE self, int argc, const VALUE *argv)
{
    if (!vm_block_given()) return enumerator_for(self, "each_char", 0, NULL);
    long n;
    for (long i = 0; i < RSTRING_LEN(self); i += n) {
        n = re_mbclen(RSTRING_PTR(self) + i, RSTRING_LEN(self) - i);
        vm_yield1(str_new_like(self, RSTRING_PTR(self) + i, n));
    }
    return self;
}

static VALUE s_upto(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    if (!vm_block_given()) return enumerator_for(self, "upto", argc, argv);
    VALUE end = conv_to_str(argv[0]);
    bool excl = argc == 2 && RTEST(argv[1]);
    int n = str_cmp(self, end);
    if (n > 0 || (excl && n == 0)) return self;
    VALUE after_end = vm_call0(end, ID_succ);
    VALUE cur = self;
    while (!str_equal(cur, after_end)) {
        vm_yield1(cur);
        if (!excl && str_equal(cur, end)) break;
        cur = conv_to_str(vm_call0(cur, ID_succ));
        if (excl && str_equal(cur, end)) break;
        if (RSTRING_LEN(cur) > RSTRING_LEN(end) || RSTRING_LEN(cur) == 0) break;
    }
    return self;
}

void str_init_iter(VALUE c)
{
    define_method(c, "each_line", s_each_line, -1);
    define_method(c, "each", s_each_line, -1);
    define_method(c, "lines", s_each_line, -1);
    define_method(c, "each_byte", s_each_byte, 0);
    define_method(c, "bytes", s_each_byte, 0);
    define_method(c, "each_char", s_each_char, 0);
    define_method(c, "chars", s_each_char, 0);
    define_method(c, "upto", s_upto, -1);
}
