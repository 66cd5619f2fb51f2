/* sprintf.c: the format engine behind Kernel#sprintf, Kernel#format and
 * String#%, with 1.8.7's directives (%d %i %u %f %e %E %g %G %x %X %o %b
 * %B %s %p %c %%), flags (- + space 0 #), width, precision, `*` and
 * positional `%1$s` arguments.  Negative numbers in %x %o %b %B without a
 * sign flag print as two's complement with a ".." prefix ("..f01"), and
 * in %u as 1.8.7's unsigned word ("..18446744073709551611"); nil is 0.
 * Floats, Inf and NaN included, go through the C library's printf, at
 * most at the precision that a double's exact expansion needs
 * (FLOAT_EXACT_PREC). */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "string_int.h"

#define FSHARP 0x01
#define FMINUS 0x02
#define FPLUS  0x04
#define FZERO  0x08
#define FSPACE 0x10
#define FWIDTH 0x20
#define FPREC  0x40

struct fmt {
    VALUE result;
    int argc;
    const VALUE *argv;
    int nextarg;          /* next unnumbered argument */
    int posarg;           /* >0: unnumbered used, -1: numbered used */
    VALUE nextvalue;      /* set by %N$ */
    const char *p, *end;  /* the format, in a frozen copy */
    int flags, width, prec;
    bool tainted;
};

/* ------------------------------------------------------------ arguments */
static VALUE next_arg(struct fmt *f)
{
    if (f->posarg == -1) exc_raise(vm.c.ArgumentError, "unnumbered(%d) mixed with numbered", f->nextarg + 1);
    f->posarg = f->nextarg + 1;
    if (f->nextarg >= f->argc) exc_raise(vm.c.ArgumentError, "too few arguments");
    return f->argv[f->nextarg++];
}

static VALUE pos_arg(struct fmt *f, int n)
{
    if (f->posarg > 0) exc_raise(vm.c.ArgumentError, "numbered(%d) after unnumbered(%d)", n, f->posarg);
    if (n < 1) exc_raise(vm.c.ArgumentError, "invalid index - %d$", n);
    f->posarg = -1;
    if (n > f->argc) exc_raise(vm.c.ArgumentError, "too few arguments");
    return f->argv[n - 1];
}

static VALUE get_arg(struct fmt *f)
{
    if (f->nextvalue != Qundef) {
        VALUE v = f->nextvalue;
        f->nextvalue = Qundef;
        return v;
    }
    return next_arg(f);
}

static int get_num(struct fmt *f, const char *what)
{
    long n = 0;
    for (; f->p < f->end && STR_ISDIGIT(*f->p); f->p++) {
        int d = *f->p - '0';
        if (n > (INT_MAX - d) / 10) exc_raise(vm.c.ArgumentError, "%s too big", what);
        n = 10 * n + d;
    }
    if (f->p >= f->end) exc_raise(vm.c.ArgumentError, "malformed format string - %%*[0-9]");
    return (int)n;
}

/* `*` or `*N$`: the width or precision comes from an argument */
static int get_aster(struct fmt *f, const char *what)
{
    const char *t = f->p++;
    int n = get_num(f, what);
    VALUE v;
    if (*f->p == '$') {
        v = pos_arg(f, n);
    } else {
        v = next_arg(f);
        f->p = t;
    }
    return num_to_int(v);
}

/* ------------------------------------------------------------ output */
static void push(struct fmt *f, const char *s, long n) { str_cat(f->result, s, n); }

static void fill(struct fmt *f, char c, long n)
{
    if (n <= 0) return;
    long len = RSTRING_LEN(f->result);
    str_resize(f->result, len + n);
    memset(RSTRING_PTR(f->result) + len, c, (size_t)n);
}

/* s padded to the width, left or right */
static void push_padded(struct fmt *f, const char *s, long len)
{
    long pad = (f->flags & FWIDTH) && f->width > len ? f->width - len : 0;
    if (!(f->flags & FMINUS)) fill(f, ' ', pad);
    push(f, s, len);
    if (f->flags & FMINUS) fill(f, ' ', pad);
}

/* ------------------------------------------------------------ %c %s %p */
static void fmt_char(struct fmt *f)
{
    char c = (char)(num_to_int(get_arg(f)) & 0xff);   /* 1.8.7: an Integer, not a String */
    push_padded(f, &c, 1);
}

