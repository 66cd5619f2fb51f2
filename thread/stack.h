/* stack.h: C stacks for green threads, from a pool (stack.c). */
#ifndef MR_STACK_H
#define MR_STACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

void stack_pool_init(void);
/* A stack: its usable range [*lo, *lo + *size).  NULL when the address
   space is exhausted.  *guarded tells whether a guard page lies below it
   (otherwise its canary must be checked when it is switched out). */
void *stack_alloc(char **lo, size_t *size, bool *guarded, const uint64_t **canary_below);
/* Give the deep pages of a stack back to the kernel: all of them when it
   went deep, else those of its shallow part, the top STACK_SHALLOW bytes
   (an madvise of 8 MB walks the page tables of all of it, and was half
   the cost of a short-lived thread).  The embedder's stack checks say
   which: C code that goes deeper without one leaves those pages to the
   slot's next thread.  A dying thread calls it on its own stack (on_it),
   in the top page by then, and clears what it can of that page; the
   result is where stack_release, called once nothing runs on the stack,
   must clear from. */
#define STACK_SHALLOW (128 * 1024)
char *stack_retire(void *stack, bool on_it, bool went_deep);
void stack_release(void *stack, char *cleared_below);
/* An unguarded stack has not run into the slot below it while its
   canary, at the top of that slot, is intact: stack_alloc gives the words
   to check (*canary_below; NULL: a guard page is below). */
#define STACK_CANARY 0x5ca1ab1e0ddba11ull
#define STACK_CANARY_WORDS 4
static inline bool stack_canary_intact(const uint64_t *w)
{
    return w[0] == STACK_CANARY && w[STACK_CANARY_WORDS - 1] == STACK_CANARY;
}
/* A SIGSEGV on a guard page (of a pool stack, or below the main stack,
   whose lowest address is main_lo) ends the process with a message
   instead of a plain crash.  Installed once, on an alternate stack. */
void stack_guard_handler_install(const char *main_lo);

#endif
