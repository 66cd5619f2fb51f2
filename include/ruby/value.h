/* value.h: the VALUE word, immediates and heap object layouts.
 *
 * A VALUE is one machine word.  Fixnums have bit 0 set (63-bit integers),
 * Symbols have 0x0e in the low byte, flonums (most Floats, below) have 010
 * in the low three bits, and false/true/nil/undef are the small constants
 * below.  Everything else is a pointer to a GC slot: 8-aligned and
 * nonzero.  Every heap object starts with struct RBasic; its low flag bits
 * hold the type, the GC mark and the frozen bit, the upper 32 bits of the
 * flags word are free for the type (embedded lengths, method names).
 * All objects fit one 48-byte slot; larger payloads live in malloc'd memory
 * owned by the object and freed by the sweeper.
 */
#ifndef MR_VALUE_H
#define MR_VALUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <gmp.h>

typedef uintptr_t VALUE;
typedef uint32_t ID;

#define Qfalse ((VALUE)0)
#define Qtrue  ((VALUE)2)
#define Qnil   ((VALUE)4)
#define Qundef ((VALUE)6) /* "no value": never visible to Ruby code */

/* Flonums: a double whose exponent is within 2**-127 .. 2**128 sits in the
   word itself.  Its top 4 exponent bits are then 0111 or 1000, so three of
   them follow from the fourth; rotated left by 4, those three become the
   tag 010, the sign bit 3, and the fourth exponent bit (inverted, so that
   2.0 is not Qtrue) bit 63.  The encoding of -2**-127 stands for +0.0;
   2**-127 itself, -0.0, NaN, Infinity and doubles out of range are heap
   Floats (struct RFloat).  A given double has one form only, so equal?
   and object_id of a flonum depend on its value. */
#define FLONUM_P(v)  ((((VALUE)(v)) & 7) == 2 && (VALUE)(v) != (VALUE)2)
#define FLONUM_ZERO  ((VALUE)0x0a)

#define RTEST(v)     (((VALUE)(v) & ~Qnil) != 0)
#define NIL_P(v)     ((VALUE)(v) == Qnil)
#define FIXNUM_P(v)  (((VALUE)(v)) & 1)
#define SYMBOL_P(v)  (((VALUE)(v) & 0xff) == 0x0e)
#define HEAP_P(v)    ((((VALUE)(v)) & 7) == 0 && (VALUE)(v) != 0)
#define SPECIAL_P(v) (!HEAP_P(v))
#define BOOL2V(b)    ((b) ? Qtrue : Qfalse)

#define FIXNUM_MAX (INTPTR_MAX >> 1)
#define FIXNUM_MIN (INTPTR_MIN >> 1)
#define FIXABLE(n) ((n) <= FIXNUM_MAX && (n) >= FIXNUM_MIN)
#define INT2FIX(i) ((VALUE)(((uintptr_t)(intptr_t)(i) << 1) | 1))
#define FIX2LONG(v) ((long)(((intptr_t)(v)) >> 1))
#define ID2SYM(id) ((VALUE)(((VALUE)(id) << 8) | 0x0e))
#define SYM2ID(v)  ((ID)((VALUE)(v) >> 8))

#define LIKELY(x)   __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)
#define NORETURN    __attribute__((noreturn))
#define NOINLINE    __attribute__((noinline))
#define PRINTF(f, a) __attribute__((format(printf, f, a)))

enum vtype {
    T_NONE,     /* free slot */
    T_OBJECT,
    T_CLASS,
    T_MODULE,
    T_ICLASS,   /* a module's proxy in an ancestor chain */
    T_FLOAT,
    T_STRING,
    T_REGEXP,
    T_ARRAY,
    T_HASH,
    T_STRUCT,
    T_BIGNUM,
    T_RANGE,
    T_MATCH,
    T_PROC,
    T_DATA,     /* C struct with a data_type: Time, Thread, IO, Mutex ... */
    T_ENV,      /* heap local-variable environment (closures) */
    T_MENTRY,   /* method entry (internal) */
    T_CREF,     /* lexical class nesting (internal) */
    T_SCRIPT,   /* parsed program: AST arena and literals (internal) */
    /* immediates, as value_type() reports them */
    T_NIL, T_TRUE, T_FALSE, T_FIXNUM, T_SYMBOL, T_UNDEF,
};