static void fmt_str(struct fmt *f, char type)
{
    VALUE arg = get_arg(f);
    if (type == 'p') arg = obj_inspect(arg);
    VALUE s = obj_to_s(arg);
    if (str_tainted(s)) f->tainted = true;
    long len = RSTRING_LEN(s);
    if ((f->flags & FPREC) && f->prec < len) len = f->prec;
    push_padded(f, RSTRING_PTR(s), len);
    GC_GUARD(s);
}

/* ------------------------------------------------------------ integers */
/* The argument as an Integer (Fixnum or Bignum), as 1.8.7's sprintf takes
   it: nil is 0, Floats are truncated, Strings parsed strictly, anything
   else through to_int or to_i (rb_Integer). */
static VALUE int_arg(VALUE val)
{
    if (NIL_P(val)) return INT2FIX(0);
    if (FIXNUM_P(val) || BIGNUM_P(val)) return val;
    if (FLOAT_P(val)) {
        double d = RFLOAT_VALUE(val);
        if (d < (double)FIXNUM_MAX && d > (double)FIXNUM_MIN) return INT2FIX((long)d);
        return big_from_dbl(d);
    }
    if (STRING_P(val)) return str_to_inum(val, 0, true);
    if (!vm_respond_to(val, ID_to_int, true) && vm_respond_to(val, ID_to_i, true)) {
        VALUE r = vm_call0(val, ID_to_i);
        if (!INTEGER_P(r)) exc_raise(vm.c.TypeError, "%s#to_i should return Integer", obj_classname(val));
        return r;
    }
    return conv_to_integer(val);
}

static int digit_bits(int base) { return base == 16 ? 4 : base == 8 ? 3 : 1; }

/* Digits of |v| in base (lower case) into a new String. */
static VALUE int_digits(VALUE v, int base)
{
    if (FIXNUM_P(v)) {
        long n = FIX2LONG(v);
        unsigned long u = n < 0 ? (unsigned long)-(n + 1) + 1 : (unsigned long)n;
        char buf[70];
        int i = sizeof buf;
        do {
            buf[--i] = "0123456789abcdef"[u % (unsigned)base];
            u /= (unsigned)base;
        } while (u);
        return str_new(buf + i, (long)sizeof buf - i);
    }
    mpz_srcptr z = RBIGNUM(v)->mp;
    big_check_stack(BIG_STR, mpz_size(z));
    VALUE s = str_new(NULL, (long)mpz_sizeinbase(z, base) + 2);
    mpz_get_str(RSTRING_PTR(s), base, z);
    char *p = RSTRING_PTR(s);
    if (*p == '-') memmove(p, p + 1, strlen(p));
    str_set_len(s, (long)strlen(p));
    return s;
}

static bool int_negative(VALUE v)
{
    return FIXNUM_P(v) ? FIX2LONG(v) < 0 : mpz_sgn(RBIGNUM(v)->mp) < 0;
}

static void mpz_set_value(mpz_t n, VALUE v)
{
    if (FIXNUM_P(v)) mpz_set_si(n, FIX2LONG(v));
    else mpz_set(n, RBIGNUM(v)->mp);
}

/* Two's complement digits of a negative v: the shortest form with one
   leading sign digit ('f', '7' or '1'), e.g. -255 -> "f01". */
static VALUE twos_complement(VALUE v, int base)
{
    big_check_stack(BIG_STR, FIXNUM_P(v) ? 1 : mpz_size(RBIGNUM(v)->mp) + 1);   /* before anything to clear */
    mpz_t n, t;
    mpz_init(n);
    mpz_init(t);
    mpz_set_value(n, v);
    mpz_neg(n, n);
    size_t m = mpz_sizeinbase(n, 2) / (size_t)digit_bits(base) + 2;
    mpz_ui_pow_ui(t, (unsigned long)base, m);
    mpz_sub(t, t, n);
    VALUE s = str_new(NULL, (long)mpz_sizeinbase(t, base) + 2);
    mpz_get_str(RSTRING_PTR(s), base, t);
    mpz_clear(n);
    mpz_clear(t);
    char *p = RSTRING_PTR(s);
    char sd = base == 16 ? 'f' : base == 8 ? '7' : '1';
    long len = (long)strlen(p), i = 0;
    while (i < len - 1 && p[i] == sd && p[i + 1] == sd) i++;
    if (p[i] != sd) {      /* keep exactly one sign digit */
        if (i == 0) exc_raise(vm.c.RuntimeError, "sprintf: bad two's complement");
        i--;
    }
    memmove(p, p + i, (size_t)(len - i));
    str_set_len(s, len - i);
    return s;
}

