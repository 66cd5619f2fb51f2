/* numeric.c: Numeric, Integer and Precision; coercion between number
 * classes (1.8's do_coerce: y.coerce(x) under a rescue); the implicit
 * conversions the rest of the interpreter uses (num_to_long, num_to_dbl,
 * conv_to_integer).  Fixnum, Bignum and Float live in fixnum.c, bignum.c
 * and float.c; num_init creates the classes and has fixnum.c and float.c
 * define their methods. */
#include <math.h>
#include <limits.h>
#include <stdio.h>
#include "runtime/internal.h"

/* ------------------------------------------------------------ making integers */
VALUE int_new(long n)
{
    if (FIXABLE(n)) return INT2FIX(n);
    mp_limb_t limb = n < 0 ? -(mp_limb_t)n : (mp_limb_t)n;
    mpz_t z;
    return big_new_mpz(mpz_roinit_n(z, &limb, n < 0 ? -1 : 1));
}

VALUE int_new_ull(unsigned long long n)
{
    if (n <= (unsigned long long)FIXNUM_MAX) return INT2FIX((long)n);
    mp_limb_t limb = (mp_limb_t)n;
    mpz_t z;
    return big_new_mpz(mpz_roinit_n(z, &limb, 1));
}

/* ------------------------------------------------------------ coercion */
/* 1.8 names special constants by their inspect, objects by their class. */
static NORETURN void coerce_failed(VALUE x, VALUE y)
{
    bool special = SPECIAL_P(y) && !FLONUM_P(y);   /* a flonum is a Float object to 1.8 */
    volatile VALUE desc = special ? obj_inspect(y) : Qnil;   /* alive while formatting */
    exc_raise(vm.c.TypeError, "%s can't be coerced into %s",
              special ? str_cstr(desc) : obj_classname(y), obj_classname(x));
}

static VALUE coerce_body(VALUE arg)
{
    VALUE *a = (VALUE *)arg;
    return vm_call1(a[1], ID_coerce, a[0]);
}

static VALUE coerce_rescue_raise(VALUE arg, VALUE exc)
{
    VALUE *a = (VALUE *)arg;
    coerce_failed(a[0], a[1]);
}

static VALUE coerce_rescue_quiet(VALUE arg, VALUE exc) { return Qnil; }

/* y.coerce(x) -> [x', y'].  A coerce that raises a StandardError counts as
   "cannot coerce": a TypeError when err, else false. */
static bool do_coerce(VALUE *x, VALUE *y, bool err)
{
    VALUE a[2] = { *x, *y };
    if (!vm_respond_to(*y, ID_coerce, true)) {
        if (err) coerce_failed(*x, *y);
        return false;
    }
    VALUE ary = vm_rescue(coerce_body, (VALUE)a, err ? coerce_rescue_raise : coerce_rescue_quiet,
                          (VALUE)a, 0);
    if (!ARRAY_P(ary) || RARRAY_LEN(ary) != 2) {
        if (err) exc_raise(vm.c.TypeError, "coerce must return [x, y]");
        return false;
    }
    *x = RARRAY_PTR(ary)[0];
    *y = RARRAY_PTR(ary)[1];
    return true;
}

VALUE num_coerce_bin(VALUE x, VALUE y, ID op)
{
    do_coerce(&x, &y, true);
    return vm_call1(x, op, y);
}

VALUE num_coerce_cmp(VALUE x, VALUE y, ID op)
{
    if (!do_coerce(&x, &y, false)) return Qnil;
    return vm_call1(x, op, y);
}

VALUE num_coerce_relop(VALUE x, VALUE y, ID op)
{
    VALUE x0 = x, y0 = y, c;
    if (!do_coerce(&x, &y, false) || NIL_P(c = vm_call1(x, op, y))) cmp_failed(x0, y0);
    return c;
}

