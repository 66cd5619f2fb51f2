/* pack.c: Array#pack and String#unpack, which share the template
 * language: a directive letter, an optional '_'/'!' (native size, after
 * sSiIlL), then a count or '*'.  Supported: a A Z b B h H c C s S i I l L
 * q Q n N v V U w x X @ m u M p P and the floats d D f F e E g G.
 * Whitespace is ignored and '#' starts a comment, as in 1.8.7; '%' is an
 * ArgumentError and other letters are ignored.
 *
 * p and P pack the address of a String's bytes; the packed String keeps
 * the Strings it points at (a hidden instance variable, so that a dup
 * keeps them too) and unpack gives back only those: any other address is
 * an ArgumentError, never a read of memory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "string_int.h"

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define NATIVE_BIG 1
#else
#define NATIVE_BIG 0
#endif

/* ------------------------------------------------------------ templates */
struct tmpl {
    const char *p, *end;
    char type;
    bool native, star;
    long len;
};

/* The next directive; false at the end.  dflt_star(type) gives the count
   a '*' means when the directive does not decide it itself. */
static bool next_directive(struct tmpl *t, long star_len, bool unpack)
{
    while (t->p < t->end) {
        char type = *t->p++;
        if (STR_ISSPACE(type)) continue;
        if (type == '#') {
            while (t->p < t->end && *t->p != '\n') t->p++;
            continue;
        }
        t->type = type;
        t->native = false;
        t->star = false;
        if (t->p < t->end && (*t->p == '_' || *t->p == '!')) {
            if (!strchr("sSiIlL", type))
                exc_raise(vm.c.ArgumentError, "'%c' allowed only after types sSiIlL", *t->p);
            t->native = true;
            t->p++;
        }
        if (t->p < t->end && *t->p == '*') {
            t->star = true;
            t->len = unpack ? star_len : strchr("@Xxu", type) ? 0 : strchr("PMm", type) ? 1 : star_len;
            t->p++;
        } else if (t->p < t->end && STR_ISDIGIT(*t->p)) {
            char *e;
            t->len = (long)strtoul(t->p, &e, 10);
            t->p = e;
        } else {
            /* 1.8.7: a directive ending the template counts 1, even '@' */
            t->len = unpack && t->p < t->end ? (type != '@') : 1;
        }
        if (type == '%') exc_raise(vm.c.ArgumentError, "%% is not supported");
        return true;
    }
    return false;
}

/* integer directives: size in bytes, signedness, byte order */
struct intspec {
    int size;
    bool sign;
    bool big;
};

static bool int_spec(char type, bool native, struct intspec *s)
{
    s->big = NATIVE_BIG;
    s->sign = STR_ISLOWER(type);
    switch (type) {
    case 'c': case 'C': s->size = 1; return true;
    case 's': case 'S': s->size = native ? (int)sizeof(short) : 2; return true;
    case 'i': case 'I': s->size = (int)sizeof(int); return true;
    case 'l': case 'L': s->size = native ? (int)sizeof(long) : 4; return true;
    case 'q': case 'Q': s->size = 8; return true;
    case 'n': s->size = 2; s->big = true; s->sign = false; return true;
    case 'N': s->size = 4; s->big = true; s->sign = false; return true;
    case 'v': s->size = 2; s->big = false; s->sign = false; return true;
    case 'V': s->size = 4; s->big = false; s->sign = false; return true;
    default: return false;
    }
}

/* float directives: size 4 or 8, byte order */
static bool float_spec(char type, struct intspec *s)
{
    s->sign = true;
    switch (type) {
    case 'f': case 'F': s->size = 4; s->big = NATIVE_BIG; return true;
    case 'd': case 'D': s->size = 8; s->big = NATIVE_BIG; return true;
    case 'e': s->size = 4; s->big = false; return true;
    case 'E': s->size = 8; s->big = false; return true;
    case 'g': s->size = 4; s->big = true; return true;
    case 'G': s->size = 8; s->big = true; return true;
    default: return false;
    }
}

