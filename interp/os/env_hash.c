/* env_hash.c: ENV, the process environment as a hash-like object.
 *
 * ENV is a plain Object extended with Enumerable whose singleton methods
 * read and write the C environment (getenv/setenv/unsetenv), as in 1.8.7.
 * Names and values come back as new frozen, tainted Strings.  Iterators
 * take a snapshot first, so a block may change the environment.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "runtime/internal.h"

extern char **environ;

/* ------------------------------------------------------------ helpers */
static VALUE env_str(const char *p, long len)
{
    VALUE s = str_new(p, len);
    FL_SET(s, FL_TAINT);
    return obj_freeze(s);
}

/* The name as a C string: a String without NUL bytes. */
static const char *env_name(VALUE *name)
{
    *name = conv_to_str(*name);
    const char *p = str_cstr(*name);
    if ((long)strlen(p) != RSTRING_LEN(*name)) exc_raise(vm.c.ArgumentError, "bad environment variable name");
    return p;
}

/* The value of name as a String, or nil.  (Level 4 reads nothing of ENV,
   as in 1.8.7: env_get, env_snapshot and env_key_of refuse.) */
static VALUE env_get(VALUE name)
{
    vm_secure(4);
    const char *v = getenv(env_name(&name));
    GC_GUARD(name);
    return v ? env_str(v, (long)strlen(v)) : Qnil;
}

/* [name, value, name, value, ...] of the whole environment, in its order. */
static VALUE env_snapshot(void)
{
    vm_secure(4);
    VALUE ary = ary_new();
    for (char **e = environ; e && *e; e++) {
        const char *eq = strchr(*e, '=');
        if (!eq) continue;
        ary_push(ary, env_str(*e, eq - *e));
        ary_push(ary, env_str(eq + 1, (long)strlen(eq + 1)));
    }
    return ary;
}

/* ------------------------------------------------------------ PATH
   As in 1.8.7, ENV["PATH"] (and fetch, values_at) is untainted unless a
   folder of PATH, or a folder above one, is world-writable; a sticky
   folder above one is safe, a sticky folder in PATH is not.  Checked once
   (warning of the first such folder), again when PATH is set. */
static int path_tainted = -1;   /* -1: not checked yet */

static bool unsafe_dir(const char *dir, bool sticky_ok)
{
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode) || !(st.st_mode & S_IWOTH)) return false;
    if (sticky_ok && (st.st_mode & S_ISVTX)) return false;
    exc_warn("Insecure world writable dir %s in PATH, mode 0%o", dir, (unsigned)st.st_mode);
    return true;
}

/* the folder entry[0, len) and the folders above it, up to (not) "/" */
static bool unsafe_path_entry(const char *entry, long len)
{
    VALUE dir = str_new(NULL, 0);
    if (len == 0 || entry[0] != '/') {
        char cwd[4096];
        if (!getcwd(cwd, sizeof cwd)) return false;
        str_cat_cstr(dir, cwd);
        str_cat(dir, "/", 1);
    }
    str_cat(dir, entry, len);
    for (bool first = true;; first = false) {
        if (unsafe_dir(str_cstr(dir), !first)) return true;
        char *p = RSTRING_PTR(dir), *slash = strrchr(p, '/');
        if (!slash || slash == p) return false;
        str_resize(dir, slash - p);
    }
}

static int path_check(const char *path)
{
    while (path) {
        const char *colon = strchr(path, ':');
        long len = colon ? colon - path : (long)strlen(path);
        if (unsafe_path_entry(path, len)) return 1;
        path = colon ? colon + 1 : NULL;
    }
    return 0;
}

static bool is_path_name(VALUE name)
{
    return STRING_P(name) && RSTRING_LEN(name) == 4 && memcmp(RSTRING_PTR(name), "PATH", 4) == 0;
}

/* The value for [], fetch and values_at: PATH untainted when it is safe. */
static VALUE env_value(VALUE name)
{
    VALUE v = env_get(name);
    if (NIL_P(v) || !is_path_name(conv_to_str(name))) return v;
    if (path_tainted < 0) path_tainted = path_check(getenv("PATH"));
    if (!path_tainted) FL_UNSET(v, FL_TAINT);
    return v;
}

