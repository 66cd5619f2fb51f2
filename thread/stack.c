/* stack.c: C stacks for green threads.
 *
 * Stacks are carved out of large mmap regions (STACKS_PER_REGION each):
 * Linux allows about 65,530 mappings per process, so one mapping per stack
 * (and a guard page splitting it) could never reach 100,000 threads.  The
 * regions are reserved with MAP_NORESERVE and the kernel commits pages only
 * when a thread touches them.  Overflow is caught in software: Ruby code
 * checks the stack limit at every method and block entry.
 *
 * A dead thread's stack goes back to a free list, its deep pages returned
 * to the kernel (MADV_DONTNEED) so a burst of deep recursion does not pin
 * memory; the top pages stay committed for the next thread, the very top
 * one cleared.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "instrument.h"
#include "thread_impl.h"

#define STACKS_PER_REGION 64
#define KEEP_RESIDENT (16 * 1024)
#define PAGE 4096
#define DEFAULT_STACK_SIZE (8 * 1024 * 1024)
#define MIN_STACK_SIZE (64 * 1024)

static struct {
    size_t size;          /* bytes per stack */
    void **free;          /* free stacks (their base addresses) */
    size_t nfree, capa;
} pool;

static size_t parse_size(const char *s)
{
    char *end;
    double v = strtod(s, &end);
    if (end == s || v <= 0) return 0;
    switch (*end) {
    case 'k': case 'K': v *= 1024; break;
    case 'm': case 'M': v *= 1024 * 1024; break;
    case 'g': case 'G': v *= 1024.0 * 1024 * 1024; break;
    default: break;
    }
    return (size_t)v;
}

void stack_pool_init(void)
{
    const char *env = getenv("MINIRUBY_THREAD_STACK");
    size_t size = env ? parse_size(env) : 0;
    if (!size) size = DEFAULT_STACK_SIZE;
    if (size < MIN_STACK_SIZE) size = MIN_STACK_SIZE;
    pool.size = (size + 4095) & ~(size_t)4095;
}

size_t stack_default_size(void) { return pool.size; }

static void push_free(void *base)
{
    if (pool.nfree == pool.capa) {
        pool.capa = pool.capa ? pool.capa * 2 : 256;
        pool.free = xrealloc(pool.free, pool.capa * sizeof(void *));
    }
    pool.free[pool.nfree++] = base;
}

static bool add_region(void)
{
    size_t bytes = pool.size * STACKS_PER_REGION;
    char *mem = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (mem == MAP_FAILED) return false;
    /* hand out low addresses last so early threads sit together */
    for (int i = STACKS_PER_REGION - 1; i >= 0; i--) push_free(mem + (size_t)i * pool.size);
    return true;
}

/* A stack of *size bytes; NULL when the address space is exhausted. */
void *stack_alloc(size_t *size)
{
    if (!pool.nfree && !add_region()) return NULL;
    *size = pool.size;
    return pool.free[--pool.nfree];
}

void stack_release(void *base, size_t size)
{
    if (size > KEEP_RESIDENT) madvise(base, size - KEEP_RESIDENT, MADV_DONTNEED);
    /* The top page, where the next thread's frames will sit, is cleared:
       words left there (by a collection that ran on this stack, above
       all) would be taken for references in the next thread's frames and
       keep arbitrary objects alive.  Every thread touched it: no fault. */
    char *top = (char *)base + size - PAGE;
    STACK_UNPOISON(top, PAGE);   /* ASan and Valgrind still see the dead */
    STACK_FRESH(top, PAGE);      /* thread's frames there */
    memset(top, 0, PAGE);
    push_free(base);
}
