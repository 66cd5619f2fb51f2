/* random.c: Kernel#rand and Kernel#srand on MT19937, seeded and drawn the
 * way 1.8.7 does it (init_genrand for one-word seeds, init_by_array for
 * longer ones, 53-bit floats, masked rejection for ranges), so a given
 * seed reproduces 1.8.7's sequence.
 *
 * The generator is process-wide mutable state on purpose: 1.8 has exactly
 * one rand sequence per process, shared by all threads. */
#include <sys/random.h>
#include <sys/time.h>
#include <unistd.h>
#include <math.h>
#include "runtime/internal.h"

#define MT_N 624
#define MT_M 397

static struct {
    uint32_t mt[MT_N];
    int mti;
    bool seeded;       /* srand or a first rand has run */
    VALUE seed;        /* what srand returns next (0 before any seeding) */
} gen = { .mti = MT_N + 1, .seed = INT2FIX(0) };

/* ------------------------------------------------------------ MT19937 */
static void init_genrand(uint32_t s)
{
    gen.mt[0] = s;
    for (int i = 1; i < MT_N; i++)
        gen.mt[i] = 1812433253u * (gen.mt[i - 1] ^ (gen.mt[i - 1] >> 30)) + (uint32_t)i;
    gen.mti = MT_N;
}

static void init_by_array(const uint32_t *key, size_t len)
{
    uint32_t *mt = gen.mt;
    size_t i = 1, j = 0;
    init_genrand(19650218u);
    for (size_t k = MT_N > len ? MT_N : len; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525u)) + key[j] + (uint32_t)j;
        i++, j++;
        if (i >= MT_N) { mt[0] = mt[MT_N - 1]; i = 1; }
        if (j >= len) j = 0;
    }
    for (size_t k = MT_N - 1; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941u)) - (uint32_t)i;
        i++;
        if (i >= MT_N) { mt[0] = mt[MT_N - 1]; i = 1; }
    }
    mt[0] = 0x80000000u;
}

static void next_state(void)
{
    static const uint32_t mag01[2] = { 0, 0x9908b0dfu };
    uint32_t *mt = gen.mt, y;
    int k;
    if (gen.mti == MT_N + 1) init_genrand(5489u);
    for (k = 0; k < MT_N - MT_M; k++) {
        y = (mt[k] & 0x80000000u) | (mt[k + 1] & 0x7fffffffu);
        mt[k] = mt[k + MT_M] ^ (y >> 1) ^ mag01[y & 1];
    }
    for (; k < MT_N - 1; k++) {
        y = (mt[k] & 0x80000000u) | (mt[k + 1] & 0x7fffffffu);
        mt[k] = mt[k + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 1];
    }
    y = (mt[MT_N - 1] & 0x80000000u) | (mt[0] & 0x7fffffffu);
    mt[MT_N - 1] = mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 1];
    gen.mti = 0;
}

