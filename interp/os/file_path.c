/* file_path.c: File's class methods that only compute with path strings:
 * basename, dirname, extname, split, join, expand_path (with ~ and ~user).
 * They follow 1.8.7: File.extname("foo.") is "", File.join flattens
 * nested Arrays and rejects recursive ones. */
#include <errno.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "io_impl.h"

static VALUE path_str(VALUE v)
{
    if (io_is_io(v)) {
        VALUE p = io_rio(v)->path;
        if (STRING_P(p)) return p;
    }
    return conv_to_str(v);
}

/* Length of s[0, len) without trailing slashes (a lone "/" stays). */
static long strip_trailing_seps(const char *s, long len)
{
    while (len > 1 && s[len - 1] == '/') len--;
    return len;
}

/* ------------------------------------------------------------ basename */
static VALUE f_basename(VALUE klass, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    VALUE fname = path_str(argv[0]);
    VALUE suffix = argc > 1 ? conv_to_str(argv[1]) : Qnil;
    const char *s = RSTRING_PTR(fname);
    long len = strip_trailing_seps(s, RSTRING_LEN(fname));
    if (len == 0) return obj_infect(str_new("", 0), fname);
    if (len == 1 && s[0] == '/') return obj_infect(str_new("/", 1), fname);
    long beg = len;
    while (beg > 0 && s[beg - 1] != '/') beg--;
    long n = len - beg;
    const char *b = s + beg;
    if (!NIL_P(suffix)) {
        const char *x = RSTRING_PTR(suffix);
        long xl = RSTRING_LEN(suffix);
        if (xl == 2 && x[0] == '.' && x[1] == '*') {
            const char *dot = NULL;
            for (long i = 1; i < n; i++) if (b[i] == '.') dot = b + i;
            if (dot) n = dot - b;
        } else if (xl < n && memcmp(b + n - xl, x, (size_t)xl) == 0) {
            n -= xl;
        }
    }
    VALUE r = str_new(b, n);
    GC_GUARD(fname);
    return obj_infect(r, fname);
}

/* ------------------------------------------------------------ dirname */
static VALUE dirname_of(VALUE fname)
{
    const char *s = RSTRING_PTR(fname);
    long len = strip_trailing_seps(s, RSTRING_LEN(fname));
    long i = len;
    while (i > 0 && s[i - 1] != '/') i--;
    if (i == 0) return str_new(".", 1);
    while (i > 1 && s[i - 1] == '/') i--;
    VALUE r = str_new(s, i);
    GC_GUARD(fname);
    return obj_infect(r, fname);
}

static VALUE f_dirname(VALUE klass, int argc, const VALUE *argv)
{
    return dirname_of(path_str(argv[0]));
}

/* ------------------------------------------------------------ extname */
static VALUE f_extname(VALUE klass, int argc, const VALUE *argv)
{
    VALUE fname = path_str(argv[0]);
    const char *s = RSTRING_PTR(fname);
    long len = strip_trailing_seps(s, RSTRING_LEN(fname));
    long beg = len;
    while (beg > 0 && s[beg - 1] != '/') beg--;
    while (beg < len && s[beg] == '.') beg++;   /* ".profile" has none */
    long dot = -1;
    for (long i = beg; i < len; i++) if (s[i] == '.') dot = i;
    if (dot < 0 || dot == len - 1) return str_new("", 0);
    VALUE r = str_new(s + dot, len - dot);
    GC_GUARD(fname);
    return obj_infect(r, fname);
}

static VALUE f_split(VALUE klass, int argc, const VALUE *argv)
{
    VALUE fname = path_str(argv[0]);
    return ary_new_of(2, dirname_of(fname), f_basename(klass, 1, &fname));
}

/* ------------------------------------------------------------ join */
static void join_into(VALUE result, VALUE ary, VALUE seen, bool *first)
{
    vm_check_stack();
    for (long i = 0; i < RARRAY_LEN(seen); i++)
        if (RARRAY_PTR(seen)[i] == ary) exc_raise(vm.c.ArgumentError, "recursive array");
    ary_push(seen, ary);
    for (long i = 0; i < RARRAY_LEN(ary); i++) {
        VALUE v = RARRAY_PTR(ary)[i];
        if (ARRAY_P(v)) {
            join_into(result, v, seen, first);
            continue;
        }
        VALUE part = conv_to_str(v);
        if (!*first) {
            long rl = RSTRING_LEN(result);
            const char *r = RSTRING_PTR(result);
            long tail = rl;
            while (tail > 0 && r[tail - 1] == '/') tail--;
            if (RSTRING_LEN(part) > 0 && RSTRING_PTR(part)[0] == '/') str_resize(result, tail);
            else if (tail == rl) str_cat(result, "/", 1);
        }
        str_append(result, part);
        *first = false;
    }
    ary_pop(seen);
}

static VALUE f_join(VALUE klass, int argc, const VALUE *argv)
{
    VALUE result = str_new("", 0);
    bool first = true;
    join_into(result, ary_new_from(argc, argv), ary_new(), &first);
    return result;
}

