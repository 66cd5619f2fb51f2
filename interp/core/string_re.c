/* string_re.c: String methods built on regular expressions: sub, gsub,
 * scan, split, match, and the Regexp forms of [] and []=.  Matching goes
 * through re.c's API: re_search sets $~ of the calling Ruby frame, offsets
 * come from match_begin/match_end.  Block forms restore $~ to their own
 * match after each yield, as 1.8 does. */
#include <string.h>
#include "string_int.h"

/* ------------------------------------------------------------ patterns */
VALUE str_get_pat(VALUE pat, bool quote)
{
    if (TYPE_P(pat, T_REGEXP)) return pat;
    if (!STRING_P(pat)) {
        VALUE v = conv_check_str(pat);
        if (NIL_P(v)) exc_wrong_type(pat, "Regexp");
        pat = v;
    }
    return quote ? re_to_regexp(pat) : re_new(pat, 0);
}

VALUE str_subpat(VALUE str, VALUE re, VALUE nth)
{
    VALUE match = re_search_match(re, str, 0, false);
    return NIL_P(match) ? Qnil : re_nth_match(num_to_int(nth), match);
}

void str_subpat_set(VALUE str, VALUE re, VALUE nthv, VALUE val)
{
    int nth = num_to_int(nthv);
    VALUE match = re_search_match(re, str, 0, false);
    if (NIL_P(match)) exc_raise(vm.c.IndexError, "regexp not matched");
    int n = match_count(match);
    if (nth >= n || (nth < 0 && -nth >= n)) exc_raise(vm.c.IndexError, "index %d out of regexp", nth);
    if (nth < 0) nth += n;
    long start = match_begin(match, nth);
    if (start == -1) exc_raise(vm.c.IndexError, "regexp group %d not matched", nth);
    str_splice(str, start, match_end(match, nth) - start, val);
}

/* ------------------------------------------------------------ replacement text */
static void cat_group(VALUE dest, VALUE str, VALUE match, int no)
{
    if (no < 0 || no >= match_count(match)) return;
    long b = match_begin(match, no);
    if (b < 0) return;
    str_cat(dest, RSTRING_PTR(str) + b, match_end(match, no) - b);
}

/* Append repl to dest with \0-\9 \& \` \' \+ \\ expanded from match. */
static void regsub_cat(VALUE dest, VALUE repl, VALUE str, VALUE match)
{
    const char *s = RSTRING_PTR(repl), *e = s + RSTRING_LEN(repl), *p = s;
    while (s < e) {
        const char *ss = s;
        if (*s++ != '\\' || s == e) continue;
        str_cat(dest, p, ss - p);
        int c = (unsigned char)*s++;
        p = s;
        switch (c) {
        case '0': case '&': cat_group(dest, str, match, 0); break;
        case '1': case '2': case '3': case '4': case '5':
        case '6': case '7': case '8': case '9':
            cat_group(dest, str, match, c - '0');
            break;
        case '`':
            str_cat(dest, RSTRING_PTR(str), match_begin(match, 0));
            break;
        case '\'': {
            long end = match_end(match, 0);
            str_cat(dest, RSTRING_PTR(str) + end, RSTRING_LEN(str) - end);
            break;
        }
        case '+': {
            int no = match_count(match) - 1;
            while (no > 0 && match_begin(match, no) == -1) no--;
            if (no > 0) cat_group(dest, str, match, no);
            break;
        }
        case '\\': str_cat(dest, "\\", 1); break;
        default: str_cat(dest, ss, s - ss); break;
        }
    }
    str_cat(dest, p, e - p);
}

/* the replacement for one match: block value or expanded template */
static VALUE replacement(VALUE str, VALUE repl, VALUE match, bool iter, bool bang)
{
    if (!iter) {
        VALUE v = str_new(NULL, 0);
        regsub_cat(v, repl, str, match);
        return v;
    }
    const char *p = RSTRING_PTR(str);
    long len = RSTRING_LEN(str);
    VALUE v = obj_to_s(vm_yield1(re_nth_match(0, match)));
    str_mod_check(str, p, len);
    if (bang) str_check_frozen(str);
    vm_svar_set(0, match);
    return v;
}

/* ------------------------------------------------------------ sub */
static bool sub_args(int argc, const VALUE *argv, VALUE *repl)
{
    if (argc == 1 && vm_block_given()) return true;
    if (argc != 2) exc_arity(argc, 2, 2);
    *repl = conv_to_str(argv[1]);
    return false;
}

static VALUE sub_bang(VALUE str, int argc, const VALUE *argv)
{
    VALUE repl = Qnil;
    bool iter = sub_args(argc, argv, &repl);
    VALUE pat = str_get_pat(argv[0], true);
    VALUE match = re_search_match(pat, str, 0, false);
    if (NIL_P(match)) return Qnil;
    long beg = match_begin(match, 0);
    VALUE val = replacement(str, repl, match, iter, true);
    str_modify(str);
    str_update(str, beg, match_end(match, 0) - beg, val);
    if (!iter) str_infect(str, repl);
    return str;
}

