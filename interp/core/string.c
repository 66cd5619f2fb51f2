/* string.c: the String class core: allocation (embedded, heap and shared
 * copy-on-write buffers), appending, comparison, hashing, and the basic
 * methods (==, +, *, %, <<, replace, ...).  The other String methods live
 * in string_*.c; str_init installs them all.
 *
 * Layouts (value.h): up to STR_EMBED_MAX bytes live in the object slot.
 * Otherwise the bytes are in a malloc'd buffer (as.heap.ptr, aux.capa), or
 * belong to another, frozen string (STR_SHARED, aux.shared = the owner).
 * Owners never change their bytes, so sharing is safe; str_modify copies
 * before the first write.  Every string keeps a NUL after its last byte.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "string_int.h"

/* ------------------------------------------------------------ layout */
static inline long str_capa(VALUE s)
{
    if (FL_TEST(s, STR_EMBED)) return STR_EMBED_MAX;
    if (FL_TEST(s, STR_SHARED)) return RSTRING_LEN(s);
    return RSTRING(s)->as.heap.aux.capa;
}

static inline VALUE str_alloc(VALUE klass)
{
    VALUE s = gc_new_obj(T_STRING, klass);
    FL_SET(s, STR_EMBED);
    RSTRING(s)->len = 0;
    RSTRING(s)->as.ary[0] = '\0';
    return s;
}

static VALUE str_s_alloc(VALUE klass) { return str_alloc(klass); }

/* a new empty string of class klass with room for capa bytes */
static VALUE str_buf_new(VALUE klass, long capa)
{
    VALUE s = str_alloc(klass);
    if (capa > STR_EMBED_MAX) {
        char *p = xmalloc((size_t)capa + 1);
        gc_malloc_increase((size_t)capa + 1);
        p[0] = '\0';
        FL_UNSET(s, STR_EMBED);
        RSTRING(s)->as.heap.ptr = p;
        RSTRING(s)->as.heap.aux.capa = capa;
    }
    return s;
}

static VALUE str_new_class(VALUE klass, const char *ptr, long len)
{
    if (len < 0) exc_raise(vm.c.ArgumentError, "negative string size (or size too big)");
    VALUE s = str_buf_new(klass, len);
    char *p = RSTRING_PTR(s);
    if (ptr) memcpy(p, ptr, (size_t)len);
    else memset(p, 0, (size_t)len);
    str_set_len(s, len);
    return s;
}

VALUE str_new(const char *ptr, long len) { return str_new_class(vm.c.String, ptr, len); }
VALUE str_new_cstr(const char *s) { return str_new(s, (long)strlen(s)); }
/* Small capacities are only a hint: an embedded string grows when needed,
   which saves a malloc for the many short interpolation results. */
VALUE str_new_capa(long capa) { return str_buf_new(vm.c.String, capa <= 32 ? 0 : capa); }

VALUE str_new_like(VALUE like, const char *ptr, long len)
{
    VALUE klass = RBASIC(like)->klass;
    if (klass != vm.c.String) klass = obj_class(like);
    return str_new_class(klass, ptr, len);
}

/* The frozen string whose buffer str's bytes live in.  A mutable heap
   string hands its buffer to a new hidden frozen owner and becomes shared
   itself: the trick MRI calls str_new4. */
static VALUE str_owner(VALUE str)
{
    if (FL_TEST(str, STR_SHARED)) return RSTRING(str)->as.heap.aux.shared;
    if (FL_TEST(str, FL_FROZEN)) return str;
    VALUE o = gc_new_obj(T_STRING, vm.c.String);
    RSTRING(o)->len = RSTRING(str)->len;
    RSTRING(o)->as.heap.ptr = RSTRING(str)->as.heap.ptr;
    RSTRING(o)->as.heap.aux.capa = RSTRING(str)->as.heap.aux.capa;
    FL_SET(o, FL_FROZEN);
    FL_SET(str, STR_SHARED);
    RSTRING(str)->as.heap.aux.shared = o;
    return o;
}

