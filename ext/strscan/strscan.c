/* strscan.c: StringScanner (require 'strscan'), after Ruby 1.8.7's API.
 *
 *   StringScanner.new(str, dup = false), must_C_version
 *   scan skip match? check scan_until skip_until exist? check_until
 *   scan_full search_full getch get_byte getbyte peek peep unscan
 *   [] pos pos= pointer pointer= matched matched? matched_size
 *   matchedsize pre_match post_match rest rest? rest_size restsize eos?
 *   empty? beginning_of_line? bol? string string= concat << reset
 *   terminate clear inspect; StringScanner::Error (also ::ScanError),
 *   StringScanner::Version, StringScanner::Id.
 *
 * As in 1.8.7 the patterns are Regexps only (a String is a TypeError),
 * the rest of the string is the subject of each match (so \A and ^ match
 * at the scan pointer and look-behind cannot see before it), and $~ is
 * left alone.  The obsolete aliases (clear, getbyte, peep, empty?,
 * restsize, matchedsize) warn under -w, as in 1.8.7.
 *
 * Matching at the pointer uses an anchored copy of the pattern,
 * \A(?:source), made once per pattern and kept in a bounded cache, so a
 * failed scan does not search the whole rest of the string.
 */
#include <stdlib.h>
#include <string.h>
#include "ruby.h"

void ext_strscan_init(void);

struct scanner {
    VALUE str;        /* the scanned String, or 0 before initialize */
    long pos;         /* scan pointer (byte offset) */
    long prev;        /* pointer before the last match */
    bool matched;     /* the last scan matched */
    VALUE match;      /* its MatchData (on the rest), or 0 after getch/get_byte */
    long charlen;     /* getch/get_byte: bytes taken */
};

static VALUE cScanner, eScanError;
static VALUE anchored_cache;   /* Regexp -> \A(?:Regexp): a GC root */
#define ANCHORED_CACHE_MAX 512
#define REGEXP_EXTENDED 2      /* Regexp::EXTENDED */
#define INSPECT_LENGTH 5

static void scanner_mark(void *p)
{
    struct scanner *s = p;
    if (s->str) gc_mark(s->str);
    if (s->match) gc_mark(s->match);
}

static void scanner_free(void *p) { free(p); }

static const struct data_type scanner_type = { "StringScanner", scanner_mark, scanner_free, NULL };

static VALUE scanner_alloc(VALUE klass)
{
    struct scanner *s = xcalloc(1, sizeof *s);
    return data_new(klass, &scanner_type, s);
}

static struct scanner *get(VALUE self)
{
    struct scanner *s = data_get(self, &scanner_type);
    if (!s->str) exc_raise(core_classes->ArgumentError, "uninitialized StringScanner object");
    return s;
}

static long str_len(struct scanner *s) { return RSTRING_LEN(s->str); }
static bool at_eos(struct scanner *s) { return s->pos >= str_len(s); }
static void clear_match(struct scanner *s)
{
    s->matched = false;
    s->match = 0;
}

/* Groups of the last match, as offsets from s->prev (-1: unmatched). */
static int group_count(struct scanner *s) { return s->match ? match_count(s->match) : 1; }
static long group_begin(struct scanner *s, int i) { return s->match ? match_begin(s->match, i) : 0; }
static long group_end(struct scanner *s, int i) { return s->match ? match_end(s->match, i) : s->charlen; }

/* A substring of the scanned string; nil when it starts past the end
   (the string may have been shortened behind our back). */
static VALUE extract(struct scanner *s, long beg, long len)
{
    long slen = str_len(s);
    if (beg > slen) return Qnil;
    if (beg + len > slen) len = slen - beg;
    return str_substr(s->str, beg, len);
}

/* ------------------------------------------------------------ new, string */
static VALUE sc_initialize(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    struct scanner *s = data_get(self, &scanner_type);
    s->str = conv_to_str(argv[0]);
    s->pos = s->prev = 0;
    clear_match(s);
    return self;
}

