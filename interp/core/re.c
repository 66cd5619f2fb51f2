/* re.c: regular expressions on top of Oniguruma.
 *
 * Compiling patterns with MRI 1.8.7's options, kcodes and error messages,
 * searching (which sets $~ of the calling frame), $KCODE, and the Regexp
 * class.  MatchData and the $~-derived values ($1, $&, ...) are in
 * re_match.c.
 *
 * RRegexp.options holds Ruby's option bits: IGNORECASE 1, EXTENDED 2,
 * MULTILINE 4, plus a fixed kcode in 0x70 (16 none, 32 euc, 48 sjis,
 * 64 utf8) as 1.8.7's Regexp#options reports it.  A regexp without a fixed
 * kcode follows $KCODE: it remembers (HI32 of its flags) the kcode it was
 * compiled for and is recompiled when $KCODE changes, as MRI 1.8 does.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <oniguruma.h>
#include "runtime/internal.h"

#define OPT_I 0x01
#define OPT_X 0x02
#define OPT_M 0x04
#define OPT_MASK 0x07
#define KC_NONE 0x10
#define KC_EUC  0x20
#define KC_SJIS 0x30
#define KC_UTF8 0x40
#define KC_MASK 0x70

#define RE_LITERAL FL_USER(0)   /* a literal in the program: initialize refuses it */

/* $KCODE: one setting for the whole process, as in MRI (a thread switch
   must not change how patterns are read).  Always one of the KC_ values. */
static int re_kcode_cur = KC_NONE;

/* Patterns given as Strings (gsub, split, index ...) compiled once: a small
   direct-mapped cache from the String's bytes to its quoted Regexp.  Global
   on purpose: it is a cache, any thread may use any entry. */
#define RE_CACHE_SIZE 32
static VALUE re_cache_key[RE_CACHE_SIZE];
static VALUE re_cache_val[RE_CACHE_SIZE];

/* ================================================================ compiling */

static OnigEncoding kcode_encoding(int kc)
{
    switch (kc) {
    case KC_EUC: return ONIG_ENCODING_EUC_JP;
    case KC_SJIS: return ONIG_ENCODING_SJIS;
    case KC_UTF8: return ONIG_ENCODING_UTF8;
    default: return ONIG_ENCODING_ASCII;
    }
}

/* the kcode a regexp with these options is read in now */
static int effective_kcode(int options)
{
    return (options & KC_MASK) ? (options & KC_MASK) : re_kcode_cur;
}

/* kcode option bits from node.h's literal flags (/n /e /s /u) */
static int kcode_from_literal(int lit)
{
    if (lit & RE_KCODE_UTF8) return KC_UTF8;
    if (lit & RE_KCODE_SJIS) return KC_SJIS;
    if (lit & RE_KCODE_EUC) return KC_EUC;
    if (lit & RE_KCODE_NONE) return KC_NONE;
    return 0;
}

static int kcode_from_char(char c)
{
    switch (c) {
    case 'n': case 'N': return KC_NONE;
    case 'e': case 'E': return KC_EUC;
    case 's': case 'S': return KC_SJIS;
    case 'u': case 'U': return KC_UTF8;
    default: return 0;
    }
}

/* length of the character starting at p (multibyte kcodes), at most n */
static long char_len(int kc, const char *p, long n)
{
    if (kc == KC_NONE || !(*p & 0x80)) return 1;
    long l = ONIGENC_MBC_ENC_LEN(kcode_encoding(kc), (const OnigUChar *)p);
    return l < 1 ? 1 : l > n ? n : l;
}

/* Append the pattern as it appears between slashes in #inspect: unchanged
   unless it holds a slash or an unprintable byte; then slashes get a
   backslash and unprintable bytes (not spaces) an octal escape.  kc is
   $KCODE, as in 1.8.7: a byte that starts no character of it is
   unprintable. */
static bool mb_lead(int kc, const char *p)
{
    return kc != KC_NONE && ONIGENC_MBC_ENC_LEN(kcode_encoding(kc), (const OnigUChar *)p) > 1;
}

static void append_expr(VALUE out, const char *s, long len, int kc)
{
    bool escape = false;
    for (long i = 0; i < len; i += char_len(kc, s + i, len - i)) {
        unsigned char c = (unsigned char)s[i];
        if (c == '/' || (c < 0x80 ? (c < 0x20 || c == 0x7f) : !mb_lead(kc, s + i))) {
            escape = true;
            break;
        }
    }
    if (!escape) { str_cat(out, s, len); return; }
    for (long i = 0; i < len;) {
        unsigned char c = (unsigned char)s[i];
        long n = 1;
        if (c == '\\' && i + 1 < len) {
            n = 1 + char_len(kc, s + i + 1, len - i - 1);
            str_cat(out, s + i, n);
        } else if (c == '/') {
            str_cat(out, "\\/", 2);
        } else if (c >= 0x80 && mb_lead(kc, s + i)) {
            n = char_len(kc, s + i, len - i);
            str_cat(out, s + i, n);
        } else if ((c >= 0x20 && c < 0x7f) || c == ' ' || (c >= '\t' && c <= '\r')) {
            str_cat(out, s + i, 1);
        } else {
            str_cat_fmt(out, "\\%03o", c);
        }
        i += n;
    }
}

/* "/src/" as 1.8.7's error messages show a bad pattern */
static void pattern_desc(char *buf, size_t n, const char *src, long len)
{
    VALUE s = str_new("/", 1);
    append_expr(s, src, len, re_kcode_cur);
    str_cat(s, "/", 1);
    snprintf(buf, n, "%.*s", (int)RSTRING_LEN(s), RSTRING_PTR(s));
}

/* The index of the ']' closing the character class that opens at s[i]
   (len when it is not closed): a ']' first, or after '^', is a member. */
static long class_end(const char *s, long len, long i)
{
    i++;
    if (i < len && s[i] == '^') i++;
    if (i < len && s[i] == ']') i++;
    while (i < len && s[i] != ']') i += s[i] == '\\' ? 2 : 1;
    return i;
}

