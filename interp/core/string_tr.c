/* string_tr.c: character-set methods: tr, tr_s, delete, squeeze, count.
 * A set is written as in 1.8: ranges "a-z", a leading '^' negates (when
 * more follows), a backslash escapes the next character, a backwards range
 * is ignored.  delete/squeeze/count take several sets and use their
 * intersection. */
#include <string.h>
#include "string_int.h"
#include "byteset.h"

/* ------------------------------------------------------------ set walking */
struct tr {
    const unsigned char *p, *pend;
    int now, max;
    bool gen;            /* inside a range */
};

static void tr_start(struct tr *t, const char *p, long len)
{
    t->p = (const unsigned char *)p;
    t->pend = t->p + len;
    t->now = t->max = 0;
    t->gen = false;
}

/* the next character of the set, -1 at the end */
static int tr_next(struct tr *t)
{
    for (;;) {
        if (!t->gen) {
            if (t->p == t->pend) return -1;
            if (t->p < t->pend - 1 && *t->p == '\\') t->p++;
            t->now = *t->p++;
            if (t->p < t->pend - 1 && *t->p == '-') {
                t->p++;
                if (t->now > *t->p) {   /* backwards range: skipped */
                    t->p++;
                    continue;
                }
                t->gen = true;
                t->max = *t->p++;
            }
            return t->now;
        }
        if (++t->now < t->max) return t->now;
        t->gen = false;
        return t->max;
    }
}

/* table[c] &= (c in set); the tables hold 0 or 1, made once per call and
   read by byte loops */
static void tr_setup_table(VALUE set, unsigned char table[256], bool init)
{
    unsigned char buf[256];
    struct tr t;
    bool negate = RSTRING_LEN(set) > 1 && RSTRING_PTR(set)[0] == '^';
    tr_start(&t, RSTRING_PTR(set) + negate, RSTRING_LEN(set) - negate);
    if (init) memset(table, 1, 256);
    memset(buf, negate, sizeof buf);
    int c;
    while ((c = tr_next(&t)) >= 0) buf[c & 0xff] = !negate;
    for (int i = 0; i < 256; i++) table[i] &= buf[i];
}

static void sets_table(int argc, const VALUE *argv, unsigned char table[256])
{
    for (int i = 0; i < argc; i++) tr_setup_table(conv_to_str(argv[i]), table, i == 0);
}

/* ------------------------------------------------------------ tr, tr_s */
/* trans[c]: replacement of byte c, -1 if c is not translated */
static void tr_build(VALUE src, VALUE repl, int trans[256])
{
    struct tr ts, tr;
    bool negate = RSTRING_LEN(src) >= 2 && RSTRING_PTR(src)[0] == '^';
    tr_start(&ts, RSTRING_PTR(src) + negate, RSTRING_LEN(src) - negate);
    tr_start(&tr, RSTRING_PTR(repl), RSTRING_LEN(repl));
    int c;
    if (negate) {
        for (int i = 0; i < 256; i++) trans[i] = 1;
        while ((c = tr_next(&ts)) >= 0) trans[c & 0xff] = -1;
        while (tr_next(&tr) >= 0) { /* the last replacement character counts */ }
        for (int i = 0; i < 256; i++) if (trans[i] >= 0) trans[i] = tr.now;
    } else {
        for (int i = 0; i < 256; i++) trans[i] = -1;
        while ((c = tr_next(&ts)) >= 0) {
            int r = tr_next(&tr);
            if (r == -1) r = tr.now;
            trans[c & 0xff] = r;
        }
    }
}

static VALUE delete_bang(VALUE str, int argc, const VALUE *argv);

static VALUE tr_trans(VALUE str, VALUE src, VALUE repl, bool squeeze)
{
    src = conv_to_str(src);
    repl = conv_to_str(repl);
    if (RSTRING_LEN(str) == 0) return Qnil;
    if (RSTRING_LEN(repl) == 0) return delete_bang(str, 1, &src);
    int trans[256];
    tr_build(src, repl, trans);
    str_modify(str);
    unsigned char *s = (unsigned char *)RSTRING_PTR(str);
    long len = RSTRING_LEN(str);
    if (!squeeze) return bset_translate(trans, s, len) ? str : Qnil;
    bool modified = false;
    long t = 0;
    int last = -1;
    for (long i = 0; i < len; i++) {
        int c0 = s[i], c = trans[c0];
        if (c >= 0) {
            if (last == c) continue;
            last = c;
            s[t++] = (unsigned char)c;
            modified = true;
        } else {
            last = -1;
            s[t++] = (unsigned char)c0;
        }
    }
    if (t < len) {
        str_set_len(str, t);
        modified = true;
    }
    return modified ? str : Qnil;
}

