/* digest.c: require 'digest', the framework of Ruby 1.8.7's Digest.
 *
 *   Digest.hexencode(str)
 *   Digest::Instance (a module): update/<<, finish (private) and reset
 *     are what an implementation provides (else RuntimeError "Foo does
 *     not implement update()"); on top of them new, digest(str = nil),
 *     digest!, hexdigest(str = nil), hexdigest!, to_s, inspect
 *     ("#<Digest::MD5: 9e10...>"), == (another digest, or a String
 *     compared with the hex digest, as 1.8.7), digest_length,
 *     length/size, block_length, file(name)
 *   Digest::Class (includes Instance): Class.digest(str, *args),
 *     hexdigest(str, *args), file(name, *args); subclass it to write a
 *     digest in Ruby
 *   Digest::Base (< Class): the algorithms written in C (nettle);
 *     Digest::Base itself is abstract, and a Ruby subclass of it that is
 *     not a subclass of an algorithm cannot be instantiated, as in 1.8.7
 *   Digest.const_missing loads digest/md5, digest/sha1, digest/sha2 or
 *     digest/rmd160 for Digest::MD5 ... as 1.8.7's lib/digest.rb does.
 *
 * The algorithms are in algorithms.c.
 */
#include <stdlib.h>
#include <string.h>
#include "digest_int.h"

void ext_digest_init(void);

VALUE mDigest, mDigestInstance, cDigestClass, cDigestBase;
static ID id_update, id_finish, id_reset, id_digest, id_hexdigest, id_digest_length, id_algo;

/* ------------------------------------------------------------ Digest */
VALUE digest_hexencode(VALUE str)
{
    static const char hex[] = "0123456789abcdef";
    str = conv_to_str(str);
    long n = RSTRING_LEN(str);
    VALUE out = str_new(NULL, n * 2);
    const unsigned char *p = (const unsigned char *)RSTRING_PTR(str);
    char *q = RSTRING_PTR(out);
    for (long i = 0; i < n; i++) {
        q[2 * i] = hex[p[i] >> 4];
        q[2 * i + 1] = hex[p[i] & 15];
    }
    GC_GUARD(str);
    return out;
}

static VALUE dg_s_hexencode(VALUE self, int argc, const VALUE *argv) { return digest_hexencode(argv[0]); }

static VALUE require_lib(VALUE lib)
{
    vm_require(str_cstr(lib));
    return Qtrue;
}

static VALUE require_failed(VALUE arg, VALUE exc) { return Qfalse; }

/* Digest::SHA256 and friends load their library on first use. */
static VALUE dg_s_const_missing(VALUE self, int argc, const VALUE *argv)
{
    ID name = conv_to_id(argv[0]);
    const char *n = sym_name(name);
    VALUE lib;
    if (!strcmp(n, "SHA256") || !strcmp(n, "SHA384") || !strcmp(n, "SHA512")) {
        lib = str_new_cstr("digest/sha2");
    } else {
        lib = vm_call0(str_new_cstr(n), sym_intern_cstr("downcase"));
        lib = str_plus(str_new_cstr("digest/"), lib);
    }
    VALUE loaded = vm_rescue(require_lib, lib, require_failed, Qnil, core_classes->LoadError);
    if (!RTEST(loaded)) exc_raise(core_classes->LoadError, "library not found for class Digest::%s -- %s", n, RSTRING_PTR(lib));
    VALUE v = const_get_at(mDigest, name);
    if (v == Qundef) exc_name_error(name, "uninitialized constant Digest::%s", n);
    return v;
}

/* ------------------------------------------------------------ Instance */
NORETURN static void unimplemented(VALUE self, const char *meth)
{
    exc_raise(core_classes->RuntimeError, "%s does not implement %s()", obj_classname(self), meth);
}

static VALUE inst_update(VALUE self, int argc, const VALUE *argv) { unimplemented(self, "update"); }
static VALUE inst_finish(VALUE self, int argc, const VALUE *argv) { unimplemented(self, "finish"); }
static VALUE inst_reset(VALUE self, int argc, const VALUE *argv) { unimplemented(self, "reset"); }
static VALUE inst_block_length(VALUE self, int argc, const VALUE *argv) { unimplemented(self, "block_length"); }

static VALUE inst_new(VALUE self, int argc, const VALUE *argv)
{
    VALUE copy = obj_clone(self);
    vm_call0(copy, id_reset);
    return copy;
}

/* digest(str): of str alone, the state reset after; digest(): of what
   was given so far, on a copy (the state is kept). */
static VALUE inst_digest(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    if (argc == 0) return vm_call0(obj_clone(self), id_finish);
    vm_call0(self, id_reset);
    vm_call1(self, id_update, argv[0]);
    VALUE value = vm_call0(self, id_finish);
    vm_call0(self, id_reset);
    return value;
}