/* Where 1.8.7's engine complains of a repeat with nothing to repeat ("*a",
   "(+)", "a|?"): the 1-based position of that operator, 0 if none. */
static long bare_repeat_pos(const char *s, long len)
{
    bool atom = false;
    for (long i = 0; i < len; i++) {
        char c = s[i];
        if (c == '\\') { i++; atom = true; }
        else if (c == '[') {
            i = class_end(s, len, i);
            atom = true;
        } else if (c == '(') {
            if (i + 1 < len && s[i + 1] == '?')
                while (i + 1 < len && !strchr(":)=!>", s[i + 1])) i++;
            if (i + 1 < len && s[i + 1] != '(' && strchr(":)=!>", s[i + 1])) i++;
            atom = false;
        } else if (c == '|') atom = false;
        else if (c == '*' || c == '+' || c == '?') { if (!atom) return i + 1; }
        else atom = true;
    }
    return 0;
}

static void splice(VALUE *out, const char **copied, const char *upto, const char *insert);

/* Anchors (^ $ \b \B \A \z \Z \G) that a repeat follows.  1.8.7 refuses
   one at the start of a branch ("no previous pattern") and takes one after
   an atom (a\b+, a$?); Oniguruma refuses both.  With wrapped NULL: the
   1-based position of the first refused repeat, 0 if none.  Else the
   pattern with each taken one as (?-:anchor) goes to *wrapped (made on
   first use). */
static long anchor_repeats(const char *s, long len, VALUE *wrapped)
{
    const char *copied = s;
    bool atom = false;
    for (long i = 0; i < len; i++) {
        char c = s[i];
        long next = i + 1;
        bool anchor = false;
        if (c == '\\' && i + 1 < len) { anchor = strchr("bBAzZG", s[i + 1]) != NULL; next = i + 2; }
        else if (c == '[') {
            i = class_end(s, len, i);
            atom = true;
            continue;
        } else if (c == '(') {
            if (i + 1 < len && s[i + 1] == '?')
                while (i + 1 < len && !strchr(":)=!>", s[i + 1])) i++;
            if (i + 1 < len && s[i + 1] != '(' && strchr(":=!>", s[i + 1])) i++;
            atom = false;
            continue;
        } else if (c == '|') { atom = false; continue; }
        else anchor = c == '^' || c == '$';
        bool repeated = anchor && next < len && strchr("*+?{", s[next]);
        if (repeated && !atom && !wrapped) return next + 1;
        if (repeated && atom && wrapped) {
            splice(wrapped, &copied, s + i, "(?-:");
            splice(wrapped, &copied, s + next, ")");
        }
        if (!anchor) atom = true;
        i = next - 1;
    }
    if (wrapped && *wrapped) str_cat(*wrapped, copied, s + len - copied);
    return 0;
}

/* The message for a compile error: 1.8.7's wording for the errors scripts
   meet most (its engine was not Oniguruma), Oniguruma's for the rest. */
static void compile_error_text(int code, OnigErrorInfo *ei, const char *src, long len,
                               char *buf, size_t n)
{
    char msg[ONIG_MAX_ERROR_MESSAGE_LEN + 128], desc[512];
    long at;
    switch (code) {
    case ONIGERR_END_PATTERN_WITH_UNMATCHED_PARENTHESIS:
        snprintf(msg, sizeof msg, "%s", len > 0 && src[len - 1] == '(' ? "premature end of regular expression"
                                                                    : "unmatched (");
        break;
    case ONIGERR_END_PATTERN_IN_GROUP:
    case ONIGERR_END_PATTERN_AT_ESCAPE:
    case ONIGERR_END_PATTERN_AT_META:
    case ONIGERR_END_PATTERN_AT_CONTROL:
    case ONIGERR_END_PATTERN_AT_LEFT_BRACE:
        snprintf(msg, sizeof msg, "premature end of regular expression");
        break;
    case ONIGERR_UNMATCHED_CLOSE_PARENTHESIS:
        snprintf(msg, sizeof msg, "unmatched )");
        break;
    case ONIGERR_PREMATURE_END_OF_CHAR_CLASS:
    case ONIGERR_END_PATTERN_AT_LEFT_BRACKET:
        snprintf(msg, sizeof msg, "premature end of char-class");
        break;
    case ONIGERR_TARGET_OF_REPEAT_OPERATOR_NOT_SPECIFIED:
        if ((at = bare_repeat_pos(src, len)) > 0) {
            snprintf(msg, sizeof msg, "invalid regular expression; there's no previous pattern, "
                     "to which '%c' would define cardinality at %ld", src[at - 1], at);
            break;
        }
        /* fall through */
    case ONIGERR_TARGET_OF_REPEAT_OPERATOR_INVALID:
        if (code == ONIGERR_TARGET_OF_REPEAT_OPERATOR_INVALID && (at = anchor_repeats(src, len, NULL)) > 0) {
            snprintf(msg, sizeof msg, "invalid regular expression; there's no previous pattern, "
                     "to which '%c' would define cardinality at %ld", src[at - 1], at);
            break;
        }
        /* fall through */
    default:
        onig_error_code_to_str((OnigUChar *)msg, code, ei);
    }
    pattern_desc(desc, sizeof desc, src, len);
    snprintf(buf, n, "%s: %s", msg, desc);
}

/* Oniguruma's parser and compiler recurse on the pattern's nesting.  Its
   depth limit is global, so before each compile it is set from what the
   current thread's C stack still holds.  Measured on 6.9.8 (bytes of C
   stack per unit of parse depth; a group counts two units): 384 for
   groups, 560 for groups of alternatives, 840 for a repeated named one;
   the absent operator (?~...) up to 1,700.  Plus about 10 KB whatever the
   pattern. */
#define RE_STACK_BASE (16 * 1024)
#define RE_STACK_PER_DEPTH 1024
#define RE_STACK_PER_DEPTH_ABSENT 2048
#define RE_MAX_PARSE_DEPTH 4096         /* Oniguruma's default */

