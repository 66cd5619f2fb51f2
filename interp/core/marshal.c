/* marshal.c: the Marshal module and what both directions share: class
 * paths and the Float encoding.
 *
 * Floats.  Ruby 1.8.7 writes "%.16g" and, when the double has bits the
 * text does not carry, a NUL and the mantissa's bits below its first 37
 * (big-endian, trailing zero bytes dropped); a reader takes the first 37
 * bits from the text and the rest from those bytes.  Ruby 1.9 and later
 * read that the same way and write the shortest text that reads back
 * exactly, without the bytes.  We write 1.8.7's bytes, so both read them;
 * in the rare case where the text's rounding carries into bit 37 (1.8.7
 * itself then loses a bit) we write "%.17g" alone, which reads back
 * exactly everywhere.  Reading takes both, and "inf", "-inf", "nan".
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "marshal.h"

#define MANT_TEXT_BITS 37   /* 53 - 16: the bits "%.16g" is trusted with */

/* ------------------------------------------------------------ floats */
/* The bits of fabs(d)'s mantissa below the first 37, as 1.8.7 writes them
   after the text: a NUL then big-endian bytes; 0 bytes if there are none. */
static int mantissa_tail(double d, char *buf)
{
    int exp;
    double head, tail = modf(ldexp(frexp(fabs(d), &exp), MANT_TEXT_BITS), &head);
    if (tail <= 0) return 0;
    int n = 0;
    buf[n++] = 0;
    while (tail > 0) {   /* 53 - 37 = 16 bits: one round in practice */
        double word;
        tail = modf(ldexp(tail, 32), &word);
        uint32_t w = (uint32_t)word;
        for (int shift = 24; shift >= 0; shift -= 8) buf[n++] = (char)(w >> shift);
    }
    while (buf[n - 1] == 0) n--;
    return n;
}

/* d from its text, corrected by the mantissa bytes after it, if any. */
static double apply_mantissa_tail(double d, const unsigned char *p, long len)
{
    if (len < 2 || p[0] != 0) return d;
    p++, len--;
    int exp;
    double bits;
    modf(ldexp(frexp(fabs(d), &exp), MANT_TEXT_BITS), &bits);
    int shift = 0;
    while (len > 0) {
        int k = len < 4 ? (int)len : 4;
        uint32_t w = 0;
        for (int i = 0; i < k; i++) w = w << 8 | *p++;
        shift -= 8 * k;
        bits += ldexp((double)w, shift);
        len -= k;
    }
    bits = ldexp(bits, exp - MANT_TEXT_BITS);
    return d < 0 ? -bits : bits;
}

static bool same_double(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

int marshal_float_encode(double d, char *buf)
{
    const char *word = isinf(d) ? (d < 0 ? "-inf" : "inf")
                     : isnan(d) ? "nan"
                     : d == 0.0 ? (signbit(d) ? "-0" : "0") : NULL;
    if (word) return (int)strlen(strcpy(buf, word));
    int len = snprintf(buf, MARSHAL_FLOAT_BUFSIZE, "%.16g", d);
    len += mantissa_tail(d, buf + len);
    if (same_double(marshal_float_decode(buf, len), d)) return len;
    return snprintf(buf, MARSHAL_FLOAT_BUFSIZE, "%.17g", d);
}

double marshal_float_decode(const char *p, long len)
{
    char text[MARSHAL_FLOAT_BUFSIZE];
    long n = (long)strnlen(p, (size_t)len);   /* the text ends at the NUL */
    if (n >= (long)sizeof text) n = sizeof text - 1;
    memcpy(text, p, (size_t)n);
    text[n] = '\0';
    if (strcmp(text, "nan") == 0) return NAN;
    if (strcmp(text, "inf") == 0) return INFINITY;
    if (strcmp(text, "-inf") == 0) return -INFINITY;
    char *end;
    double d = strtod(text, &end);
    long used = end - text;
    return apply_mantissa_tail(d, (const unsigned char *)p + used, len - used);
}

/* ------------------------------------------------------------ class paths */
static NORETURN void undefined_path(const char *path, long upto)
{
    exc_raise(vm.c.ArgumentError, "undefined class/module %.*s", (int)upto, path);
}

/* "A::B" to the class or module, as 1.8.7's rb_path2class: ArgumentError
   naming the path up to the missing part, TypeError for a constant that is
   not a class or module. */
VALUE marshal_path_to_class(const char *path, long len)
{
    if (len > 0 && path[0] == '#')
        exc_raise(vm.c.ArgumentError, "can't retrieve anonymous class %.*s", (int)len, path);
    VALUE klass = vm.c.Object;
    long i = 0;
    do {
        long j = i;
        while (j < len && path[j] != ':') j++;
        VALUE v = j > i ? const_lookup(klass, sym_intern(path + i, (size_t)(j - i)), true) : Qundef;
        if (v == Qundef) undefined_path(path, j);
        if (!TYPE_P(v, T_CLASS) && !TYPE_P(v, T_MODULE))
            exc_raise(vm.c.TypeError, "%.*s does not refer class/module", (int)len, path);
        klass = v;
        if (j < len && (j + 2 >= len || path[j + 1] != ':')) undefined_path(path, len);
        i = j + 2;
    } while (i < len);
    return klass;
}

/* ------------------------------------------------------------ the module */
void marshal_init(void)
{
    VALUE m = vm.c.Marshal = module_define("Marshal");
    define_module_function(m, "dump", marshal_dump_m, -1);
    define_module_function(m, "load", marshal_load_m, -1);
    define_module_function(m, "restore", marshal_load_m, -1);
    define_const(m, "MAJOR_VERSION", INT2FIX(MARSHAL_MAJOR));
    define_const(m, "MINOR_VERSION", INT2FIX(MARSHAL_MINOR));
}
