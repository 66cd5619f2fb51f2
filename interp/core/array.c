/* array.c: Array storage, the ary_* C API the whole interpreter builds
 * argument lists and splats with, and Array's basic methods (access,
 * push/pop/shift, comparison, inspect/join, iteration).  The other
 * methods live in array_ops.c, array_sort.c and array_comb.c.
 *
 * Storage (layout in value.h, invariants in array.h): small arrays embed
 * their elements, bigger ones own an xmalloc'd buffer that grows by
 * doubling, and slices of big arrays share the buffer (copy on write).
 * shift takes an element off the front by advancing the pointer into a
 * buffer owned by a hidden root that only this array uses, so queues
 * (push + shift) and unshift are O(1) amortised.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "array.h"

#define ARY_MAX_SIZE (LONG_MAX / (long)sizeof(VALUE) / 2)
#define ARY_SHARE_MIN 16   /* slices shorter than this are copied, not shared */

/* ------------------------------------------------------------ storage */
static inline VALUE ary_root(VALUE ary) { return RARRAY(ary)->as.heap.aux.shared; }

static inline bool ary_sole_shared(VALUE ary)
{
    return FL_TEST(ary, ARY_SHARED) && FL_TEST(ary_root(ary), ARY_ROOT_SOLE);
}

static long grow_capa(long old, long need)
{
    long n = old < 4 ? 8 : old * 2;
    if (n < need) n = need;
    if (n > ARY_MAX_SIZE) {
        if (need > ARY_MAX_SIZE) exc_raise(vm.c.ArgumentError, "array size too big");
        n = ARY_MAX_SIZE;
    }
    return n;
}

static VALUE *buf_alloc(long capa)
{
    gc_malloc_increase((size_t)capa * sizeof(VALUE));
    return xmalloc((size_t)capa * sizeof(VALUE));
}

VALUE ary_alloc_class(VALUE klass, long capa)
{
    if (capa < 0) exc_raise(vm.c.ArgumentError, "negative array size (or size too big)");
    if (capa > ARY_MAX_SIZE) exc_raise(vm.c.ArgumentError, "array size too big");
    VALUE a = gc_new_obj(T_ARRAY, klass);
    RARRAY(a)->len = 0;
    if (capa <= ARY_EMBED_MAX) {
        FL_SET(a, ARY_EMBED);
    } else {
        RARRAY(a)->as.heap.ptr = buf_alloc(capa);
        RARRAY(a)->as.heap.aux.capa = capa;
    }
    return a;
}

VALUE ary_hidden_new(long capa) { return ary_alloc_class(0, capa); }

/* The class results of slices keep (1.8 keeps subclasses); 0 for hidden. */
static VALUE ary_klass(VALUE ary) { return RBASIC(ary)->klass ? obj_class(ary) : 0; }

/* Turn ary's own heap buffer into a hidden root both can point into. */
static VALUE ary_make_shared(VALUE ary, bool sole)
{
    if (FL_TEST(ary, ARY_SHARED)) {
        VALUE root = ary_root(ary);
        if (!sole) FL_UNSET(root, ARY_ROOT_SOLE);
        return root;
    }
    VALUE root = gc_new_obj(T_ARRAY, 0);
    RARRAY(root)->len = RARRAY_LEN(ary);
    RARRAY(root)->as.heap.ptr = RARRAY(ary)->as.heap.ptr;
    RARRAY(root)->as.heap.aux.capa = RARRAY(ary)->as.heap.aux.capa;
    FL_SET(root, FL_FROZEN | (sole ? ARY_ROOT_SOLE : 0));
    FL_SET(ary, ARY_SHARED);
    RARRAY(ary)->as.heap.aux.shared = root;
    return root;
}

/* Give ary a buffer of its own with room for capa elements. */
static void ary_unshare(VALUE ary, long capa)
{
    VALUE root = ary_root(ary);
    VALUE *p = RARRAY(ary)->as.heap.ptr;
    long len = RARRAY_LEN(ary);
    if (capa < len) capa = len;
    FL_UNSET(ary, ARY_SHARED);
    if (FL_TEST(root, ARY_ROOT_SOLE)) {
        /* nobody else sees the buffer: slide the elements down and take it */
        VALUE *buf = RARRAY(root)->as.heap.ptr;
        long rcapa = RARRAY(root)->as.heap.aux.capa;
        memmove(buf, p, (size_t)len * sizeof(VALUE));
        RARRAY(root)->len = 0;
        FL_SET(root, ARY_EMBED);
        if (capa > rcapa) {
            gc_malloc_increase((size_t)(capa - rcapa) * sizeof(VALUE));
            buf = xrealloc(buf, (size_t)capa * sizeof(VALUE));
            rcapa = capa;
        }
        RARRAY(ary)->as.heap.ptr = buf;
        RARRAY(ary)->as.heap.aux.capa = rcapa;
        return;
    }
    if (capa <= ARY_EMBED_MAX) {
        VALUE tmp[ARY_EMBED_MAX];
        memcpy(tmp, p, (size_t)len * sizeof(VALUE));
        FL_SET(ary, ARY_EMBED);
        memcpy(RARRAY(ary)->as.ary, tmp, (size_t)len * sizeof(VALUE));
        return;
    }
    VALUE *buf = buf_alloc(capa);
    memcpy(buf, p, (size_t)len * sizeof(VALUE));
    RARRAY(ary)->as.heap.ptr = buf;
    RARRAY(ary)->as.heap.aux.capa = capa;
    GC_GUARD(root);
}

/* A sole sharer may grow into the rest of its root's buffer. */
static bool sole_extend(VALUE ary, long need)
{
    VALUE root = ary_root(ary);
    VALUE *base = RARRAY(root)->as.heap.ptr;
    long off = RARRAY(ary)->as.heap.ptr - base;
    if (off + need > RARRAY(root)->as.heap.aux.capa) return false;
    for (long i = RARRAY_LEN(root); i < off + need; i++) base[i] = Qnil;
    if (RARRAY_LEN(root) < off + need) RARRAY(root)->len = off + need;
    return true;
}