/* The parse depth this thread's stack allows for src, at most the default. */
static unsigned parse_depth_for_stack(const char *src, long len)
{
    size_t avail = vm_stack_free();
    if (avail <= RE_STACK_BASE) vm_stack_overflow();
    bool absent = memmem(src, (size_t)len, "(?~", 3) != NULL;
    size_t depth = (avail - RE_STACK_BASE) / (absent ? RE_STACK_PER_DEPTH_ABSENT : RE_STACK_PER_DEPTH);
    if (depth == 0) vm_stack_overflow();
    return depth < RE_MAX_PARSE_DEPTH ? (unsigned)depth : RE_MAX_PARSE_DEPTH;
}

/* ---- What 1.8.7 reads differently from Oniguruma, fixed before compiling:
   - a look-ahead followed by a repeat: 1.8.7 accepts (?!x){0,1} and
     ignores the repeat (the look-ahead still has to hold: with a star,
     "xa" =~ /(?=a).../ still matches at 1); Oniguruma refuses it ("target
     of repeat operator is invalid").  The repeat is dropped.
   - {,n} is no interval in 1.8.7 but the literal text; Oniguruma reads
     {0,n}.  The brace is escaped.
   - intervals 1.8.7 refuses: {n,m} with n > m, counts from 32767.
   - a greedy * + or ? followed by * or +: 1.8.7 refuses it ("nested *?+");
     Oniguruma reads a possessive or a nested repeat.
   - a repeated (?:...) that holds only anchors or look-aheads: 1.8.7
     repeats it; Oniguruma refuses it, but not when the group is an option
     group, so on that error compile() retries with each repeated (?: as
     (?-: (which changes no option).  The retry also puts an anchor
     repeated after an atom (a\b+, a$?), which 1.8.7 takes too, in such a
     group. */

/* bytes of the character at p under enc (1 for an ASCII byte) */
static long la_char_len(OnigEncoding enc, const char *p, const char *end)
{
    long n = ONIGENC_MBC_ENC_LEN(enc, (const OnigUChar *)p);
    return n < 1 || n > end - p ? 1 : n;
}

/* Just past the group that opens at p ('('), or NULL if it is not closed. */
static const char *group_end(OnigEncoding enc, const char *p, const char *end)
{
    int depth = 0;
    bool in_class = false;
    while (p < end) {
        char c = *p;
        if (c == '\\' && p + 1 < end) { p += 1 + la_char_len(enc, p + 1, end); continue; }
        if (in_class) { if (c == ']') in_class = false; }
        else if (c == '[') in_class = true;
        else if (c == '(') depth++;
        else if (c == ')' && --depth == 0) return p + 1;
        p += la_char_len(enc, p, end);
    }
    return NULL;
}

static const char *digits(const char *p, const char *end, long *n)
{
    *n = 0;
    for (; p < end && *p >= '0' && *p <= '9'; p++) *n = *n < 100000 ? *n * 10 + (*p - '0') : *n;
    return p;
}

/* An interval {n}, {n,}, {n,m} or {,m} at p: its length, 0 if the brace is
   plain text; *low_missing for {,m}; *error for one 1.8.7 refuses. */
static long interval_len(const char *p, const char *end, bool *low_missing, const char **error)
{
    long lo, hi = -1;
    const char *d = digits(p + 1, end, &lo);
    *low_missing = d == p + 1;
    if (d < end && *d == ',') {
        const char *e = digits(d + 1, end, &hi);
        if (e == d + 1) hi = -1;
        d = e;
    } else if (*low_missing) {
        return 0;
    } else {
        hi = lo;
    }
    if (d >= end || *d != '}') return 0;
    if (!*low_missing) {
        if (lo >= 32767 || hi >= 32767) *error = "too big quantifier in {,}";
        else if (hi >= 0 && lo > hi) *error = "can't do {n,m} with n > m";
    }
    return d + 1 - p;
}

/* Length of the repeat operator at p (with a lazy '?'), 0 if none. */
static long repeat_len(const char *p, const char *end, const char **error)
{
    const char *q = p;
    bool low_missing;
    if (q < end && (*q == '*' || *q == '+' || *q == '?')) q++;
    else if (q < end && *q == '{') {
        long n = interval_len(q, end, &low_missing, error);
        if (n == 0 || low_missing) return 0;
        q += n;
    } else {
        return 0;
    }
    if (q < end && *q == '?') q++;
    return q - p;
}

static bool lookahead_at(const char *p, const char *end)
{
    return end - p >= 3 && p[0] == '(' && p[1] == '?' && (p[2] == '=' || p[2] == '!');
}

/* Append src[*copied, upto) to *out (made on first use), then insert. */
static void splice(VALUE *out, const char **copied, const char *upto, const char *insert)
{
    if (!*out) *out = str_new(NULL, 0);
    str_cat(*out, *copied, upto - *copied);
    str_cat_cstr(*out, insert);
    *copied = upto;
}

/* The pattern for Oniguruma: 0 if src will do, else a new String; *error
   set for an interval 1.8.7 refuses. */
static VALUE onig_pattern(const char *src, long len, OnigEncoding enc, const char **error)
{
    const char *p = src, *end = src + len, *copied = src;
    VALUE out = 0;
    bool in_class = false, greedy = false;   /* greedy: p follows a greedy * + or ? */
    bool comments = memchr(src, '#', (size_t)len) != NULL;   /* (?#...) or /x: no nesting check */
    *error = NULL;
    while (p < end) {
        char c = *p;
        bool low_missing, was_greedy = greedy;
        greedy = false;
        if (ONIGENC_MBC_ENC_LEN(enc, (const OnigUChar *)p) > end - p) {
            *error = "premature end of regular expression";   /* a character cut short */
            return 0;
        }
        if (c == '\\' && p + 1 < end) { p += 1 + la_char_len(enc, p + 1, end); continue; }
        if (in_class) { if (c == ']') in_class = false; p += la_char_len(enc, p, end); continue; }
        if (c == '[') { in_class = true; p++; continue; }
        if ((c == '*' || c == '+') && was_greedy && !comments) { *error = "nested *?+ in regexp"; return 0; }
        greedy = (c == '*' || c == '+' || c == '?') && p > src && p[-1] != '(' && !was_greedy;
        if (c == '{' && p > src && interval_len(p, end, &low_missing, error) && low_missing) {
            splice(&out, &copied, p, "\\");            /* {,n}: the text */
        } else if (c == '{' && p + 1 == end && p > src) {
            *error = "invalid regular expression; '{' can't be last character";
        }
        if (*error) return 0;
        const char *g = lookahead_at(p, end) ? group_end(enc, p, end) : NULL;
        long r = g ? repeat_len(g, end, error) : 0;
        if (*error) return 0;
        if (r == 0) { p += la_char_len(enc, p, end); continue; }
        splice(&out, &copied, g, "");
        p = copied = g + r;
    }
    if (out) str_cat(out, copied, end - copied);
    return out;
}

