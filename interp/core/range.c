/* range.c: the Range class (1.8.7 semantics) and range_beg_len, which
 * String#[] and Array#[] use to resolve a Range against a length.
 *
 * A Range is a T_RANGE slot: beg, end, and the RANGE_EXCL flag for `...`.
 * RANGE_INIT marks a Range whose initialize has run: Ranges are immutable,
 * so a second initialize raises NameError as in 1.8.7.
 */
#include <string.h>
#include "runtime/internal.h"

#define RANGE_INIT FL_USER(1)
#define EXCL(r) (FL_TEST(r, RANGE_EXCL) != 0)

static VALUE range_alloc(VALUE klass)
{
    VALUE r = gc_new_obj(T_RANGE, klass);
    RRANGE(r)->beg = RRANGE(r)->end = Qnil;
    return r;
}

/* ------------------------------------------------------------ comparing */
static VALUE cmp_body(VALUE p)
{
    const VALUE *ends = (const VALUE *)p;
    return vm_call1(ends[0], ID_cmp, ends[1]);
}

static VALUE cmp_rescued(VALUE arg, VALUE exc) { return Qnil; }

/* The ends must be comparable: beg <=> end is not nil and does not raise. */
static void range_check(VALUE beg, VALUE end)
{
    if (FIXNUM_P(beg) && FIXNUM_P(end)) return;
    VALUE ends[2] = { beg, end };
    if (NIL_P(vm_rescue(cmp_body, (VALUE)ends, cmp_rescued, Qnil, 0)))
        exc_raise(vm.c.ArgumentError, "bad value for range");
}

/* a <=> b as -1, 0, 1; 2 when <=> says nil (incomparable). */
static int r_cmp(VALUE a, VALUE b)
{
    if (FIXNUM_P(a) && FIXNUM_P(b)) {
        long x = FIX2LONG(a), y = FIX2LONG(b);
        return x < y ? -1 : x > y;
    }
    VALUE c = vm_call1(a, ID_cmp, b);
    return NIL_P(c) ? 2 : cmp_int(c, a, b);
}

static bool r_lt(VALUE a, VALUE b) { return r_cmp(a, b) == -1; }
static bool r_le(VALUE a, VALUE b) { int c = r_cmp(a, b); return c == -1 || c == 0; }

/* ------------------------------------------------------------ creating */
static void range_set(VALUE r, VALUE beg, VALUE end, bool excl)
{
    range_check(beg, end);
    RRANGE(r)->beg = beg;
    RRANGE(r)->end = end;
    if (excl) FL_SET(r, RANGE_EXCL); else FL_UNSET(r, RANGE_EXCL);
    FL_SET(r, RANGE_INIT);
}

VALUE range_new(VALUE beg, VALUE end, bool excl)
{
    range_check(beg, end);
    VALUE r = range_alloc(vm.c.Range);
    range_set(r, beg, end, excl);
    return r;
}

static VALUE range_initialize(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 2, 3);
    if (FL_TEST(self, RANGE_INIT)) exc_name_error(ID_initialize, "`initialize' called twice");
    range_set(self, argv[0], argv[1], argc == 3 && RTEST(argv[2]));
    return Qnil;
}

static VALUE range_init_copy(VALUE self, int argc, const VALUE *argv)
{
    VALUE orig = argv[0];
    if (self == orig) return self;
    obj_init_copy(self, orig);
    RRANGE(self)->beg = RRANGE(orig)->beg;
    RRANGE(self)->end = RRANGE(orig)->end;
    RBASIC(self)->flags = (RBASIC(self)->flags & ~(VALUE)RANGE_EXCL) | (RBASIC(orig)->flags & RANGE_EXCL);
    FL_SET(self, RANGE_INIT);
    return self;
}

/* ------------------------------------------------------------ range_beg_len */
int range_beg_len(VALUE range, long *begp, long *lenp, long len, int err)
{
    if (!obj_is_kind_of(range, vm.c.Range)) return 0;
    long beg = num_to_long(RRANGE(range)->beg);
    long end = num_to_long(RRANGE(range)->end);
    long orig_beg = beg, orig_end = end;
    if (beg < 0) {
        beg += len;
        if (beg < 0) goto out_of_range;
    }
    if (err == 0 || err == 2) {
        if (beg > len) goto out_of_range;
        if (end > len) end = len;
    }
    if (end < 0) end += len;
    if (!EXCL(range)) end++;
    *begp = beg;
    *lenp = end - beg < 0 ? 0 : end - beg;
    return 1;

out_of_range:
    if (err)
        exc_raise(vm.c.RangeError, "%ld..%s%ld out of range", orig_beg, EXCL(range) ? "." : "", orig_end);
    return 0;
}

