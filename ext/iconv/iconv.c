/* iconv.c: require 'iconv', Ruby 1.8.7's Iconv on glibc's iconv(3).
 *
 *   Iconv.new(to, from), Iconv.open(to, from) { |cd| ... } (closed after
 *   the block), Iconv#iconv(str, start = 0, length = -1) (nil: the bytes
 *   that return to the initial shift state), Iconv#close (the same
 *   bytes; a closed Iconv raises ArgumentError "closed iconv"),
 *   Iconv.iconv(to, from, *strs) (an Array), Iconv.conv(to, from, str).
 *   Errors: Iconv::Failure (a module: success, failed, inspect) in
 *   Iconv::IllegalSequence, InvalidCharacter, InvalidEncoding (all
 *   ArgumentErrors), OutOfRange and BrokenLibrary (RuntimeErrors).
 *   As in 1.8.7 the message of a conversion error is the failed input
 *   inspected (16 bytes at most), #success what was converted before it
 *   and #failed the rest (for Iconv.iconv and Iconv.conv, an Array of the
 *   rest of the string and the strings not converted yet).
 *
 * Encoding names go to glibc as they are ("//TRANSLIT", "//IGNORE"
 * work).  Left out: Iconv.list, Iconv.charset_map, and the iconvctl
 * methods (trivial?, transliterate?, discard_ilseq?), which glibc lacks.
 */
#include <errno.h>
#include <iconv.h>
#include <stdlib.h>
#include <string.h>
#include "ruby.h"

void ext_iconv_init(void);

static VALUE cIconv, mFailure, eIllegalSequence, eInvalidCharacter, eInvalidEncoding, eOutOfRange,
    eBrokenLibrary;
static ID id_success, id_failed;
#define FAILED_MAXLEN 16

struct cd {
    iconv_t cd;         /* (iconv_t)-1 once closed */
    bool ignore;        /* to ends with //IGNORE: glibc reports EILSEQ after skipping */
};

static void cd_free(void *p)
{
    struct cd *c = p;
    if (c->cd != (iconv_t)-1) iconv_close(c->cd);
    free(c);
}

static const struct data_type cd_type = { "Iconv", NULL, cd_free, NULL };

static VALUE cd_alloc(VALUE klass)
{
    struct cd *c = xcalloc(1, sizeof *c);
    c->cd = (iconv_t)-1;
    return data_new(klass, &cd_type, c);
}

static struct cd *cd_get(VALUE self)
{
    struct cd *c = data_get(self, &cd_type);
    if (c->cd == (iconv_t)-1) exc_raise(core_classes->ArgumentError, "closed iconv");
    return c;
}

/* ------------------------------------------------------------ Failure */
static VALUE failure_initialize(VALUE self, int argc, const VALUE *argv)
{
    vm_call_super(1, argv);
    ivar_set(self, id_success, argv[1]);
    ivar_set(self, id_failed, argv[2]);
    return self;
}

static VALUE failure_success(VALUE self, int argc, const VALUE *argv) { return ivar_get(self, id_success); }
static VALUE failure_failed(VALUE self, int argc, const VALUE *argv) { return ivar_get(self, id_failed); }

static VALUE failure_inspect(VALUE self, int argc, const VALUE *argv)
{
    VALUE s = str_new_fmt("#<%s: ", obj_classname(self));
    str_append(s, obj_inspect(ivar_get(self, id_success)));
    str_cat_cstr(s, ", ");
    str_append(s, obj_inspect(ivar_get(self, id_failed)));
    return str_cat_cstr(s, ">");
}

/* The error for a failure, its message the failed bytes inspected. */
NORETURN static void raise_failure(VALUE klass, VALUE success, VALUE failed_str, VALUE failed)
{
    VALUE msg;
    if (RSTRING_LEN(failed_str) <= FAILED_MAXLEN) {
        msg = obj_inspect(failed_str);
    } else {
        msg = obj_inspect(str_substr(failed_str, 0, FAILED_MAXLEN));
        str_cat_cstr(msg, "...");
    }
    VALUE args[3] = { msg, success, failed };
    exc_raise_obj(class_new_instance(klass, 3, args));
}

/* ------------------------------------------------------------ opening */
static bool has_ignore(VALUE to)
{
    const char *p = RSTRING_PTR(to);
    long n = RSTRING_LEN(to);
    return n >= 8 && strncasecmp(p + n - 8, "//IGNORE", 8) == 0;
}