static VALUE inst_digest_bang(VALUE self, int argc, const VALUE *argv)
{
    VALUE value = vm_call0(self, id_finish);
    vm_call0(self, id_reset);
    return value;
}

static VALUE inst_hexdigest(VALUE self, int argc, const VALUE *argv)
{
    return digest_hexencode(inst_digest(self, argc, argv));
}

static VALUE inst_hexdigest_bang(VALUE self, int argc, const VALUE *argv)
{
    return digest_hexencode(inst_digest_bang(self, 0, NULL));
}

static VALUE inst_to_s(VALUE self, int argc, const VALUE *argv) { return inst_hexdigest(self, 0, NULL); }

static VALUE inst_inspect(VALUE self, int argc, const VALUE *argv)
{
    VALUE hex = inst_hexdigest(self, 0, NULL);
    return str_new_fmt("#<%s: %s>", obj_classname(self), RSTRING_PTR(hex));
}

static VALUE inst_equal(VALUE self, int argc, const VALUE *argv)
{
    VALUE other = argv[0], a, b;
    if (obj_is_kind_of(other, mDigestInstance)) {
        a = inst_digest(self, 0, NULL);
        b = vm_call0(other, id_digest);
    } else {
        a = inst_to_s(self, 0, NULL);
        b = other;                    /* 1.8.7: anything else must be a String */
    }
    return BOOL2V(str_equal(conv_to_str(a), conv_to_str(b)));
}

static VALUE inst_digest_length(VALUE self, int argc, const VALUE *argv)
{
    VALUE d = conv_to_str(vm_call0(self, id_digest));
    return int_new(RSTRING_LEN(d));
}

static VALUE inst_length(VALUE self, int argc, const VALUE *argv) { return vm_call0(self, id_digest_length); }

/* update with the file's bytes, 16 KB at a time */
static VALUE file_body(VALUE args)
{
    VALUE self = RARRAY_PTR(args)[0], f = RARRAY_PTR(args)[1];
    VALUE chunk;
    while (!NIL_P(chunk = vm_call1(f, ID_read, INT2FIX(16384)))) vm_call1(self, id_update, chunk);
    return self;
}

static VALUE file_close(VALUE f) { return vm_call0(f, sym_intern_cstr("close")); }

static VALUE inst_file(VALUE self, int argc, const VALUE *argv)
{
    VALUE fargs[2] = { conv_to_str(argv[0]), str_new_cstr("rb") };
    VALUE f = vm_call(core_classes->File, sym_intern_cstr("open"), 2, fargs);
    vm_ensure(file_body, ary_new_of(2, self, f), file_close, f);
    return self;
}

/* ------------------------------------------------------------ Class */
static VALUE cls_s_digest(VALUE klass, int argc, const VALUE *argv)
{
    if (argc < 1) exc_raise(core_classes->ArgumentError, "no data given");
    VALUE obj = class_new_instance(klass, argc - 1, argv + 1);
    return vm_call1(obj, id_digest, argv[0]);
}

static VALUE cls_s_hexdigest(VALUE klass, int argc, const VALUE *argv)
{
    return digest_hexencode(vm_call(klass, id_digest, argc, argv));
}

static VALUE cls_s_file(VALUE klass, int argc, const VALUE *argv)
{
    if (argc < 1) exc_arity(argc, 1, -1);
    VALUE obj = class_new_instance(klass, argc - 1, argv + 1);
    return inst_file(obj, 1, argv);
}

/* ------------------------------------------------------------ Base */
struct base {
    const struct nettle_hash *algo;
    uint8_t ctx[];      /* algo->context_size bytes */
};

static const struct data_type base_type = { "Digest::Base", NULL, free, NULL };
static const struct data_type algo_type = { "Digest::Base metadata", NULL, NULL, NULL };

void digest_define_algorithm(VALUE klass, const struct nettle_hash *algo)
{
    ivar_set(klass, id_algo, data_new(core_classes->Data, &algo_type, (void *)algo));
}

/* The algorithm of klass or of the nearest superclass that has one. */
static const struct nettle_hash *algorithm_of(VALUE klass)
{
    for (VALUE k = klass; !NIL_P(k); k = class_superclass(k)) {
        VALUE meta = ivar_lookup(k, id_algo);
        if (meta != Qundef) return data_get(meta, &algo_type);
    }
    exc_raise(core_classes->RuntimeError, "Digest::Base cannot be directly inherited in Ruby");
}