/* pat with every (?: group that a repeat follows made a (?-: group, and
   each repeated anchor after an atom wrapped in one. */
static VALUE option_groups(const char *pat, long len, OnigEncoding enc)
{
    const char *p = pat, *end = pat + len, *copied = pat;
    const char *dummy;
    VALUE out = 0;
    bool in_class = false;
    while (p < end) {
        char c = *p;
        if (c == '\\' && p + 1 < end) { p += 1 + la_char_len(enc, p + 1, end); continue; }
        if (in_class) { if (c == ']') in_class = false; p += la_char_len(enc, p, end); continue; }
        if (c == '[') { in_class = true; p++; continue; }
        if (end - p >= 3 && p[0] == '(' && p[1] == '?' && p[2] == ':') {
            const char *g = group_end(enc, p, end);
            if (g && repeat_len(g, end, &dummy)) { splice(&out, &copied, p + 2, "-"); }
        }
        p += la_char_len(enc, p, end);
    }
    if (out) str_cat(out, copied, end - copied);
    VALUE wrapped = 0;
    anchor_repeats(out ? RSTRING_PTR(out) : pat, out ? RSTRING_LEN(out) : len, &wrapped);
    GC_GUARD(out);
    return wrapped ? wrapped : out;
}

static int onig_compile(regex_t **reg, const char *pat, long plen, OnigOptionType o, int kc, OnigErrorInfo *ei)
{
    int r = onig_new(reg, (const OnigUChar *)pat, (const OnigUChar *)pat + plen, o,
                     kcode_encoding(kc), ONIG_SYNTAX_RUBY, ei);
    /* bytes that are no character of a multibyte kcode: 1.8.7 took them
       as single bytes; so does the pattern read as bytes */
    if ((r == ONIGERR_INVALID_CODE_POINT_VALUE || r == ONIGERR_TOO_SHORT_MULTI_BYTE_STRING) && kc != KC_NONE)
        r = onig_new(reg, (const OnigUChar *)pat, (const OnigUChar *)pat + plen, o,
                     ONIG_ENCODING_ASCII, ONIG_SYNTAX_RUBY, ei);
    return r;
}

/* Compile with Ruby option bits for kcode kc; NULL and a message in err on
   error.  Ruby's `m` is Oniguruma's MULTILINE (dot matches newline); ^ and $
   are line anchors with ONIG_SYNTAX_RUBY.  As in 1.8, case folding and \d
   \s stay ASCII even for multibyte kcodes (\w takes any multibyte char). */
static regex_t *compile(const char *src, long len, int options, int kc, char *err, size_t errlen)
{
    OnigOptionType o = ONIG_OPTION_IGNORECASE_IS_ASCII | ONIG_OPTION_DIGIT_IS_ASCII |
                       ONIG_OPTION_SPACE_IS_ASCII;
    if (options & OPT_I) o |= ONIG_OPTION_IGNORECASE;
    if (options & OPT_X) o |= ONIG_OPTION_EXTEND;
    if (options & OPT_M) o |= ONIG_OPTION_MULTILINE;
    regex_t *reg;
    OnigErrorInfo ei;
    const char *error;
    VALUE fixed = onig_pattern(src, len, kcode_encoding(kc), &error);
    if (error) {
        char desc[512];
        pattern_desc(desc, sizeof desc, src, len);
        snprintf(err, errlen, "%s: %s", error, desc);
        return NULL;
    }
    const char *pat = fixed ? RSTRING_PTR(fixed) : src;
    long plen = fixed ? RSTRING_LEN(fixed) : len;
    unsigned depth = parse_depth_for_stack(pat, plen);
    onig_set_parse_depth_limit(depth);
    int r = onig_compile(&reg, pat, plen, o, kc, &ei);
    VALUE opt = r == ONIGERR_TARGET_OF_REPEAT_OPERATOR_INVALID ? option_groups(pat, plen, kcode_encoding(kc)) : 0;
    if (opt) r = onig_compile(&reg, RSTRING_PTR(opt), RSTRING_LEN(opt), o, kc, &ei);
    GC_GUARD(fixed);
    GC_GUARD(opt);
    /* too deep for this stack, not for Ruby: as a deep recursion would */
    if (r == ONIGERR_PARSE_DEPTH_LIMIT_OVER && depth < RE_MAX_PARSE_DEPTH) vm_stack_overflow();
    if (r != ONIG_NORMAL) {
        compile_error_text(r, &ei, src, len, err, errlen);
        return NULL;
    }
    gc_malloc_increase(256 + (size_t)len * 16);   /* rough size of the compiled program */
    return reg;
}

/* (Re)initialize re from a source String; false and a message on error. */
static bool re_setup(VALUE re, VALUE src, int options, char *err, size_t errlen)
{
    options &= OPT_MASK | KC_MASK;
    if ((options & KC_MASK) > KC_UTF8) options &= ~KC_MASK;   /* not a kcode */
    VALUE copy = obj_freeze(str_new(RSTRING_PTR(src), RSTRING_LEN(src)));
    int kc = effective_kcode(options);
    regex_t *reg = compile(RSTRING_PTR(copy), RSTRING_LEN(copy), options, kc, err, errlen);
    GC_GUARD(src);      /* its bytes were read after an allocation */
    GC_GUARD(copy);     /* the error message reads copy's bytes */
    if (!reg) return false;
    struct RRegexp *r = RREGEXP(re);
    if (r->onig) onig_free(r->onig);
    r->onig = reg;
    r->src = copy;
    r->options = options;
    SET_HI32(re, kc);
    return true;
}

