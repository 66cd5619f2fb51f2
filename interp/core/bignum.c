/* bignum.c: Bignum on GMP, and the slow paths of all Integer arithmetic.
 *
 * A Bignum holds an mpz_t (value.h); gc.c calls mpz_clear when it sweeps
 * one.  Every result goes through big_normalize, so a Bignum is always
 * outside the Fixnum range and an Integer has exactly one representation.
 * The functions here accept a Fixnum wherever an Integer is expected (a
 * Fixnum is viewed as a read-only mpz over one limb on the C stack, with
 * no allocation): fixnum.c hands them whatever its fast paths do not
 * cover.  GMP aborts the process when it cannot allocate, so results that
 * would be absurdly large raise NoMemoryError up front instead.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "runtime/internal.h"

_Static_assert(GMP_NUMB_BITS == 64 && GMP_NAIL_BITS == 0, "64-bit limbs without nails");

#define MAX_BITS ((size_t)1 << 34)   /* 2 GiB: larger results raise NoMemoryError */
#define POW_MAX_BITS 8388608         /* 1.8's limit before a**b gives up and uses Float */

/* ------------------------------------------------------------ C stack */
/* GMP takes its temporaries on the C stack (alloca'd blocks of up to
   32 KB, nested as its algorithms recurse).  A green thread's stack may
   have much less left: SystemStackError rather than GMP writing into the
   neighbouring thread's stack.  Measured with GMP 6.2 on x86-64: below 16
   limbs at most 4 KB (the margin under the stack limit holds that), then
   growing with the size up to a ceiling that depends on the operation;
   the estimate keeps about 1.4 times what was measured. */
#define BIG_STACK_SMALL 16                /* limbs */

static const size_t big_stack_most[] = {    /* measured: */
    [BIG_MUL] = 32 * 1024,                  /* 23 KB at 1024 limbs */
    [BIG_DIV] = 104 * 1024,                 /* 73 KB at 2048 */
    [BIG_POW] = 68 * 1024,                  /* 48 KB at 1024 */
    [BIG_STR] = 124 * 1024,                 /* to_s, to_i: 88 KB from 4096 on */
    [BIG_BITS] = 40 * 1024,                 /* & | ^ of negatives: one block */
};

void big_check_stack(enum big_work work, size_t limbs)
{
    if (limbs < BIG_STACK_SMALL) return;
    size_t most = big_stack_most[work];
    size_t need = limbs < most / 96 ? 12 * 1024 + 96 * limbs : most;   /* 45 KB measured at 512 */
    if (vm_stack_free() < need) vm_stack_overflow();
}

/* ------------------------------------------------------------ representation */
static VALUE big_alloc(void)
{
    VALUE v = gc_new_obj(T_BIGNUM, vm.c.Bignum);
    mpz_init(RBIGNUM(v)->mp);
    return v;
}

/* A read-only mpz view of an Integer. */
struct ival { mpz_t tmp; mp_limb_t limb; };
static mpz_srcptr ival(VALUE v, struct ival *iv)
{
    if (BIGNUM_P(v)) return RBIGNUM(v)->mp;
    long n = FIX2LONG(v);
    iv->limb = n < 0 ? -(mp_limb_t)n : (mp_limb_t)n;
    return mpz_roinit_n(iv->tmp, &iv->limb, n < 0 ? -1 : n > 0);
}

VALUE big_normalize(VALUE big)
{
    if (!BIGNUM_P(big)) return big;
    mpz_srcptr z = RBIGNUM(big)->mp;
    if (mpz_fits_slong_p(z)) {
        long n = mpz_get_si(z);
        if (FIXABLE(n)) return INT2FIX(n);
    }
    size_t limbs = mpz_size(z);
    if (limbs > 4) gc_malloc_increase(limbs * sizeof(mp_limb_t));
    return big;
}

VALUE big_new_mpz(const mpz_t z)
{
    VALUE v = big_alloc();
    mpz_set(RBIGNUM(v)->mp, z);
    return big_normalize(v);
}

