/* slab.h: memory for the records a program keeps one of per thread (its
 * Thread, its spilled stack, the roots the collector remembers for it,
 * and the bodies of its Proc and environments: gc_body_alloc), in size
 * classes carved from chunks of huge pages (slab.c).
 *
 * A million parked threads are three million such records: through
 * malloc, each was a 16-byte header more and every 4 KB page of them a
 * page fault, 5 to 14 us on the virtual machines measured, most of
 * hackysack.rb's time.  A block has no header: whoever frees it says its
 * size.  Blocks above SLAB_MAX bytes are malloc's.  Under AddressSanitizer
 * and Valgrind every block is malloc's, so that they keep checking them.
 */
#ifndef MR_SLAB_H
#define MR_SLAB_H

#include <stddef.h>

#define SLAB_MAX 2048

/* n bytes, 16-byte aligned, never NULL: out of memory ends the process. */
void *slab_alloc(size_t n);
void *slab_calloc(size_t n);
/* p, n bytes, is freed; a NULL p is not. */
void slab_free(void *p, size_t n);
void *slab_realloc(void *p, size_t old_n, size_t n);
/* Bytes of the blocks handed out and not freed, by their size classes (0
   while every block is malloc's).  A freed block stays in its class's
   free list, resident, but is not counted: the next block of its size
   takes it. */
size_t slab_in_use(void);

/* A private anonymous read-write mapping of len bytes at a multiple of
   align (a power of two, a multiple of the page size), so that huge pages
   can back it (here and in the object heap).  NULL when mmap fails. */
void *slab_map_aligned(size_t len, size_t align);

/* Pages about to be written, [p, p + len) page-aligned, made resident in
   one system call (MADV_POPULATE_WRITE, Linux 5.14; without it they fault
   in one by one as before).  A page fault costs 13 us on the virtual
   machines measured, where populating 16 pages at once costs 9 us a page,
   and the first touch of a stack slot's top page 46 us against 8. */
void slab_populate(void *p, size_t len);

#endif