static VALUE sc_init_copy(VALUE self, int argc, const VALUE *argv)
{
    struct scanner *s = data_get(self, &scanner_type);
    struct scanner *o = get(argv[0]);
    *s = *o;
    return self;
}

static VALUE sc_must_c_version(VALUE self, int argc, const VALUE *argv) { return self; }

static VALUE sc_string(VALUE self, int argc, const VALUE *argv) { return get(self)->str; }

static VALUE sc_set_string(VALUE self, int argc, const VALUE *argv)
{
    struct scanner *s = get(self);
    s->str = conv_to_str(argv[0]);
    s->pos = 0;
    clear_match(s);
    return argv[0];
}

static VALUE sc_concat(VALUE self, int argc, const VALUE *argv)
{
    struct scanner *s = get(self);
    str_append(s->str, conv_to_str(argv[0]));
    return self;
}

static VALUE sc_reset(VALUE self, int argc, const VALUE *argv)
{
    struct scanner *s = get(self);
    s->pos = 0;
    clear_match(s);
    return self;
}

static VALUE sc_terminate(VALUE self, int argc, const VALUE *argv)
{
    struct scanner *s = get(self);
    s->pos = str_len(s);
    clear_match(s);
    return self;
}

/* ------------------------------------------------------------ pointer */
static VALUE sc_pos(VALUE self, int argc, const VALUE *argv) { return int_new(get(self)->pos); }

static VALUE sc_set_pos(VALUE self, int argc, const VALUE *argv)
{
    struct scanner *s = get(self);
    long i = num_to_long(argv[0]);
    if (i < 0) i += str_len(s);
    if (i < 0 || i > str_len(s)) exc_raise(core_classes->RangeError, "index out of range");
    s->pos = i;
    return int_new(i);
}

static VALUE sc_eos_p(VALUE self, int argc, const VALUE *argv) { return BOOL2V(at_eos(get(self))); }
static VALUE sc_rest_p(VALUE self, int argc, const VALUE *argv) { return BOOL2V(!at_eos(get(self))); }

static VALUE sc_bol_p(VALUE self, int argc, const VALUE *argv)
{
    struct scanner *s = get(self);
    if (s->pos > str_len(s)) return Qnil;
    if (s->pos == 0) return Qtrue;
    return BOOL2V(RSTRING_PTR(s->str)[s->pos - 1] == '\n');
}

static VALUE sc_rest(VALUE self, int argc, const VALUE *argv)
{
    struct scanner *s = get(self);
    if (at_eos(s)) return str_new("", 0);
    return extract(s, s->pos, str_len(s) - s->pos);
}

static VALUE sc_rest_size(VALUE self, int argc, const VALUE *argv)
{
    struct scanner *s = get(self);
    return INT2FIX(at_eos(s) ? 0 : str_len(s) - s->pos);
}

/* ------------------------------------------------------------ matching */

/* \A(?:re) with re's options; a trailing newline ends a # comment of an
   extended pattern before the closing parenthesis. */
static VALUE anchored(VALUE re)
{
    VALUE hit = hash_lookup(anchored_cache, re);
    if (hit != Qundef) return hit;
    VALUE src = RREGEXP(re)->src;
    int opts = RREGEXP(re)->options;
    VALUE pat = str_new_cstr("\\A(?:");
    str_append(pat, src);
    str_cat_cstr(pat, (opts & REGEXP_EXTENDED) ? "\n)" : ")");
    VALUE a = re_new_options(pat, opts);
    if (hash_size(anchored_cache) >= ANCHORED_CACHE_MAX) hash_clear(anchored_cache);
    hash_aset(anchored_cache, re, a);
    return a;
}

/* Match re against the rest, at the pointer (headonly) or anywhere after
   it; the caller's $~ is kept.  Returns the match's end offset within
   the rest, or -1. */
