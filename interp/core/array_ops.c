/* array_ops.c: Array methods that build or filter arrays: the set
 * operators (+ - * & |), uniq, compact, flatten, collect/select/reject,
 * fill, assoc, count, take/drop, zip, transpose, reverse.
 *
 * Set operations find duplicates through a Hash (hash + eql?, as MRI 1.8
 * does) but keep the original elements in the result.
 */
#include <limits.h>
#include <string.h>
#include "array.h"

static VALUE to_ary(VALUE v) { return ARRAY_P(v) ? v : conv_to_ary(v); }

/* ------------------------------------------------------------ set helpers */
/* Adds v to the Hash-backed set; false if it was there already. */
static bool set_add(VALUE set, VALUE v)
{
    if (hash_lookup(set, v) != Qundef) return false;
    hash_aset(set, v, Qtrue);
    return true;
}

static VALUE set_of(VALUE ary)
{
    VALUE set = hash_new();
    for (long i = 0; i < RARRAY_LEN(ary); i++) set_add(set, RARRAY_PTR(ary)[i]);
    return set;
}

static VALUE ary_plus(VALUE self, int argc, const VALUE *argv)
{
    VALUE y = to_ary(argv[0]);
    long n1 = RARRAY_LEN(self), n2 = RARRAY_LEN(y);
    VALUE z = ary_new_capa(n1 + n2);
    memcpy(RARRAY_PTR(z), RARRAY_PTR(self), (size_t)n1 * sizeof(VALUE));
    memcpy(RARRAY_PTR(z) + n1, RARRAY_PTR(y), (size_t)n2 * sizeof(VALUE));
    RARRAY(z)->len = n1 + n2;
    return z;
}

static VALUE ary_times(VALUE self, int argc, const VALUE *argv)
{
    VALUE sep = conv_check_str(argv[0]);
    if (!NIL_P(sep)) return ary_join(self, sep);
    long n = num_to_long(argv[0]), len = RARRAY_LEN(self);
    if (n < 0) exc_raise(vm.c.ArgumentError, "negative argument");
    if (n > 0 && len > (LONG_MAX / 16) / n) exc_raise(vm.c.ArgumentError, "argument too big");
    VALUE r = ary_alloc_class(obj_class(self), n * len);
    for (long i = 0; i < n; i++) memcpy(RARRAY_PTR(r) + i * len, RARRAY_PTR(self), (size_t)len * sizeof(VALUE));
    RARRAY(r)->len = n * len;
    return obj_infect(r, self);
}

static VALUE ary_minus(VALUE self, int argc, const VALUE *argv)
{
    VALUE y = to_ary(argv[0]);
    VALUE set = set_of(y);
    VALUE r = ary_new();
    for (long i = 0; i < RARRAY_LEN(self); i++) {
        VALUE v = RARRAY_PTR(self)[i];
        if (hash_lookup(set, v) == Qundef) ary_push(r, v);
    }
    return r;
}

static VALUE ary_and(VALUE self, int argc, const VALUE *argv)
{
    VALUE y = to_ary(argv[0]);
    VALUE set = set_of(y);
    VALUE r = ary_new();
    for (long i = 0; i < RARRAY_LEN(self); i++) {
        VALUE v = RARRAY_PTR(self)[i];
        if (hash_delete(set, v) != Qundef) ary_push(r, v);
    }
    return r;
}

static VALUE ary_or(VALUE self, int argc, const VALUE *argv)
{
    VALUE y = to_ary(argv[0]);
    VALUE set = hash_new();
    VALUE r = ary_new();
    for (long i = 0; i < RARRAY_LEN(self); i++)
        if (set_add(set, RARRAY_PTR(self)[i])) ary_push(r, RARRAY_PTR(self)[i]);
    for (long i = 0; i < RARRAY_LEN(y); i++)
        if (set_add(set, RARRAY_PTR(y)[i])) ary_push(r, RARRAY_PTR(y)[i]);
    return r;
}

/* ------------------------------------------------------------ uniq, compact */
/* Frozen is checked at the first duplicate: without one there is nothing
   to change and 1.8.7 returns nil. */
