/* util.c: checked allocation.  Out of memory in malloc is reported by the
   GC layer as NoMemoryError when it can; here we can only give up. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ruby/util.h"

void (*mr_out_of_memory_hook)(size_t);
/* Larger requests fail at once: no object may exceed PTRDIFF_MAX (malloc
   would fail anyway; Valgrind reports the attempt), less under gc_set_limit. */
size_t mr_alloc_limit = PTRDIFF_MAX;

static NORETURN void out_of_memory(size_t n)
{
    if (mr_out_of_memory_hook) mr_out_of_memory_hook(n);
    fprintf(stderr, "miniruby: failed to allocate memory (%zu bytes)\n", n);
    exit(1);
}

void *xmalloc(size_t n)
{
    void *p = n <= mr_alloc_limit ? malloc(n ? n : 1) : NULL;
    if (!p) out_of_memory(n);
    return p;
}

void *xcalloc(size_t n, size_t size)
{
    void *p = size && n > mr_alloc_limit / size ? NULL : calloc(n ? n : 1, size ? size : 1);
    if (!p) out_of_memory(n * size);
    return p;
}

void *xrealloc(void *p, size_t n)
{
    if (n > mr_alloc_limit) out_of_memory(n);
    void *q = realloc(p, n ? n : 1);
    if (!q) out_of_memory(n);
    return q;
}

char *xstrndup(const char *s, size_t n)
{
    char *p = xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

void mr_bug(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("[BUG] ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    abort();
}