/* ------------------------------------------------------------ conversions */
VALUE conv_to_integer(VALUE v)
{
    if (INTEGER_P(v)) return v;
    if (FLOAT_P(v)) return big_from_dbl(RFLOAT_VALUE(v));
    if (!vm_respond_to(v, ID_to_int, true)) exc_type_error_conv(v, "Integer");
    VALUE r = vm_call0(v, ID_to_int);
    if (!INTEGER_P(r)) exc_raise(vm.c.TypeError, "%s#to_int should return Integer", obj_classname(v));
    return r;
}

long num_to_long(VALUE v)
{
    for (;;) {
        if (FIXNUM_P(v)) return FIX2LONG(v);
        if (NIL_P(v)) exc_raise(vm.c.TypeError, "no implicit conversion from nil to integer");
        if (FLOAT_P(v)) {
            double d = RFLOAT_VALUE(v);
            if (d < 9223372036854775808.0 && d >= -9223372036854775808.0) return (long)d;
            char buf[32];
            snprintf(buf, sizeof buf, "%-.10g", d);
            exc_raise(vm.c.RangeError, "float %s out of range of integer", buf);
        }
        if (BIGNUM_P(v)) {
            if (mpz_fits_slong_p(RBIGNUM(v)->mp)) return mpz_get_si(RBIGNUM(v)->mp);
            exc_raise(vm.c.RangeError, "bignum too big to convert into `long'");
        }
        v = conv_to_integer(v);
    }
}

int num_to_int(VALUE v)
{
    long n = num_to_long(v);
    if (n > INT_MAX) exc_raise(vm.c.RangeError, "integer %ld too big to convert to `int'", n);
    if (n < INT_MIN) exc_raise(vm.c.RangeError, "integer %ld too small to convert to `int'", n);
    return (int)n;
}

/* obj.to_f, checked (rb_convert_type with "Float", "to_f"). */
static VALUE convert_to_f(VALUE v)
{
    if (!vm_respond_to(v, ID_to_f, true)) exc_type_error_conv(v, "Float");
    VALUE r = vm_call0(v, ID_to_f);
    if (!FLOAT_P(r)) exc_raise(vm.c.TypeError, "%s#to_f should return Float", obj_classname(v));
    return r;
}

double num_to_dbl(VALUE v)
{
    if (FLOAT_P(v)) return RFLOAT_VALUE(v);
    if (FIXNUM_P(v)) return (double)FIX2LONG(v);
    if (BIGNUM_P(v)) return big_to_dbl(v);
    if (SPECIAL_P(v) || STRING_P(v)) exc_type_error_conv(v, "Float");
    return RFLOAT_VALUE(convert_to_f(v));
}

VALUE num_to_float(VALUE v)
{
    if (FLOAT_P(v)) return v;
    if (FIXNUM_P(v)) return float_new((double)FIX2LONG(v));
    if (BIGNUM_P(v)) return float_new(big_to_dbl(v));
    if (STRING_P(v)) return float_new(str_to_dbl(v, true));
    if (NIL_P(v)) exc_type_error_conv(v, "Float");
    VALUE f = convert_to_f(v);
    if (isnan(RFLOAT_VALUE(f))) exc_raise(vm.c.ArgumentError, "invalid value for Float()");
    return f;
}

/* ------------------------------------------------------------ Numeric */
static VALUE num_coerce(VALUE x, int argc, const VALUE *argv)
{
    VALUE y = argv[0];
    if (obj_class(x) == obj_class(y)) return ary_new_of(2, y, x);
    VALUE fx = num_to_float(x), fy = num_to_float(y);
    return ary_new_of(2, fy, fx);
}

static VALUE num_uplus(VALUE x, int argc, const VALUE *argv) { return x; }

static VALUE num_uminus(VALUE x, int argc, const VALUE *argv)
{
    VALUE zero = INT2FIX(0);
    do_coerce(&zero, &x, true);
    return vm_call1(zero, ID_minus, x);
}

static VALUE num_cmp_m(VALUE x, int argc, const VALUE *argv)
{
    return x == argv[0] ? INT2FIX(0) : Qnil;
}