/* Make ary own a writable buffer with room for need elements. */
static void ary_reserve(VALUE ary, long need)
{
    if (need > ARY_MAX_SIZE) exc_raise(vm.c.ArgumentError, "array size too big");
    long len = RARRAY_LEN(ary);
    if (FL_TEST(ary, ARY_SHARED)) {
        if (ary_sole_shared(ary) && sole_extend(ary, need)) return;
        ary_unshare(ary, need > len ? grow_capa(len, need) : len);
        return;
    }
    if (FL_TEST(ary, ARY_EMBED)) {
        if (need <= ARY_EMBED_MAX) return;
        long capa = grow_capa(ARY_EMBED_MAX, need);
        VALUE *buf = buf_alloc(capa);
        memcpy(buf, RARRAY(ary)->as.ary, (size_t)len * sizeof(VALUE));
        FL_UNSET(ary, ARY_EMBED);
        RARRAY(ary)->as.heap.ptr = buf;
        RARRAY(ary)->as.heap.aux.capa = capa;
        return;
    }
    long capa = RARRAY(ary)->as.heap.aux.capa;
    if (need <= capa) return;
    long n = grow_capa(capa, need);
    gc_malloc_increase((size_t)(n - capa) * sizeof(VALUE));
    RARRAY(ary)->as.heap.ptr = xrealloc(RARRAY(ary)->as.heap.ptr, (size_t)n * sizeof(VALUE));
    RARRAY(ary)->as.heap.aux.capa = n;
}

/* Drop the storage: ary becomes empty and embedded. */
static void ary_reset(VALUE ary)
{
    if (!FL_TEST(ary, ARY_EMBED | ARY_SHARED)) free(RARRAY(ary)->as.heap.ptr);
    FL_UNSET(ary, ARY_SHARED);
    FL_SET(ary, ARY_EMBED);
    RARRAY(ary)->len = 0;
}

void ary_check_frozen(VALUE ary)
{
    if (FL_TEST(ary, FL_FROZEN)) exc_frozen(ary);
    SAFE_CHECK_MODIFY(ary, "array");
}

void ary_modify(VALUE ary)
{
    ary_check_frozen(ary);
    if (FL_TEST(ary, ARY_SHARED) && !ary_sole_shared(ary)) ary_unshare(ary, RARRAY_LEN(ary));
}

/* Remove n elements from the front (n <= len), O(1) for big arrays. */
static void ary_drop_front(VALUE ary, long n)
{
    long len = RARRAY_LEN(ary);
    if (n <= 0) return;
    if (!FL_TEST(ary, ARY_SHARED) && (FL_TEST(ary, ARY_EMBED) || len <= ARY_SHARE_MIN)) {
        VALUE *p = RARRAY_PTR(ary);
        memmove(p, p + n, (size_t)(len - n) * sizeof(VALUE));
        RARRAY(ary)->len = len - n;
        return;
    }
    if (!FL_TEST(ary, ARY_SHARED)) ary_make_shared(ary, true);
    if (ary_sole_shared(ary))   /* let go of what was dropped */
        for (long i = 0; i < n; i++) RARRAY(ary)->as.heap.ptr[i] = Qnil;
    RARRAY(ary)->as.heap.ptr += n;
    RARRAY(ary)->len = len - n;
}

/* Make room for n elements before the first one, O(1) amortised. */
static void ary_open_front(VALUE ary, long n)
{
    long len = RARRAY_LEN(ary);
    if (ary_sole_shared(ary)) {
        VALUE root = ary_root(ary);
        if (RARRAY(ary)->as.heap.ptr - RARRAY(root)->as.heap.ptr >= n) {
            RARRAY(ary)->as.heap.ptr -= n;
            RARRAY(ary)->len = len + n;
            return;
        }
    }
    if (len + n <= ARY_SHARE_MIN) {
        ary_modify(ary);
        ary_reserve(ary, len + n);
        VALUE *p = RARRAY_PTR(ary);
        memmove(p + n, p, (size_t)len * sizeof(VALUE));
        RARRAY(ary)->len = len + n;
        return;
    }
    /* a new buffer with room at both ends, owned by a sole root */
    long room = len + n + 8, capa = room + len + 8;
    if (capa > ARY_MAX_SIZE) exc_raise(vm.c.ArgumentError, "array size too big");
    VALUE root = gc_new_obj(T_ARRAY, 0);
    VALUE *buf = buf_alloc(capa);
    for (long i = 0; i < room; i++) buf[i] = Qnil;
    memcpy(buf + room, RARRAY_PTR(ary), (size_t)len * sizeof(VALUE));
    RARRAY(root)->as.heap.ptr = buf;
    RARRAY(root)->as.heap.aux.capa = capa;
    RARRAY(root)->len = room + len;
    FL_SET(root, FL_FROZEN | ARY_ROOT_SOLE);
    ary_reset(ary);
    FL_UNSET(ary, ARY_EMBED);
    FL_SET(ary, ARY_SHARED);
    RARRAY(ary)->as.heap.aux.shared = root;
    RARRAY(ary)->as.heap.ptr = buf + room - n;
    RARRAY(ary)->len = len + n;
}

/* ------------------------------------------------------------ the C API */
VALUE ary_new(void) { return ary_alloc_class(vm.c.Array, 0); }
VALUE ary_new_capa(long capa) { return ary_alloc_class(vm.c.Array, capa); }

static VALUE ary_new_from_class(VALUE klass, long n, const VALUE *elts)
{
    VALUE a = ary_alloc_class(klass, n);
    if (n > 0) memcpy(RARRAY_PTR(a), elts, (size_t)n * sizeof(VALUE));
    RARRAY(a)->len = n;
    return a;
}

VALUE ary_new_from(long n, const VALUE *elts) { return ary_new_from_class(vm.c.Array, n, elts); }

VALUE ary_new_of(long n, ...)
{
    VALUE a = ary_new_capa(n);
    va_list ap;
    va_start(ap, n);
    for (long i = 0; i < n; i++) RARRAY_PTR(a)[i] = va_arg(ap, VALUE);
    va_end(ap);
    RARRAY(a)->len = n;
    return a;
}

