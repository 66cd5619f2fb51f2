/* math.c: the Math module, as in 1.8.7.
 *
 * Arguments go through Float() rules (so Math.sqrt("4") is 2.0 and nil is
 * a TypeError).  1.8 has no Math::DomainError: the functions it checked
 * (sqrt, log, log2, log10, acos, asin, acosh, atanh) raise Errno::EDOM
 * "Numerical argument out of domain - sqrt" when the result is NaN; the
 * others return NaN. */
#include <errno.h>
#include <math.h>
#include "runtime/internal.h"

static double arg(VALUE v) { return RFLOAT_VALUE(num_to_float(v)); }

static VALUE domain_checked(double d, const char *name)
{
    if (isnan(d)) {
        VALUE what = str_new_cstr(name);
        exc_raise_obj(class_new_instance(exc_errno_class(EDOM), 1, &what));
    }
    return float_new(d);
}

#define MATH_FN(name, expr)                                                  \
    static VALUE math_##name(VALUE self, int argc, const VALUE *argv)        \
    {                                                                        \
        double x = arg(argv[0]);                                             \
        return float_new(expr);                                              \
    }
#define MATH_FN_CHECKED(name, expr)                                          \
    static VALUE math_##name(VALUE self, int argc, const VALUE *argv)        \
    {                                                                        \
        double x = arg(argv[0]);                                             \
        return domain_checked(expr, #name);                                  \
    }

MATH_FN(cos, cos(x))
MATH_FN(sin, sin(x))
MATH_FN(tan, tan(x))
MATH_FN(atan, atan(x))
MATH_FN(cosh, cosh(x))
MATH_FN(sinh, sinh(x))
MATH_FN(tanh, tanh(x))
MATH_FN(asinh, asinh(x))
MATH_FN(exp, exp(x))
MATH_FN(erf, erf(x))
MATH_FN(erfc, erfc(x))
MATH_FN_CHECKED(acos, acos(x))
MATH_FN_CHECKED(asin, asin(x))
MATH_FN_CHECKED(acosh, acosh(x))
MATH_FN_CHECKED(atanh, atanh(x))
MATH_FN_CHECKED(log, log(x))
MATH_FN_CHECKED(log2, log2(x))
MATH_FN_CHECKED(log10, log10(x))
MATH_FN_CHECKED(sqrt, sqrt(x))

static VALUE math_atan2(VALUE self, int argc, const VALUE *argv)
{
    double y = arg(argv[0]), x = arg(argv[1]);
    return float_new(atan2(y, x));
}

static VALUE math_hypot(VALUE self, int argc, const VALUE *argv)
{
    double x = arg(argv[0]), y = arg(argv[1]);
    return float_new(hypot(x, y));
}

static VALUE math_frexp(VALUE self, int argc, const VALUE *argv)
{
    int e;
    double d = frexp(arg(argv[0]), &e);
    return ary_new_of(2, float_new(d), INT2FIX(e));
}

static VALUE math_ldexp(VALUE self, int argc, const VALUE *argv)
{
    double x = arg(argv[0]);
    return float_new(ldexp(x, num_to_int(argv[1])));
}

void math_init(void)
{
    VALUE m = vm.c.Math = module_define("Math");
    define_const(m, "PI", float_new(M_PI));
    define_const(m, "E", float_new(M_E));
    static const struct { const char *name; cfunc fn; int arity; } fns[] = {
        { "atan2", math_atan2, 2 }, { "cos", math_cos, 1 }, { "sin", math_sin, 1 },
        { "tan", math_tan, 1 }, { "acos", math_acos, 1 }, { "asin", math_asin, 1 },
        { "atan", math_atan, 1 }, { "cosh", math_cosh, 1 }, { "sinh", math_sinh, 1 },
        { "tanh", math_tanh, 1 }, { "acosh", math_acosh, 1 }, { "asinh", math_asinh, 1 },
        { "atanh", math_atanh, 1 }, { "exp", math_exp, 1 }, { "log", math_log, 1 },
        { "log2", math_log2, 1 }, { "log10", math_log10, 1 }, { "sqrt", math_sqrt, 1 },
        { "frexp", math_frexp, 1 }, { "ldexp", math_ldexp, 2 }, { "hypot", math_hypot, 2 },
        { "erf", math_erf, 1 }, { "erfc", math_erfc, 1 },
    };
    for (size_t i = 0; i < countof(fns); i++)
        define_module_function(m, fns[i].name, fns[i].fn, fns[i].arity);
}
