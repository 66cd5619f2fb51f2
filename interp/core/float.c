/* float.c: Float, IEEE doubles: flonums in the VALUE word when the
 * exponent allows (value.h), else boxed in a GC slot.
 *
 * Printing follows 1.8.7 exactly: 15 significant digits ("%#.15g"), then
 * trailing zeros stripped down to one digit after the point, so 0.1+0.2
 * prints 0.3 and 1e20 prints 1.0e+20.  Comparisons with Integers are
 * exact (through GMP) rather than through a lossy conversion. */
#include <ctype.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "runtime/internal.h"

VALUE float_new_heap(double d)
{
    VALUE v = gc_new_obj(T_FLOAT, vm.c.Float);
    RFLOAT(v)->value = d;
    return v;
}

VALUE flo_to_s(double value)
{
    if (isinf(value)) return str_new_cstr(value < 0 ? "-Infinity" : "Infinity");
    if (isnan(value)) return str_new_cstr("NaN");
    char buf[48], *e, *p;
    snprintf(buf, sizeof buf, "%#.15g", value);
    if (!(e = strchr(buf, 'e'))) e = buf + strlen(buf);
    if (!isdigit((unsigned char)e[-1])) {   /* "123456789012345." */
        snprintf(buf, sizeof buf, "%#.14e", value);
        if (!(e = strchr(buf, 'e'))) e = buf + strlen(buf);
    }
    for (p = e; p[-1] == '0' && isdigit((unsigned char)p[-2]); p--)
        ;
    memmove(p, e, strlen(e) + 1);
    return str_new_cstr(buf);
}

/* Floored division and modulo of doubles (1.8's flodivmod). */
void flo_divmod_d(double x, double y, double *divp, double *modp)
{
    double mod = fmod(x, y), div;
    if (isinf(x) && !isinf(y) && !isnan(y)) div = x;
    else div = (x - mod) / y;
    if (y * mod < 0) {
        mod += y;
        div -= 1.0;
    }
    if (modp) *modp = mod;
    if (divp) *divp = div;
}

/* The operand of an arithmetic operator as a double; false if it is not
   a number (the caller coerces). */
static inline bool operand(VALUE y, double *d)
{
    if (FLOAT_P(y)) *d = RFLOAT_VALUE(y);
    else if (FIXNUM_P(y)) *d = (double)FIX2LONG(y);
    else if (BIGNUM_P(y)) *d = big_to_dbl(y);
    else return false;
    return true;
}

/* ------------------------------------------------------------ arithmetic */
#define FLO_ARITH(name, expr, id)                                            \
    static VALUE name(VALUE x, int argc, const VALUE *argv)                  \
    {                                                                        \
        double a = RFLOAT_VALUE(x), b;                                       \
        if (!operand(argv[0], &b)) return num_coerce_bin(x, argv[0], id);    \
        return float_new(expr);                                              \
    }
FLO_ARITH(flo_plus, a + b, ID_plus)
FLO_ARITH(flo_minus, a - b, ID_minus)
FLO_ARITH(flo_mul, a * b, ID_mul)
FLO_ARITH(flo_div, a / b, ID_div)
FLO_ARITH(flo_pow, pow(a, b), ID_pow)

static VALUE flo_mod(VALUE x, int argc, const VALUE *argv)
{
    double b, mod;
    if (!operand(argv[0], &b)) return num_coerce_bin(x, argv[0], ID_mod);
    flo_divmod_d(RFLOAT_VALUE(x), b, NULL, &mod);
    return float_new(mod);
}

static VALUE flo_divmod(VALUE x, int argc, const VALUE *argv)
{
    double b, div, mod;
    if (!operand(argv[0], &b)) return num_coerce_bin(x, argv[0], sym_intern_cstr("divmod"));
    flo_divmod_d(RFLOAT_VALUE(x), b, &div, &mod);
    VALUE q = big_from_dbl(div);
    return ary_new_of(2, q, float_new(mod));
}

static VALUE flo_uminus(VALUE x, int argc, const VALUE *argv) { return float_new(-RFLOAT_VALUE(x)); }
static VALUE flo_abs(VALUE x, int argc, const VALUE *argv) { return float_new(fabs(RFLOAT_VALUE(x))); }

/* ------------------------------------------------------------ comparison */
/* x <=> y for a Float x: -1/0/1, or 2 when unordered (NaN); *number is
   false when y is not a number at all (the caller coerces). */
static int flo_compare(VALUE x, VALUE y, bool *number)
{
    double a = RFLOAT_VALUE(x);
    *number = true;
    if (FLOAT_P(y) || (FIXNUM_P(y) && labs(FIX2LONG(y)) <= (1L << 53))) {
        double b = FLOAT_P(y) ? RFLOAT_VALUE(y) : (double)FIX2LONG(y);
        if (isnan(a) || isnan(b)) return 2;
        return (a > b) - (a < b);
    }
    if (INTEGER_P(y)) {
        if (isnan(a)) return 2;
        return -(int)FIX2LONG(big_compare(y, x, ID_cmp));
    }
    *number = false;
    return 2;
}

static VALUE flo_eq(VALUE x, int argc, const VALUE *argv)
{
    bool number;
    int c = flo_compare(x, argv[0], &number);
    if (!number) return x == argv[0] ? Qtrue : vm_call1(argv[0], ID_eq, x);
    return BOOL2V(c == 0);
}

static VALUE flo_cmp(VALUE x, int argc, const VALUE *argv)
{
    bool number;
    int c = flo_compare(x, argv[0], &number);
    if (!number) return num_coerce_cmp(x, argv[0], ID_cmp);
    return c == 2 ? Qnil : INT2FIX(c);
}