static void env_unset(VALUE name)
{
    const char *p = env_name(&name);
    if (unsetenv(p) != 0) exc_sys_fail("unsetenv");
    GC_GUARD(name);
}

static VALUE env_delete(VALUE name)
{
    VALUE old = env_get(name);
    if (!NIL_P(old)) env_unset(name);
    if (is_path_name(conv_to_str(name))) path_tainted = 0;
    return old;
}

static void env_set(VALUE name, VALUE val)
{
    const char *n = env_name(&name);
    val = conv_to_str(val);
    const char *v = str_cstr(val);
    if ((long)strlen(v) != RSTRING_LEN(val)) exc_raise(vm.c.ArgumentError, "bad environment variable value");
    if (setenv(n, v, 1) != 0) {
        int err = errno;
        VALUE what = str_new_fmt("setenv(%s)", n);
        errno = err;
        exc_sys_fail(RSTRING_PTR(what));
    }
    if (is_path_name(name)) path_tainted = FL_TEST(val, FL_TAINT) ? 1 : path_check(v);
    GC_GUARD(name);
    GC_GUARD(val);
}

/* For each pair of a snapshot: i its index, k and v the name and value
   (the inner loop runs once, only to declare k and v). */
#define UNUSED_ __attribute__((unused))
#define SNAP_EACH(snap, i, k, v) \
    for (long i = 0; i + 1 < RARRAY_LEN(snap); i += 2) \
        for (VALUE k UNUSED_ = RARRAY_PTR(snap)[i], v UNUSED_ = RARRAY_PTR(snap)[i + 1], *once_ = &k; \
             once_; once_ = NULL)

#define RETURN_ENUMERATOR(self, meth) \
    do { if (!vm_block_given()) return enumerator_for(self, meth, 0, NULL); } while (0)

/* ------------------------------------------------------------ access */
static VALUE env_aref(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(4);
    vm_check_safe_obj(argv[0]);   /* a tainted name, from level 1 */
    return env_value(argv[0]);
}

static VALUE env_aset(VALUE self, int argc, const VALUE *argv)
{
    if (vm_safe_level() >= 4) exc_raise(vm.c.SecurityError, "can't change environment variable");
    if (NIL_P(argv[1])) env_delete(argv[0]);
    else env_set(argv[0], argv[1]);
    return argv[1];
}

static VALUE env_fetch(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    bool block = vm_block_given();
    if (block && argc == 2) exc_warn("block supersedes default value argument");
    vm_secure(4);
    vm_check_safe_obj(argv[0]);
    VALUE v = env_value(argv[0]);
    if (!NIL_P(v)) return v;
    if (block) return vm_yield1(argv[0]);
    if (argc == 1) exc_raise(vm.c.IndexError, "key not found");
    return argv[1];
}

/* 1.8.7: the value, or nil (the block only sees a missing name) */
static VALUE env_delete_m(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(4);
    vm_check_safe_obj(argv[0]);
    VALUE v = env_delete(argv[0]);
    if (NIL_P(v) && vm_block_given()) vm_yield1(argv[0]);
    return v;
}

static VALUE env_has_key(VALUE self, int argc, const VALUE *argv) { return BOOL2V(!NIL_P(env_get(argv[0]))); }

static VALUE env_key_of(VALUE value)
{
    vm_secure(4);
    if (!STRING_P(value)) return Qnil;
    VALUE snap = env_snapshot();
    SNAP_EACH(snap, i, k, v) if (str_equal(v, value)) return k;
    return Qnil;
}

static VALUE env_index(VALUE self, int argc, const VALUE *argv) { return env_key_of(argv[0]); }
static VALUE env_has_value(VALUE self, int argc, const VALUE *argv) { return BOOL2V(!NIL_P(env_key_of(argv[0]))); }

static VALUE env_values_at(VALUE self, int argc, const VALUE *argv)
{
    VALUE ary = ary_new();
    vm_secure(4);
    for (int i = 0; i < argc; i++) {
        vm_check_safe_obj(argv[i]);
        ary_push(ary, env_value(argv[i]));
    }
    return ary;
}

/* ------------------------------------------------------------ whole */
static VALUE env_keys(VALUE self, int argc, const VALUE *argv)
{
    VALUE snap = env_snapshot(), ary = ary_new();
    SNAP_EACH(snap, i, k, v) ary_push(ary, k);
    return ary;
}