static void cd_open(struct cd *c, VALUE to, VALUE from)
{
    to = conv_to_str(to);
    from = conv_to_str(from);
    iconv_t cd = iconv_open(str_cstr(to), str_cstr(from));
    if (cd == (iconv_t)-1 && (errno == EMFILE || errno == ENFILE || errno == ENOMEM)) {
        gc_start();   /* collected Iconvs free their descriptors */
        cd = iconv_open(str_cstr(to), str_cstr(from));
    }
    if (cd == (iconv_t)-1) {
        VALUE msg = str_new_fmt("%s(\"%s\", \"%s\")", errno == EINVAL ? "invalid encoding " : "iconv",
                                RSTRING_PTR(to), RSTRING_PTR(from));
        if (errno != EINVAL) exc_sys_fail(RSTRING_PTR(msg));
        VALUE args[3] = { msg, Qnil, ary_new_of(2, to, from) };
        exc_raise_obj(class_new_instance(eInvalidEncoding, 3, args));
    }
    c->cd = cd;
    c->ignore = has_ignore(to);
}

static VALUE iconv_initialize(VALUE self, int argc, const VALUE *argv)
{
    struct cd *c = data_get(self, &cd_type);
    if (c->cd != (iconv_t)-1) {
        iconv_close(c->cd);
        c->cd = (iconv_t)-1;
    }
    cd_open(c, argv[0], argv[1]);
    return self;
}

/* ------------------------------------------------------------ converting */
/* What a conversion that failed had done: out so far, and where. */
struct failure {
    VALUE klass;
    VALUE success;     /* String converted before the failure */
    VALUE rest;        /* String: the input from the failure on */
};

/* Convert len bytes at p (NULL: reset the shift state) into a new
   String; false and *f filled when the input is bad. */
static bool convert(struct cd *c, const char *p, long len, VALUE *out, struct failure *f)
{
    VALUE buf = str_new(NULL, len * 2 + 16);
    long filled = 0;
    char *in = (char *)p;
    size_t inleft = (size_t)len;
    for (;;) {
        char *o = RSTRING_PTR(buf) + filled;
        size_t oleft = (size_t)(RSTRING_LEN(buf) - filled);
        size_t before = inleft;
        size_t r = iconv(c->cd, p ? &in : NULL, p ? &inleft : NULL, &o, &oleft);
        int err = errno;
        filled = o - RSTRING_PTR(buf);
        if (r != (size_t)-1) break;
        if (err == E2BIG) {
            str_resize(buf, RSTRING_LEN(buf) * 2);
            continue;
        }
        if (err == EILSEQ && c->ignore && (inleft == 0 || inleft < before)) {
            if (inleft == 0) break;
            continue;
        }
        str_resize(buf, filled);
        f->klass = err == EILSEQ ? eIllegalSequence : err == EINVAL ? eInvalidCharacter : eBrokenLibrary;
        f->success = buf;
        f->rest = str_new(in, (long)inleft);
        return false;
    }
    str_resize(buf, filled);
    *out = buf;
    return true;
}

/* str[start, length] as String#[] would take it, length < 0: to the end. */
static void slice(VALUE str, long start, long length, const char **p, long *len)
{
    long slen = RSTRING_LEN(str);
    if (start < 0) start += slen;
    if (start < 0 || start > slen) start = slen;
    if (length < 0 || start + length > slen) length = slen - start;
    *p = RSTRING_PTR(str) + start;
    *len = length;
}

static VALUE iconv_iconv(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 3);
    struct cd *c = cd_get(self);
    VALUE out, str = argv[0];
    struct failure f;
    const char *p = NULL;
    long len = 0;
    if (!NIL_P(str)) {
        str = conv_to_str(str);
        long start = argc > 1 && !NIL_P(argv[1]) ? num_to_long(argv[1]) : 0;
        long length = argc > 2 && !NIL_P(argv[2]) ? num_to_long(argv[2]) : -1;
        slice(str, start, length, &p, &len);
    }
    bool ok = convert(c, p, len, &out, &f);
    GC_GUARD(str);
    if (!ok) raise_failure(f.klass, f.success, f.rest, f.rest);
    return out;
}

static VALUE iconv_close_m(VALUE self, int argc, const VALUE *argv)
{
    struct cd *c = data_get(self, &cd_type);
    if (c->cd == (iconv_t)-1) return Qnil;
    VALUE out = str_new("", 0);
    struct failure f;
    convert(c, NULL, 0, &out, &f);
    iconv_close(c->cd);
    c->cd = (iconv_t)-1;
    return out;
}