#define FLO_RELOP(name, test, id)                                            \
    static VALUE name(VALUE x, int argc, const VALUE *argv)                  \
    {                                                                        \
        bool number;                                                         \
        int c = flo_compare(x, argv[0], &number);                            \
        if (!number) return num_coerce_relop(x, argv[0], id);                \
        return BOOL2V(c != 2 && (test));                                     \
    }
FLO_RELOP(flo_lt, c < 0, ID_lt)
FLO_RELOP(flo_le, c <= 0, ID_le)
FLO_RELOP(flo_gt, c > 0, ID_gt)
FLO_RELOP(flo_ge, c >= 0, ID_ge)

static VALUE flo_eql(VALUE x, int argc, const VALUE *argv)
{
    VALUE y = argv[0];
    return BOOL2V(FLOAT_P(y) && RFLOAT_VALUE(x) == RFLOAT_VALUE(y));
}

static VALUE flo_hash(VALUE x, int argc, const VALUE *argv)
{
    double d = RFLOAT_VALUE(x);
    if (d == 0.0) d = 0.0;   /* -0.0 eql? 0.0 */
    uint64_t h;
    memcpy(&h, &d, sizeof h);
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return INT2FIX((long)(h >> 2));
}

/* ------------------------------------------------------------ conversion */
static VALUE flo_to_s_m(VALUE x, int argc, const VALUE *argv) { return flo_to_s(RFLOAT_VALUE(x)); }
static VALUE flo_to_f(VALUE x, int argc, const VALUE *argv) { return x; }

static VALUE flo_coerce(VALUE x, int argc, const VALUE *argv)
{
    VALUE y = num_to_float(argv[0]);
    return ary_new_of(2, y, x);
}

static VALUE flo_truncate(VALUE x, int argc, const VALUE *argv) { return big_from_dbl(RFLOAT_VALUE(x)); }
static VALUE flo_floor(VALUE x, int argc, const VALUE *argv) { return big_from_dbl(floor(RFLOAT_VALUE(x))); }
static VALUE flo_ceil(VALUE x, int argc, const VALUE *argv) { return big_from_dbl(ceil(RFLOAT_VALUE(x))); }
static VALUE flo_round(VALUE x, int argc, const VALUE *argv) { return big_from_dbl(round(RFLOAT_VALUE(x))); }

static VALUE flo_zero_p(VALUE x, int argc, const VALUE *argv) { return BOOL2V(RFLOAT_VALUE(x) == 0.0); }
static VALUE flo_nan_p(VALUE x, int argc, const VALUE *argv) { return BOOL2V(isnan(RFLOAT_VALUE(x))); }
static VALUE flo_finite_p(VALUE x, int argc, const VALUE *argv) { return BOOL2V(isfinite(RFLOAT_VALUE(x))); }

static VALUE flo_infinite_p(VALUE x, int argc, const VALUE *argv)
{
    double d = RFLOAT_VALUE(x);
    if (!isinf(d)) return Qnil;
    return INT2FIX(d < 0 ? -1 : 1);
}

void flo_init(void)
{
    VALUE k = vm.c.Float;
    static const struct { const char *name; cfunc fn; int arity; } methods[] = {
        { "+", flo_plus, 1 }, { "-", flo_minus, 1 }, { "*", flo_mul, 1 }, { "/", flo_div, 1 },
        { "%", flo_mod, 1 }, { "modulo", flo_mod, 1 }, { "divmod", flo_divmod, 1 },
        { "**", flo_pow, 1 }, { "-@", flo_uminus, 0 }, { "abs", flo_abs, 0 },
        { "==", flo_eq, 1 }, { "<=>", flo_cmp, 1 }, { "<", flo_lt, 1 }, { "<=", flo_le, 1 },
        { ">", flo_gt, 1 }, { ">=", flo_ge, 1 }, { "eql?", flo_eql, 1 }, { "hash", flo_hash, 0 },
        { "to_s", flo_to_s_m, 0 }, { "to_f", flo_to_f, 0 }, { "coerce", flo_coerce, 1 },
        { "to_i", flo_truncate, 0 }, { "to_int", flo_truncate, 0 }, { "truncate", flo_truncate, 0 },
        { "floor", flo_floor, 0 }, { "ceil", flo_ceil, 0 }, { "round", flo_round, 0 },
        { "zero?", flo_zero_p, 0 }, { "nan?", flo_nan_p, 0 }, { "finite?", flo_finite_p, 0 },
        { "infinite?", flo_infinite_p, 0 },
    };
    for (size_t i = 0; i < countof(methods); i++)
        define_method(k, methods[i].name, methods[i].fn, methods[i].arity);

    define_const(k, "ROUNDS", INT2FIX(FLT_ROUNDS));
    define_const(k, "RADIX", INT2FIX(FLT_RADIX));
    define_const(k, "MANT_DIG", INT2FIX(DBL_MANT_DIG));
    define_const(k, "DIG", INT2FIX(DBL_DIG));
    define_const(k, "MIN_EXP", INT2FIX(DBL_MIN_EXP));
    define_const(k, "MAX_EXP", INT2FIX(DBL_MAX_EXP));
    define_const(k, "MIN_10_EXP", INT2FIX(DBL_MIN_10_EXP));
    define_const(k, "MAX_10_EXP", INT2FIX(DBL_MAX_10_EXP));
    define_const(k, "MIN", float_new(DBL_MIN));
    define_const(k, "MAX", float_new(DBL_MAX));
    define_const(k, "EPSILON", float_new(DBL_EPSILON));
}