VALUE ary_push(VALUE ary, VALUE v)
{
    long len = RARRAY_LEN(ary);
    VALUE fl = RBASIC(ary)->flags & (ARY_EMBED | ARY_SHARED | FL_FROZEN);
    if (LIKELY(fl == 0 && len < RARRAY(ary)->as.heap.aux.capa)) {
        RARRAY(ary)->as.heap.ptr[len] = v;
        RARRAY(ary)->len = len + 1;
        return ary;
    }
    if (fl == ARY_EMBED && len < ARY_EMBED_MAX) {
        RARRAY(ary)->as.ary[len] = v;
        RARRAY(ary)->len = len + 1;
        return ary;
    }
    ary_check_frozen(ary);
    ary_reserve(ary, len + 1);
    RARRAY_PTR(ary)[len] = v;
    RARRAY(ary)->len = len + 1;
    return ary;
}

VALUE ary_pop(VALUE ary)
{
    ary_check_frozen(ary);
    long len = RARRAY_LEN(ary);
    if (len == 0) return Qnil;
    VALUE v = RARRAY_PTR(ary)[len - 1];
    if (ary_sole_shared(ary)) {
        VALUE root = ary_root(ary);
        RARRAY(ary)->as.heap.ptr[len - 1] = Qnil;
        if (RARRAY(ary)->as.heap.ptr + len == RARRAY(root)->as.heap.ptr + RARRAY_LEN(root)) RARRAY(root)->len--;
    }
    RARRAY(ary)->len = len - 1;
    return v;
}

VALUE ary_shift(VALUE ary)
{
    ary_check_frozen(ary);
    if (RARRAY_LEN(ary) == 0) return Qnil;
    VALUE v = RARRAY_PTR(ary)[0];
    ary_drop_front(ary, 1);
    return v;
}

VALUE ary_unshift(VALUE ary, VALUE v)
{
    ary_check_frozen(ary);
    ary_open_front(ary, 1);
    RARRAY_PTR(ary)[0] = v;
    return ary;
}

VALUE ary_entry(VALUE ary, long i)
{
    long len = RARRAY_LEN(ary);
    if (i < 0) i += len;
    if (i < 0 || i >= len) return Qnil;
    return RARRAY_PTR(ary)[i];
}

void ary_store(VALUE ary, long i, VALUE v)
{
    long len = RARRAY_LEN(ary);
    if (i < 0) {
        i += len;
        if (i < 0) exc_raise(vm.c.IndexError, "index %ld out of array", i - len);
    }
    if (i >= ARY_MAX_SIZE) exc_raise(vm.c.IndexError, "index %ld too big", i);
    if (i >= len) {
        ary_check_frozen(ary);
        ary_reserve(ary, i + 1);
        VALUE *p = RARRAY_PTR(ary);
        for (long j = len; j < i; j++) p[j] = Qnil;
        RARRAY(ary)->len = i + 1;
    } else {
        ary_modify(ary);
    }
    RARRAY_PTR(ary)[i] = v;
}

VALUE ary_concat(VALUE ary, VALUE other)
{
    if (!ARRAY_P(other)) other = conv_to_ary(other);
    long len = RARRAY_LEN(ary), n = RARRAY_LEN(other);
    if (n == 0) return ary;
    ary_check_frozen(ary);
    ary_reserve(ary, len + n);
    memcpy(RARRAY_PTR(ary) + len, RARRAY_PTR(other), (size_t)n * sizeof(VALUE));
    RARRAY(ary)->len = len + n;
    return ary;
}

/* A copy of the same class; big arrays share the buffer until written. */
VALUE ary_dup(VALUE ary)
{
    long len = RARRAY_LEN(ary);
    VALUE klass = ary_klass(ary);
    if (len < ARY_SHARE_MIN) return obj_infect(ary_new_from_class(klass, len, RARRAY_PTR(ary)), ary);
    VALUE dup = gc_new_obj(T_ARRAY, klass);
    VALUE root = ary_make_shared(ary, false);
    FL_SET(dup, ARY_SHARED);
    RARRAY(dup)->as.heap.aux.shared = root;
    RARRAY(dup)->as.heap.ptr = RARRAY(ary)->as.heap.ptr;
    RARRAY(dup)->len = len;
    return obj_infect(dup, ary);
}

/* 1.8's rb_ary_dup: the class and the instance variables come along. */
VALUE ary_dup_class(VALUE ary)
{
    VALUE dup = ary_dup(ary);
    if (FL_TEST(ary, FL_EXIVAR)) ivar_copy(dup, ary);
    return dup;
}

VALUE ary_subseq(VALUE ary, long beg, long len)
{
    long alen = RARRAY_LEN(ary);
    if (beg > alen || beg < 0 || len < 0) return Qnil;
    if (alen < len || alen < beg + len) len = alen - beg;
    VALUE klass = ary_klass(ary);
    if (len < ARY_SHARE_MIN) return ary_new_from_class(klass, len, RARRAY_PTR(ary) + beg);
    VALUE sub = gc_new_obj(T_ARRAY, klass);
    VALUE root = ary_make_shared(ary, false);
    FL_SET(sub, ARY_SHARED);
    RARRAY(sub)->as.heap.aux.shared = root;
    RARRAY(sub)->as.heap.ptr = RARRAY(ary)->as.heap.ptr + beg;
    RARRAY(sub)->len = len;
    return sub;
}

void ary_replace(VALUE dst, VALUE src)
{
    if (dst == src) return;
    ary_check_frozen(dst);
    long len = RARRAY_LEN(src);
    if (len < ARY_SHARE_MIN) {
        VALUE tmp[ARY_SHARE_MIN];
        memcpy(tmp, RARRAY_PTR(src), (size_t)len * sizeof(VALUE));
        ary_reset(dst);
        ary_reserve(dst, len);
        memcpy(RARRAY_PTR(dst), tmp, (size_t)len * sizeof(VALUE));
        RARRAY(dst)->len = len;
        return;
    }
    VALUE root = ary_make_shared(src, false);
    ary_reset(dst);
    FL_UNSET(dst, ARY_EMBED);
    FL_SET(dst, ARY_SHARED);
    RARRAY(dst)->as.heap.aux.shared = root;
    RARRAY(dst)->as.heap.ptr = RARRAY(src)->as.heap.ptr;
    RARRAY(dst)->len = len;
}

