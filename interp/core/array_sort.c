/* array_sort.c: Array#sort and #sort!, and the sort engine Enumerable's
 * sort_by reuses (ary_sort_pairs).
 *
 * Without a block, keys that are all Fixnums/Floats (no NaN) or all
 * Strings are sorted without calling Ruby, while <=> of those classes is
 * the built-in one: numbers by an LSD radix sort on 64-bit keys that order
 * like the numbers, Strings by a merge sort with memcmp.  Those paths
 * never raise nor allocate objects, so they may use malloc'd buffers.
 * Anything else is a merge sort (fewest comparisons) that calls <=> or the
 * block; that code may raise, break, or change the receiver, so it works
 * on (key, value) pairs kept in hidden arrays and writes back at the end.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "array.h"

/* ------------------------------------------------------------ comparisons */
static bool builtin_cmp(VALUE klass)
{
    VALUE me = class_lookup_method_cached(klass, ID_cmp);
    return me && ME_TYPE(me) == ME_CFUNC && RMENTRY(me)->owner == klass;
}

static int str_order(VALUE a, VALUE b)
{
    long la = RSTRING_LEN(a), lb = RSTRING_LEN(b);
    int r = memcmp(RSTRING_PTR(a), RSTRING_PTR(b), (size_t)(la < lb ? la : lb));
    if (r) return r > 0 ? 1 : -1;
    return la == lb ? 0 : la > lb ? 1 : -1;
}

/* 1.8's sort_2: Fixnums and Strings directly, anything else by <=>. */
int ary_sort_cmp(VALUE a, VALUE b)
{
    if (FIXNUM_P(a) && FIXNUM_P(b)) return (long)a > (long)b ? 1 : (long)a < (long)b ? -1 : 0;
    if (STRING_P(a) && STRING_P(b) && RBASIC(a)->klass == vm.c.String && RBASIC(b)->klass == vm.c.String)
        return str_order(a, b);
    return cmp_int(vm_call1(a, ID_cmp, b), a, b);
}

static int block_cmp(struct yielder *y, VALUE a, VALUE b)
{
    return cmp_int(vm_yield_next2(y, a, b), a, b);
}

/* ------------------------------------------------------------ generic merge sort */
struct pair { VALUE key, val; };

struct msort {
    struct pair *tmp;
    struct yielder *y;        /* the comparison block, or NULL for <=> */
};

static inline int pair_cmp(struct msort *ms, const struct pair *a, const struct pair *b)
{
    return ms->y ? block_cmp(ms->y, a->key, b->key) : ary_sort_cmp(a->key, b->key);
}

static void insertion_sort(struct msort *ms, struct pair *a, long n)
{
    for (long i = 1; i < n; i++) {
        struct pair x = a[i];
        long j = i;
        while (j > 0 && pair_cmp(ms, &a[j - 1], &x) > 0) {
            a[j] = a[j - 1];
            j--;
        }
        a[j] = x;
    }
}

/* Stable; compares left operand first as MRI does, so error messages name
   the classes in the same order. */
static void merge_sort(struct msort *ms, struct pair *a, long n)
{
    if (n <= 6) {
        insertion_sort(ms, a, n);
        return;
    }
    long h = n / 2;
    merge_sort(ms, a, h);
    merge_sort(ms, a + h, n - h);
    if (pair_cmp(ms, &a[h - 1], &a[h]) <= 0) return;   /* already in order */
    struct pair *t = ms->tmp;
    memcpy(t, a, (size_t)h * sizeof *t);
    long i = 0, j = h, k = 0;
    while (i < h && j < n) {
        if (pair_cmp(ms, &t[i], &a[j]) <= 0) a[k++] = t[i++];
        else a[k++] = a[j++];
    }
    while (i < h) a[k++] = t[i++];
}

static void generic_sort_pairs(VALUE pairs, long n, const struct block *blk)
{
    VALUE tmp = ary_hidden_new(n + 1);
    ary_resize(tmp, n + 1);     /* n/2 pairs: all slots initialised for the GC */
    struct yielder y;
    if (blk) vm_yield_prepare_block(&y, blk);
    struct msort ms = { (struct pair *)RARRAY_PTR(tmp), blk ? &y : NULL };
    merge_sort(&ms, (struct pair *)RARRAY_PTR(pairs), n);
    GC_GUARD(tmp);
    GC_GUARD(pairs);
}

/* ------------------------------------------------------------ fast paths */
enum key_kind { KEYS_OTHER, KEYS_NUM, KEYS_STR };

#define EXACT_DBL_LIMIT (1L << 53)

