/* hash.c: the Hash class and the hash_ C API, on top of hashtab.c.
 *
 * RHash.tab is created on the first insertion (empty hashes are common and
 * cost no malloc), then lives as long as the Hash: its contents change in
 * place, so code holding the pointer across a Ruby call stays safe.
 * While a method iterates, the table is pinned (htab_pin, once per
 * iteration in progress): deleting leaves tombstones, a new key is added after the entries the
 * iteration visits (1.8.7 allows both; which new keys its iteration meets
 * depends on their buckets).  Behaviour follows Ruby 1.8.7, except that
 * iteration follows insertion order.
 */
#include <string.h>
#include "runtime/internal.h"
#include "runtime/hashtab.h"

static VALUE hash_default_m(VALUE self, int argc, const VALUE *argv);

/* ------------------------------------------------------------ basics */
static struct hashtab *tab(VALUE hash) { return RHASH(hash)->tab; }
static bool iterating(VALUE hash) { return tab(hash) && htab_pinned(tab(hash)); }

static struct hashtab *tab_make(VALUE hash)
{
    if (!RHASH(hash)->tab) RHASH(hash)->tab = htab_new();
    return RHASH(hash)->tab;
}

static void hash_modify(VALUE hash)
{
    if (FL_TEST(hash, FL_FROZEN)) exc_frozen(hash);
    SAFE_CHECK_MODIFY(hash, "hash");
}

static VALUE hash_alloc(VALUE klass)
{
    VALUE hash = gc_new_obj(T_HASH, klass);
    RHASH(hash)->ifnone = Qnil;
    return hash;
}

VALUE hash_new(void) { return hash_alloc(vm.c.Hash); }

void hash_gc_mark(VALUE hash) { htab_mark(tab(hash)); }

void hash_gc_free(VALUE hash)
{
    htab_free(tab(hash));
    RHASH(hash)->tab = NULL;
}

long hash_size(VALUE hash) { return htab_count(tab(hash)); }

static VALUE to_hash(VALUE obj) { return conv_to_hash(obj); }

#define RETURN_ENUMERATOR(self, meth, argc, argv) \
    do { if (!vm_block_given()) return enumerator_for(self, meth, argc, argv); } while (0)

/* ------------------------------------------------------------ iteration */
struct iter_arg {
    VALUE hash;
    enum hash_iter (*fn)(VALUE key, VALUE val, void *arg);
    void *arg;
};

static VALUE iter_body(VALUE p)
{
    struct iter_arg *a = (struct iter_arg *)p;
    VALUE key, val;
    long end = htab_end(tab(a->hash));     /* keys added meanwhile are not visited */
    for (long i = 0; (i = htab_next(tab(a->hash), i, &key, &val)) >= 0 && i < end; i++) {
        enum hash_iter r = a->fn(key, val, a->arg);
        if (r == HASH_STOP) break;
        if (r == HASH_DELETE) htab_delete_at(tab(a->hash), i);
    }
    return Qnil;
}

static VALUE iter_done(VALUE hash)
{
    htab_unpin(tab(hash));
    return Qnil;
}

/* Call fn for each pair in order; fn may run Ruby code, delete keys, jump. */
void hash_foreach(VALUE hash, enum hash_iter (*fn)(VALUE key, VALUE val, void *arg), void *arg)
{
    if (hash_size(hash) == 0) return;
    struct iter_arg a = { hash, fn, arg };
    htab_pin(tab(hash));
    vm_ensure(iter_body, (VALUE)&a, iter_done, hash);
}

/* ------------------------------------------------------------ recursion guard */
/* Objects being visited by an operation (inspect, ==, hash), per thread,
   as MRI 1.8 keeps them: the thread's locals map :__recursive_key__ to a
   Hash from the operation's name to a Hash of the visited objects.  The
   fallback serves a thread whose locals are not a Hash. */
static VALUE recursive_fallback;