void ary_clear(VALUE ary)
{
    ary_check_frozen(ary);
    if (!FL_TEST(ary, ARY_EMBED | ARY_SHARED) && RARRAY(ary)->as.heap.aux.capa <= 16) {
        RARRAY(ary)->len = 0;
        return;
    }
    ary_reset(ary);
}

void ary_resize(VALUE ary, long len)
{
    ary_check_frozen(ary);
    long old = RARRAY_LEN(ary);
    if (len < 0) len = 0;
    if (len > old) {
        ary_reserve(ary, len);
        VALUE *p = RARRAY_PTR(ary);
        for (long i = old; i < len; i++) p[i] = Qnil;
    }
    RARRAY(ary)->len = len;
}

/* ary[beg, len] = rpl (an Array, or Qundef/nil to delete): 1.8's splice. */
void ary_splice(VALUE ary, long beg, long len, VALUE rpl)
{
    long alen = RARRAY_LEN(ary);
    if (len < 0) exc_raise(vm.c.IndexError, "negative length (%ld)", len);
    if (beg < 0) {
        beg += alen;
        if (beg < 0) exc_raise(vm.c.IndexError, "index %ld out of array", beg - alen);
    }
    if (alen < len || alen < beg + len) len = alen - beg;
    long rlen = 0;
    if (rpl != Qundef && !NIL_P(rpl)) {
        if (!ARRAY_P(rpl)) {
            VALUE a = conv_check_ary(rpl);
            rpl = NIL_P(a) ? ary_new_of(1, rpl) : a;
        }
        rlen = RARRAY_LEN(rpl);
    }
    ary_modify(ary);
    alen = RARRAY_LEN(ary);
    if (rpl == ary) rpl = ary_new_from(rlen, RARRAY_PTR(ary));
    if (beg >= alen) {
        if (beg > ARY_MAX_SIZE - rlen) exc_raise(vm.c.IndexError, "index %ld too big", beg);
        ary_reserve(ary, beg + rlen);
        VALUE *p = RARRAY_PTR(ary);
        for (long i = alen; i < beg; i++) p[i] = Qnil;
        if (rlen > 0) memcpy(p + beg, RARRAY_PTR(rpl), (size_t)rlen * sizeof(VALUE));
        RARRAY(ary)->len = beg + rlen;
        return;
    }
    long nlen = alen + rlen - len;
    if (rlen > len) ary_reserve(ary, nlen);
    VALUE *p = RARRAY_PTR(ary);
    if (rlen != len)
        memmove(p + beg + rlen, p + beg + len, (size_t)(alen - beg - len) * sizeof(VALUE));
    if (rlen > 0) memcpy(p + beg, RARRAY_PTR(rpl), (size_t)rlen * sizeof(VALUE));
    RARRAY(ary)->len = nlen;
}

bool ary_includes(VALUE ary, VALUE v)
{
    for (long i = 0; i < RARRAY_LEN(ary); i++) {
        VALUE e = RARRAY_PTR(ary)[i];
        if (e == v || obj_equal(e, v)) return true;
    }
    return false;
}

VALUE ary_reverse_bang(VALUE ary)
{
    ary_modify(ary);
    VALUE *p = RARRAY_PTR(ary);
    for (long i = 0, j = RARRAY_LEN(ary) - 1; i < j; i++, j--) {
        VALUE t = p[i];
        p[i] = p[j];
        p[j] = t;
    }
    return ary;
}

/* Delete every element == v; v if any was, else nil. */
VALUE ary_delete(VALUE ary, VALUE v)
{
    long i, j;
    for (i = j = 0; i < RARRAY_LEN(ary); i++) {
        VALUE e = RARRAY_PTR(ary)[i];
        if (obj_equal(e, v)) continue;
        if (i != j) ary_store(ary, j, e);
        j++;
    }
    if (RARRAY_LEN(ary) == j) return Qnil;
    ary_modify(ary);
    if (RARRAY_LEN(ary) > j) RARRAY(ary)->len = j;
    return v;
}

long ary_index_arg(VALUE v)
{
    if (FIXNUM_P(v)) return FIX2LONG(v);
    if (SYMBOL_P(v)) exc_raise(vm.c.TypeError, "Symbol as array index");
    return num_to_long(v);
}

VALUE ary_pack_values(int argc, const VALUE *argv)
{
    if (argc == 0) return Qnil;
    if (argc == 1) return argv[0];
    return ary_new_from(argc, argv);
}

/* ------------------------------------------------------------ recursion guard */
/* Objects being inspected/joined/hashed/compared, as (thread, kind, obj)
   triples.  One list for the process because green threads interleave;
   each entry names its thread. */
static VALUE rec_list;

struct rec_call {
    VALUE (*fn)(VALUE, VALUE, bool);
    VALUE obj, arg, th, kind;
};

static VALUE rec_body(VALUE p)
{
    struct rec_call *c = (struct rec_call *)p;
    return c->fn(c->obj, c->arg, false);
}

static VALUE rec_leave(VALUE p)
{
    struct rec_call *c = (struct rec_call *)p;
    VALUE *e = RARRAY_PTR(rec_list);
    for (long i = RARRAY_LEN(rec_list) - 3; i >= 0; i -= 3) {
        if (e[i] == c->th && e[i + 1] == c->kind && e[i + 2] == c->obj) {
            memmove(e + i, e + i + 3, (size_t)(RARRAY_LEN(rec_list) - i - 3) * sizeof(VALUE));
            RARRAY(rec_list)->len -= 3;
            break;
        }
    }
    return Qnil;
}