static VALUE s_tr(VALUE self, int argc, const VALUE *argv)
{
    VALUE s = str_dup(self);
    tr_trans(s, argv[0], argv[1], false);
    return s;
}

static VALUE s_tr_bang(VALUE self, int argc, const VALUE *argv) { return tr_trans(self, argv[0], argv[1], false); }

static VALUE s_tr_s(VALUE self, int argc, const VALUE *argv)
{
    VALUE s = str_dup(self);
    tr_trans(s, argv[0], argv[1], true);
    return s;
}

static VALUE s_tr_s_bang(VALUE self, int argc, const VALUE *argv) { return tr_trans(self, argv[0], argv[1], true); }

/* ------------------------------------------------------------ delete, squeeze, count */
static VALUE delete_bang(VALUE str, int argc, const VALUE *argv)
{
    if (argc < 1) exc_raise(vm.c.ArgumentError, "wrong number of arguments");
    unsigned char table[256];
    sets_table(argc, argv, table);
    str_modify(str);
    unsigned char *s = (unsigned char *)RSTRING_PTR(str);
    long len = RSTRING_LEN(str), i = 0;
    while (i < len && !table[s[i]]) i++;      /* up to the first byte deleted: nothing moves */
    if (i == len) return Qnil;
    long t = i;
    for (; i < len; i++) {
        unsigned char c = s[i];
        s[t] = c;
        t += !table[c];
    }
    str_set_len(str, t);
    return str;
}

static VALUE s_delete_bang(VALUE self, int argc, const VALUE *argv) { return delete_bang(self, argc, argv); }

static VALUE s_delete(VALUE self, int argc, const VALUE *argv)
{
    VALUE s = str_dup(self);
    delete_bang(s, argc, argv);
    return s;
}

static VALUE squeeze_bang(VALUE str, int argc, const VALUE *argv)
{
    unsigned char table[256];
    if (argc == 0) memset(table, 1, sizeof table);
    else sets_table(argc, argv, table);
    str_modify(str);
    long len = RSTRING_LEN(str), t = bset_squeeze(table, (unsigned char *)RSTRING_PTR(str), len);
    if (t == len) return Qnil;
    str_set_len(str, t);
    return str;
}

static VALUE s_squeeze_bang(VALUE self, int argc, const VALUE *argv) { return squeeze_bang(self, argc, argv); }

static VALUE s_squeeze(VALUE self, int argc, const VALUE *argv)
{
    VALUE s = str_dup(self);
    squeeze_bang(s, argc, argv);
    return s;
}

static VALUE s_count(VALUE self, int argc, const VALUE *argv)
{
    if (argc < 1) exc_raise(vm.c.ArgumentError, "wrong number of arguments");
    unsigned char table[256];
    sets_table(argc, argv, table);
    const unsigned char *s = (const unsigned char *)RSTRING_PTR(self);
    long len = RSTRING_LEN(self), i = 0, n0 = 0, n1 = 0, n2 = 0, n3 = 0;
    for (; i + 4 <= len; i += 4) {      /* four sums: the loads do not wait on one add */
        n0 += table[s[i]];
        n1 += table[s[i + 1]];
        n2 += table[s[i + 2]];
        n3 += table[s[i + 3]];
    }
    for (; i < len; i++) n0 += table[s[i]];
    return INT2FIX(n0 + n1 + n2 + n3);
}

void str_init_tr(VALUE c)
{
    define_method(c, "tr", s_tr, 2);
    define_method(c, "tr!", s_tr_bang, 2);
    define_method(c, "tr_s", s_tr_s, 2);
    define_method(c, "tr_s!", s_tr_s_bang, 2);
    define_method(c, "delete", s_delete, -1);
    define_method(c, "delete!", s_delete_bang, -1);
    define_method(c, "squeeze", s_squeeze, -1);
    define_method(c, "squeeze!", s_squeeze_bang, -1);
    define_method(c, "count", s_count, -1);
}
