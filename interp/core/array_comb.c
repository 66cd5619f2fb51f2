/* array_comb.c: Array methods that enumerate arrangements or pick at
 * random: combination, permutation, product, cycle, shuffle(!), choice.
 *
 * combination and permutation yield from a hidden copy of the receiver,
 * so a block that changes the array cannot make us read past its end;
 * their index state lives in hidden arrays too, since a block may break
 * out at any yield.  Randomness comes from Kernel#rand, so srand makes
 * shuffle repeatable as in MRI 1.8 (index = rand * i, same generator).
 */
#include <limits.h>
#include <string.h>
#include "array.h"

static VALUE hidden_copy(VALUE ary)
{
    long n = RARRAY_LEN(ary);
    VALUE c = ary_hidden_new(n);
    memcpy(RARRAY_PTR(c), RARRAY_PTR(ary), (size_t)n * sizeof(VALUE));
    RARRAY(c)->len = n;
    return c;
}

/* A new Array of src's elements at the k indexes (Fixnums) in idx. */
static VALUE pick(VALUE src, VALUE idx, long k)
{
    VALUE r = ary_new_capa(k);
    for (long j = 0; j < k; j++) RARRAY_PTR(r)[j] = RARRAY_PTR(src)[FIX2LONG(RARRAY_PTR(idx)[j])];
    RARRAY(r)->len = k;
    return r;
}

/* ------------------------------------------------------------ combination */
static void each_combination(VALUE src, long k)
{
    long len = RARRAY_LEN(src);
    VALUE idx = ary_hidden_new(k);
    for (long j = 0; j < k; j++) ary_push(idx, INT2FIX(j));
    for (;;) {
        vm_yield1(pick(src, idx, k));
        VALUE *ix = RARRAY_PTR(idx);
        long i = k - 1;
        while (i >= 0 && FIX2LONG(ix[i]) == len - k + i) i--;
        if (i < 0) break;
        ix[i] = INT2FIX(FIX2LONG(ix[i]) + 1);
        for (long j = i + 1; j < k; j++) ix[j] = INT2FIX(FIX2LONG(ix[j - 1]) + 1);
    }
    GC_GUARD(idx);
}

static VALUE ary_combination(VALUE self, int argc, const VALUE *argv)
{
    if (!vm_block_given()) return enumerator_for(self, "combination", 1, argv);
    long k = num_to_long(argv[0]), len = RARRAY_LEN(self);
    if (k < 0 || k > len) return self;
    if (k == 0) {
        vm_yield1(ary_new());
        return self;
    }
    VALUE src = hidden_copy(self);
    each_combination(src, k);
    GC_GUARD(src);
    return self;
}

/* ------------------------------------------------------------ permutation */
struct perm {
    VALUE src;      /* hidden copy of the receiver */
    VALUE state;    /* hidden: k chosen indexes, then len used flags */
    long k, len;
};

static void permute_from(struct perm *p, long level)
{
    vm_check_stack();
    for (long i = 0; i < p->len; i++) {
        VALUE *st = RARRAY_PTR(p->state);
        if (RTEST(st[p->k + i])) continue;
        st[level] = INT2FIX(i);
        if (level + 1 < p->k) {
            st[p->k + i] = Qtrue;
            permute_from(p, level + 1);
            RARRAY_PTR(p->state)[p->k + i] = Qfalse;
        } else {
            vm_yield1(pick(p->src, p->state, p->k));
        }
    }
}

static VALUE ary_permutation(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    if (!vm_block_given()) return enumerator_for(self, "permutation", argc, argv);
    long len = RARRAY_LEN(self);
    long k = argc == 0 || NIL_P(argv[0]) ? len : num_to_long(argv[0]);
    if (k < 0 || k > len) return self;
    if (k == 0) {
        vm_yield1(ary_new());
        return self;
    }
    struct perm p = { hidden_copy(self), ary_hidden_new(k + len), k, len };
    for (long i = 0; i < k + len; i++) ary_push(p.state, i < k ? INT2FIX(0) : Qfalse);
    permute_from(&p, 0);
    GC_GUARD(p.src);
    GC_GUARD(p.state);
    return self;
}