VALUE str_new_shared_class(VALUE klass, VALUE str)
{
    long len = RSTRING_LEN(str);
    if (len <= STR_EMBED_MAX || FL_TEST(str, STR_EMBED))
        return str_new_class(klass, RSTRING_PTR(str), len);
    VALUE owner = str_owner(str);
    VALUE s = gc_new_obj(T_STRING, klass);
    FL_SET(s, STR_SHARED);
    RSTRING(s)->len = len;
    RSTRING(s)->as.heap.ptr = RSTRING(str)->as.heap.ptr;
    RSTRING(s)->as.heap.aux.shared = owner;
    return s;
}

VALUE str_new_shared(VALUE str) { return str_new_shared_class(vm.c.String, str); }

VALUE str_new_frozen(VALUE str)
{
    if (FL_TEST(str, FL_FROZEN)) return str;
    VALUE s = str_new_shared_class(obj_class(str), str);
    str_infect(s, str);
    FL_SET(s, FL_FROZEN);
    return s;
}

VALUE str_dup(VALUE str)
{
    VALUE s = str_new_shared_class(obj_class(str), str);
    str_infect(s, str);
    return s;
}

/* The shared string str gets its own copy of its bytes. */
static void str_make_independent(VALUE str, long capa)
{
    long len = RSTRING_LEN(str);
    const char *src = RSTRING(str)->as.heap.ptr;
    if (capa < len) capa = len;
    FL_UNSET(str, STR_SHARED);
    if (capa <= STR_EMBED_MAX) {
        FL_SET(str, STR_EMBED);
        memmove(RSTRING(str)->as.ary, src, (size_t)len);
    } else {
        char *p = xmalloc((size_t)capa + 1);
        gc_malloc_increase((size_t)capa + 1);
        memcpy(p, src, (size_t)len);
        RSTRING(str)->as.heap.ptr = p;
        RSTRING(str)->as.heap.aux.capa = capa;
    }
    str_set_len(str, len);
}

void str_check_frozen(VALUE str)
{
    if (FL_TEST(str, FL_FROZEN)) exc_frozen(str);
    SAFE_CHECK_MODIFY(str, "string");
}

static NOINLINE void str_modify_slow(VALUE str)
{
    str_check_frozen(str);
    if (FL_TEST(str, STR_SHARED)) str_make_independent(str, RSTRING_LEN(str));
}

void str_modify(VALUE str)
{
    if (UNLIKELY(FL_TEST(str, FL_FROZEN | STR_SHARED) | (vm_safe_max >= 4))) str_modify_slow(str);
}

/* Make room for capa bytes in a writable (modified) string. */
static void str_set_capa(VALUE str, long capa)
{
    if (FL_TEST(str, STR_EMBED)) {
        if (capa <= STR_EMBED_MAX) return;
        char *p = xmalloc((size_t)capa + 1);
        memcpy(p, RSTRING(str)->as.ary, (size_t)RSTRING_LEN(str) + 1);
        FL_UNSET(str, STR_EMBED);
        RSTRING(str)->as.heap.ptr = p;
    } else {
        RSTRING(str)->as.heap.ptr = xrealloc(RSTRING(str)->as.heap.ptr, (size_t)capa + 1);
    }
    gc_malloc_increase((size_t)capa + 1);
    RSTRING(str)->as.heap.aux.capa = capa;
}

static void str_grow(VALUE str, long need)
{
    long capa = str_capa(str);
    long ncapa = capa * 2;
    if (ncapa < need) ncapa = need;
    if (ncapa < 2 * STR_EMBED_MAX) ncapa = 2 * STR_EMBED_MAX + 1;
    str_set_capa(str, ncapa);
}

void str_reserve(VALUE str, long capa)
{
    str_modify(str);
    if (capa > str_capa(str)) str_set_capa(str, capa);
}

void str_resize(VALUE str, long len)
{
    if (len < 0) exc_raise(vm.c.ArgumentError, "negative string size (or size too big)");
    str_modify(str);
    if (len > str_capa(str)) str_set_capa(str, len);
    str_set_len(str, len);
}