static VALUE s_sub_bang(VALUE self, int argc, const VALUE *argv) { return sub_bang(self, argc, argv); }

static VALUE s_sub(VALUE self, int argc, const VALUE *argv)
{
    VALUE s = str_dup(self);
    sub_bang(s, argc, argv);
    return s;
}

/* ------------------------------------------------------------ gsub */
static VALUE gsub(VALUE str, int argc, const VALUE *argv, bool bang)
{
    VALUE repl = Qnil;
    if (argc == 1 && !vm_block_given())
        return enumerator_for(str, bang ? "gsub!" : "gsub", argc, argv);
    bool iter = sub_args(argc, argv, &repl);
    VALUE pat = str_get_pat(argv[0], true);
    VALUE match = re_search_match(pat, str, 0, false), last = match;
    if (NIL_P(match)) return bang ? Qnil : str_dup(str);
    VALUE dest = str_new_capa(RSTRING_LEN(str) + 30);
    long offset = 0;
    while (!NIL_P(match)) {
        last = match;
        long beg = match_begin(match, 0), end = match_end(match, 0);
        if (iter) {
            VALUE val = replacement(str, repl, match, true, bang);
            str_cat(dest, RSTRING_PTR(str) + offset, beg - offset);
            str_append(dest, val);
        } else {
            str_cat(dest, RSTRING_PTR(str) + offset, beg - offset);
            regsub_cat(dest, repl, str, match);
        }
        long len = RSTRING_LEN(str);
        if (beg == end) {   /* empty match: step over one character */
            if (len <= end) { offset = end; break; }
            long n = re_mbclen_pat(pat, RSTRING_PTR(str) + end, len - end);
            str_cat(dest, RSTRING_PTR(str) + end, n);
            offset = end + n;
        } else {
            offset = end;
        }
        if (offset > len) break;
        match = re_search_match(pat, str, offset, false);
    }
    if (RSTRING_LEN(str) > offset) str_cat(dest, RSTRING_PTR(str) + offset, RSTRING_LEN(str) - offset);
    vm_svar_set(0, last);
    if (!iter) str_infect(dest, repl);
    if (bang) {
        str_take_bytes(str, dest);
        return str;
    }
    RBASIC(dest)->klass = obj_class(str);
    str_infect(dest, str);
    return dest;
}

static VALUE s_gsub(VALUE self, int argc, const VALUE *argv) { return gsub(self, argc, argv, false); }
static VALUE s_gsub_bang(VALUE self, int argc, const VALUE *argv) { return gsub(self, argc, argv, true); }

/* ------------------------------------------------------------ scan */
/* One match at *start: the match (or its groups), nil when no more;
   *matchp gets the MatchData. */
static VALUE scan_once(VALUE str, VALUE pat, long *start, VALUE *matchp)
{
    if (*start > RSTRING_LEN(str)) return Qnil;
    VALUE match = re_search_match(pat, str, *start, false);
    if (NIL_P(match)) return Qnil;
    *matchp = match;
    long b = match_begin(match, 0), e = match_end(match, 0), len = RSTRING_LEN(str);
    /* an empty match steps over one character (of the pattern's kcode) */
    *start = b != e ? e : e < len ? e + re_mbclen_pat(pat, RSTRING_PTR(str) + e, len - e) : e + 1;
    int n = match_count(match);
    if (n == 1) return re_nth_match(0, match);
    VALUE ary = ary_new_capa(n - 1);
    for (int i = 1; i < n; i++) ary_push(ary, re_nth_match(i, match));
    return ary;
}

static VALUE s_scan(VALUE self, int argc, const VALUE *argv)
{
    VALUE pat = str_get_pat(argv[0], true);
    VALUE result, match = Qnil;
    long start = 0;
    if (!vm_block_given()) {
        VALUE ary = ary_new();
        while (!NIL_P(result = scan_once(self, pat, &start, &match))) ary_push(ary, result);
        vm_svar_set(0, match);
        return ary;
    }
    const char *p = RSTRING_PTR(self);
    long len = RSTRING_LEN(self);
    while (!NIL_P(result = scan_once(self, pat, &start, &match))) {
        vm_yield1(result);
        str_mod_check(self, p, len);
        vm_svar_set(0, match);
    }
    vm_svar_set(0, match);
    return self;
}

/* ------------------------------------------------------------ split */
struct split {
    VALUE str, result;
    bool has_limit;
    long lim, i;
};

static void push_part(struct split *sp, long beg, long len)
{
    VALUE s = len == 0 ? str_new_like(sp->str, NULL, 0) : str_substr(sp->str, beg, len);
    ary_push(sp->result, s);
}

/* Fields between runs of white space.  The bytes are read through a
   pointer fetched again after each part (parts are allocations, and
   RSTRING_PTR tests whether the string is embedded); a loop with both in
   it took 21 instructions a byte. */