static VALUE recursion_set(const char *op)
{
    struct thread *th = vm.th;
    if (th->locals == 0 || NIL_P(th->locals)) th->locals = hash_new();
    VALUE *home = HASH_P(th->locals) ? &th->locals : &recursive_fallback;
    if (!*home) { *home = hash_new(); gc_register_root(&recursive_fallback); }
    VALUE key = sym_to_value("__recursive_key__");
    VALUE all = hash_lookup(*home, key);
    if (!HASH_P(all)) { all = hash_new(); hash_aset(*home, key, all); }
    VALUE sym = sym_to_value(op);
    VALUE set = hash_lookup(all, sym);
    if (!HASH_P(set)) { set = hash_new(); hash_aset(all, sym, set); }
    return set;
}

struct recursion {
    VALUE (*fn)(VALUE obj, VALUE arg, bool recursive);
    VALUE obj, arg, set;
};

static VALUE rec_body(VALUE p)
{
    struct recursion *r = (struct recursion *)p;
    return r->fn(r->obj, r->arg, false);
}

static VALUE rec_done(VALUE p)
{
    struct recursion *r = (struct recursion *)p;
    htab_delete(tab(r->set), r->obj | 1);
    return Qnil;
}

VALUE hash_exec_recursive(VALUE (*fn)(VALUE obj, VALUE arg, bool recursive), VALUE obj, VALUE arg,
                          const char *op)
{
    VALUE set = recursion_set(op);
    VALUE id = obj | 1;   /* a Fixnum naming the object: identity, no #hash */
    if (htab_lookup(tab(set), id) != Qundef) return fn(obj, arg, true);
    hash_aset(set, id, Qtrue);
    struct recursion r = { fn, obj, arg, set };
    return vm_ensure(rec_body, (VALUE)&r, rec_done, (VALUE)&r);
}

/* ------------------------------------------------------------ lookup and store */
VALUE hash_lookup(VALUE hash, VALUE key) { return htab_lookup(tab(hash), key); }

static VALUE call_default_proc(VALUE hash, VALUE key)
{
    VALUE args[2] = { hash, key };
    return proc_call(RHASH(hash)->ifnone, 2, args);
}

/* The value for a missing key: hash.default(key), without the call when
   the method is Hash's own. */
static VALUE missing_value(VALUE hash, VALUE key)
{
    VALUE me = class_lookup_method_cached(class_of(hash), ID_default);
    if (me && ME_TYPE(me) == ME_CFUNC && RMENTRY(me)->body.fn == hash_default_m) {
        if (FL_TEST(hash, HASH_PROC_DEFAULT)) return call_default_proc(hash, key);
        return RHASH(hash)->ifnone;
    }
    return vm_call1(hash, ID_default, key);
}

VALUE hash_aref(VALUE hash, VALUE key)
{
    VALUE v = htab_lookup(tab(hash), key);
    return v != Qundef ? v : missing_value(hash, key);
}

VALUE hash_aset(VALUE hash, VALUE key, VALUE val)
{
    hash_modify(hash);
    struct hashtab *t = tab_make(hash);
    bool added;
    long i = htab_insert(t, key, val, &added);
    /* 1.8: a String key is copied and frozen, so changing it later cannot
       corrupt the table */
    if (added && STRING_P(key) && !OBJ_FROZEN(key)) htab_set_key_at(t, i, str_new_frozen(key));
    return val;
}

VALUE hash_delete(VALUE hash, VALUE key)
{
    hash_modify(hash);
    return htab_delete(tab(hash), key);
}

void hash_clear(VALUE hash)
{
    hash_modify(hash);
    if (!tab(hash)) return;
    if (iterating(hash)) htab_delete_all(tab(hash));
    else htab_clear(tab(hash));
}

VALUE hash_keys(VALUE hash)
{
    VALUE ary = ary_new_capa(hash_size(hash));
    VALUE key;
    for (long i = 0; (i = htab_next(tab(hash), i, &key, NULL)) >= 0; i++) ary_push(ary, key);
    return ary;
}

VALUE hash_values(VALUE hash)
{
    VALUE ary = ary_new_capa(hash_size(hash));
    VALUE val;
    for (long i = 0; (i = htab_next(tab(hash), i, NULL, &val)) >= 0; i++) ary_push(ary, val);
    return ary;
}