/* Digits as the lexer and String#to_i hand them: an optional sign,
   underscores allowed.  Invalid digits give 0. */
VALUE big_from_cstr(const char *digits, int base)
{
    VALUE v = big_alloc();
    size_t n = strlen(digits);
    char small[128];
    char *buf = n < sizeof small ? small : xmalloc(n + 1), *p = buf;
    if (*digits == '+') digits++;
    for (; *digits; digits++)
        if (*digits != '_') *p++ = *digits;
    *p = '\0';
    big_check_stack(BIG_STR, (size_t)(p - buf) * 6 / GMP_NUMB_BITS);   /* 6 bits a digit at most */
    if (mpz_set_str(RBIGNUM(v)->mp, buf, base) != 0) mpz_set_ui(RBIGNUM(v)->mp, 0);
    if (buf != small) free(buf);
    return big_normalize(v);
}

static NORETURN void too_big(void)
{
    exc_raise(vm.c.NoMemoryError, "failed to allocate memory");
}

/* ------------------------------------------------------------ doubles */
/* Nearest double (ties to even): the top 64 bits plus a sticky bit for
   the rest convert exactly as the whole number would. */
static double mpz_to_dbl(mpz_srcptr z)
{
    int sign = mpz_sgn(z);
    size_t bits = mpz_sizeinbase(z, 2);
    double d;
    if (bits <= 64) {
        d = (double)mpz_getlimbn(z, 0);
    } else if (bits > 1024) {
        d = HUGE_VAL;
    } else {
        size_t shift = bits - 64, li = shift / 64, off = shift % 64;
        mp_limb_t lo = mpz_getlimbn(z, (mp_size_t)li), hi = mpz_getlimbn(z, (mp_size_t)li + 1);
        uint64_t top = off ? (lo >> off) | (hi << (64 - off)) : lo;
        bool sticky = off && (lo & (((mp_limb_t)1 << off) - 1));
        for (size_t i = 0; !sticky && i < li; i++) sticky = mpz_getlimbn(z, (mp_size_t)i) != 0;
        d = ldexp((double)(top | sticky), (int)shift);
    }
    return sign < 0 ? -d : d;
}

double big_to_dbl(VALUE big)
{
    if (FIXNUM_P(big)) return (double)FIX2LONG(big);
    double d = mpz_to_dbl(RBIGNUM(big)->mp);
    if (isinf(d) && vm.verbose >= 2) exc_warn("Bignum out of Float range");
    return d;
}

/* Integer part of d (truncated); FloatDomainError for NaN and infinities. */
VALUE big_from_dbl(double d)
{
    if (isnan(d)) exc_raise(vm.c.FloatDomainError, "NaN");
    if (isinf(d)) exc_raise(vm.c.FloatDomainError, "%s", d < 0 ? "-Infinity" : "Infinity");
    if (d < 4611686018427387904.0 && d >= -4611686018427387904.0) return INT2FIX((long)d);
    VALUE v = big_alloc();
    mpz_set_d(RBIGNUM(v)->mp, d);
    return big_normalize(v);
}

static double int_to_dbl(VALUE x)
{
    return FIXNUM_P(x) ? (double)FIX2LONG(x) : big_to_dbl(x);
}

/* a / b as a Float, even when both are beyond the range of doubles. */
static double quo_dbl(mpz_srcptr a, mpz_srcptr b)
{
    double da = mpz_to_dbl(a), db = mpz_to_dbl(b);
    if (!isinf(da) && !isinf(db)) return da / db;
    long ea, eb;
    double ma = mpz_get_d_2exp(&ea, a), mb = mpz_get_d_2exp(&eb, b);
    long e = ea - eb;
    if (e > 4096) e = 4096;
    if (e < -4096) e = -4096;
    return ldexp(ma / mb, (int)e);
}