/* flag bits of RBasic.flags */
#define FL_TYPE_MASK  0x1fu
#define FL_MARK       (1u << 5)
#define FL_FROZEN     (1u << 6)
#define FL_TAINT      (1u << 7)
#define FL_EXIVAR     (1u << 8)  /* has instance variables in the side table */
#define FL_SINGLETON  (1u << 9)  /* class: is a singleton class */
#define FL_FINALIZE   (1u << 10) /* has finalizers (finalizer.c) */
#define FL_USER(n)    (1u << (11 + (n))) /* type-specific, n < 16 */

struct RBasic {
    VALUE flags;
    VALUE klass;
};

#define RBASIC(v)      ((struct RBasic *)(v))
#define BUILTIN_TYPE(v) ((enum vtype)(RBASIC(v)->flags & FL_TYPE_MASK))
#define FL_TEST(v, f)  (RBASIC(v)->flags & (f))
#define FL_SET(v, f)   (RBASIC(v)->flags |= (f))
#define FL_UNSET(v, f) (RBASIC(v)->flags &= ~(VALUE)(f))
#define HI32(v)        ((uint32_t)(RBASIC(v)->flags >> 32))
#define SET_HI32(v, x) (RBASIC(v)->flags = (RBASIC(v)->flags & 0xffffffffu) | ((VALUE)(uint32_t)(x) << 32))
#define OBJ_FROZEN(v)  (HEAP_P(v) ? FL_TEST(v, FL_FROZEN) != 0 : true)

#define GC_SLOT_SIZE 48

/* Plain objects: instance variables by index, the index table is per class.
   Up to ROBJ_EMBED slots inline; HI32 holds the capacity when on the heap. */
#define ROBJ_EMBED 4
#define ROBJ_HEAP  FL_USER(0)
struct RObject {
    struct RBasic basic;
    union {
        VALUE ary[ROBJ_EMBED];
        struct { VALUE *ptr; uint32_t capa; } heap;
    } iv;
};

struct RFloat {
    struct RBasic basic;
    double value;
};

/* Strings are byte strings.  Up to STR_EMBED_MAX bytes live in the slot.
   A shared string points into the buffer of aux.shared (copy on write). */
#define STR_EMBED_MAX 23
#define STR_EMBED  FL_USER(0)
#define STR_SHARED FL_USER(1)
struct RString {
    struct RBasic basic;
    long len;
    union {
        struct {
            char *ptr;
            union { long capa; VALUE shared; } aux;
        } heap;
        char ary[STR_EMBED_MAX + 1];
    } as;
};

#define ARY_EMBED_MAX 3
#define ARY_EMBED  FL_USER(0)
#define ARY_SHARED FL_USER(1)
struct RArray {
    struct RBasic basic;
    long len;
    union {
        struct {
            VALUE *ptr;
            union { long capa; VALUE shared; } aux;
        } heap;
        VALUE ary[ARY_EMBED_MAX];
    } as;
};

struct hashtab;
#define HASH_PROC_DEFAULT FL_USER(0)
struct RHash {
    struct RBasic basic;
    struct hashtab *tab;
    VALUE ifnone;   /* default value, or default proc with HASH_PROC_DEFAULT */
};

struct RBignum {
    struct RBasic basic;
    mpz_t mp;
};

#define RANGE_EXCL FL_USER(0)
struct RRange {
    struct RBasic basic;
    VALUE beg, end;
};

#define STRUCT_EMBED_MAX 3
#define STRUCT_HEAP FL_USER(0)
struct RStruct {
    struct RBasic basic;
    long len;
    union {
        VALUE ary[STRUCT_EMBED_MAX];
        VALUE *ptr;
    } as;
};

/* Classes and modules.  The rarely used parts sit in a malloc'd extension. */
struct idtab;
struct class_ext;
struct RClass {
    struct RBasic basic;
    VALUE super;
    struct idtab *m_tbl;      /* ID -> method entry (T_MENTRY); shared by ICLASS */
    struct class_ext *ext;
    uint64_t serial;          /* identity for inline caches */
};

struct data_type {
    const char *name;
    void (*mark)(void *);
    void (*free)(void *);
    size_t (*memsize)(const void *);
};
struct RData {
    struct RBasic basic;
    const struct data_type *type;
    void *data;
    VALUE aux;   /* one extra reference the GC marks (owner, buffer) */
};

struct re_registers;
struct RMatch {
    struct RBasic basic;
    VALUE str;                  /* frozen copy of the subject */
    VALUE regexp;
    struct re_registers *regs;  /* Oniguruma OnigRegion */
};

