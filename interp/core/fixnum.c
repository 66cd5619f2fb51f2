/* fixnum.c: Fixnum, the 63-bit immediate integers, and int_plus/minus/mul.
 *
 * Each method handles Fixnum op Fixnum inline and hands everything else
 * (Bignum or Float operands, overflow, coercion) to bignum.c's big_op and
 * friends, which take any Integer as the receiver.  Division and modulo
 * floor toward minus infinity, as in Ruby. */
#include <math.h>
#include "runtime/internal.h"

static NORETURN void zerodiv(void)
{
    exc_raise(vm.c.ZeroDivisionError, "divided by 0");
}

/* ------------------------------------------------------------ public helpers */
VALUE int_plus(VALUE a, VALUE b)
{
    if (FIXNUM_P(a) && FIXNUM_P(b)) return int_new(FIX2LONG(a) + FIX2LONG(b));
    if (FIXNUM_P(a) && FLOAT_P(b)) return float_new((double)FIX2LONG(a) + RFLOAT_VALUE(b));
    return big_op(a, b, IOP_PLUS);
}

VALUE int_minus(VALUE a, VALUE b)
{
    if (FIXNUM_P(a) && FIXNUM_P(b)) return int_new(FIX2LONG(a) - FIX2LONG(b));
    if (FIXNUM_P(a) && FLOAT_P(b)) return float_new((double)FIX2LONG(a) - RFLOAT_VALUE(b));
    return big_op(a, b, IOP_MINUS);
}

VALUE int_mul(VALUE a, VALUE b)
{
    if (FIXNUM_P(a) && FIXNUM_P(b)) {
        long r;
        if (!__builtin_mul_overflow(FIX2LONG(a), FIX2LONG(b), &r)) return int_new(r);
    } else if (FIXNUM_P(a) && FLOAT_P(b)) {
        return float_new((double)FIX2LONG(a) * RFLOAT_VALUE(b));
    }
    return big_op(a, b, IOP_MUL);
}

/* ------------------------------------------------------------ arithmetic */
static VALUE fix_plus(VALUE x, int argc, const VALUE *argv) { return int_plus(x, argv[0]); }
static VALUE fix_minus(VALUE x, int argc, const VALUE *argv) { return int_minus(x, argv[0]); }
static VALUE fix_mul(VALUE x, int argc, const VALUE *argv) { return int_mul(x, argv[0]); }

static VALUE fix_div(VALUE x, int argc, const VALUE *argv)
{
    VALUE y = argv[0];
    if (FIXNUM_P(y)) {
        if (y == INT2FIX(0)) zerodiv();
        return int_new(fix_floor_div(FIX2LONG(x), FIX2LONG(y)));
    }
    if (FLOAT_P(y)) return float_new((double)FIX2LONG(x) / RFLOAT_VALUE(y));
    return big_op(x, y, IOP_DIV);
}

static VALUE fix_idiv(VALUE x, int argc, const VALUE *argv)
{
    VALUE y = argv[0];
    if (FIXNUM_P(y)) {
        if (y == INT2FIX(0)) zerodiv();
        return int_new(fix_floor_div(FIX2LONG(x), FIX2LONG(y)));
    }
    return big_op(x, y, IOP_IDIV);
}

static VALUE fix_mod(VALUE x, int argc, const VALUE *argv)
{
    VALUE y = argv[0];
    if (FIXNUM_P(y)) {
        if (y == INT2FIX(0)) zerodiv();
        return INT2FIX(fix_floor_mod(FIX2LONG(x), FIX2LONG(y)));
    }
    return big_op(x, y, IOP_MOD);
}

static VALUE fix_divmod(VALUE x, int argc, const VALUE *argv)
{
    VALUE y = argv[0];
    if (FIXNUM_P(y)) {
        long a = FIX2LONG(x), b = FIX2LONG(y);
        if (b == 0) zerodiv();
        return ary_new_of(2, int_new(fix_floor_div(a, b)), INT2FIX(fix_floor_mod(a, b)));
    }
    return big_op(x, y, IOP_DIVMOD);
}

static VALUE fix_quo(VALUE x, int argc, const VALUE *argv)
{
    VALUE y = argv[0];
    if (FIXNUM_P(y)) return float_new((double)FIX2LONG(x) / (double)FIX2LONG(y));
    return big_op(x, y, IOP_QUO);
}

