/* algorithms.c: the digests of Ruby 1.8.7, as subclasses of Digest::Base
 * computed by nettle, one require name each as in 1.8.7:
 *   require 'digest/md5'     Digest::MD5      (16-byte digest, 64-byte block)
 *   require 'digest/sha1'    Digest::SHA1     (20, 64)
 *   require 'digest/sha2'    Digest::SHA256 (32, 64), SHA384 (48, 128),
 *                            SHA512 (64, 128), and Digest::SHA2.new(bitlen
 *                            = 256), a Digest::Class over one of them
 *   require 'digest/rmd160'  Digest::RMD160   (20, 64), nettle's RIPEMD-160
 * Each requires 'digest' first.
 */
#include "digest_int.h"

void ext_digest_md5_init(void);
void ext_digest_sha1_init(void);
void ext_digest_sha2_init(void);
void ext_digest_rmd160_init(void);

static VALUE define_algorithm(const char *name, const struct nettle_hash *algo)
{
    vm_require("digest");
    VALUE c = class_define_under(mDigest, name, cDigestBase);
    digest_define_algorithm(c, algo);
    return c;
}

void ext_digest_md5_init(void) { define_algorithm("MD5", &nettle_md5); }
void ext_digest_sha1_init(void) { define_algorithm("SHA1", &nettle_sha1); }
void ext_digest_rmd160_init(void) { define_algorithm("RMD160", &nettle_ripemd160); }

/* ------------------------------------------------------------ Digest::SHA2 */
static ID id_sha2, id_bitlen;

static VALUE inner(VALUE self) { return ivar_get(self, id_sha2); }

static VALUE sha2_initialize(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    VALUE bitlen = argc > 0 ? argv[0] : INT2FIX(256);
    const char *name = NULL;
    if (FIXNUM_P(bitlen)) {
        switch (FIX2LONG(bitlen)) {
        case 256: name = "SHA256"; break;
        case 384: name = "SHA384"; break;
        case 512: name = "SHA512"; break;
        }
    }
    if (!name) {
        VALUE desc = obj_inspect(bitlen);
        exc_raise(core_classes->ArgumentError, "unsupported bit length: %s", RSTRING_PTR(desc));
    }
    VALUE klass = const_get(mDigest, sym_intern_cstr(name));
    ivar_set(self, id_sha2, class_new_instance(klass, 0, NULL));
    ivar_set(self, id_bitlen, bitlen);
    return self;
}

static VALUE sha2_reset(VALUE self, int argc, const VALUE *argv)
{
    vm_call0(inner(self), sym_intern_cstr("reset"));
    return self;
}

static VALUE sha2_update(VALUE self, int argc, const VALUE *argv)
{
    vm_call1(inner(self), sym_intern_cstr("update"), argv[0]);
    return self;
}

static VALUE sha2_finish(VALUE self, int argc, const VALUE *argv)
{
    return vm_call0(inner(self), sym_intern_cstr("digest!"));
}

static VALUE sha2_block_length(VALUE self, int argc, const VALUE *argv)
{
    return vm_call0(inner(self), sym_intern_cstr("block_length"));
}

static VALUE sha2_digest_length(VALUE self, int argc, const VALUE *argv)
{
    return vm_call0(inner(self), sym_intern_cstr("digest_length"));
}

static VALUE sha2_init_copy(VALUE self, int argc, const VALUE *argv)
{
    obj_init_copy(self, argv[0]);
    ivar_set(self, id_sha2, obj_clone(inner(argv[0])));
    ivar_set(self, id_bitlen, ivar_get(argv[0], id_bitlen));
    return self;
}

static VALUE sha2_inspect(VALUE self, int argc, const VALUE *argv)
{
    VALUE hex = vm_call0(self, sym_intern_cstr("hexdigest"));
    return str_new_fmt("#<%s:%ld %s>", obj_classname(self), num_to_long(ivar_get(self, id_bitlen)),
                       RSTRING_PTR(conv_to_str(hex)));
}

void ext_digest_sha2_init(void)
{
    define_algorithm("SHA256", &nettle_sha256);
    define_algorithm("SHA384", &nettle_sha384);
    define_algorithm("SHA512", &nettle_sha512);
    id_sha2 = sym_intern_cstr("@sha2");
    id_bitlen = sym_intern_cstr("@bitlen");
    VALUE c = class_define_under(mDigest, "SHA2", cDigestClass);
    define_method(c, "initialize", sha2_initialize, -1);
    define_method(c, "initialize_copy", sha2_init_copy, 1);
    define_method(c, "reset", sha2_reset, 0);
    define_method(c, "update", sha2_update, 1);
    define_method(c, "<<", sha2_update, 1);
    define_private_method(c, "finish", sha2_finish, 0);
    define_method(c, "block_length", sha2_block_length, 0);
    define_method(c, "digest_length", sha2_digest_length, 0);
    define_method(c, "inspect", sha2_inspect, 0);
}