/* ------------------------------------------------------------ product */
static VALUE ary_product(VALUE self, int argc, const VALUE *argv)
{
    long n = argc + 1;
    VALUE arrays = ary_hidden_new(n), result = ary_new();
    ary_push(arrays, self);
    for (int i = 0; i < argc; i++) ary_push(arrays, ARRAY_P(argv[i]) ? argv[i] : conv_to_ary(argv[i]));
    long total = 1;
    for (long i = 0; i < n; i++) {
        long l = RARRAY_LEN(RARRAY_PTR(arrays)[i]);
        if (l == 0) return result;
        if (total > LONG_MAX / 64 / l) exc_raise(vm.c.RangeError, "too big to product");
        total *= l;
    }
    VALUE counters = ary_hidden_new(n);
    for (long i = 0; i < n; i++) ary_push(counters, INT2FIX(0));
    VALUE *ctr = RARRAY_PTR(counters);
    for (long r = 0; r < total; r++) {
        VALUE tuple = ary_new_capa(n);
        for (long j = 0; j < n; j++) ary_push(tuple, ary_entry(RARRAY_PTR(arrays)[j], FIX2LONG(ctr[j])));
        ary_push(result, tuple);
        long m = n - 1;
        ctr[m] = INT2FIX(FIX2LONG(ctr[m]) + 1);
        while (m > 0 && FIX2LONG(ctr[m]) == RARRAY_LEN(RARRAY_PTR(arrays)[m])) {
            ctr[m] = INT2FIX(0);
            m--;
            ctr[m] = INT2FIX(FIX2LONG(ctr[m]) + 1);
        }
    }
    GC_GUARD(counters);
    GC_GUARD(arrays);
    return result;
}

/* ------------------------------------------------------------ cycle */
static VALUE ary_cycle(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    if (!vm_block_given()) return enumerator_for(self, "cycle", argc, argv);
    long n = -1;
    if (argc == 1 && !NIL_P(argv[0])) {
        n = num_to_long(argv[0]);
        if (n <= 0) return Qnil;
    }
    while (RARRAY_LEN(self) > 0 && (n < 0 || 0 < n--))
        for (long i = 0; i < RARRAY_LEN(self); i++) vm_yield1(RARRAY_PTR(self)[i]);
    return Qnil;
}

/* ------------------------------------------------------------ random */
/* A random index below n, from Kernel#rand's generator. */
static long random_index(long n)
{
    VALUE f = vm_call(vm.top_self, sym_intern_cstr("rand"), 0, NULL);
    long j = (long)(num_to_dbl(f) * (double)n);
    return j < n ? j : n - 1;
}

static VALUE ary_shuffle_bang(VALUE self, int argc, const VALUE *argv)
{
    ary_modify(self);
    long i = RARRAY_LEN(self);
    while (i) {
        long j = random_index(i);
        if (i > RARRAY_LEN(self)) i = RARRAY_LEN(self);   /* rand was redefined to shrink us */
        if (j >= i) continue;
        VALUE *p = RARRAY_PTR(self);
        VALUE t = p[--i];
        p[i] = p[j];
        p[j] = t;
    }
    return self;
}

static VALUE ary_shuffle(VALUE self, int argc, const VALUE *argv)
{
    VALUE a = ary_dup_class(self);
    return ary_shuffle_bang(a, 0, NULL);
}

static VALUE ary_choice(VALUE self, int argc, const VALUE *argv)
{
    long len = RARRAY_LEN(self);
    if (len == 0) return Qnil;
    long j = random_index(len);
    return ary_entry(self, j);
}

void ary_init_comb(VALUE c)
{
    define_method(c, "combination", ary_combination, 1);
    define_method(c, "permutation", ary_permutation, -1);
    define_method(c, "product", ary_product, -1);
    define_method(c, "cycle", ary_cycle, -1);
    define_method(c, "shuffle", ary_shuffle, 0);
    define_method(c, "shuffle!", ary_shuffle_bang, 0);
    define_method(c, "choice", ary_choice, 0);
}