VALUE ary_exec_recursive(VALUE (*fn)(VALUE, VALUE, bool), VALUE obj, VALUE arg, int kind)
{
    struct rec_call c = { fn, obj, arg, INT2FIX((long)((uintptr_t)vm.th >> 3)), INT2FIX(kind) };
    vm_check_stack();     /* join of deeply nested arrays recurses here without a method call */
    if (!rec_list) {
        rec_list = ary_hidden_new(30);
        gc_register_root(&rec_list);
    }
    VALUE *e = RARRAY_PTR(rec_list);
    for (long i = 0; i + 2 < RARRAY_LEN(rec_list); i += 3)
        if (e[i] == c.th && e[i + 1] == c.kind && e[i + 2] == obj) return fn(obj, arg, true);
    ary_push(rec_list, c.th);
    ary_push(rec_list, c.kind);
    ary_push(rec_list, obj);
    return vm_ensure(rec_body, (VALUE)&c, rec_leave, (VALUE)&c);
}

/* Whether an element could lead back to ary (then a guard is needed). */
bool ary_may_recurse(VALUE ary)
{
    for (long i = 0; i < RARRAY_LEN(ary); i++) {
        VALUE v = RARRAY_PTR(ary)[i];
        if (!HEAP_P(v)) continue;
        switch (BUILTIN_TYPE(v)) {
        case T_STRING: case T_FLOAT: case T_BIGNUM: case T_REGEXP: break;
        default: return true;
        }
    }
    return false;
}

/* ------------------------------------------------------------ inspect, join, to_s */
static VALUE inspect_body(VALUE ary, VALUE unused, bool recur)
{
    if (recur) return str_new_cstr("[...]");
    VALUE s = str_new_capa(RARRAY_LEN(ary) * 4 + 2);
    str_cat(s, "[", 1);
    for (long i = 0; i < RARRAY_LEN(ary); i++) {
        if (i > 0) str_cat(s, ", ", 2);
        str_append(s, obj_inspect(RARRAY_PTR(ary)[i]));
    }
    return obj_infect(str_cat(s, "]", 1), ary);
}

VALUE ary_inspect(VALUE ary)
{
    if (RARRAY_LEN(ary) == 0) return str_new_cstr("[]");
    if (!ary_may_recurse(ary)) return inspect_body(ary, Qnil, false);
    return ary_exec_recursive(inspect_body, ary, Qnil, REC_INSPECT);
}

static VALUE join_body(VALUE ary, VALUE sep, bool recur)
{
    if (recur) return str_new_cstr("[...]");   /* 1.8.7 */
    VALUE s = str_new_capa(RARRAY_LEN(ary) * 8);
    for (long i = 0; i < RARRAY_LEN(ary); i++) {
        VALUE v = RARRAY_PTR(ary)[i];
        if (i > 0 && !NIL_P(sep)) str_append(s, sep);
        if (STRING_P(v)) str_append(s, v);
        else if (ARRAY_P(v)) str_append(s, ary_join(v, sep));
        else str_append(s, obj_to_s(v));
    }
    if (!NIL_P(sep)) obj_infect(s, sep);      /* even when not inserted */
    return obj_infect(s, ary);
}

static bool has_array_elem(VALUE ary)
{
    for (long i = 0; i < RARRAY_LEN(ary); i++)
        if (ARRAY_P(RARRAY_PTR(ary)[i])) return true;
    return false;
}

VALUE ary_join(VALUE ary, VALUE sep)
{
    if (RARRAY_LEN(ary) == 0) return str_new(NULL, 0);
    if (!NIL_P(sep) && !STRING_P(sep)) sep = conv_to_str(sep);
    if (!has_array_elem(ary)) return join_body(ary, sep, false);
    return ary_exec_recursive(join_body, ary, sep, REC_JOIN);
}

static VALUE output_field_sep(void) { return gvar_get(ID_gv_ofs); }

VALUE ary_to_s(VALUE ary)
{
    if (RARRAY_LEN(ary) == 0) return str_new(NULL, 0);
    return ary_join(ary, output_field_sep());
}

/* ------------------------------------------------------------ equality */
static VALUE equal_body(VALUE a, VALUE b, bool recur)
{
    if (recur) return Qfalse;
    for (long i = 0; i < RARRAY_LEN(a) && i < RARRAY_LEN(b); i++) {
        VALUE x = RARRAY_PTR(a)[i], y = RARRAY_PTR(b)[i];
        if (x != y && !obj_equal(x, y)) return Qfalse;
    }
    return BOOL2V(RARRAY_LEN(a) == RARRAY_LEN(b));
}

bool ary_equal(VALUE a, VALUE b)
{
    if (a == b) return true;
    if (!ARRAY_P(b)) {
        if (!vm_respond_to(b, ID_to_ary, false)) return false;
        return obj_equal(b, a);
    }
    if (RARRAY_LEN(a) != RARRAY_LEN(b)) return false;
    if (!ary_may_recurse(a)) return RTEST(equal_body(a, b, false));
    return RTEST(ary_exec_recursive(equal_body, a, b, REC_EQUAL));
}

static VALUE ary_eq_m(VALUE self, int argc, const VALUE *argv) { return BOOL2V(ary_equal(self, argv[0])); }

static VALUE eql_body(VALUE a, VALUE b, bool recur)
{
    if (recur) return Qfalse;
    for (long i = 0; i < RARRAY_LEN(a) && i < RARRAY_LEN(b); i++)
        if (!obj_eql(RARRAY_PTR(a)[i], RARRAY_PTR(b)[i])) return Qfalse;
    return BOOL2V(RARRAY_LEN(a) == RARRAY_LEN(b));
}

static VALUE ary_eql_m(VALUE self, int argc, const VALUE *argv)
{
    VALUE other = argv[0];
    if (self == other) return Qtrue;
    if (!ARRAY_P(other) || RARRAY_LEN(self) != RARRAY_LEN(other)) return Qfalse;
    if (!ary_may_recurse(self)) return eql_body(self, other, false);
    return ary_exec_recursive(eql_body, self, other, REC_EQL);
}

static VALUE hash_body(VALUE ary, VALUE unused, bool recur)
{
    if (recur) return INT2FIX(0);
    unsigned long h = (unsigned long)RARRAY_LEN(ary);
    for (long i = 0; i < RARRAY_LEN(ary); i++) {
        h = (h << 1) | (h >> (sizeof(long) * 8 - 1));
        h ^= (unsigned long)obj_hash(RARRAY_PTR(ary)[i]);
    }
    return INT2FIX((long)(h >> 1));
}