static VALUE hash_to_a(VALUE hash)
{
    VALUE ary = ary_new_capa(hash_size(hash));
    VALUE key, val;
    for (long i = 0; (i = htab_next(tab(hash), i, &key, &val)) >= 0; i++)
        ary_push(ary, ary_new_of(2, key, val));
    return obj_infect(ary, hash);
}

/* ------------------------------------------------------------ construction */
static VALUE hash_s_create_from_ary(VALUE klass, VALUE ary)
{
    VALUE hash = hash_alloc(klass);
    for (long i = 0; i < RARRAY_LEN(ary); i++) {
        VALUE pair = conv_check_ary(RARRAY_PTR(ary)[i]);
        if (NIL_P(pair)) continue;
        long n = RARRAY_LEN(pair);
        if (n == 1 || n == 2)
            hash_aset(hash, RARRAY_PTR(pair)[0], n == 2 ? RARRAY_PTR(pair)[1] : Qnil);
    }
    return hash;
}

/* Hash[h], Hash[[[k, v], ...]], Hash[k, v, ...] */
static VALUE hash_s_create(VALUE klass, int argc, const VALUE *argv)
{
    if (argc == 1) {
        VALUE h = HASH_P(argv[0]) ? argv[0]
                  : vm_respond_to(argv[0], ID_to_hash, false) ? to_hash(argv[0]) : Qnil;
        if (!NIL_P(h)) {
            VALUE hash = hash_alloc(klass);
            if (hash_size(h) > 0) RHASH(hash)->tab = htab_copy(tab(h));
            return hash;
        }
        VALUE ary = conv_check_ary(argv[0]);
        if (!NIL_P(ary)) return hash_s_create_from_ary(klass, ary);
    }
    if (argc % 2 != 0) exc_raise(vm.c.ArgumentError, "odd number of arguments for Hash");
    VALUE hash = hash_alloc(klass);
    for (int i = 0; i < argc; i += 2) hash_aset(hash, argv[i], argv[i + 1]);
    return hash;
}

static VALUE hash_initialize(VALUE self, int argc, const VALUE *argv)
{
    hash_modify(self);
    if (vm_block_given()) {
        if (argc > 0) exc_raise(vm.c.ArgumentError, "wrong number of arguments");
        RHASH(self)->ifnone = vm_block_proc();
        FL_SET(self, HASH_PROC_DEFAULT);
    } else {
        arity_check(argc, 0, 1);
        RHASH(self)->ifnone = argc ? argv[0] : Qnil;
        FL_UNSET(self, HASH_PROC_DEFAULT);
    }
    return self;
}

static void copy_default(VALUE dst, VALUE src)
{
    RHASH(dst)->ifnone = RHASH(src)->ifnone;
    if (FL_TEST(src, HASH_PROC_DEFAULT)) FL_SET(dst, HASH_PROC_DEFAULT);
    else FL_UNSET(dst, HASH_PROC_DEFAULT);
}

static enum hash_iter replace_i(VALUE key, VALUE val, void *hash)
{
    hash_aset((VALUE)hash, key, val);
    return HASH_CONTINUE;
}

static VALUE hash_replace(VALUE self, int argc, const VALUE *argv)
{
    VALUE other = to_hash(argv[0]);
    hash_modify(self);
    if (self == other) return self;
    if (iterating(self)) {
        hash_clear(self);
        hash_foreach(other, replace_i, (void *)self);
    } else if (tab(self) || tab(other)) {
        htab_assign(tab_make(self), tab(other));
    }
    copy_default(self, other);
    return self;
}

static VALUE hash_rehash(VALUE self, int argc, const VALUE *argv)
{
    hash_modify(self);
    if (iterating(self)) exc_raise(vm.c.RuntimeError, "rehash occurred during iteration");
    if (!tab(self)) return self;
    VALUE fresh = hash_new();
    VALUE key, val;
    bool added;
    for (long i = 0; (i = htab_next(tab(self), i, &key, &val)) >= 0; i++)
        htab_insert(tab_make(fresh), key, val, &added);
    htab_swap(tab(self), tab_make(fresh));
    return self;
}