/* ------------------------------------------------------------ expand_path */
static VALUE home_of(const char *user, long ulen)
{
    if (ulen == 0) {
        const char *h = getenv("HOME");
        if (!h) exc_raise(vm.c.ArgumentError, "couldn't find HOME environment -- expanding `~'");
        return str_new_cstr(h);
    }
    VALUE name = str_new(user, ulen);
    struct passwd *pw = getpwnam(str_cstr(name));
    if (!pw) exc_raise(vm.c.ArgumentError, "user %s doesn't exist", str_cstr(name));
    return str_new_cstr(pw->pw_dir);
}

static VALUE cwd_str(void)
{
    VALUE buf = str_new_capa(4096);
    str_resize(buf, 4096);
    while (!getcwd(RSTRING_PTR(buf), (size_t)RSTRING_LEN(buf))) {
        if (errno != ERANGE) exc_sys_fail("getcwd");
        str_resize(buf, RSTRING_LEN(buf) * 2);
    }
    str_resize(buf, (long)strlen(RSTRING_PTR(buf)));
    return buf;
}

/* ".." in 1.8.7's way: cut at the run of slashes before the last
   component; what is left of a lone "/a" is "/", of "//a" nothing (1.8.7
   keeps a leading "//" as it is and loses it here). */
static void drop_last_component(VALUE out)
{
    const char *o = RSTRING_PTR(out);
    long ol = RSTRING_LEN(out);
    while (ol > 0 && o[ol - 1] != '/') ol--;     /* start of the last component */
    if (ol == RSTRING_LEN(out)) return;          /* none: at the root */
    while (ol > 0 && o[ol - 1] == '/') ol--;     /* and the slashes before it */
    if (ol == 0 && RSTRING_LEN(out) > 1 && o[1] != '/') ol = 1;
    str_resize(out, ol);
}

/* Append the components of s to out, resolving "." and "..". */
static void append_components(VALUE out, const char *s, long len)
{
    long i = 0;
    while (i < len) {
        while (i < len && s[i] == '/') i++;
        long j = i;
        while (j < len && s[j] != '/') j++;
        long n = j - i;
        if (n == 0 || (n == 1 && s[i] == '.')) { i = j; continue; }
        if (n == 2 && s[i] == '.' && s[i + 1] == '.') {
            drop_last_component(out);
        } else {
            if (RSTRING_LEN(out) == 0 || RSTRING_PTR(out)[RSTRING_LEN(out) - 1] != '/') str_cat(out, "/", 1);
            str_cat(out, s + i, n);
        }
        i = j;
    }
}

/* The result is tainted as in 1.8.7: by fname, and by HOME, the working
   directory or dir when they are part of it (not by a ~user's entry). */
VALUE file_expand_path(VALUE fname, VALUE dir)
{
    fname = path_str(fname);
    const char *s = RSTRING_PTR(fname);
    long len = RSTRING_LEN(fname);
    VALUE base;
    bool tainted = FL_TEST(fname, FL_TAINT);
    if (len > 0 && s[0] == '~') {
        long u = 1;
        while (u < len && s[u] != '/') u++;
        base = home_of(s + 1, u - 1);
        if (u == 1) tainted = true;
        fname = str_substr(fname, u, len - u);
        if (RSTRING_LEN(base) == 0 || RSTRING_PTR(base)[0] != '/')
            exc_raise(vm.c.ArgumentError, "non-absolute home");
    } else if (len > 0 && s[0] == '/') {
        base = str_new("/", 1);
    } else {
        base = NIL_P(dir) ? cwd_str() : file_expand_path(dir, Qnil);
        tainted = tainted || NIL_P(dir) || FL_TEST(base, FL_TAINT);
    }
    /* the leading slashes of the absolute part are kept as given ("//a") */
    VALUE abs = len > 0 && s[0] == '/' ? fname : base;
    long root = 0;
    while (root < RSTRING_LEN(abs) && RSTRING_PTR(abs)[root] == '/') root++;
    VALUE out = root ? str_new(RSTRING_PTR(abs), root) : str_new("/", 1);
    append_components(out, RSTRING_PTR(base), RSTRING_LEN(base));
    append_components(out, RSTRING_PTR(fname), RSTRING_LEN(fname));
    GC_GUARD(base);
    GC_GUARD(fname);
    if (tainted) FL_SET(out, FL_TAINT);
    return out;
}

static VALUE f_expand_path(VALUE klass, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    return file_expand_path(argv[0], argc > 1 ? argv[1] : Qnil);
}

void file_path_init(void)
{
    VALUE c = vm.c.File;
    define_singleton_method(c, "basename", f_basename, -1);
    define_singleton_method(c, "dirname", f_dirname, 1);
    define_singleton_method(c, "extname", f_extname, 1);
    define_singleton_method(c, "split", f_split, 1);
    define_singleton_method(c, "join", f_join, -1);
    define_singleton_method(c, "expand_path", f_expand_path, -1);
}