/* ------------------------------------------------------------ strings */
VALUE int_to_s(VALUE num, int base)
{
    static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    if (base < 2 || base > 36) exc_raise(vm.c.ArgumentError, "illegal radix %d", base);
    if (FIXNUM_P(num)) {
        char buf[72], *end = buf + sizeof buf, *p = end;
        long v = FIX2LONG(num);
        unsigned long u = v < 0 ? -(unsigned long)v : (unsigned long)v;
        do { *--p = digits[u % (unsigned)base]; u /= (unsigned)base; } while (u);
        if (v < 0) *--p = '-';
        return str_new(p, end - p);
    }
    mpz_srcptr z = RBIGNUM(num)->mp;
    big_check_stack(BIG_STR, mpz_size(z));
    VALUE s = str_new(NULL, (long)mpz_sizeinbase(z, base) + 2);
    mpz_get_str(RSTRING_PTR(s), base, z);
    str_resize(s, (long)strlen(RSTRING_PTR(s)));
    GC_GUARD(num);
    return s;
}

/* ------------------------------------------------------------ arithmetic */
const char *num_op_name(enum int_op op)
{
    static const char *const names[] = {
        [IOP_PLUS] = "+", [IOP_MINUS] = "-", [IOP_MUL] = "*", [IOP_DIV] = "/", [IOP_MOD] = "%",
        [IOP_IDIV] = "div", [IOP_DIVMOD] = "divmod", [IOP_REM] = "remainder",
        [IOP_QUO] = "quo", [IOP_FDIV] = "fdiv",
    };
    return names[op];
}

static VALUE int_op(VALUE x, VALUE y, enum int_op op)
{
    struct ival ix, iy;
    mpz_srcptr a = ival(x, &ix), b = ival(y, &iy);
    if (op == IOP_QUO || op == IOP_FDIV) return float_new(quo_dbl(a, b));
    if (op >= IOP_DIV && mpz_sgn(b) == 0) exc_raise(vm.c.ZeroDivisionError, "divided by 0");
    if (op == IOP_MUL && mpz_sizeinbase(a, 2) + mpz_sizeinbase(b, 2) > MAX_BITS) too_big();
    if (op != IOP_PLUS && op != IOP_MINUS)
        big_check_stack(op == IOP_MUL ? BIG_MUL : BIG_DIV, mpz_size(a) + mpz_size(b));
    VALUE r = big_alloc(), m;
    mpz_ptr z = RBIGNUM(r)->mp;
    switch (op) {
    case IOP_PLUS: mpz_add(z, a, b); break;
    case IOP_MINUS: mpz_sub(z, a, b); break;
    case IOP_MUL: mpz_mul(z, a, b); break;
    case IOP_DIV: case IOP_IDIV: mpz_fdiv_q(z, a, b); break;
    case IOP_MOD: mpz_fdiv_r(z, a, b); break;
    case IOP_REM: mpz_tdiv_r(z, a, b); break;
    case IOP_DIVMOD:
        m = big_alloc();
        mpz_fdiv_qr(z, RBIGNUM(m)->mp, a, b);
        GC_GUARD(x); GC_GUARD(y);
        return ary_new_of(2, big_normalize(r), big_normalize(m));
    default: break;
    }
    GC_GUARD(x); GC_GUARD(y);
    return big_normalize(r);
}

/* Integer op Float, as 1.8 does it: in doubles. */
static VALUE dbl_op(double x, double y, enum int_op op)
{
    double div, mod;
    switch (op) {
    case IOP_PLUS: return float_new(x + y);
    case IOP_MINUS: return float_new(x - y);
    case IOP_MUL: return float_new(x * y);
    case IOP_MOD:
        flo_divmod_d(x, y, NULL, &mod);
        return float_new(mod);
    case IOP_IDIV: return big_from_dbl(floor(x / y));
    case IOP_DIVMOD: {
        flo_divmod_d(x, y, &div, &mod);
        VALUE q = big_from_dbl(div);
        return ary_new_of(2, q, float_new(mod));
    }
    case IOP_REM: return float_new(fmod(x, y));
    default: return float_new(x / y);
    }
}

VALUE big_op(VALUE x, VALUE y, enum int_op op)
{
    if (INTEGER_P(y)) return int_op(x, y, op);
    if (FLOAT_P(y)) return dbl_op(int_to_dbl(x), RFLOAT_VALUE(y), op);
    return num_coerce_bin(x, y, sym_intern_cstr(num_op_name(op)));
}