/* ------------------------------------------------------------ element access */
static VALUE hash_aref_m(VALUE self, int argc, const VALUE *argv) { return hash_aref(self, argv[0]); }
static VALUE hash_aset_m(VALUE self, int argc, const VALUE *argv) { return hash_aset(self, argv[0], argv[1]); }

static VALUE hash_fetch(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    bool block = vm_block_given();
    if (block && argc == 2) exc_warn("block supersedes default value argument");
    VALUE v = hash_lookup(self, argv[0]);
    if (v != Qundef) return v;
    if (block) return vm_yield1(argv[0]);
    if (argc == 1) exc_raise(vm.c.IndexError, "key not found");
    return argv[1];
}

static VALUE hash_default_m(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    if (FL_TEST(self, HASH_PROC_DEFAULT)) {
        if (argc == 0) return Qnil;
        return call_default_proc(self, argv[0]);
    }
    return RHASH(self)->ifnone;
}

static VALUE hash_set_default(VALUE self, int argc, const VALUE *argv)
{
    hash_modify(self);
    RHASH(self)->ifnone = argv[0];
    FL_UNSET(self, HASH_PROC_DEFAULT);
    return argv[0];
}

static VALUE hash_default_proc(VALUE self, int argc, const VALUE *argv)
{
    return FL_TEST(self, HASH_PROC_DEFAULT) ? RHASH(self)->ifnone : Qnil;
}

/* The first key whose value == v, or nil. */
static VALUE key_for_value(VALUE hash, VALUE v)
{
    VALUE key, val;
    for (long i = 0; (i = htab_next(tab(hash), i, &key, &val)) >= 0; i++)
        if (obj_equal(val, v)) return key;
    return Qnil;
}

static VALUE hash_key(VALUE self, int argc, const VALUE *argv) { return key_for_value(self, argv[0]); }

static VALUE hash_has_value(VALUE self, int argc, const VALUE *argv)
{
    VALUE val;
    for (long i = 0; (i = htab_next(tab(self), i, NULL, &val)) >= 0; i++)
        if (obj_equal(val, argv[0])) return Qtrue;
    return Qfalse;
}

static VALUE hash_has_key(VALUE self, int argc, const VALUE *argv)
{
    return BOOL2V(hash_lookup(self, argv[0]) != Qundef);
}

static VALUE hash_values_at(VALUE self, int argc, const VALUE *argv)
{
    VALUE ary = ary_new_capa(argc);
    for (int i = 0; i < argc; i++) ary_push(ary, hash_aref(self, argv[i]));
    return ary;
}

static VALUE hash_indexes(VALUE self, int argc, const VALUE *argv)
{
    exc_warn("Hash#%s is deprecated; use Hash#values_at", sym_name(vm_current_mid()));
    return hash_values_at(self, argc, argv);
}

static VALUE hash_size_m(VALUE self, int argc, const VALUE *argv) { return INT2FIX(hash_size(self)); }
static VALUE hash_empty_p(VALUE self, int argc, const VALUE *argv) { return BOOL2V(hash_size(self) == 0); }
static VALUE hash_keys_m(VALUE self, int argc, const VALUE *argv) { return hash_keys(self); }
static VALUE hash_values_m(VALUE self, int argc, const VALUE *argv) { return hash_values(self); }
static VALUE hash_to_a_m(VALUE self, int argc, const VALUE *argv) { return hash_to_a(self); }
static VALUE hash_to_hash(VALUE self, int argc, const VALUE *argv) { return self; }

/* ------------------------------------------------------------ deleting */
static VALUE hash_delete_m(VALUE self, int argc, const VALUE *argv)
{
    VALUE v = hash_delete(self, argv[0]);
    if (v != Qundef) return v;
    return vm_block_given() ? vm_yield1(argv[0]) : Qnil;
}

static VALUE hash_shift(VALUE self, int argc, const VALUE *argv)
{
    hash_modify(self);
    VALUE key, val;
    long i = htab_next(tab(self), 0, &key, &val);
    if (i >= 0) {
        htab_delete_at(tab(self), i);
        return ary_new_of(2, key, val);
    }
    if (FL_TEST(self, HASH_PROC_DEFAULT)) return call_default_proc(self, Qnil);
    return RHASH(self)->ifnone;
}