static VALUE fix_fdiv(VALUE x, int argc, const VALUE *argv)
{
    VALUE y = argv[0];
    if (FIXNUM_P(y)) return float_new((double)FIX2LONG(x) / (double)FIX2LONG(y));
    return big_op(x, y, IOP_FDIV);
}

/* a**b in longs by squaring; false when it would overflow. */
static bool pow_long(long a, long b, long *out)
{
    long r = 1;
    for (;;) {
        if ((b & 1) && __builtin_mul_overflow(r, a, &r)) return false;
        b >>= 1;
        if (!b) break;
        if (__builtin_mul_overflow(a, a, &a)) return false;
    }
    *out = r;
    return true;
}

/* 1.8: a negative exponent gives a Float (2 ** -1 == 0.5). */
static VALUE fix_pow(VALUE x, int argc, const VALUE *argv)
{
    VALUE y = argv[0];
    if (!FIXNUM_P(y)) return big_pow(x, y);
    long a = FIX2LONG(x), b = FIX2LONG(y), r;
    if (b == 0) return INT2FIX(1);
    if (b == 1) return x;
    if (a == 0) return b > 0 ? INT2FIX(0) : float_new(HUGE_VAL);
    if (a == 1) return INT2FIX(1);
    if (a == -1) return INT2FIX(b % 2 == 0 ? 1 : -1);
    if (b < 0) return float_new(pow((double)a, (double)b));
    if (pow_long(a, b, &r)) return int_new(r);
    return big_pow(x, y);
}

static VALUE fix_uminus(VALUE x, int argc, const VALUE *argv) { return int_new(-FIX2LONG(x)); }

static VALUE fix_abs(VALUE x, int argc, const VALUE *argv)
{
    long v = FIX2LONG(x);
    return v < 0 ? int_new(-v) : x;
}

/* ------------------------------------------------------------ comparison */
static VALUE fix_eq(VALUE x, int argc, const VALUE *argv)
{
    VALUE y = argv[0];
    if (FIXNUM_P(y)) return BOOL2V(x == y);
    return big_compare(x, y, ID_eq);
}

static VALUE fix_cmp(VALUE x, int argc, const VALUE *argv)
{
    VALUE y = argv[0];
    if (FIXNUM_P(y)) {
        long a = FIX2LONG(x), b = FIX2LONG(y);
        return INT2FIX((a > b) - (a < b));
    }
    return big_compare(x, y, ID_cmp);
}

#define FIX_RELOP(name, op, id)                                              \
    static VALUE name(VALUE x, int argc, const VALUE *argv)                  \
    {                                                                        \
        VALUE y = argv[0];                                                   \
        if (FIXNUM_P(y)) return BOOL2V(FIX2LONG(x) op FIX2LONG(y));          \
        return big_compare(x, y, id);                                        \
    }
FIX_RELOP(fix_lt, <, ID_lt)
FIX_RELOP(fix_le, <=, ID_le)
FIX_RELOP(fix_gt, >, ID_gt)
FIX_RELOP(fix_ge, >=, ID_ge)

/* ------------------------------------------------------------ bits */
#define FIX_BITOP(name, op, id)                                              \
    static VALUE name(VALUE x, int argc, const VALUE *argv)                  \
    {                                                                        \
        VALUE y = argv[0];                                                   \
        if (FIXNUM_P(y)) return INT2FIX(FIX2LONG(x) op FIX2LONG(y));         \
        return big_bitop(x, y, id);                                          \
    }
FIX_BITOP(fix_and, &, ID_and)
FIX_BITOP(fix_or, |, ID_or)
FIX_BITOP(fix_xor, ^, ID_xor)

static VALUE fix_com(VALUE x, int argc, const VALUE *argv) { return INT2FIX(~FIX2LONG(x)); }

static VALUE rshift_long(long v, long n)
{
    if (n >= 63) return INT2FIX(v < 0 ? -1 : 0);
    return INT2FIX(v >> n);
}

/* v << n for 0 <= n; Qundef when the result is not a Fixnum. */
static VALUE lshift_long(long v, long n)
{
    if (v == 0) return INT2FIX(0);
    if (n >= 63) return Qundef;
    long r = (long)((unsigned long)v << n);
    if ((r >> n) != v || !FIXABLE(r)) return Qundef;
    return INT2FIX(r);
}