/* ------------------------------------------------------------ comparison */
static VALUE cmp_answer(int c, ID op)
{
    switch (op) {
    case ID_eq: return BOOL2V(c == 0);
    case ID_lt: return BOOL2V(c < 0);
    case ID_le: return BOOL2V(c <= 0);
    case ID_gt: return BOOL2V(c > 0);
    case ID_ge: return BOOL2V(c >= 0);
    default: return INT2FIX((c > 0) - (c < 0));
    }
}

VALUE big_compare(VALUE x, VALUE y, ID op)
{
    struct ival ix, iy;
    int c;
    if (INTEGER_P(y)) {
        c = mpz_cmp(ival(x, &ix), ival(y, &iy));
    } else if (FLOAT_P(y)) {
        double d = RFLOAT_VALUE(y);
        if (isnan(d)) return op == ID_cmp ? Qnil : Qfalse;
        c = mpz_cmp_d(ival(x, &ix), d);
    } else if (op == ID_eq) {
        return x == y ? Qtrue : vm_call1(y, ID_eq, x);
    } else if (op == ID_cmp) {
        return num_coerce_cmp(x, y, op);
    } else {
        return num_coerce_relop(x, y, op);
    }
    GC_GUARD(x); GC_GUARD(y);
    return cmp_answer(c, op);
}

/* ------------------------------------------------------------ powers */
static VALUE pow_dbl(VALUE x, double y)
{
    return float_new(pow(int_to_dbl(x), y));
}

VALUE big_pow(VALUE x, VALUE y)
{
    if (y == INT2FIX(0)) return INT2FIX(1);
    if (FLOAT_P(y)) {
        double d = RFLOAT_VALUE(y);
        if (x == INT2FIX(0)) return float_new(d < 0 ? HUGE_VAL : 0.0);
        if (x == INT2FIX(1)) return float_new(1.0);
        return pow_dbl(x, d);
    }
    if (BIGNUM_P(y)) {
        if (x == INT2FIX(0) || x == INT2FIX(1)) return x;
        if (x == INT2FIX(-1)) return INT2FIX(mpz_odd_p(RBIGNUM(y)->mp) ? -1 : 1);
        exc_warn("in a**b, b may be too big");
        return pow_dbl(x, big_to_dbl(y));
    }
    if (!FIXNUM_P(y)) return num_coerce_bin(x, y, ID_pow);
    long b = FIX2LONG(y);
    if (b < 0) return pow_dbl(x, (double)b);
    struct ival ix;
    mpz_srcptr a = ival(x, &ix);
    size_t bits = mpz_sizeinbase(a, 2);
    if (bits > 1 && (unsigned long)b > POW_MAX_BITS / bits) {
        exc_warn("in a**b, b may be too big");
        return pow_dbl(x, (double)b);
    }
    big_check_stack(BIG_POW, mpz_size(a) * (size_t)b);
    VALUE r = big_alloc();
    mpz_pow_ui(RBIGNUM(r)->mp, a, (unsigned long)b);
    GC_GUARD(x);
    return big_normalize(r);
}

/* ------------------------------------------------------------ bits */
VALUE num_bit_coerce(VALUE y)
{
    while (!INTEGER_P(y)) {
        if (FLOAT_P(y)) exc_raise(vm.c.TypeError, "can't convert Float into Integer");
        y = conv_to_integer(y);
    }
    return y;
}

VALUE big_bitop(VALUE x, VALUE y, ID op)
{
    y = num_bit_coerce(y);
    struct ival ix, iy;
    mpz_srcptr a = ival(x, &ix), b = ival(y, &iy);
    big_check_stack(BIG_BITS, mpz_size(a) + mpz_size(b));
    VALUE r = big_alloc();
    if (op == ID_and) mpz_and(RBIGNUM(r)->mp, a, b);
    else if (op == ID_or) mpz_ior(RBIGNUM(r)->mp, a, b);
    else mpz_xor(RBIGNUM(r)->mp, a, b);
    GC_GUARD(x); GC_GUARD(y);
    return big_normalize(r);
}