static VALUE re_alloc(VALUE klass)
{
    VALUE re = gc_new_obj(T_REGEXP, klass);
    RREGEXP(re)->onig = NULL;
    RREGEXP(re)->src = 0;
    RREGEXP(re)->options = 0;
    return re;
}

void re_gc_free(VALUE re)
{
    if (RREGEXP(re)->onig) onig_free(RREGEXP(re)->onig);
    RREGEXP(re)->onig = NULL;
}

/* Ruby option bits from node.h's literal flags */
static int options_from_literal(int lit)
{
    return (lit & OPT_MASK) | kcode_from_literal(lit);
}

VALUE re_new_cstr(const char *src, long len, int options, char *errbuf, size_t errlen)
{
    VALUE re = re_alloc(vm.c.Regexp);
    if (!re_setup(re, str_new(src, len), options_from_literal(options), errbuf, errlen)) return 0;
    FL_SET(re, RE_LITERAL);
    return re;
}

VALUE re_new(VALUE src, int options)
{
    char err[1024];
    VALUE re = re_alloc(vm.c.Regexp);
    if (!re_setup(re, src, options_from_literal(options), err, sizeof err))
        exc_raise(vm.c.RegexpError, "%s", err);
    return re;
}

/* From Ruby option bits as Regexp#options gives them (kcode included). */
VALUE re_new_options(VALUE src, int options)
{
    char err[1024];
    VALUE re = re_alloc(vm.c.Regexp);
    if (!re_setup(re, src, options, err, sizeof err)) exc_raise(vm.c.RegexpError, "%s", err);
    return re;
}

static void re_check(VALUE re)
{
    if (!RREGEXP(re)->onig || !RREGEXP(re)->src) exc_raise(vm.c.TypeError, "uninitialized Regexp");
}

/* The compiled program, recompiled first if $KCODE changed since. */
static regex_t *re_program(VALUE re)
{
    re_check(re);
    struct RRegexp *r = RREGEXP(re);
    if (!(r->options & KC_MASK) && HI32(re) != (uint32_t)re_kcode_cur) {
        char err[1024];
        regex_t *reg = compile(RSTRING_PTR(r->src), RSTRING_LEN(r->src), r->options, re_kcode_cur,
                               err, sizeof err);
        if (!reg) exc_raise(vm.c.RegexpError, "%s", err);
        onig_free(r->onig);
        r->onig = reg;
        SET_HI32(re, re_kcode_cur);
    }
    return r->onig;
}

/* ================================================================ searching */

NORETURN static void search_error(int code)
{
    char msg[ONIG_MAX_ERROR_MESSAGE_LEN + 1];
    onig_error_code_to_str((OnigUChar *)msg, code);
    exc_raise(vm.c.RegexpError, "%s", msg);
}

/* Search str from byte pos (backwards when reverse); the MatchData or nil,
   which also becomes $~ of the calling Ruby frame.  *posp gets the start. */
static VALUE search(VALUE re, VALUE str, long pos, bool reverse, long *posp)
{
    regex_t *reg = re_program(re);
    long len = RSTRING_LEN(str);
    *posp = -1;
    if (pos < 0 || pos > len) { vm_svar_set(0, Qnil); return Qnil; }
    const OnigUChar *s = (const OnigUChar *)RSTRING_PTR(str);
    if (pos > 0 && pos < len) {
        /* inside a multibyte character: start at its head searching
           backwards, at the next one forwards (1.8.7's re_adjust_startpos) */
        OnigEncoding enc = onig_get_encoding(reg);
        const OnigUChar *at = reverse ? onigenc_get_left_adjust_char_head(enc, s, s + pos)
                                      : onigenc_get_right_adjust_char_head(enc, s, s + pos);
        pos = at - s;
    }
    struct re_registers *regs = match_region_new(onig_number_of_captures(reg) + 1);
    int r = onig_search(reg, s, s + len, s + pos, reverse ? s : s + len, regs, ONIG_OPTION_NONE);
    if (r < 0) {
        free(regs);
        if (r != ONIG_MISMATCH) search_error(r);
        vm_svar_set(0, Qnil);
        return Qnil;
    }
    VALUE m = match_new(match_subject(str), re, regs);
    vm_svar_set(0, m);
    *posp = r;
    return m;
}

VALUE re_search_match(VALUE re, VALUE str, long pos, bool reverse)
{
    long at;
    return search(re, str, pos, reverse, &at);
}

long re_search(VALUE re, VALUE str, long pos, bool reverse)
{
    long at;
    search(re, str, pos, reverse, &at);
    return at;
}

/* ================================================================ quoting */

/* Regexp.escape: 1.8.7 escapes these and spells \t \f \n \r and space */
static int quote_char(unsigned char c)
{
    switch (c) {
    case '[': case ']': case '{': case '}': case '(': case ')': case '|': case '-':
    case '*': case '.': case '\\': case '?': case '+': case '^': case '$': case '#':
        return c;
    case ' ': return ' ';
    case '\t': return 't';
    case '\f': return 'f';
    case '\n': return 'n';
    case '\r': return 'r';
    default: return 0;
    }
}

VALUE re_quote(VALUE str)
{
    const char *p = RSTRING_PTR(str);
    long len = RSTRING_LEN(str), i = 0;
    int kc = re_kcode_cur;
    while (i < len && !quote_char((unsigned char)p[i])) i += char_len(kc, p + i, len - i);
    if (i >= len) {
        VALUE copy = str_new(p, len);
        GC_GUARD(str);
        return copy;
    }
    VALUE out = str_new_capa(len + 8);
    str_cat(out, p, i);
    while (i < len) {
        p = RSTRING_PTR(str);
        long n = char_len(kc, p + i, len - i);
        int q = n == 1 ? quote_char((unsigned char)p[i]) : 0;
        if (q) {
            char esc[2] = { '\\', (char)q };
            str_cat(out, esc, 2);
        } else {
            str_cat(out, p + i, n);
        }
        i += n;
    }
    GC_GUARD(str);
    return out;
}