static VALUE ary_uniq_bang(VALUE self, int argc, const VALUE *argv)
{
    VALUE set = hash_new();
    long j = 0;
    while (j < RARRAY_LEN(self) && set_add(set, RARRAY_PTR(self)[j])) j++;
    if (j >= RARRAY_LEN(self)) return Qnil;
    ary_modify(self);
    for (long i = j + 1; i < RARRAY_LEN(self); i++) {
        VALUE v = RARRAY_PTR(self)[i];
        if (!set_add(set, v)) continue;
        ary_store(self, j, v);
        j++;
    }
    ary_resize(self, j);
    return self;
}

static VALUE ary_uniq(VALUE self, int argc, const VALUE *argv)
{
    VALUE a = ary_dup_class(self);
    ary_uniq_bang(a, 0, NULL);
    return a;
}

static VALUE ary_compact_bang(VALUE self, int argc, const VALUE *argv)
{
    ary_modify(self);
    VALUE *p = RARRAY_PTR(self);
    long j = 0, len = RARRAY_LEN(self);
    for (long i = 0; i < len; i++)
        if (!NIL_P(p[i])) p[j++] = p[i];
    if (j == len) return Qnil;
    RARRAY(self)->len = j;
    return self;
}

static VALUE ary_compact(VALUE self, int argc, const VALUE *argv)
{
    VALUE a = ary_dup_class(self);
    ary_compact_bang(a, 0, NULL);
    return a;
}

/* ------------------------------------------------------------ flatten */
/* path holds (array, resume index, element it came from) triples: the
   element, so that an object whose to_ary makes a new array holding it
   again is caught as well as an array inside itself. */
static bool on_path(VALUE path, VALUE ary, VALUE elt)
{
    for (long i = 0; i < RARRAY_LEN(path); i += 3) {
        VALUE a = RARRAY_PTR(path)[i], src = RARRAY_PTR(path)[i + 2];
        if (a == ary || src == elt) return true;
    }
    return false;
}

/* Flatten level deep (all if level < 0) into a new array of ary's class;
   *modified tells whether any element was an array. */
static VALUE flatten(VALUE ary, int level, bool *modified)
{
    VALUE result = ary_alloc_class(obj_class(ary), RARRAY_LEN(ary));
    VALUE path = ary_hidden_new(12);
    VALUE top = ary, src = ary;
    long i = 0;
    *modified = false;
    for (;;) {
        while (i < RARRAY_LEN(ary)) {
            VALUE elt = RARRAY_PTR(ary)[i++];
            VALUE tmp = ARRAY_P(elt) ? elt : HEAP_P(elt) && !STRING_P(elt) ? conv_check_ary(elt) : Qnil;
            if (NIL_P(tmp) || (level >= 0 && RARRAY_LEN(path) / 3 >= level)) {
                ary_push(result, elt);
                continue;
            }
            *modified = true;
            if (tmp == top || on_path(path, tmp, elt))
                exc_raise(vm.c.ArgumentError, "tried to flatten recursive array");
            ary_push(path, ary);
            ary_push(path, INT2FIX(i));
            ary_push(path, src);
            ary = tmp;
            src = elt;
            i = 0;
        }
        if (RARRAY_LEN(path) == 0) break;
        src = ary_pop(path);
        i = FIX2LONG(ary_pop(path));
        ary = ary_pop(path);
    }
    return result;
}

static int level_arg(int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    return argc == 0 || NIL_P(argv[0]) ? -1 : num_to_int(argv[0]);
}

static VALUE ary_flatten_m(VALUE self, int argc, const VALUE *argv)
{
    int level = level_arg(argc, argv);
    bool mod;
    if (level == 0) return self;
    return obj_infect(flatten(self, level, &mod), self);
}

static VALUE ary_flatten_bang(VALUE self, int argc, const VALUE *argv)
{
    int level = level_arg(argc, argv);
    bool mod;
    if (level == 0) return self;
    VALUE r = flatten(self, level, &mod);
    if (!mod) return Qnil;
    ary_modify(self);
    ary_replace(self, r);
    return self;
}