VALUE big_shift(VALUE x, VALUE n, bool left)
{
    struct ival ix;
    mpz_srcptr a = ival(x, &ix);
    unsigned long count;
    n = conv_to_integer(n);
    if (FIXNUM_P(n)) {
        long c = FIX2LONG(n);
        if (c < 0) left = !left;
        count = c < 0 ? -(unsigned long)c : (unsigned long)c;
    } else {
        bool neg = mpz_sgn(RBIGNUM(n)->mp) < 0;
        if (neg == left) return INT2FIX(mpz_sgn(a) < 0 ? -1 : 0);   /* shifted out entirely */
        exc_raise(vm.c.RangeError, "bignum too big to convert into `long'");
    }
    if (left && mpz_sgn(a) != 0 && count > MAX_BITS) too_big();
    VALUE r = big_alloc();
    if (left) mpz_mul_2exp(RBIGNUM(r)->mp, a, count);
    else mpz_fdiv_q_2exp(RBIGNUM(r)->mp, a, count);
    GC_GUARD(x);
    return big_normalize(r);
}

/* ------------------------------------------------------------ Bignum methods */
#define BIG_ARITH(name, op) \
    static VALUE name(VALUE x, int argc, const VALUE *argv) { return big_op(x, argv[0], op); }
BIG_ARITH(big_plus_m, IOP_PLUS)
BIG_ARITH(big_minus_m, IOP_MINUS)
BIG_ARITH(big_mul_m, IOP_MUL)
BIG_ARITH(big_div_m, IOP_DIV)
BIG_ARITH(big_mod_m, IOP_MOD)
BIG_ARITH(big_idiv_m, IOP_IDIV)
BIG_ARITH(big_divmod_m, IOP_DIVMOD)
BIG_ARITH(big_rem_m, IOP_REM)
BIG_ARITH(big_quo_m, IOP_QUO)
BIG_ARITH(big_fdiv_m, IOP_FDIV)

#define BIG_CMP(name, id) \
    static VALUE name(VALUE x, int argc, const VALUE *argv) { return big_compare(x, argv[0], id); }
BIG_CMP(big_eq_m, ID_eq)
BIG_CMP(big_cmp_m, ID_cmp)
BIG_CMP(big_lt_m, ID_lt)
BIG_CMP(big_le_m, ID_le)
BIG_CMP(big_gt_m, ID_gt)
BIG_CMP(big_ge_m, ID_ge)

static VALUE big_and_m(VALUE x, int argc, const VALUE *argv) { return big_bitop(x, argv[0], ID_and); }
static VALUE big_or_m(VALUE x, int argc, const VALUE *argv) { return big_bitop(x, argv[0], ID_or); }
static VALUE big_xor_m(VALUE x, int argc, const VALUE *argv) { return big_bitop(x, argv[0], ID_xor); }
static VALUE big_lshift_m(VALUE x, int argc, const VALUE *argv) { return big_shift(x, argv[0], true); }
static VALUE big_rshift_m(VALUE x, int argc, const VALUE *argv) { return big_shift(x, argv[0], false); }
static VALUE big_pow_m(VALUE x, int argc, const VALUE *argv) { return big_pow(x, argv[0]); }

typedef void (*mpz_unary)(mpz_ptr, mpz_srcptr);
static VALUE big_unary(VALUE x, mpz_unary fn)
{
    VALUE r = big_alloc();
    fn(RBIGNUM(r)->mp, RBIGNUM(x)->mp);
    GC_GUARD(x);
    return big_normalize(r);
}

static VALUE big_neg_m(VALUE x, int argc, const VALUE *argv) { return big_unary(x, mpz_neg); }
static VALUE big_abs_m(VALUE x, int argc, const VALUE *argv) { return big_unary(x, mpz_abs); }
static VALUE big_com_m(VALUE x, int argc, const VALUE *argv) { return big_unary(x, mpz_com); }