/* ------------------------------------------------------------ appending */
VALUE str_cat(VALUE str, const char *ptr, long len)
{
    str_modify(str);
    if (len <= 0) return str;
    long olen = RSTRING_LEN(str);
    long total = olen + len;
    if (total > str_capa(str)) {
        const char *old = RSTRING_PTR(str);
        bool inside = ptr >= old && ptr <= old + olen;
        ptrdiff_t off = ptr - old;
        str_grow(str, total);
        if (inside) ptr = RSTRING_PTR(str) + off;
    }
    char *p = RSTRING_PTR(str);
    memcpy(p + olen, ptr, (size_t)len);
    RSTRING(str)->len = total;
    p[total] = '\0';
    return str;
}

VALUE str_cat_cstr(VALUE str, const char *s) { return str_cat(str, s, (long)strlen(s)); }

VALUE str_append(VALUE str, VALUE other)
{
    if (!STRING_P(other)) other = conv_to_str(other);
    str_cat(str, RSTRING_PTR(other), RSTRING_LEN(other));
    str_infect(str, other);
    return str;
}

VALUE str_vnew_fmt(const char *fmt, va_list ap)
{
    char buf[256];
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    VALUE s;
    if (n < 0) n = 0;
    if ((size_t)n < sizeof buf) {
        s = str_new(buf, n);
    } else {
        s = str_new(NULL, n);
        vsnprintf(RSTRING_PTR(s), (size_t)n + 1, fmt, ap2);
    }
    va_end(ap2);
    return s;
}

VALUE str_new_fmt(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    VALUE s = str_vnew_fmt(fmt, ap);
    va_end(ap);
    return s;
}

VALUE str_cat_fmt(VALUE str, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    VALUE s = str_vnew_fmt(fmt, ap);
    va_end(ap);
    return str_cat(str, RSTRING_PTR(s), RSTRING_LEN(s));
}

char *str_cstr(VALUE str) { return RSTRING_PTR(str); }

/* ------------------------------------------------------------ editing */
/* Replace bytes [beg, beg+len) by val's bytes (the caller checked). */
void str_update(VALUE str, long beg, long len, VALUE val)
{
    long vlen = RSTRING_LEN(val);
    long olen = RSTRING_LEN(str);
    long nlen = olen - len + vlen;
    if (val == str) val = str_new(RSTRING_PTR(val), vlen);
    str_modify(str);
    if (nlen > str_capa(str)) str_grow(str, nlen);
    char *p = RSTRING_PTR(str);
    if (vlen != len) memmove(p + beg + vlen, p + beg + len, (size_t)(olen - beg - len));
    memcpy(p + beg, RSTRING_PTR(val), (size_t)vlen);
    str_set_len(str, nlen);
    str_infect(str, val);
}

void str_splice(VALUE str, long beg, long len, VALUE val)
{
    if (len < 0) exc_raise(vm.c.IndexError, "negative length %ld", len);
    val = conv_to_str(val);
    str_modify(str);
    long slen = RSTRING_LEN(str);
    if (slen < beg || (beg < 0 && -beg > slen))
        exc_raise(vm.c.IndexError, "index %ld out of string", beg);
    if (beg < 0) beg += slen;
    if (slen < beg + len) len = slen - beg;
    str_update(str, beg, len, val);
}

/* str gets other's bytes; other is emptied (it is a temporary). */
void str_take_bytes(VALUE str, VALUE other)
{
    str_check_frozen(str);
    if (!FL_TEST(other, STR_EMBED | STR_SHARED)) {
        if (!FL_TEST(str, STR_EMBED | STR_SHARED)) free(RSTRING(str)->as.heap.ptr);
        FL_UNSET(str, STR_EMBED | STR_SHARED);
        RSTRING(str)->len = RSTRING(other)->len;
        RSTRING(str)->as.heap.ptr = RSTRING(other)->as.heap.ptr;
        RSTRING(str)->as.heap.aux.capa = RSTRING(other)->as.heap.aux.capa;
        FL_SET(other, STR_EMBED);
        RSTRING(other)->len = 0;
        RSTRING(other)->as.ary[0] = '\0';
    } else {
        if (FL_TEST(str, STR_SHARED)) {
            FL_UNSET(str, STR_SHARED);
            FL_SET(str, STR_EMBED);
            RSTRING(str)->len = 0;
        }
        str_resize(str, 0);
        str_cat(str, RSTRING_PTR(other), RSTRING_LEN(other));
    }
    str_infect(str, other);
}

