/* re_match.c: MatchData and what scripts read from the last match: $~,
 * $1..$9, $& $` $' $+, and the offsets String's sub/gsub/scan/split use
 * (match_begin, match_end, match_count).
 *
 * A MatchData holds the subject as a frozen string sharing the searched
 * string's bytes (searching does not copy the subject), the Regexp, and
 * the Oniguruma region.  The region and its offset arrays are one malloc'd
 * block (match_region_new), freed with the object.  Offsets are bytes; -1
 * marks a group that did not take part in the match.
 */
#include <stdlib.h>
#include <string.h>
#include <oniguruma.h>
#include "runtime/internal.h"

/* ================================================================ regions and objects */

/* Oniguruma grows a region itself when it is smaller than ONIG_NREGION or
   than the pattern's group count; sized like this it never does, so the
   offsets may live in the same block as the header. */
struct re_registers *match_region_new(int nregs)
{
    int capa = nregs < ONIG_NREGION ? ONIG_NREGION : nregs;
    OnigRegion *r = xmalloc(sizeof *r + 2 * (size_t)capa * sizeof(int));
    r->allocated = capa;
    r->num_regs = nregs;
    r->beg = (int *)(r + 1);
    r->end = r->beg + capa;
    r->history_root = NULL;
    return r;
}

void match_gc_free(VALUE match)
{
    free(RMATCH(match)->regs);
    RMATCH(match)->regs = NULL;
}

static VALUE match_alloc(VALUE klass)
{
    VALUE m = gc_new_obj(T_MATCH, klass);
    RMATCH(m)->str = Qnil;
    RMATCH(m)->regexp = Qnil;
    RMATCH(m)->regs = NULL;
    return m;
}

VALUE match_new(VALUE str, VALUE re, struct re_registers *regs)
{
    VALUE m = match_alloc(vm.c.MatchData);
    RMATCH(m)->str = str;
    RMATCH(m)->regexp = re;
    RMATCH(m)->regs = regs;
    return m;
}

/* The frozen subject a new MatchData keeps.  A loop of searches over one
   string (gsub, scan) reuses the previous match's when it still holds the
   same bytes: a shared string's buffer never changes while shared. */
VALUE match_subject(VALUE str)
{
    if (FL_TEST(str, FL_FROZEN)) return str;
    VALUE prev = vm_svar_get(0);
    if (FL_TEST(str, STR_SHARED) && TYPE_P(prev, T_MATCH)) {
        VALUE ps = RMATCH(prev)->str;
        if (STRING_P(ps) && !FL_TEST(ps, STR_EMBED) && RSTRING_LEN(ps) == RSTRING_LEN(str) &&
            RSTRING_PTR(ps) == RSTRING_PTR(str))
            return ps;
    }
    return str_new_frozen(str);
}

int match_count(VALUE match)
{
    struct re_registers *r = RMATCH(match)->regs;
    return r ? r->num_regs : 0;
}

long match_begin(VALUE match, int n)
{
    struct re_registers *r = RMATCH(match)->regs;
    return r && n >= 0 && n < r->num_regs ? r->beg[n] : -1;
}

long match_end(VALUE match, int n)
{
    struct re_registers *r = RMATCH(match)->regs;
    return r && n >= 0 && n < r->num_regs ? r->end[n] : -1;
}

/* ================================================================ $~ and friends */

/* group n (negative: from the last) as a new String; nil if absent */
VALUE re_nth_match(int n, VALUE match)
{
    if (!TYPE_P(match, T_MATCH)) return Qnil;
    int count = match_count(match);
    if (n >= count) return Qnil;
    if (n < 0) {
        n += count;
        if (n <= 0) return Qnil;
    }
    long b = match_begin(match, n);
    if (b < 0) return Qnil;
    return str_substr(RMATCH(match)->str, b, match_end(match, n) - b);
}

static VALUE pre_match(VALUE match)
{
    if (match_count(match) == 0) return Qnil;
    return str_substr(RMATCH(match)->str, 0, match_begin(match, 0));
}

static VALUE post_match(VALUE match)
{
    if (match_count(match) == 0) return Qnil;
    VALUE str = RMATCH(match)->str;
    long e = match_end(match, 0);
    return str_substr(str, e, RSTRING_LEN(str) - e);
}

/* $+: the last group that matched */
static VALUE last_paren(VALUE match)
{
    int i = match_count(match) - 1;
    while (i > 0 && match_begin(match, i) < 0) i--;
    return i <= 0 ? Qnil : re_nth_match(i, match);
}

VALUE re_last_match_special(int c)
{
    VALUE m = vm_svar_get(0);
    if (!TYPE_P(m, T_MATCH)) return Qnil;
    switch (c) {
    case '&': return re_nth_match(0, m);
    case '`': return pre_match(m);
    case '\'': return post_match(m);
    case '+': return last_paren(m);
    default: return Qnil;
    }
}

/* ================================================================ MatchData methods */

static VALUE to_a_from(VALUE match, int first)
{
    int n = match_count(match);
    VALUE ary = ary_new_capa(n > first ? n - first : 0);
    for (int i = first; i < n; i++) ary_push(ary, re_nth_match(i, match));
    return ary;
}