static long split_awk(struct split *sp)
{
    long len = RSTRING_LEN(sp->str), k = 0;
    for (;;) {
        const char *p = RSTRING_PTR(sp->str);
        while (k < len && STR_ISSPACE(p[k])) k++;
        long beg = k;
        if (k == len || (sp->has_limit && sp->lim <= sp->i)) return beg;
        while (k < len && !STR_ISSPACE(p[k])) k++;
        if (k == len) return beg;           /* the last field: the caller's */
        push_part(sp, beg, k - beg);
        if (sp->has_limit) ++sp->i;
    }
}

static long split_string(struct split *sp, VALUE sep)
{
    long beg = 0, slen = RSTRING_LEN(sep);
    long end;
    while ((end = str_index(sp->str, sep, beg)) >= 0) {
        push_part(sp, beg, end - beg);
        beg = end + slen;
        if (sp->has_limit && sp->lim <= ++sp->i) break;
    }
    return beg;
}

/* the length of the character at pos, as the pattern reads str */
static long split_mbclen(VALUE str, VALUE pat, long pos)
{
    return re_mbclen_pat(pat, RSTRING_PTR(str) + pos, RSTRING_LEN(str) - pos);
}

/* An empty match splits off one character: a multibyte one whole under a
   multibyte kcode, as 1.8.7 does ("h\303\251".split(//) under -Ku). */
static long split_regexp(struct split *sp, VALUE pat)
{
    VALUE str = sp->str;
    long beg = 0, start = 0, end;
    bool last_null = false;
    VALUE match;
    while (start <= RSTRING_LEN(str) && !NIL_P(match = re_search_match(pat, str, start, false))) {
        end = match_begin(match, 0);
        long mend = match_end(match, 0);
        if (start == end && end == mend) {
            if (RSTRING_LEN(str) == 0) {
                push_part(sp, 0, 0);
                break;
            } else if (last_null) {
                push_part(sp, beg, split_mbclen(str, pat, beg));
                beg = start;
            } else {
                start += split_mbclen(str, pat, start);
                last_null = true;
                continue;
            }
        } else {
            push_part(sp, beg, end - beg);
            beg = start = mend;
        }
        last_null = false;
        for (int idx = 1, n = match_count(match); idx < n; idx++) {
            long b = match_begin(match, idx);
            if (b == -1) continue;
            push_part(sp, b, match_end(match, idx) - b);
        }
        if (sp->has_limit && sp->lim <= ++sp->i) break;
    }
    return beg;
}

static VALUE field_separator(void)
{
    return gvar_defined(ID_gv_fs) ? gvar_get(ID_gv_fs) : Qnil;
}

static VALUE split(VALUE str, VALUE spat, VALUE limit)
{
    struct split sp = { str, Qnil, false, 0, 0 };
    long len = RSTRING_LEN(str);
    if (!NIL_P(limit)) {
        sp.lim = num_to_long(limit);
        if (sp.lim == 1) return len == 0 ? ary_new() : ary_new_of(1, str);
        sp.has_limit = sp.lim > 0;
        sp.i = 1;
    }
    sp.result = ary_new();
    if (NIL_P(spat)) spat = field_separator();
    long beg;
    if (NIL_P(spat)) {
        beg = split_awk(&sp);
    } else if (STRING_P(spat) && RSTRING_LEN(spat) == 1 && RSTRING_PTR(spat)[0] == ' ') {
        beg = split_awk(&sp);
    } else if (STRING_P(spat) && RSTRING_LEN(spat) > 0 && !str_kcode_mb()) {
        /* under a multibyte $KCODE 1.8.7 splits by the quoted pattern,
           which never matches inside a character (an SJIS trail byte) */
        beg = split_string(&sp, spat);
    } else {
        beg = split_regexp(&sp, str_get_pat(spat, true));
    }
    len = RSTRING_LEN(str);
    if (len > 0 && (sp.has_limit || len > beg || sp.lim < 0)) push_part(&sp, beg, len - beg);
    if (!sp.has_limit && sp.lim == 0) {
        VALUE r = sp.result;
        while (RARRAY_LEN(r) > 0 && RSTRING_LEN(RARRAY_PTR(r)[RARRAY_LEN(r) - 1]) == 0) ary_pop(r);
    }
    return sp.result;
}

static VALUE s_split(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 2);
    return split(self, argc > 0 ? argv[0] : Qnil, argc > 1 ? argv[1] : Qnil);
}

VALUE str_split_cstr(VALUE str, const char *sep)
{
    return split(str, str_new_cstr(sep), Qnil);
}

/* ------------------------------------------------------------ match */
static VALUE s_match(VALUE self, int argc, const VALUE *argv)
{
    VALUE re = str_get_pat(argv[0], false);
    return vm_call1(re, sym_intern_cstr("match"), self);
}

void str_init_re(VALUE c)
{
    define_method(c, "sub", s_sub, -1);
    define_method(c, "sub!", s_sub_bang, -1);
    define_method(c, "gsub", s_gsub, -1);
    define_method(c, "gsub!", s_gsub_bang, -1);
    define_method(c, "scan", s_scan, 1);
    define_method(c, "split", s_split, -1);
    define_method(c, "match", s_match, 1);
}