static VALUE num_eql(VALUE x, int argc, const VALUE *argv)
{
    if (value_type(x) != value_type(argv[0])) return Qfalse;
    return BOOL2V(obj_equal(x, argv[0]));
}

static VALUE num_quo(VALUE x, int argc, const VALUE *argv) { return vm_call1(x, ID_div, argv[0]); }

static VALUE floor_to_int(VALUE v)
{
    if (INTEGER_P(v)) return v;
    return big_from_dbl(floor(RFLOAT_VALUE(num_to_float(v))));
}

static VALUE num_div(VALUE x, int argc, const VALUE *argv)
{
    return floor_to_int(vm_call1(x, ID_div, argv[0]));
}

static VALUE num_modulo(VALUE x, int argc, const VALUE *argv)
{
    VALUE y = argv[0];
    VALUE q = vm_call1(x, sym_intern_cstr("div"), y);
    return vm_call1(x, ID_minus, vm_call1(y, ID_mul, q));
}

static VALUE num_divmod(VALUE x, int argc, const VALUE *argv)
{
    VALUE q = vm_call1(x, sym_intern_cstr("div"), argv[0]);
    VALUE m = vm_call1(x, sym_intern_cstr("modulo"), argv[0]);
    return ary_new_of(2, q, m);
}

static bool num_positive(VALUE v) { return RTEST(vm_call1(v, ID_gt, INT2FIX(0))); }
static bool num_negative(VALUE v) { return RTEST(vm_call1(v, ID_lt, INT2FIX(0))); }

/* x % y with the sign of x (truncated division). */
static VALUE num_remainder(VALUE x, int argc, const VALUE *argv)
{
    VALUE y = argv[0];
    if (FIXNUM_P(x) && FIXNUM_P(y)) {
        if (y == INT2FIX(0)) exc_raise(vm.c.ZeroDivisionError, "divided by 0");
        return INT2FIX(FIX2LONG(x) % FIX2LONG(y));
    }
    VALUE z = vm_call1(x, ID_mod, y);
    if (!obj_equal(z, INT2FIX(0)) &&
        ((num_negative(x) && num_positive(y)) || (num_positive(x) && num_negative(y))))
        return vm_call1(z, ID_minus, y);
    return z;
}

static VALUE num_abs(VALUE x, int argc, const VALUE *argv)
{
    if (num_negative(x)) return vm_call0(x, ID_uminus);
    return x;
}

static VALUE num_zero_p(VALUE x, int argc, const VALUE *argv) { return BOOL2V(obj_equal(x, INT2FIX(0))); }

static VALUE num_nonzero_p(VALUE x, int argc, const VALUE *argv)
{
    return RTEST(vm_call0(x, sym_intern_cstr("zero?"))) ? Qnil : x;
}

static VALUE num_to_int_m(VALUE x, int argc, const VALUE *argv) { return vm_call0(x, ID_to_i); }
static VALUE num_false(VALUE x, int argc, const VALUE *argv) { return Qfalse; }

static VALUE num_floor(VALUE x, int argc, const VALUE *argv) { return floor_to_int(x); }

static VALUE num_ceil(VALUE x, int argc, const VALUE *argv)
{
    return big_from_dbl(ceil(RFLOAT_VALUE(num_to_float(x))));
}

static VALUE num_round(VALUE x, int argc, const VALUE *argv)
{
    return big_from_dbl(round(RFLOAT_VALUE(num_to_float(x))));
}

static VALUE num_truncate(VALUE x, int argc, const VALUE *argv)
{
    return big_from_dbl(trunc(RFLOAT_VALUE(num_to_float(x))));
}

static VALUE num_sadded(VALUE x, int argc, const VALUE *argv)
{
    ID mid = conv_to_id(argv[0]);
    exc_raise(vm.c.TypeError, "can't define singleton method \"%s\" for %s", sym_name(mid),
              obj_classname(x));
}

static VALUE num_init_copy(VALUE x, int argc, const VALUE *argv)
{
    exc_raise(vm.c.TypeError, "can't copy %s", obj_classname(x));
}