/* ------------------------------------------------------------ comparison, hashing */
static inline uint64_t rotl64(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }

static inline uint64_t hash_mix(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return h;
}

/* murmur-style: eight bytes per step, then a final avalanche */
static uint64_t hash_bytes(const unsigned char *p, long n)
{
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ ((uint64_t)n * 0x87c37b91114253d5ULL);
    while (n >= 8) {
        uint64_t k;
        memcpy(&k, p, 8);
        k *= 0x87c37b91114253d5ULL;
        k = rotl64(k, 31);
        k *= 0x4cf5ad432745937fULL;
        h ^= k;
        h = rotl64(h, 27) * 5 + 0x52dce729;
        p += 8;
        n -= 8;
    }
    uint64_t k = 0;
    memcpy(&k, p, (size_t)n);
    h ^= k * 0x4cf5ad432745937fULL;
    return hash_mix(h);
}

long str_hash(VALUE str)
{
    return (long)(hash_bytes((const unsigned char *)RSTRING_PTR(str), RSTRING_LEN(str)) >> 2);
}

bool str_equal(VALUE a, VALUE b)
{
    long len = RSTRING_LEN(a);
    if (len != RSTRING_LEN(b)) return false;
    return memcmp(RSTRING_PTR(a), RSTRING_PTR(b), (size_t)len) == 0;
}

int str_cmp(VALUE a, VALUE b)
{
    long la = RSTRING_LEN(a), lb = RSTRING_LEN(b);
    int r = memcmp(RSTRING_PTR(a), RSTRING_PTR(b), (size_t)(la < lb ? la : lb));
    if (r) return r < 0 ? -1 : 1;
    return la == lb ? 0 : la < lb ? -1 : 1;
}

ID str_to_id(VALUE str)
{
    long len = RSTRING_LEN(str);
    const char *p = RSTRING_PTR(str);
    if (len == 0) exc_raise(vm.c.ArgumentError, "interning empty string");
    if (memchr(p, '\0', (size_t)len)) exc_raise(vm.c.ArgumentError, "symbol string may not contain `\\0'");
    return sym_intern(p, (size_t)len);
}

/* ------------------------------------------------------------ searching */
/* first occurrence of needle in hay, or NULL */
static const char *str_memmem(const char *hay, long hlen, const char *needle, long nlen)
{
    if (nlen == 0) return hay;
    if (nlen > hlen) return NULL;
    if (nlen == 1) return memchr(hay, needle[0], (size_t)hlen);
    return memmem(hay, (size_t)hlen, needle, (size_t)nlen);
}

long str_index(VALUE str, VALUE sub, long pos)
{
    long len = RSTRING_LEN(str), slen = RSTRING_LEN(sub);
    if (pos < 0) {
        pos += len;
        if (pos < 0) return -1;
    }
    if (len - pos < slen) return -1;
    if (slen == 0) return pos;
    const char *p = RSTRING_PTR(str);
    const char *hit = str_memmem(p + pos, len - pos, RSTRING_PTR(sub), slen);
    return hit ? hit - p : -1;
}

NORETURN void str_type_mismatch(VALUE obj)
{
    exc_raise(vm.c.TypeError, "type mismatch: %s given", obj_classname(obj));
}

/* ------------------------------------------------------------ building blocks */
VALUE str_plus(VALUE a, VALUE b)
{
    b = conv_to_str(b);
    long la = RSTRING_LEN(a), lb = RSTRING_LEN(b);
    VALUE s = str_buf_new(vm.c.String, la + lb);
    char *p = RSTRING_PTR(s);
    memcpy(p, RSTRING_PTR(a), (size_t)la);
    memcpy(p + la, RSTRING_PTR(b), (size_t)lb);
    str_set_len(s, la + lb);
    str_infect(s, a);
    str_infect(s, b);
    return s;
}