static long cache_slot(VALUE str)
{
    const unsigned char *p = (const unsigned char *)RSTRING_PTR(str);
    unsigned long h = (unsigned long)RSTRING_LEN(str);
    for (long i = 0; i < RSTRING_LEN(str); i++) h = h * 31 + p[i];
    return (long)(h % RE_CACHE_SIZE);
}

/* the Regexp matching exactly the bytes of str, compiled once */
static VALUE quoted_regexp(VALUE str)
{
    long slot = cache_slot(str);
    VALUE key = re_cache_key[slot];
    if (key && RSTRING_LEN(key) == RSTRING_LEN(str) &&
        memcmp(RSTRING_PTR(key), RSTRING_PTR(str), (size_t)RSTRING_LEN(str)) == 0)
        return re_cache_val[slot];
    key = obj_freeze(str_new(RSTRING_PTR(str), RSTRING_LEN(str)));
    GC_GUARD(str);
    VALUE re = re_new(re_quote(key), 0);
    re_cache_key[slot] = key;
    re_cache_val[slot] = re;
    return re;
}

VALUE re_to_regexp(VALUE pattern)
{
    if (TYPE_P(pattern, T_REGEXP)) return pattern;
    VALUE s = STRING_P(pattern) ? pattern : conv_check_str(pattern);
    if (NIL_P(s)) exc_wrong_type(pattern, "Regexp");
    return quoted_regexp(s);
}

/* ================================================================ $KCODE */

void re_set_kcode(const char *code)
{
    int kc = code ? kcode_from_char(code[0]) : 0;
    re_kcode_cur = kc ? kc : KC_NONE;
}

/* Length of the character at p under $KCODE (1 for NONE and ASCII), for
   the String and IO methods 1.8.7 makes multibyte-aware; 1 <= result <= n. */
long re_mbclen(const char *p, long n)
{
    return n < 1 ? 1 : char_len(re_kcode_cur, p, n);
}

/* The same under re's kcode: the one it was written with (/u, /n ...),
   else $KCODE, as 1.8.7's mbclen2 steps over empty matches. */
long re_mbclen_pat(VALUE re, const char *p, long n)
{
    return n < 1 ? 1 : char_len(effective_kcode(RREGEXP(re)->options), p, n);
}

const char *re_kcode_name(void)
{
    switch (re_kcode_cur) {
    case KC_EUC: return "EUC";
    case KC_SJIS: return "SJIS";
    case KC_UTF8: return "UTF8";
    default: return "NONE";
    }
}

static VALUE kcode_get(ID id, void *data) { return str_new_cstr(re_kcode_name()); }

static void kcode_set(VALUE v, ID id, void *data)
{
    VALUE s = conv_to_str(v);
    re_set_kcode(RSTRING_LEN(s) ? RSTRING_PTR(s) : NULL);
}

/* $= (case-insensitive matching everywhere) was deprecated in 1.8 and is
   not supported: it reads false and assigning it only warns as 1.8.7 does. */
static VALUE ignorecase_get(ID id, void *data) { return Qfalse; }
static void ignorecase_set(VALUE v, ID id, void *data)
{
    exc_warn("modifying $= is deprecated");
}

/* ================================================================ Regexp methods */

static VALUE re_m_initialize(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 3);
    if (FL_TEST(self, RE_LITERAL)) exc_raise(vm.c.SecurityError, "can't modify literal regexp");
    obj_check_frozen(self);
    VALUE src;
    int options = 0;
    if (TYPE_P(argv[0], T_REGEXP)) {
        if (argc > 1) exc_warn("flags%s ignored", argc == 3 ? " and encoding" : "");
        re_check(argv[0]);
        src = RREGEXP(argv[0])->src;
        options = RREGEXP(argv[0])->options;
    } else {
        if (argc >= 2) options = FIXNUM_P(argv[1]) ? (int)FIX2LONG(argv[1]) : RTEST(argv[1]) ? OPT_I : 0;
        if (argc == 3 && !NIL_P(argv[2])) {
            VALUE k = conv_to_str(argv[2]);
            options = (options & ~KC_MASK) | (RSTRING_LEN(k) ? kcode_from_char(RSTRING_PTR(k)[0]) : 0);
        }
        src = conv_to_str(argv[0]);
    }
    char err[1024];
    if (!re_setup(self, src, options, err, sizeof err)) exc_raise(vm.c.RegexpError, "%s", err);
    return self;
}

static VALUE re_m_init_copy(VALUE self, int argc, const VALUE *argv)
{
    VALUE orig = argv[0];
    if (self == orig) return self;
    obj_check_frozen(self);
    if (!TYPE_P(orig, T_REGEXP) || obj_class(orig) != obj_class(self))
        exc_raise(vm.c.TypeError, "wrong argument type");
    re_check(orig);
    char err[1024];
    if (!re_setup(self, RREGEXP(orig)->src, RREGEXP(orig)->options, err, sizeof err))
        exc_raise(vm.c.RegexpError, "%s", err);
    return self;
}

static VALUE re_m_match_op(VALUE self, int argc, const VALUE *argv)
{
    if (NIL_P(argv[0])) { vm_svar_set(0, Qnil); return Qnil; }
    long at = re_search(self, conv_to_str(argv[0]), 0, false);
    return at < 0 ? Qnil : INT2FIX(at);
}

static VALUE re_m_match(VALUE self, int argc, const VALUE *argv)
{
    if (NIL_P(argv[0])) { vm_svar_set(0, Qnil); return Qnil; }
    long at;
    return search(self, conv_to_str(argv[0]), 0, false, &at);
}

