/* string_access.c: reading and writing parts of a String: [] and slice in
 * all their 1.8 forms (s[0] is an Integer byte), []=, slice!, index,
 * rindex, insert, include?, start_with?, end_with?. */
#include <string.h>
#include "string_int.h"

/* ------------------------------------------------------------ [] */
static VALUE byte_at(VALUE str, long idx)
{
    long len = RSTRING_LEN(str);
    if (idx < 0) idx += len;
    if (idx < 0 || idx >= len) return Qnil;
    return INT2FIX((unsigned char)RSTRING_PTR(str)[idx]);
}

static VALUE aref1(VALUE str, VALUE indx)
{
    if (FIXNUM_P(indx)) return byte_at(str, FIX2LONG(indx));
    if (TYPE_P(indx, T_REGEXP)) return str_subpat(str, indx, INT2FIX(0));
    if (STRING_P(indx)) return str_index(str, indx, 0) != -1 ? str_dup(indx) : Qnil;
    if (TYPE_P(indx, T_RANGE)) {
        long beg, len;
        if (!range_beg_len(indx, &beg, &len, RSTRING_LEN(str), 0)) return Qnil;
        return str_substr(str, beg, len);
    }
    return byte_at(str, num_to_long(indx));
}

static VALUE s_aref(VALUE self, int argc, const VALUE *argv)
{
    if (argc == 2) {
        if (TYPE_P(argv[0], T_REGEXP)) return str_subpat(self, argv[0], argv[1]);
        return str_substr(self, num_to_long(argv[0]), num_to_long(argv[1]));
    }
    arity_check(argc, 1, 2);
    return aref1(self, argv[0]);
}

/* ------------------------------------------------------------ []= */
static void aset_index(VALUE str, long idx, VALUE val)
{
    long len = RSTRING_LEN(str);
    if (idx >= len || (idx < 0 && -idx > len))
        exc_raise(vm.c.IndexError, "index %ld out of string", idx);
    if (idx < 0) idx += len;
    if (FIXNUM_P(val)) {
        str_modify(str);
        RSTRING_PTR(str)[idx] = (char)(FIX2LONG(val) & 0xff);
    } else {
        str_splice(str, idx, 1, val);
    }
}

static void aset1(VALUE str, VALUE indx, VALUE val)
{
    if (FIXNUM_P(indx)) {
        aset_index(str, FIX2LONG(indx), val);
    } else if (TYPE_P(indx, T_REGEXP)) {
        str_subpat_set(str, indx, INT2FIX(0), val);
    } else if (STRING_P(indx)) {
        long beg = str_index(str, indx, 0);
        if (beg < 0) exc_raise(vm.c.IndexError, "string not matched");
        str_splice(str, beg, RSTRING_LEN(indx), val);
    } else if (TYPE_P(indx, T_RANGE)) {
        long beg, len, slen = RSTRING_LEN(str);
        range_beg_len(indx, &beg, &len, slen, 2);
        if (beg + len > slen) len = slen - beg;
        str_splice(str, beg, len, val);
    } else {
        aset_index(str, num_to_long(indx), val);
    }
}

static VALUE s_aset(VALUE self, int argc, const VALUE *argv)
{
    if (argc == 3) {
        if (TYPE_P(argv[0], T_REGEXP)) str_subpat_set(self, argv[0], argv[1], argv[2]);
        else str_splice(self, num_to_long(argv[0]), num_to_long(argv[1]), argv[2]);
        return argv[2];
    }
    arity_check(argc, 2, 3);
    aset1(self, argv[0], argv[1]);
    return argv[1];
}

static VALUE s_slice_bang(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    VALUE buf[3];
    for (int i = 0; i < argc; i++) buf[i] = argv[i];
    buf[argc] = str_new(NULL, 0);
    VALUE result = s_aref(self, argc, buf);
    if (!NIL_P(result)) s_aset(self, argc + 1, buf);
    return result;
}

static VALUE s_insert(VALUE self, int argc, const VALUE *argv)
{
    long pos = num_to_long(argv[0]);
    VALUE val = argv[1];
    if (pos == -1) return str_append(self, conv_to_str(val));
    if (pos < 0) pos++;
    str_splice(self, pos, 0, val);
    return self;
}

/* ------------------------------------------------------------ searching */
static VALUE s_index(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    VALUE sub = argv[0];
    long len = RSTRING_LEN(self);
    long pos = argc == 2 ? num_to_long(argv[1]) : 0;
    if (pos < 0) {
        pos += len;
        if (pos < 0) {
            if (TYPE_P(sub, T_REGEXP)) vm_svar_set(0, Qnil);
            return Qnil;
        }
    }
    if (TYPE_P(sub, T_REGEXP)) {
        if (pos > len) {
            vm_svar_set(0, Qnil);
            return Qnil;
        }
        pos = re_search(sub, self, pos, false);
    } else if (FIXNUM_P(sub)) {
        long c = FIX2LONG(sub);
        const unsigned char *p = (const unsigned char *)RSTRING_PTR(self);
        for (; pos < len; pos++) if (p[pos] == c) return INT2FIX(pos);
        return Qnil;
    } else {
        VALUE s = conv_check_str(sub);
        if (NIL_P(s)) str_type_mismatch(sub);
        pos = str_index(self, s, pos);
    }
    return pos < 0 ? Qnil : INT2FIX(pos);
}

static long str_rindex(VALUE str, VALUE sub, long pos)
{
    long len = RSTRING_LEN(str), slen = RSTRING_LEN(sub);
    if (len < slen) return -1;
    if (len - pos < slen) pos = len - slen;
    if (slen == 0) return pos;
    const char *p = RSTRING_PTR(str), *s = RSTRING_PTR(sub);
    for (; pos >= 0; pos--) {
        if (p[pos] == s[0] && memcmp(p + pos, s, (size_t)slen) == 0) return pos;
    }
    return -1;
}