/* %u of a negative v, as 1.8.7 prints it: a Fixnum as the unsigned long
   of its bits (2**64 + v); a Bignum as 2**(32n) + v for the n 32-bit
   words of |v|, zero-padded to the width of 2**(32n). */
static VALUE unsigned_decimal(VALUE v)
{
    if (FIXNUM_P(v)) return str_new_fmt("%lu", (unsigned long)FIX2LONG(v));
    mpz_t n, t;
    mpz_init(n);
    mpz_init(t);
    mpz_set_value(n, v);
    size_t words = (mpz_sizeinbase(n, 2) + 31) / 32;
    mpz_ui_pow_ui(t, 2, 32 * words);
    long width = (long)mpz_sizeinbase(t, 10);   /* exact or one more: trimmed below */
    mpz_add(n, t, n);
    VALUE s = str_new(NULL, width + 2);
    char *p = RSTRING_PTR(s);
    mpz_get_str(p, 10, t);
    width = (long)strlen(p);
    mpz_get_str(p, 10, n);
    long len = (long)strlen(p);
    memmove(p + (width - len), p, (size_t)len);
    memset(p, '0', (size_t)(width - len));
    str_set_len(s, width);
    mpz_clear(n);
    mpz_clear(t);
    return s;
}

static int base_of(char type)
{
    switch (type) {
    case 'o': return 8;
    case 'x': case 'X': return 16;
    case 'b': case 'B': return 2;
    default: return 10;
    }
}

static const char *int_prefix(char type)
{
    switch (type) {
    case 'o': return "0";
    case 'x': return "0x";
    case 'X': return "0X";
    case 'b': return "0b";
    case 'B': return "0B";
    default: return NULL;
    }
}

/* Digits of a negative v in an unsigned directive, and the character that
   extends them to a precision: two's complement in bases 16, 8 and 2,
   1.8.7's '.' for %u. */
static VALUE negative_digits(VALUE v, int base, char *fillc)
{
    if (base == 10) {
        if (vm.verbose > 1) exc_warn("negative number for %%u specifier");
        *fillc = '.';
        return unsigned_decimal(v);
    }
    *fillc = base == 16 ? 'f' : base == 8 ? '7' : '1';
    return twos_complement(v, base);
}

static void fmt_int(struct fmt *f, char type)
{
    int base = base_of(type);
    bool sign = type == 'd' || type == 'i' || (f->flags & (FPLUS | FSPACE));
    const char *prefix = (f->flags & FSHARP) ? int_prefix(type) : NULL;
    long width = f->width, prec = f->prec;
    if (prefix) width -= (long)strlen(prefix);
    VALUE val = int_arg(get_arg(f));
    bool neg = int_negative(val);
    char sc = 0, fillc = '0';
    bool dots = false;
    VALUE digits;
    if (sign || !neg) {
        digits = int_digits(val, base);
        sc = neg ? '-' : (f->flags & FPLUS) ? '+' : (f->flags & FSPACE) ? ' ' : 0;
        if (sc) width--;
    } else {
        digits = negative_digits(val, base, &fillc);
        dots = !(f->flags & (FPREC | FZERO));
    }
    char *s = RSTRING_PTR(digits);
    long len = RSTRING_LEN(digits);
    if (type == 'X') {
        for (long i = 0; i < len; i++) if (STR_ISLOWER(s[i])) s[i] = (char)(s[i] - 32);
        if (fillc == 'f') fillc = 'F';
    }
    if (dots) len += 2;
    /* 1.8.7 pads with zeros to the width even when '-' is given */
    if ((f->flags & (FZERO | FPREC)) == FZERO) {
        prec = width;
        width = 0;
    } else {
        if (prec < len) prec = len;
        width -= prec;
    }
    if (!(f->flags & FMINUS)) fill(f, ' ', width);
    if (sc) push(f, &sc, 1);
    if (prefix) push(f, prefix, (long)strlen(prefix));
    fill(f, fillc, prec - len);
    if (dots) push(f, "..", 2);
    push(f, RSTRING_PTR(digits), RSTRING_LEN(digits));
    if (f->flags & FMINUS) fill(f, ' ', width);
}