static enum hash_iter delete_if_i(VALUE key, VALUE val, void *arg)
{
    return RTEST(vm_yield_values(2, key, val)) ? HASH_DELETE : HASH_CONTINUE;
}

static VALUE hash_delete_if(VALUE self, int argc, const VALUE *argv)
{
    RETURN_ENUMERATOR(self, "delete_if", 0, NULL);
    hash_modify(self);
    hash_foreach(self, delete_if_i, NULL);
    return self;
}

static VALUE hash_reject_bang(VALUE self, int argc, const VALUE *argv)
{
    RETURN_ENUMERATOR(self, "reject!", 0, NULL);
    long n = hash_size(self);
    hash_delete_if(self, 0, NULL);
    return n == hash_size(self) ? Qnil : self;
}

static VALUE hash_reject(VALUE self, int argc, const VALUE *argv)
{
    RETURN_ENUMERATOR(self, "reject", 0, NULL);
    return hash_delete_if(obj_dup(self), 0, NULL);
}

static enum hash_iter select_i(VALUE key, VALUE val, void *ary)
{
    if (RTEST(vm_yield_values(2, key, val))) ary_push((VALUE)ary, ary_new_of(2, key, val));
    return HASH_CONTINUE;
}

/* 1.8: an Array of [key, value] pairs */
static VALUE hash_select(VALUE self, int argc, const VALUE *argv)
{
    if (argc > 0) exc_arity(argc, 0, 0);
    RETURN_ENUMERATOR(self, "select", 0, NULL);
    VALUE ary = ary_new();
    hash_foreach(self, select_i, (void *)ary);
    return ary;
}

static VALUE hash_clear_m(VALUE self, int argc, const VALUE *argv)
{
    hash_clear(self);
    return self;
}

/* ------------------------------------------------------------ iterators */
static enum hash_iter each_i(VALUE key, VALUE val, void *y)
{
    vm_yield_pair(y, key, val);
    return HASH_CONTINUE;
}

static enum hash_iter each_pair_i(VALUE key, VALUE val, void *y)
{
    vm_yield_next2(y, key, val);
    return HASH_CONTINUE;
}

static enum hash_iter each_key_i(VALUE key, VALUE val, void *y)
{
    vm_yield_next(y, key);
    return HASH_CONTINUE;
}

static enum hash_iter each_value_i(VALUE key, VALUE val, void *y)
{
    vm_yield_next(y, val);
    return HASH_CONTINUE;
}

static void each_with(VALUE self, enum hash_iter (*fn)(VALUE key, VALUE val, void *y))
{
    struct yielder y;
    vm_yield_prepare(&y);
    hash_foreach(self, fn, &y);
}

/* 1.8: each yields one [key, value] Array, each_pair two values */
static VALUE hash_each(VALUE self, int argc, const VALUE *argv)
{
    RETURN_ENUMERATOR(self, "each", 0, NULL);
    each_with(self, each_i);
    return self;
}

static VALUE hash_each_pair(VALUE self, int argc, const VALUE *argv)
{
    RETURN_ENUMERATOR(self, "each_pair", 0, NULL);
    each_with(self, each_pair_i);
    return self;
}

static VALUE hash_each_key(VALUE self, int argc, const VALUE *argv)
{
    RETURN_ENUMERATOR(self, "each_key", 0, NULL);
    each_with(self, each_key_i);
    return self;
}

static VALUE hash_each_value(VALUE self, int argc, const VALUE *argv)
{
    RETURN_ENUMERATOR(self, "each_value", 0, NULL);
    each_with(self, each_value_i);
    return self;
}

static VALUE hash_sort(VALUE self, int argc, const VALUE *argv)
{
    VALUE ary = hash_to_a(self);
    vm_call_with_block(ary, sym_intern_cstr("sort!"), 0, NULL, vm_current_block());
    return ary;
}