static VALUE env_values(VALUE self, int argc, const VALUE *argv)
{
    VALUE snap = env_snapshot(), ary = ary_new();
    SNAP_EACH(snap, i, k, v) ary_push(ary, v);
    return ary;
}

static VALUE env_to_hash(VALUE self, int argc, const VALUE *argv)
{
    VALUE snap = env_snapshot(), hash = hash_new();
    SNAP_EACH(snap, i, k, v) hash_aset(hash, k, v);
    return hash;
}

static VALUE env_to_a(VALUE self, int argc, const VALUE *argv)
{
    VALUE snap = env_snapshot(), ary = ary_new();
    SNAP_EACH(snap, i, k, v) ary_push(ary, ary_new_of(2, k, v));
    return ary;
}

static VALUE env_size(VALUE self, int argc, const VALUE *argv) { return INT2FIX(RARRAY_LEN(env_snapshot()) / 2); }
static VALUE env_empty_p(VALUE self, int argc, const VALUE *argv) { return BOOL2V(RARRAY_LEN(env_snapshot()) == 0); }
static VALUE env_to_s(VALUE self, int argc, const VALUE *argv) { return str_new_cstr("ENV"); }

static VALUE env_inspect(VALUE self, int argc, const VALUE *argv)
{
    VALUE snap = env_snapshot(), str = str_new_cstr("{");
    SNAP_EACH(snap, i, k, v) {
        if (i > 0) str_cat(str, ", ", 2);
        str_append(str, obj_inspect(k));
        str_cat(str, "=>", 2);
        str_append(str, obj_inspect(v));
    }
    return str_cat(str, "}", 1);
}

/* ------------------------------------------------------------ iterators */
static VALUE env_each(VALUE self, int argc, const VALUE *argv)
{
    RETURN_ENUMERATOR(self, "each");
    VALUE snap = env_snapshot();
    SNAP_EACH(snap, i, k, v) vm_yield1(ary_new_of(2, k, v));
    return self;
}

static VALUE env_each_pair(VALUE self, int argc, const VALUE *argv)
{
    RETURN_ENUMERATOR(self, "each_pair");
    VALUE snap = env_snapshot();
    SNAP_EACH(snap, i, k, v) vm_yield_values(2, k, v);
    return self;
}

static VALUE env_each_key(VALUE self, int argc, const VALUE *argv)
{
    RETURN_ENUMERATOR(self, "each_key");
    VALUE snap = env_snapshot();
    SNAP_EACH(snap, i, k, v) vm_yield1(k);
    return self;
}

static VALUE env_each_value(VALUE self, int argc, const VALUE *argv)
{
    RETURN_ENUMERATOR(self, "each_value");
    VALUE snap = env_snapshot();
    SNAP_EACH(snap, i, k, v) vm_yield1(v);
    return self;
}

/* 1.8: an Array of [name, value] pairs */
static VALUE env_select(VALUE self, int argc, const VALUE *argv)
{
    if (argc > 0) exc_arity(argc, 0, 0);
    RETURN_ENUMERATOR(self, "select");
    VALUE snap = env_snapshot(), ary = ary_new();
    SNAP_EACH(snap, i, k, v) if (RTEST(vm_yield_values(2, k, v))) ary_push(ary, ary_new_of(2, k, v));
    return ary;
}

/* A Hash without the pairs the block accepts */
static VALUE env_reject(VALUE self, int argc, const VALUE *argv)
{
    VALUE hash = env_to_hash(self, 0, NULL);
    return vm_call_with_block(hash, sym_intern_cstr("delete_if"), 0, NULL, vm_current_block());
}

/* Deletes the pairs the block accepts; the count of deletions. */
static long env_delete_matching(void)
{
    long n = 0;
    VALUE snap = env_snapshot();
    SNAP_EACH(snap, i, k, v) if (RTEST(vm_yield_values(2, k, v))) { env_delete(k); n++; }
    return n;
}

static VALUE env_delete_if(VALUE self, int argc, const VALUE *argv)
{
    RETURN_ENUMERATOR(self, "delete_if");
    env_delete_matching();
    return self;
}

