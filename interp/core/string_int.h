/* string_int.h: what the string_*.c files, sprintf.c and pack.c share and
 * nothing else uses: the per-file method installers called by str_init and
 * small helpers over the RString layout.
 *
 * Invariant kept by every function of the String module: the byte at
 * ptr[len] is NUL.  That is why shared strings only ever share a whole
 * buffer or a suffix of one (str_substr), never a prefix. */
#ifndef MR_STRING_INT_H
#define MR_STRING_INT_H

#include "runtime/internal.h"

/* method installers, one per file, called from str_init */
void str_init_access(VALUE klass);   /* string_access.c: [] []= index slice ... */
void str_init_case(VALUE klass);     /* string_case.c: case, strip, justify, succ */
void str_init_tr(VALUE klass);       /* string_tr.c: tr count delete squeeze */
void str_init_re(VALUE klass);       /* string_re.c: sub gsub scan split match */
void str_init_conv(VALUE klass);     /* string_conv.c: to_i to_f inspect dump sum */
void str_init_iter(VALUE klass);     /* string_iter.c: each_line each_byte upto */
void pack_init_methods(void);        /* pack.c: String#unpack */
void pack_init_array(void);          /* pack.c: Array#pack (from sprintf_init: runs after ary_init) */

/* a new String of the class of `like` (1.8 keeps subclasses in results) */
VALUE str_new_like(VALUE like, const char *ptr, long len);
/* shares str's bytes in a new string of class klass (copy on write) */
VALUE str_new_shared_class(VALUE klass, VALUE str);
/* byte offset of sub in str at or after pos, -1 if absent */
long str_index(VALUE str, VALUE sub, long pos);
/* replaces bytes [beg, beg+len) of str by val (a String); no checks */
void str_update(VALUE str, long beg, long len, VALUE val);
/* str[beg, len] = val with 1.8's IndexError checks */
void str_splice(VALUE str, long beg, long len, VALUE val);
/* takes over other's bytes (other is left empty): for gsub! and friends */
void str_take_bytes(VALUE str, VALUE other);
/* raise if str is frozen (without unsharing) */
void str_check_frozen(VALUE str);
/* "type mismatch: Fixnum given" */
NORETURN void str_type_mismatch(VALUE obj);

/* regexp helpers (string_re.c) */
VALUE str_get_pat(VALUE pat, bool quote);     /* Regexp from a Regexp or String */
VALUE str_subpat(VALUE str, VALUE re, VALUE nth);   /* str[re, n] */
void str_subpat_set(VALUE str, VALUE re, VALUE nth, VALUE val);

/* $KCODE is multibyte (EUC, SJIS or UTF8): some methods then step over
   whole characters (re_mbclen), as 1.8.7's ismbchar/mbclen did */
static inline bool str_kcode_mb(void) { return re_kcode_name()[0] != 'N'; }

/* raise RuntimeError "string modified" if a block changed str under us */
static inline void str_mod_check(VALUE str, const char *ptr, long len)
{
    if (RSTRING_PTR(str) != ptr || RSTRING_LEN(str) != len)
        exc_raise(vm.c.RuntimeError, "string modified");
}

static inline void str_set_len(VALUE str, long len)
{
    RSTRING(str)->len = len;
    RSTRING_PTR(str)[len] = '\0';
}

static inline bool str_tainted(VALUE s) { return FL_TEST(s, FL_TAINT) != 0; }
static inline void str_infect(VALUE dst, VALUE src)
{
    if (HEAP_P(src) && FL_TEST(src, FL_TAINT)) FL_SET(dst, FL_TAINT);
}

#define STR_ISSPACE(c) ((c) == ' ' || ((c) >= '\t' && (c) <= '\r'))
#define STR_ISDIGIT(c) ((c) >= '0' && (c) <= '9')
#define STR_ISUPPER(c) ((c) >= 'A' && (c) <= 'Z')
#define STR_ISLOWER(c) ((c) >= 'a' && (c) <= 'z')
#define STR_ISALPHA(c) (STR_ISUPPER(c) || STR_ISLOWER(c))
#define STR_ISALNUM(c) (STR_ISALPHA(c) || STR_ISDIGIT(c))
#define STR_ISPRINT(c) ((c) >= 0x20 && (c) < 0x7f)

#endif