/* ------------------------------------------------------------ floats */
static double float_arg(VALUE val)
{
    if (FLOAT_P(val)) return RFLOAT_VALUE(val);
    if (STRING_P(val)) return str_to_dbl(val, true);
    if (NIL_P(val)) exc_raise(vm.c.TypeError, "can't convert nil into Float");
    return num_to_dbl(val);
}

/* Inf and NaN as 1.8.7 prints them: through the C library ("inf",
   "-nan", "INF"), padded with spaces to the width.  f->p is on the
   directive's letter. */
static void fmt_nonfinite(struct fmt *f, double d)
{
    char cfmt[8], *q = cfmt, buf[16];
    *q++ = '%';
    if (f->flags & FPLUS) *q++ = '+';
    if (f->flags & FSPACE) *q++ = ' ';
    *q++ = STR_ISUPPER(*f->p) ? 'F' : 'f';
    *q = '\0';
    int n = snprintf(buf, sizeof buf, cfmt, d);
    push_padded(f, buf, n);
}

/* A double's exact decimal expansion has at most 1074 digits after the
   point and 767 significant ones: at a greater precision the C library
   only appends zeros.  We append those, and the width's padding,
   ourselves: the C library's result must fit an int, and glibc takes
   several times the output in scratch memory ("%.*f" % [2**31 - 1, 1.0]
   ran for ever); this way the cost is that of the output, as for %d. */
#define FLOAT_EXACT_PREC 1100

static void fmt_float(struct fmt *f, char type)
{
    double d = float_arg(get_arg(f));
    if (!isfinite(d)) {
        fmt_nonfinite(f, d);
        return;
    }
    char cfmt[16], *q = cfmt;
    *q++ = '%';
    if (f->flags & FSHARP) *q++ = '#';
    if (f->flags & FPLUS) *q++ = '+';
    if (f->flags & FSPACE) *q++ = ' ';
    *q++ = '.';
    *q++ = '*';
    *q++ = type;
    *q = '\0';
    long prec = (f->flags & FPREC) ? f->prec : 6;
    int cprec = prec > FLOAT_EXACT_PREC ? FLOAT_EXACT_PREC : (int)prec;
    char buf[FLOAT_EXACT_PREC + 400];      /* 1e308 has 309 digits before the point */
    long n = snprintf(buf, sizeof buf, cfmt, cprec, d);
    if (n < 0 || n >= (long)sizeof buf) exc_raise(vm.c.ArgumentError, "float format failed");
    /* %g drops trailing zeros unless '#' */
    long zeros = (type == 'g' || type == 'G') && !(f->flags & FSHARP) ? 0 : prec - cprec;
    const char *e = type == 'f' ? NULL : strpbrk(buf, "eE");
    long digits_end = e ? e - buf : n;
    long sign = buf[0] == '-' || buf[0] == '+' || buf[0] == ' ';
    long pad = (f->flags & FWIDTH) && f->width > n + zeros ? f->width - n - zeros : 0;
    bool zero_pad = (f->flags & (FZERO | FMINUS)) == FZERO;
    if (!(f->flags & FMINUS) && !zero_pad) fill(f, ' ', pad);
    push(f, buf, sign);
    if (zero_pad) fill(f, '0', pad);
    push(f, buf + sign, digits_end - sign);
    fill(f, '0', zeros);
    push(f, buf + digits_end, n - digits_end);
    if (f->flags & FMINUS) fill(f, ' ', pad);
}

/* ------------------------------------------------------------ the engine */
static NORETURN void malformed(char c)
{
    if (STR_ISPRINT((unsigned char)c)) exc_raise(vm.c.ArgumentError, "malformed format string - %%%c", c);
    exc_raise(vm.c.ArgumentError, "malformed format string");
}

static void check_flag(struct fmt *f)
{
    if (f->flags & FWIDTH) exc_raise(vm.c.ArgumentError, "flag after width");
    if (f->flags & FPREC) exc_raise(vm.c.ArgumentError, "flag after precision");
}

static void check_width(struct fmt *f)
{
    if (f->flags & FWIDTH) exc_raise(vm.c.ArgumentError, "width given twice");
    if (f->flags & FPREC) exc_raise(vm.c.ArgumentError, "width after precision");
}