/* ------------------------------------------------------------ block filters */
static VALUE ary_collect(VALUE self, int argc, const VALUE *argv)
{
    if (!vm_block_given()) return ary_new_from(RARRAY_LEN(self), RARRAY_PTR(self));   /* 1.8.7 */
    VALUE r = ary_new_capa(RARRAY_LEN(self));
    struct yielder y;
    vm_yield_prepare(&y);
    for (long i = 0; i < RARRAY_LEN(self); i++) ary_push(r, vm_yield_next(&y, RARRAY_PTR(self)[i]));
    return r;
}

static VALUE ary_collect_bang(VALUE self, int argc, const VALUE *argv)
{
    if (!vm_block_given()) return enumerator_for(self, sym_name(vm_current_mid()), 0, NULL);
    ary_modify(self);
    struct yielder y;
    vm_yield_prepare(&y);
    for (long i = 0; i < RARRAY_LEN(self); i++) ary_store(self, i, vm_yield_next(&y, RARRAY_PTR(self)[i]));
    return self;
}

static VALUE ary_select(VALUE self, int argc, const VALUE *argv)
{
    if (!vm_block_given()) return enumerator_for(self, "select", 0, NULL);
    VALUE r = ary_new();
    struct yielder y;
    vm_yield_prepare(&y);
    for (long i = 0; i < RARRAY_LEN(self); i++) {
        VALUE v = RARRAY_PTR(self)[i];
        if (RTEST(vm_yield_next(&y, v))) ary_push(r, v);
    }
    return r;
}

static VALUE reject_bang(VALUE self)
{
    ary_modify(self);
    struct yielder y;
    vm_yield_prepare(&y);
    long j = 0, i;
    for (i = 0; i < RARRAY_LEN(self); i++) {
        VALUE v = RARRAY_PTR(self)[i];
        if (RTEST(vm_yield_next(&y, v))) continue;
        if (i != j) ary_store(self, j, v);
        j++;
    }
    if (RARRAY_LEN(self) == j) return Qnil;
    ary_resize(self, j);
    return self;
}

static VALUE ary_reject_bang(VALUE self, int argc, const VALUE *argv)
{
    if (!vm_block_given()) return enumerator_for(self, "reject!", 0, NULL);
    return reject_bang(self);
}

static VALUE ary_delete_if(VALUE self, int argc, const VALUE *argv)
{
    if (!vm_block_given()) return enumerator_for(self, "delete_if", 0, NULL);
    reject_bang(self);
    return self;
}

static VALUE ary_reject(VALUE self, int argc, const VALUE *argv)
{
    if (!vm_block_given()) return enumerator_for(self, "reject", 0, NULL);
    VALUE a = ary_dup_class(self);
    reject_bang(a);
    return a;
}

/* ------------------------------------------------------------ fill */
static VALUE ary_fill(VALUE self, int argc, const VALUE *argv)
{
    bool block = vm_block_given();
    VALUE item = Qnil, arg1 = Qnil, arg2 = Qnil;
    if (block) {
        arity_check(argc, 0, 2);
        if (argc > 0) arg1 = argv[0];
        if (argc > 1) arg2 = argv[1];
        argc++;
    } else {
        arity_check(argc, 1, 3);
        item = argv[0];
        if (argc > 1) arg1 = argv[1];
        if (argc > 2) arg2 = argv[2];
    }
    long beg = 0, len = RARRAY_LEN(self), alen = RARRAY_LEN(self);
    if (argc == 2 && TYPE_P(arg1, T_RANGE)) {
        range_beg_len(arg1, &beg, &len, alen, 1);
    } else if (argc >= 2) {
        beg = NIL_P(arg1) ? 0 : num_to_long(arg1);
        if (beg < 0 && (beg += alen) < 0) beg = 0;
        len = NIL_P(arg2) ? alen - beg : num_to_long(arg2);
    }
    ary_modify(self);
    if (len < 0) return self;
    long end = beg + len;
    if (end > RARRAY_LEN(self)) ary_resize(self, end);
    for (long i = beg; i < end; i++) {
        VALUE v = block ? vm_yield1(INT2FIX(i)) : item;
        if (i >= RARRAY_LEN(self)) break;
        ary_store(self, i, v);
    }
    return self;
}