/* ------------------------------------------------------------ class methods */
static VALUE open_body(VALUE cd) { return vm_yield1(cd); }
static VALUE close_ensure(VALUE cd) { return iconv_close_m(cd, 0, NULL); }

static VALUE iconv_s_open(VALUE klass, int argc, const VALUE *argv)
{
    VALUE cd = class_new_instance(klass, 2, argv);
    if (!vm_block_given()) return cd;
    return vm_ensure(open_body, cd, close_ensure, cd);
}

/* Iconv.iconv and Iconv.conv: every string through one converter, then
   the reset bytes; as_string joins the results. */
struct multi {
    VALUE cd;
    int n;
    const VALUE *strs;
    bool as_string;
};

static VALUE collect(VALUE ret, VALUE s, bool as_string)
{
    if (as_string) return str_append(ret, s);
    return ary_push(ret, s);
}

NORETURN static void raise_multi(struct multi *m, VALUE ret, int i, struct failure *f)
{
    VALUE success = m->as_string ? str_dup(ret) : ary_dup(ret);
    collect(success, f->success, m->as_string);
    VALUE failed = ary_new_of(1, f->rest);
    for (int j = i + 1; j < m->n; j++) ary_push(failed, m->strs[j]);
    raise_failure(f->klass, success, f->rest, failed);
}

static VALUE multi_body(VALUE arg)
{
    struct multi *m = (struct multi *)arg;
    struct cd *c = cd_get(m->cd);
    VALUE ret = m->as_string ? str_new("", 0) : ary_new(), out;
    struct failure f;
    for (int i = 0; i < m->n; i++) {
        VALUE s = conv_to_str(m->strs[i]);
        if (!convert(c, RSTRING_PTR(s), RSTRING_LEN(s), &out, &f)) raise_multi(m, ret, i, &f);
        collect(ret, out, m->as_string);
    }
    if (m->n > 0 && convert(c, NULL, 0, &out, &f) && RSTRING_LEN(out) > 0) collect(ret, out, m->as_string);
    return ret;
}

static VALUE convert_all(VALUE to, VALUE from, int n, const VALUE *strs, bool as_string)
{
    VALUE args[2] = { to, from };
    struct multi m = { class_new_instance(cIconv, 2, args), n, strs, as_string };
    return vm_ensure(multi_body, (VALUE)&m, close_ensure, m.cd);
}

static VALUE iconv_s_iconv(VALUE klass, int argc, const VALUE *argv)
{
    if (argc < 2) exc_arity(argc, 2, -1);
    return convert_all(argv[0], argv[1], argc - 2, argv + 2, false);
}

static VALUE iconv_s_conv(VALUE klass, int argc, const VALUE *argv)
{
    return convert_all(argv[0], argv[1], 1, argv + 2, true);
}

/* ------------------------------------------------------------ init */
static VALUE define_error(const char *name, VALUE super)
{
    VALUE e = class_define_under(cIconv, name, super);
    module_include(e, mFailure);
    return e;
}

void ext_iconv_init(void)
{
    id_success = sym_intern_cstr("success");   /* no @: hidden, as in 1.8.7 */
    id_failed = sym_intern_cstr("failed");
    cIconv = class_define("Iconv", core_classes->Object);
    class_set_allocator(cIconv, cd_alloc);
    define_singleton_method(cIconv, "open", iconv_s_open, 2);
    define_singleton_method(cIconv, "iconv", iconv_s_iconv, -1);
    define_singleton_method(cIconv, "conv", iconv_s_conv, 3);
    define_method(cIconv, "initialize", iconv_initialize, 2);
    define_method(cIconv, "iconv", iconv_iconv, -1);
    define_method(cIconv, "close", iconv_close_m, 0);
    mFailure = module_define_under(cIconv, "Failure");
    define_method(mFailure, "initialize", failure_initialize, 3);
    define_method(mFailure, "success", failure_success, 0);
    define_method(mFailure, "failed", failure_failed, 0);
    define_method(mFailure, "inspect", failure_inspect, 0);
    eIllegalSequence = define_error("IllegalSequence", core_classes->ArgumentError);
    eInvalidCharacter = define_error("InvalidCharacter", core_classes->ArgumentError);
    eInvalidEncoding = define_error("InvalidEncoding", core_classes->ArgumentError);
    eOutOfRange = define_error("OutOfRange", core_classes->RuntimeError);
    eBrokenLibrary = define_error("BrokenLibrary", core_classes->RuntimeError);
}