static const char b64_table[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
static const char uu_table[] = "`!\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_";
static const char hex_upper[] = "0123456789ABCDEF";

/* ------------------------------------------------------------ pack */
struct packer {
    VALUE ary, res;
    long idx;
};

static VALUE next_item(struct packer *pk)
{
    if (pk->idx >= RARRAY_LEN(pk->ary)) exc_raise(vm.c.ArgumentError, "too few arguments");
    return RARRAY_PTR(pk->ary)[pk->idx++];
}

static long items_left(struct packer *pk) { return RARRAY_LEN(pk->ary) - pk->idx; }

static void fill_bytes(VALUE res, char c, long n)
{
    if (n <= 0) return;
    long len = RSTRING_LEN(res);
    str_resize(res, len + n);
    memset(RSTRING_PTR(res) + len, c, (size_t)n);
}

/* The low 64 bits of an Integer (two's complement), as 1.8.7's integer
   directives take it: through to_int (nil is a TypeError, a Symbol its
   to_i), at most 64 bits of magnitude. */
static uint64_t int_low64(VALUE v)
{
    v = conv_to_integer(v);
    if (FIXNUM_P(v)) return (uint64_t)FIX2LONG(v);
    if (mpz_sizeinbase(RBIGNUM(v)->mp, 2) > 64)
        exc_raise(vm.c.RangeError, "bignum too big to convert into `unsigned long'");
    mpz_t t;
    mpz_init(t);
    mpz_fdiv_r_2exp(t, RBIGNUM(v)->mp, 64);
    uint64_t r = (uint64_t)mpz_get_ui(t);
    mpz_clear(t);
    return r;
}

static void put_uint(VALUE res, uint64_t u, const struct intspec *s)
{
    char buf[8];
    for (int i = 0; i < s->size; i++) {
        int shift = 8 * (s->big ? s->size - 1 - i : i);
        buf[i] = (char)((u >> shift) & 0xff);
    }
    str_cat(res, buf, s->size);
}

static double float_value(VALUE v)
{
    if (FLOAT_P(v)) return RFLOAT_VALUE(v);
    if (STRING_P(v)) return str_to_dbl(v, true);
    if (NIL_P(v)) exc_raise(vm.c.TypeError, "can't convert nil into Float");
    return num_to_dbl(v);
}

static void put_float(VALUE res, double d, const struct intspec *s)
{
    uint64_t u;
    if (s->size == 4) {
        float f = (float)d;
        uint32_t w;
        memcpy(&w, &f, 4);
        u = w;
    } else {
        memcpy(&u, &d, 8);
    }
    put_uint(res, u, s);
}

static void pack_string(struct packer *pk, struct tmpl *t)
{
    VALUE from = next_item(pk);
    if (!NIL_P(from)) from = conv_to_str(from);
    const char *ptr = NIL_P(from) ? "" : RSTRING_PTR(from);
    long plen = NIL_P(from) ? 0 : RSTRING_LEN(from);
    long len = t->star ? plen : t->len;
    if (plen >= len) {
        str_cat(pk->res, ptr, len);
        if (t->star && t->type == 'Z') str_cat(pk->res, "", 1);
    } else {
        str_cat(pk->res, ptr, plen);
        fill_bytes(pk->res, t->type == 'A' ? ' ' : '\0', len - plen);
    }
    if (!NIL_P(from)) str_infect(pk->res, from);
}

/* b B h H: bit and nibble strings */
static void pack_bits(struct packer *pk, struct tmpl *t)
{
    VALUE from = next_item(pk);
    from = NIL_P(from) ? str_new(NULL, 0) : conv_to_str(from);   /* 1.8.7: nil is "" */
    const unsigned char *ptr = (const unsigned char *)RSTRING_PTR(from);
    long plen = RSTRING_LEN(from), len = t->star ? plen : t->len, pad = 0;
    bool bits = t->type == 'b' || t->type == 'B';
    if (len > plen) {
        pad = (len - plen + 1) / 2;
        len = plen;
    }
    int per = bits ? 8 : 2, byte = 0;
    for (long i = 0; i < len; i++) {
        int c = ptr[i], v;
        if (bits) v = c & 1;
        else v = STR_ISALPHA(c) ? ((c & 15) + 9) & 15 : c & 15;
        int slot = (int)(i % per);
        switch (t->type) {
        case 'b': byte |= v << slot; break;
        case 'B': byte |= v << (7 - slot); break;
        case 'h': byte |= v << (4 * slot); break;
        default: byte |= v << (4 * (1 - slot)); break;
        }
        if (slot == per - 1) {
            char ch = (char)byte;
            str_cat(pk->res, &ch, 1);
            byte = 0;
        }
    }
    if (len % per) {
        char ch = (char)byte;
        str_cat(pk->res, &ch, 1);
    }
    fill_bytes(pk->res, '\0', pad);
}

static void pack_utf8(VALUE res, VALUE v)
{
    long l = num_to_int(conv_to_integer(v));
    if (l < 0) exc_raise(vm.c.RangeError, "pack(U): value out of range");
    unsigned long u = (unsigned long)l;
    char buf[6];
    int n;
    if (u < 0x80) { buf[0] = (char)u; n = 1; }
    else {
        n = u < 0x800 ? 2 : u < 0x10000 ? 3 : u < 0x200000 ? 4 : u < 0x4000000 ? 5 : 6;
        for (int i = n - 1; i > 0; i--) {
            buf[i] = (char)(0x80 | (u & 0x3f));
            u >>= 6;
        }
        static const unsigned char lead[] = { 0, 0, 0xc0, 0xe0, 0xf0, 0xf8, 0xfc };
        buf[0] = (char)(lead[n] | u);
    }
    str_cat(res, buf, n);
}

/* BER-compressed integer: 7 bits per byte, high bit set on all but the last */
static void pack_ber(VALUE res, VALUE v)
{
    if (!BIGNUM_P(v)) v = INT2FIX(num_to_long(v));   /* 1.8.7: NUM2LONG unless a Bignum */
    bool neg = FIXNUM_P(v) ? FIX2LONG(v) < 0 : mpz_sgn(RBIGNUM(v)->mp) < 0;
    if (neg) exc_raise(vm.c.ArgumentError, "can't compress negative numbers");
    VALUE buf = str_new(NULL, 0);
    mpz_t z;
    mpz_init(z);
    if (FIXNUM_P(v)) mpz_set_si(z, FIX2LONG(v));
    else mpz_set(z, RBIGNUM(v)->mp);
    do {
        char c = (char)((mpz_get_ui(z) & 0x7f) | (RSTRING_LEN(buf) ? 0x80 : 0));
        str_cat(buf, &c, 1);
        mpz_fdiv_q_2exp(z, z, 7);
    } while (mpz_sgn(z) > 0);
    mpz_clear(z);
    for (long i = RSTRING_LEN(buf) - 1; i >= 0; i--) str_cat(res, RSTRING_PTR(buf) + i, 1);
}

/* one line of base64 or uuencode */
static void encodes(VALUE res, const unsigned char *s, long len, char type)
{
    const char *trans = type == 'u' ? uu_table : b64_table;
    char pad = type == 'u' ? '`' : '=';
    char buf[4];
    if (type == 'u') {
        buf[0] = (char)(len + ' ');
        str_cat(res, buf, 1);
    }
    for (; len > 0; s += 3, len -= 3) {
        int b0 = s[0], b1 = len > 1 ? s[1] : 0, b2 = len > 2 ? s[2] : 0;
        buf[0] = trans[b0 >> 2];
        buf[1] = trans[((b0 << 4) & 060) | (b1 >> 4)];
        buf[2] = len > 1 ? trans[((b1 << 2) & 074) | (b2 >> 6)] : pad;
        buf[3] = len > 2 ? trans[b2 & 077] : pad;
        str_cat(res, buf, 4);
    }
    str_cat(res, "\n", 1);
}

static void pack_base64(struct packer *pk, struct tmpl *t)
{
    VALUE from = conv_to_str(next_item(pk));
    long len = t->len <= 2 ? 45 : t->len / 3 * 3;
    long plen = RSTRING_LEN(from);
    for (long off = 0; off < plen; off += len) {
        long todo = plen - off < len ? plen - off : len;
        encodes(pk->res, (const unsigned char *)RSTRING_PTR(from) + off, todo, t->type);
    }
}

static void qpencode(VALUE res, VALUE from, long len)
{
    const unsigned char *s = (const unsigned char *)RSTRING_PTR(from);
    const unsigned char *send = s + RSTRING_LEN(from);
    long n = 0;
    int prev = -1;
    char buf[3];
    for (; s < send; s++) {
        if (*s > 126 || (*s < 32 && *s != '\n' && *s != '\t') || *s == '=') {
            buf[0] = '=';
            buf[1] = hex_upper[*s >> 4];
            buf[2] = hex_upper[*s & 15];
            str_cat(res, buf, 3);
            n += 3;
            prev = -1;
        } else if (*s == '\n') {
            if (prev == ' ' || prev == '\t') str_cat(res, "=\n", 2);
            str_cat(res, "\n", 1);
            n = 0;
            prev = *s;
        } else {
            str_cat(res, (const char *)s, 1);
            n++;
            prev = *s;
        }
        if (n > len) {
            str_cat(res, "=\n", 2);
            n = 0;
        }
    }
    if (n > 0) str_cat(res, "=\n", 2);
}

static void pack_move(VALUE res, struct tmpl *t)
{
    long len = t->len, cur = RSTRING_LEN(res);
    if (t->type == '@') len -= cur;
    if (t->type == 'x' || (t->type == '@' && len > 0)) {
        fill_bytes(res, '\0', len);
        return;
    }
    if (t->type == '@') len = -len;
    if (cur < len) exc_raise(vm.c.ArgumentError, "X outside of string");
    str_resize(res, cur - len);
}

/* ------------------------------------------------------------ p P */
static ID id_assoc;

/* the Strings a packed String points at (an Array), or nil */
static VALUE assoc_list(VALUE str) { return HEAP_P(str) ? ivar_get(str, id_assoc) : Qnil; }

static void pack_pointer(struct packer *pk)
{
    VALUE from = next_item(pk);
    const char *ptr = NULL;
    if (!NIL_P(from)) {
        from = conv_to_str(from);
        ptr = RSTRING_PTR(from);
        VALUE list = assoc_list(pk->res);
        if (NIL_P(list)) ivar_set(pk->res, id_assoc, list = ary_new());
        ary_push(list, from);
    }
    str_cat(pk->res, (const char *)&ptr, (long)sizeof ptr);
}

static void pack_one(struct packer *pk, struct tmpl *t)
{
    struct intspec is;
    if (int_spec(t->type, t->native, &is)) {
        for (long i = 0; i < t->len; i++) put_uint(pk->res, int_low64(next_item(pk)), &is);
        return;
    }
    if (float_spec(t->type, &is)) {
        for (long i = 0; i < t->len; i++) put_float(pk->res, float_value(next_item(pk)), &is);
        return;
    }
    switch (t->type) {
    case 'a': case 'A': case 'Z': pack_string(pk, t); break;
    case 'b': case 'B': case 'h': case 'H': pack_bits(pk, t); break;
    case 'U': for (long i = 0; i < t->len; i++) pack_utf8(pk->res, next_item(pk)); break;
    case 'w': for (long i = 0; i < t->len; i++) pack_ber(pk->res, next_item(pk)); break;
    case 'x': case 'X': case '@': pack_move(pk->res, t); break;
    case 'm': case 'u': pack_base64(pk, t); break;
    case 'M': qpencode(pk->res, obj_to_s(next_item(pk)), t->len <= 1 ? 72 : t->len); break;
    case 'P': pack_pointer(pk); break;    /* one pointer whatever the count */
    case 'p': for (long i = 0; i < t->len; i++) pack_pointer(pk); break;
    default: break;   /* 1.8.7 ignores unknown directives */
    }
}

static VALUE a_pack(VALUE self, int argc, const VALUE *argv)
{
    VALUE fmt = str_new_frozen(conv_to_str(argv[0]));
    struct packer pk = { self, obj_infect(str_new(NULL, 0), argv[0]), 0 };
    struct tmpl t = { RSTRING_PTR(fmt), RSTRING_PTR(fmt) + RSTRING_LEN(fmt), 0, false, false, 0 };
    while (next_directive(&t, items_left(&pk), false)) {
        if (t.star && strchr("aAZbBhH", t.type)) t.len = 0;   /* from the item's length */
        if (t.star && t.type == 'p') t.len = items_left(&pk);
        pack_one(&pk, &t);
    }
    GC_GUARD(fmt);
    return pk.res;
}

/* ------------------------------------------------------------ unpack */
struct unpacker {
    VALUE str, ary;
    VALUE orig;      /* the receiver: its p/P associations */
    long pos;        /* read position in str */
};

static long avail(struct unpacker *u) { return RSTRING_LEN(u->str) - u->pos; }
static const unsigned char *cur(struct unpacker *u) { return (const unsigned char *)RSTRING_PTR(u->str) + u->pos; }

static void push_str(struct unpacker *u, const void *p, long len)
{
    VALUE s = str_new(p, len);
    str_infect(s, u->str);
    ary_push(u->ary, s);
}

static void unpack_string(struct unpacker *u, struct tmpl *t)
{
    long len = t->star || t->len > avail(u) ? avail(u) : t->len;
    const unsigned char *s = cur(u);
    if (t->type == 'Z') {
        long n = 0;
        while (n < len && s[n]) n++;
        push_str(u, s, n);
        u->pos += t->star ? (n < avail(u) ? n + 1 : n) : len;
        return;
    }
    long n = len;
    if (t->type == 'A') while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\0')) n--;
    push_str(u, s, n);
    u->pos += len;
}

static void unpack_bits(struct unpacker *u, struct tmpl *t)
{
    bool bits = t->type == 'b' || t->type == 'B';
    long per = bits ? 8 : 2, len = t->len;
    if (t->star || len > avail(u) * per) len = avail(u) * per;
    VALUE s = str_new(NULL, len);
    char *o = RSTRING_PTR(s);
    const unsigned char *p = cur(u);
    for (long i = 0; i < len; i++) {
        int byte = p[i / per], slot = (int)(i % per);
        switch (t->type) {
        case 'b': o[i] = (byte >> slot) & 1 ? '1' : '0'; break;
        case 'B': o[i] = (byte >> (7 - slot)) & 1 ? '1' : '0'; break;
        case 'h': o[i] = "0123456789abcdef"[(byte >> (4 * slot)) & 15]; break;
        default: o[i] = "0123456789abcdef"[(byte >> (4 * (1 - slot))) & 15]; break;
        }
    }
    u->pos += (len + per - 1) / per;
    str_infect(s, u->str);
    ary_push(u->ary, s);
}

static uint64_t get_uint(const unsigned char *p, const struct intspec *s)
{
    uint64_t v = 0;
    for (int i = 0; i < s->size; i++) {
        int shift = 8 * (s->big ? s->size - 1 - i : i);
        v |= (uint64_t)p[i] << shift;
    }
    return v;
}

static VALUE int_value(uint64_t v, const struct intspec *s)
{
    if (s->sign) {
        int bits = 8 * s->size;
        if (bits < 64 && (v >> (bits - 1)) & 1) v |= ~0ULL << bits;
        return int_new((long)(int64_t)v);
    }
    return int_new_ull(v);
}

static VALUE float_value_of(uint64_t v, const struct intspec *s)
{
    if (s->size == 4) {
        uint32_t w = (uint32_t)v;
        float f;
        memcpy(&f, &w, 4);
        return float_new(f);
    }
    double d;
    memcpy(&d, &v, 8);
    return float_new(d);
}

/* fixed-size numbers: missing ones are nil when a count was given */
static void unpack_numbers(struct unpacker *u, struct tmpl *t, const struct intspec *is, bool fl)
{
    long have = avail(u) / is->size, len = t->len, missing = 0;
    if (t->star) len = have;
    if (len > have) {
        missing = len - have;
        len = have;
    }
    for (long i = 0; i < len; i++) {
        uint64_t v = get_uint(cur(u), is);
        ary_push(u->ary, fl ? float_value_of(v, is) : int_value(v, is));
        u->pos += is->size;
    }
    while (missing-- > 0) ary_push(u->ary, Qnil);
}

static NORETURN void malformed_utf8(const char *detail)
{
    exc_raise(vm.c.ArgumentError, "malformed UTF-8 character%s", detail);
}

static unsigned long utf8_decode(const unsigned char *p, long avail_len, long *used)
{
    unsigned long c = p[0];
    int n;
    if (c < 0x80) { *used = 1; return c; }
    if (!(c & 0x40)) malformed_utf8("");
    n = c < 0xe0 ? 2 : c < 0xf0 ? 3 : c < 0xf8 ? 4 : c < 0xfc ? 5 : c < 0xfe ? 6 : 0;
    if (n == 0) malformed_utf8("");
    if (n > avail_len) {
        char d[80];
        snprintf(d, sizeof d, " (expected %d bytes, given %ld bytes)", n, avail_len);
        malformed_utf8(d);
    }
    c &= (0x7fu >> n);
    for (int i = 1; i < n; i++) {
        if ((p[i] & 0xc0) != 0x80) malformed_utf8("");
        c = (c << 6) | (p[i] & 0x3f);
    }
    static const unsigned long mins[] = { 0, 0, 0x80, 0x800, 0x10000, 0x200000, 0x4000000 };
    if (c < mins[n]) exc_raise(vm.c.ArgumentError, "redundant UTF-8 sequence");
    *used = n;
    return c;
}

static void unpack_utf8(struct unpacker *u, struct tmpl *t)
{
    long len = t->star || t->len > avail(u) ? avail(u) : t->len;
    while (len > 0 && avail(u) > 0) {
        long used;
        unsigned long c = utf8_decode(cur(u), avail(u), &used);
        ary_push(u->ary, int_new_ull(c));
        u->pos += used;
        len--;
    }
}

static void unpack_ber(struct unpacker *u, struct tmpl *t)
{
    long len = t->star ? avail(u) : t->len;
    mpz_t z;
    mpz_init(z);
    while (len > 0 && avail(u) > 0) {
        int c = *cur(u);
        u->pos++;
        mpz_mul_2exp(z, z, 7);
        mpz_add_ui(z, z, (unsigned long)(c & 0x7f));
        if (!(c & 0x80)) {
            ary_push(u->ary, big_new_mpz(z));
            mpz_set_ui(z, 0);
            len--;
        }
    }
    mpz_clear(z);
}

static int b64_value(int c)
{
    const char *p = c ? strchr(b64_table, c) : NULL;
    return p ? (int)(p - b64_table) : -1;
}

/* base64 as 1.8.7 decodes it: other bytes are skipped, '=' ends */
static void unpack_base64(struct unpacker *u)
{
    const unsigned char *s = cur(u), *send = s + avail(u);
    VALUE buf = str_new(NULL, (send - s) * 3 / 4 + 3);
    char *o = RSTRING_PTR(buf), *start = o;
    int a = -1, b = -1, c = 0, d;
    while (s < send) {
        a = b = c = d = -1;
        while (s < send && (a = b64_value(*s)) == -1) s++;
        if (s >= send) break;
        s++;
        while (s < send && (b = b64_value(*s)) == -1) s++;
        if (s >= send) break;
        s++;
        while (s < send && (c = b64_value(*s)) == -1 && *s != '=') s++;
        if (s >= send || *s == '=') break;
        s++;
        while (s < send && (d = b64_value(*s)) == -1 && *s != '=') s++;
        if (s >= send || *s == '=') break;
        s++;
        *o++ = (char)(a << 2 | b >> 4);
        *o++ = (char)(b << 4 | c >> 2);
        *o++ = (char)(c << 6 | d);
    }
    if (a != -1 && b != -1 && s < send && *s == '=') {
        *o++ = (char)(a << 2 | b >> 4);
        if (c != -1) *o++ = (char)(b << 4 | c >> 2);
    }
    str_set_len(buf, o - start);
    u->pos = RSTRING_LEN(u->str);
    str_infect(buf, u->str);
    ary_push(u->ary, buf);
}

static int uu_value(const unsigned char **s, const unsigned char *send)
{
    if (*s < send && **s >= ' ') return (*(*s)++ - ' ') & 077;
    return 0;
}

static void unpack_uu(struct unpacker *u)
{
    const unsigned char *s = cur(u), *send = s + avail(u);
    long cap = (send - s) * 3 / 4, total = 0;
    VALUE buf = str_new(NULL, cap + 3);
    char *o = RSTRING_PTR(buf);
    while (s < send && *s > ' ' && *s < 'a') {
        long len = (*s++ - ' ') & 077;
        total += len;
        if (total > cap) {
            len -= total - cap;
            total = cap;
        }
        while (len > 0) {
            long mlen = len > 3 ? 3 : len;
            int a = uu_value(&s, send), b = uu_value(&s, send);
            int c = uu_value(&s, send), d = uu_value(&s, send);
            char hunk[3] = { (char)(a << 2 | b >> 4), (char)(b << 4 | c >> 2), (char)(c << 6 | d) };
            memcpy(o, hunk, (size_t)mlen);
            o += mlen;
            len -= mlen;
        }
        if (s < send && *s == '\r') s++;
        if (s < send && *s == '\n') s++;
        else if (s < send && (s + 1 == send || s[1] == '\n')) s += 2;   /* checksum byte */
    }
    str_set_len(buf, total);
    u->pos = RSTRING_LEN(u->str);
    str_infect(buf, u->str);
    ary_push(u->ary, buf);
}

static int hex_value(int c)
{
    if (STR_ISDIGIT(c)) return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static void unpack_qp(struct unpacker *u)
{
    const unsigned char *s = cur(u), *send = s + avail(u);
    VALUE buf = str_new(NULL, send - s);
    char *o = RSTRING_PTR(buf), *start = o;
    for (; s < send; s++) {
        if (*s != '=') {
            *o++ = (char)*s;
            continue;
        }
        if (++s == send) break;
        if (s + 1 < send && *s == '\r' && s[1] == '\n') s++;
        if (*s != '\n') {
            int c1 = hex_value(*s), c2;
            if (c1 == -1 || ++s == send || (c2 = hex_value(*s)) == -1) break;
            *o++ = (char)(c1 << 4 | c2);
        }
    }
    str_set_len(buf, o - start);
    u->pos = RSTRING_LEN(u->str);
    str_infect(buf, u->str);
    ary_push(u->ary, buf);
}

/* A '*' count is what is left to read, for '@' and 'X' too (1.8.7). */
static void unpack_move(struct unpacker *u, struct tmpl *t)
{
    long len = t->star ? avail(u) : t->len;
    switch (t->type) {
    case 'x':
        if (len > avail(u)) exc_raise(vm.c.ArgumentError, "x outside of string");
        u->pos += len;
        break;
    case 'X':
        if (len > u->pos) exc_raise(vm.c.ArgumentError, "X outside of string");
        u->pos -= len;
        break;
    default:
        if (len > RSTRING_LEN(u->str)) exc_raise(vm.c.ArgumentError, "@ outside of string");
        u->pos = len;
        break;
    }
}

/* The String a packed address stands for, from the ones the packed String
   keeps: p gives that String, P the len bytes there (the String itself if
   it has no more).  Both come back tainted, as in 1.8.7. */
static VALUE unpack_pointer(struct unpacker *u, const char *addr, char type, long len)
{
    if (!addr) return Qnil;
    VALUE list = assoc_list(u->orig);
    if (!ARRAY_P(list)) exc_raise(vm.c.ArgumentError, "no associated pointer");
    for (long i = 0; i < RARRAY_LEN(list); i++) {
        VALUE s = RARRAY_PTR(list)[i];
        if (!STRING_P(s) || RSTRING_PTR(s) != addr) continue;
        if (type == 'P' && len < RSTRING_LEN(s)) s = str_new(addr, len);
        FL_SET(s, FL_TAINT);
        return s;
    }
    exc_raise(vm.c.ArgumentError, "non associated pointer");
}

static void unpack_pointers(struct unpacker *u, struct tmpl *t)
{
    long n = t->type == 'P' ? 1 : t->star ? avail(u) : t->len;
    long len = t->star ? avail(u) : t->len;
    while (n-- > 0 && avail(u) >= (long)sizeof(char *)) {
        const char *addr;
        memcpy(&addr, cur(u), sizeof addr);
        u->pos += (long)sizeof addr;
        ary_push(u->ary, unpack_pointer(u, addr, t->type, len));
    }
}

static void unpack_one(struct unpacker *u, struct tmpl *t)
{
    struct intspec is;
    if (int_spec(t->type, t->native, &is)) { unpack_numbers(u, t, &is, false); return; }
    if (float_spec(t->type, &is)) { unpack_numbers(u, t, &is, true); return; }
    switch (t->type) {
    case 'a': case 'A': case 'Z': unpack_string(u, t); break;
    case 'b': case 'B': case 'h': case 'H': unpack_bits(u, t); break;
    case 'U': unpack_utf8(u, t); break;
    case 'w': unpack_ber(u, t); break;
    case 'x': case 'X': case '@': unpack_move(u, t); break;
    case 'm': unpack_base64(u); break;
    case 'u': unpack_uu(u); break;
    case 'M': unpack_qp(u); break;
    case 'p': case 'P': unpack_pointers(u, t); break;
    default: break;
    }
}

static VALUE s_unpack(VALUE self, int argc, const VALUE *argv)
{
    VALUE fmt = str_new_frozen(conv_to_str(argv[0]));
    VALUE str = str_new_frozen(self);   /* the bytes stay put while we read */
    struct unpacker u = { str, ary_new(), self, 0 };
    struct tmpl t = { RSTRING_PTR(fmt), RSTRING_PTR(fmt) + RSTRING_LEN(fmt), 0, false, false, 0 };
    while (next_directive(&t, 0, true)) unpack_one(&u, &t);
    GC_GUARD(fmt);
    GC_GUARD(str);
    return u.ary;
}

void pack_init_methods(void)
{
    id_assoc = sym_intern_cstr("__pack_assoc__");
    define_method(vm.c.String, "unpack", s_unpack, 1);
}

/* Array does not exist yet when str_init runs: sprintf_init calls this. */
void pack_init_array(void)
{
    define_method(vm.c.Array, "pack", a_pack, 1);
}