static VALUE base_alloc(VALUE klass)
{
    if (klass == cDigestBase) exc_raise(core_classes->NotImplementedError, "Digest::Base is an abstract class");
    const struct nettle_hash *algo = algorithm_of(klass);
    struct base *b = xcalloc(1, sizeof *b + algo->context_size);
    b->algo = algo;
    algo->init(b->ctx);
    return data_new(klass, &base_type, b);
}

static struct base *base_get(VALUE self) { return data_get(self, &base_type); }

static VALUE base_init_copy(VALUE self, int argc, const VALUE *argv)
{
    if (self == argv[0]) return self;
    obj_check_frozen(self);
    struct base *dst = base_get(self), *src = base_get(argv[0]);
    if (dst->algo != src->algo) exc_raise(core_classes->TypeError, "different algorithms");
    memcpy(dst->ctx, src->ctx, src->algo->context_size);
    return self;
}

static VALUE base_reset(VALUE self, int argc, const VALUE *argv)
{
    struct base *b = base_get(self);
    b->algo->init(b->ctx);
    return self;
}

static VALUE base_update(VALUE self, int argc, const VALUE *argv)
{
    struct base *b = base_get(self);
    VALUE str = conv_to_str(argv[0]);
    b->algo->update(b->ctx, (size_t)RSTRING_LEN(str), (const uint8_t *)RSTRING_PTR(str));
    GC_GUARD(str);
    return self;
}

/* nettle's digest functions reset the context after. */
static VALUE base_finish(VALUE self, int argc, const VALUE *argv)
{
    struct base *b = base_get(self);
    VALUE out = str_new(NULL, b->algo->digest_size);
    b->algo->digest(b->ctx, b->algo->digest_size, (uint8_t *)RSTRING_PTR(out));
    return out;
}

static VALUE base_digest_length(VALUE self, int argc, const VALUE *argv) { return INT2FIX(base_get(self)->algo->digest_size); }
static VALUE base_block_length(VALUE self, int argc, const VALUE *argv) { return INT2FIX(base_get(self)->algo->block_size); }

/* ------------------------------------------------------------ init */
static void define_instance(VALUE m)
{
    define_method(m, "update", inst_update, 1);
    define_method(m, "<<", inst_update, 1);
    define_private_method(m, "finish", inst_finish, 0);
    define_method(m, "reset", inst_reset, 0);
    define_method(m, "new", inst_new, 0);
    define_method(m, "digest", inst_digest, -1);
    define_method(m, "digest!", inst_digest_bang, 0);
    define_method(m, "hexdigest", inst_hexdigest, -1);
    define_method(m, "hexdigest!", inst_hexdigest_bang, 0);
    define_method(m, "to_s", inst_to_s, 0);
    define_method(m, "inspect", inst_inspect, 0);
    define_method(m, "==", inst_equal, 1);
    define_method(m, "digest_length", inst_digest_length, 0);
    define_method(m, "length", inst_length, 0);
    define_method(m, "size", inst_length, 0);
    define_method(m, "block_length", inst_block_length, 0);
    define_method(m, "file", inst_file, 1);
}

static void define_base(VALUE c)
{
    class_set_allocator(c, base_alloc);
    define_method(c, "initialize_copy", base_init_copy, 1);
    define_method(c, "reset", base_reset, 0);
    define_method(c, "update", base_update, 1);
    define_method(c, "<<", base_update, 1);
    define_private_method(c, "finish", base_finish, 0);
    define_method(c, "digest_length", base_digest_length, 0);
    define_method(c, "block_length", base_block_length, 0);
}

void ext_digest_init(void)
{
    id_update = sym_intern_cstr("update");
    id_finish = sym_intern_cstr("finish");
    id_reset = sym_intern_cstr("reset");
    id_digest = sym_intern_cstr("digest");
    id_hexdigest = sym_intern_cstr("hexdigest");
    id_digest_length = sym_intern_cstr("digest_length");
    id_algo = sym_intern_cstr("__digest_algorithm__");   /* no @: hidden */
    mDigest = module_define("Digest");
    define_module_function(mDigest, "hexencode", dg_s_hexencode, 1);
    define_singleton_method(mDigest, "const_missing", dg_s_const_missing, 1);
    mDigestInstance = module_define_under(mDigest, "Instance");
    define_instance(mDigestInstance);
    cDigestClass = class_define_under(mDigest, "Class", core_classes->Object);
    module_include(cDigestClass, mDigestInstance);
    define_singleton_method(cDigestClass, "digest", cls_s_digest, -1);
    define_singleton_method(cDigestClass, "hexdigest", cls_s_hexdigest, -1);
    define_singleton_method(cDigestClass, "file", cls_s_file, -1);
    cDigestBase = class_define_under(mDigest, "Base", cDigestClass);
    define_base(cDigestBase);
}