/* Float steps, as 1.8.7 counts them: n = (to - from) / step, rounded
   with a tolerance of a few ulps, so that 1.0.step(2.0, 0.1) ends at 2.0
   and (1...2).step(0.5) before it.  Yields i * step + from. */
static void step_float(VALUE from, VALUE to, VALUE step, bool excl)
{
    double beg = num_to_dbl(from), end = num_to_dbl(to), unit = num_to_dbl(step);
    double n = (end - beg) / unit;
    double err = (fabs(beg) + fabs(end) + fabs(end - beg)) / fabs(unit) * 2.220446049250313e-16;
    if (err > 0.5) err = 0.5;
    if (excl) {
        if (n <= 0) return;
        n = n < 1 ? 0 : floor(n - err);
    } else {
        if (n < 0) return;
        n = floor(n + err);
    }
    for (double i = 0; i <= n; i++) vm_yield1(float_new(i * unit + beg));
}

bool num_float_step(VALUE from, VALUE to, VALUE step, bool excl)
{
    if (!FLOAT_P(from) && !FLOAT_P(to) && !FLOAT_P(step)) return false;
    step_float(from, to, step, excl);
    return true;
}

static void step_generic(VALUE from, VALUE to, VALUE step)
{
    ID cmp = num_positive(step) ? ID_gt : ID_lt;
    for (VALUE i = from; !RTEST(vm_call1(i, cmp, to)); i = vm_call1(i, ID_plus, step))
        vm_yield1(i);
}

static VALUE num_step(VALUE from, int argc, const VALUE *argv)
{
    if (!vm_block_given()) return enumerator_for(from, "step", argc, argv);
    if (argc < 1 || argc > 2) exc_raise(vm.c.ArgumentError, "wrong number of arguments");
    VALUE to = argv[0], step = argc == 2 ? argv[1] : INT2FIX(1);
    if (argc == 2 && obj_equal(step, INT2FIX(0))) exc_raise(vm.c.ArgumentError, "step can't be 0");
    if (FIXNUM_P(from) && FIXNUM_P(to) && FIXNUM_P(step)) {
        long i = FIX2LONG(from), end = FIX2LONG(to), diff = FIX2LONG(step);
        struct yielder y;
        vm_yield_prepare(&y);
        if (diff > 0) for (; i <= end; i += diff) vm_yield_next(&y, INT2FIX(i));
        else for (; i >= end; i += diff) vm_yield_next(&y, INT2FIX(i));
    } else if (!num_float_step(from, to, step, false)) {
        step_generic(from, to, step);
    }
    return from;
}

/* ------------------------------------------------------------ Integer */
static VALUE int_self(VALUE x, int argc, const VALUE *argv) { return x; }
static VALUE int_true(VALUE x, int argc, const VALUE *argv) { return Qtrue; }

static VALUE int_succ(VALUE x, int argc, const VALUE *argv)
{
    if (FIXNUM_P(x)) return int_new(FIX2LONG(x) + 1);
    return vm_call1(x, ID_plus, INT2FIX(1));
}

static VALUE int_pred(VALUE x, int argc, const VALUE *argv)
{
    if (FIXNUM_P(x)) return int_new(FIX2LONG(x) - 1);
    return vm_call1(x, ID_minus, INT2FIX(1));
}

static VALUE int_chr(VALUE x, int argc, const VALUE *argv)
{
    long i = num_to_long(x);
    if (i < 0 || i > 0xff) exc_raise(vm.c.RangeError, "%ld out of char range", i);
    char c = (char)i;
    return str_new(&c, 1);
}

static VALUE int_odd_p(VALUE x, int argc, const VALUE *argv)
{
    if (FIXNUM_P(x)) return BOOL2V(FIX2LONG(x) & 1);
    if (BIGNUM_P(x)) return BOOL2V(mpz_odd_p(RBIGNUM(x)->mp));
    return BOOL2V(!obj_equal(vm_call1(x, ID_mod, INT2FIX(2)), INT2FIX(0)));
}

