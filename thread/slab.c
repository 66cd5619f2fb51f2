/* slab.c: size classes of 16 bytes up to SLAB_MAX, carved from 2 MB
 * chunks and kept on a free list per class when freed (see slab.h).
 *
 * The first chunks are ordinary pages, made resident a little ahead of
 * the carving (POPULATE_AHEAD), so that a program of a few threads costs
 * what it uses; from the third on a
 * chunk is advised as a transparent huge page, one fault for 2 MB.  (From
 * the second on, 10,000 hackysack.rb players took 6% less time, but a
 * program whose records creep past 2 MB grew by a whole huge page at once:
 * soak_threads.rb's peak RSS, 9.6 MB, by 21% in its last quarter.)
 * Memory freed stays in its class for the next block of that size: the
 * records of a burst of threads are mostly of a few sizes, and a burst is
 * often followed by another.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include "slab.h"
#include "instrument.h"

#define GRAIN 16
#define CLASSES (SLAB_MAX / GRAIN)
#define CHUNK (2 * 1024 * 1024)
#define SMALL_CHUNKS 2
/* A small chunk's pages are made resident this many bytes ahead of the
   carving, in one system call each time (slab_populate): a page fault
   each took 11 us on the virtual machine measured, populating 16 pages at
   once and then touching them 6 us a page.  The chunk's resident size
   runs at most this much ahead of what it handed out. */
#define POPULATE_AHEAD (64 * 1024)

static struct {
    void *free[CLASSES + 1];     /* by class: freed blocks, linked through their first word */
    char *next, *end;            /* the chunk being carved */
    char *populated;             /* its pages below this are resident (or huge) */
    size_t chunks;
    size_t in_use;               /* bytes of the blocks handed out and not freed */
    int checked;                 /* -1 not known yet, else MALLOC_CHECKED() */
} A = { .checked = -1 };

static __attribute__((noreturn)) void out_of_memory(void)
{
    static const char msg[] = "miniruby: out of memory for thread records and object bodies\n";
    if (write(2, msg, sizeof msg - 1) < 0) { /* nothing more to do */ }
    abort();
}

static bool use_malloc(size_t n)
{
    if (A.checked < 0) A.checked = MALLOC_CHECKED() ? 1 : 0;
    return A.checked || n > SLAB_MAX;
}

static size_t class_of(size_t n) { return n ? (n + GRAIN - 1) / GRAIN : 1; }

void *slab_map_aligned(size_t len, size_t align)
{
    size_t span = len + align;
    char *m = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) return NULL;
    char *a = (char *)(((uintptr_t)m + align - 1) & ~(uintptr_t)(align - 1));
    if (a > m) munmap(m, (size_t)(a - m));
    if (a + len < m + span) munmap(a + len, (size_t)(m + span - (a + len)));
    return a;
}

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif
void slab_populate(void *p, size_t len)
{
    static bool unsupported;
    if (!unsupported && madvise(p, len, MADV_POPULATE_WRITE) != 0 && errno == EINVAL) unsupported = true;
}

/* A chunk aligned to its size, so that a huge page can back it.  Its
   first block starts a colour of its own into it: the first blocks made
   are the hottest (the main script's variables), and at the chunk's
   start they shared the cache sets of every 2 MB-aligned mapping (huge
   object heap chunks, big arrays); hash.rb ran 7 to 10% slower. */
static void new_chunk(void)
{
    char *a = slab_map_aligned(CHUNK, CHUNK);
    if (!a) out_of_memory();
    bool huge = A.chunks++ >= SMALL_CHUNKS;
    if (huge) madvise(a, CHUNK, MADV_HUGEPAGE);
    A.next = a + (A.chunks * 17 % 64) * 64;
    A.end = a + CHUNK;
    /* a huge page's first touch faults in all of it: populated, it took
       longer (7.6 us a 4 KB page against 6) */
    A.populated = huge ? A.end : a;
}

/* The carving passed what is resident: the next pages, at once. */
static void populate_ahead(void)
{
    char *to = A.populated + POPULATE_AHEAD;
    while (to < A.next) to += POPULATE_AHEAD;
    if (to > A.end) to = A.end;
    slab_populate(A.populated, (size_t)(to - A.populated));
    A.populated = to;
}

void *slab_alloc(size_t n)
{
    if (use_malloc(n)) {
        void *p = malloc(n ? n : 1);
        if (!p) out_of_memory();
        return p;
    }
    size_t c = class_of(n), size = c * GRAIN;
    A.in_use += size;
    void *p = A.free[c];
    if (p) {
        A.free[c] = *(void **)p;
        return p;
    }
    if ((size_t)(A.end - A.next) < size) new_chunk();
    p = A.next;
    A.next += size;
    if (A.next > A.populated) populate_ahead();
    return p;
}

size_t slab_in_use(void) { return A.in_use; }

void *slab_calloc(size_t n)
{
    void *p = slab_alloc(n);
    memset(p, 0, n);
    return p;
}

void slab_free(void *p, size_t n)
{
    if (!p) return;
    if (use_malloc(n)) {
        free(p);
        return;
    }
    size_t c = class_of(n);
    A.in_use -= c * GRAIN;
    *(void **)p = A.free[c];
    A.free[c] = p;
}

void *slab_realloc(void *p, size_t old_n, size_t n)
{
    if (!p) return slab_alloc(n);
    if (!use_malloc(old_n) && !use_malloc(n) && class_of(old_n) == class_of(n)) return p;
    if (use_malloc(old_n) && use_malloc(n)) {
        void *q = realloc(p, n ? n : 1);
        if (!q) out_of_memory();
        return q;
    }
    void *q = slab_alloc(n);
    memcpy(q, p, old_n < n ? old_n : n);
    slab_free(p, old_n);
    return q;
}
