/* digest_int.h: what digest.c (the framework) and algorithms.c (the
 * algorithms on nettle) share. */
#ifndef MR_EXT_DIGEST_INT_H
#define MR_EXT_DIGEST_INT_H

#include <nettle/nettle-meta.h>
#include "ruby.h"

extern VALUE mDigest, mDigestInstance, cDigestClass, cDigestBase;
void ext_digest_init(void);
VALUE digest_hexencode(VALUE str);
/* klass (a subclass of Digest::Base) computes algo */
void digest_define_algorithm(VALUE klass, const struct nettle_hash *algo);

#endif