static VALUE int_even_p(VALUE x, int argc, const VALUE *argv)
{
    return BOOL2V(!RTEST(int_odd_p(x, 0, NULL)));
}

/* upto/downto on non-Fixnums: step by one while !(i op to). */
static void int_walk(VALUE from, VALUE to, ID op, ID step)
{
    VALUE i = from, c;
    while ((c = vm_call1(i, op, to)) == Qfalse) {
        vm_yield1(i);
        i = vm_call1(i, step, INT2FIX(1));
    }
    if (NIL_P(c)) cmp_failed(i, to);
}

static VALUE int_upto(VALUE from, int argc, const VALUE *argv)
{
    if (!vm_block_given()) return enumerator_for(from, "upto", argc, argv);
    VALUE to = argv[0];
    if (FIXNUM_P(from) && FIXNUM_P(to)) {
        struct yielder y;
        vm_yield_prepare(&y);
        for (long i = FIX2LONG(from), end = FIX2LONG(to); i <= end; i++) vm_yield_next(&y, INT2FIX(i));
    } else {
        int_walk(from, to, ID_gt, ID_plus);
    }
    return from;
}

static VALUE int_downto(VALUE from, int argc, const VALUE *argv)
{
    if (!vm_block_given()) return enumerator_for(from, "downto", argc, argv);
    VALUE to = argv[0];
    if (FIXNUM_P(from) && FIXNUM_P(to)) {
        struct yielder y;
        vm_yield_prepare(&y);
        for (long i = FIX2LONG(from), end = FIX2LONG(to); i >= end; i--) vm_yield_next(&y, INT2FIX(i));
    } else {
        int_walk(from, to, ID_lt, ID_minus);
    }
    return from;
}

static VALUE int_times(VALUE num, int argc, const VALUE *argv)
{
    if (!vm_block_given()) return enumerator_for(num, "times", argc, argv);
    if (FIXNUM_P(num)) {
        struct yielder y;
        vm_yield_prepare(&y);
        for (long i = 0, end = FIX2LONG(num); i < end; i++) vm_yield_next(&y, INT2FIX(i));
    } else {
        for (VALUE i = INT2FIX(0); RTEST(vm_call1(i, ID_lt, num)); i = vm_call1(i, ID_plus, INT2FIX(1)))
            vm_yield1(i);
    }
    return num;
}

static VALUE int_s_induced_from(VALUE klass, int argc, const VALUE *argv)
{
    VALUE x = argv[0];
    if (INTEGER_P(x)) return x;
    if (FLOAT_P(x)) return vm_call0(x, ID_to_i);
    exc_raise(vm.c.TypeError, "failed to convert %s into Integer", obj_classname(x));
}

static VALUE fix_s_induced_from(VALUE klass, int argc, const VALUE *argv)
{
    long v = num_to_long(argv[0]);
    if (!FIXABLE(v)) exc_raise(vm.c.RangeError, "integer %ld out of range of fixnum", v);
    return INT2FIX(v);
}

static VALUE flo_s_induced_from(VALUE klass, int argc, const VALUE *argv)
{
    VALUE x = argv[0];
    if (FLOAT_P(x)) return x;
    if (INTEGER_P(x)) return vm_call0(x, ID_to_f);
    exc_raise(vm.c.TypeError, "failed to convert %s into Float", obj_classname(x));
}

/* ------------------------------------------------------------ Precision */
static VALUE prec_prec(VALUE x, int argc, const VALUE *argv)
{
    return vm_call1(argv[0], sym_intern_cstr("induced_from"), x);
}

static VALUE prec_prec_i(VALUE x, int argc, const VALUE *argv)
{
    return vm_call1(x, sym_intern_cstr("prec"), vm.c.Integer);
}

static VALUE prec_prec_f(VALUE x, int argc, const VALUE *argv)
{
    return vm_call1(x, sym_intern_cstr("prec"), vm.c.Float);
}

static VALUE prec_induced_from(VALUE module, int argc, const VALUE *argv)
{
    exc_raise(vm.c.TypeError, "undefined conversion from %s into %s", obj_classname(argv[0]),
              class_name(module));
}