static VALUE re_m_eqq(VALUE self, int argc, const VALUE *argv)
{
    VALUE str = conv_check_str(argv[0]);    /* 1.8: a Symbol does not match */
    if (NIL_P(str)) { vm_svar_set(0, Qnil); return Qfalse; }
    return BOOL2V(re_search(self, str, 0, false) >= 0);
}

/* ~re: match against $_ */
static VALUE re_m_tilde(VALUE self, int argc, const VALUE *argv)
{
    VALUE line = vm_svar_get(1);
    if (!STRING_P(line)) { vm_svar_set(0, Qnil); return Qnil; }
    long at = re_search(self, line, 0, false);
    return at < 0 ? Qnil : INT2FIX(at);
}

static VALUE re_m_source(VALUE self, int argc, const VALUE *argv)
{
    re_check(self);
    VALUE src = RREGEXP(self)->src;
    VALUE copy = str_new(RSTRING_PTR(src), RSTRING_LEN(src));
    GC_GUARD(src);
    return copy;
}

static void append_options(VALUE out, int options)
{
    if (options & OPT_M) str_cat(out, "m", 1);
    if (options & OPT_I) str_cat(out, "i", 1);
    if (options & OPT_X) str_cat(out, "x", 1);
}

static VALUE re_m_inspect(VALUE self, int argc, const VALUE *argv)
{
    re_check(self);
    VALUE src = RREGEXP(self)->src;
    int options = RREGEXP(self)->options;
    VALUE out = str_new("/", 1);
    append_expr(out, RSTRING_PTR(src), RSTRING_LEN(src), re_kcode_cur);
    str_cat(out, "/", 1);
    append_options(out, options);
    static const char kcodes[] = "nesu";
    if (options & KC_MASK) str_cat(out, &kcodes[((options & KC_MASK) >> 4) - 1], 1);
    return out;
}

static int option_letter(char c)
{
    return c == 'm' ? OPT_M : c == 'i' ? OPT_I : c == 'x' ? OPT_X : 0;
}

/* does src compile on its own?  (to_s unwraps "(?i-mx:...)" only then) */
static bool compiles(const char *src, long len, int kc)
{
    char err[1024];
    regex_t *reg = compile(src, len, 0, kc, err, sizeof err);
    if (reg) onig_free(reg);
    return reg != NULL;
}

/* to_s: "(?i-mx:src)", a form that embeds in another pattern with the same
   meaning.  A source that already is such a group is unwrapped first, as
   1.8.7's rb_reg_to_s does, so to_s of to_s does not nest. */
static VALUE re_m_to_s(VALUE self, int argc, const VALUE *argv)
{
    re_check(self);
    VALUE src = RREGEXP(self)->src;
    const char *ptr = RSTRING_PTR(src);
    long len = RSTRING_LEN(src);
    int options = RREGEXP(self)->options & OPT_MASK, f;
    int kc = effective_kcode(RREGEXP(self)->options);
  again:
    if (len >= 4 && ptr[0] == '(' && ptr[1] == '?') {
        bool err = true;
        ptr += 2;
        len -= 2;
        while (len > 0 && (f = option_letter(*ptr))) { options |= f; ptr++; len--; }
        if (len > 1 && *ptr == '-') {
            ptr++; len--;
            while (len > 0 && (f = option_letter(*ptr))) { options &= ~f; ptr++; len--; }
        }
        if (len > 0 && *ptr == ')') { len--; ptr++; goto again; }
        if (len > 1 && *ptr == ':' && ptr[len - 1] == ')') {
            ptr++;
            len -= 2;
            err = !compiles(ptr, len, kc);
            src = RREGEXP(self)->src;   /* keep the bytes alive */
        }
        if (err) {
            options = RREGEXP(self)->options & OPT_MASK;
            ptr = RSTRING_PTR(src);
            len = RSTRING_LEN(src);
        }
    }
    VALUE out = str_new("(?", 2);
    append_options(out, options);
    if ((options & OPT_MASK) != OPT_MASK) {
        str_cat(out, "-", 1);
        append_options(out, ~options & OPT_MASK);
    }
    str_cat(out, ":", 1);
    append_expr(out, ptr, len, re_kcode_cur);
    str_cat(out, ")", 1);
    GC_GUARD(src);
    return out;
}

static VALUE re_m_options(VALUE self, int argc, const VALUE *argv)
{
    re_check(self);
    return INT2FIX(RREGEXP(self)->options);
}

static VALUE re_m_casefold_p(VALUE self, int argc, const VALUE *argv)
{
    re_check(self);
    return BOOL2V(RREGEXP(self)->options & OPT_I);
}

static VALUE re_m_kcode(VALUE self, int argc, const VALUE *argv)
{
    re_check(self);
    switch (RREGEXP(self)->options & KC_MASK) {
    case KC_NONE: return str_new_cstr("none");
    case KC_EUC: return str_new_cstr("euc");
    case KC_SJIS: return str_new_cstr("sjis");
    case KC_UTF8: return str_new_cstr("utf8");
    default: return Qnil;
    }
}

/* The options == and hash look at: i, x, m and a fixed kcode, none
   counting as no kcode (1.8.7: /a/ == /a/n, but not /a/u even under
   $KCODE "u"). */
static int equal_options(int options)
{
    return (options & KC_MASK) == KC_NONE ? options & OPT_MASK : options;
}

static VALUE re_m_equal(VALUE self, int argc, const VALUE *argv)
{
    VALUE other = argv[0];
    if (self == other) return Qtrue;
    if (!TYPE_P(other, T_REGEXP)) return Qfalse;
    re_check(self);
    re_check(other);
    return BOOL2V(equal_options(RREGEXP(self)->options) == equal_options(RREGEXP(other)->options) &&
                  str_equal(RREGEXP(self)->src, RREGEXP(other)->src));
}

static VALUE re_m_hash(VALUE self, int argc, const VALUE *argv)
{
    re_check(self);
    VALUE src = RREGEXP(self)->src;
    const unsigned char *p = (const unsigned char *)RSTRING_PTR(src);
    unsigned long h = (unsigned long)(RREGEXP(self)->options & OPT_MASK);   /* 1.8.7: no kcode */
    for (long i = 0; i < RSTRING_LEN(src); i++) h = h * 33 + p[i];
    h += h >> 5;
    return INT2FIX((long)(h & (unsigned long)FIXNUM_MAX));
}