static enum key_kind key_kind(const VALUE *items, long n, int stride)
{
    bool num = true, str = true, all_fix = true, fix_exact = true;
    for (long i = 0; i < n && (num || str); i++) {
        VALUE v = items[i * stride];
        if (FIXNUM_P(v)) {
            long l = FIX2LONG(v);
            if (l > EXACT_DBL_LIMIT || l < -EXACT_DBL_LIMIT) fix_exact = false;
            str = false;
        } else if (FLOAT_P(v)) {
            if (isnan(RFLOAT_VALUE(v))) return KEYS_OTHER;
            all_fix = false;
            str = false;
        } else if (STRING_P(v) && RBASIC(v)->klass == vm.c.String) {
            num = false;
        } else {
            return KEYS_OTHER;
        }
    }
    if (num) {
        if (!all_fix && !fix_exact) return KEYS_OTHER;   /* Fixnums a double cannot hold */
        if (!builtin_cmp(vm.c.Fixnum) || (!all_fix && !builtin_cmp(vm.c.Float))) return KEYS_OTHER;
        return KEYS_NUM;
    }
    if (str && builtin_cmp(vm.c.String)) return KEYS_STR;
    return KEYS_OTHER;
}

struct rkey { uint64_t key; uint64_t idx; };

/* Unsigned keys that order like the numbers. */
static uint64_t dbl_key(double d)
{
    uint64_t u;
    if (d == 0) d = 0.0;   /* -0.0 == 0.0 */
    memcpy(&u, &d, sizeof u);
    return (u >> 63) ? ~u : u | (1ULL << 63);
}

static uint64_t num_key(VALUE v, bool all_fix)
{
    if (FIXNUM_P(v)) {
        long l = FIX2LONG(v);
        return all_fix ? (uint64_t)l ^ (1ULL << 63) : dbl_key((double)l);
    }
    return dbl_key(RFLOAT_VALUE(v));
}

#define RADIX_BITS 11
#define RADIX_SIZE (1 << RADIX_BITS)
#define RADIX_PASSES 6

static void rkey_insertion(struct rkey *a, long n)
{
    for (long i = 1; i < n; i++) {
        struct rkey x = a[i];
        long j = i;
        while (j > 0 && a[j - 1].key > x.key) { a[j] = a[j - 1]; j--; }
        a[j] = x;
    }
}

/* LSD radix sort; passes where every key has the same digit are skipped. */
static void radix_sort(struct rkey *a, long n)
{
    if (n < 64) {
        rkey_insertion(a, n);
        return;
    }
    size_t (*cnt)[RADIX_SIZE] = xcalloc(RADIX_PASSES, sizeof *cnt);
    struct rkey *tmp = xmalloc((size_t)n * sizeof *tmp);
    for (long i = 0; i < n; i++)
        for (int p = 0; p < RADIX_PASSES; p++) cnt[p][(a[i].key >> (p * RADIX_BITS)) & (RADIX_SIZE - 1)]++;
    struct rkey *src = a, *dst = tmp;
    for (int p = 0; p < RADIX_PASSES; p++) {
        size_t *c = cnt[p], sum = 0;
        int shift = p * RADIX_BITS;
        if (c[(src[0].key >> shift) & (RADIX_SIZE - 1)] == (size_t)n) continue;
        for (int b = 0; b < RADIX_SIZE; b++) { size_t t = c[b]; c[b] = sum; sum += t; }
        for (long i = 0; i < n; i++) dst[c[(src[i].key >> shift) & (RADIX_SIZE - 1)]++] = src[i];
        struct rkey *t = src; src = dst; dst = t;
    }
    if (src != a) memcpy(a, src, (size_t)n * sizeof *a);
    free(tmp);
    free(cnt);
}

struct skey { const char *p; long len; long idx; };

static int skey_cmp(const struct skey *a, const struct skey *b)
{
    int r = memcmp(a->p, b->p, (size_t)(a->len < b->len ? a->len : b->len));
    if (r) return r;
    return a->len == b->len ? 0 : a->len > b->len ? 1 : -1;
}

static void skey_sort(struct skey *a, struct skey *t, long n)
{
    if (n <= 8) {
        for (long i = 1; i < n; i++) {
            struct skey x = a[i];
            long j = i;
            while (j > 0 && skey_cmp(&a[j - 1], &x) > 0) { a[j] = a[j - 1]; j--; }
            a[j] = x;
        }
        return;
    }
    long h = n / 2;
    skey_sort(a, t, h);
    skey_sort(a + h, t, n - h);
    if (skey_cmp(&a[h - 1], &a[h]) <= 0) return;
    memcpy(t, a, (size_t)h * sizeof *t);
    long i = 0, j = h, k = 0;
    while (i < h && j < n) a[k++] = skey_cmp(&t[i], &a[j]) <= 0 ? t[i++] : a[j++];
    while (i < h) a[k++] = t[i++];
}