static long match_rest(struct scanner *s, VALUE re, bool headonly)
{
    if (!TYPE_P(re, T_REGEXP)) exc_wrong_type(re, "Regexp");
    clear_match(s);
    if (s->pos > str_len(s)) return -1;
    VALUE rest = str_substr(s->str, s->pos, str_len(s) - s->pos);
    VALUE rx = headonly ? anchored(re) : re;
    VALUE saved = vm_svar_get(0);
    VALUE m = re_search_match(rx, rest, 0, false);
    vm_svar_set(0, saved);
    GC_GUARD(rest);
    if (NIL_P(m)) return -1;
    s->matched = true;
    s->match = m;
    s->prev = s->pos;
    return match_end(m, 0);
}

/* The common body of scan, skip, match?, check and their _until forms. */
static VALUE do_scan(VALUE self, VALUE re, bool advance, bool want_str, bool headonly)
{
    struct scanner *s = get(self);
    long end = match_rest(s, re, headonly);
    if (end < 0) return Qnil;
    if (advance) s->pos = s->prev + end;
    return want_str ? extract(s, s->prev, end) : int_new(end);
}

static VALUE sc_scan(VALUE self, int argc, const VALUE *argv) { return do_scan(self, argv[0], true, true, true); }
static VALUE sc_match_p(VALUE self, int argc, const VALUE *argv) { return do_scan(self, argv[0], false, false, true); }
static VALUE sc_skip(VALUE self, int argc, const VALUE *argv) { return do_scan(self, argv[0], true, false, true); }
static VALUE sc_check(VALUE self, int argc, const VALUE *argv) { return do_scan(self, argv[0], false, true, true); }
static VALUE sc_scan_until(VALUE self, int argc, const VALUE *argv) { return do_scan(self, argv[0], true, true, false); }
static VALUE sc_exist_p(VALUE self, int argc, const VALUE *argv) { return do_scan(self, argv[0], false, false, false); }
static VALUE sc_skip_until(VALUE self, int argc, const VALUE *argv) { return do_scan(self, argv[0], true, false, false); }
static VALUE sc_check_until(VALUE self, int argc, const VALUE *argv) { return do_scan(self, argv[0], false, true, false); }

static VALUE sc_scan_full(VALUE self, int argc, const VALUE *argv)
{
    return do_scan(self, argv[0], RTEST(argv[1]), RTEST(argv[2]), true);
}

static VALUE sc_search_full(VALUE self, int argc, const VALUE *argv)
{
    return do_scan(self, argv[0], RTEST(argv[1]), RTEST(argv[2]), false);
}

/* ------------------------------------------------------------ characters */

/* Take len bytes at the pointer (getch, get_byte): they are the last
   match, with no groups. */
static VALUE take_bytes(struct scanner *s, long len)
{
    s->matched = true;
    s->match = 0;
    s->charlen = len;
    s->prev = s->pos;
    s->pos += len;
    return extract(s, s->prev, len);
}

static VALUE sc_getch(VALUE self, int argc, const VALUE *argv)
{
    struct scanner *s = get(self);
    clear_match(s);
    if (at_eos(s)) return Qnil;
    long rest = str_len(s) - s->pos;
    long len = re_mbclen(RSTRING_PTR(s->str) + s->pos, rest);
    if (len > rest) len = rest;
    return take_bytes(s, len);
}

static VALUE sc_get_byte(VALUE self, int argc, const VALUE *argv)
{
    struct scanner *s = get(self);
    clear_match(s);
    if (at_eos(s)) return Qnil;
    return take_bytes(s, 1);
}

static VALUE sc_peek(VALUE self, int argc, const VALUE *argv)
{
    struct scanner *s = get(self);
    long len = num_to_long(argv[0]);
    if (len < 0) exc_raise(core_classes->ArgumentError, "negative string size (or size too big)");
    if (at_eos(s)) return str_new("", 0);
    return extract(s, s->pos, len);
}

static VALUE sc_unscan(VALUE self, int argc, const VALUE *argv)
{
    struct scanner *s = get(self);
    if (!s->matched) exc_raise(eScanError, "unscan error: not scanned yet");
    s->pos = s->prev;
    clear_match(s);
    return self;
}

/* ------------------------------------------------------------ the last match */
static VALUE sc_matched_p(VALUE self, int argc, const VALUE *argv) { return BOOL2V(get(self)->matched); }

