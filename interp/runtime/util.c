/* util.c: checked allocation.  Out of memory in malloc is reported by the
   GC layer as NoMemoryError when it can; here we can only give up. */
#include <malloc.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
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

#define HUGE_MIN ((size_t)4 << 20)
#define TRIM_MIN ((size_t)32 << 20)

/* Blocks of HUGE_MIN or more are glibc's own mappings (mmap, and mremap
   when they grow), advised as transparent huge pages before they are
   written: one page fault a 2 MB page where there were 512, and a fault
   is dear on virtual machines (array.rb: 62,000 faults, 0.44 s of its
   1.5 s in the kernel).  glibc's threshold would move to the size of the
   last mapping freed, after which big blocks come from its heap and grow
   by copying into fresh pages; a heap top under TRIM_MIN is kept. */
static uintptr_t page_size;

void xalloc_init(void)
{
    page_size = (uintptr_t)sysconf(_SC_PAGESIZE);
    mallopt(M_MMAP_THRESHOLD, (int)HUGE_MIN);
    mallopt(M_TRIM_THRESHOLD, (int)TRIM_MIN);
}

/* The advice covers the block's whole mapping: advice on part of it
   would split it in two or three, and mremap moves only one. */
static void *advise_huge(void *p, size_t n)
{
    if (n >= HUGE_MIN && page_size) {
        uintptr_t lo = (uintptr_t)p & ~(page_size - 1);
        uintptr_t hi = ((uintptr_t)p + n + page_size - 1) & ~(page_size - 1);
        madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
    }
    return p;
}

void *xmalloc(size_t n)
{
    void *p = n <= mr_alloc_limit ? malloc(n ? n : 1) : NULL;
    if (!p) out_of_memory(n);
    return advise_huge(p, n);
}

void *xcalloc(size_t n, size_t size)
{
    void *p = size && n > mr_alloc_limit / size ? NULL : calloc(n ? n : 1, size ? size : 1);
    if (!p) out_of_memory(n * size);
    return advise_huge(p, n * size);
}

void *xrealloc(void *p, size_t n)
{
    if (n > mr_alloc_limit) out_of_memory(n);
    /* a block growing past HUGE_MIN is copied into pages advised first */
    size_t had = p && n >= HUGE_MIN ? malloc_usable_size(p) : HUGE_MIN;
    if (had < HUGE_MIN) {
        void *q = xmalloc(n);
        memcpy(q, p, had);
        free(p);
        return q;
    }
    void *q = realloc(p, n ? n : 1);
    if (!q) out_of_memory(n);
    return advise_huge(q, n);
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