static VALUE ary_hash_m(VALUE self, int argc, const VALUE *argv)
{
    if (!ary_may_recurse(self)) return hash_body(self, Qnil, false);
    return ary_exec_recursive(hash_body, self, Qnil, REC_HASH);
}

static VALUE cmp_body(VALUE a, VALUE b, bool recur)
{
    if (recur) return Qnil;
    for (long i = 0; i < RARRAY_LEN(a) && i < RARRAY_LEN(b); i++) {
        VALUE x = RARRAY_PTR(a)[i], y = RARRAY_PTR(b)[i];
        VALUE v = FIXNUM_P(x) && FIXNUM_P(y) ? INT2FIX((long)x < (long)y ? -1 : (long)x > (long)y) : vm_call1(x, ID_cmp, y);
        if (v != INT2FIX(0)) return v;
    }
    long d = RARRAY_LEN(a) - RARRAY_LEN(b);
    return INT2FIX(d == 0 ? 0 : d > 0 ? 1 : -1);
}

static VALUE ary_cmp_m(VALUE self, int argc, const VALUE *argv)
{
    VALUE other = ARRAY_P(argv[0]) ? argv[0] : conv_to_ary(argv[0]);
    if (self == other) return INT2FIX(0);
    if (!ary_may_recurse(self)) return cmp_body(self, other, false);
    return ary_exec_recursive(cmp_body, self, other, REC_CMP);
}

/* ------------------------------------------------------------ creation */
static VALUE ary_alloc(VALUE klass) { return ary_alloc_class(klass, 0); }

static VALUE ary_s_create(VALUE klass, int argc, const VALUE *argv)
{
    VALUE ary = class_allocate(klass);
    if (argc > 0) {
        ary_reserve(ary, argc);
        memcpy(RARRAY_PTR(ary), argv, (size_t)argc * sizeof(VALUE));
        RARRAY(ary)->len = argc;
    }
    return ary;
}

static VALUE ary_initialize(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 2);
    ary_modify(self);
    if (argc == 0) {
        ary_reset(self);
        return self;
    }
    if (argc == 1 && !FIXNUM_P(argv[0])) {
        VALUE a = conv_check_ary(argv[0]);
        if (!NIL_P(a)) {
            ary_replace(self, a);
            return self;
        }
    }
    long len = num_to_long(argv[0]);
    if (len < 0) exc_raise(vm.c.ArgumentError, "negative array size");
    if (len > ARY_MAX_SIZE) exc_raise(vm.c.ArgumentError, "array size too big");
    ary_reset(self);
    ary_reserve(self, len);
    if (vm_block_given()) {
        if (argc == 2) exc_warn("block supersedes default value argument");
        for (long i = 0; i < len; i++) {
            VALUE v = vm_yield1(INT2FIX(i));
            ary_store(self, i, v);
        }
        return self;
    }
    VALUE fill = argc == 2 ? argv[1] : Qnil;
    VALUE *p = RARRAY_PTR(self);
    for (long i = 0; i < len; i++) p[i] = fill;
    RARRAY(self)->len = len;
    return self;
}

static VALUE ary_replace_m(VALUE self, int argc, const VALUE *argv)
{
    VALUE src = ARRAY_P(argv[0]) ? argv[0] : conv_to_ary(argv[0]);
    ary_modify(self);
    ary_replace(self, src);
    return self;
}

static VALUE ary_to_a(VALUE self, int argc, const VALUE *argv)
{
    if (obj_class(self) == vm.c.Array) return self;
    VALUE a = ary_new();
    ary_replace(a, self);
    return a;
}

static VALUE ary_to_ary_m(VALUE self, int argc, const VALUE *argv) { return self; }
static VALUE ary_inspect_m(VALUE self, int argc, const VALUE *argv) { return ary_inspect(self); }
static VALUE ary_to_s_m(VALUE self, int argc, const VALUE *argv) { return ary_to_s(self); }

static VALUE ary_join_m(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    return ary_join(self, argc == 0 ? output_field_sep() : argv[0]);
}

/* ------------------------------------------------------------ element access */
static VALUE ary_aref(VALUE self, int argc, const VALUE *argv)
{
    if (argc == 2) {
        long beg = ary_index_arg(argv[0]), len = ary_index_arg(argv[1]);
        if (beg < 0) beg += RARRAY_LEN(self);
        return ary_subseq(self, beg, len);
    }
    arity_check(argc, 1, 2);
    VALUE arg = argv[0];
    if (FIXNUM_P(arg)) return ary_entry(self, FIX2LONG(arg));
    if (TYPE_P(arg, T_RANGE)) {
        long beg, len;
        if (!range_beg_len(arg, &beg, &len, RARRAY_LEN(self), 0)) return Qnil;
        return ary_subseq(self, beg, len);
    }
    return ary_entry(self, ary_index_arg(arg));
}

static VALUE ary_aset(VALUE self, int argc, const VALUE *argv)
{
    if (argc == 3) {
        long beg = ary_index_arg(argv[0]), len = ary_index_arg(argv[1]);
        ary_splice(self, beg, len, argv[2]);
        return argv[2];
    }
    if (argc != 2) exc_arity(argc, 2, 2);
    VALUE arg = argv[0];
    if (FIXNUM_P(arg)) {
        ary_store(self, FIX2LONG(arg), argv[1]);
        return argv[1];
    }
    if (TYPE_P(arg, T_RANGE)) {
        long beg, len;
        range_beg_len(arg, &beg, &len, RARRAY_LEN(self), 1);
        ary_splice(self, beg, len, argv[1]);
        return argv[1];
    }
    ary_store(self, ary_index_arg(arg), argv[1]);
    return argv[1];
}

static VALUE ary_at(VALUE self, int argc, const VALUE *argv) { return ary_entry(self, num_to_long(argv[0])); }

static VALUE ary_fetch(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    bool block = vm_block_given();
    if (block && argc == 2) exc_warn("block supersedes default value argument");
    long idx = num_to_long(argv[0]), len = RARRAY_LEN(self);
    if (idx < 0) idx += len;
    if (idx < 0 || idx >= len) {
        if (block) return vm_yield1(argv[0]);
        if (argc == 1) exc_raise(vm.c.IndexError, "index %ld out of array", idx);
        return argv[1];
    }
    return RARRAY_PTR(self)[idx];
}