static VALUE sc_matched(VALUE self, int argc, const VALUE *argv)
{
    struct scanner *s = get(self);
    if (!s->matched) return Qnil;
    long b = group_begin(s, 0);
    return extract(s, s->prev + b, group_end(s, 0) - b);
}

static VALUE sc_matched_size(VALUE self, int argc, const VALUE *argv)
{
    struct scanner *s = get(self);
    if (!s->matched) return Qnil;
    return int_new(group_end(s, 0) - group_begin(s, 0));
}

static VALUE sc_aref(VALUE self, int argc, const VALUE *argv)
{
    struct scanner *s = get(self);
    if (!s->matched) return Qnil;
    long i = num_to_long(argv[0]);
    int n = group_count(s);
    if (i < 0) i += n;
    if (i < 0 || i >= n) return Qnil;
    long b = group_begin(s, (int)i);
    if (b < 0) return Qnil;
    return extract(s, s->prev + b, group_end(s, (int)i) - b);
}

static VALUE sc_pre_match(VALUE self, int argc, const VALUE *argv)
{
    struct scanner *s = get(self);
    if (!s->matched) return Qnil;
    return extract(s, 0, s->prev + group_begin(s, 0));
}

static VALUE sc_post_match(VALUE self, int argc, const VALUE *argv)
{
    struct scanner *s = get(self);
    if (!s->matched) return Qnil;
    long e = s->prev + group_end(s, 0);
    return extract(s, e, str_len(s) - e);
}

/* ------------------------------------------------------------ inspect */
static VALUE inspect_before(struct scanner *s)
{
    if (s->pos == 0) return str_new("", 0);
    VALUE str = str_new("", 0);
    long from = 0;
    if (s->pos > INSPECT_LENGTH) {
        str_cat_cstr(str, "...");
        from = s->pos - INSPECT_LENGTH;
    }
    str_cat(str, RSTRING_PTR(s->str) + from, s->pos - from);
    return str_dump(str);
}

static VALUE inspect_after(struct scanner *s)
{
    long rest = str_len(s) - s->pos;
    VALUE str = str_new(RSTRING_PTR(s->str) + s->pos, rest > INSPECT_LENGTH ? INSPECT_LENGTH : rest);
    if (rest > INSPECT_LENGTH) str_cat_cstr(str, "...");
    return str_dump(str);
}

static VALUE sc_inspect(VALUE self, int argc, const VALUE *argv)
{
    struct scanner *s = data_get(self, &scanner_type);
    const char *name = obj_classname(self);
    if (!s->str) return str_new_fmt("#<%s (uninitialized)>", name);
    if (at_eos(s)) return str_new_fmt("#<%s fin>", name);
    VALUE after = inspect_after(s);
    if (s->pos == 0) return str_new_fmt("#<%s %ld/%ld @ %s>", name, s->pos, str_len(s), RSTRING_PTR(after));
    VALUE before = inspect_before(s);
    return str_new_fmt("#<%s %ld/%ld %s @ %s>", name, s->pos, str_len(s), RSTRING_PTR(before),
                       RSTRING_PTR(after));
}

/* ------------------------------------------------------------ obsolete names */
/* 1.8.7's rb_warning: only when $VERBOSE is true (-w). */
static void obsolete(const char *old, const char *now)
{
    if (gvar_get(sym_intern_cstr("$VERBOSE")) == Qtrue)
        exc_warn("StringScanner#%s is obsolete; use #%s instead", old, now);
}

static VALUE sc_clear(VALUE self, int argc, const VALUE *argv)
{
    obsolete("clear", "terminate");
    return sc_terminate(self, argc, argv);
}

static VALUE sc_getbyte(VALUE self, int argc, const VALUE *argv)
{
    obsolete("getbyte", "get_byte");
    return sc_get_byte(self, argc, argv);
}

static VALUE sc_peep(VALUE self, int argc, const VALUE *argv)
{
    obsolete("peep", "peek");
    return sc_peek(self, argc, argv);
}