/* ------------------------------------------------------------ combining */
static enum hash_iter invert_i(VALUE key, VALUE val, void *h)
{
    hash_aset((VALUE)h, val, key);
    return HASH_CONTINUE;
}

static VALUE hash_invert(VALUE self, int argc, const VALUE *argv)
{
    VALUE h = hash_new();
    hash_foreach(self, invert_i, (void *)h);
    return h;
}

static enum hash_iter update_i(VALUE key, VALUE val, void *h)
{
    hash_aset((VALUE)h, key, val);
    return HASH_CONTINUE;
}

static enum hash_iter update_block_i(VALUE key, VALUE val, void *h)
{
    VALUE old = hash_lookup((VALUE)h, key);
    if (old != Qundef) val = vm_yield_values(3, key, old, val);
    hash_aset((VALUE)h, key, val);
    return HASH_CONTINUE;
}

static VALUE hash_update(VALUE self, int argc, const VALUE *argv)
{
    VALUE other = to_hash(argv[0]);
    if (hash_size(other) > 0) hash_modify(self);   /* 1.8.7: merge!({}) of a frozen Hash is no error */
    hash_foreach(other, vm_block_given() ? update_block_i : update_i, (void *)self);
    return self;
}

static VALUE hash_merge(VALUE self, int argc, const VALUE *argv)
{
    return hash_update(obj_dup(self), argc, argv);
}

/* ------------------------------------------------------------ comparing, hashing */
struct equal_arg { VALUE other; bool eql, result; };

static enum hash_iter equal_i(VALUE key, VALUE val, void *p)
{
    struct equal_arg *a = p;
    VALUE v2 = hash_lookup(a->other, key);
    if (v2 == Qundef || !(a->eql ? obj_eql(val, v2) : obj_equal(val, v2))) {
        a->result = false;
        return HASH_STOP;
    }
    return HASH_CONTINUE;
}

static VALUE equal_body(VALUE hash, VALUE p, bool recursive)
{
    struct equal_arg *a = (struct equal_arg *)p;
    if (!recursive) hash_foreach(hash, equal_i, a);
    return Qnil;
}

static VALUE hash_equal(VALUE self, VALUE other, bool eql)
{
    if (self == other) return Qtrue;
    if (!HASH_P(other)) {
        if (!vm_respond_to(other, ID_to_hash, false)) return Qfalse;
        return BOOL2V(obj_equal(other, self));
    }
    if (hash_size(self) != hash_size(other)) return Qfalse;
    struct equal_arg a = { other, eql, true };
    hash_exec_recursive(equal_body, self, (VALUE)&a, eql ? "eql?" : "==");
    return BOOL2V(a.result);
}

static VALUE hash_eq(VALUE self, int argc, const VALUE *argv) { return hash_equal(self, argv[0], false); }
static VALUE hash_eql(VALUE self, int argc, const VALUE *argv) { return hash_equal(self, argv[0], true); }

static enum hash_iter hash_i(VALUE key, VALUE val, void *p)
{
    unsigned long *h = p;
    /* xor keeps the result independent of the order */
    *h ^= (unsigned long)obj_hash(key) * 31 + (unsigned long)obj_hash(val);
    return HASH_CONTINUE;
}

static VALUE hash_body(VALUE hash, VALUE arg, bool recursive)
{
    if (recursive) return INT2FIX(0);
    unsigned long h = (unsigned long)hash_size(hash);
    hash_foreach(hash, hash_i, &h);
    return INT2FIX((long)(h >> 1));
}

static VALUE hash_hash_m(VALUE self, int argc, const VALUE *argv)
{
    return hash_exec_recursive(hash_body, self, Qnil, "hash");
}

/* ------------------------------------------------------------ strings */
static enum hash_iter inspect_i(VALUE key, VALUE val, void *p)
{
    VALUE str = (VALUE)p;
    if (RSTRING_LEN(str) > 1) str_cat(str, ", ", 2);
    str_append(str, obj_inspect(key));
    str_cat(str, "=>", 2);
    str_append(str, obj_inspect(val));
    return HASH_CONTINUE;
}