VALUE str_times(VALUE str, long n)
{
    long len = RSTRING_LEN(str);
    if (n < 0) exc_raise(vm.c.ArgumentError, "negative argument");
    if (n && len > LONG_MAX / n) exc_raise(vm.c.ArgumentError, "argument too big");
    long total = len * n;
    VALUE s = str_new_like(str, NULL, total);
    char *p = RSTRING_PTR(s);
    if (total) {
        /* doubling copies: log(n) memcpy calls */
        memcpy(p, RSTRING_PTR(str), (size_t)len);
        long done = len;
        while (done < total) {
            long chunk = done <= total - done ? done : total - done;
            memcpy(p + done, p, (size_t)chunk);
            done += chunk;
        }
    }
    str_infect(s, str);
    return s;
}

VALUE str_substr(VALUE str, long beg, long len)
{
    long slen = RSTRING_LEN(str);
    if (len < 0 || beg > slen) return Qnil;
    if (beg < 0) {
        beg += slen;
        if (beg < 0) return Qnil;
    }
    if (beg + len > slen) len = slen - beg;
    if (len < 0) len = 0;
    VALUE s;
    if (len > STR_EMBED_MAX && beg + len == slen && !FL_TEST(str, STR_EMBED)) {
        /* a suffix: share the buffer (keeps the NUL-terminated invariant) */
        s = str_new_shared_class(obj_class(str), str);
        RSTRING(s)->as.heap.ptr += slen - len;
        RSTRING(s)->len = len;
    } else {
        s = str_new_like(str, RSTRING_PTR(str) + beg, len);
    }
    str_infect(s, str);
    return s;
}

/* ------------------------------------------------------------ methods */
static VALUE s_replace(VALUE self, int argc, const VALUE *argv)
{
    VALUE other = conv_to_str(argv[0]);
    if (self == other) return self;
    str_modify(self);
    long len = RSTRING_LEN(other);
    if (len > STR_EMBED_MAX && !FL_TEST(other, STR_EMBED)) {
        VALUE owner = str_owner(other);
        if (!FL_TEST(self, STR_EMBED | STR_SHARED)) free(RSTRING(self)->as.heap.ptr);
        FL_UNSET(self, STR_EMBED);
        FL_SET(self, STR_SHARED);
        RSTRING(self)->len = len;
        RSTRING(self)->as.heap.ptr = RSTRING(other)->as.heap.ptr;
        RSTRING(self)->as.heap.aux.shared = owner;
    } else {
        str_resize(self, 0);
        str_cat(self, RSTRING_PTR(other), len);
    }
    str_infect(self, other);
    return self;
}

static VALUE s_initialize(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    if (argc == 1) s_replace(self, 1, argv);
    return self;
}

static VALUE s_to_s(VALUE self, int argc, const VALUE *argv)
{
    if (RBASIC(self)->klass == vm.c.String || obj_class(self) == vm.c.String) return self;
    VALUE s = str_new_shared(self);
    str_infect(s, self);
    return s;
}

static VALUE s_eq(VALUE self, int argc, const VALUE *argv)
{
    VALUE o = argv[0];
    if (self == o) return Qtrue;
    if (!STRING_P(o)) {
        if (!vm_respond_to(o, ID_to_str, false)) return Qfalse;
        return BOOL2V(obj_equal(o, self));
    }
    return BOOL2V(str_equal(self, o));
}

static VALUE s_eql(VALUE self, int argc, const VALUE *argv)
{
    return BOOL2V(STRING_P(argv[0]) && str_equal(self, argv[0]));
}

static VALUE s_hash(VALUE self, int argc, const VALUE *argv) { return INT2FIX(str_hash(self)); }

static VALUE s_cmp(VALUE self, int argc, const VALUE *argv)
{
    VALUE o = argv[0];
    if (STRING_P(o)) return INT2FIX(str_cmp(self, o));
    if (!vm_respond_to(o, ID_to_str, false) || !vm_respond_to(o, ID_cmp, false)) return Qnil;
    VALUE r = vm_call1(o, ID_cmp, self);
    if (NIL_P(r)) return Qnil;
    if (FIXNUM_P(r)) return int_new(-FIX2LONG(r));
    return vm_call1(INT2FIX(0), ID_minus, r);
}