static VALUE sc_empty_p(VALUE self, int argc, const VALUE *argv)
{
    obsolete("empty?", "eos?");
    return sc_eos_p(self, argc, argv);
}

static VALUE sc_restsize(VALUE self, int argc, const VALUE *argv)
{
    obsolete("restsize", "rest_size");
    return sc_rest_size(self, argc, argv);
}

static VALUE sc_matchedsize(VALUE self, int argc, const VALUE *argv)
{
    obsolete("matchedsize", "matched_size");
    return sc_matched_size(self, argc, argv);
}

/* ------------------------------------------------------------ init */
static void define_methods(VALUE c)
{
    define_singleton_method(c, "must_C_version", sc_must_c_version, 0);
    define_method(c, "initialize", sc_initialize, -1);
    define_method(c, "initialize_copy", sc_init_copy, 1);
    define_method(c, "string", sc_string, 0);
    define_method(c, "string=", sc_set_string, 1);
    define_method(c, "concat", sc_concat, 1);
    define_method(c, "<<", sc_concat, 1);
    define_method(c, "reset", sc_reset, 0);
    define_method(c, "terminate", sc_terminate, 0);
    define_method(c, "clear", sc_clear, 0);
    define_method(c, "pos", sc_pos, 0);
    define_method(c, "pointer", sc_pos, 0);
    define_method(c, "pos=", sc_set_pos, 1);
    define_method(c, "pointer=", sc_set_pos, 1);
    define_method(c, "eos?", sc_eos_p, 0);
    define_method(c, "empty?", sc_empty_p, 0);
    define_method(c, "rest?", sc_rest_p, 0);
    define_method(c, "beginning_of_line?", sc_bol_p, 0);
    define_method(c, "bol?", sc_bol_p, 0);
    define_method(c, "rest", sc_rest, 0);
    define_method(c, "rest_size", sc_rest_size, 0);
    define_method(c, "restsize", sc_restsize, 0);
}

static void define_matchers(VALUE c)
{
    define_method(c, "scan", sc_scan, 1);
    define_method(c, "match?", sc_match_p, 1);
    define_method(c, "skip", sc_skip, 1);
    define_method(c, "check", sc_check, 1);
    define_method(c, "scan_until", sc_scan_until, 1);
    define_method(c, "exist?", sc_exist_p, 1);
    define_method(c, "skip_until", sc_skip_until, 1);
    define_method(c, "check_until", sc_check_until, 1);
    define_method(c, "scan_full", sc_scan_full, 3);
    define_method(c, "search_full", sc_search_full, 3);
    define_method(c, "getch", sc_getch, 0);
    define_method(c, "get_byte", sc_get_byte, 0);
    define_method(c, "getbyte", sc_getbyte, 0);
    define_method(c, "peek", sc_peek, 1);
    define_method(c, "peep", sc_peep, 1);
    define_method(c, "unscan", sc_unscan, 0);
    define_method(c, "matched?", sc_matched_p, 0);
    define_method(c, "matched", sc_matched, 0);
    define_method(c, "matched_size", sc_matched_size, 0);
    define_method(c, "matchedsize", sc_matchedsize, 0);
    define_method(c, "[]", sc_aref, 1);
    define_method(c, "pre_match", sc_pre_match, 0);
    define_method(c, "post_match", sc_post_match, 0);
    define_method(c, "inspect", sc_inspect, 0);
}

void ext_strscan_init(void)
{
    anchored_cache = hash_new();
    gc_register_root(&anchored_cache);
    cScanner = class_define("StringScanner", core_classes->Object);
    class_set_allocator(cScanner, scanner_alloc);
    eScanError = class_define_under(cScanner, "Error", core_classes->StandardError);
    if (!const_defined(core_classes->Object, sym_intern_cstr("ScanError"), false))
        define_global_const("ScanError", eScanError);
    define_const(cScanner, "Version", str_new_frozen(str_new_cstr("0.7.0")));
    define_const(cScanner, "Id", str_new_frozen(str_new_cstr("$Id: strscan.c miniruby $")));
    define_methods(cScanner);
    define_matchers(cScanner);
}