static VALUE inspect_body(VALUE hash, VALUE arg, bool recursive)
{
    if (recursive) return str_new_cstr("{...}");
    VALUE str = str_new_cstr("{");
    hash_foreach(hash, inspect_i, (void *)str);
    str_cat(str, "}", 1);
    return obj_infect(str, hash);
}

static VALUE hash_inspect(VALUE self, int argc, const VALUE *argv)
{
    if (hash_size(self) == 0) return str_new_cstr("{}");
    return hash_exec_recursive(inspect_body, self, Qnil, "inspect");
}

static VALUE to_s_body(VALUE hash, VALUE arg, bool recursive)
{
    if (recursive) return str_new_cstr("{...}");
    return ary_to_s(hash_to_a(hash));
}

/* 1.8: the pairs joined, {"a"=>1}.to_s == "a1" */
static VALUE hash_to_s(VALUE self, int argc, const VALUE *argv)
{
    return hash_exec_recursive(to_s_body, self, Qnil, "inspect");
}

/* ------------------------------------------------------------ init */
void hash_init(void)
{
    VALUE c = vm.c.Hash = class_define("Hash", vm.c.Object);
    class_set_allocator(c, hash_alloc);
    module_include(c, vm.c.Enumerable);
    define_singleton_method(c, "[]", hash_s_create, -1);
    define_private_method(c, "initialize", hash_initialize, -1);
    define_private_method(c, "initialize_copy", hash_replace, 1);
    define_method(c, "rehash", hash_rehash, 0);
    define_method(c, "to_hash", hash_to_hash, 0);
    define_method(c, "to_a", hash_to_a_m, 0);
    define_method(c, "to_s", hash_to_s, 0);
    define_method(c, "inspect", hash_inspect, 0);
    define_method(c, "==", hash_eq, 1);
    define_method(c, "eql?", hash_eql, 1);
    define_method(c, "hash", hash_hash_m, 0);
    define_method(c, "[]", hash_aref_m, 1);
    define_method(c, "[]=", hash_aset_m, 2);
    define_method(c, "store", hash_aset_m, 2);
    define_method(c, "fetch", hash_fetch, -1);
    define_method(c, "default", hash_default_m, -1);
    define_method(c, "default=", hash_set_default, 1);
    define_method(c, "default_proc", hash_default_proc, 0);
    define_method(c, "index", hash_key, 1);
    define_method(c, "key", hash_key, 1);
    define_method(c, "indexes", hash_indexes, -1);
    define_method(c, "indices", hash_indexes, -1);
    define_method(c, "size", hash_size_m, 0);
    define_method(c, "length", hash_size_m, 0);
    define_method(c, "empty?", hash_empty_p, 0);
    define_method(c, "each", hash_each, 0);
    define_method(c, "each_pair", hash_each_pair, 0);
    define_method(c, "each_key", hash_each_key, 0);
    define_method(c, "each_value", hash_each_value, 0);
    define_method(c, "sort", hash_sort, 0);
    define_method(c, "keys", hash_keys_m, 0);
    define_method(c, "values", hash_values_m, 0);
    define_method(c, "values_at", hash_values_at, -1);
    define_method(c, "shift", hash_shift, 0);
    define_method(c, "delete", hash_delete_m, 1);
    define_method(c, "delete_if", hash_delete_if, 0);
    define_method(c, "select", hash_select, -1);
    define_method(c, "reject", hash_reject, 0);
    define_method(c, "reject!", hash_reject_bang, 0);
    define_method(c, "clear", hash_clear_m, 0);
    define_method(c, "invert", hash_invert, 0);
    define_method(c, "update", hash_update, 1);
    define_method(c, "merge!", hash_update, 1);
    define_method(c, "merge", hash_merge, 1);
    define_method(c, "replace", hash_replace, 1);
    define_method(c, "include?", hash_has_key, 1);
    define_method(c, "member?", hash_has_key, 1);
    define_method(c, "has_key?", hash_has_key, 1);
    define_method(c, "key?", hash_has_key, 1);
    define_method(c, "has_value?", hash_has_value, 1);
    define_method(c, "value?", hash_has_value, 1);
}