/* first(n) / last(n): a new Array of at most n elements */
static VALUE take_end(VALUE self, int argc, const VALUE *argv, bool last)
{
    long n = num_to_long(argv[0]), len = RARRAY_LEN(self);
    if (n > len) n = len;
    else if (n < 0) exc_raise(vm.c.ArgumentError, "negative array size");
    return ary_new_from(n, RARRAY_PTR(self) + (last ? len - n : 0));
}

static VALUE ary_first(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    if (argc == 0) return RARRAY_LEN(self) ? RARRAY_PTR(self)[0] : Qnil;
    return take_end(self, argc, argv, false);
}

static VALUE ary_last(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    if (argc == 0) return RARRAY_LEN(self) ? RARRAY_PTR(self)[RARRAY_LEN(self) - 1] : Qnil;
    return take_end(self, argc, argv, true);
}

static VALUE ary_values_at(VALUE self, int argc, const VALUE *argv)
{
    VALUE result = ary_new_capa(argc);
    for (int i = 0; i < argc; i++) {
        VALUE arg = argv[i];
        if (TYPE_P(arg, T_RANGE)) {
            long beg, len;
            if (!range_beg_len(arg, &beg, &len, RARRAY_LEN(self), 0)) continue;
            for (long j = 0; j < len; j++) ary_push(result, ary_entry(self, beg + j));
            continue;
        }
        ary_push(result, ary_entry(self, ary_index_arg(arg)));
    }
    return result;
}

static VALUE ary_indexes(VALUE self, int argc, const VALUE *argv)
{
    exc_warn("Array#%s is deprecated; use Array#values_at", sym_name(vm_current_mid()));
    VALUE result = ary_new_capa(argc);
    for (int i = 0; i < argc; i++) ary_push(result, ary_aref(self, 1, argv + i));
    return result;
}

/* ------------------------------------------------------------ adding and removing */
/* 1.8.7 checks frozen only when something would change: [1].freeze.push
   is [1] (unshift, concat([]) and delete_at out of range too). */
static VALUE ary_push_m(VALUE self, int argc, const VALUE *argv)
{
    if (argc == 0) return self;
    ary_check_frozen(self);
    long len = RARRAY_LEN(self);
    ary_reserve(self, len + argc);
    memcpy(RARRAY_PTR(self) + len, argv, (size_t)argc * sizeof(VALUE));
    RARRAY(self)->len = len + argc;
    return self;
}

static VALUE ary_lshift(VALUE self, int argc, const VALUE *argv)
{
    SAFE_CHECK_MODIFY(self, "array");   /* ary_push checks frozen, not $SAFE */
    return ary_push(self, argv[0]);
}

static VALUE ary_pop_m(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    if (argc == 0) return ary_pop(self);
    ary_check_frozen(self);
    VALUE result = take_end(self, argc, argv, true);
    RARRAY(self)->len -= RARRAY_LEN(result);
    return result;
}

static VALUE ary_shift_m(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    if (argc == 0) return ary_shift(self);
    ary_check_frozen(self);
    VALUE result = take_end(self, argc, argv, false);
    ary_drop_front(self, RARRAY_LEN(result));
    return result;
}

static VALUE ary_unshift_m(VALUE self, int argc, const VALUE *argv)
{
    if (argc == 0) return self;
    ary_check_frozen(self);
    ary_open_front(self, argc);
    memcpy(RARRAY_PTR(self), argv, (size_t)argc * sizeof(VALUE));
    return self;
}

static VALUE ary_insert(VALUE self, int argc, const VALUE *argv)
{
    if (argc < 1) exc_raise(vm.c.ArgumentError, "wrong number of arguments (at least 1)");
    long pos = num_to_long(argv[0]);
    if (argc == 1) return self;
    if (pos == -1) pos = RARRAY_LEN(self);
    else if (pos < 0) pos++;
    ary_splice(self, pos, 0, ary_new_from(argc - 1, argv + 1));
    return self;
}

static VALUE ary_concat_m(VALUE self, int argc, const VALUE *argv) { return ary_concat(self, argv[0]); }

static VALUE ary_clear_m(VALUE self, int argc, const VALUE *argv)
{
    ary_clear(self);
    return self;
}

static VALUE ary_delete_m(VALUE self, int argc, const VALUE *argv)
{
    VALUE r = ary_delete(self, argv[0]);
    if (NIL_P(r) && vm_block_given()) return vm_yield1(argv[0]);
    return r;
}

static VALUE ary_delete_at(VALUE self, long pos)
{
    long len = RARRAY_LEN(self);
    if (pos >= len) return Qnil;
    if (pos < 0) {
        pos += len;
        if (pos < 0) return Qnil;
    }
    ary_modify(self);
    VALUE *p = RARRAY_PTR(self);
    VALUE del = p[pos];
    memmove(p + pos, p + pos + 1, (size_t)(len - pos - 1) * sizeof(VALUE));
    RARRAY(self)->len = len - 1;
    return del;
}

static VALUE ary_delete_at_m(VALUE self, int argc, const VALUE *argv)
{
    return ary_delete_at(self, num_to_long(argv[0]));
}

static VALUE slice_bang_range(VALUE self, long pos, long len)
{
    long alen = RARRAY_LEN(self);
    if (pos < 0) {
        pos += alen;
        if (pos < 0) return Qnil;
    }
    if (pos > alen || len < 0) return Qnil;
    if (alen < len || alen < pos + len) len = alen - pos;
    VALUE result = ary_subseq(self, pos, len);
    ary_splice(self, pos, len, Qundef);
    return result;
}

static VALUE ary_slice_bang(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    ary_check_frozen(self);
    if (argc == 2) return slice_bang_range(self, ary_index_arg(argv[0]), ary_index_arg(argv[1]));
    if (TYPE_P(argv[0], T_RANGE)) {
        long beg, len;
        /* 1.8.7: a Range out of bounds is nil, not a RangeError */
        if (!range_beg_len(argv[0], &beg, &len, RARRAY_LEN(self), 0)) return Qnil;
        return slice_bang_range(self, beg, len);
    }
    return ary_delete_at(self, ary_index_arg(argv[0]));
}