/* ------------------------------------------------------------ searching, counting */
static VALUE ary_assoc(VALUE self, int argc, const VALUE *argv)
{
    for (long i = 0; i < RARRAY_LEN(self); i++) {
        VALUE e = RARRAY_PTR(self)[i];
        VALUE v = ARRAY_P(e) ? e : HEAP_P(e) && !STRING_P(e) ? conv_check_ary(e) : Qnil;
        if (!NIL_P(v) && RARRAY_LEN(v) > 0 && obj_equal(RARRAY_PTR(v)[0], argv[0])) return v;
    }
    return Qnil;
}

static VALUE ary_rassoc(VALUE self, int argc, const VALUE *argv)
{
    for (long i = 0; i < RARRAY_LEN(self); i++) {
        VALUE v = RARRAY_PTR(self)[i];
        if (ARRAY_P(v) && RARRAY_LEN(v) > 1 && obj_equal(RARRAY_PTR(v)[1], argv[0])) return v;
    }
    return Qnil;
}

static VALUE ary_count(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    long n = 0;
    if (argc == 0) {
        if (!vm_block_given()) return INT2FIX(RARRAY_LEN(self));
        for (long i = 0; i < RARRAY_LEN(self); i++)
            if (RTEST(vm_yield1(RARRAY_PTR(self)[i]))) n++;
        return INT2FIX(n);
    }
    if (vm_block_given()) exc_warn("given block not used");
    for (long i = 0; i < RARRAY_LEN(self); i++)
        if (obj_equal(RARRAY_PTR(self)[i], argv[0])) n++;
    return INT2FIX(n);
}

static VALUE ary_nitems(VALUE self, int argc, const VALUE *argv)
{
    bool block = vm_block_given();
    long n = 0;
    for (long i = 0; i < RARRAY_LEN(self); i++) {
        VALUE v = RARRAY_PTR(self)[i];
        if (block ? RTEST(vm_yield1(v)) : !NIL_P(v)) n++;
    }
    return INT2FIX(n);
}

/* ------------------------------------------------------------ take, drop */
static VALUE take(VALUE self, long n)
{
    if (n < 0) exc_raise(vm.c.ArgumentError, "attempt to take negative size");
    return ary_subseq(self, 0, n);
}

static VALUE ary_take(VALUE self, int argc, const VALUE *argv) { return take(self, num_to_long(argv[0])); }

static VALUE ary_take_while(VALUE self, int argc, const VALUE *argv)
{
    if (!vm_block_given()) return enumerator_for(self, "take_while", 0, NULL);
    long i;
    for (i = 0; i < RARRAY_LEN(self); i++)
        if (!RTEST(vm_yield1(RARRAY_PTR(self)[i]))) break;
    return take(self, i);
}

static VALUE drop(VALUE self, long n)
{
    if (n < 0) exc_raise(vm.c.ArgumentError, "attempt to drop negative size");
    VALUE r = ary_subseq(self, n, RARRAY_LEN(self));
    return NIL_P(r) ? ary_new() : r;
}

static VALUE ary_drop(VALUE self, int argc, const VALUE *argv) { return drop(self, num_to_long(argv[0])); }

static VALUE ary_drop_while(VALUE self, int argc, const VALUE *argv)
{
    if (!vm_block_given()) return enumerator_for(self, "drop_while", 0, NULL);
    long i;
    for (i = 0; i < RARRAY_LEN(self); i++)
        if (!RTEST(vm_yield1(RARRAY_PTR(self)[i]))) break;
    return drop(self, i);
}

/* ------------------------------------------------------------ zip, transpose, reverse */
/* 1.8's zip converts its arguments with to_a (Ranges, Hashes ...). */
static VALUE zip_arg(VALUE v)
{
    if (ARRAY_P(v)) return v;
    VALUE a = conv_check_ary(v);
    if (!NIL_P(a)) return a;
    if (!vm_respond_to(v, ID_to_a, true)) exc_type_error_conv(v, "Array");
    a = vm_call0(v, ID_to_a);
    if (!ARRAY_P(a)) exc_type_error_conv(v, "Array");
    return a;
}