static VALUE rindex_byte(VALUE str, long c, long pos)
{
    const unsigned char *p = (const unsigned char *)RSTRING_PTR(str);
    if (pos == RSTRING_LEN(str)) {
        if (pos == 0) return Qnil;
        pos--;
    }
    for (; pos >= 0; pos--) if (p[pos] == c) return INT2FIX(pos);
    return Qnil;
}

static VALUE s_rindex(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    VALUE sub = argv[0];
    long len = RSTRING_LEN(self), pos = len;
    if (argc == 2) {
        pos = num_to_long(argv[1]);
        if (pos < 0) {
            pos += len;
            if (pos < 0) {
                if (TYPE_P(sub, T_REGEXP)) vm_svar_set(0, Qnil);
                return Qnil;
            }
        }
        if (pos > len) pos = len;
    }
    if (TYPE_P(sub, T_REGEXP)) {
        pos = re_search(sub, self, pos, true);
        return pos < 0 ? Qnil : INT2FIX(pos);
    }
    if (STRING_P(sub)) {
        pos = str_rindex(self, sub, pos);
        return pos < 0 ? Qnil : INT2FIX(pos);
    }
    if (FIXNUM_P(sub)) return rindex_byte(self, FIX2LONG(sub), pos);
    str_type_mismatch(sub);
}

static VALUE s_include_p(VALUE self, int argc, const VALUE *argv)
{
    VALUE sub = argv[0];
    if (FIXNUM_P(sub)) {
        long c = FIX2LONG(sub);
        return BOOL2V(c >= 0 && c <= 0xff && memchr(RSTRING_PTR(self), (int)c, (size_t)RSTRING_LEN(self)));
    }
    sub = conv_to_str(sub);
    return BOOL2V(str_index(self, sub, 0) != -1);
}

static VALUE s_start_with_p(VALUE self, int argc, const VALUE *argv)
{
    for (int i = 0; i < argc; i++) {
        VALUE p = conv_check_str(argv[i]);
        if (NIL_P(p)) continue;
        long n = RSTRING_LEN(p);
        if (RSTRING_LEN(self) >= n && memcmp(RSTRING_PTR(self), RSTRING_PTR(p), (size_t)n) == 0)
            return Qtrue;
    }
    return Qfalse;
}

static VALUE s_end_with_p(VALUE self, int argc, const VALUE *argv)
{
    for (int i = 0; i < argc; i++) {
        VALUE p = conv_check_str(argv[i]);
        if (NIL_P(p)) continue;
        long n = RSTRING_LEN(p), len = RSTRING_LEN(self);
        if (len >= n && memcmp(RSTRING_PTR(self) + len - n, RSTRING_PTR(p), (size_t)n) == 0)
            return Qtrue;
    }
    return Qfalse;
}

/* ------------------------------------------------------------ partition */
static VALUE part3(VALUE str, long pos, VALUE sep)
{
    long seplen = RSTRING_LEN(sep), len = RSTRING_LEN(str);
    return ary_new_of(3, str_substr(str, 0, pos), sep,
                      str_substr(str, pos + seplen, len - pos - seplen));
}

static VALUE sep_string(VALUE sep)
{
    VALUE s = conv_check_str(sep);
    if (NIL_P(s)) str_type_mismatch(sep);
    return s;
}

/* With no separator, Enumerable#partition (1.8.7) */
static VALUE s_partition(VALUE self, int argc, const VALUE *argv)
{
    if (argc == 0) return vm_call_super(argc, argv);
    arity_check(argc, 1, 1);
    VALUE sep = argv[0];
    long pos;
    bool regex = TYPE_P(sep, T_REGEXP);
    if (regex) {
        VALUE match = re_search_match(sep, self, 0, false);
        pos = NIL_P(match) ? -1 : match_begin(match, 0);
        if (pos >= 0) sep = re_nth_match(0, match);
        if (pos == 0 && RSTRING_LEN(sep) == 0) pos = -1;
    } else {
        sep = sep_string(sep);
        pos = str_index(self, sep, 0);
    }
    if (pos < 0) return ary_new_of(3, self, str_new(NULL, 0), str_new(NULL, 0));
    return part3(self, pos, sep);
}

static VALUE s_rpartition(VALUE self, int argc, const VALUE *argv)
{
    VALUE sep = argv[0];
    long pos = RSTRING_LEN(self);
    bool regex = TYPE_P(sep, T_REGEXP);
    if (regex) {
        VALUE match = re_search_match(sep, self, pos, true);
        pos = NIL_P(match) ? -1 : match_begin(match, 0);
        if (pos >= 0) sep = re_nth_match(0, match);
    } else {
        sep = sep_string(sep);
        pos = str_rindex(self, sep, pos);
    }
    if (pos < 0) return ary_new_of(3, str_new(NULL, 0), str_new(NULL, 0), self);
    return part3(self, pos, sep);
}

void str_init_access(VALUE c)
{
    define_method(c, "partition", s_partition, -1);
    define_method(c, "rpartition", s_rpartition, 1);
    define_method(c, "[]", s_aref, -1);
    define_method(c, "slice", s_aref, -1);
    define_method(c, "[]=", s_aset, -1);
    define_method(c, "slice!", s_slice_bang, -1);
    define_method(c, "insert", s_insert, 2);
    define_method(c, "index", s_index, -1);
    define_method(c, "rindex", s_rindex, -1);
    define_method(c, "include?", s_include_p, 1);
    define_method(c, "start_with?", s_start_with_p, -1);
    define_method(c, "end_with?", s_end_with_p, -1);
}