static uint32_t genrand_int32(void)
{
    if (gen.mti >= MT_N) next_state();
    uint32_t y = gen.mt[gen.mti++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

/* [0, 1) with 53 random bits. */
static double genrand_real(void)
{
    uint32_t a = genrand_int32() >> 5, b = genrand_int32() >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

/* ------------------------------------------------------------ ranges */
static uint64_t make_mask(uint64_t x)
{
    for (int s = 1; s < 64; s <<= 1) x |= x >> s;
    return x;
}

/* Uniform in [0, limit]: draw 32-bit words from the top, masked to the
   width of limit, and start over whenever the value passes it. */
static uint64_t limited_rand(uint64_t limit)
{
    uint64_t mask = make_mask(limit), val;
retry:
    val = 0;
    for (int i = 1; i >= 0; i--) {
        if ((mask >> (i * 32)) & 0xffffffffu) {
            val |= (uint64_t)genrand_int32() << (i * 32);
            val &= mask;
            if (limit < val) goto retry;
        }
    }
    return val;
}

/* The same for a Bignum limit, a 32-bit word at a time (in a String
   buffer, so nothing leaks if anything raises). */
static VALUE limited_big_rand(VALUE limit)
{
    mpz_srcptr lim = RBIGNUM(limit)->mp;
    size_t len = (mpz_sizeinbase(lim, 2) + 31) / 32;
    VALUE buf = str_new(NULL, (long)(2 * len * sizeof(uint32_t)));
    uint32_t *lw = (uint32_t *)RSTRING_PTR(buf), *rw = lw + len;
    mpz_export(lw, NULL, -1, sizeof(uint32_t), 0, 0, lim);
retry:;
    uint32_t mask = 0;
    bool boundary = true;
    for (size_t i = len; i-- > 0;) {
        mask = mask ? 0xffffffffu : (uint32_t)make_mask(lw[i]);
        uint32_t rnd = mask ? genrand_int32() & mask : 0;
        if (mask && boundary) {
            if (lw[i] < rnd) goto retry;
            if (rnd < lw[i]) boundary = false;
        }
        rw[i] = rnd;
    }
    mpz_t z;
    mpz_init(z);
    mpz_import(z, len, -1, sizeof(uint32_t), 0, 0, rw);
    VALUE r = big_new_mpz(z);
    mpz_clear(z);
    GC_GUARD(buf);
    return r;
}

/* ------------------------------------------------------------ seeding */
/* Set by the thread system in its schedule modes (MINIRUBY_SCHED), where
   the seed rand picks for itself is recorded, replayed or derived from
   the schedule's own seed, so that a run can be reproduced. */
void (*random_seed_hook)(uint32_t w[4]);

static VALUE random_seed(void)
{
    uint32_t w[4] = { 0, 0, 0, 0 };
    if (getrandom(w, sizeof w, GRND_NONBLOCK) != (ssize_t)sizeof w) {
        struct timeval tv;
        gettimeofday(&tv, NULL);
        w[0] ^= (uint32_t)tv.tv_usec;
        w[1] ^= (uint32_t)tv.tv_sec;
        w[2] ^= (uint32_t)getpid();
        w[3] ^= (uint32_t)(uintptr_t)&tv;
    }
    if (UNLIKELY(random_seed_hook != NULL)) random_seed_hook(w);
    mpz_t z;
    mpz_init(z);
    mpz_import(z, 4, -1, sizeof(uint32_t), 0, 0, w);
    VALUE seed = big_new_mpz(z);
    mpz_clear(z);
    return seed;
}

/* Seed from |seed| as 32-bit words; returns the previous seed. */
static VALUE rand_init(VALUE seed)
{
    seed = conv_to_integer(seed);
    uint32_t small[2], *key = small;
    size_t len;
    VALUE buf = Qnil;
    if (FIXNUM_P(seed)) {
        long n = FIX2LONG(seed);
        uint64_t u = n < 0 ? -(uint64_t)n : (uint64_t)n;
        small[0] = (uint32_t)u;
        small[1] = (uint32_t)(u >> 32);
        len = 2;
    } else {
        mpz_srcptr z = RBIGNUM(seed)->mp;
        len = (mpz_sizeinbase(z, 2) + 31) / 32;
        buf = str_new(NULL, (long)(len * sizeof(uint32_t)));
        key = (uint32_t *)RSTRING_PTR(buf);
        mpz_export(key, NULL, -1, sizeof(uint32_t), 0, 0, z);
    }
    while (len > 1 && key[len - 1] == 0) len--;
    if (len <= 1) {
        init_genrand(key[0]);
    } else {
        if (key[len - 1] == 1) len--;   /* 1.8's leading-zero guard word */
        init_by_array(key, len);
    }
    GC_GUARD(buf);
    VALUE old = gen.seed;
    gen.seed = seed;
    gen.seeded = true;
    return old;
}

/* ------------------------------------------------------------ Kernel */
static VALUE rand_float(void) { return float_new(genrand_real()); }

static VALUE rand_limit(VALUE vmax)
{
    if (FLOAT_P(vmax)) {
        double d = RFLOAT_VALUE(vmax);
        if (d <= 9.2e18 && d >= -9.2e18) return int_new((long)d);
        return big_from_dbl(fabs(d));
    }
    if (STRING_P(vmax)) return str_to_inum(vmax, 0, true);
    return conv_to_integer(vmax);
}

static VALUE f_rand(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    if (!gen.seeded) rand_init(random_seed());
    if (argc == 0 || NIL_P(argv[0])) return rand_float();
    VALUE vmax = rand_limit(argv[0]);
    if (FIXNUM_P(vmax)) {
        long max = FIX2LONG(vmax);
        if (max == 0) return rand_float();
        uint64_t lim = (uint64_t)(max < 0 ? -max : max) - 1;
        return int_new((long)limited_rand(lim));
    }
    if (mpz_sgn(RBIGNUM(vmax)->mp) < 0) vmax = big_op(INT2FIX(0), vmax, IOP_MINUS);
    VALUE lim = big_op(vmax, INT2FIX(1), IOP_MINUS);
    if (FIXNUM_P(lim)) return int_new((long)limited_rand((uint64_t)FIX2LONG(lim)));
    return limited_big_rand(lim);
}

static VALUE f_srand(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    vm_secure(4);
    return rand_init(argc ? argv[0] : random_seed());
}

void random_init(void)
{
    gc_register_root(&gen.seed);
    define_global_function("rand", f_rand, -1);
    define_global_function("srand", f_srand, -1);
}