static VALUE md_to_a(VALUE self, int argc, const VALUE *argv) { return to_a_from(self, 0); }
static VALUE md_captures(VALUE self, int argc, const VALUE *argv) { return to_a_from(self, 1); }
static VALUE md_size(VALUE self, int argc, const VALUE *argv) { return INT2FIX(match_count(self)); }
static VALUE md_pre_match(VALUE self, int argc, const VALUE *argv) { return pre_match(self); }
static VALUE md_post_match(VALUE self, int argc, const VALUE *argv) { return post_match(self); }
/* 1.8.7: #<MatchData "ll" 1:"l" 2:nil> */
static VALUE md_inspect(VALUE self, int argc, const VALUE *argv)
{
    if (!RMATCH(self)->regs) return obj_any_to_s(self);
    VALUE s = str_new_cstr("#<MatchData ");
    str_append(s, obj_inspect(re_nth_match(0, self)));
    for (int i = 1; i < match_count(self); i++) {
        str_cat_fmt(s, " %d:", i);
        str_append(s, obj_inspect(re_nth_match(i, self)));
    }
    return str_cat(s, ">", 1);
}

static VALUE md_string(VALUE self, int argc, const VALUE *argv)
{
    return STRING_P(RMATCH(self)->str) ? RMATCH(self)->str : Qnil;
}

static VALUE md_to_s(VALUE self, int argc, const VALUE *argv)
{
    VALUE s = re_nth_match(0, self);
    return NIL_P(s) ? str_new("", 0) : s;
}

/* m[i], m[start, len], m[range]: a group, or Array#[] on to_a */
static VALUE md_aref(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    if (argc == 1 && FIXNUM_P(argv[0]) && FIX2LONG(argv[0]) >= 0) {
        long n = FIX2LONG(argv[0]);
        return n >= match_count(self) ? Qnil : re_nth_match((int)n, self);
    }
    return vm_call(to_a_from(self, 0), sym_intern_cstr("[]"), argc, argv);
}

static VALUE md_values_at(VALUE self, int argc, const VALUE *argv)
{
    return vm_call(to_a_from(self, 0), sym_intern_cstr("values_at"), argc, argv);
}

static VALUE md_select(VALUE self, int argc, const VALUE *argv)
{
    if (!vm_block_given()) vm_need_block();
    VALUE result = ary_new();
    for (int i = 0; i < match_count(self); i++) {
        VALUE s = re_nth_match(i, self);
        if (RTEST(vm_yield1(s))) ary_push(result, s);
    }
    return result;
}

/* the group number argv names, IndexError if there is no such group */
static int group_index(VALUE match, VALUE idx)
{
    int n = num_to_int(idx);
    if (n < 0 || n >= match_count(match)) exc_raise(vm.c.IndexError, "index %d out of matches", n);
    return n;
}

static VALUE offset_value(long off) { return off < 0 ? Qnil : INT2FIX(off); }

static VALUE md_begin(VALUE self, int argc, const VALUE *argv)
{
    return offset_value(match_begin(self, group_index(self, argv[0])));
}

static VALUE md_end(VALUE self, int argc, const VALUE *argv)
{
    return offset_value(match_end(self, group_index(self, argv[0])));
}

static VALUE md_offset(VALUE self, int argc, const VALUE *argv)
{
    int n = group_index(self, argv[0]);
    return ary_new_of(2, offset_value(match_begin(self, n)), offset_value(match_end(self, n)));
}

static VALUE md_init_copy(VALUE self, int argc, const VALUE *argv)
{
    VALUE orig = argv[0];
    if (self == orig) return self;
    obj_init_copy(self, orig);
    if (!TYPE_P(orig, T_MATCH)) exc_wrong_type(orig, "MatchData");
    struct re_registers *src = RMATCH(orig)->regs, *regs = NULL;
    if (src) {
        regs = match_region_new(src->num_regs);
        memcpy(regs->beg, src->beg, (size_t)src->num_regs * sizeof(int));
        memcpy(regs->end, src->end, (size_t)src->num_regs * sizeof(int));
    }
    free(RMATCH(self)->regs);
    RMATCH(self)->regs = regs;
    RMATCH(self)->str = RMATCH(orig)->str;
    RMATCH(self)->regexp = RMATCH(orig)->regexp;
    return self;
}

void match_init(void)
{
    VALUE c = vm.c.MatchData = class_define("MatchData", vm.c.Object);
    define_global_const("MatchingData", c);
    class_set_allocator(c, match_alloc);
    undef_method(singleton_class(c), "new");

    define_method(c, "initialize_copy", md_init_copy, 1);
    define_method(c, "size", md_size, 0);
    define_method(c, "length", md_size, 0);
    define_method(c, "offset", md_offset, 1);
    define_method(c, "begin", md_begin, 1);
    define_method(c, "end", md_end, 1);
    define_method(c, "to_a", md_to_a, 0);
    define_method(c, "[]", md_aref, -1);
    define_method(c, "captures", md_captures, 0);
    define_method(c, "select", md_select, 0);
    define_method(c, "values_at", md_values_at, -1);
    define_method(c, "pre_match", md_pre_match, 0);
    define_method(c, "post_match", md_post_match, 0);
    define_method(c, "to_s", md_to_s, 0);
    define_method(c, "inspect", md_inspect, 0);
    define_method(c, "string", md_string, 0);
}