/* Digits after '%': a width, or an argument index when '$' follows. */
static void parse_digits(struct fmt *f)
{
    int n = get_num(f, "width");
    if (*f->p == '$') {
        if (f->nextvalue != Qundef) exc_raise(vm.c.ArgumentError, "value given twice - %d$", n);
        f->nextvalue = pos_arg(f, n);
        f->p++;
        return;
    }
    check_width(f);
    f->width = n;
    f->flags |= FWIDTH;
}

static void parse_prec(struct fmt *f)
{
    if (f->flags & FPREC) exc_raise(vm.c.ArgumentError, "precision given twice");
    f->flags |= FPREC;
    f->prec = 0;
    f->p++;
    if (f->p < f->end && *f->p == '*') {
        f->prec = get_aster(f, "prec");
        if (f->prec < 0) f->flags &= ~FPREC;
        f->p++;
        return;
    }
    f->prec = get_num(f, "precision");
}

/* One directive; f->p is just after the '%'.  Leaves f->p on its last
   character. */
static void directive(struct fmt *f)
{
    f->flags = 0;
    f->width = f->prec = -1;
    f->nextvalue = Qundef;
    for (;;) {
        char c = f->p < f->end ? *f->p : '\0';
        switch (c) {
        case ' ': check_flag(f); f->flags |= FSPACE; f->p++; continue;
        case '#': check_flag(f); f->flags |= FSHARP; f->p++; continue;
        case '+': check_flag(f); f->flags |= FPLUS; f->p++; continue;
        case '-': check_flag(f); f->flags |= FMINUS; f->p++; continue;
        case '0': check_flag(f); f->flags |= FZERO; f->p++; continue;
        case '1': case '2': case '3': case '4': case '5':
        case '6': case '7': case '8': case '9':
            parse_digits(f);
            continue;
        case '*':
            check_width(f);
            f->flags |= FWIDTH;
            f->width = get_aster(f, "width");
            if (f->width < 0) {
                if (f->width == INT_MIN) exc_raise(vm.c.ArgumentError, "width too big");
                f->flags |= FMINUS;
                f->width = -f->width;
            }
            f->p++;
            continue;
        case '.': parse_prec(f); continue;
        case '\n': case '\0':
            f->p--;
            /* fall through */
        case '%':
            if (f->flags) exc_raise(vm.c.ArgumentError, "illegal format character - %%");
            push(f, "%", 1);
            return;
        case 'c': fmt_char(f); return;
        case 's': case 'p': fmt_str(f, c); return;
        case 'd': case 'i': case 'o': case 'x': case 'X': case 'b': case 'B': case 'u':
            fmt_int(f, c);
            return;
        case 'f': case 'g': case 'G': case 'e': case 'E':
            fmt_float(f, c);
            return;
        default:
            malformed(c);
        }
    }
}

VALUE str_format(int argc, const VALUE *argv, VALUE fmt)
{
    fmt = conv_to_str(fmt);
    VALUE frozen = str_new_frozen(fmt);   /* stays put if to_s changes fmt */
    struct fmt f;
    memset(&f, 0, sizeof f);
    f.result = str_new_capa(RSTRING_LEN(fmt) + 16);
    f.argc = argc;
    f.argv = argv;
    f.p = RSTRING_PTR(frozen);
    f.end = f.p + RSTRING_LEN(frozen);
    f.tainted = str_tainted(fmt);
    while (f.p < f.end) {
        const char *t = memchr(f.p, '%', (size_t)(f.end - f.p));
        if (!t) t = f.end;
        push(&f, f.p, t - f.p);
        if (t >= f.end) break;
        f.p = t + 1;
        directive(&f);
        f.p++;
    }
    if (f.posarg >= 0 && f.nextarg < argc) {
        if (vm.debug) exc_raise(vm.c.ArgumentError, "too many arguments for format string");
        if (vm.verbose > 1) exc_warn("too many arguments for format string");
    }
    if (f.tainted) FL_SET(f.result, FL_TAINT);
    GC_GUARD(frozen);
    return f.result;
}

static VALUE k_sprintf(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, -1);
    return str_format(argc - 1, argv + 1, argv[0]);
}

void sprintf_init(void)
{
    define_global_function("sprintf", k_sprintf, -1);
    define_global_function("format", k_sprintf, -1);
    pack_init_array();
}