/* Reorder the n items (stride VALUEs each) of items by order[]. */
static void permute(VALUE *items, long n, int stride, const long *order)
{
    VALUE *copy = xmalloc((size_t)n * stride * sizeof(VALUE));
    memcpy(copy, items, (size_t)n * stride * sizeof(VALUE));
    for (long j = 0; j < n; j++)
        for (int s = 0; s < stride; s++) items[j * stride + s] = copy[order[j] * stride + s];
    free(copy);
}

static void num_sort(VALUE *items, long n, int stride)
{
    bool all_fix = true;
    for (long i = 0; i < n && all_fix; i++) all_fix = FIXNUM_P(items[i * stride]);
    /* single items travel with their keys; pairs are permuted by index */
    struct rkey *k = xmalloc((size_t)n * sizeof *k);
    for (long i = 0; i < n; i++) {
        VALUE v = items[i * stride];
        k[i] = (struct rkey){ num_key(v, all_fix), stride == 1 ? (uint64_t)v : (uint64_t)i };
    }
    radix_sort(k, n);
    if (stride == 1) {
        for (long j = 0; j < n; j++) items[j] = (VALUE)k[j].idx;
    } else {
        long *order = (long *)k;   /* order[j] is written after k[j] is read */
        for (long j = 0; j < n; j++) order[j] = (long)k[j].idx;
        permute(items, n, stride, order);
    }
    free(k);
}

static void str_sort(VALUE *items, long n, int stride)
{
    struct skey *k = xmalloc((size_t)n * sizeof *k);
    struct skey *t = xmalloc((size_t)(n / 2 + 1) * sizeof *t);
    for (long i = 0; i < n; i++) {
        VALUE s = items[i * stride];
        k[i] = (struct skey){ RSTRING_PTR(s), RSTRING_LEN(s), i };
    }
    skey_sort(k, t, n);
    free(t);
    long *order = xmalloc((size_t)n * sizeof *order);
    for (long j = 0; j < n; j++) order[j] = k[j].idx;
    permute(items, n, stride, order);
    free(order);
    free(k);
}

/* True if the items were sorted without calling Ruby. */
static bool fast_sort(VALUE *items, long n, int stride)
{
    switch (key_kind(items, n, stride)) {
    case KEYS_NUM: num_sort(items, n, stride); return true;
    case KEYS_STR: str_sort(items, n, stride); return true;
    default: return false;
    }
}

/* ------------------------------------------------------------ entry points */
void ary_sort_pairs(VALUE pairs, long n, const struct block *blk)
{
    if (n <= 1) return;
    if (!blk && fast_sort(RARRAY_PTR(pairs), n, 2)) return;
    generic_sort_pairs(pairs, n, blk);
}

VALUE ary_sort_bang(VALUE ary)
{
    ary_modify(ary);
    long n = RARRAY_LEN(ary);
    if (n <= 1) return ary;
    const struct block *blk = vm_current_block();
    if (!blk && fast_sort(RARRAY_PTR(ary), n, 1)) return ary;
    VALUE pairs = ary_hidden_new(2 * n);
    VALUE *src = RARRAY_PTR(ary), *p = RARRAY_PTR(pairs);
    for (long i = 0; i < n; i++) p[2 * i] = p[2 * i + 1] = src[i];
    RARRAY(pairs)->len = 2 * n;
    generic_sort_pairs(pairs, n, blk);
    /* the comparisons may have changed ary: the sorted copy wins */
    ary_modify(ary);
    ary_resize(ary, n);
    VALUE *dst = RARRAY_PTR(ary);
    p = RARRAY_PTR(pairs);
    for (long i = 0; i < n; i++) dst[i] = p[2 * i + 1];
    return ary;
}

static VALUE ary_sort_bang_m(VALUE self, int argc, const VALUE *argv) { return ary_sort_bang(self); }

static VALUE ary_sort_m(VALUE self, int argc, const VALUE *argv)
{
    VALUE a = ary_dup_class(self);
    ary_sort_bang(a);
    return a;
}

void ary_init_sort(VALUE c)
{
    define_method(c, "sort", ary_sort_m, 0);
    define_method(c, "sort!", ary_sort_bang_m, 0);
}