/* Bit i in two's complement: negative indexes are 0, huge ones the sign. */
static VALUE big_aref_m(VALUE x, int argc, const VALUE *argv)
{
    VALUE idx = argv[0];
    mpz_srcptr z = RBIGNUM(x)->mp;
    if (BIGNUM_P(idx)) {
        if (mpz_sgn(RBIGNUM(idx)->mp) < 0) return INT2FIX(0);
        return INT2FIX(mpz_sgn(z) < 0 ? 1 : 0);
    }
    long i = num_to_long(idx);
    if (i < 0) return INT2FIX(0);
    return INT2FIX(mpz_tstbit(z, (mp_bitcnt_t)i));
}

static VALUE big_to_s_m(VALUE x, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    return int_to_s(x, argc ? num_to_int(argv[0]) : 10);
}

static VALUE big_to_f_m(VALUE x, int argc, const VALUE *argv) { return float_new(big_to_dbl(x)); }

/* Bytes of the number in 1.8's 32-bit digits. */
static VALUE big_size_m(VALUE x, int argc, const VALUE *argv)
{
    size_t bits = mpz_sizeinbase(RBIGNUM(x)->mp, 2);
    return int_new((long)((bits + 31) / 32 * 4));
}

static VALUE big_coerce_m(VALUE x, int argc, const VALUE *argv)
{
    VALUE y = argv[0];
    if (!INTEGER_P(y)) exc_raise(vm.c.TypeError, "can't coerce %s to Bignum", obj_classname(y));
    return ary_new_of(2, y, x);
}

static VALUE big_eql_m(VALUE x, int argc, const VALUE *argv)
{
    VALUE y = argv[0];
    return BOOL2V(BIGNUM_P(y) && mpz_cmp(RBIGNUM(x)->mp, RBIGNUM(y)->mp) == 0);
}

static VALUE big_hash_m(VALUE x, int argc, const VALUE *argv)
{
    mpz_srcptr z = RBIGNUM(x)->mp;
    uint64_t h = 14695981039346656037ULL ^ (uint64_t)mpz_sgn(z);
    for (size_t i = 0, n = mpz_size(z); i < n; i++) h = (h ^ mpz_getlimbn(z, (mp_size_t)i)) * 1099511628211ULL;
    return INT2FIX((long)(h >> 2));
}

void big_init(void)
{
    VALUE k = vm.c.Bignum = class_define("Bignum", vm.c.Integer);
    static const struct { const char *name; cfunc fn; int arity; } methods[] = {
        { "+", big_plus_m, 1 }, { "-", big_minus_m, 1 }, { "*", big_mul_m, 1 },
        { "/", big_div_m, 1 }, { "%", big_mod_m, 1 }, { "modulo", big_mod_m, 1 },
        { "div", big_idiv_m, 1 }, { "divmod", big_divmod_m, 1 }, { "remainder", big_rem_m, 1 },
        { "quo", big_quo_m, 1 }, { "fdiv", big_fdiv_m, 1 }, { "**", big_pow_m, 1 },
        { "==", big_eq_m, 1 }, { "<=>", big_cmp_m, 1 }, { "<", big_lt_m, 1 },
        { "<=", big_le_m, 1 }, { ">", big_gt_m, 1 }, { ">=", big_ge_m, 1 },
        { "&", big_and_m, 1 }, { "|", big_or_m, 1 }, { "^", big_xor_m, 1 },
        { "<<", big_lshift_m, 1 }, { ">>", big_rshift_m, 1 }, { "[]", big_aref_m, 1 },
        { "-@", big_neg_m, 0 }, { "abs", big_abs_m, 0 }, { "~", big_com_m, 0 },
        { "to_s", big_to_s_m, -1 }, { "to_f", big_to_f_m, 0 }, { "size", big_size_m, 0 },
        { "coerce", big_coerce_m, 1 }, { "eql?", big_eql_m, 1 }, { "hash", big_hash_m, 0 },
    };
    for (size_t i = 0; i < countof(methods); i++)
        define_method(k, methods[i].name, methods[i].fn, methods[i].arity);
}