/* ------------------------------------------------------------ iterating */
typedef void (*range_fn)(VALUE v, void *arg);

/* beg.upto(end) for Strings, as 1.8.7's rb_str_upto. */
static void str_upto(VALUE beg, VALUE end, bool excl, range_fn fn, void *arg)
{
    end = conv_to_str(end);
    int n = str_cmp(beg, end);
    if (n > 0 || (excl && n == 0)) return;
    VALUE after_end = vm_call0(end, ID_succ);
    VALUE cur = beg;
    while (!str_equal(cur, after_end)) {
        fn(cur, arg);
        if (!excl && str_equal(cur, end)) break;
        cur = conv_to_str(vm_call0(cur, ID_succ));
        if (excl && str_equal(cur, end)) break;
        if (RSTRING_LEN(cur) > RSTRING_LEN(end) || RSTRING_LEN(cur) == 0) break;
    }
}

/* v, v.succ, ... while v < end (or <=) */
static void succ_each(VALUE v, VALUE end, bool excl, range_fn fn, void *arg)
{
    if (excl) {
        while (r_lt(v, end)) {
            fn(v, arg);
            v = vm_call0(v, ID_succ);
        }
        return;
    }
    for (;;) {
        int c = r_cmp(v, end);
        if (c != -1 && c != 0) break;
        fn(v, arg);
        if (c == 0) break;
        v = vm_call0(v, ID_succ);
    }
}

static void range_iterate(VALUE range, range_fn fn, void *arg)
{
    VALUE beg = RRANGE(range)->beg, end = RRANGE(range)->end;
    if (!vm_respond_to(beg, ID_succ, false))
        exc_raise(vm.c.TypeError, "can't iterate from %s", obj_classname(beg));
    if (FIXNUM_P(beg) && FIXNUM_P(end)) {
        long lim = FIX2LONG(end) + (EXCL(range) ? 0 : 1);
        for (long i = FIX2LONG(beg); i < lim; i++) fn(INT2FIX(i), arg);
    } else if (STRING_P(beg)) {
        str_upto(beg, end, EXCL(range), fn, arg);
    } else {
        succ_each(beg, end, EXCL(range), fn, arg);
    }
}

static void yield_i(VALUE v, void *y) { vm_yield_next(y, v); }
static void push_i(VALUE v, void *ary) { ary_push((VALUE)ary, v); }

static VALUE range_each(VALUE self, int argc, const VALUE *argv)
{
    if (!vm_block_given()) return enumerator_for(self, "each", 0, NULL);
    struct yielder y;
    vm_yield_prepare(&y);
    range_iterate(self, yield_i, &y);
    return self;
}

static VALUE range_to_a(VALUE self, int argc, const VALUE *argv)
{
    VALUE ary = ary_new();
    range_iterate(self, push_i, (void *)ary);
    return ary;
}

/* step: yield the first element, then every unit-th (1.8.7 step_i) */
struct step_arg { long left, unit; };

static void step_i(VALUE v, void *p)
{
    struct step_arg *s = p;
    if (--s->left == 0) {
        s->left = s->unit;
        vm_yield1(v);
    }
}

/* The step: a Numeric (or anything with to_int), positive. */
static VALUE step_value(int argc, const VALUE *argv)
{
    if (argc == 0) return INT2FIX(1);
    VALUE step = argv[0];
    if (!FIXNUM_P(step) && !FLOAT_P(step) && !obj_is_kind_of(step, vm.c.Numeric))
        step = conv_to_integer(step);
    if (RTEST(vm_call1(step, ID_lt, INT2FIX(0)))) exc_raise(vm.c.ArgumentError, "step can't be negative");
    if (!RTEST(vm_call1(step, ID_gt, INT2FIX(0)))) exc_raise(vm.c.ArgumentError, "step can't be 0");
    return step;
}

static void step_numeric(VALUE b, VALUE e, VALUE step, bool excl)
{
    ID op = excl ? ID_lt : ID_le;
    for (; RTEST(vm_call1(b, op, e)); b = vm_call1(b, ID_plus, step)) vm_yield1(b);
}