static VALUE ary_zip(VALUE self, int argc, const VALUE *argv)
{
    VALUE args = ary_hidden_new(argc);
    for (int i = 0; i < argc; i++) ary_push(args, zip_arg(argv[i]));
    bool block = vm_block_given();
    VALUE result = block ? Qnil : ary_new_capa(RARRAY_LEN(self));
    for (long i = 0; i < RARRAY_LEN(self); i++) {
        VALUE tuple = ary_new_capa(argc + 1);
        ary_push(tuple, RARRAY_PTR(self)[i]);
        for (int j = 0; j < argc; j++) ary_push(tuple, ary_entry(RARRAY_PTR(args)[j], i));
        if (block) vm_yield1(tuple);
        else ary_push(result, tuple);
    }
    GC_GUARD(args);
    return result;
}

static VALUE ary_transpose(VALUE self, int argc, const VALUE *argv)
{
    long alen = RARRAY_LEN(self), elen = -1;
    if (alen == 0) return ary_dup_class(self);
    VALUE result = Qnil;
    for (long i = 0; i < alen; i++) {
        VALUE tmp = to_ary(ary_entry(self, i));
        if (elen < 0) {
            elen = RARRAY_LEN(tmp);
            result = ary_new_capa(elen);
            for (long j = 0; j < elen; j++) ary_push(result, ary_new_capa(alen));
        } else if (elen != RARRAY_LEN(tmp)) {
            exc_raise(vm.c.IndexError, "element size differs (%ld should be %ld)", RARRAY_LEN(tmp), elen);
        }
        for (long j = 0; j < elen; j++) ary_store(RARRAY_PTR(result)[j], i, ary_entry(tmp, j));
    }
    return result;
}

static VALUE ary_reverse_bang_m(VALUE self, int argc, const VALUE *argv) { return ary_reverse_bang(self); }

static VALUE ary_reverse(VALUE self, int argc, const VALUE *argv)
{
    long len = RARRAY_LEN(self);
    VALUE r = ary_alloc_class(obj_class(self), len);
    VALUE *src = RARRAY_PTR(self), *dst = RARRAY_PTR(r);
    for (long i = 0; i < len; i++) dst[i] = src[len - 1 - i];
    RARRAY(r)->len = len;
    return obj_infect(r, self);
}

void ary_init_ops(VALUE c)
{
    define_method(c, "+", ary_plus, 1);
    define_method(c, "*", ary_times, 1);
    define_method(c, "-", ary_minus, 1);
    define_method(c, "&", ary_and, 1);
    define_method(c, "|", ary_or, 1);
    define_method(c, "uniq", ary_uniq, 0);
    define_method(c, "uniq!", ary_uniq_bang, 0);
    define_method(c, "compact", ary_compact, 0);
    define_method(c, "compact!", ary_compact_bang, 0);
    define_method(c, "flatten", ary_flatten_m, -1);
    define_method(c, "flatten!", ary_flatten_bang, -1);
    define_method(c, "collect", ary_collect, 0);
    define_method(c, "map", ary_collect, 0);
    define_method(c, "collect!", ary_collect_bang, 0);
    define_method(c, "map!", ary_collect_bang, 0);
    define_method(c, "select", ary_select, 0);
    define_method(c, "reject", ary_reject, 0);
    define_method(c, "reject!", ary_reject_bang, 0);
    define_method(c, "delete_if", ary_delete_if, 0);
    define_method(c, "fill", ary_fill, -1);
    define_method(c, "assoc", ary_assoc, 1);
    define_method(c, "rassoc", ary_rassoc, 1);
    define_method(c, "count", ary_count, -1);
    define_method(c, "nitems", ary_nitems, 0);
    define_method(c, "take", ary_take, 1);
    define_method(c, "take_while", ary_take_while, 0);
    define_method(c, "drop", ary_drop, 1);
    define_method(c, "drop_while", ary_drop_while, 0);
    define_method(c, "zip", ary_zip, -1);
    define_method(c, "transpose", ary_transpose, 0);
    define_method(c, "reverse", ary_reverse, 0);
    define_method(c, "reverse!", ary_reverse_bang_m, 0);
}