static VALUE fix_lshift(VALUE x, int argc, const VALUE *argv)
{
    VALUE y = argv[0];
    if (FIXNUM_P(y)) {
        long n = FIX2LONG(y);
        if (n < 0) return rshift_long(FIX2LONG(x), -n);
        VALUE r = lshift_long(FIX2LONG(x), n);
        if (r != Qundef) return r;
    }
    return big_shift(x, y, true);
}

static VALUE fix_rshift(VALUE x, int argc, const VALUE *argv)
{
    VALUE y = argv[0];
    if (FIXNUM_P(y)) {
        long n = FIX2LONG(y);
        if (n >= 0) return rshift_long(FIX2LONG(x), n);
        VALUE r = lshift_long(FIX2LONG(x), -n);
        if (r != Qundef) return r;
    }
    return big_shift(x, y, false);
}

/* Bit i of the two's complement form. */
static VALUE fix_aref(VALUE x, int argc, const VALUE *argv)
{
    long v = FIX2LONG(x);
    VALUE idx = argv[0];
    if (BIGNUM_P(idx)) {
        if (mpz_sgn(RBIGNUM(idx)->mp) < 0 || v >= 0) return INT2FIX(0);
        return INT2FIX(1);
    }
    long i = num_to_long(idx);
    if (i < 0) return INT2FIX(0);
    if (i >= 63) return INT2FIX(v < 0 ? 1 : 0);
    return INT2FIX((v >> i) & 1);
}

/* ------------------------------------------------------------ conversion */
static VALUE fix_to_s(VALUE x, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    return int_to_s(x, argc ? num_to_int(argv[0]) : 10);
}

static VALUE fix_to_f(VALUE x, int argc, const VALUE *argv) { return float_new((double)FIX2LONG(x)); }
static VALUE fix_size(VALUE x, int argc, const VALUE *argv) { return INT2FIX(sizeof(long)); }
static VALUE fix_zero_p(VALUE x, int argc, const VALUE *argv) { return BOOL2V(x == INT2FIX(0)); }

/* 1.8: a Symbol's to_i names it, and these map it back. */
static VALUE fix_id2name(VALUE x, int argc, const VALUE *argv)
{
    ID id = sym_from_i(FIX2LONG(x));
    return id ? str_new_cstr(sym_name(id)) : Qnil;
}

static VALUE fix_to_sym(VALUE x, int argc, const VALUE *argv)
{
    ID id = sym_from_i(FIX2LONG(x));
    return id ? ID2SYM(id) : Qnil;
}

static VALUE fix_succ(VALUE x, int argc, const VALUE *argv) { return int_new(FIX2LONG(x) + 1); }

void fix_init(void)
{
    VALUE k = vm.c.Fixnum;
    static const struct { const char *name; cfunc fn; int arity; } methods[] = {
        { "+", fix_plus, 1 }, { "-", fix_minus, 1 }, { "*", fix_mul, 1 },
        { "/", fix_div, 1 }, { "div", fix_idiv, 1 }, { "%", fix_mod, 1 },
        { "modulo", fix_mod, 1 }, { "divmod", fix_divmod, 1 }, { "quo", fix_quo, 1 },
        { "fdiv", fix_fdiv, 1 }, { "**", fix_pow, 1 }, { "-@", fix_uminus, 0 },
        { "abs", fix_abs, 0 }, { "==", fix_eq, 1 }, { "<=>", fix_cmp, 1 },
        { "<", fix_lt, 1 }, { "<=", fix_le, 1 }, { ">", fix_gt, 1 }, { ">=", fix_ge, 1 },
        { "&", fix_and, 1 }, { "|", fix_or, 1 }, { "^", fix_xor, 1 }, { "~", fix_com, 0 },
        { "<<", fix_lshift, 1 }, { ">>", fix_rshift, 1 }, { "[]", fix_aref, 1 },
        { "to_s", fix_to_s, -1 }, { "to_f", fix_to_f, 0 }, { "size", fix_size, 0 },
        { "zero?", fix_zero_p, 0 }, { "id2name", fix_id2name, 0 }, { "to_sym", fix_to_sym, 0 },
        { "succ", fix_succ, 0 },
    };
    for (size_t i = 0; i < countof(methods); i++)
        define_method(k, methods[i].name, methods[i].fn, methods[i].arity);
}