/* ================================================================ Regexp class methods */

static VALUE re_s_quote(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    VALUE str = conv_to_str(argv[0]);
    if (argc == 2 && !NIL_P(argv[1])) {
        /* quote as if $KCODE were the given one (re_quote only allocates) */
        VALUE k = conv_to_str(argv[1]);
        int saved = re_kcode_cur;
        re_set_kcode(RSTRING_LEN(k) ? RSTRING_PTR(k) : NULL);
        VALUE out = re_quote(str);
        re_kcode_cur = saved;
        return out;
    }
    return re_quote(str);
}

static VALUE to_regexp_or_nil(VALUE v)
{
    if (TYPE_P(v, T_REGEXP)) return v;
    ID id = sym_intern_cstr("to_regexp");
    if (HEAP_P(v) && vm_respond_to(v, id, true)) {
        VALUE r = vm_call0(v, id);
        if (!TYPE_P(r, T_REGEXP))
            exc_raise(vm.c.TypeError, "can't convert %s to Regexp (%s#to_regexp gives %s)",
                      obj_classname(v), obj_classname(v), obj_classname(r));
        return r;
    }
    return Qnil;
}

static VALUE union_of(int argc, const VALUE *argv)
{
    if (argc == 0) {
        VALUE src = str_new_cstr("(?!)");
        return class_new_instance(vm.c.Regexp, 1, &src);
    }
    if (argc == 1) {
        VALUE re = to_regexp_or_nil(argv[0]);
        if (!NIL_P(re)) return re;
        VALUE src = re_s_quote(Qnil, 1, argv);
        return class_new_instance(vm.c.Regexp, 1, &src);
    }
    VALUE src = str_new_capa(64), kc_re = Qnil;
    for (int i = 0; i < argc; i++) {
        if (i > 0) str_cat(src, "|", 1);
        VALUE re = to_regexp_or_nil(argv[i]);
        if (NIL_P(re)) { str_append(src, re_s_quote(Qnil, 1, &argv[i])); continue; }
        if (RREGEXP(re)->options & KC_MASK) {
            if (NIL_P(kc_re)) kc_re = re;
            else if ((RREGEXP(re)->options & KC_MASK) != (RREGEXP(kc_re)->options & KC_MASK))
                exc_raise(vm.c.ArgumentError, "mixed kcode: %s and %s",
                          str_cstr(obj_inspect(kc_re)), str_cstr(obj_inspect(re)));
        }
        str_append(src, re_m_to_s(re, 0, NULL));
    }
    VALUE args[3] = { src, Qnil, Qnil };
    if (!NIL_P(kc_re)) args[2] = str_new(&"nesu"[((RREGEXP(kc_re)->options & KC_MASK) >> 4) - 1], 1);
    return class_new_instance(vm.c.Regexp, 3, args);
}

static VALUE re_s_compile(VALUE self, int argc, const VALUE *argv)
{
    return class_new_instance(self, argc, argv);
}

/* Regexp.union(pat, ...) or Regexp.union([pat, ...]) */
static VALUE re_s_union(VALUE self, int argc, const VALUE *argv)
{
    if (argc == 1) {
        VALUE ary = conv_check_ary(argv[0]);
        if (!NIL_P(ary)) {
            VALUE copy = ary_dup(ary);
            return union_of((int)RARRAY_LEN(copy), RARRAY_PTR(copy));
        }
    }
    return union_of(argc, argv);
}

static VALUE re_s_last_match(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    VALUE m = vm_svar_get(0);
    if (argc == 0) return m;
    return re_nth_match(num_to_int(argv[0]), m);
}

/* ================================================================ init */

void re_init(void)
{
    OnigEncoding encs[] = { ONIG_ENCODING_ASCII, ONIG_ENCODING_UTF8, ONIG_ENCODING_EUC_JP,
                            ONIG_ENCODING_SJIS };
    onig_initialize(encs, (int)countof(encs));
    for (int i = 0; i < RE_CACHE_SIZE; i++) {
        gc_register_root(&re_cache_key[i]);
        gc_register_root(&re_cache_val[i]);
    }

    VALUE c = vm.c.Regexp = class_define("Regexp", vm.c.Object);
    class_set_allocator(c, re_alloc);
    define_singleton_method(c, "compile", re_s_compile, -1);
    define_singleton_method(c, "quote", re_s_quote, -1);
    define_singleton_method(c, "escape", re_s_quote, -1);
    define_singleton_method(c, "union", re_s_union, -1);
    define_singleton_method(c, "last_match", re_s_last_match, -1);

    define_private_method(c, "initialize", re_m_initialize, -1);
    define_method(c, "initialize_copy", re_m_init_copy, 1);
    define_method(c, "hash", re_m_hash, 0);
    define_method(c, "eql?", re_m_equal, 1);
    define_method(c, "==", re_m_equal, 1);
    define_method(c, "=~", re_m_match_op, 1);
    define_method(c, "===", re_m_eqq, 1);
    define_method(c, "~", re_m_tilde, 0);
    define_method(c, "match", re_m_match, 1);
    define_method(c, "to_s", re_m_to_s, 0);
    define_method(c, "inspect", re_m_inspect, 0);
    define_method(c, "source", re_m_source, 0);
    define_method(c, "casefold?", re_m_casefold_p, 0);
    define_method(c, "options", re_m_options, 0);
    define_method(c, "kcode", re_m_kcode, 0);

    define_const(c, "IGNORECASE", INT2FIX(OPT_I));
    define_const(c, "EXTENDED", INT2FIX(OPT_X));
    define_const(c, "MULTILINE", INT2FIX(OPT_M));

    gvar_define_hooked("$KCODE", NULL, kcode_get, kcode_set);
    gvar_define_hooked("$-K", NULL, kcode_get, kcode_set);
    gvar_define_hooked("$=", NULL, ignorecase_get, ignorecase_set);

    match_init();
}