/* ------------------------------------------------------------ size, queries */
static VALUE ary_length(VALUE self, int argc, const VALUE *argv) { return INT2FIX(RARRAY_LEN(self)); }
static VALUE ary_empty_p(VALUE self, int argc, const VALUE *argv) { return BOOL2V(RARRAY_LEN(self) == 0); }
static VALUE ary_frozen_p(VALUE self, int argc, const VALUE *argv) { return BOOL2V(OBJ_FROZEN(self)); }
static VALUE ary_include_p(VALUE self, int argc, const VALUE *argv) { return BOOL2V(ary_includes(self, argv[0])); }

static VALUE ary_index_m(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    if (argc == 0) {
        if (!vm_block_given()) return enumerator_for(self, sym_name(vm_current_mid()), 0, NULL);
        for (long i = 0; i < RARRAY_LEN(self); i++)
            if (RTEST(vm_yield1(RARRAY_PTR(self)[i]))) return INT2FIX(i);
        return Qnil;
    }
    for (long i = 0; i < RARRAY_LEN(self); i++) {
        VALUE e = RARRAY_PTR(self)[i];
        if (e == argv[0] || obj_equal(e, argv[0])) return INT2FIX(i);
    }
    return Qnil;
}

static VALUE ary_rindex(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    long i = RARRAY_LEN(self);
    if (argc == 0) {
        if (!vm_block_given()) return enumerator_for(self, "rindex", 0, NULL);
        while (i--) {
            if (i >= RARRAY_LEN(self)) { i = RARRAY_LEN(self); continue; }
            if (RTEST(vm_yield1(RARRAY_PTR(self)[i]))) return INT2FIX(i);
        }
        return Qnil;
    }
    while (i--) {
        if (i >= RARRAY_LEN(self)) { i = RARRAY_LEN(self); continue; }
        if (obj_equal(RARRAY_PTR(self)[i], argv[0])) return INT2FIX(i);
    }
    return Qnil;
}

/* ------------------------------------------------------------ iteration */
VALUE ary_each_m(VALUE self, int argc, const VALUE *argv)
{
    if (!vm_block_given()) return enumerator_for(self, "each", 0, NULL);
    struct yielder y;
    vm_yield_prepare(&y);
    for (long i = 0; i < RARRAY_LEN(self); i++) vm_yield_next(&y, RARRAY_PTR(self)[i]);
    return self;
}

static VALUE ary_each_index(VALUE self, int argc, const VALUE *argv)
{
    if (!vm_block_given()) return enumerator_for(self, "each_index", 0, NULL);
    for (long i = 0; i < RARRAY_LEN(self); i++) vm_yield1(INT2FIX(i));
    return self;
}

static VALUE ary_reverse_each(VALUE self, int argc, const VALUE *argv)
{
    if (!vm_block_given()) return enumerator_for(self, "reverse_each", 0, NULL);
    long len = RARRAY_LEN(self);
    while (len--) {
        vm_yield1(RARRAY_PTR(self)[len]);
        if (RARRAY_LEN(self) < len) len = RARRAY_LEN(self);
    }
    return self;
}

/* ------------------------------------------------------------ init */
void ary_init(void)
{
    VALUE c = vm.c.Array = class_define("Array", vm.c.Object);
    class_set_allocator(c, ary_alloc);
    module_include(c, vm.c.Enumerable);
    define_singleton_method(c, "[]", ary_s_create, -1);
    define_private_method(c, "initialize", ary_initialize, -1);
    define_private_method(c, "initialize_copy", ary_replace_m, 1);
    define_method(c, "to_s", ary_to_s_m, 0);
    define_method(c, "inspect", ary_inspect_m, 0);
    define_method(c, "to_a", ary_to_a, 0);
    define_method(c, "to_ary", ary_to_ary_m, 0);
    define_method(c, "frozen?", ary_frozen_p, 0);
    define_method(c, "==", ary_eq_m, 1);
    define_method(c, "eql?", ary_eql_m, 1);
    define_method(c, "hash", ary_hash_m, 0);
    define_method(c, "<=>", ary_cmp_m, 1);
    define_method(c, "[]", ary_aref, -1);
    define_method(c, "[]=", ary_aset, -1);
    define_method(c, "at", ary_at, 1);
    define_method(c, "fetch", ary_fetch, -1);
    define_method(c, "first", ary_first, -1);
    define_method(c, "last", ary_last, -1);
    define_method(c, "concat", ary_concat_m, 1);
    define_method(c, "<<", ary_lshift, 1);
    define_method(c, "push", ary_push_m, -1);
    define_method(c, "pop", ary_pop_m, -1);
    define_method(c, "shift", ary_shift_m, -1);
    define_method(c, "unshift", ary_unshift_m, -1);
    define_method(c, "insert", ary_insert, -1);
    define_method(c, "each", ary_each_m, 0);
    define_method(c, "each_index", ary_each_index, 0);
    define_method(c, "reverse_each", ary_reverse_each, 0);
    define_method(c, "length", ary_length, 0);
    define_method(c, "size", ary_length, 0);
    define_method(c, "empty?", ary_empty_p, 0);
    define_method(c, "index", ary_index_m, -1);
    define_method(c, "find_index", ary_index_m, -1);
    define_method(c, "rindex", ary_rindex, -1);
    define_method(c, "indexes", ary_indexes, -1);
    define_method(c, "indices", ary_indexes, -1);
    define_method(c, "join", ary_join_m, -1);
    define_method(c, "replace", ary_replace_m, 1);
    define_method(c, "clear", ary_clear_m, 0);
    define_method(c, "include?", ary_include_p, 1);
    define_method(c, "delete", ary_delete_m, 1);
    define_method(c, "delete_at", ary_delete_at_m, 1);
    define_method(c, "slice", ary_aref, -1);
    define_method(c, "slice!", ary_slice_bang, -1);
    define_method(c, "values_at", ary_values_at, -1);
    ary_init_ops(c);
    ary_init_sort(c);
    ary_init_comb(c);
}