struct RRegexp {
    struct RBasic basic;
    void *onig;     /* regex_t* */
    VALUE src;      /* frozen source string */
    int options;
};

#define ROBJECT(v)  ((struct RObject *)(v))
#define RFLOAT(v)   ((struct RFloat *)(v))
#define RSTRING(v)  ((struct RString *)(v))
#define RARRAY(v)   ((struct RArray *)(v))
#define RHASH(v)    ((struct RHash *)(v))
#define RBIGNUM(v)  ((struct RBignum *)(v))
#define RRANGE(v)   ((struct RRange *)(v))
#define RSTRUCT(v)  ((struct RStruct *)(v))
#define RCLASS(v)   ((struct RClass *)(v))
#define RDATA(v)    ((struct RData *)(v))
#define RMATCH(v)   ((struct RMatch *)(v))
#define RREGEXP(v)  ((struct RRegexp *)(v))

#define RSTRING_LEN(s) (RSTRING(s)->len)
#define RSTRING_PTR(s) (FL_TEST(s, STR_EMBED) ? RSTRING(s)->as.ary : RSTRING(s)->as.heap.ptr)
#define RARRAY_LEN(a)  (RARRAY(a)->len)
#define RARRAY_PTR(a)  (FL_TEST(a, ARY_EMBED) ? RARRAY(a)->as.ary : RARRAY(a)->as.heap.ptr)
#define RSTRUCT_LEN(s) (RSTRUCT(s)->len)
#define RSTRUCT_PTR(s) (FL_TEST(s, STRUCT_HEAP) ? RSTRUCT(s)->as.ptr : RSTRUCT(s)->as.ary)
/* the flonum of d, or Qundef when d must be a heap Float */
static inline VALUE flonum_from_dbl(double d)
{
    uint64_t u;
    __builtin_memcpy(&u, &d, sizeof u);
    unsigned top = (unsigned)(u >> 59) & 0xf;
    if (LIKELY(top == 7 || top == 8)) {
        uint64_t r = ((u << 4) | (u >> 60)) ^ ((uint64_t)1 << 63);
        r = (r & ~(uint64_t)7) | 2;
        return (r & ~(uint64_t)8) == 2 ? Qundef : (VALUE)r;   /* Qtrue or FLONUM_ZERO */
    }
    return u == 0 ? FLONUM_ZERO : Qundef;
}

/* a flonum other than FLONUM_ZERO */
static inline double flonum_to_dbl_nonzero(VALUE v)
{
    uint64_t r = (uint64_t)v ^ ((uint64_t)1 << 63);
    r = (r & ~(uint64_t)7) | (4 - (r >> 63));   /* 011 or 100 */
    uint64_t u = (r >> 4) | (r << 60);
    double d;
    __builtin_memcpy(&d, &u, sizeof d);
    return d;
}

static inline double flonum_to_dbl(VALUE v)
{
    return UNLIKELY(v == FLONUM_ZERO) ? 0.0 : flonum_to_dbl_nonzero(v);
}

/* the value of a Float, flonum or heap (a Float's low bits are 0 or 010) */
static inline double RFLOAT_VALUE(VALUE f)
{
    return (f & 7) ? flonum_to_dbl(f) : RFLOAT(f)->value;
}
#define DATA_PTR(v)    (RDATA(v)->data)

static inline enum vtype value_type(VALUE v)
{
    if (FIXNUM_P(v)) return T_FIXNUM;
    if (HEAP_P(v)) return BUILTIN_TYPE(v);
    if (FLONUM_P(v)) return T_FLOAT;
    if (SYMBOL_P(v)) return T_SYMBOL;
    if (v == Qnil) return T_NIL;
    if (v == Qtrue) return T_TRUE;
    if (v == Qfalse) return T_FALSE;
    return T_UNDEF;
}

#define TYPE_P(v, t) (HEAP_P(v) && BUILTIN_TYPE(v) == (t))
#define STRING_P(v)  TYPE_P(v, T_STRING)
#define ARRAY_P(v)   TYPE_P(v, T_ARRAY)
#define HASH_P(v)    TYPE_P(v, T_HASH)
#define FLOAT_P(v)   (FLONUM_P(v) || TYPE_P(v, T_FLOAT))
#define BIGNUM_P(v)  TYPE_P(v, T_BIGNUM)

#endif