static VALUE range_step(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    if (!vm_block_given()) return enumerator_for(self, "step", argc, argv);
    VALUE b = RRANGE(self)->beg, e = RRANGE(self)->end;
    VALUE step = step_value(argc, argv);
    if (FIXNUM_P(b) && FIXNUM_P(e) && FIXNUM_P(step)) {
        long end = FIX2LONG(e) + (EXCL(self) ? 0 : 1), unit = FIX2LONG(step);
        struct yielder y;
        vm_yield_prepare(&y);
        for (long i = FIX2LONG(b); i < end; i += unit) {
            vm_yield_next(&y, INT2FIX(i));
            if (i + unit < i) break;
        }
    } else if (FIXNUM_P(b) || FLOAT_P(b) || obj_is_kind_of(b, vm.c.Numeric)) {
        if (!num_float_step(b, e, step, EXCL(self))) step_numeric(b, e, step, EXCL(self));
    } else {
        struct step_arg s = { 1, num_to_long(step) };
        if (STRING_P(b)) str_upto(b, e, EXCL(self), step_i, &s);
        else {
            if (!vm_respond_to(b, ID_succ, false))
                exc_raise(vm.c.TypeError, "can't iterate from %s", obj_classname(b));
            succ_each(b, e, EXCL(self), step_i, &s);
        }
    }
    return self;
}

/* ------------------------------------------------------------ queries */
static VALUE range_first(VALUE self, int argc, const VALUE *argv) { return RRANGE(self)->beg; }
static VALUE range_last(VALUE self, int argc, const VALUE *argv) { return RRANGE(self)->end; }
static VALUE range_exclude_end_p(VALUE self, int argc, const VALUE *argv) { return BOOL2V(EXCL(self)); }

/* 1.8.7: beg <= v and v < end (or <=), for any comparable values */
static VALUE range_include(VALUE self, int argc, const VALUE *argv)
{
    VALUE v = argv[0];
    if (!r_le(RRANGE(self)->beg, v)) return Qfalse;
    return BOOL2V(EXCL(self) ? r_lt(v, RRANGE(self)->end) : r_le(v, RRANGE(self)->end));
}

static VALUE range_equal(VALUE self, VALUE other, bool eql)
{
    if (self == other) return Qtrue;
    if (!obj_is_instance_of(other, obj_class(self))) return Qfalse;
    bool (*eq)(VALUE, VALUE) = eql ? obj_eql : obj_equal;
    return BOOL2V(eq(RRANGE(self)->beg, RRANGE(other)->beg) &&
                  eq(RRANGE(self)->end, RRANGE(other)->end) && EXCL(self) == EXCL(other));
}

static VALUE range_eq(VALUE self, int argc, const VALUE *argv) { return range_equal(self, argv[0], false); }
static VALUE range_eql(VALUE self, int argc, const VALUE *argv) { return range_equal(self, argv[0], true); }

static VALUE range_hash(VALUE self, int argc, const VALUE *argv)
{
    unsigned long h = EXCL(self);
    h ^= (unsigned long)obj_hash(RRANGE(self)->beg) << 1;
    h ^= (unsigned long)obj_hash(RRANGE(self)->end) << 9;
    h ^= (unsigned long)EXCL(self) << 24;
    return INT2FIX((long)(h >> 1));
}

static VALUE range_str(VALUE self, VALUE (*conv)(VALUE))
{
    VALUE str = str_dup(conv(RRANGE(self)->beg));
    str_cat(str, "...", EXCL(self) ? 3 : 2);
    return str_append(str, conv(RRANGE(self)->end));
}

static VALUE range_to_s(VALUE self, int argc, const VALUE *argv) { return range_str(self, obj_to_s); }
static VALUE range_inspect(VALUE self, int argc, const VALUE *argv) { return range_str(self, obj_inspect); }

/* ------------------------------------------------------------ init */
void range_init(void)
{
    VALUE c = vm.c.Range = class_define("Range", vm.c.Object);
    class_set_allocator(c, range_alloc);
    module_include(c, vm.c.Enumerable);
    define_private_method(c, "initialize", range_initialize, -1);
    define_private_method(c, "initialize_copy", range_init_copy, 1);
    define_method(c, "==", range_eq, 1);
    define_method(c, "===", range_include, 1);
    define_method(c, "eql?", range_eql, 1);
    define_method(c, "hash", range_hash, 0);
    define_method(c, "each", range_each, 0);
    define_method(c, "step", range_step, -1);
    define_method(c, "first", range_first, 0);
    define_method(c, "last", range_last, 0);
    define_method(c, "begin", range_first, 0);
    define_method(c, "end", range_last, 0);
    define_method(c, "to_a", range_to_a, 0);
    define_method(c, "to_s", range_to_s, 0);
    define_method(c, "inspect", range_inspect, 0);
    define_method(c, "exclude_end?", range_exclude_end_p, 0);
    define_method(c, "member?", range_include, 1);
    define_method(c, "include?", range_include, 1);
}