static VALUE prec_included(VALUE module, int argc, const VALUE *argv)
{
    VALUE inc = argv[0];
    if (!TYPE_P(inc, T_CLASS) && !TYPE_P(inc, T_MODULE)) exc_wrong_type(inc, "Class");
    define_singleton_method(inc, "induced_from", prec_induced_from, 1);
    return module;
}

/* ------------------------------------------------------------ setup */
static void define_numeric(VALUE k)
{
    define_method(k, "singleton_method_added", num_sadded, 1);
    define_method(k, "initialize_copy", num_init_copy, 1);
    define_method(k, "coerce", num_coerce, 1);
    define_method(k, "+@", num_uplus, 0);
    define_method(k, "-@", num_uminus, 0);
    define_method(k, "<=>", num_cmp_m, 1);
    define_method(k, "eql?", num_eql, 1);
    define_method(k, "quo", num_quo, 1);
    define_method(k, "div", num_div, 1);
    define_method(k, "divmod", num_divmod, 1);
    define_method(k, "modulo", num_modulo, 1);
    define_method(k, "remainder", num_remainder, 1);
    define_method(k, "abs", num_abs, 0);
    define_method(k, "to_int", num_to_int_m, 0);
    define_method(k, "integer?", num_false, 0);
    define_method(k, "zero?", num_zero_p, 0);
    define_method(k, "nonzero?", num_nonzero_p, 0);
    define_method(k, "floor", num_floor, 0);
    define_method(k, "ceil", num_ceil, 0);
    define_method(k, "round", num_round, 0);
    define_method(k, "truncate", num_truncate, 0);
    define_method(k, "step", num_step, -1);
}

static void define_integer(VALUE k)
{
    define_singleton_method(k, "induced_from", int_s_induced_from, 1);
    define_method(k, "integer?", int_true, 0);
    define_method(k, "odd?", int_odd_p, 0);
    define_method(k, "even?", int_even_p, 0);
    define_method(k, "upto", int_upto, 1);
    define_method(k, "downto", int_downto, 1);
    define_method(k, "times", int_times, 0);
    define_method(k, "succ", int_succ, 0);
    define_method(k, "next", int_succ, 0);
    define_method(k, "pred", int_pred, 0);
    define_method(k, "chr", int_chr, 0);
    define_method(k, "ord", int_self, 0);
    define_method(k, "to_i", int_self, 0);
    define_method(k, "to_int", int_self, 0);
    define_method(k, "floor", int_self, 0);
    define_method(k, "ceil", int_self, 0);
    define_method(k, "round", int_self, 0);
    define_method(k, "truncate", int_self, 0);
}

static void define_precision(VALUE m)
{
    define_singleton_method(m, "included", prec_included, 1);
    define_method(m, "prec", prec_prec, 1);
    define_method(m, "prec_i", prec_prec_i, 0);
    define_method(m, "prec_f", prec_prec_f, 0);
}

void num_init(void)
{
    struct core_classes *c = &vm.c;
    c->Precision = module_define("Precision");
    define_precision(c->Precision);

    c->Numeric = class_define("Numeric", c->Object);
    module_include(c->Numeric, c->Comparable);
    define_numeric(c->Numeric);

    c->Integer = class_define("Integer", c->Numeric);
    class_set_allocator(c->Integer, NULL);
    undef_method(singleton_class(c->Integer), "new");
    module_include(c->Integer, c->Precision);
    define_integer(c->Integer);

    c->Fixnum = class_define("Fixnum", c->Integer);
    define_singleton_method(c->Fixnum, "induced_from", fix_s_induced_from, 1);
    fix_init();

    c->Float = class_define("Float", c->Numeric);
    class_set_allocator(c->Float, NULL);
    undef_method(singleton_class(c->Float), "new");
    module_include(c->Float, c->Precision);
    define_singleton_method(c->Float, "induced_from", flo_s_induced_from, 1);
    flo_init();
}