static VALUE env_reject_bang(VALUE self, int argc, const VALUE *argv)
{
    RETURN_ENUMERATOR(self, "reject!");
    return env_delete_matching() ? self : Qnil;
}

static VALUE env_clear(VALUE self, int argc, const VALUE *argv)
{
    VALUE snap = env_snapshot();
    SNAP_EACH(snap, i, k, v) env_delete(k);
    return self;
}

static VALUE env_shift(VALUE self, int argc, const VALUE *argv)
{
    VALUE snap = env_snapshot();
    if (RARRAY_LEN(snap) == 0) return Qnil;
    VALUE k = RARRAY_PTR(snap)[0], v = RARRAY_PTR(snap)[1];
    env_delete(k);
    return ary_new_of(2, k, v);
}

static VALUE env_invert(VALUE self, int argc, const VALUE *argv)
{
    VALUE snap = env_snapshot(), hash = hash_new();
    SNAP_EACH(snap, i, k, v) hash_aset(hash, v, k);
    return hash;
}

static enum hash_iter update_i(VALUE key, VALUE val, void *arg)
{
    /* 1.8.7 yields for every pair, with nil for a name not yet set */
    if (vm_block_given()) val = vm_yield_values(3, key, env_get(key), val);
    env_aset(Qnil, 2, (VALUE[]){ key, val });
    return HASH_CONTINUE;
}

static VALUE env_update(VALUE self, int argc, const VALUE *argv)
{
    vm_secure(4);
    hash_foreach(conv_to_hash(argv[0]), update_i, NULL);
    return self;
}

static enum hash_iter keep_i(VALUE key, VALUE val, void *keep)
{
    hash_aset((VALUE)keep, key, Qtrue);
    env_set(key, val);
    return HASH_CONTINUE;
}

static VALUE env_replace(VALUE self, int argc, const VALUE *argv)
{
    VALUE keep = hash_new();
    hash_foreach(conv_to_hash(argv[0]), keep_i, (void *)keep);
    VALUE snap = env_snapshot();
    SNAP_EACH(snap, i, k, v) if (hash_lookup(keep, k) == Qundef) env_delete(k);
    return self;
}

static VALUE env_rehash(VALUE self, int argc, const VALUE *argv) { return Qnil; }

/* ------------------------------------------------------------ init */
void env_hash_init(void)
{
    VALUE env = obj_alloc(vm.c.Object);
    obj_extend(env, vm.c.Enumerable);
    static const struct { const char *name; cfunc fn; int arity; } methods[] = {
        { "[]", env_aref, 1 }, { "[]=", env_aset, 2 }, { "store", env_aset, 2 },
        { "fetch", env_fetch, -1 }, { "delete", env_delete_m, 1 },
        { "include?", env_has_key, 1 }, { "member?", env_has_key, 1 },
        { "has_key?", env_has_key, 1 }, { "key?", env_has_key, 1 },
        { "has_value?", env_has_value, 1 }, { "value?", env_has_value, 1 },
        { "index", env_index, 1 }, { "key", env_index, 1 }, { "values_at", env_values_at, -1 },
        { "keys", env_keys, 0 }, { "values", env_values, 0 }, { "to_hash", env_to_hash, 0 },
        { "to_a", env_to_a, 0 }, { "size", env_size, 0 }, { "length", env_size, 0 },
        { "empty?", env_empty_p, 0 }, { "to_s", env_to_s, 0 }, { "inspect", env_inspect, 0 },
        { "each", env_each, 0 }, { "each_pair", env_each_pair, 0 },
        { "each_key", env_each_key, 0 }, { "each_value", env_each_value, 0 },
        { "select", env_select, -1 }, { "reject", env_reject, 0 },
        { "delete_if", env_delete_if, 0 }, { "reject!", env_reject_bang, 0 },
        { "clear", env_clear, 0 }, { "shift", env_shift, 0 }, { "invert", env_invert, 0 },
        { "update", env_update, 1 }, { "replace", env_replace, 1 }, { "rehash", env_rehash, 0 },
    };
    for (size_t i = 0; i < countof(methods); i++)
        define_singleton_method(env, methods[i].name, methods[i].fn, methods[i].arity);
    define_global_const("ENV", env);
}