static VALUE s_plus(VALUE self, int argc, const VALUE *argv) { return str_plus(self, argv[0]); }
static VALUE s_times(VALUE self, int argc, const VALUE *argv) { return str_times(self, num_to_long(argv[0])); }

static VALUE s_format(VALUE self, int argc, const VALUE *argv)
{
    VALUE ary = conv_check_ary(argv[0]);
    if (!NIL_P(ary)) return str_format((int)RARRAY_LEN(ary), RARRAY_PTR(ary), self);
    return str_format(1, argv, self);
}

static VALUE s_concat(VALUE self, int argc, const VALUE *argv)
{
    VALUE o = argv[0];
    if (FIXNUM_P(o) && FIX2LONG(o) >= 0 && FIX2LONG(o) <= 0xff) {
        char c = (char)FIX2LONG(o);
        return str_cat(self, &c, 1);
    }
    return str_append(self, o);
}

static VALUE s_length(VALUE self, int argc, const VALUE *argv) { return INT2FIX(RSTRING_LEN(self)); }
static VALUE s_empty_p(VALUE self, int argc, const VALUE *argv) { return BOOL2V(RSTRING_LEN(self) == 0); }

static VALUE s_inspect(VALUE self, int argc, const VALUE *argv) { return str_inspect(self); }

static VALUE s_intern(VALUE self, int argc, const VALUE *argv) { return ID2SYM(str_to_id(self)); }

static VALUE s_init_copy(VALUE self, int argc, const VALUE *argv)
{
    if (self == argv[0]) return self;
    obj_init_copy(self, argv[0]);
    return s_replace(self, 1, argv);
}

static VALUE s_match_op(VALUE self, int argc, const VALUE *argv)
{
    VALUE y = argv[0];
    if (STRING_P(y)) exc_raise(vm.c.TypeError, "type mismatch: String given");
    if (TYPE_P(y, T_REGEXP)) {
        long pos = re_search(y, self, 0, false);
        return pos < 0 ? Qnil : INT2FIX(pos);
    }
    return vm_call1(y, ID_match, self);
}

void str_init(void)
{
    /* init.c makes the class first so that early class names are Strings */
    if (!vm.c.String) vm.c.String = class_define("String", vm.c.Object);
    VALUE c = vm.c.String;
    class_set_allocator(c, str_s_alloc);
    module_include(c, vm.c.Comparable);
    module_include(c, vm.c.Enumerable);
    define_method(c, "initialize", s_initialize, -1);
    define_method(c, "initialize_copy", s_init_copy, 1);
    define_method(c, "replace", s_replace, 1);
    define_method(c, "to_s", s_to_s, 0);
    define_method(c, "to_str", s_to_s, 0);
    define_method(c, "==", s_eq, 1);
    define_method(c, "===", s_eq, 1);
    define_method(c, "eql?", s_eql, 1);
    define_method(c, "hash", s_hash, 0);
    define_method(c, "<=>", s_cmp, 1);
    define_method(c, "+", s_plus, 1);
    define_method(c, "*", s_times, 1);
    define_method(c, "%", s_format, 1);
    define_method(c, "<<", s_concat, 1);
    define_method(c, "concat", s_concat, 1);
    define_method(c, "length", s_length, 0);
    define_method(c, "size", s_length, 0);
    define_method(c, "bytesize", s_length, 0);
    define_method(c, "empty?", s_empty_p, 0);
    define_method(c, "inspect", s_inspect, 0);
    define_method(c, "intern", s_intern, 0);
    define_method(c, "to_sym", s_intern, 0);
    define_method(c, "=~", s_match_op, 1);
    str_init_access(c);
    str_init_case(c);
    str_init_tr(c);
    str_init_re(c);
    str_init_conv(c);
    str_init_iter(c);
    pack_init_methods();
}
