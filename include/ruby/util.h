/* util.h: allocation that never returns NULL, and small helpers. */
#ifndef MR_UTIL_H
#define MR_UTIL_H

#include <stddef.h>
#include "value.h"

/* glibc's settings for big blocks (util.c), before the first allocation */
void xalloc_init(void);
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrndup(const char *s, size_t n);
extern size_t mr_alloc_limit;     /* xmalloc of more fails at once (gc_set_limit) */
NORETURN void mr_bug(const char *fmt, ...) PRINTF(1, 2);   /* internal error: abort */

#ifdef MR_DEBUG
#define MR_ASSERT(c) ((c) ? (void)0 : mr_bug("assertion failed: %s (%s:%d)", #c, __FILE__, __LINE__))
#else
#define MR_ASSERT(c) ((void)0)
#endif

#define countof(a) (sizeof(a) / sizeof((a)[0]))

#endif
